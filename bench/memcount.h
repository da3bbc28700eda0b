/*
 * memcount.h: force-included (cc -include) into the library's sources for
 * the benchmark, so that every byte libmetad allocates is counted
 * (bench/memcount.c).
 */

#ifndef	MEMCOUNT_H
#define	MEMCOUNT_H

#include <stdlib.h>
#include <string.h>

extern void *mc_malloc(size_t);
extern void *mc_calloc(size_t, size_t);
extern void *mc_realloc(void *, size_t);
extern void mc_free(void *);
extern size_t mc_size(const void *);
extern char *mc_strdup(const char *);
extern char *mc_strndup(const char *, size_t);

#define	malloc(n)	mc_malloc(n)
#define	calloc(n, s)	mc_calloc(n, s)
#define	realloc(p, n)	mc_realloc(p, n)
#define	free(p)		mc_free(p)
#define	strdup(s)	mc_strdup(s)
#define	strndup(s, n)	mc_strndup(s, n)

#endif	/* MEMCOUNT_H */

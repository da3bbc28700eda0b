/*
 * failalloc.h: force-included (cc -include) into every source of the
 * allocation-failure build, so that each allocation of meta-d and libmetad
 * goes through tests/failalloc.c, which can make the N-th one fail.
 */

#ifndef	FAILALLOC_H
#define	FAILALLOC_H

#include <stdlib.h>
#include <string.h>

extern void *fa_malloc(size_t);
extern void *fa_calloc(size_t, size_t);
extern void *fa_realloc(void *, size_t);
extern void fa_free(void *);

#define	malloc(n)	fa_malloc(n)
#define	calloc(n, s)	fa_calloc(n, s)
#define	realloc(p, n)	fa_realloc(p, n)
#define	free(p)		fa_free(p)

#endif	/* FAILALLOC_H */

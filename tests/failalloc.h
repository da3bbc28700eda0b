/*
 * failalloc.h: force-included (cc -include) into every source of the
 * allocation-failure build, so that each allocation of meta-d and libmetad
 * goes through tests/failalloc.c, which can make the N-th one fail: malloc,
 * calloc, realloc, strdup, strndup and open_memstream, each function that
 * allocates which they call (Duktape's heap allocates through cli_js.c's
 * hooks, which call these).
 */

#ifndef	FAILALLOC_H
#define	FAILALLOC_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void *fa_malloc(size_t);
extern void *fa_calloc(size_t, size_t);
extern void *fa_realloc(void *, size_t);
extern void fa_free(void *);
extern char *fa_strdup(const char *);
extern char *fa_strndup(const char *, size_t);
extern FILE *fa_open_memstream(char **, size_t *);

#define	malloc(n)	fa_malloc(n)
#define	calloc(n, s)	fa_calloc(n, s)
#define	realloc(p, n)	fa_realloc(p, n)
#define	free(p)		fa_free(p)
#define	strdup(s)	fa_strdup(s)
#define	strndup(s, n)	fa_strndup(s, n)
#define	open_memstream(p, n)	fa_open_memstream(p, n)

#endif	/* FAILALLOC_H */

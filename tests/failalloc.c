/*
 * failalloc.c: allocations that fail on demand, for the allocation-failure
 * test (tests/failalloc.sh).
 *
 *	MD_FAILALLOC=N		the N-th allocation (from 1) returns NULL;
 *				0 or unset: none does
 *	MD_FAILALLOC_COUNT=F	at exit, write the number of allocations
 *				made to the file F
 *
 * Every source of meta-d and libmetad is compiled with failalloc.h, and
 * cJSON is given these functions as its hooks, so every allocation they
 * make is counted.  Only the N-th fails: the rest of the run shows how the
 * program recovers from it.
 */

#include <errno.h>
#include <stdio.h>

#include <cJSON.h>

#include "failalloc.h"

#undef	malloc
#undef	calloc
#undef	realloc
#undef	free
#undef	strdup
#undef	strndup
#undef	open_memstream

static unsigned long fa_count;
static unsigned long fa_failat;

static int
fa_fail(void)
{
	return (++fa_count == fa_failat);
}

void *
fa_malloc(size_t n)
{
	return (fa_fail() ? NULL : malloc(n));
}

void *
fa_calloc(size_t n, size_t s)
{
	return (fa_fail() ? NULL : calloc(n, s));
}

void *
fa_realloc(void *p, size_t n)
{
	return (fa_fail() ? NULL : realloc(p, n));
}

void
fa_free(void *p)
{
	free(p);
}

char *
fa_strdup(const char *s)
{
	if (fa_fail()) {
		errno = ENOMEM;
		return (NULL);
	}
	return (strdup(s));
}

char *
fa_strndup(const char *s, size_t n)
{
	if (fa_fail()) {
		errno = ENOMEM;
		return (NULL);
	}
	return (strndup(s, n));
}

FILE *
fa_open_memstream(char **bufp, size_t *lenp)
{
	if (fa_fail()) {
		errno = ENOMEM;
		return (NULL);
	}
	return (open_memstream(bufp, lenp));
}

static void
fa_report(void)
{
	const char *path = getenv("MD_FAILALLOC_COUNT");
	FILE *fp;

	if (path != NULL && (fp = fopen(path, "w")) != NULL) {
		(void) fprintf(fp, "%lu\n", fa_count);
		(void) fclose(fp);
	}
}

__attribute__((constructor)) static void
fa_init(void)
{
	static cJSON_Hooks hooks = { fa_malloc, fa_free };
	const char *n = getenv("MD_FAILALLOC");

	fa_failat = n == NULL ? 0 : strtoul(n, NULL, 10);
	cJSON_InitHooks(&hooks);
	(void) atexit(fa_report);
}

/*
 * memcount.c: the bytes libmetad and cJSON hold, exactly, and the most
 * they held at once.  Each block carries its size before it; the counts
 * are of what was asked for, not of what the allocator adds.
 */

#include <stddef.h>

#include "memcount.h"

#undef	malloc
#undef	calloc
#undef	realloc
#undef	free

size_t mc_live, mc_peak;

typedef union mc_block {
	size_t		mb_size;
	long double	mb_align;
} mc_block_t;

void *
mc_malloc(size_t n)
{
	mc_block_t *b = malloc(sizeof (*b) + n);

	if (b == NULL)
		return (NULL);
	b->mb_size = n;
	if ((mc_live += n) > mc_peak)
		mc_peak = mc_live;
	return (b + 1);
}

void *
mc_calloc(size_t n, size_t s)
{
	void *p;

	if (s != 0 && n > (size_t)-1 / s)
		return (NULL);
	if ((p = mc_malloc(n * s)) != NULL)
		(void) memset(p, 0, n * s);
	return (p);
}

/* The size of a block from mc_malloc(). */
size_t
mc_size(const void *p)
{
	return (((const mc_block_t *)p - 1)->mb_size);
}

void
mc_free(void *p)
{
	mc_block_t *b = (mc_block_t *)p - 1;

	if (p == NULL)
		return;
	mc_live -= b->mb_size;
	free(b);
}

void *
mc_realloc(void *p, size_t n)
{
	mc_block_t *b, *nb;

	if (p == NULL)
		return (mc_malloc(n));
	b = (mc_block_t *)p - 1;
	if ((nb = realloc(b, sizeof (*nb) + n)) == NULL)
		return (NULL);
	mc_live = mc_live - nb->mb_size + n;
	nb->mb_size = n;
	if (mc_live > mc_peak)
		mc_peak = mc_live;
	return (nb + 1);
}

char *
mc_strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *d = mc_malloc(len + 1);

	if (d != NULL) {
		(void) memcpy(d, s, len);
		d[len] = '\0';
	}
	return (d);
}

char *
mc_strdup(const char *s)
{
	return (mc_strndup(s, strlen(s)));
}

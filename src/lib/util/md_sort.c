/*
 * md_sort.c: a merge sort, n log n comparisons whatever the order.
 *
 * An interval's keys are sorted for its line, an exposition's series for
 * the file, and the traced programs choose those keys.  qsort() promises
 * nothing about its worst case: where it is a quicksort (the BSDs',
 * illumos', macOS'), an order chosen against it (McIlroy's "A Killer
 * Adversary for Quicksort") costs the square of the keys.  This one is
 * bottom up: runs of 8 by insertion, then merged pairwise between the
 * array and a scratch copy of it, so that its cost is the same for every
 * input of a size.
 */

#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_SORT_RUN	8	/* sorted by insertion first */

typedef int md_sort_cmp_f(const void *, const void *);

/* Insertion sort of n elements at p, through one element's room, t. */
static void
md_sort_run(char *p, size_t n, size_t size, md_sort_cmp_f *cmp, char *t)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && cmp(p + (j - 1) * size, p + i * size) > 0;
		    j--)
			continue;
		if (j == i)
			continue;
		(void) memcpy(t, p + i * size, size);
		(void) memmove(p + (j + 1) * size, p + j * size, (i - j) * size);
		(void) memcpy(p + j * size, t, size);
	}
}

/* The sorted runs a (na elements) and b (nb) merged into d. */
static void
md_sort_merge(const char *a, size_t na, const char *b, size_t nb, char *d,
    size_t size, md_sort_cmp_f *cmp)
{
	while (na > 0 && nb > 0) {
		if (cmp(b, a) < 0) {
			(void) memcpy(d, b, size);
			b += size;
			nb--;
		} else {
			(void) memcpy(d, a, size);
			a += size;
			na--;
		}
		d += size;
	}
	(void) memcpy(d, na > 0 ? a : b, (na > 0 ? na : nb) * size);
}

/* Sort n elements of size bytes at base: 0, or -1 (out of memory). */
int
md_sort(void *base, size_t n, size_t size, md_sort_cmp_f *cmp)
{
	char *src = base, *dst, *tmp, *t;
	size_t w, i, na, nb;

	if (n < 2)
		return (0);
	if (size == 0 || n > SIZE_MAX / size - 1 ||
	    (tmp = malloc((n + 1) * size)) == NULL)
		return (-1);
	t = tmp + n * size;	/* one element's room, for the runs */
	for (i = 0; i < n; i += MD_SORT_RUN)
		md_sort_run(src + i * size, n - i < MD_SORT_RUN ? n - i :
		    MD_SORT_RUN, size, cmp, t);
	dst = tmp;
	for (w = MD_SORT_RUN; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			na = n - i < w ? n - i : w;
			nb = n - i - na < w ? n - i - na : w;
			md_sort_merge(src + i * size, na, src + (i + na) * size,
			    nb, dst + i * size, size, cmp);
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != base)
		(void) memcpy(base, src, n * size);
	free(tmp);
	return (0);
}

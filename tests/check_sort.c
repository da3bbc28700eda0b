/*
 * check_sort.c: the merge sort (md_sort.c): the order qsort() gives, for
 * every kind of input, in no more comparisons than n log n and the runs'
 * insertions, whatever the order (a quicksort's worst inputs among them).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

static unsigned long t_ncmp;

static int
t_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	t_ncmp++;
	return (x < y ? -1 : x > y);
}

static int
t_qcmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x < y ? -1 : x > y);
}

/* Sort v (n) both ways: the same order, and the comparisons bounded. */
static void
t_sorts(uint32_t *v, size_t n)
{
	uint32_t *w = malloc((n + 1) * sizeof (*w));
	unsigned long bound = 8 * (unsigned long)n;
	size_t m;

	ck_assert_ptr_nonnull(w);
	(void) memcpy(w, v, n * sizeof (*v));
	qsort(w, n, sizeof (*w), t_qcmp);
	t_ncmp = 0;
	ck_assert_int_eq(md_sort(v, n, sizeof (*v), t_cmp), 0);
	ck_assert_int_eq(memcmp(v, w, n * sizeof (*v)), 0);
	for (m = 8; m < n; m *= 2)
		bound += n;	/* a merge pass: n at most */
	ck_assert_uint_le(t_ncmp, bound);
	free(w);
}

START_TEST(sort_should_order_every_kind_of_input)
{
	static uint32_t v[10007];
	size_t n, i;
	uint32_t seed = 5;

	for (n = 0; n < 40; n++) {	/* small sizes, each */
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			v[i] = seed >> 28;
		}
		t_sorts(v, n);
	}
	n = sizeof (v) / sizeof (v[0]);
	for (i = 0; i < n; i++) {	/* random */
		seed = seed * 1103515245u + 12345u;
		v[i] = seed;
	}
	t_sorts(v, n);
	t_sorts(v, n);			/* sorted */
	for (i = 0; i < n; i++)		/* reversed */
		v[i] = (uint32_t)(n - i);
	t_sorts(v, n);
	for (i = 0; i < n; i++)		/* organ pipe */
		v[i] = (uint32_t)(i < n / 2 ? i : n - i);
	t_sorts(v, n);
	for (i = 0; i < n; i++)		/* all alike */
		v[i] = 7;
	t_sorts(v, n);
	for (i = 0; i < n; i++)		/* sawtooth, few values */
		v[i] = (uint32_t)(i % 5);
	t_sorts(v, n);
}
END_TEST

Suite *
sort_suite(void)
{
	Suite *s = suite_create("sort");
	TCase *tc = tcase_create("sort");

	tcase_add_test(tc, sort_should_order_every_kind_of_input);
	suite_add_tcase(s, tc);
	return (s);
}

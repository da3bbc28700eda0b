/*
 * check_arena.c: many small allocations freed at once.
 */

#include <stdint.h>
#include <string.h>

#include "check_md.h"

START_TEST(arena_should_return_zeroed_aligned_distinct_memory)
{
	md_arena_t a = { NULL };
	unsigned char *p[200];
	size_t i, j;

	for (i = 0; i < 200; i++) {
		p[i] = md_arena_alloc(&a, i + 1, 1);
		ck_assert_ptr_nonnull(p[i]);
		ck_assert_uint_eq((uintptr_t)p[i] % sizeof (void *), 0);
		for (j = 0; j <= i; j++)
			ck_assert_uint_eq(p[i][j], 0);
		(void) memset(p[i], (int)i, i + 1);
	}
	for (i = 0; i < 200; i++) {
		for (j = 0; j <= i; j++)
			ck_assert_uint_eq(p[i][j], (unsigned char)i);
	}
	md_arena_free(&a);
	ck_assert_ptr_null(a.ar_head);
}
END_TEST

START_TEST(arena_should_serve_allocations_larger_than_a_block)
{
	md_arena_t a = { NULL };
	char *small = md_arena_alloc(&a, 1, 16);
	char *big = md_arena_alloc(&a, 100000, 1);
	char *small2 = md_arena_alloc(&a, 1, 16);

	ck_assert_ptr_nonnull(small);
	ck_assert_ptr_nonnull(big);
	ck_assert_ptr_nonnull(small2);
	(void) memset(big, 'x', 100000);
	/* the big block went behind the head: small2 follows small */
	ck_assert_ptr_eq(small2, small + 16);
	md_arena_free(&a);
}
END_TEST

START_TEST(arena_should_refuse_sizes_that_overflow)
{
	md_arena_t a = { NULL };

	ck_assert_ptr_null(md_arena_alloc(&a, SIZE_MAX / 2, 4));
	ck_assert_ptr_null(md_arena_alloc(&a, 1, SIZE_MAX - 8));
	md_arena_free(&a);
}
END_TEST

START_TEST(arena_strdup_should_copy_into_the_arena)
{
	md_arena_t a = { NULL };
	char src[] = "probedesc";
	char *p = md_arena_strdup(&a, src);

	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_ne(p, src);
	ck_assert_str_eq(p, "probedesc");
	ck_assert_str_eq(md_arena_strdup(&a, ""), "");
	md_arena_free(&a);
}
END_TEST

Suite *
arena_suite(void)
{
	Suite *s = suite_create("arena");
	TCase *tc = tcase_create("arena");

	tcase_add_test(tc, arena_should_return_zeroed_aligned_distinct_memory);
	tcase_add_test(tc, arena_should_serve_allocations_larger_than_a_block);
	tcase_add_test(tc, arena_should_refuse_sizes_that_overflow);
	tcase_add_test(tc, arena_strdup_should_copy_into_the_arena);
	suite_add_tcase(s, tc);
	return (s);
}

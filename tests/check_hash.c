/*
 * check_hash.c: string tables.
 */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_md.h"

START_TEST(strtab_should_map_keys_to_values)
{
	static char keys[1000][16];
	md_strtab_t t;
	size_t i, v;

	ck_assert_int_eq(md_strtab_init(&t, 1000, NULL), 0);
	for (i = 0; i < 1000; i++) {
		(void) snprintf(keys[i], sizeof (keys[i]), "k%zu", i);
		ck_assert_int_eq(md_strtab_put(&t, keys[i], i * 3), 0);
	}
	ck_assert_uint_eq(t.st_n, 1000);
	for (i = 0; i < 1000; i++) {
		char probe[16];

		(void) snprintf(probe, sizeof (probe), "k%zu", i);
		ck_assert(md_strtab_get(&t, probe, &v));
		ck_assert_uint_eq(v, i * 3);
	}
	ck_assert(!md_strtab_get(&t, "k1000", &v));
	ck_assert(!md_strtab_get(&t, "", NULL));
	md_strtab_fini(&t);
}
END_TEST

START_TEST(strtab_should_keep_the_first_value_of_a_key)
{
	md_strtab_t t;
	size_t v;

	ck_assert_int_eq(md_strtab_init(&t, 4, NULL), 0);
	ck_assert_int_eq(md_strtab_put(&t, "a", 1), 0);
	ck_assert_int_eq(md_strtab_put(&t, "a", 2), 1);
	ck_assert(md_strtab_get(&t, "a", &v));
	ck_assert_uint_eq(v, 1);
	md_strtab_fini(&t);
}
END_TEST

START_TEST(strtab_should_refuse_keys_beyond_its_size)
{
	static const char *keys[] = { "a", "b", "c", "d", "e", "f", "g", "h",
	    "i", "j" };
	md_strtab_t t;
	size_t i;
	int full = 0;

	ck_assert_int_eq(md_strtab_init(&t, 2, NULL), 0);
	for (i = 0; i < 10; i++) {
		if (md_strtab_put(&t, keys[i], i) < 0)
			full = 1;
	}
	ck_assert(full);
	ck_assert_uint_le(t.st_n, t.st_cap / 4 * 3);
	md_strtab_fini(&t);
}
END_TEST

START_TEST(strtab_should_live_in_an_arena)
{
	md_arena_t a = { NULL };
	md_strtab_t t;

	ck_assert_int_eq(md_strtab_init(&t, 100, &a), 0);
	ck_assert_int_eq(md_strtab_put(&t, "x", 7), 0);
	ck_assert(md_strtab_get(&t, "x", NULL));
	md_strtab_fini(&t);	/* does not free arena memory */
	md_arena_free(&a);
}
END_TEST

Suite *
hash_suite(void)
{
	Suite *s = suite_create("hash");
	TCase *tc = tcase_create("hash");

	tcase_add_test(tc, strtab_should_map_keys_to_values);
	tcase_add_test(tc, strtab_should_keep_the_first_value_of_a_key);
	tcase_add_test(tc, strtab_should_refuse_keys_beyond_its_size);
	tcase_add_test(tc, strtab_should_live_in_an_arena);
	suite_add_tcase(s, tc);
	return (s);
}

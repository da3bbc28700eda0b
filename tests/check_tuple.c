/*
 * check_tuple.c: tables from a tuple of keys to an index (md_tuple.c):
 * tuples told apart however their keys' bytes split, keys read back as
 * they print, tuples taken out one by one and filtered, an add undone,
 * and a flood of tuples chosen to collide under an unkeyed hash spread
 * out as any tuples are.
 */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_md.h"

/* Look up (k0, k1) in t with index val: what md_tuptab_lookup() says. */
static int
t_look(md_tuptab_t *t, const char *k0, const char *k1, size_t val,
    size_t *got)
{
	const char *keys[2] = { k0, k1 };
	size_t lens[2] = { strlen(k0), k1 == NULL ? 0 : strlen(k1) };

	return (md_tuptab_lookup(t, keys, lens, val, got));
}

/* Is (k0, k1) in t: its index, or SIZE_MAX. */
static size_t
t_find(const md_tuptab_t *t, const char *k0, const char *k1)
{
	const char *keys[2] = { k0, k1 };
	size_t lens[2] = { strlen(k0), k1 == NULL ? 0 : strlen(k1) }, v;

	return (md_tuptab_find(t, keys, lens, &v) == 1 ? v : SIZE_MAX);
}

START_TEST(tuptab_should_tell_tuples_apart_however_their_bytes_split)
{
	md_tuptab_t t;
	size_t v;

	md_tuptab_init(&t, 2, 0);
	ck_assert_int_eq(t_look(&t, "ab", "c", 0, &v), 1);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(t_look(&t, "a", "bc", 1, &v), 1);
	ck_assert_int_eq(t_look(&t, "", "abc", 2, &v), 1);
	ck_assert_int_eq(t_look(&t, "abc", "", 3, &v), 1);
	ck_assert_int_eq(t_look(&t, "a", "bc", 9, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_uint_eq(md_tuptab_count(&t), 4);
	ck_assert_uint_eq(t_find(&t, "ab", "c"), 0);
	ck_assert_uint_eq(t_find(&t, "abc", ""), 3);
	ck_assert_uint_eq(t_find(&t, "", ""), SIZE_MAX);
	md_tuptab_fini(&t);

	/* no key: one tuple; one key: its bytes, NUL and all */
	md_tuptab_init(&t, 0, 1);
	ck_assert_int_eq(md_tuptab_lookup(&t, NULL, NULL, 5, &v), 1);
	ck_assert_int_eq(md_tuptab_lookup(&t, NULL, NULL, 6, &v), 0);
	ck_assert_uint_eq(v, 5);
	md_tuptab_fini(&t);
	md_tuptab_init(&t, 1, 0);
	{
		const char *k[1] = { "a\0b" };
		size_t n3 = 3, n1 = 1;

		ck_assert_int_eq(md_tuptab_lookup(&t, k, &n3, 0, &v), 1);
		ck_assert_int_eq(md_tuptab_lookup(&t, k, &n1, 1, &v), 1);
		ck_assert_int_eq(md_tuptab_find(&t, k, &n3, &v), 1);
		ck_assert_uint_eq(v, 0);
	}
	md_tuptab_fini(&t);
}
END_TEST

/* A table of forms gives each key as SPEC 8.1 prints it. */
START_TEST(tuptab_should_give_keys_as_they_print)
{
	md_tuptab_t t;
	const char *keys[2] = { "caf\xe9", "a\\b" };
	size_t lens[2] = { 4, 3 }, v, n;
	const char *k;

	md_tuptab_init(&t, 2, 1);
	ck_assert_int_eq(md_tuptab_lookup(&t, keys, lens, 7, &v), 1);
	k = md_tuptab_key(&t, 0, &n);
	ck_assert_uint_eq(n, 7);
	ck_assert_int_eq(memcmp(k, "caf\\xe9", 7), 0);
	k = md_tuptab_key(&t, 1, &n);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(memcmp(k, "a\\\\b", 4), 0);
	/* the byte E9 and the text "\xe9" are two keys */
	ck_assert_int_eq(t_look(&t, "caf\\xe9", "a\\b", 8, &v), 1);
	ck_assert_int_eq(md_tuptab_lookup(&t, keys, lens, 9, &v), 0);
	ck_assert_uint_eq(v, 7);
	md_tuptab_fini(&t);
}
END_TEST

/* Keep the even indexes, halved. */
static size_t
t_halve_even(size_t v, void *arg)
{
	(void) arg;
	return (v % 2 == 0 ? v / 2 : SIZE_MAX);
}

START_TEST(tuptab_should_remove_and_filter_tuples)
{
	md_tuptab_t t;
	char k0[16], k1[16];
	size_t i, v;

	md_tuptab_init(&t, 2, 1);
	for (i = 0; i < 1000; i++) {
		(void) snprintf(k0, sizeof (k0), "p%zu", i);
		(void) snprintf(k1, sizeof (k1), "%zu", i % 7);
		ck_assert_int_eq(t_look(&t, k0, k1, i, &v), 1);
	}
	{
		const char *keys[2] = { "p3", "3" };
		size_t lens[2] = { 2, 1 };

		ck_assert_int_eq(md_tuptab_remove(&t, keys, lens, &v), 1);
		ck_assert_uint_eq(v, 3);
		ck_assert_int_eq(md_tuptab_remove(&t, keys, lens, &v), 0);
	}
	ck_assert_uint_eq(md_tuptab_count(&t), 999);
	ck_assert_int_eq(md_tuptab_filter(&t, t_halve_even, NULL), 0);
	ck_assert_uint_eq(md_tuptab_count(&t), 500);
	for (i = 0; i < 1000; i++) {
		(void) snprintf(k0, sizeof (k0), "p%zu", i);
		(void) snprintf(k1, sizeof (k1), "%zu", i % 7);
		ck_assert_uint_eq(t_find(&t, k0, k1), i % 2 == 0 ? i / 2 :
		    SIZE_MAX);
	}
	md_tuptab_clear(&t);
	ck_assert_uint_eq(md_tuptab_count(&t), 0);
	ck_assert_uint_eq(t_find(&t, "p0", "0"), SIZE_MAX);
	ck_assert_int_eq(t_look(&t, "p0", "0", 4, &v), 1);
	md_tuptab_fini(&t);
}
END_TEST

/* An add undone (what the index was for could not be made). */
START_TEST(tuptab_should_drop_the_tuple_last_added)
{
	md_tuptab_t t;
	size_t v;

	md_tuptab_init(&t, 2, 1);
	ck_assert_int_eq(t_look(&t, "a", "b", 0, &v), 1);
	ck_assert_int_eq(t_look(&t, "c", "d", 1, &v), 1);
	md_tuptab_drop(&t);
	ck_assert_uint_eq(md_tuptab_count(&t), 1);
	ck_assert_uint_eq(t_find(&t, "c", "d"), SIZE_MAX);
	ck_assert_uint_eq(t_find(&t, "a", "b"), 0);
	ck_assert_int_eq(t_look(&t, "c", "d", 1, &v), 1);
	md_tuptab_fini(&t);
}
END_TEST

/*
 * 2,000 tuples (a fixed first key, then the second) whose encoding an
 * unkeyed hash puts in one slot of a table of 4,096: the table spreads
 * them as it would any tuples, its longest probe short, every one found.
 */
START_TEST(tuptab_should_spread_a_flood_of_colliding_tuples)
{
	static char keys[2000][16];
	unsigned char enc[sizeof (size_t) + 1 + 14];
	size_t one = 1, n = 0, v, want = SIZE_MAX, i;
	uint32_t seed = 11;
	md_tuptab_t t;

	(void) memcpy(enc, &one, sizeof (size_t));
	enc[sizeof (size_t)] = 'x';
	while (n < 2000) {
		seed = seed * 1103515245u + 12345u;
		(void) snprintf(keys[n], sizeof (keys[n]), "metad-%08x", seed);
		(void) memcpy(enc + sizeof (size_t) + 1, keys[n], 14);
		if (want == SIZE_MAX)
			want = md_hash_bytes(enc, sizeof (enc)) & 4095;
		if ((md_hash_bytes(enc, sizeof (enc)) & 4095) == want)
			n++;
	}
	md_tuptab_init(&t, 2, 1);
	for (i = 0; i < 2000; i++)
		ck_assert_int_eq(t_look(&t, "x", keys[i], i, &v), 1);
	ck_assert_uint_eq(t.tt_tab.bt_cap, 4096);
	ck_assert_uint_lt(md_btab_maxprobe(&t.tt_tab), 64);
	for (i = 0; i < 2000; i++)
		ck_assert_uint_eq(t_find(&t, "x", keys[i]), i);
	md_tuptab_fini(&t);
}
END_TEST

/*
 * md_tuple_cmp(): key by key, bytes as unsigned, a key before the longer
 * ones it begins; a later key only where the earlier ones are alike.
 */
START_TEST(tuple_cmp_should_order_by_bytes_then_length)
{
	static const char *const a[] = { "ab", "z" }, *const b[] = { "abc",
	    "a" }, *const c[] = { "ab", "\xe9" }, *const d[] = { "ab", "z\0" };
	static const size_t al[] = { 2, 1 }, bl[] = { 3, 1 }, cl[] = { 2, 1 },
	    dl[] = { 2, 2 };

	ck_assert_int_lt(md_tuple_cmp(a, al, b, bl, 2), 0);
	ck_assert_int_gt(md_tuple_cmp(b, bl, a, al, 2), 0);
	ck_assert_int_lt(md_tuple_cmp(a, al, c, cl, 2), 0);
	ck_assert_int_lt(md_tuple_cmp(a, al, d, dl, 2), 0);
	ck_assert_int_eq(md_tuple_cmp(a, al, a, al, 2), 0);
	ck_assert_int_eq(md_tuple_cmp(a, al, d, dl, 1), 0);
}
END_TEST

Suite *
tuple_suite(void)
{
	Suite *s = suite_create("tuple");
	TCase *tc = tcase_create("tuple");

	tcase_add_test(tc,
	    tuptab_should_tell_tuples_apart_however_their_bytes_split);
	tcase_add_test(tc, tuptab_should_give_keys_as_they_print);
	tcase_add_test(tc, tuptab_should_remove_and_filter_tuples);
	tcase_add_test(tc, tuptab_should_drop_the_tuple_last_added);
	tcase_add_test(tc, tuptab_should_spread_a_flood_of_colliding_tuples);
	tcase_add_test(tc, tuple_cmp_should_order_by_bytes_then_length);
	suite_add_tcase(s, tc);
	return (s);
}

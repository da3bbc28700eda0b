/*
 * check_hash.c: string tables; byte tables (removals, their keyed hash:
 * keys chosen to collide under an unkeyed hash spread out); SipHash.
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

/* SipHash-2-4's published vectors (key 00..0f, message 00..n-1). */
START_TEST(siphash_should_give_the_published_values)
{
	static const struct {
		size_t		n;
		uint64_t	h24, h13;
	} v[] = {
		{ 0, 0x726fdb47dd0e0e31ULL, 0xabac0158050fc4dcULL },
		{ 1, 0x74f839c593dc67fdULL, 0xc9f49bf37d57ca93ULL },
		{ 7, 0xab0200f58b01d137ULL, 0xd3927d989bb11140ULL },
		{ 8, 0x93f5f5799a932462ULL, 0x369095118d299a8eULL },
		{ 15, 0xa129ca6149be45e5ULL, 0xd320d86d2a519956ULL },
		{ 63, 0x958a324ceb064572ULL, 0x9d199062b7bbb3a8ULL }
	};
	md_hashkey_t k = { 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL };
	unsigned char m[64];
	size_t i;

	for (i = 0; i < sizeof (m); i++)
		m[i] = (unsigned char)i;
	for (i = 0; i < sizeof (v) / sizeof (v[0]); i++) {
		ck_assert_uint_eq(md_siphash(&k, m, v[i].n, 2, 4), v[i].h24);
		ck_assert_uint_eq(md_hash_keyed(&k, m, v[i].n), v[i].h13);
	}
}
END_TEST

/* Two keys drawn are not alike (2^-128 that they are). */
START_TEST(hashkey_should_be_drawn_anew)
{
	md_hashkey_t a, b;

	md_hashkey_init(&a);
	md_hashkey_init(&b);
	ck_assert(a.mhk_k0 != b.mhk_k0 || a.mhk_k1 != b.mhk_k1);
}
END_TEST

/* Keys in, some out, some in again: the table agrees with a list. */
START_TEST(btab_should_remove_and_find)
{
	static unsigned char in[20000];
	md_btab_t t;
	uint32_t k, seed = 1;
	size_t v, n = 0, i;
	int r;

	(void) memset(&t, 0, sizeof (t));
	for (i = 0; i < 200000; i++) {
		seed = seed * 1103515245u + 12345u;
		k = (seed >> 8) % 20000;
		if ((seed >> 4) & 1) {
			r = md_btab_lookup(&t, &k, sizeof (k), k * 7, &v);
			ck_assert_int_eq(r, !in[k]);
			ck_assert_uint_eq(v, k * 7);
			n += !in[k];
			in[k] = 1;
		} else {
			ck_assert_int_eq(md_btab_remove(&t, &k, sizeof (k),
			    NULL), in[k]);
			n -= in[k];
			in[k] = 0;
		}
	}
	ck_assert_uint_eq(t.bt_n, n);
	for (k = 0; k < 20000; k++) {
		ck_assert_int_eq(md_btab_find(&t, &k, sizeof (k), &v), in[k]);
		if (in[k])
			ck_assert_uint_eq(v, k * 7);
	}
	md_btab_fini(&t);
}
END_TEST

static size_t
t_drop_odd(size_t v, void *arg)
{
	(void) arg;
	return (v % 2 == 1 ? SIZE_MAX : v / 2);
}

/* A filter lets go and renumbers in one pass. */
START_TEST(btab_should_filter)
{
	md_btab_t t;
	uint32_t k;
	size_t v;

	(void) memset(&t, 0, sizeof (t));
	for (k = 0; k < 1000; k++)
		ck_assert_int_eq(md_btab_lookup(&t, &k, sizeof (k), k, &v), 1);
	ck_assert_int_eq(md_btab_filter(&t, t_drop_odd, NULL), 0);
	ck_assert_uint_eq(t.bt_n, 500);
	for (k = 0; k < 1000; k++) {
		ck_assert_int_eq(md_btab_find(&t, &k, sizeof (k), &v), k % 2 == 0);
		if (k % 2 == 0)
			ck_assert_uint_eq(v, k / 2);
	}
	md_btab_fini(&t);
}
END_TEST

/* The hash of the byte tables before they were keyed (md_hash_bytes()). */
static size_t
t_unkeyed(const void *p, size_t n)
{
	return (md_hash_bytes(p, n));
}

/*
 * 2,000 keys chosen so that an unkeyed hash puts them in one slot of a
 * table of 4,096 (what anyone can compute): the keyed table spreads them
 * as it would any keys, its longest probe short (the unkeyed one: 1,999).
 */
START_TEST(btab_should_spread_keys_chosen_to_collide)
{
	static char keys[2000][16];
	md_btab_t t;
	size_t n = 0, v, want;
	uint32_t seed = 7;
	int i;

	want = t_unkeyed("metad-00000000", 14) & 4095;
	while (n < 2000) {
		seed = seed * 1103515245u + 12345u;
		(void) snprintf(keys[n], sizeof (keys[n]), "metad-%08x", seed);
		if ((t_unkeyed(keys[n], 14) & 4095) == want)
			n++;
	}
	(void) memset(&t, 0, sizeof (t));
	for (i = 0; i < 2000; i++)
		ck_assert_int_ge(md_btab_lookup(&t, keys[i], 14, (size_t)i,
		    &v), 0);
	ck_assert_uint_eq(t.bt_cap, 4096);
	ck_assert_uint_lt(md_btab_maxprobe(&t), 64);
	md_btab_fini(&t);
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
	tcase_add_test(tc, siphash_should_give_the_published_values);
	tcase_add_test(tc, hashkey_should_be_drawn_anew);
	tcase_add_test(tc, btab_should_remove_and_find);
	tcase_add_test(tc, btab_should_filter);
	tcase_add_test(tc, btab_should_spread_keys_chosen_to_collide);
	suite_add_tcase(s, tc);
	return (s);
}

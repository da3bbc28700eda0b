/*
 * check_buf.c: the output buffer, the arena, string tables and errors.
 */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_md.h"

START_TEST(buf_should_be_an_empty_string_before_any_append)
{
	md_buf_t b;

	md_buf_init(&b);
	ck_assert_str_eq(md_buf_str(&b), "");
	ck_assert_uint_eq(b.mb_len, 0);
	md_buf_fini(&b);
}
END_TEST

START_TEST(buf_should_grow_and_stay_nul_terminated)
{
	md_buf_t b;
	size_t i;

	md_buf_init(&b);
	for (i = 0; i < 10000; i++)
		md_buf_putc(&b, (char)('a' + i % 26));
	md_buf_puts(&b, "end");
	md_buf_append(&b, "xyz", 2);
	ck_assert_uint_eq(b.mb_len, 10005);
	ck_assert_int_eq(b.mb_data[b.mb_len], '\0');
	ck_assert_int_eq(b.mb_data[26], 'a');
	ck_assert_str_eq(b.mb_data + 10000, "endxy");
	ck_assert(!md_buf_failed(&b));
	md_buf_fini(&b);
}
END_TEST

START_TEST(buf_should_ignore_appends_once_failed)
{
	md_buf_t b;

	md_buf_init(&b);
	md_buf_puts(&b, "kept");
	b.mb_failed = 1;	/* as after a failed allocation */
	md_buf_puts(&b, "dropped");
	md_buf_putc(&b, 'x');
	ck_assert_uint_eq(b.mb_len, 4);
	ck_assert(md_buf_failed(&b));
	ck_assert_ptr_null(md_buf_str(&b));
	md_buf_reset(&b);
	ck_assert(md_buf_failed(&b));
	md_buf_fini(&b);
}
END_TEST

START_TEST(buf_should_stop_at_its_limit)
{
	md_error_t err;
	md_buf_t b;

	md_buf_init(&b);
	b.mb_limit = 8 << 20;
	md_buf_puts(&b, "12345678");
	ck_assert(!md_buf_failed(&b));
	while (!md_buf_failed(&b))
		md_buf_append(&b, "0123456789abcdef", 16);
	ck_assert_int_eq(md_buf_failed(&b), MD_BUF_TOOBIG);
	ck_assert_uint_le(b.mb_len, b.mb_limit);
	/* it never holds memory for more than it may take */
	ck_assert_uint_le(b.mb_cap, b.mb_limit + 1);
	ck_assert_int_eq(md_buf_error(&b, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	/* every limited buffer holds part of the scripts: their limit */
	ck_assert_str_eq(err.mde_msg, "the scripts would be larger than the "
	    "limit of 256 MiB");
	md_buf_fini(&b);

	/* what another may still take, as a limit (0 is none) */
	md_buf_init(&b);
	ck_assert_uint_eq(md_buf_room(&b), 0);
	b.mb_limit = 10;
	md_buf_puts(&b, "1234");
	ck_assert_uint_eq(md_buf_room(&b), 6);
	md_buf_puts(&b, "567890");
	ck_assert_uint_eq(md_buf_room(&b), 1);
	md_buf_fini(&b);

	md_buf_init(&b);
	b.mb_failed = MD_BUF_NOMEM;
	ck_assert_int_eq(md_buf_error(&b, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_NOMEM);
	md_buf_fini(&b);
}
END_TEST

START_TEST(buf_reset_should_empty_it)
{
	md_buf_t b;

	md_buf_init(&b);
	md_buf_puts(&b, "abcdef");
	md_buf_reset(&b);
	ck_assert_str_eq(md_buf_str(&b), "");
	ck_assert_uint_eq(b.mb_len, 0);
	md_buf_puts(&b, "g");
	ck_assert_str_eq(md_buf_str(&b), "g");
	md_buf_fini(&b);
}
END_TEST

START_TEST(path_should_name_places_and_cut_back)
{
	md_path_t p;
	size_t a, b;
	char big[1000];

	md_path_init(&p);
	ck_assert_str_eq(p.mp_buf, "");
	a = md_path_key(&p, "metad");
	b = md_path_key(&p, "probedesc");
	(void) md_path_index(&p, 12);
	(void) md_path_key(&p, "verify");
	ck_assert_str_eq(p.mp_buf, "metad.probedesc[12].verify");
	md_path_cut(&p, b);
	ck_assert_str_eq(p.mp_buf, "metad");
	(void) md_path_index(&p, 0);
	ck_assert_str_eq(p.mp_buf, "metad[0]");
	md_path_cut(&p, a);
	ck_assert_str_eq(p.mp_buf, "");
	/* a path too long for a message is cut short, never overflows */
	(void) memset(big, 'k', sizeof (big) - 1);
	big[sizeof (big) - 1] = '\0';
	(void) md_path_key(&p, big);
	(void) md_path_key(&p, big);
	ck_assert_uint_eq(p.mp_len, sizeof (p.mp_buf) - 1);
	ck_assert_uint_eq(strlen(p.mp_buf), p.mp_len);
}
END_TEST

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
	ck_assert_ptr_null(a.ma_head);
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

START_TEST(error_set_should_escape_control_characters)
{
	md_error_t e;

	ck_assert_int_eq(md_error_set(&e, MD_ERR_INVALID, "a\tb %s",
	    "\033[31m\n"), -1);
	ck_assert_int_eq(e.mde_code, MD_ERR_INVALID);
	ck_assert_str_eq(e.mde_msg, "a\\011b \\033[31m\\012");
	ck_assert_int_eq(md_error_set(NULL, MD_ERR_INVALID, "x"), -1);
}
END_TEST

START_TEST(error_set_should_cut_long_messages_visibly)
{
	char big[2000];
	md_error_t e;
	size_t len;

	(void) memset(big, 'y', sizeof (big) - 1);
	big[sizeof (big) - 1] = '\0';
	(void) md_error_set(&e, MD_ERR_TRANSLATE, "%s", big);
	len = strlen(e.mde_msg);
	ck_assert_uint_lt(len, MD_ERRMSGLEN);
	ck_assert_str_eq(e.mde_msg + len - 4, "y...");
	/* escapes that do not fit are not cut in half */
	(void) memset(big, '\001', sizeof (big) - 1);
	(void) md_error_set(&e, MD_ERR_TRANSLATE, "%s", big);
	len = strlen(e.mde_msg);
	ck_assert_uint_lt(len, MD_ERRMSGLEN);
	ck_assert_str_eq(e.mde_msg + len - 7, "\\001...");
	ck_assert_uint_eq((len - 3) % 4, 0);
}
END_TEST

START_TEST(error_set_should_keep_utf8_and_escape_other_bytes)
{
	md_error_t e;

	(void) md_error_set(&e, MD_ERR_FIELD, "unknown field: \"%s\"",
	    "caf\xc3\xa9 \xe2\x82\xac");
	ck_assert_str_eq(e.mde_msg, "unknown field: \"caf\xc3\xa9 \xe2\x82\xac\"");
	(void) md_error_set(&e, MD_ERR_FIELD, "%s", "caf\xe9 \x9b[2J \xc3");
	ck_assert_str_eq(e.mde_msg, "caf\\351 \\233[2J \\303");
}
END_TEST

START_TEST(errstr_should_describe_every_code)
{
	int c;

	for (c = MD_ERR_NONE; c <= MD_ERR_OPTION; c++)
		ck_assert_str_ne(md_errstr((md_errcode_t)c), "unknown error");
	ck_assert_str_eq(md_errstr((md_errcode_t)999), "unknown error");
	ck_assert_str_eq(md_errstr(MD_ERR_NOMEM), "out of memory");
}
END_TEST

Suite *
buf_suite(void)
{
	Suite *s = suite_create("buf");
	TCase *tc = tcase_create("buf");

	tcase_add_test(tc, buf_should_be_an_empty_string_before_any_append);
	tcase_add_test(tc, buf_should_grow_and_stay_nul_terminated);
	tcase_add_test(tc, buf_should_ignore_appends_once_failed);
	tcase_add_test(tc, buf_should_stop_at_its_limit);
	tcase_add_test(tc, buf_reset_should_empty_it);
	tcase_add_test(tc, path_should_name_places_and_cut_back);
	tcase_add_test(tc, arena_should_return_zeroed_aligned_distinct_memory);
	tcase_add_test(tc, arena_should_serve_allocations_larger_than_a_block);
	tcase_add_test(tc, arena_should_refuse_sizes_that_overflow);
	tcase_add_test(tc, strtab_should_map_keys_to_values);
	tcase_add_test(tc, strtab_should_keep_the_first_value_of_a_key);
	tcase_add_test(tc, strtab_should_refuse_keys_beyond_its_size);
	tcase_add_test(tc, strtab_should_live_in_an_arena);
	tcase_add_test(tc, error_set_should_escape_control_characters);
	tcase_add_test(tc, error_set_should_cut_long_messages_visibly);
	tcase_add_test(tc, error_set_should_keep_utf8_and_escape_other_bytes);
	tcase_add_test(tc, errstr_should_describe_every_code);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_buf.c: the output buffer: growth, the sticky error, its limit,
 * handing it over; AND and OR lists.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
	ck_assert_str_eq(err.mde_msg, t_fmt("the scripts would be larger than "
	    "the limit of %lu MiB", MD_MAXOUTPUT >> 20));
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

START_TEST(buf_should_reserve_room_at_once)
{
	md_buf_t b;

	md_buf_init(&b);
	md_buf_reserve(&b, 1000);
	ck_assert_uint_eq(b.mb_cap, 1001);
	ck_assert_str_eq(md_buf_str(&b), "");
	md_buf_puts(&b, "abc");
	md_buf_reserve(&b, 10);		/* there is room: nothing done */
	ck_assert_uint_eq(b.mb_cap, 1001);
	md_buf_reserve(&b, 2000);
	ck_assert_uint_eq(b.mb_cap, 2004);
	ck_assert_str_eq(md_buf_str(&b), "abc");
	md_buf_fini(&b);

	/* never past the limit */
	md_buf_init(&b);
	b.mb_limit = 100;
	md_buf_reserve(&b, 1000);
	ck_assert_uint_eq(b.mb_cap, 101);
	ck_assert(!md_buf_failed(&b));
	md_buf_reserve(&b, (size_t)-1);
	ck_assert(!md_buf_failed(&b));
	md_buf_fini(&b);

	md_buf_init(&b);
	md_buf_reserve(&b, (size_t)-1);
	ck_assert_int_eq(md_buf_failed(&b), MD_BUF_NOMEM);
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

/* md_buf_claim(): the bytes handed over, the buffer left empty. */
START_TEST(buf_claim_should_hand_the_bytes_over)
{
	md_buf_t b;
	size_t len = 99;
	char *s;

	md_buf_init(&b);
	s = md_buf_claim(&b, &len);
	ck_assert_str_eq(s, "");
	ck_assert_uint_eq(len, 0);
	free(s);

	md_buf_puts(&b, "abc");
	md_buf_puts(&b, "def");
	s = md_buf_claim(&b, &len);
	ck_assert_str_eq(s, "abcdef");
	ck_assert_uint_eq(len, 6);
	ck_assert_ptr_null(b.mb_data);
	ck_assert_uint_eq(b.mb_len, 0);
	free(s);

	/* a failed buffer hands nothing over, and is left empty */
	b.mb_limit = 4;
	md_buf_puts(&b, "too long");
	len = 99;
	ck_assert_ptr_null(md_buf_claim(&b, &len));
	ck_assert_uint_eq(len, 99);
	ck_assert(!md_buf_failed(&b));
	md_buf_fini(&b);
}
END_TEST

/* AND and OR lists: each item in parentheses, joined, the whole in them. */
START_TEST(buf_lists_should_print_as_spec_4)
{
	md_list_t l, in;
	md_buf_t b;

	md_buf_init(&b);
	md_list_init(&l, &b, " && ", 0);
	md_list_close(&l);
	ck_assert_str_eq(md_buf_str(&b), "");	/* no items, nothing */
	md_list_item(&l);
	md_buf_puts(&b, "a");
	md_list_end(&l);
	md_list_item(&l);
	md_list_init(&in, &b, " || ", 1);	/* bare: in l's item */
	md_list_item(&in);
	md_buf_puts(&b, "b");
	md_list_end(&in);
	md_list_item(&in);
	md_buf_puts(&b, "c");
	md_list_end(&in);
	md_list_close(&in);
	md_list_end(&l);
	md_list_close(&l);
	ck_assert_str_eq(md_buf_str(&b), "((a) && ((b) || (c)))");
	md_buf_fini(&b);
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
	tcase_add_test(tc, buf_should_reserve_room_at_once);
	tcase_add_test(tc, buf_reset_should_empty_it);
	tcase_add_test(tc, buf_claim_should_hand_the_bytes_over);
	tcase_add_test(tc, buf_lists_should_print_as_spec_4);
	suite_add_tcase(s, tc);
	return (s);
}

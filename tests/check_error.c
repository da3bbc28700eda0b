/*
 * check_error.c: error messages: escaped, cut visibly; every code described.
 */

#include <stdio.h>
#include <string.h>

#include "check_md.h"

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

/*
 * What a terminal obeys rather than shows: C1 controls (a CSI is U+009B),
 * marks and overrides that turn text around, line and paragraph
 * separators; each byte of them as \ooo, and the characters next to them
 * as they are.
 */
START_TEST(msg_escape_should_escape_what_terminals_obey)
{
	char out[128];

	md_msg_escape(out, sizeof (out), "a\xc2\x9b" "31mb\xc2\x85" "c", 0);
	ck_assert_str_eq(out, "a\\302\\23331mb\\302\\205c");
	md_msg_escape(out, sizeof (out), "x\xe2\x80\xaey\xe2\x81\xa6z", 0);
	ck_assert_str_eq(out, "x\\342\\200\\256y\\342\\201\\246z");
	md_msg_escape(out, sizeof (out), "\xe2\x80\x8e\xe2\x80\xa8\xd8\x9c", 0);
	ck_assert_str_eq(out, "\\342\\200\\216\\342\\200\\250"
	    "\\330\\234");
	/* the letters and signs beside them stay: é, U+00A0, U+2030 */
	md_msg_escape(out, sizeof (out), "\xc3\xa9\xc2\xa0\xe2\x80\xb0", 0);
	ck_assert_str_eq(out, "\xc3\xa9\xc2\xa0\xe2\x80\xb0");
	/* cut in the middle of an escaped character: whole escapes only */
	md_msg_escape(out, 12, "ab\xe2\x80\xae", 0);
	ck_assert_str_eq(out, "ab\\342...");
}
END_TEST

START_TEST(errstr_should_describe_every_code)
{
	int c;

	for (c = MD_ERR_NONE; c <= MD_ERR_SYSTEM; c++)
		ck_assert_str_ne(md_errstr((md_errcode_t)c), "unknown error");
	ck_assert_str_eq(md_errstr((md_errcode_t)999), "unknown error");
	ck_assert_str_eq(md_errstr(MD_ERR_NOMEM), "out of memory");
}
END_TEST

Suite *
error_suite(void)
{
	Suite *s = suite_create("error");
	TCase *tc = tcase_create("error");

	tcase_add_test(tc, error_set_should_escape_control_characters);
	tcase_add_test(tc, error_set_should_cut_long_messages_visibly);
	tcase_add_test(tc, error_set_should_keep_utf8_and_escape_other_bytes);
	tcase_add_test(tc, msg_escape_should_escape_what_terminals_obey);
	tcase_add_test(tc, errstr_should_describe_every_code);
	suite_add_tcase(s, tc);
	return (s);
}

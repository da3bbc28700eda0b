/*
 * check_path.c: places in a document, for messages.
 */

#include <string.h>

#include "check_md.h"

START_TEST(path_should_name_places_and_cut_back)
{
	md_path_t p;
	size_t a, b;
	char big[1000];

	md_path_init(&p);
	ck_assert_str_eq(p.pa_buf, "");
	a = md_path_key(&p, "metad");
	b = md_path_key(&p, "probedesc");
	(void) md_path_index(&p, 12);
	(void) md_path_key(&p, "verify");
	ck_assert_str_eq(p.pa_buf, "metad.probedesc[12].verify");
	md_path_cut(&p, b);
	ck_assert_str_eq(p.pa_buf, "metad");
	(void) md_path_index(&p, 0);
	ck_assert_str_eq(p.pa_buf, "metad[0]");
	md_path_cut(&p, a);
	ck_assert_str_eq(p.pa_buf, "");
	/* a path too long for a message is cut short, never overflows */
	(void) memset(big, 'k', sizeof (big) - 1);
	big[sizeof (big) - 1] = '\0';
	(void) md_path_key(&p, big);
	(void) md_path_key(&p, big);
	ck_assert_uint_eq(p.pa_len, sizeof (p.pa_buf) - 1);
	ck_assert_uint_eq(strlen(p.pa_buf), p.pa_len);
}
END_TEST

Suite *
path_suite(void)
{
	Suite *s = suite_create("path");
	TCase *tc = tcase_create("path");

	tcase_add_test(tc, path_should_name_places_and_cut_back);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_dtab.c: what D has built in, as the parser looks it up.
 */

#include <string.h>

#include "check_md.h"

/* The tables of built-ins are sorted, for bsearch(), and complete. */
START_TEST(dtab_should_know_the_builtins)
{
	static const char *const names[] = {
		"avg", "count", "llquantize", "lquantize", "max", "min",
		"quantize", "stddev", "sum", "exit", "printf", "printa",
		"trace", "stack", "ustack", "func", "ufunc", "mod", "umod",
		"sym", "usym", "strjoin", "copyinstr", "lltostr", "strlen",
		"substr", "speculation"
	};
	size_t i;

	ck_assert_int_eq(md_dtab_sorted(), 1);
	for (i = 0; i < sizeof (names) / sizeof (names[0]); i++)
		ck_assert_msg(md_dfunc(names[i], strlen(names[i])) != NULL,
		    "%s", names[i]);
	ck_assert_ptr_null(md_dfunc("nosuch", 6));
	ck_assert_ptr_nonnull(md_dvar("execname", 8));
	ck_assert_ptr_null(md_dvar("nosuch", 6));
}
END_TEST

Suite *
dtab_suite(void)
{
	Suite *s = suite_create("dtab");
	TCase *tc = tcase_create("dtab");

	tcase_add_test(tc, dtab_should_know_the_builtins);
	suite_add_tcase(s, tc);
	return (s);
}

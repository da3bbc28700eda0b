/*
 * check_number.c: numbers in predicates print as JavaScript prints them.
 */

#include <math.h>
#include <stdlib.h>

#include "check_md.h"

static const struct {
	double		n_value;
	const char	*n_text;
} numbers[] = {
	{ 0, "0" },
	{ -0.0, "0" },
	{ 300, "300" },
	{ 0.5, "0.5" },
	{ -3, "-3" },
	{ 100.25, "100.25" },
	{ 23, "23" },
	{ 0.1, "0.1" },
	{ 1.0 / 3, "0.3333333333333333" },
	{ 2.0 / 3, "0.6666666666666666" },
	{ 9007199254740992.0, "9007199254740992" },
	{ 123456789012345678901.0, "123456789012345680000" },
	{ 1e20, "100000000000000000000" },
	{ 1e21, "1e+21" },
	{ -1e21, "-1e+21" },
	{ 1.5e21, "1.5e+21" },
	{ 999999999999999900000.0, "999999999999999900000" },
	{ 0.000001, "0.000001" },
	{ 0.0000015, "0.0000015" },
	{ 1e-7, "1e-7" },
	{ 1.5e-7, "1.5e-7" },
	{ 9.99e-7, "9.99e-7" },
	{ -1.5e-7, "-1.5e-7" },
	{ 1.23e-18, "1.23e-18" },
	{ 12345.678, "12345.678" },
	{ 5e-324, "5e-324" },
	{ 1.7976931348623157e308, "1.7976931348623157e+308" },
	{ 2.2250738585072014e-308, "2.2250738585072014e-308" },
	{ 4.35, "4.35" },
	{ 1e100, "1e+100" },
	{ 123e-20, "1.23e-18" },
	{ 1234567.125, "1234567.125" },
};

START_TEST(number_should_print_as_javascript_does)
{
	char buf[MD_NUMBUFLEN];

	ck_assert_int_eq(md_number_format(numbers[_i].n_value, buf,
	    sizeof (buf)), 0);
	ck_assert_str_eq(buf, numbers[_i].n_text);
	/* and it reads back as the same number */
	ck_assert(strtod(buf, NULL) == numbers[_i].n_value);
}
END_TEST

START_TEST(number_should_refuse_what_is_not_finite)
{
	char buf[MD_NUMBUFLEN];

	ck_assert_int_eq(md_number_format(INFINITY, buf, sizeof (buf)), -1);
	ck_assert_int_eq(md_number_format(-INFINITY, buf, sizeof (buf)), -1);
	ck_assert_int_eq(md_number_format(NAN, buf, sizeof (buf)), -1);
}
END_TEST

START_TEST(number_should_refuse_a_small_buffer)
{
	char buf[MD_NUMBUFLEN];

	ck_assert_int_eq(md_number_format(1, buf, MD_NUMBUFLEN - 1), -1);
}
END_TEST

/* Every power of two reads back, whatever notation it takes. */
START_TEST(number_should_round_trip_across_the_range)
{
	char buf[MD_NUMBUFLEN];
	int e;

	for (e = -1074; e <= 1023; e++) {
		double x = ldexp(1.0, e);

		ck_assert_int_eq(md_number_format(x, buf, sizeof (buf)), 0);
		ck_assert_msg(strtod(buf, NULL) == x, "2^%d printed as %s", e,
		    buf);
		if (e == 1023)
			continue;	/* 3 * 2^1023 is not finite */
		ck_assert_int_eq(md_number_format(-x * 3, buf, sizeof (buf)), 0);
		ck_assert_msg(strtod(buf, NULL) == -x * 3, "-3*2^%d as %s", e,
		    buf);
	}
}
END_TEST

/* Integers and fixed-point numbers, exactly, to their ends. */
START_TEST(number_should_print_integers_and_fixed_point_exactly)
{
	char buf[MD_FIXEDLEN + 1];

	buf[md_number_uint(buf, 0)] = '\0';
	ck_assert_str_eq(buf, "0");
	buf[md_number_uint(buf, UINT64_MAX)] = '\0';
	ck_assert_str_eq(buf, "18446744073709551615");
	buf[md_number_fixed(buf, 1200, 2)] = '\0';
	ck_assert_str_eq(buf, "12");
	buf[md_number_fixed(buf, 1250, 2)] = '\0';
	ck_assert_str_eq(buf, "12.5");
	buf[md_number_fixed(buf, -1205, 2)] = '\0';
	ck_assert_str_eq(buf, "-12.05");
	buf[md_number_fixed(buf, 5, 2)] = '\0';
	ck_assert_str_eq(buf, "0.05");
	buf[md_number_fixed(buf, 0, 2)] = '\0';
	ck_assert_str_eq(buf, "0");
	buf[md_number_fixed(buf, 125, 6)] = '\0';
	ck_assert_str_eq(buf, "0.000125");
	buf[md_number_fixed(buf, 60000000, 6)] = '\0';
	ck_assert_str_eq(buf, "60");
	buf[md_number_fixed(buf, 42, 0)] = '\0';
	ck_assert_str_eq(buf, "42");
	buf[md_number_fixed(buf, INT64_MIN, 2)] = '\0';
	ck_assert_str_eq(buf, "-92233720368547758.08");
	buf[md_number_fixed(buf, INT64_MAX, 18)] = '\0';
	ck_assert_str_eq(buf, "9.223372036854775807");
	buf[md_number_fixed(buf, 1, 18)] = '\0';
	ck_assert_str_eq(buf, "0.000000000000000001");
}
END_TEST

Suite *
number_suite(void)
{
	Suite *s = suite_create("number");
	TCase *tc = tcase_create("number");

	tcase_add_loop_test(tc, number_should_print_as_javascript_does, 0,
	    (int)(sizeof (numbers) / sizeof (numbers[0])));
	tcase_add_test(tc, number_should_refuse_what_is_not_finite);
	tcase_add_test(tc, number_should_refuse_a_small_buffer);
	tcase_add_test(tc, number_should_round_trip_across_the_range);
	tcase_add_test(tc,
	    number_should_print_integers_and_fixed_point_exactly);
	suite_add_tcase(s, tc);
	return (s);
}

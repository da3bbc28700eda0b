/*
 * check_unit.c: units (md_unit.c): what each is, and a quantity printed
 * in its unit for a person to read.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

START_TEST(unit_should_say_what_a_unit_is)
{
	uint64_t ns = 0;

	ck_assert_int_eq(md_unit_kind("nanoseconds", &ns), MD_UNIT_TIME);
	ck_assert_uint_eq(ns, 1);
	ck_assert_int_eq(md_unit_kind("microseconds", &ns), MD_UNIT_TIME);
	ck_assert_uint_eq(ns, 1000);
	ck_assert_int_eq(md_unit_kind("milliseconds", &ns), MD_UNIT_TIME);
	ck_assert_uint_eq(ns, 1000000);
	ck_assert_int_eq(md_unit_kind("seconds", &ns), MD_UNIT_TIME);
	ck_assert_uint_eq(ns, 1000000000);
	ck_assert_int_eq(md_unit_kind("seconds", NULL), MD_UNIT_TIME);
	ck_assert_int_eq(md_unit_kind("bytes", NULL), MD_UNIT_BYTES);
	ck_assert_int_eq(md_unit_kind("requests", NULL), MD_UNIT_PLAIN);
	/* only the words SPEC 1 names are scaled: no abbreviations */
	ck_assert_int_eq(md_unit_kind("ns", NULL), MD_UNIT_PLAIN);
	ck_assert_int_eq(md_unit_kind("Bytes", NULL), MD_UNIT_PLAIN);
	ck_assert_int_eq(md_unit_kind("", NULL), MD_UNIT_NONE);
	ck_assert_int_eq(md_unit_kind(NULL, NULL), MD_UNIT_NONE);
}
END_TEST

static const struct {
	const char	*f_unit;
	double		f_value;
	const char	*f_text;
} formats[] = {
	{ "nanoseconds", 0, "0 ns" },
	{ "nanoseconds", 1, "1 ns" },
	{ "nanoseconds", 999, "999 ns" },
	{ "nanoseconds", 999.4, "999 ns" },
	{ "nanoseconds", 999.6, "1 us" },	/* never "1000 ns" */
	{ "nanoseconds", 1000, "1 us" },
	{ "nanoseconds", 1024, "1.02 us" },
	{ "nanoseconds", 1500000, "1.5 ms" },
	{ "nanoseconds", 12345678, "12.3 ms" },
	{ "nanoseconds", 3599999999.0, "3.6 s" },
	{ "nanoseconds", 7200e9, "7200 s" },	/* s is the largest */
	{ "nanoseconds", -1500, "-1.5 us" },
	{ "nanoseconds", 0.5, "0.5 ns" },
	{ "microseconds", 1500, "1.5 ms" },
	{ "milliseconds", 1, "1 ms" },
	{ "milliseconds", 0.001, "1 us" },
	{ "seconds", 2, "2 s" },
	{ "seconds", 0.25, "250 ms" },
	{ "bytes", 0, "0 B" },
	{ "bytes", 1000, "1000 B" },		/* powers of 1,024 */
	{ "bytes", 1023, "1023 B" },
	{ "bytes", 1024, "1 KiB" },
	{ "bytes", 1536, "1.5 KiB" },
	{ "bytes", 12.3 * 1048576, "12.3 MiB" },
	{ "bytes", 4.0 * 1099511627776.0, "4 TiB" },
	{ "bytes", 4096.0 * 1099511627776.0, "4096 TiB" },
	{ "requests", 12, "12 requests" },
	{ "requests", 1e6, "1000000 requests" },	/* never scaled */
	{ "requests", 2.5, "2.5 requests" },
	{ NULL, 12, "12" },
	{ NULL, 123456789, "123456789" },
	{ NULL, 0.126, "0.13" },
	{ NULL, 1e300, "1e+300" },
	{ "requests", 2e15, "2e+15 requests" },
	{ NULL, -3, "-3" },
};

START_TEST(unit_should_print_a_quantity_as_a_person_reads_it)
{
	char buf[64];
	size_t n;

	n = md_unit_format(buf, sizeof (buf), formats[_i].f_unit,
	    formats[_i].f_value);
	ck_assert_str_eq(buf, formats[_i].f_text);
	ck_assert_uint_eq(n, strlen(buf));
}
END_TEST

/* An axis's labels: the micro sign, SI prefixes for plain numbers. */
START_TEST(unit_should_label_an_axis)
{
	static const struct {
		const char	*a_unit;
		double		a_v;
		const char	*a_text;
	} cases[] = {
		{ "nanoseconds", 10000, "10 \xc2\xb5s" },
		{ "microseconds", 1, "1 \xc2\xb5s" },
		{ "nanoseconds", 1e9, "1 s" },
		{ "bytes", 1024, "1 KiB" },
		{ "bytes", 1048576, "1 MiB" },
		{ NULL, 1000, "1k" },
		{ NULL, 2500000, "2.5M" },
		{ NULL, 999, "999" },
		{ "requests", 10000, "10k requests" },
		{ "", 1e12, "1T" }
	};
	char buf[64];
	size_t i;

	for (i = 0; i < sizeof (cases) / sizeof (cases[0]); i++) {
		(void) md_unit_axis(buf, sizeof (buf), cases[i].a_unit,
		    cases[i].a_v);
		ck_assert_str_eq(buf, cases[i].a_text);
	}
	(void) md_unit_format(buf, sizeof (buf), "nanoseconds", 10000);
	ck_assert_str_eq(buf, "10 us");
}
END_TEST

/* A title's unit: a time's symbol, as the axis writes it; else as is. */
START_TEST(unit_should_name_a_unit_by_its_symbol)
{
	char buf[64];

	ck_assert_str_eq(md_unit_symbol("nanoseconds"), "ns");
	ck_assert_str_eq(md_unit_symbol("microseconds"), "\xc2\xb5s");
	ck_assert_str_eq(md_unit_symbol("milliseconds"), "ms");
	ck_assert_str_eq(md_unit_symbol("seconds"), "s");
	ck_assert_str_eq(md_unit_symbol("bytes"), "bytes");
	ck_assert_str_eq(md_unit_symbol("requests"), "requests");
	ck_assert_ptr_null(md_unit_symbol(NULL));
	/* the symbol is the one the axis writes */
	(void) md_unit_axis(buf, sizeof (buf), "microseconds", 10);
	ck_assert_str_eq(buf, "10 \xc2\xb5s");
	(void) md_unit_axis(buf, sizeof (buf), "nanoseconds", 20000);
	ck_assert_str_eq(buf, "20 \xc2\xb5s");
	(void) md_unit_format(buf, sizeof (buf), "nanoseconds", 20000);
	ck_assert_str_eq(buf, "20 us");
}
END_TEST

START_TEST(unit_should_cut_as_snprintf_does)
{
	char buf[4];

	ck_assert_uint_eq(md_unit_format(buf, sizeof (buf), "nanoseconds",
	    1500000), strlen("1.5 ms"));
	ck_assert_str_eq(buf, "1.5");
	ck_assert_uint_eq(md_unit_format(NULL, 0, "bytes", 1024), 5);
}
END_TEST

START_TEST(unit_should_say_what_is_not_finite)
{
	char buf[64];

	(void) md_unit_format(buf, sizeof (buf), "nanoseconds", INFINITY);
	ck_assert_str_eq(buf, "inf");
	(void) md_unit_format(buf, sizeof (buf), NULL, NAN);
	ck_assert_str_eq(buf, "nan");
}
END_TEST

/* The longest a unit may be still fits in 64 bytes, whatever the value. */
START_TEST(unit_should_fit_in_64_bytes)
{
	char unit[MD_UNITLEN + 1], buf[64];

	(void) memset(unit, 'x', MD_UNITLEN);
	unit[MD_UNITLEN] = '\0';
	ck_assert_uint_lt(md_unit_format(buf, sizeof (buf), unit, -1e300),
	    sizeof (buf));
	ck_assert_uint_lt(md_unit_format(buf, sizeof (buf), unit,
	    -123456789012345.0), sizeof (buf));
	ck_assert_uint_lt(md_unit_format(buf, sizeof (buf), "seconds",
	    -1e300), sizeof (buf));
}
END_TEST

Suite *
unit_suite(void)
{
	Suite *s = suite_create("unit");
	TCase *tc = tcase_create("unit");

	tcase_add_test(tc, unit_should_say_what_a_unit_is);
	tcase_add_loop_test(tc,
	    unit_should_print_a_quantity_as_a_person_reads_it, 0,
	    (int)(sizeof (formats) / sizeof (formats[0])));
	tcase_add_test(tc, unit_should_cut_as_snprintf_does);
	tcase_add_test(tc, unit_should_name_a_unit_by_its_symbol);
	tcase_add_test(tc, unit_should_label_an_axis);
	tcase_add_test(tc, unit_should_say_what_is_not_finite);
	tcase_add_test(tc, unit_should_fit_in_64_bytes);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_option.c: DTrace options (-x), tick intervals (-i) and durations
 * (-T).
 */

#include <string.h>

#include "check_md.h"

static const struct {
	const char	*o_name;
	const char	*o_value;	/* NULL: a flag */
} good[] = {
	{ "bufsize", "4m" }, { "bufsize", "16384" }, { "aggsize", "1G" },
	{ "dynvarsize", "32k" }, { "strsize", "1024" }, { "specsize", "2T" },
	{ "aggrate", "10hz" }, { "cleanrate", "101hz" }, { "switchrate", "1s" },
	{ "statusrate", "500ms" }, { "aggrate", "250" }, { "aggrate", "5min" },
	{ "nspec", "4" }, { "cpu", "0" }, { "stackframes", "100" },
	{ "bufpolicy", "ring" }, { "bufpolicy", "fill" }, { "bufresize", "auto" },
	{ "quiet", NULL }, { "zdefs", NULL }, { "destructive", NULL },
	{ "aggsortrev", NULL }, { "aggzoom", NULL },
	/* the largest of each kind */
	{ "bufsize", "9223372036854775807" }, { "bufsize", "8589934591g" },
	{ "bufsize", "8388607T" }, { "nspec", "2147483647" },
	{ "aggrate", "1000000000hz" }, { "aggrate", "1000000000" },
	{ "switchrate", "9223372036854775807ns" }, { "switchrate", "106751d" },
	{ "switchrate", "1ns" },
};

START_TEST(option_should_accept_dtrace_options)
{
	md_error_t err;

	ck_assert_msg(md_option_check(good[_i].o_name, good[_i].o_value,
	    &err) == 0, "%s=%s: %s", good[_i].o_name,
	    good[_i].o_value == NULL ? "(none)" : good[_i].o_value, err.mde_msg);
}
END_TEST

static const struct {
	const char	*b_name;
	const char	*b_value;
	const char	*b_msg;
} bad[] = {
	{ "bufsiz", "4m", "option \"bufsiz\": not a DTrace option meta-d "
	    "knows; did you mean \"bufsize\"?" },
	{ "dynvar", "1m", "did you mean \"dynvarsize\"?" },
	{ "zone", "global", "option \"zone\": give zones with -z" },
	{ "", NULL, "option \"\": not a DTrace option" },
	{ "bufsize", NULL, "option \"bufsize\" needs a value: a size, as 4m" },
	{ "bufsize", "4mb", "option \"bufsize\": \"4mb\" is not a size" },
	{ "bufsize", "-4m", "option \"bufsize\": \"-4m\" is not a size" },
	{ "bufsize", "04m", "option \"bufsize\": \"04m\" is not a size" },
	{ "bufsize", "m", "option \"bufsize\": \"m\" is not a size" },
	{ "bufsize", "", "option \"bufsize\": \"\" is not a size" },
	{ "bufsize", "9223372036854775808", "is not a size, as 4m: digits and "
	    "k, m, g or t, below 2^63 bytes" },
	{ "bufsize", "8589934592g", "\"8589934592g\" is not a size" },
	{ "bufsize", "8388608t", "\"8388608t\" is not a size" },
	{ "bufsize", "99999999999999999999", "is not a size" },
	{ "aggrate", "1000000001hz", "is not a time or rate, as 10ms or 101hz: "
	    "digits and ns, us, ms, s, m, h, d or hz, at most 1000000000hz and "
	    "below 2^63 ns" },
	{ "aggrate", "0hz", "\"0hz\" is not a time or rate" },
	{ "aggrate", "0", "\"0\" is not a time or rate" },
	{ "switchrate", "106752d", "\"106752d\" is not a time or rate" },
	{ "switchrate", "9223372036854775808ns", "is not a time or rate" },
	{ "nspec", "2147483648", "\"2147483648\" is not a number from 0 to "
	    "2147483647" },
	{ "bufsize", "4m\n#pragma D option destructive", "is not a size" },
	{ "aggrate", "10hZ", "option \"aggrate\": \"10hZ\" is not a time or "
	    "rate" },
	{ "aggrate", "1.5s", "\"1.5s\" is not a time or rate" },
	{ "nspec", "4k", "option \"nspec\": \"4k\" is not a number" },
	{ "bufpolicy", "rings", "option \"bufpolicy\": \"rings\" is not "
	    "fill|ring|switch" },
	{ "bufpolicy", "rin", "\"rin\" is not fill|ring|switch" },
	{ "bufpolicy", "", "\"\" is not fill|ring|switch" },
	{ "quiet", "yes", "option \"quiet\" takes no value" },
	{ "quiet", "", "option \"quiet\" takes no value" },
};

START_TEST(option_should_refuse_what_dtrace_would_not_take)
{
	md_error_t err;

	ck_assert_int_eq(md_option_check(bad[_i].b_name, bad[_i].b_value,
	    &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_OPTION);
	ck_assert_msg(strstr(err.mde_msg, bad[_i].b_msg) != NULL,
	    "message \"%s\", expected \"%s\"", err.mde_msg, bad[_i].b_msg);
	ck_assert_int_eq(md_option_check(NULL, NULL, &err), -1);
}
END_TEST

/* "did you mean" only for a likely slip of the keyboard. */
START_TEST(option_should_suggest_only_a_near_option)
{
	md_error_t err;

	ck_assert_int_eq(md_option_check("frobnicate", "1", &err), -1);
	ck_assert_str_eq(err.mde_msg, "option \"frobnicate\": not a DTrace "
	    "option meta-d knows");
	ck_assert_int_eq(md_option_check("bufsze", "16m", &err), -1);
	ck_assert_str_eq(err.mde_msg, "option \"bufsze\": not a DTrace "
	    "option meta-d knows; did you mean \"bufsize\"?");
	ck_assert_int_eq(md_option_check("aggrat", "1s", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.mde_msg, "\"aggrate\"?"));
}
END_TEST

START_TEST(interval_should_follow_tick_probes)
{
	static const char *const ok[] = { "1s", "500ms", "10sec", "5hz",
	    "100", "1min", "2h", "1d", "250us", "1000000ns", "3msec",
	    "5000hz", "5000", "200us", "200000ns", "106751d" };
	static const char *const ko[] = { "", "0", "0s", "01s", "s", "1.5s",
	    "1 s", "1S", "1sx", "-1s", "1s;", "10ks", "99999999999999999999s",
	    "1s\n{ trace(1); }", "5001hz", "5001", "199us", "199999ns",
	    "4294967296hz", "106752d" };
	size_t i;

	for (i = 0; i < sizeof (ok) / sizeof (ok[0]); i++)
		ck_assert_msg(md_interval_check(ok[i], NULL) == 0,
		    "refused %s", ok[i]);
	for (i = 0; i < sizeof (ko) / sizeof (ko[0]); i++)
		ck_assert_msg(md_interval_check(ko[i], NULL) != 0,
		    "accepted %s", ko[i]);
	ck_assert(md_interval_check(NULL, NULL) != 0);
}
END_TEST

START_TEST(duration_should_be_a_time)
{
	static const char *const ok[] = { "10s", "10", "500ms", "2min", "1h",
	    "1d", "10sec", "250us", "1000000ns", "3msec", "5m", "1hour",
	    "1day", "200us", "9223372036", "106751d" };
	static const char *const ko[] = { "", "0", "0s", "01s", "s", "1.5s",
	    "10hz", "1hz", "hz", "1 s", "1S", "-1s", "1s;",
	    "99999999999999999999s", "1s\n{ trace(1); }", "199us",
	    "9223372037", "106752d" };
	size_t i;

	for (i = 0; i < sizeof (ok) / sizeof (ok[0]); i++)
		ck_assert_msg(md_duration_check(ok[i], NULL) == 0,
		    "refused %s", ok[i]);
	for (i = 0; i < sizeof (ko) / sizeof (ko[0]); i++)
		ck_assert_msg(md_duration_check(ko[i], NULL) != 0,
		    "accepted %s", ko[i]);
	ck_assert(md_duration_check(NULL, NULL) != 0);
}
END_TEST

Suite *
option_suite(void)
{
	Suite *s = suite_create("option");
	TCase *tc = tcase_create("option");

	tcase_add_loop_test(tc, option_should_accept_dtrace_options, 0,
	    (int)(sizeof (good) / sizeof (good[0])));
	tcase_add_loop_test(tc, option_should_refuse_what_dtrace_would_not_take,
	    0, (int)(sizeof (bad) / sizeof (bad[0])));
	tcase_add_test(tc, option_should_suggest_only_a_near_option);
	tcase_add_test(tc, interval_should_follow_tick_probes);
	tcase_add_test(tc, duration_should_be_a_time);
	suite_add_tcase(s, tc);
	return (s);
}

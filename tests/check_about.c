/*
 * check_about.c: what a metric says about its numbers and the systems it
 * is for (md_about.c): "units" and "os" read, a malformed one kept for
 * --check and the modes that trace, never in the way of a script.
 */

#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* A metric with these top-level keys before its fields. */
static const char *
t_about(const char *keys)
{
	return (t_fmt("{ %s 'fields': ['execname', 'latency', 'size'], "
	    "'fields_internal': ['start'], 'metad': { 'probedesc': [ "
	    "{ 'probes': ['syscall:::entry'], 'aggregate': { 'default': "
	    "'count()', 'execname': 'count()', 'latency': 'quantize($0)', "
	    "'size': 'sum($0)' }, 'transforms': { 'execname': 'execname', "
	    "'latency': 'timestamp', 'size': 'arg2' } } ] } }", keys));
}

START_TEST(about_should_read_units_and_systems)
{
	md_metric_t *m = t_metric(t_about("'units': { 'latency': "
	    "'nanoseconds', 'size': 'bytes' }, 'os': ['linux', 'illumos'],"));
	md_error_t err;

	ck_assert_int_eq(md_metric_about(m, &err), 0);
	ck_assert_str_eq(md_metric_unit(m, "latency"), "nanoseconds");
	ck_assert_str_eq(md_metric_unit(m, "size"), "bytes");
	ck_assert_ptr_null(md_metric_unit(m, "execname"));
	ck_assert_ptr_null(md_metric_unit(m, "nosuch"));
	ck_assert_uint_eq(md_metric_nos(m), 2);
	ck_assert_str_eq(md_metric_os(m, 0), "linux");
	ck_assert_str_eq(md_metric_os(m, 1), "illumos");
	ck_assert_ptr_null(md_metric_os(m, 2));
	ck_assert_int_eq(md_metric_runs_on(m, "linux"), 1);
	ck_assert_int_eq(md_metric_runs_on(m, "illumos"), 1);
	ck_assert_int_eq(md_metric_runs_on(m, "macos"), 0);
	ck_assert_int_eq(md_metric_runs_on(m, ""), 0);
	md_metric_free(m);
}
END_TEST

START_TEST(about_should_read_absent_keys_as_no_unit_and_any_system)
{
	md_metric_t *m = t_metric(t_about(""));
	md_error_t err;

	ck_assert_int_eq(md_metric_about(m, &err), 0);
	ck_assert_ptr_null(md_metric_unit(m, "latency"));
	ck_assert_uint_eq(md_metric_nos(m), 0);
	ck_assert_int_eq(md_metric_runs_on(m, "freebsd"), 1);
	ck_assert_int_eq(md_metric_runs_on(m, ""), 1);
	md_metric_free(m);
}
END_TEST

static const struct {
	const char	*b_keys;
	const char	*b_msg;
} bad[] = {
	{ "'units': ['latency'],", "units: must be an object" },
	{ "'units': { 'latncy': 'bytes' },", "units.latncy: \"latncy\" is "
	    "not a field of the metric (did you mean \"latency\"?)" },
	{ "'units': { 'start': 'nanoseconds' },", "units.start: an internal "
	    "field has no unit" },
	{ "'units': { 'latency': '' },", "units.latency: must be a "
	    "non-empty string" },
	{ "'units': { 'latency': 5 },", "units.latency: must be a "
	    "non-empty string" },
	{ "'units': { 'latency': 'a\\nb' },", "units.latency: must be a "
	    "non-empty string of at most 32 characters and no control" },
	{ "'units': { 'latency': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' },",
	    "units.latency: must be a non-empty string of at most 32" },
	{ "'os': 'linux',", "os: must be an array of the systems" },
	{ "'os': [],", "os: must name a system at least" },
	{ "'os': [3],", "os[0]: must be a string" },
	{ "'os': ['linux', 'Linux'],", "os[1]: \"Linux\" is not a system "
	    "meta-d knows: did you mean \"linux\"?" },
	{ "'os': ['solaris'],", "os[0]: \"solaris\" is not a system meta-d "
	    "knows: illumos, linux, freebsd or macos" },
};

/*
 * A malformed "units" or "os" loads, generates as before, is read as
 * absent, and is what md_metric_about() and md_metric_check() report.
 */
START_TEST(about_should_keep_what_is_malformed_for_check)
{
	md_metric_t *m = t_metric(t_about(bad[_i].b_keys));
	md_request_t req;
	md_result_t *r;
	md_error_t err;

	ck_assert_int_eq(md_metric_about(m, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_INVALID);
	ck_assert_msg(strncmp(err.mde_msg, bad[_i].b_msg,
	    strlen(bad[_i].b_msg)) == 0, "got \"%s\", expected \"%s...\"",
	    err.mde_msg, bad[_i].b_msg);
	ck_assert_ptr_null(md_metric_unit(m, "latency"));
	ck_assert_uint_eq(md_metric_nos(m), 0);
	(void) memset(&err, 0, sizeof (err));
	ck_assert_int_eq(md_metric_check(m, NULL, &err), -1);
	ck_assert_msg(strncmp(err.mde_msg, bad[_i].b_msg,
	    strlen(bad[_i].b_msg)) == 0, "--check said \"%s\"", err.mde_msg);
	(void) memset(&req, 0, sizeof (req));
	req.mdq_hostname = T_HOST;
	ck_assert_int_eq(md_metric_check(m, &req, &err), -1);
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "a script refused: %s", err.mde_msg);
	md_result_free(r);
	md_metric_free(m);
}
END_TEST

/* The scripts are the same bytes with "units" and "os" or without. */
START_TEST(about_should_never_change_a_script)
{
	ck_assert_str_eq(t_gen(t_about("'units': { 'latency': 'seconds' }, "
	    "'os': ['macos'],"), "n:latency s:execname", NULL),
	    t_gen(t_about(""), "n:latency s:execname", NULL));
}
END_TEST

Suite *
about_suite(void)
{
	Suite *s = suite_create("about");
	TCase *tc = tcase_create("about");

	tcase_add_test(tc, about_should_read_units_and_systems);
	tcase_add_test(tc,
	    about_should_read_absent_keys_as_no_unit_and_any_system);
	tcase_add_loop_test(tc, about_should_keep_what_is_malformed_for_check,
	    0, (int)(sizeof (bad) / sizeof (bad[0])));
	tcase_add_test(tc, about_should_never_change_a_script);
	suite_add_tcase(s, tc);
	return (s);
}

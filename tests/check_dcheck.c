/*
 * check_dcheck.c: D checked through the public entry points: a program
 * (md_d_check()) and a metric (md_metric_check()), each error located.
 */

#include <stdio.h>
#include <string.h>

#include "check_md.h"

/* The public entry point: line and column from 1, and MD_ERR_D. */
START_TEST(d_check_should_say_where)
{
	md_error_t err;
	size_t line = 0, col = 0;

	ck_assert_int_eq(md_d_check("BEGIN { exit(0); }", 18, &line, &col,
	    &err), 0);
	ck_assert_int_eq(md_d_check("BEGIN\n{\n\tx = 1 +;\n}", 19, &line,
	    &col, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_D);
	ck_assert_str_eq(err.mde_msg, "syntax error near ';'");
	ck_assert_uint_eq(line, 3);
	ck_assert_uint_eq(col, 9);
	/* the length is all that is read: no NUL needed, none looked for */
	ck_assert_int_eq(md_d_check("BEGIN {}}", 8, NULL, NULL, &err), 0);
	ck_assert_int_eq(md_d_check("BEGIN {\0}", 9, &line, &col, &err), -1);
	ck_assert_str_eq(err.mde_msg, "syntax error near a NUL byte");
	ck_assert_int_eq(md_d_check(NULL, 0, NULL, NULL, &err), -1);
	ck_assert_str_eq(err.mde_msg, "empty D program translation unit");
	ck_assert_int_eq(md_d_check(NULL, 1, NULL, NULL, NULL), -1);
}
END_TEST

/* A metric's D: valid, or its first error named by its place. */
START_TEST(metric_check_should_name_the_place)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_error_t err;

	ck_assert_int_eq(md_metric_check(m, NULL, &err), 0);
	md_metric_free(m);

	m = t_metric("{ 'fields': ['a'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'count()', 'a': "
	    "'count()' }, 'transforms': { 'a': 'execname)' } }] } }");
	ck_assert_int_eq(md_metric_check(m, NULL, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_D);
	ck_assert_str_eq(err.mde_msg, "probedesc[0].transforms.a: D extra ) "
	    "in input stream (column 9)");
	md_metric_free(m);

	m = t_metric("{ 'fields': ['a'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'count()', 'a': "
	    "'lquantize($0, 1)' }, 'transforms': { 'a': 'pid' } }] } }");
	ck_assert_int_eq(md_metric_check(m, NULL, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_D);
	ck_assert_msg(strstr(err.mde_msg, "probedesc[0].aggregate.a: D "
	    "lquantize( ) prototype mismatch") == err.mde_msg, "%s",
	    err.mde_msg);
	md_metric_free(m);
}
END_TEST

/* With a request, that request's scripts only, as md_generate() makes. */
START_TEST(metric_check_should_check_one_request)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_decomp_t d[1] = { { "nosuch", MD_DECOMP_STRING } };
	md_request_t req;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	ck_assert_int_eq(md_metric_check(m, &req, &err), 0);
	req.mdq_decomps = d;
	req.mdq_ndecomps = 1;
	ck_assert_int_eq(md_metric_check(m, &req, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_FIELD);
	md_metric_free(m);
}
END_TEST

Suite *
dcheck_suite(void)
{
	Suite *s = suite_create("dcheck");
	TCase *tc = tcase_create("dcheck");

	tcase_add_test(tc, d_check_should_say_where);
	tcase_add_test(tc, metric_check_should_name_the_place);
	tcase_add_test(tc, metric_check_should_check_one_request);
	suite_add_tcase(s, tc);
	return (s);
}

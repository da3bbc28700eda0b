/*
 * check_plan.c: which probedesc entries a script needs, and the gathered
 * map as each is reached.
 */

#include <stdio.h>
#include <string.h>

#include "check_md.h"

/*
 *	0  gathers a
 *	1  always gathers v
 *	2  gathers b and a again (into a global)
 *	3  aggregates
 *	4  cleans a, b, v
 *	5  cleans b only
 *	6  gathers c, never requested in these tests but for one
 */
#define	P_METRIC \
	"{ 'fields': ['a', 'b', 'c'], 'fields_internal': ['v'], " \
	"  'metad': { 'probedesc': [" \
	"  { 'probes': ['p0'], 'gather': { 'a': { 'gather': 'A', " \
	"      'store': 'thread' } } }," \
	"  { 'probes': ['p1'], 'alwaysgather': { 'v': { 'gather': 'V', " \
	"      'store': 'thread' } } }," \
	"  { 'probes': ['p2'], 'gather': { " \
	"      'b': { 'gather': 'B', 'store': 'global[x]' }, " \
	"      'a': { 'gather': 'A2', 'store': 'global' } } }," \
	"  { 'probes': ['p3'], 'aggregate': { 'default': 'c()', " \
	"      'a': 'c()', 'b': 'c()', 'c': 'c()' }, 'transforms': { " \
	"      'a': 'A', 'b': 'B', 'c': 'C' }, 'verify': { 'a': '$0', " \
	"      'b': '$0', 'v': '$0' } }," \
	"  { 'probes': ['p4'], 'clean': { 'a': '$0', 'b': '$0', 'v': '$0' } }," \
	"  { 'probes': ['p5'], 'clean': { 'b': '$0' } }," \
	"  { 'probes': ['p6'], 'gather': { 'c': { 'gather': 'C', " \
	"      'store': 'thread' } }, 'clean': { 'c': '$0' } }" \
	"  ] } }"

/*
 * The needed entries for the requested fields (words as for t_request())
 * and predicate, as "i i i", and the gathered map at the end, as
 * "field:name field:name".
 */
static void
t_plan(const char *msq, const char *fields, const char *psq, char *order,
    char *gathered)
{
	md_metric_t *m = t_metric(msq);
	md_pred_t *p = psq == NULL ? NULL : t_pred(psq);
	t_req_t tr;
	md_request_t req;
	size_t idx, i;
	md_error_t err;
	md_plan_t pl;

	t_request(fields, &req, &tr);
	ck_assert_int_eq(md_plan_init(&pl, m, tr.tr_d, req.mdq_ndecomps, p,
	    &err), 0);
	order[0] = '\0';
	while (md_plan_next(&pl, &idx) != NULL)
		(void) sprintf(order + strlen(order), "%s%zu",
		    order[0] ? " " : "", idx);
	gathered[0] = '\0';
	for (i = 0; i < pl.pl_ngathered; i++)
		(void) sprintf(gathered + strlen(gathered), "%s%s:%s",
		    i ? " " : "", pl.pl_gathered[i].gv_field,
		    pl.pl_gathered[i].gv_gather->mg_names[0]);
	ck_assert_ptr_null(md_plan_next(&pl, &idx));	/* stays done */
	md_plan_fini(&pl);
	md_pred_free(p);
	md_metric_free(m);
}

START_TEST(plan_should_keep_aggregates_alwaysgathers_and_their_cleans)
{
	char order[128], gathered[256];

	t_plan(P_METRIC, "", NULL, order, gathered);
	ck_assert_str_eq(order, "1 3 4");
	ck_assert_str_eq(gathered, "v:self->v0");
}
END_TEST

START_TEST(plan_should_add_the_gathers_of_requested_fields)
{
	char order[128], gathered[256];

	t_plan(P_METRIC, "s:b", NULL, order, gathered);
	ck_assert_str_eq(order, "1 2 3 4 5");
	ck_assert_str_eq(gathered, "v:self->v0 b:b0");
}
END_TEST

/* A field gathered again keeps its place, with the new variables. */
START_TEST(plan_should_replace_a_gather_in_place)
{
	char order[128], gathered[256];

	t_plan(P_METRIC, "s:a", NULL, order, gathered);
	ck_assert_str_eq(order, "0 1 2 3 4");
	ck_assert_str_eq(gathered, "a:a0 v:self->v0");
}
END_TEST

START_TEST(plan_should_count_predicate_fields_as_requested)
{
	char order[128], gathered[256];

	t_plan(P_METRIC, "", "{'or': [{'eq': ['c', 1]}, {'eq': ['b', 2]}]}",
	    order, gathered);
	ck_assert_str_eq(order, "1 2 3 4 5 6");
	ck_assert_str_eq(gathered, "v:self->v0 b:b0 c:self->c0");
}
END_TEST

/* Without gathers, clean-only entries are never needed. */
START_TEST(plan_should_skip_cleans_of_nothing)
{
	char order[128], gathered[256];

	t_plan("{ 'fields': ['a', 'l'], 'metad': { 'probedesc': ["
	    "{ 'probes': ['e'], 'gather': { 'l': { 'gather': 'T', "
	    "'store': 'thread' } } },"
	    "{ 'probes': ['r'], 'aggregate': { 'default': 'c()', 'a': 'c()', "
	    "'l': 'q($0)' }, 'transforms': { 'a': 'A', 'l': 'L' }, "
	    "'verify': { 'l': '$0' } },"
	    "{ 'probes': ['r'], 'clean': { 'l': '$0' } } ] } }", "s:a", NULL,
	    order, gathered);
	ck_assert_str_eq(order, "1");
	ck_assert_str_eq(gathered, "");
}
END_TEST

/* An empty alwaysgather still makes its entry needed, as in the original. */
START_TEST(plan_should_keep_an_empty_alwaysgather)
{
	char order[128], gathered[256];

	t_plan("{ 'fields': ['a'], 'metad': { 'probedesc': ["
	    "{ 'probes': ['e'], 'alwaysgather': {} },"
	    "{ 'probes': ['r'], 'aggregate': { 'default': 'c()', 'a': 'c()' }, "
	    "'transforms': { 'a': 'A' } } ] } }", "", NULL, order, gathered);
	ck_assert_str_eq(order, "0 1");
}
END_TEST

START_TEST(plan_should_answer_requested_and_gathered)
{
	static const md_decomp_t d[] = { { "b", MD_DECOMP_NUMBER } };
	md_metric_t *m = t_metric(P_METRIC);
	const md_gvar_t *gv;
	md_error_t err;
	md_plan_t pl;
	size_t idx;

	ck_assert_int_eq(md_plan_init(&pl, m, d, 1, NULL, &err), 0);
	ck_assert(md_plan_requested(&pl, "b"));
	ck_assert(!md_plan_requested(&pl, "a"));
	ck_assert_ptr_null(md_plan_gathered(&pl, "b"));
	ck_assert_ptr_nonnull(md_plan_next(&pl, &idx));		/* 1 */
	ck_assert_ptr_nonnull(md_plan_next(&pl, &idx));		/* 2 */
	ck_assert_uint_eq(idx, 2);
	gv = md_plan_gathered(&pl, "b");
	ck_assert_ptr_nonnull(gv);
	ck_assert_str_eq(gv->gv_gather->mg_index[0], "[x]");
	ck_assert_ptr_null(md_plan_gathered(&pl, "a"));
	md_plan_fini(&pl);
	md_metric_free(m);
}
END_TEST

/* The variables of gathered fields: self->F<n> per thread, F<n> global. */
START_TEST(plan_should_name_the_variables)
{
	md_arena_t a = { NULL };

	ck_assert_str_eq(md_metric_varname(&a, "latency", 0, 1),
	    "self->latency0");
	ck_assert_str_eq(md_metric_varname(&a, "fd", 12, 0), "fd12");
	md_arena_free(&a);
}
END_TEST

Suite *
plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc,
	    plan_should_keep_aggregates_alwaysgathers_and_their_cleans);
	tcase_add_test(tc, plan_should_add_the_gathers_of_requested_fields);
	tcase_add_test(tc, plan_should_name_the_variables);
	tcase_add_test(tc, plan_should_replace_a_gather_in_place);
	tcase_add_test(tc, plan_should_count_predicate_fields_as_requested);
	tcase_add_test(tc, plan_should_skip_cleans_of_nothing);
	tcase_add_test(tc, plan_should_keep_an_empty_alwaysgather);
	tcase_add_test(tc, plan_should_answer_requested_and_gathered);
	suite_add_tcase(s, tc);
	return (s);
}

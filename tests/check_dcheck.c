/*
 * check_dcheck.c: D checked through the public entry points: a program
 * (md_d_check()) and a metric (md_metric_check()), each error located.
 */

#include <stdio.h>
#include <stdlib.h>
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

/*
 * SPEC 7.18: a metric whose pieces are each put in place.  Slot i of
 * v: 0 a probe, 1 a transform, 2 an aggregating function, 3 a gather, 4
 * a store's index, 5 a local, 6 a verify, 7 a clean, 8 an entry's
 * predicate, 9 a local's type.
 */
static const char *const dc_default[10] = {
	"syscall:::return", "execname", "count()", "timestamp", "tid", "1",
	"$0", "$0", "$latency0 > 0", "int"
};

static const char *const dc_place[10] = {
	"probedesc[1].probes[0]", "probedesc[1].transforms.execname",
	"probedesc[1].aggregate.execname", "probedesc[0].gather.latency.gather",
	"probedesc[0].gather.latency.store", "probedesc[1].local[0].l",
	"probedesc[1].verify.latency", "probedesc[2].clean.latency",
	"probedesc[1].predicate", "metad.locals[0].l"
};

static const char *
dc_metric(size_t slot, const char *piece)
{
	const char *v[10];
	size_t i;

	for (i = 0; i < 10; i++)
		v[i] = i == slot ? piece : dc_default[i];
	return (t_fmt("{ 'fields': ['execname', 'latency'], 'metad': { "
	    "'locals': [{ 'l': '%s' }], 'probedesc': ["
	    "{ 'probes': ['syscall:::entry'], 'gather': { 'latency': { "
	    "'gather': '%s', 'store': 'thread[%s]' } } },"
	    "{ 'probes': ['%s'], 'local': [{ 'l': '%s' }], 'predicate': '%s', "
	    "'aggregate': { 'default': 'count()', 'execname': '%s', "
	    "'latency': 'quantize($0)' }, 'transforms': { 'execname': '%s', "
	    "'latency': 'timestamp - $0' }, 'verify': { 'latency': '%s' } },"
	    "{ 'probes': ['syscall:::return'], 'clean': { 'latency': '%s' } }"
	    "] } }", v[9], v[3], v[4], v[0], v[5], v[8], v[2], v[1], v[6],
	    v[7]));
}

/* md_generate()'s error for the metric with piece in slot, and no request */
static const char *
dc_error(size_t slot, const char *piece)
{
	const char *msg = t_gen_error(dc_metric(slot, piece), "", NULL,
	    MD_ERR_D);

	ck_assert_msg(strncmp(msg, dc_place[slot], strlen(dc_place[slot])) ==
	    0, "slot %zu: %s", slot, msg);
	return (msg);
}

START_TEST(generation_should_take_the_pieces_in_place)
{
	ck_assert_ptr_nonnull(strstr(t_gen(dc_metric(10, ""),
	    "s:execname n:latency", NULL), "\t@[(execname)] = "
	    "quantize((timestamp - self->latency0));\n"));
}
END_TEST

/* Each destructive function, called in each place that holds a value. */
START_TEST(generation_should_refuse_destructive_actions_everywhere)
{
	static const char *const call[] = {
		"system(\\'id\\')", "raise(9)", "copyout(arg0, arg1, 1)",
		"copyoutstr(\\'x\\', arg0, 2)", "stop()", "panic()",
		"chill(100)", "breakpoint()"
	};
	static const char *const shape[][2] = {	/* before, after */
		{ NULL, NULL }, { "(", ", execname)" }, { "sum(", ")" },
		{ "", "" }, { "", "" }, { "", "" }, { "", "" }, { "", "" },
		{ "", " == 0" }
	};
	size_t i, slot;

	for (i = 0; i < sizeof (call) / sizeof (call[0]); i++) {
		for (slot = 1; slot < 9; slot++) {
			const char *msg = dc_error(slot, t_fmt("%s%s%s",
			    shape[slot][0], call[i], shape[slot][1]));
			char name[16];

			(void) snprintf(name, sizeof (name), "%.*s() ",
			    (int)strcspn(call[i], "("), call[i]);
			ck_assert_msg(strstr(msg, name) != NULL &&
			    strstr(msg, "is a destructive action") != NULL,
			    "%s in slot %zu: %s", call[i], slot, msg);
		}
	}
}
END_TEST

/* A control line, in every place: D's pragmas are the user's, not a metric's. */
START_TEST(generation_should_refuse_control_lines_everywhere)
{
	size_t slot;

	for (slot = 0; slot < 10; slot++) {
		const char *msg = dc_error(slot, t_fmt("%s\\n#pragma D option "
		    "destructive\\n", dc_default[slot]));

		ck_assert_msg(strstr(msg, ": a control line \"#pragma D option "
		    "destructive\" (line 2, column 1): a metric's D holds "
		    "none") != NULL, "slot %zu: %s", slot, msg);
	}
	ck_assert_ptr_nonnull(strstr(dc_error(1, "execname\\n#line 9\\n"),
	    "a control line \"#line 9\""));
}
END_TEST

/*
 * A piece that closes its clause and opens another makes a script that
 * parses: each piece is judged in its place, on every generation.
 */
START_TEST(generation_should_refuse_a_piece_that_leaves_its_place)
{
	md_metric_t *m;

	ck_assert_str_eq(dc_error(1, "execname)] = count(); } BEGIN { "
	    "@[(execname"), "probedesc[1].transforms.execname: D extra ) in "
	    "input stream (column 9)");
	ck_assert_str_eq(dc_error(0, "BEGIN { @ = count(); } profile-97"),
	    "probedesc[1].probes[0]: D syntax error near '{' (column 7)");
	ck_assert_str_eq(dc_error(8, "1/ { @ = count(); } BEGIN /1"),
	    "probedesc[1].predicate: D syntax error near '/' (column 4)");
	ck_assert_str_eq(dc_error(2, "count(); } BEGIN { @ = count()"),
	    "probedesc[1].aggregate.execname: D syntax error near ';' "
	    "(column 8)");
	/* the metric still loads: its fields can be listed */
	m = t_metric(dc_metric(1, "x)"));
	ck_assert_int_eq(md_metric_nfields(m), 2);
	md_metric_free(m);
}
END_TEST

/* A member or a variable of a destructive function's name is no call. */
START_TEST(generation_should_take_names_that_are_no_calls)
{
	ck_assert_ptr_nonnull(strstr(t_gen(dc_metric(1, "curthread->stop + "
	    "self->system + raise"), "s:execname n:latency", NULL),
	    "@[(curthread->stop + self->system + raise)] = quantize("));
}
END_TEST

/*
 * Pieces each D in its place that make a script that is not: the piece at
 * fault is named, found where md_emit() wrote it, an element of an array
 * by its index, and quoted as the script has it, at the fault or before
 * it; with a zone, the same.
 */
#define	DC_SPANS \
	"{ 'fields': ['a', 'latency'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['e'], 'gather': { 'latency': { " \
	"    'gather': ['timestamp', 'vtimestamp'], " \
	"    'store': ['thread', 'thread'] } } }," \
	"  { 'probes': ['r'], 'aggregate': { 'default': 'count()', " \
	"      'a': 'count()', 'latency': 'quantize($0)' }, " \
	"    'transforms': { 'a': 'stack()', 'latency': 'timestamp - $0' }, " \
	"    'verify': { 'latency': ['$0', '$1'] } }," \
	"  { 'probes': ['r'], 'clean': { 'latency': ['$0', '$1 + 1'] } } ] } }"

START_TEST(generation_should_name_the_piece_at_fault_in_the_script)
{
	ck_assert_str_eq(t_gen_error(DC_SPANS, "s:latency", NULL, MD_ERR_D),
	    "probedesc[2].clean.latency[1]: D operator = requires modifiable "
	    "lvalue as an operand (after \"(self->latency1 + 1)\" in the "
	    "script)");
	ck_assert_str_eq(t_gen_error(DC_SPANS, "z:a", "{ 'eq': ['a', 'x'] }",
	    MD_ERR_D), "probedesc[1].transforms.a: D tracing function "
	    "stack( ) may not be called from a D expression (D program "
	    "context required) (column 2 of \"(stack())\" in the script)");
}
END_TEST

/*
 * A check makes and parses at most MD_MAXCHECK bytes of D: a metric whose
 * aggregating function holds its 70 KB transform 4,000 times ($0) would
 * make 280 MB of it, and is stopped there, where loading and generating
 * (which do not put the transform into the function alone) take it.
 */
START_TEST(metric_check_should_stop_at_its_budget)
{
	size_t nx = 10000, na = 4000, i;
	char *text = malloc(nx * 7 + na * 3 + 1024), *p = text;
	md_metric_t *m;
	md_error_t err;

	ck_assert_ptr_nonnull(text);
	p += sprintf(p, "{\"fields\": [\"a\"], \"metad\": {\"probedesc\": "
	    "[{\"probes\": [\"BEGIN\"], \"transforms\": {\"a\": \"arg0");
	for (i = 1; i < nx; i++)
		p += sprintf(p, " + arg0");
	p += sprintf(p, "\"}, \"aggregate\": {\"default\": \"count()\", "
	    "\"a\": \"sum($0");
	for (i = 1; i < na; i++)
		p += sprintf(p, "+$0");
	(void) sprintf(p, ")\"}}]}}");
	m = md_metric_load(text, strlen(text), &err);
	free(text);
	ck_assert_msg(m != NULL, "%s", err.mde_msg);
	ck_assert_int_eq(md_metric_check(m, NULL, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("the D of every request comes to "
	    "more than the %lu MiB a check may make and parse: check one "
	    "request at a time", MD_MAXCHECK >> 20));
	md_metric_free(m);
}
END_TEST

/* What md_metric_check_each() hands on: each request's name, kept. */
static int
t_names(void *arg, const char *name, const md_request_t *req,
    const md_result_t *r, int alt)
{
	FILE *f = arg;

	(void) req;
	(void) r;
	(void) fprintf(f, "%s%s\n", name, alt ? " (alt)" : "");
	return (0);
}

/*
 * Every request is named in its own words, not in meta-d's options
 * (which meta-d words itself): to its caller, and leading an error.
 */
START_TEST(metric_check_should_name_requests_in_their_own_words)
{
	static const char *const want[] = {
		"the metric alone\n", "every 1s, for 10s\n",
		"in zone global\n", "by execname\n",
		"quantized by latency\n", "by execname, quantized by latency\n",
		"where {\"eq\": [\"execname\", \"\"]}\n",
		"where {\"eq\": [\"latency\", 0]}\n",
	};
	md_metric_t *m = t_metric(T_SYSCALL);
	char *names = NULL;
	md_error_t err;
	size_t len, i;
	FILE *f;

	f = open_memstream(&names, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(md_metric_check_each(m, NULL, t_names, f, &err), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(strncmp(names, want[0], strlen(want[0])) == 0, "%s",
	    names);
	for (i = 1; i < sizeof (want) / sizeof (want[0]); i++)
		ck_assert_msg(strstr(names, want[i]) != NULL, "%s", want[i]);
	ck_assert_msg(strstr(names, "-s") == NULL && strstr(names, "-n") ==
	    NULL && strstr(names, "-z") == NULL, "%s", names);
	free(names);
	md_metric_free(m);

	m = t_metric("{ 'fields': ['execname', 'latency'], 'metad': { "
	    "'probedesc': [ { 'probes': ['syscall:::entry'], 'gather': { "
	    "'latency': { 'gather': 'timestamp', 'store': 'thread' } } }, "
	    "{ 'probes': ['syscall:::return'], 'aggregate': { 'default': "
	    "'count()', 'execname': 'count()', 'latency': 'quantize($0)' }, "
	    "'transforms': { 'execname': 'execname', 'latency': "
	    "'timestamp - $0' }, 'verify': { 'latency': '$0' } }, "
	    "{ 'probes': ['syscall:::return'], 'clean': { 'latency': "
	    "'$0 + 1' } } ] } }");
	ck_assert_int_eq(md_metric_check(m, NULL, &err), -1);
	ck_assert_msg(strncmp(err.mde_msg, "by latency: probedesc[2].clean."
	    "latency: ", 31) == 0, "%s", err.mde_msg);
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
	tcase_add_test(tc, metric_check_should_name_requests_in_their_own_words);
	tcase_add_test(tc, generation_should_take_the_pieces_in_place);
	tcase_add_test(tc,
	    generation_should_refuse_destructive_actions_everywhere);
	tcase_add_test(tc, generation_should_refuse_control_lines_everywhere);
	tcase_add_test(tc,
	    generation_should_refuse_a_piece_that_leaves_its_place);
	tcase_add_test(tc, generation_should_take_names_that_are_no_calls);
	tcase_add_test(tc,
	    generation_should_name_the_piece_at_fault_in_the_script);
	tcase_add_test(tc, metric_check_should_stop_at_its_budget);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_kind.c: when a D expression is certainly a string or a number
 * (SPEC 7.16), clause by clause, and that nothing else is ever certain.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/*
 * Entry 0 always gathers, so that the plan has these variables:
 *	self->lat0	timestamp			a number
 *	self->name0	execname			a string
 *	glob0[arg0]	timestamp (global[arg0])	a number
 *	f20		walltimestamp (global)		a number
 *	self->mem0	args[0]->b_flags		unknown
 *	self->two0/1	pid, probefunc		a number, a string
 *	self->chain0	self->lat0			a number
 *	self->loop0	self->loop0 + 1			unknown
 */
#define	K_METRIC \
	"{ 'fields': ['a'], 'fields_internal': ['lat', 'name', 'glob', " \
	"  'f2', 'mem', 'two', 'chain', 'loop'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['p:::e'], 'alwaysgather': {" \
	"    'lat': { 'gather': 'timestamp', 'store': 'thread' }," \
	"    'name': { 'gather': 'execname', 'store': 'thread' }," \
	"    'glob': { 'gather': 'timestamp', 'store': 'global[arg0]' }," \
	"    'f2': { 'gather': 'walltimestamp', 'store': 'global' }," \
	"    'mem': { 'gather': 'args[0]->b_flags', 'store': 'thread' }," \
	"    'two': { 'gather': ['pid', 'probefunc'], " \
	"        'store': ['thread', 'thread'] }," \
	"    'chain': { 'gather': 'self->lat0', 'store': 'thread' }," \
	"    'loop': { 'gather': 'self->loop0 + 1', 'store': 'thread' } } }," \
	"  { 'probes': ['p:::r'], 'aggregate': { 'default': 'c()', " \
	"      'a': 'c()' }, 'transforms': { 'a': 'A' }, " \
	"    'verify': { 'lat': '$0', 'name': '$0', 'glob': '$0', " \
	"      'f2': '$0', 'mem': '$0', 'two': '$0', 'chain': '$0', " \
	"      'loop': '$0' }," \
	"    'clean': { 'lat': '$0', 'name': '$0', 'glob': '$0', " \
	"      'f2': '$0', 'mem': '$0', 'two': '$0', 'chain': '$0', " \
	"      'loop': '$0' } } ] } }"

static md_metric_t *k_metric;
static md_plan_t k_plan;

static void
kfix_setup(void)
{
	md_error_t err;
	size_t idx;

	k_metric = t_metric(K_METRIC);
	ck_assert_int_eq(md_plan_init(&k_plan, k_metric, NULL, 0, NULL, &err),
	    0);
	ck_assert_ptr_nonnull(md_plan_next(&k_plan, &idx));
}

static void
kfix_teardown(void)
{
	md_plan_fini(&k_plan);
	md_metric_free(k_metric);
}

#define	S	MD_KIND_STRING
#define	N	MD_KIND_NUMBER
#define	U	MD_KIND_UNKNOWN

static const struct {
	const char	*k_expr;
	md_kind_t	k_kind;
} kinds[] = {
	/* strings: literals, variables, subroutines, stringof */
	{ "\"postgres\"", S }, { "\"\"", S }, { "(\"testhost\")", S },
	{ "execname", S }, { "probeprov", S }, { "probemod", S },
	{ "probefunc", S }, { "probename", S }, { "zonename", S },
	{ "cwd", S }, { "root", S },
	{ "copyinstr(arg0)", S }, { "lltostr(pid)", S },
	{ "strjoin(execname, \"x\")", S }, { "substr(execname, 1, 2)", S },
	{ "strtok(execname, \",\")", S }, { "basename(cwd)", S },
	{ "dirname(cwd)", S }, { "cleanpath(cwd)", S },
	{ "toupper(execname)", S }, { "tolower(execname)", S },
	{ "inet_ntoa(&x)", S }, { "inet_ntoa6(&x)", S },
	{ "inet_ntop(2, &x)", S },
	{ "stringof(arg0)", S }, { "stringof arg0", S },

	/* numbers: constants, variables, subroutines, sizeof, unary */
	{ "0", N }, { "1234", N }, { "0x1F", N }, { "017", N }, { "10ul", N },
	{ "'a'", N },
	{ "arg0", N }, { "arg1", N }, { "arg2", N }, { "arg3", N },
	{ "arg4", N }, { "arg5", N }, { "arg6", N }, { "arg7", N },
	{ "arg8", N }, { "arg9", N }, { "pid", N }, { "ppid", N },
	{ "tid", N }, { "uid", N }, { "gid", N }, { "cpu", N },
	{ "timestamp", N }, { "vtimestamp", N }, { "walltimestamp", N },
	{ "errno", N }, { "epid", N }, { "id", N }, { "ipl", N },
	{ "stackdepth", N }, { "ustackdepth", N },
	{ "strlen(execname)", N }, { "index(execname, \"a\")", N },
	{ "rindex(execname, \"a\")", N }, { "strtoll(\"12\")", N },
	{ "sizeof (int)", N }, { "sizeof (struct foo *)", N },
	{ "sizeof x", N }, { "offsetof(struct foo, bar)", N },
	{ "-x", N }, { "-execname", N }, { "~x", N }, { "!x", N },
	{ "- - 3", N }, { "-(x)", N },

	/* binary operators: these make a number whatever they take */
	{ "a * b", N }, { "a / b", N }, { "a % b", N }, { "a & b", N },
	{ "a | b", N }, { "a ^ b", N }, { "a << b", N }, { "a >> b", N },
	{ "a < b", N }, { "a <= b", N }, { "a > b", N }, { "a >= b", N },
	{ "a == b", N }, { "a != b", N }, { "a && b", N }, { "a || b", N },
	{ "a ^^ b", N }, { "execname == \"x\"", N },
	{ "execname != \"x\" && pid > 0", N },

	/* + and -: two numbers, or a string and a number */
	{ "1 + 2", N }, { "timestamp - 1", N }, { "pid - ppid + 1", N },
	{ "probefunc + 4", S }, { "4 + probefunc", S }, { "probefunc - 1", S },
	{ "probefunc + 4 - 1", S }, { "2 * probefunc + 1", N },
	{ "1 - 2 * 3", N }, { "probefunc + 4 == \"x\"", N },
	{ "execname + execname", U }, { "\"a\" + \"b\"", U }, { "x + 1", U },
	{ "1 + x", U }, { "x - execname", U },

	/* the ternary: its branches agree, or nothing is certain */
	{ "x ? \"read\" : \"write\"", S }, { "x ? 1 : 2", N },
	{ "args[0]->b_flags & B_READ ? \"read\" : \"write\"", S },
	{ "a ? \"x\" : b ? \"y\" : \"z\"", S },
	{ "a ? b : c ? \"x\" : \"y\"", U }, { "x ? \"a\" : 2", U },
	{ "x ? y : z", U }, { "(x ? execname : probefunc)", S },

	/* parentheses hold their kind */
	{ "(execname)", S }, { "((((pid))))", N },
	{ "(timestamp - 1)", N }, { "(probefunc) + 4", S },

	/* gathered variables: the kind of their gather */
	{ "self->lat0", N }, { "(timestamp - self->lat0)", N },
	{ "self->name0", S }, { "self->name0 + 1", S },
	{ "glob0[arg0]", N }, { "glob0[ arg0 ]", N },
	{ "timestamp - glob0[arg0]", N }, { "f20", N },
	{ "self->two0", N }, { "self->two1", S }, { "self->chain0", N },
	{ "self->mem0", U }, { "self->loop0", U },
	{ "glob0[arg1]", U }, { "glob0", U }, { "glob0[arg0][0]", U },
	{ "self->lat1", U }, { "lat0", U }, { "self->glob0[arg0]", U },
	{ "self->f20", U }, { "self->lat00", U }, { "self->other0", U },
	{ "self->lat0->x", U }, { "self->lat", U },

	/* unknown: members, casts, translators, other variables and calls */
	{ "args[1]->dev_statname", U }, { "curpsinfo->pr_psargs", U },
	{ "curthread->t_procp->p_pidp->pid_id", U }, { "a.b", U },
	{ "(int)x", U }, { "(string)arg0", U }, { "(struct foo *)arg0", U },
	{ "(uint64_t)(timestamp)", U }, { "(int)-1", U },
	{ "xlate <psinfo_t *>(curthread)->pr_fname", U },
	{ "(xlate <node_connection_t *>((node_dtrace_connection_t *)arg0))"
	    "->fd", U },
	{ "xlate <psinfo_t> (curthread)", U },
	{ "this->fd", U }, { "foo", U }, { "self", U }, { "B_READ", U },
	{ "count()", U }, { "probefunc()", U }, { "strlen", U },
	{ "execname[0]", U }, { "copyinstr(arg0)[0]", U },
	{ "strlen(x)(y)", U }, { "`max_pfn", U }, { "$1", U }, { "$$1", U },
	{ "+x", U }, { "*x", U }, { "&x", U }, { "x++", U }, { "--x", U },
	{ "execname++", U }, { "x = 1", U }, { "x += \"a\"", U },
	{ "a, 1", U }, { "(a, \"x\")", U },

	/* what does not parse is never certain */
	{ "", U }, { "execname)", U }, { "(execname", U }, { "1.5", U },
	{ "pid +", U }, { "pid pid", U }, { "\"a", U }, { "? :", U },
	{ "execname /* unclosed", U }, { "xlate <int", U },
	{ "offsetof", U }, { "sizeof (", U }, { "x ? 1", U },
	{ "(1.5)", U }, { "(a b) + 1", U }, { "a->", U }, { "a->1", U },
	{ ")(", U }, { "@x", U },
};

START_TEST(kind_should_follow_the_rule)
{
	const char *e = kinds[_i].k_expr;
	md_kind_t k;

	kfix_setup();
	k = md_kind(e, strlen(e), &k_plan);
	ck_assert_msg(k == kinds[_i].k_kind, "%s is %s, expected %s", e,
	    md_kind_name(k), md_kind_name(kinds[_i].k_kind));
	kfix_teardown();
}
END_TEST

START_TEST(kind_without_a_plan_should_know_no_variables)
{
	ck_assert_int_eq(md_kind("self->lat0", 10, NULL), MD_KIND_UNKNOWN);
	ck_assert_int_eq(md_kind("glob0[arg0]", 11, NULL), MD_KIND_UNKNOWN);
	ck_assert_int_eq(md_kind("execname", 8, NULL), MD_KIND_STRING);
}
END_TEST

START_TEST(kind_should_read_only_its_length)
{
	ck_assert_int_eq(md_kind("pid + probefunc", 3, NULL), MD_KIND_NUMBER);
	ck_assert_int_eq(md_kind("\"abc\" x", 5, NULL), MD_KIND_STRING);
}
END_TEST

/* "(" n times, inner, ")" n times */
static char *
t_nested(size_t n, const char *open, const char *inner, const char *close)
{
	size_t lo = strlen(open), lc = strlen(close), i;
	char *s = malloc(n * (lo + lc) + strlen(inner) + 1), *p = s;

	ck_assert_ptr_nonnull(s);
	for (i = 0; i < n; i++, p += lo)
		(void) memcpy(p, open, lo);
	p += sprintf(p, "%s", inner);
	for (i = 0; i < n; i++, p += lc)
		(void) memcpy(p, close, lc);
	*p = '\0';
	return (s);
}

/* Past its nesting limit a kind is unknown, so the stack stays small. */
START_TEST(kind_should_give_up_past_its_nesting_limit)
{
	static const struct {
		const char	*n_open;
		const char	*n_inner;
		const char	*n_close;
	} shapes[] = {
		{ "(", "execname", ")" },
		{ "- ", "1", "" },
		{ "x ? ", "\"a\"", " : \"b\"" },
		{ "(x ? ", "1", " : 2)" },
		{ "stringof ", "x", "" },
	};
	size_t i, n;
	char *e;

	for (i = 0; i < sizeof (shapes) / sizeof (shapes[0]); i++) {
		e = t_nested(15, shapes[i].n_open, shapes[i].n_inner,
		    shapes[i].n_close);
		ck_assert_msg(md_kind(e, strlen(e), NULL) != MD_KIND_UNKNOWN,
		    "15 levels of %s: unknown", shapes[i].n_open);
		free(e);
		for (n = 100; n <= 250000; n *= 50) {
			e = t_nested(n, shapes[i].n_open, shapes[i].n_inner,
			    shapes[i].n_close);
			ck_assert_int_eq(md_kind(e, strlen(e), NULL),
			    MD_KIND_UNKNOWN);
			free(e);
		}
	}
	/* assignments are never certain, however deep */
	e = t_nested(250000, "x = ", "1", "");
	ck_assert_int_eq(md_kind(e, strlen(e), NULL), MD_KIND_UNKNOWN);
	free(e);
	e = t_nested(250000, "sizeof ", "x", "");
	ck_assert_int_eq(md_kind(e, strlen(e), NULL), MD_KIND_UNKNOWN);
	free(e);
}
END_TEST

/* Casts and groups that fail to parse leave no nesting behind. */
START_TEST(kind_should_recover_after_a_cast)
{
	char *e = t_nested(25, "(", "(struct foo *)x + 1", ")");

	/* each failed type parse is undone: 25 levels still fit */
	ck_assert_int_eq(md_kind(e, strlen(e), NULL), MD_KIND_UNKNOWN);
	free(e);
	e = t_nested(25, "(", "(struct foo *)x == 1", ")");
	ck_assert_int_eq(md_kind(e, strlen(e), NULL), MD_KIND_NUMBER);
	free(e);
}
END_TEST

Suite *
kind_suite(void)
{
	Suite *s = suite_create("kind");
	TCase *tc = tcase_create("kind");

	tcase_add_loop_test(tc, kind_should_follow_the_rule, 0,
	    (int)(sizeof (kinds) / sizeof (kinds[0])));
	tcase_add_test(tc, kind_without_a_plan_should_know_no_variables);
	tcase_add_test(tc, kind_should_read_only_its_length);
	tcase_add_test(tc, kind_should_give_up_past_its_nesting_limit);
	tcase_add_test(tc, kind_should_recover_after_a_cast);
	suite_add_tcase(s, tc);
	return (s);
}

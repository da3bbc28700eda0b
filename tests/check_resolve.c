/*
 * check_resolve.c: $hostname, $N and $FIELDN substitution.
 */

#include <string.h>

#include "check_md.h"

/*
 * lat is gathered into one thread variable, id into two (a global array
 * and a thread variable); zonename is never gathered.
 */
#define	R_METRIC \
	"{ 'fields': ['lat', 'id', 'zonename'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['p:::e'], 'gather': {" \
	"      'lat': { 'gather': 'timestamp', 'store': 'thread' }," \
	"      'id': { 'gather': ['arg0', 'arg1'], " \
	"          'store': ['global[pid]', 'thread'] } } }," \
	"  { 'probes': ['p:::r'], 'aggregate': { 'default': 'c()', " \
	"      'lat': 'c()', 'id': 'c()', 'zonename': 'c()' }, " \
	"    'transforms': { 'lat': 'L', 'id': 'I', 'zonename': 'Z' }, " \
	"    'verify': { 'lat': '$0', 'id': ['$0[pid]', '$1'] } }," \
	"  { 'probes': ['p:::r'], 'clean': { 'lat': '$0', " \
	"      'id': ['$0[pid]', '$1'] } } ] } }"

typedef struct rfix {
	md_metric_t	*rf_metric;
	md_plan_t	rf_plan;
	md_rctx_t	rf_rc;
	md_error_t	rf_err;
	md_buf_t	rf_out;
} rfix_t;

static rfix_t rf;

/* A plan that has gathered lat and id (entry 0 applied). */
static void
rfix_setup(const char *host)
{
	static const md_decomp_t d[] = {
		{ "lat", MD_DECOMP_NUMBER }, { "id", MD_DECOMP_STRING }
	};
	size_t idx;

	rf.rf_metric = t_metric(R_METRIC);
	ck_assert_int_eq(md_plan_init(&rf.rf_plan, rf.rf_metric, d, 2, NULL,
	    &rf.rf_err), 0);
	ck_assert_ptr_nonnull(md_plan_next(&rf.rf_plan, &idx));
	ck_assert_uint_eq(idx, 0);
	md_rctx_init(&rf.rf_rc, &rf.rf_plan, host, &rf.rf_err);
	md_buf_init(&rf.rf_out);
}

static void
rfix_teardown(void)
{
	md_buf_fini(&rf.rf_out);
	md_plan_fini(&rf.rf_plan);
	md_metric_free(rf.rf_metric);
}

static const char *
resolved(const char *value, const char *key)
{
	md_buf_reset(&rf.rf_out);
	ck_assert_msg(md_resolve(&rf.rf_rc, &rf.rf_out, value, key,
	    "probedesc[1].verify") == 0, "resolve failed: %s",
	    rf.rf_err.mde_msg);
	return (md_buf_str(&rf.rf_out));
}

static const char *aggregated(const char *, const char *);
static const char *predicated(const char *);

static const char *
resolve_error(const char *value, const char *key)
{
	md_buf_reset(&rf.rf_out);
	ck_assert_int_eq(md_resolve(&rf.rf_rc, &rf.rf_out, value, key,
	    "probedesc[1].verify"), -1);
	ck_assert_int_eq(rf.rf_err.mde_code, MD_ERR_TRANSLATE);
	return (rf.rf_err.mde_msg);
}

START_TEST(resolve_should_name_the_gathered_variables)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolved("timestamp - $0", "lat"),
	    "(timestamp - self->lat0)");
	ck_assert_str_eq(resolved("$1 + $0[pid]", "id"),
	    "(self->id1 + id0[pid])");
	ck_assert_str_eq(resolved("$0 $0", "lat"), "(self->lat0 self->lat0)");
	ck_assert_str_eq(resolved("$00", "lat"), "(self->lat0)");
	ck_assert_str_eq(resolved("execname", "lat"), "(execname)");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_should_quote_hostname_only_where_not_gathered)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolved("$hostname", "lat"), "(testhost)");
	ck_assert_str_eq(resolved("$hostname", "zonename"),
	    "(\"testhost\")");
	ck_assert_str_eq(resolved("$hostname-$hostname", "zonename"),
	    "(\"testhost\"-\"testhost\")");
	ck_assert_str_eq(resolved("$hostname", "nosuchfield"),
	    "(\"testhost\")");
	rfix_teardown();
}
END_TEST

/* SPEC 7.12: D would read a $N left in the script as a macro argument. */
START_TEST(resolve_should_refuse_dollar_n_of_a_field_not_gathered)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolve_error("x$hostname$0", "zonename"),
	    "probedesc[1].verify.zonename: $0 names a variable of "
	    "\"zonename\", which no entry of this script has gathered so far");
	ck_assert_str_eq(resolve_error("timestamp - $12", "nosuchfield"),
	    "probedesc[1].verify.nosuchfield: $12 names a variable of "
	    "\"nosuchfield\", which no entry of this script has gathered so "
	    "far");
	(void) resolve_error("$$1", "zonename");
	/* a $ without digits is no reference */
	ck_assert_str_eq(resolved("$ $x $target", "zonename"),
	    "($ $x $target)");
	rfix_teardown();
}
END_TEST

/* SPEC 7.14: the original's String.replace patterns are plain text here. */
START_TEST(resolve_should_copy_replacement_patterns_as_they_are)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolved("$$ $& $` $'", "lat"), "($$ $& $` $')");
	ck_assert_str_eq(resolved("$&$0$'", "lat"), "($&self->lat0$')");
	ck_assert_str_eq(resolved("$$ $& $` $'", "zonename"),
	    "($$ $& $` $')");
	ck_assert_str_eq(predicated("$lat0 + \"$&$`$'$$\""),
	    "self->lat0 + \"$&$`$'$$\"");
	ck_assert_str_eq(aggregated("sum($0) /* $& $` $' $$ */", "T"),
	    "sum((T)) /* $& $` $' $$ */");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_should_leave_dollars_without_digits)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolved("$", "lat"), "($)");
	ck_assert_str_eq(resolved("$$0", "lat"), "($self->lat0)");
	ck_assert_str_eq(resolved("a$b $0$", "lat"), "(a$b self->lat0$)");
	ck_assert_str_eq(resolved("", "lat"), "()");
	rfix_teardown();
}
END_TEST

/*
 * SPEC 7.15: quoted, the host name is an escaped D string; bare, it must be
 * a host name; what is put in is never read again.
 */
START_TEST(resolve_should_quote_a_host_name_as_a_d_string)
{
	rfix_setup("x\")] = count(); system(\"id\"); @[(\"y");
	ck_assert_str_eq(resolved("$hostname", "zonename"),
	    "(\"x\\\")] = count(); system(\\\"id\\\"); @[(\\\"y\")");
	rfix_teardown();
	rfix_setup("a\"b\\c\nd\x01\xff");
	ck_assert_str_eq(resolved("$hostname", "zonename"),
	    "(\"a\\\"b\\\\c\\nd\\001\\377\")");
	rfix_teardown();
	rfix_setup("h$0");
	ck_assert_str_eq(resolved("$hostname", "zonename"), "(\"h$0\")");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_should_refuse_a_bare_host_name_d_cannot_take)
{
	static const char *const bad[] = { "h$0", "a\"b", "a b", "x;y", "",
	    "a(b)", "caf\xc3\xa9", "host_1" };
	size_t i;

	for (i = 0; i < sizeof (bad) / sizeof (bad[0]); i++) {
		rfix_setup(bad[i]);
		(void) resolve_error("$hostname", "lat");
		ck_assert_ptr_null(predicated("$hostname == 1"));
		ck_assert_ptr_null(aggregated("sum($hostname)", "T"));
		rfix_teardown();
	}
	rfix_setup("a\"b");
	ck_assert_str_eq(resolve_error("$0 + $hostname", "lat"),
	    "probedesc[1].verify.lat: $hostname stands bare in D here, and "
	    "the host name \"a\"b\" cannot: a host name is 1 to 255 letters, "
	    "digits, '-' and '.'");
	ck_assert_ptr_null(predicated("$hostname"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: $hostname "
	    "stands bare in D here, and the host name \"a\"b\" cannot: a host "
	    "name is 1 to 255 letters, digits, '-' and '.'");
	/* where it is never bare, any host name does */
	ck_assert_str_eq(resolved("$hostname", "zonename"), "(\"a\\\"b\")");
	rfix_teardown();
	rfix_setup("web-1.example.com");
	ck_assert_str_eq(resolved("$hostname", "lat"), "(web-1.example.com)");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_should_never_read_what_it_put_in)
{
	rfix_setup("123");
	/* the original made "$123" of "$$hostname", then read $123 */
	ck_assert_str_eq(resolved("$$hostname", "lat"), "($123)");
	ck_assert_str_eq(predicated("$$hostname"), "$123");
	rfix_teardown();
	rfix_setup("lat0");
	ck_assert_str_eq(predicated("$$hostname"), "$lat0");
	rfix_teardown();
	rfix_setup(T_HOST);
	/* the transform is resolved once, where $0 stands, and not again */
	ck_assert_str_eq(aggregated("sum($0)", "$0 * $hostname"),
	    "sum((self->lat0 * testhost))");
	rfix_teardown();
}
END_TEST

START_TEST(host_check_should_take_host_names_only)
{
	char longest[MD_MAXHOSTNAME + 2];

	ck_assert(md_host_check("a", NULL) == 0);
	ck_assert(md_host_check("web-1.example.COM", NULL) == 0);
	ck_assert(md_host_check("0", NULL) == 0);
	ck_assert(md_host_check("", NULL) != 0);
	ck_assert(md_host_check("a_b", NULL) != 0);
	ck_assert(md_host_check("a/b", NULL) != 0);
	ck_assert(md_host_check("\xc3\xa9", NULL) != 0);
	(void) memset(longest, 'h', MD_MAXHOSTNAME);
	longest[MD_MAXHOSTNAME] = '\0';
	ck_assert(md_host_check(longest, NULL) == 0);
	longest[MD_MAXHOSTNAME] = 'h';
	longest[MD_MAXHOSTNAME + 1] = '\0';
	ck_assert(md_host_check(longest, NULL) != 0);
}
END_TEST

START_TEST(resolve_should_refuse_a_variable_that_does_not_exist)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(resolve_error("$1", "lat"), "probedesc[1].verify.lat: "
	    "$1 is out of range: \"lat\" is gathered into 1 variable ($0)");
	ck_assert_str_eq(resolve_error("$0 + $2", "id"),
	    "probedesc[1].verify.id: $2 is out of range: \"id\" is gathered "
	    "into 2 variables ($0 and up)");
	(void) resolve_error("$99999999999999999999", "lat");
	rfix_teardown();
}
END_TEST

/* lat's aggregating function value, with xform its transform. */
static const char *
aggregated(const char *value, const char *xform)
{
	md_rpiece_t fn = { value, "lat", "probedesc[1].aggregate" };
	md_rpiece_t xf = { xform, "lat", "probedesc[1].transforms" };

	md_buf_reset(&rf.rf_out);
	if (md_resolve_aggregate(&rf.rf_rc, &rf.rf_out, &fn, &xf) != 0)
		return (NULL);
	return (md_buf_str(&rf.rf_out));
}

START_TEST(resolve_aggregate_should_put_the_transform_for_dollar_zero)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(aggregated("llquantize($0, 10, 3, 11, 100)", "T"),
	    "llquantize((T), 10, 3, 11, 100)");
	ck_assert_str_eq(aggregated("sum($0) + $0", "T - $0"),
	    "sum((T - self->lat0)) + (T - self->lat0)");
	ck_assert_str_eq(aggregated("$hostname:$0", "T"), "testhost:(T)");
	ck_assert_str_eq(aggregated("$a $", "T"), "$a $");
	/* a broken transform matters only if $0 uses it */
	ck_assert_str_eq(aggregated("count()", "$5"), "count()");
	ck_assert_ptr_null(aggregated("sum($0)", "$5"));
	ck_assert_int_eq(rf.rf_err.mde_code, MD_ERR_TRANSLATE);
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[1].transforms.lat: $5 "
	    "is out of range: \"lat\" is gathered into 1 variable ($0)");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_aggregate_should_refuse_dollar_one_and_up)
{
	rfix_setup(T_HOST);
	ck_assert_ptr_null(aggregated("quantize($1)", "T"));
	ck_assert_int_eq(rf.rf_err.mde_code, MD_ERR_TRANSLATE);
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[1].aggregate.lat: $1 is "
	    "out of range: an aggregating function can only use $0, the "
	    "transformed value");
	ck_assert_ptr_null(aggregated("quantize($0 + $10)", "T"));
	rfix_teardown();
}
END_TEST

static const char *
predicated(const char *value)
{
	md_buf_reset(&rf.rf_out);
	if (md_resolve_predicate(&rf.rf_rc, &rf.rf_out, value,
	    "probedesc[2].predicate") != 0)
		return (NULL);
	return (md_buf_str(&rf.rf_out));
}

START_TEST(resolve_predicate_should_name_gathered_variables)
{
	rfix_setup(T_HOST);
	ck_assert_str_eq(predicated("$lat0 == NULL"), "self->lat0 == NULL");
	ck_assert_str_eq(predicated("$id1 > 0 && $id0[pid] != 0"),
	    "self->id1 > 0 && id0[pid] != 0");
	ck_assert_str_eq(predicated("$lat0$id1"), "self->lat0self->id1");
	ck_assert_str_eq(predicated("zonename != \"$hostname\""),
	    "zonename != \"testhost\"");
	ck_assert_str_eq(predicated("$lat + $ + $9"), "$lat + $ + $9");
	ck_assert_str_eq(predicated("arg0 > 1"), "arg0 > 1");
	rfix_teardown();
}
END_TEST

START_TEST(resolve_predicate_should_refuse_what_is_not_gathered)
{
	rfix_setup(T_HOST);
	ck_assert_ptr_null(predicated("$zonename0 == 1"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: "
	    "$zonename0 refers to \"zonename\", which is not gathered");
	ck_assert_ptr_null(predicated("$lat1"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: $lat1 is "
	    "out of range: \"lat\" is gathered into 1 variable");
	/* names take letters, '_' and '-' greedily */
	ck_assert_ptr_null(predicated("$lat-x0"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: "
	    "$lat-x0 refers to \"lat-x\", which is not gathered");
	ck_assert_ptr_null(predicated("$lat_0"));
	rfix_teardown();
}
END_TEST

/* SPEC 7.12: the original printed undefined for $lat00. */
START_TEST(resolve_predicate_should_refuse_a_leading_zero)
{
	rfix_setup(T_HOST);
	ck_assert_ptr_null(predicated("$lat00 != 0"));
	ck_assert_int_eq(rf.rf_err.mde_code, MD_ERR_TRANSLATE);
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: $lat00: "
	    "the number of a variable has no leading zero");
	ck_assert_ptr_null(predicated("$id1 && $id01"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: $id01: "
	    "the number of a variable has no leading zero");
	ck_assert_ptr_null(predicated("$id10 == 0"));
	ck_assert_str_eq(rf.rf_err.mde_msg, "probedesc[2].predicate: $id10 is "
	    "out of range: \"id\" is gathered into 2 variables");
	ck_assert_str_eq(predicated("$lat0"), "self->lat0");
	rfix_teardown();
}
END_TEST

Suite *
resolve_suite(void)
{
	Suite *s = suite_create("resolve");
	TCase *tc = tcase_create("resolve");

	tcase_add_test(tc, resolve_should_name_the_gathered_variables);
	tcase_add_test(tc, resolve_should_quote_hostname_only_where_not_gathered);
	tcase_add_test(tc,
	    resolve_should_refuse_dollar_n_of_a_field_not_gathered);
	tcase_add_test(tc,
	    resolve_should_copy_replacement_patterns_as_they_are);
	tcase_add_test(tc, resolve_should_leave_dollars_without_digits);
	tcase_add_test(tc, resolve_should_quote_a_host_name_as_a_d_string);
	tcase_add_test(tc,
	    resolve_should_refuse_a_bare_host_name_d_cannot_take);
	tcase_add_test(tc, resolve_should_never_read_what_it_put_in);
	tcase_add_test(tc, host_check_should_take_host_names_only);
	tcase_add_test(tc, resolve_should_refuse_a_variable_that_does_not_exist);
	tcase_add_test(tc,
	    resolve_aggregate_should_put_the_transform_for_dollar_zero);
	tcase_add_test(tc, resolve_aggregate_should_refuse_dollar_one_and_up);
	tcase_add_test(tc, resolve_predicate_should_name_gathered_variables);
	tcase_add_test(tc, resolve_predicate_should_refuse_what_is_not_gathered);
	tcase_add_test(tc, resolve_predicate_should_refuse_a_leading_zero);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_gen.c: md_generate() as a caller sees it: checks of the request,
 * zones and pragmas, results.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_md.h"

#define	G_ZONED \
	"{ 'fields': ['a'], 'metad': { 'usepragmazone': true, " \
	"  'probedesc': [{ 'probes': ['x'], 'aggregate': { " \
	"  'default': 'count()', 'a': 'count()' }, " \
	"  'transforms': { 'a': 'A' } }] } }"

#define	G_BODY(zones) \
	"x\n/((((" zones "))))/{\n\t@ = count();\n}\n\n"

#define	G_SEP	"---------------------------------------------\n\n"

START_TEST(gen_should_make_one_script_per_zone_behind_its_pragma)
{
	ck_assert_str_eq(t_gen(G_ZONED, "z:one", NULL),
	    "#pragma D option zone=one\n\n"
	    G_BODY("zonename == \"one\""));
	ck_assert_str_eq(t_gen(G_ZONED, "z:one z:two z:three", NULL),
	    "#pragma D option zone=one\n\n"
	    G_BODY("zonename == \"one\") || (zonename == \"two\") || "
	    "(zonename == \"three\"")
	    G_SEP
	    "#pragma D option zone=two\n\n"
	    G_BODY("zonename == \"one\") || (zonename == \"two\") || "
	    "(zonename == \"three\"")
	    G_SEP
	    "#pragma D option zone=three\n\n"
	    G_BODY("zonename == \"one\") || (zonename == \"two\") || "
	    "(zonename == \"three\""));
}
END_TEST

START_TEST(gen_should_say_when_scripts_are_per_zone)
{
	static const char *zones[] = { "one", "two", "a", "b" };
	md_metric_t *m = t_metric(G_ZONED);
	md_request_t req;
	md_result_t *r;
	md_error_t err;
	size_t n;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_zones = zones;
	req.mdq_hostname = T_HOST;
	for (n = 0; n <= 4; n++) {
		req.mdq_nzones = n;
		r = md_generate(m, &req, &err);
		ck_assert_ptr_nonnull(r);
		ck_assert_int_eq(r->mdr_perzone, n > 0 && n < 4);
		ck_assert_uint_eq(r->mdr_nscripts, r->mdr_perzone ? n : 1);
		ck_assert_int_eq(r->mdr_zones != NULL, r->mdr_perzone);
		md_result_free(r);
	}
	md_metric_free(m);
}
END_TEST

/*
 * A result names the zone of each script (mdr_zones), in names of its
 * own: the request's may change as soon as md_generate() returns.
 */
START_TEST(gen_should_name_the_zone_of_each_script)
{
	char one[] = "one", two[] = "two";
	const char *zones[] = { one, two };
	md_option_t quiet = { "quiet", NULL };
	md_metric_t *m = t_metric(G_ZONED);
	md_request_t req;
	md_result_t *r, *r2;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_zones = zones;
	req.mdq_nzones = 2;
	req.mdq_hostname = T_HOST;
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	req.mdq_options = &quiet;
	req.mdq_noptions = 1;
	r2 = md_generate(m, &req, &err);
	ck_assert_msg(r2 != NULL, "%s", err.mde_msg);
	(void) strcpy(one, "xxx");
	(void) strcpy(two, "yyy");
	ck_assert_str_eq(r->mdr_zones[0], "one");
	ck_assert_str_eq(r->mdr_zones[1], "two");
	ck_assert_str_eq(r2->mdr_zones[1], "two");
	ck_assert_ptr_nonnull(strstr(r->mdr_scripts[1], "zone=two\n"));
	ck_assert_ptr_nonnull(strstr(r2->mdr_scripts[1], "zone=two\n"
	    "#pragma D option quiet\n\n"));
	ck_assert_uint_eq(r2->mdr_lens[1], strlen(r2->mdr_scripts[1]));
	md_result_free(r);
	md_result_free(r2);
	req.mdq_nzones = 0;	/* one script, the body itself */
	req.mdq_noptions = 0;
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	ck_assert_ptr_null(r->mdr_zones);
	ck_assert_uint_eq(r->mdr_lens[0], strlen(r->mdr_scripts[0]));
	md_result_free(r);
	md_metric_free(m);
}
END_TEST

START_TEST(gen_should_make_one_script_from_four_zones)
{
	ck_assert_str_eq(t_gen(G_ZONED, "z:a z:b z:c z:d", NULL),
	    G_BODY("zonename == \"a\") || (zonename == \"b\") || "
	    "(zonename == \"c\") || (zonename == \"d\""));
}
END_TEST

START_TEST(gen_should_use_no_pragma_unless_the_metric_allows_it)
{
	ck_assert_str_eq(t_gen("{ 'fields': ['a'], 'metad': { 'usepragmazone': "
	    "false, 'probedesc': [{ 'probes': ['x'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()' }, 'transforms': { "
	    "'a': 'A' } }] } }", "z:one", NULL),
	    G_BODY("zonename == \"one\""));
}
END_TEST

static md_result_t *
t_result(const char *words)
{
	t_req_t tr;
	md_metric_t *m = t_metric(T_SYSCALL);
	md_request_t req;
	md_result_t *r;
	md_error_t err;

	t_request(words, &req, &tr);
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	/* the result does not refer to the metric */
	md_metric_free(m);
	return (r);
}

START_TEST(gen_should_say_what_the_aggregation_holds)
{
	static const struct {
		const char	*z_words;
		md_zero_t	z_zero;
		int		z_dists;
		int		z_decomps;
	} zeros[] = {
		{ "", MD_ZERO_SCALAR, 0, 0 },
		{ "n:latency", MD_ZERO_DIST, 1, 0 },
		{ "s:execname", MD_ZERO_DECOMP, 0, 1 },
		{ "s:execname n:latency", MD_ZERO_DECOMP, 1, 1 },
		{ "s:latency n:latency", MD_ZERO_DIST, 1, 0 },
		{ "s:zonename s:zonename", MD_ZERO_DECOMP, 0, 1 },
	};
	size_t i;

	for (i = 0; i < sizeof (zeros) / sizeof (zeros[0]); i++) {
		md_result_t *r = t_result(zeros[i].z_words);

		ck_assert_msg(r->mdr_zero == zeros[i].z_zero, "%s",
		    zeros[i].z_words);
		ck_assert_int_eq(r->mdr_hasdists, zeros[i].z_dists);
		ck_assert_int_eq(r->mdr_hasdecomps, zeros[i].z_decomps);
		ck_assert_uint_eq(r->mdr_nscripts, 1);
		ck_assert_uint_eq(r->mdr_lens[0], strlen(r->mdr_scripts[0]));
		md_result_free(r);
	}
	md_result_free(NULL);
}
END_TEST

START_TEST(gen_should_refuse_more_than_two_decompositions)
{
	ck_assert_str_eq(t_gen_error(T_SYSCALL, "s:zonename s:execname "
	    "n:latency", NULL, MD_ERR_LIMIT), "too many decompositions: 3 "
	    "given (by zonename, by execname, quantized by latency), and a "
	    "script breaks values down by two fields at most: by two, or by "
	    "one and quantized by another");
	ck_assert_str_eq(t_gen_error(T_SYSCALL, "s:zonename s:zonename "
	    "s:zonename s:zonename", NULL, MD_ERR_LIMIT), "too many "
	    "decompositions: 4 given (by zonename, by zonename, by zonename, "
	    "by zonename), and a script breaks values down by two fields at "
	    "most: by two, or by one and quantized by another");
}
END_TEST

/*
 * A request the language allows and its user likely did not mean is
 * warned of in the result: -n of a field aggregated with no value of it,
 * -s of a field aggregated as a distribution.  Others are not.
 */
START_TEST(gen_should_warn_of_requests_that_mean_little)
{
	static const struct {
		const char	*w_words;
		const char	*w_first;	/* NULL: no warning */
		size_t		w_n;
	} warns[] = {
		{ "", NULL, 0 },
		{ "n:latency", NULL, 0 },
		{ "s:execname", NULL, 0 },
		{ "s:execname n:latency", NULL, 0 },
		{ "n:execname", "quantized by execname: the metric aggregates "
		    "execname with count(), which takes no value of it, so "
		    "quantizing by it changes nothing; break the values down "
		    "by execname instead", 1 },
		{ "s:latency", "by latency: every value of latency becomes a "
		    "key of its own, as the metric aggregates latency with "
		    "quantize(); quantize by latency to see its distribution",
		    1 },
		{ "s:latency n:zonename", "by latency: every value", 2 },
	};
	size_t i;

	for (i = 0; i < sizeof (warns) / sizeof (warns[0]); i++) {
		md_result_t *r = t_result(warns[i].w_words);

		ck_assert_msg(r->mdr_nwarnings == warns[i].w_n, "%s: %zu",
		    warns[i].w_words, r->mdr_nwarnings);
		if (warns[i].w_first != NULL)
			ck_assert_msg(strncmp(r->mdr_warnings[0],
			    warns[i].w_first, strlen(warns[i].w_first)) == 0,
			    "%s: \"%s\"", warns[i].w_words,
			    r->mdr_warnings[0]);
		md_result_free(r);
	}
}
END_TEST

/* One entry that uses the value is enough for -n to mean something. */
START_TEST(gen_should_not_warn_if_one_entry_uses_the_value)
{
	static const char *const metric = "{ 'fields': ['a'], 'metad': { "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'count()', 'a': 'count()' }, 'transforms': { 'a': 'A' } }, "
	    "{ 'probes': ['y'], 'aggregate': { 'default': 'count()', 'a': "
	    "'sum($0)' }, 'transforms': { 'a': 'B' } }] } }";
	md_metric_t *m = t_metric(metric);
	md_decomp_t d = { "a", MD_DECOMP_NUMBER };
	md_request_t req;
	md_result_t *r;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = &d;
	req.mdq_ndecomps = 1;
	req.mdq_hostname = T_HOST;
	ck_assert_ptr_nonnull(r = md_generate(m, &req, &err));
	ck_assert_uint_eq(r->mdr_nwarnings, 0);
	md_result_free(r);
	md_metric_free(m);
}
END_TEST

/* SPEC 7.15: mdq_hostname follows the host name's rules. */
START_TEST(gen_should_keep_the_host_name_in_its_string)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_decomp_t d = { "hostname", MD_DECOMP_STRING };
	md_request_t req;
	md_result_t *r;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = &d;
	req.mdq_ndecomps = 1;
	req.mdq_hostname = "x\")] = count(); system(\"id\"); @[(\"y";
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	ck_assert_str_eq(r->mdr_scripts[0], "syscall:::return\n{\n"
	    "\t@[(\"x\\\")] = count(); system(\\\"id\\\"); @[(\\\"y\")] = "
	    "count();\n}\n\n");
	md_result_free(r);
	md_metric_free(m);

	/* bare, as an aggregating function uses it: an error */
	m = t_metric("{ 'fields': ['a'], 'metad': { 'probedesc': [{ "
	    "'probes': ['x'], 'aggregate': { 'default': 'count()', 'a': "
	    "'sum($hostname)' }, 'transforms': { 'a': 'A' } }] } }");
	d.mdd_field = "a";
	d.mdd_kind = MD_DECOMP_NUMBER;
	req.mdq_hostname = "evil); system(\"id\"";
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_TRANSLATE);
	ck_assert_str_eq(err.mde_msg, "probedesc[0].aggregate.a: $hostname "
	    "stands bare in D here, and the host name \"evil); "
	    "system(\"id\"\" cannot: a host name is 1 to 255 letters, "
	    "digits, '-' and '.'");
	req.mdq_hostname = "dbhost";
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	ck_assert_str_eq(r->mdr_scripts[0],
	    "x\n{\n\t@ = sum(dbhost);\n}\n\n");
	md_result_free(r);

	/* a host name D cannot read bare is not printed as D */
	req.mdq_hostname = "db-2.example.com";
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_D);
	ck_assert_str_eq(err.mde_msg, "probedesc[0].aggregate.a: D "
	    "floating-point constants are not permitted (column 8 of "
	    "\"sum(db-2.example.com)\" in the script)");
	md_metric_free(m);
}
END_TEST

/* SPEC 7.14: no name is special, and -s keeps the order it is given. */
START_TEST(gen_should_treat_javascript_names_as_names)
{
	const char *m = "{ 'fields': ['toString', '__proto__', '10', '2'], "
	    "'metad': { 'probedesc': [{ 'probes': ['e'], 'gather': { "
	    "'__proto__': { 'gather': 'arg0', 'store': 'thread' } } }, "
	    "{ 'probes': ['x'], 'aggregate': { 'default': 'count()', '10': "
	    "'count()', "
	    "'2': 'count()', 'toString': 'count()', '__proto__': "
	    "'quantize($0)' }, "
	    "'transforms': { '2': 'T2', '10': 'T10', 'toString': 'S', "
	    "'__proto__': '$0' }, 'verify': { '__proto__': '$0' } }, "
	    "{ 'probes': ['r'], 'clean': { '__proto__': '$0' } }] } }";

	ck_assert_str_eq(t_gen(m, "s:10 s:2", NULL),
	    "x\n{\n\t@[(T10),(T2)] = count();\n}\n\n");
	ck_assert_str_eq(t_gen(m, "s:toString n:__proto__", NULL),
	    "e\n{\n\tself->__proto__0 = arg0;\n}\n\n"
	    "x\n/((((((self->__proto__0) != NULL)))))/{\n"
	    "\t@[(S)] = quantize((self->__proto__0));\n}\n\n"
	    "r\n{\n\t(self->__proto__0) = 0;\n}\n\n");
}
END_TEST

/* Fields are checked before the count, as the command line reports them. */
START_TEST(gen_should_refuse_unknown_and_internal_fields)
{
	ck_assert_str_eq(t_gen_error(T_SYSCALL, "s:a s:b s:nosuch", NULL,
	    MD_ERR_FIELD), "unknown field: \"a\" (the fields: hostname, "
	    "zonename, execname, latency)");
	ck_assert_str_eq(t_gen_error("{ 'fields': ['a'], 'fields_internal': "
	    "['v'], 'metad': { 'probedesc': [{ 'probes': ['x'], 'aggregate': "
	    "{ 'default': 'count()', 'a': 'count()' }, 'transforms': { 'a': "
	    "'A' } }] "
	    "} }", "n:v", NULL, MD_ERR_FIELD), "unknown field: \"v\" is "
	    "internal to the metric (fields_internal): it is gathered for "
	    "transforms, never aggregated");
	/* SPEC 7.11: in both lists, a field is internal */
	ck_assert_str_eq(t_gen_error("{ 'fields': ['a', 'v'], "
	    "'fields_internal': ['v'], 'metad': { 'probedesc': [{ 'probes': "
	    "['x'], 'aggregate': { 'default': 'count()', 'a': 'count()' }, "
	    "'transforms': { 'a': 'A' } }] } }", "s:v", NULL, MD_ERR_FIELD),
	    "unknown field: \"v\" is internal to the metric (fields_internal):"
	    " it is gathered for transforms, never aggregated");
}
END_TEST

/*
 * An unknown field, in a decomposition or a predicate: the closest field
 * when one is close, and the fields when there are at most 12.
 */
START_TEST(gen_should_say_which_field_was_meant)
{
	char m[2048];
	size_t n, i;

	ck_assert_str_eq(t_gen_error(T_SYSCALL, "s:exename", NULL,
	    MD_ERR_FIELD), "unknown field: \"exename\", did you mean "
	    "\"execname\"? (the fields: hostname, zonename, execname, "
	    "latency)");
	ck_assert_str_eq(t_gen_error(T_SYSCALL, "n:latncy", NULL,
	    MD_ERR_FIELD), "unknown field: \"latncy\", did you mean "
	    "\"latency\"? (the fields: hostname, zonename, execname, "
	    "latency)");
	ck_assert_str_eq(t_gen_error(T_SYSCALL, "", "{ 'and': [ { 'eq': "
	    "['execname', 'x'] }, { 'gt': ['zone', 1] } ] }", MD_ERR_FIELD),
	    "unknown field: \"zone\", did you mean \"zonename\"? (the "
	    "fields: hostname, zonename, execname, latency)");

	/* 13 fields are not listed */
	n = (size_t)snprintf(m, sizeof (m), "{ 'fields': [");
	for (i = 0; i < 13; i++)
		n += (size_t)snprintf(m + n, sizeof (m) - n, "%s'f%zu'",
		    i == 0 ? "" : ", ", i);
	n += (size_t)snprintf(m + n, sizeof (m) - n, "], 'metad': { "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'count()'");
	for (i = 0; i < 13; i++)
		n += (size_t)snprintf(m + n, sizeof (m) - n, ", 'f%zu': "
		    "'count()'", i);
	n += (size_t)snprintf(m + n, sizeof (m) - n, " }, 'transforms': {");
	for (i = 0; i < 13; i++)
		n += (size_t)snprintf(m + n, sizeof (m) - n, "%s'f%zu': 'F'",
		    i == 0 ? " " : ", ", i);
	(void) snprintf(m + n, sizeof (m) - n, " } }] } }");
	ck_assert_str_eq(t_gen_error(m, "s:g", NULL, MD_ERR_FIELD),
	    "unknown field: \"g\"");
	ck_assert_str_eq(t_gen_error(m, "s:f13", NULL, MD_ERR_FIELD),
	    "unknown field: \"f13\", did you mean \"f1\"?");
}
END_TEST

/* A predicate on an internal field: as -s on it. */
START_TEST(gen_should_refuse_internal_fields_in_predicates)
{
	ck_assert_str_eq(t_gen_error("{ 'fields': ['a'], 'fields_internal': "
	    "['v'], 'metad': { 'probedesc': [{ 'probes': ['x'], 'aggregate': "
	    "{ 'default': 'count()', 'a': 'count()' }, 'transforms': { 'a': "
	    "'A' } }] } }", "", "{ 'eq': ['v', 1] }", MD_ERR_FIELD),
	    "unknown field: \"v\" is internal to the metric (fields_internal):"
	    " it is gathered for transforms, never aggregated");
}
END_TEST

START_TEST(gen_should_refuse_bad_zone_names)
{
	ck_assert_str_eq(t_gen_error(G_ZONED, "z:ok z:-bad", NULL, MD_ERR_ZONE),
	    "invalid zone name: \"-bad\"");
}
END_TEST

static const struct {
	const char	*zv_name;
	int		zv_valid;
} zone_names[] = {
	{ "global", 1 }, { "a", 1 }, { "9zone", 1 }, { "ok-zone.1_x", 1 },
	{ "0123456789012345678901234567890123456789012345678901234567890123",
	    1 },
	{ "01234567890123456789012345678901234567890123456789012345678901234",
	    0 },
	{ "", 0 }, { "-a", 0 }, { ".a", 0 }, { "_a", 0 }, { "a b", 0 },
	{ "a\"b", 0 }, { "a\nb", 0 }, { "a/b", 0 }, { "zone\xc3\xa9", 0 },
};

START_TEST(zone_check_should_follow_the_zone_name_rules)
{
	ck_assert_int_eq(md_zone_check(zone_names[_i].zv_name, NULL) == 0,
	    zone_names[_i].zv_valid);
	ck_assert(md_zone_check(NULL, NULL) != 0);
}
END_TEST

START_TEST(gen_should_refuse_a_malformed_request)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_decomp_t d = { "execname", (md_dkind_t)7 };
	md_request_t req;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	ck_assert_ptr_null(md_generate(NULL, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
	ck_assert_str_eq(err.mde_msg, "no metric or request");
	ck_assert_ptr_null(md_generate(m, NULL, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
	ck_assert_str_eq(err.mde_msg, "no metric or request");
	req.mdq_decomps = &d;
	req.mdq_ndecomps = 1;
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
	ck_assert_str_eq(err.mde_msg, "decomposition 0 is not valid");
	d.mdd_kind = MD_DECOMP_STRING;
	d.mdd_field = NULL;
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
	ck_assert_str_eq(err.mde_msg, "decomposition 0 is not valid");
	md_metric_free(m);
}
END_TEST

START_TEST(gen_should_default_to_this_hosts_name)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_decomp_t d = { "hostname", MD_DECOMP_STRING };
	char host[256], want[512];
	md_request_t req;
	md_result_t *r;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = &d;
	req.mdq_ndecomps = 1;
	ck_assert_int_eq(gethostname(host, sizeof (host)), 0);
	host[sizeof (host) - 1] = '\0';
	(void) snprintf(want, sizeof (want), "\t@[(\"%s\")] = count();\n",
	    host);
	r = md_generate(m, &req, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_nonnull(strstr(r->mdr_scripts[0], want));
	md_result_free(r);
	md_metric_free(m);
}
END_TEST

/* A metric can serve any number of requests; none changes it. */
START_TEST(gen_should_give_the_same_script_every_time)
{
	md_metric_t *m = t_metric(T_SYSCALL);
	md_decomp_t d[] = { { "execname", MD_DECOMP_STRING },
	    { "latency", MD_DECOMP_NUMBER } };
	md_request_t req;
	md_result_t *r1, *r2, *r3;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = d;
	req.mdq_ndecomps = 2;
	req.mdq_hostname = T_HOST;
	r1 = md_generate(m, &req, &err);
	req.mdq_ndecomps = 0;
	r2 = md_generate(m, &req, &err);
	req.mdq_ndecomps = 2;
	r3 = md_generate(m, &req, &err);
	ck_assert_ptr_nonnull(r1);
	ck_assert_ptr_nonnull(r2);
	ck_assert_ptr_nonnull(r3);
	ck_assert_str_eq(r1->mdr_scripts[0], r3->mdr_scripts[0]);
	ck_assert_str_ne(r1->mdr_scripts[0], r2->mdr_scripts[0]);
	md_result_free(r1);
	md_result_free(r2);
	md_result_free(r3);
	md_metric_free(m);
}
END_TEST

START_TEST(gen_should_refuse_more_zones_than_its_limit)
{
	static const char *zones[MD_MAXZONES + 1];
	md_metric_t *m = t_metric(G_ZONED);
	md_request_t req;
	md_result_t *r;
	md_error_t err;
	size_t i;

	for (i = 0; i <= MD_MAXZONES; i++)
		zones[i] = "z";
	(void) memset(&req, 0, sizeof (req));
	req.mdq_zones = zones;
	req.mdq_hostname = T_HOST;
	req.mdq_nzones = MD_MAXZONES;
	r = md_generate(m, &req, &err);
	ck_assert_msg(r != NULL, "%s", err.mde_msg);
	md_result_free(r);
	req.mdq_nzones = MD_MAXZONES + 1;
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("more than %d zones",
	    MD_MAXZONES));
	md_metric_free(m);
}
END_TEST

/*
 * The user's predicate is printed once per aggregating entry, each field
 * as its transform: 300 comparisons of a field whose transform is 1 MiB
 * make 300 MiB, past the limit.
 */
START_TEST(gen_should_refuse_scripts_past_the_output_limit)
{
	size_t big = 1 << 20, i;
	char *metric = malloc(big + 256), *pred = malloc(300 * 32 + 32), *o;
	md_metric_t *m;
	md_pred_t *p;
	md_request_t req;
	md_error_t err;

	o = metric + sprintf(metric, "{ \"fields\": [\"a\"], \"metad\": { "
	    "\"probedesc\": [{ \"probes\": [\"x\"], \"aggregate\": { "
	    "\"default\": \"count()\", \"a\": \"count()\" }, \"transforms\": { "
	    "\"a\": \"");
	(void) memset(o, 'A', big);
	(void) strcpy(o + big, "\" } }] } }");
	o = pred + sprintf(pred, "{\"or\": [");
	for (i = 0; i < 300; i++)
		o += sprintf(o, "%s{\"eq\": [\"a\", %zu]}", i ? ", " : "", i);
	(void) sprintf(o, "]}");

	m = md_metric_load(metric, strlen(metric), &err);
	ck_assert_msg(m != NULL, "%s", err.mde_msg);
	p = md_pred_parse(pred, strlen(pred), &err);
	ck_assert_msg(p != NULL, "%s", err.mde_msg);
	(void) memset(&req, 0, sizeof (req));
	req.mdq_pred = p;
	req.mdq_hostname = T_HOST;
	ck_assert_ptr_null(md_generate(m, &req, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("the scripts would be larger than "
	    "the limit of %lu MiB", MD_MAXOUTPUT >> 20));
	md_pred_free(p);
	md_metric_free(m);
	free(metric);
	free(pred);
}
END_TEST

START_TEST(gen_should_put_option_pragmas_after_the_zone_pragma)
{
	ck_assert_str_eq(t_gen(G_ZONED, "x:bufsize=8m x:quiet x:aggrate=10hz",
	    NULL),
	    "#pragma D option bufsize=8m\n"
	    "#pragma D option quiet\n"
	    "#pragma D option aggrate=10hz\n"
	    "\n"
	    "x\n{\n\t@ = count();\n}\n\n");
	ck_assert_str_eq(t_gen(G_ZONED, "z:one z:two x:zdefs", NULL),
	    "#pragma D option zone=one\n"
	    "#pragma D option zdefs\n\n"
	    G_BODY("zonename == \"one\") || (zonename == \"two\"")
	    G_SEP
	    "#pragma D option zone=two\n"
	    "#pragma D option zdefs\n\n"
	    G_BODY("zonename == \"one\") || (zonename == \"two\""));
}
END_TEST

START_TEST(gen_should_refuse_bad_options_and_intervals)
{
	ck_assert_str_eq(t_gen_error(G_ZONED, "x:bufsize=lots", NULL,
	    MD_ERR_OPTION), "option \"bufsize\": \"lots\" is not a size, as "
	    "4m: digits and k, m, g or t, below 2^63 bytes");
	ck_assert_str_eq(t_gen_error(G_ZONED, "x:zone=global", NULL,
	    MD_ERR_OPTION), "option \"zone\": give zones with -z");
	ck_assert_str_eq(t_gen_error(G_ZONED, "i:1.5s", NULL, MD_ERR_OPTION),
	    "interval \"1.5s\": not a tick interval, as 1s, 500ms or 5hz "
	    "(200us, or 5000hz, at least)");
	ck_assert_str_eq(t_gen_error(G_ZONED, "i:4294967296hz", NULL,
	    MD_ERR_OPTION), "interval \"4294967296hz\": not a tick interval, "
	    "as 1s, 500ms or 5hz (200us, or 5000hz, at least)");
	ck_assert_str_eq(t_gen_error(G_ZONED, "T:10hz", NULL, MD_ERR_OPTION),
	    "duration \"10hz\": not a time, as 10s, 500ms or 2min (digits "
	    "alone are seconds; 200us at least)");
}
END_TEST

/*
 * A duration ends tracing from a profile probe (dtrace prints the
 * aggregation as it exits), after the interval's clause if there is one;
 * digits alone are seconds.
 */
START_TEST(gen_should_end_tracing_after_the_duration)
{
	ck_assert_str_eq(t_gen(G_ZONED, "T:10s", NULL),
	    "x\n{\n\t@ = count();\n}\n\n"
	    "profile-10s\n{\n\texit(0);\n}\n\n");
	ck_assert_str_eq(t_gen(G_ZONED, "T:30 i:1s x:quiet", NULL),
	    "#pragma D option quiet\n\n"
	    "x\n{\n\t@ = count();\n}\n\n"
	    "tick-1s\n{\n\tprinta(@);\n\ttrunc(@);\n}\n\n"
	    "profile-30s\n{\n\texit(0);\n}\n\n");
	ck_assert_str_eq(t_gen(G_ZONED, "T:1500ms z:a z:b", NULL),
	    "#pragma D option zone=a\n\n"
	    G_BODY("zonename == \"a\") || (zonename == \"b\"")
	    "profile-1500ms\n{\n\texit(0);\n}\n\n"
	    G_SEP
	    "#pragma D option zone=b\n\n"
	    G_BODY("zonename == \"a\") || (zonename == \"b\"")
	    "profile-1500ms\n{\n\texit(0);\n}\n\n");
}
END_TEST

START_TEST(gen_should_print_and_clear_at_every_tick)
{
	ck_assert_str_eq(t_gen(G_ZONED, "i:500ms x:quiet", NULL),
	    "#pragma D option quiet\n\n"
	    "x\n{\n\t@ = count();\n}\n\n"
	    "tick-500ms\n{\n\tprinta(@);\n\ttrunc(@);\n}\n\n");
}
END_TEST

/* The script of words with mdq_sum set (meta-d --run --prometheus). */
static const char *
g_sum(const char *msq, const char *words)
{
	md_metric_t *m = t_metric(msq);
	md_request_t req;
	md_error_t err;
	md_result_t *r;
	t_req_t tr;
	const char *out;

	t_request(words, &req, &tr);
	req.mdq_sum = 1;
	r = md_generate(m, &req, &err);
	md_metric_free(m);
	ck_assert_msg(r != NULL, "generation failed: %s", err.mde_msg);
	out = t_fmt("%s", r->mdr_scripts[0]);
	md_result_free(r);
	return (out);
}

#define	G_SUM \
	"{ 'fields': ['a', 'l', 'c'], 'metad': { 'probedesc': [{ " \
	"  'probes': ['x'], 'aggregate': { 'default': 'count()', " \
	"  'a': 'count()', 'l': 'lquantize($0, 0, 100, 10)', " \
	"  'c': 'sum($0)' }, 'transforms': { 'a': 'execname', " \
	"  'l': 'y[\\\"(,\\\", 1] + f(1, 2)', 'c': 'arg0' } }, " \
	"  { 'probes': ['w'], 'aggregate': { 'default': 'count()', " \
	"  'a': 'count()', 'l': 'quantize($0)', 'c': 'sum($0)' }, " \
	"  'transforms': { 'a': 'probefunc', 'l': 'arg1', 'c': 'arg1' } }] } }"

/*
 * mdq_sum: beside each quantization, a sum() of its first argument (a
 * string, brackets and a call with commas in it whole) with the same
 * keys, in meta-d's own aggregation; none beside another function.
 */
START_TEST(gen_should_sum_beside_a_quantization)
{
	ck_assert_str_eq(g_sum(G_SUM, "s:a n:l"),
	    "x\n{\n\t@[(execname)] = lquantize((y[\"(,\", 1] + f(1, 2)), 0, "
	    "100, 10);\n\t@" MD_SUM_AGGREGATION "[(execname)] = sum((y[\"(,\", "
	    "1] + f(1, 2)));\n}\n\nw\n{\n\t@[(probefunc)] = quantize((arg1));\n"
	    "\t@" MD_SUM_AGGREGATION "[(probefunc)] = sum((arg1));\n}\n\n");
	ck_assert_str_eq(g_sum(G_SUM, "n:l"),
	    "x\n{\n\t@ = lquantize((y[\"(,\", 1] + f(1, 2)), 0, 100, 10);\n"
	    "\t@" MD_SUM_AGGREGATION " = sum((y[\"(,\", 1] + f(1, 2)));\n}\n\n"
	    "w\n{\n\t@ = quantize((arg1));\n\t@" MD_SUM_AGGREGATION
	    " = sum((arg1));\n}\n\n");
	ck_assert_str_eq(g_sum(G_SUM, "s:a n:c"),
	    "x\n{\n\t@[(execname)] = sum((arg0));\n}\n\n"
	    "w\n{\n\t@[(probefunc)] = sum((arg1));\n}\n\n");
	ck_assert_ptr_null(strstr(t_gen(G_SUM, "s:a n:l", NULL),
	    MD_SUM_AGGREGATION));
}
END_TEST

/* The result owns the key names: metric and request are gone by then. */
START_TEST(gen_should_name_the_fields_of_the_key)
{
	md_result_t *r = t_result("n:latency s:execname");
	md_result_t *r2 = t_result("s:zonename s:execname");
	md_result_t *r3 = t_result("s:latency n:latency");
	size_t i;

	for (i = 0; i < 8; i++)
		(void) q("overwrite the ring of test buffers");
	ck_assert_uint_eq(r->mdr_nkeys, 1);
	ck_assert_str_eq(r->mdr_keys[0], "execname");
	ck_assert_uint_eq(r2->mdr_nkeys, 2);
	ck_assert_str_eq(r2->mdr_keys[0], "zonename");
	ck_assert_str_eq(r2->mdr_keys[1], "execname");
	ck_assert_ptr_null(r2->mdr_keys[2]);
	ck_assert_uint_eq(r3->mdr_nkeys, 0);
	md_result_free(r);
	md_result_free(r2);
	md_result_free(r3);
}
END_TEST

START_TEST(result_join_should_separate_scripts)
{
	char *s1 = "one\n", *s2 = "two\n";
	char *scripts[] = { s1, s2 };
	size_t lens[] = { 4, 4 }, len;
	md_result_t r;
	char *text;

	(void) memset(&r, 0, sizeof (r));
	r.mdr_scripts = scripts;
	r.mdr_lens = lens;
	r.mdr_nscripts = 1;
	text = md_result_join(&r, &len);
	ck_assert_str_eq(text, "one\n");
	ck_assert_uint_eq(len, 4);
	free(text);
	r.mdr_nscripts = 2;
	text = md_result_join(&r, &len);
	ck_assert_str_eq(text, "one\n" G_SEP "two\n");
	ck_assert_uint_eq(len, strlen(text));
	free(text);
}
END_TEST

Suite *
gen_suite(void)
{
	Suite *s = suite_create("gen");
	TCase *tc = tcase_create("gen");

	tcase_add_test(tc,
	    gen_should_make_one_script_per_zone_behind_its_pragma);
	tcase_add_test(tc, gen_should_make_one_script_from_four_zones);
	tcase_add_test(tc, gen_should_say_when_scripts_are_per_zone);
	tcase_add_test(tc, gen_should_name_the_zone_of_each_script);
	tcase_add_test(tc,
	    gen_should_use_no_pragma_unless_the_metric_allows_it);
	tcase_add_test(tc, gen_should_say_what_the_aggregation_holds);
	tcase_add_test(tc, gen_should_refuse_more_than_two_decompositions);
	tcase_add_test(tc, gen_should_refuse_unknown_and_internal_fields);
	tcase_add_test(tc, gen_should_treat_javascript_names_as_names);
	tcase_add_test(tc, gen_should_keep_the_host_name_in_its_string);
	tcase_add_test(tc, gen_should_say_which_field_was_meant);
	tcase_add_test(tc, gen_should_refuse_internal_fields_in_predicates);
	tcase_add_test(tc, gen_should_refuse_bad_zone_names);
	tcase_add_loop_test(tc, zone_check_should_follow_the_zone_name_rules,
	    0, (int)(sizeof (zone_names) / sizeof (zone_names[0])));
	tcase_add_test(tc, gen_should_refuse_a_malformed_request);
	tcase_add_test(tc, gen_should_default_to_this_hosts_name);
	tcase_add_test(tc, gen_should_give_the_same_script_every_time);
	tcase_add_test(tc, gen_should_refuse_more_zones_than_its_limit);
	tcase_add_test(tc, gen_should_refuse_scripts_past_the_output_limit);
	tcase_add_test(tc, gen_should_put_option_pragmas_after_the_zone_pragma);
	tcase_add_test(tc, gen_should_refuse_bad_options_and_intervals);
	tcase_add_test(tc, gen_should_print_and_clear_at_every_tick);
	tcase_add_test(tc, gen_should_end_tracing_after_the_duration);
	tcase_add_test(tc, gen_should_name_the_fields_of_the_key);
	tcase_add_test(tc, gen_should_sum_beside_a_quantization);
	tcase_add_test(tc, result_join_should_separate_scripts);
	tcase_add_test(tc, gen_should_warn_of_requests_that_mean_little);
	tcase_add_test(tc, gen_should_not_warn_if_one_entry_uses_the_value);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_emit.c: the D text of a script, clause by clause (SPEC section 4).
 */

#include <string.h>

#include "check_md.h"

START_TEST(emit_should_count_with_the_default_function)
{
	ck_assert_str_eq(t_gen(T_SYSCALL, "", NULL),
	    "syscall:::return\n"
	    "{\n"
	    "\t@ = count();\n"
	    "}\n\n");
}
END_TEST

START_TEST(emit_should_gather_verify_and_clean_a_numeric_field)
{
	ck_assert_str_eq(t_gen(T_SYSCALL, "n:latency", NULL),
	    "syscall:::entry\n"
	    "{\n"
	    "\tself->latency0 = timestamp;\n"
	    "}\n\n"
	    "syscall:::return\n"
	    "/((((((self->latency0) != NULL)))))/{\n"
	    "\t@ = quantize((timestamp - self->latency0));\n"
	    "}\n\n"
	    "syscall:::return\n"
	    "{\n"
	    "\t(self->latency0) = 0;\n"
	    "}\n\n");
}
END_TEST

START_TEST(emit_should_key_by_discrete_fields_in_order)
{
	ck_assert_str_eq(t_gen(T_SYSCALL, "s:zonename s:execname", NULL),
	    "syscall:::return\n{\n\t@[(zonename),(execname)] = "
	    "count();\n}\n\n");
	ck_assert_str_eq(t_gen(T_SYSCALL, "s:execname s:hostname", NULL),
	    "syscall:::return\n{\n\t@[(execname),(\"testhost\")] = "
	    "count();\n}\n\n");
}
END_TEST

/* A numeric field picks the function; discrete ones still make the key. */
START_TEST(emit_should_let_a_numeric_field_choose_the_function)
{
	const char *want =
	    "syscall:::return\n"
	    "/((((((self->latency0) != NULL)))))/{\n"
	    "\t@[(execname)] = quantize((timestamp - self->latency0));\n"
	    "}\n\n";

	ck_assert_ptr_nonnull(strstr(t_gen(T_SYSCALL, "s:execname n:latency",
	    NULL), want));
	ck_assert_ptr_nonnull(strstr(t_gen(T_SYSCALL, "n:latency s:execname",
	    NULL), want));
	/* latency by -s: its transform is the key, its function used */
	ck_assert_ptr_nonnull(strstr(t_gen(T_SYSCALL, "s:latency", NULL),
	    "\t@[(timestamp - self->latency0)] = "
	    "quantize((timestamp - self->latency0));\n"));
}
END_TEST

#define	E_FUNCS \
	"{ 'fields': ['a', 'b'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['x'], 'aggregate': { 'default': 'avg($hostname)', " \
	"      'a': 'sum($0 + 1)', 'b': 'max($hostname)' }, " \
	"    'transforms': { 'a': 'A', 'b': 'B' } } ] } }"

/* default is used verbatim; other functions get $hostname and $0. */
START_TEST(emit_should_substitute_functions_but_not_default)
{
	ck_assert_ptr_nonnull(strstr(t_gen(E_FUNCS, "", NULL),
	    "\t@ = avg($hostname);\n"));
	ck_assert_ptr_nonnull(strstr(t_gen(E_FUNCS, "s:a", NULL),
	    "\t@[(A)] = sum((A) + 1);\n"));
	ck_assert_ptr_nonnull(strstr(t_gen(E_FUNCS, "n:b", NULL),
	    "\t@ = max(testhost);\n"));
	/* two discrete fields: the first one's function */
	ck_assert_ptr_nonnull(strstr(t_gen(E_FUNCS, "s:b s:a", NULL),
	    "\t@[(B),(A)] = max(testhost);\n"));
}
END_TEST

#define	E_LOCALS \
	"{ 'fields': ['a'], 'metad': { 'locals': [{ 'fd': 'int' }, " \
	"  { 'name': 'string' }], 'probedesc': [" \
	"  { 'probes': ['p:::one', 'p:::two'], " \
	"    'local': [{ 'fd': 'arg0' }, { 'name': 'copyinstr(arg1)' }], " \
	"    'predicate': 'this->fd > 2', " \
	"    'aggregate': { 'default': 'count()', 'a': 'count()' }, " \
	"    'transforms': { 'a': 'this->name' } } ] } }"

START_TEST(emit_should_declare_and_assign_clause_locals)
{
	ck_assert_str_eq(t_gen(E_LOCALS, "", "{'eq': ['a', 'x']}"),
	    "this int fd;\n"
	    "this string name;\n"
	    "\n"
	    "p:::one,\n"
	    "p:::two\n"
	    "/((((((this->fd = arg0) != NULL || 1)) && "
	    "(((this->name = copyinstr(arg1)) != NULL || 1)))) && "
	    "(this->fd > 2) && "
	    "((this->name) == \"x\"))/{\n"
	    "\t@ = count();\n"
	    "}\n\n");
}
END_TEST

/* An empty locals list still prints its blank line, as the original. */
START_TEST(emit_should_print_a_blank_line_for_empty_locals)
{
	ck_assert_str_eq(t_gen("{ 'fields': [], 'metad': { 'locals': [], "
	    "'probedesc': [{ 'probes': ['x'], 'aggregate': { 'default': "
	    "'count()' }, 'transforms': {} }] } }", "", NULL),
	    "\nx\n{\n\t@ = count();\n}\n\n");
}
END_TEST

#define	E_ORDER \
	"{ 'fields': ['a', 'lat', 'cpu'], 'fields_internal': ['v'], " \
	"  'metad': { 'locals': [{ 't': 'int' }], 'probedesc': [" \
	"  { 'probes': ['e'], 'alwaysgather': { 'v': { 'gather': 'arg0', " \
	"      'store': 'thread' } }, 'gather': { " \
	"      'cpu': { 'gather': 'vtimestamp', 'store': 'thread' }, " \
	"      'lat': { 'gather': ['timestamp', 'walltimestamp'], " \
	"          'store': ['thread', 'global[tid]'] } } }," \
	"  { 'probes': ['r'], 'local': [{ 't': '1' }], " \
	"    'predicate': '$v0 != NULL', " \
	"    'aggregate': { 'default': 'count()', 'a': 'count()', " \
	"        'lat': 'sum($0)', 'cpu': 'sum($0)' }, " \
	"    'transforms': { 'a': 'A', 'lat': '$0 - $1[tid]', " \
	"        'cpu': 'vtimestamp - $0' }, " \
	"    'verify': { 'lat': ['$0', '$1[tid]'], 'cpu': '$0', 'v': '$0' } " \
	"}," \
	"  { 'probes': ['r'], 'clean': { 'lat': ['$0', '$1[tid]'], " \
	"      'v': '$0', 'cpu': '$0' } } ] } }"

/*
 * Parts in order: verify per gathered field (in gathered order: always-
 * gathered first, then gathers in their order), zones, locals, the entry's
 * predicate, the user's predicate.  Cleans in gathered order too.
 */
START_TEST(emit_should_order_every_part_of_a_clause)
{
	ck_assert_str_eq(t_gen(E_ORDER, "n:cpu z:web", "{'ne': ['lat', 0]}"),
	    "this int t;\n"
	    "\n"
	    "e\n"
	    "{\n"
	    "\tself->v0 = arg0;\n"
	    "\tself->cpu0 = vtimestamp;\n"
	    "\tself->lat0 = timestamp;\n"
	    "\tlat1[tid] = walltimestamp;\n"
	    "}\n\n"
	    "r\n"
	    "/((((((self->v0) != NULL)))) && "
	    "(((((self->cpu0) != NULL)))) && "
	    "(((((self->lat0) != NULL)) && (((lat1[tid]) != NULL)))) && "
	    "(((zonename == \"web\"))) && "
	    "(((((this->t = 1) != NULL || 1)))) && "
	    "(self->v0 != NULL) && "
	    "((self->lat0 - lat1[tid]) != 0))/{\n"
	    "\t@ = sum((vtimestamp - self->cpu0));\n"
	    "}\n\n"
	    "r\n"
	    "{\n"
	    "\t(self->v0) = 0;\n"
	    "\t(self->cpu0) = 0;\n"
	    "\t(self->lat0) = 0;\n"
	    "\t(lat1[tid]) = 0;\n"
	    "}\n\n");
}
END_TEST

START_TEST(emit_should_escape_predicate_strings)
{
	ck_assert_ptr_nonnull(strstr(t_gen(T_SYSCALL, "",
	    "{'eq': ['execname', '\\\"); exit(0); trace(\\\"']}"),
	    "/(((execname) == \"\\\"); exit(0); trace(\\\"\"))/{\n"));
}
END_TEST

START_TEST(emit_should_refuse_a_gathered_field_without_verify)
{
	ck_assert_str_eq(t_gen_error("{ 'fields': ['a', 'b'], 'metad': { "
	    "'probedesc': [{ 'probes': ['e'], 'gather': { "
	    "'a': { 'gather': 'A', 'store': 'thread' }, "
	    "'b': { 'gather': 'B', 'store': 'thread' } } },"
	    "{ 'probes': ['r'], 'aggregate': { 'default': 'count()', 'a': "
	    "'count()', "
	    "'b': 'count()' }, 'transforms': { 'a': '$0', 'b': '$0' }, "
	    "'verify': { 'a': '$0' } },"
	    "{ 'probes': ['r'], 'clean': { 'a': '$0', 'b': '$0' } } ] } }",
	    "s:b", NULL, MD_ERR_TRANSLATE),
	    "probedesc[1].verify: \"b\" is gathered, but this entry has no "
	    "verify for it");
}
END_TEST

#define	E_TWO \
	"{ 'fields': ['a', 'b'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['one'], 'aggregate': { 'default': 'count()', " \
	"      'a': 'count()', 'b': 'quantize($1)' }, 'transforms': { 'a': 'A', " \
	"      'b': 'B' } }," \
	"  { 'probes': ['two'], 'aggregate': { 'default': 'count()', " \
	"      'a': 'count()' }, 'transforms': { 'a': 'A' } } ] } }"

START_TEST(emit_should_refuse_a_field_an_aggregate_lacks)
{
	ck_assert_str_eq(t_gen_error(E_TWO, "s:a s:b", NULL, MD_ERR_TRANSLATE),
	    "probedesc[1]: cannot break down by \"b\": this entry has no "
	    "transform for it");
	ck_assert_str_eq(t_gen_error(E_TWO, "", "{'eq': ['b', 1]}",
	    MD_ERR_TRANSLATE), "probedesc[1].transforms: the predicate uses "
	    "\"b\", which has no transform here");
}
END_TEST

/* A broken function is an error only if it is the one printed. */
START_TEST(emit_should_refuse_only_a_broken_function_it_prints)
{
	ck_assert_str_eq(t_gen_error(E_TWO, "n:b", NULL, MD_ERR_TRANSLATE),
	    "probedesc[0].aggregate.b: $1 is out of range: an aggregating "
	    "function can only use $0, the transformed value");
	ck_assert_ptr_nonnull(strstr(t_gen("{ 'fields': ['a', 'b'], 'metad': "
	    "{ 'probedesc': [{ 'probes': ['one'], 'aggregate': { 'default': "
	    "'count()', 'a': 'count()', 'b': 'quantize($1)' }, 'transforms': { 'a': "
	    "'A', "
	    "'b': 'B' } }] } }", "s:b n:a", NULL), "\t@[(B)] = count();\n"));
}
END_TEST

START_TEST(emit_should_refuse_an_entry_predicate_naming_nothing)
{
	ck_assert_str_eq(t_gen_error("{ 'fields': ['a'], 'metad': { "
	    "'probedesc': [{ 'probes': ['x'], 'predicate': '$a0 > 1', "
	    "'aggregate': { 'default': 'count()', 'a': 'count()' }, "
	    "'transforms': { "
	    "'a': 'A' } }] } }", "", NULL, MD_ERR_TRANSLATE),
	    "probedesc[0].predicate: $a0 refers to \"a\", which is not "
	    "gathered");
}
END_TEST

/*
 * SPEC 7.16: where a transform is certainly a number or a string, the
 * predicate's value must be one too; each aggregating entry is judged by
 * its own transforms, after $N is resolved.
 */
#define	E_KINDS \
	"{ 'fields': ['lat', 'pid', 'dev', 'op'], 'metad': { 'probedesc': [" \
	"  { 'probes': ['e'], 'gather': { 'lat': { 'gather': 'timestamp', " \
	"      'store': 'global[arg0]' } } }," \
	"  { 'probes': ['one'], 'aggregate': { 'default': 'count()', " \
	"      'lat': 'count()', 'pid': 'count()', 'dev': 'count()', 'op': " \
	"'count()' }, " \
	"    'transforms': { 'lat': 'timestamp - $0[arg0]', " \
	"      'pid': 'lltostr(pid)', 'dev': 'args[1]->dev_statname', " \
	"      'op': 'arg0 & 1 ? \\\"read\\\" : \\\"write\\\"' }, " \
	"    'verify': { 'lat': '$0[arg0]' } }," \
	"  { 'probes': ['two'], 'aggregate': { 'default': 'count()', " \
	"      'lat': 'count()', 'pid': 'count()', 'dev': 'count()', 'op': " \
	"'count()' }, " \
	"    'transforms': { 'lat': '$0[arg0]', 'pid': 'pid', " \
	"      'dev': 'D', 'op': 'probefunc' }, " \
	"    'verify': { 'lat': '$0[arg0]' } }," \
	"  { 'probes': ['r'], 'clean': { 'lat': '$0[arg0]' } } ] } }"

START_TEST(emit_should_refuse_a_value_of_the_other_kind)
{
	ck_assert_str_eq(t_gen_error(E_KINDS, "", "{'gt': ['lat', '300']}",
	    MD_ERR_TRANSLATE), "probedesc[1].transforms.lat: the predicate "
	    "compares \"lat\", a number here, with the string \"300\", which "
	    "dtrace refuses; the transform is (timestamp - lat0[arg0])");
	ck_assert_str_eq(t_gen_error(E_KINDS, "", "{'and': [{'eq': ['op', "
	    "'read']}, {'ne': ['op', 1]}]}", MD_ERR_TRANSLATE),
	    "probedesc[1].transforms.op: the predicate compares \"op\", a "
	    "string here, with the number 1, which dtrace refuses; the "
	    "transform is (arg0 & 1 ? \"read\" : \"write\")");
	/* entry 1 makes pid a string, entry 2 a number: no value fits both */
	ck_assert_str_eq(t_gen_error(E_KINDS, "", "{'eq': ['pid', 1234]}",
	    MD_ERR_TRANSLATE), "probedesc[1].transforms.pid: the predicate "
	    "compares \"pid\", a string here, with the number 1234, which "
	    "dtrace refuses; the transform is (lltostr(pid))");
	ck_assert_str_eq(t_gen_error(E_KINDS, "", "{'eq': ['pid', '1234']}",
	    MD_ERR_TRANSLATE), "probedesc[2].transforms.pid: the predicate "
	    "compares \"pid\", a number here, with the string \"1234\", "
	    "which dtrace refuses; the transform is (pid)");
}
END_TEST

START_TEST(emit_should_compare_values_of_the_same_kind)
{
	ck_assert_ptr_nonnull(strstr(t_gen(E_KINDS, "", "{'and': [{'gt': "
	    "['lat', 300]}, {'eq': ['op', 'read']}]}"),
	    "/((((((lat0[arg0]) != NULL)))) && (((timestamp - lat0[arg0]) > "
	    "300) && ((arg0 & 1 ? \"read\" : \"write\") == \"read\")))/{\n"));
}
END_TEST

/* A transform whose type needs the kernel's is never refused. */
START_TEST(emit_should_never_refuse_a_transform_of_unknown_kind)
{
	ck_assert_ptr_nonnull(strstr(t_gen(E_KINDS, "", "{'eq': ['dev', 7]}"),
	    "((args[1]->dev_statname) == 7)"));
	ck_assert_ptr_nonnull(strstr(t_gen(E_KINDS, "", "{'eq': ['dev', "
	    "'sd0']}"), "((args[1]->dev_statname) == \"sd0\")"));
}
END_TEST

/* SPEC 7.12: a $N left in a transform would be D's $0, the script name. */
START_TEST(emit_should_refuse_a_transform_naming_nothing_gathered)
{
	const char *m = "{ 'fields': ['lat'], 'metad': { 'probedesc': ["
	    "{ 'probes': ['r'], 'aggregate': { 'default': 'count()', "
	    "'lat': 'quantize($0)' }, 'transforms': { 'lat': "
	    "'timestamp - $0' } } ] } }";

	ck_assert_str_eq(t_gen(m, "", NULL), "r\n{\n\t@ = count();\n}\n\n");
	ck_assert_str_eq(t_gen_error(m, "n:lat", NULL, MD_ERR_TRANSLATE),
	    "probedesc[0].transforms.lat: $0 names a variable of \"lat\", "
	    "which no entry of this script has gathered so far");
	ck_assert_str_eq(t_gen_error(m, "s:lat", NULL, MD_ERR_TRANSLATE),
	    "probedesc[0].transforms.lat: $0 names a variable of \"lat\", "
	    "which no entry of this script has gathered so far");
	ck_assert_str_eq(t_gen_error(m, "", "{'gt': ['lat', 1]}",
	    MD_ERR_TRANSLATE), "probedesc[0].transforms.lat: $0 names a "
	    "variable of \"lat\", which no entry of this script has gathered "
	    "so far");
}
END_TEST

/*
 * Clean lines come in the order the fields were first gathered, whether
 * the entry cleans fewer fields than are gathered or more.
 */
START_TEST(emit_should_clean_in_gathered_order)
{
	const char *m = "{ 'fields': ['a'], 'fields_internal': ['x', 'y', "
	    "'z'], 'metad': { 'probedesc': [{ 'probes': ['e'], "
	    "'alwaysgather': { 'z': { 'gather': '1', 'store': 'thread' }, "
	    "'x': { 'gather': '2', 'store': 'thread' }, 'y': { 'gather': '3', "
	    "'store': 'thread' } } }, { 'probes': ['r'], 'aggregate': { "
	    "'default': 'count()', 'a': 'count()' }, 'transforms': { 'a': 'A' "
	    "}, "
	    "'verify': { 'x': '$0', 'y': '$0', 'z': '$0' } }, "
	    "{ 'probes': ['c1'], 'clean': { 'y': '$0', 'z': '$0' } }, "
	    "{ 'probes': ['c2'], 'clean': { 'y': '$0', 'x': '$0', 'z': '$0' } "
	    "} ] } }";
	const char *out = t_gen(m, "", NULL);

	ck_assert_ptr_nonnull(strstr(out, "c1\n{\n\t(self->z0) = 0;\n"
	    "\t(self->y0) = 0;\n}\n"));
	ck_assert_ptr_nonnull(strstr(out, "c2\n{\n\t(self->z0) = 0;\n"
	    "\t(self->x0) = 0;\n\t(self->y0) = 0;\n}\n"));
}
END_TEST

Suite *
emit_suite(void)
{
	Suite *s = suite_create("emit");
	TCase *tc = tcase_create("emit");

	tcase_add_test(tc, emit_should_count_with_the_default_function);
	tcase_add_test(tc, emit_should_gather_verify_and_clean_a_numeric_field);
	tcase_add_test(tc, emit_should_key_by_discrete_fields_in_order);
	tcase_add_test(tc, emit_should_let_a_numeric_field_choose_the_function);
	tcase_add_test(tc, emit_should_substitute_functions_but_not_default);
	tcase_add_test(tc, emit_should_declare_and_assign_clause_locals);
	tcase_add_test(tc, emit_should_print_a_blank_line_for_empty_locals);
	tcase_add_test(tc, emit_should_order_every_part_of_a_clause);
	tcase_add_test(tc, emit_should_escape_predicate_strings);
	tcase_add_test(tc, emit_should_refuse_a_gathered_field_without_verify);
	tcase_add_test(tc, emit_should_refuse_a_field_an_aggregate_lacks);
	tcase_add_test(tc, emit_should_refuse_only_a_broken_function_it_prints);
	tcase_add_test(tc,
	    emit_should_refuse_an_entry_predicate_naming_nothing);
	tcase_add_test(tc, emit_should_refuse_a_value_of_the_other_kind);
	tcase_add_test(tc, emit_should_clean_in_gathered_order);
	tcase_add_test(tc, emit_should_compare_values_of_the_same_kind);
	tcase_add_test(tc,
	    emit_should_never_refuse_a_transform_of_unknown_kind);
	tcase_add_test(tc,
	    emit_should_refuse_a_transform_naming_nothing_gathered);
	suite_add_tcase(s, tc);
	return (s);
}

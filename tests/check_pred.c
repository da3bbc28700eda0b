/*
 * check_pred.c: krill predicates, parsed and printed.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/*
 * The field callback of the tests: FIELD -> <FIELD>, "bad" fails.  With
 * an md_buf_t as its argument, it also writes there what it was told the
 * field is compared with: s:STRING or n:NUMBER, and a space.
 */
static int
t_field(md_buf_t *b, const md_pcmp_t *cmp, void *arg, md_error_t *err)
{
	md_buf_t *seen = arg;

	if (seen != NULL) {
		md_buf_puts(seen, cmp->pc_str != NULL ? "s:" : "n:");
		md_buf_puts(seen, cmp->pc_str != NULL ? cmp->pc_str :
		    cmp->pc_num);
		md_buf_putc(seen, ' ');
	}
	if (strcmp(cmp->pc_field, "bad") == 0)
		return (md_error_set(err, MD_ERR_TRANSLATE, "no %s",
		    cmp->pc_field));
	md_buf_putc(b, '<');
	md_buf_puts(b, cmp->pc_field);
	md_buf_putc(b, '>');
	return (0);
}

static const char *
t_print(const char *sq)
{
	static char out[4096];
	md_pred_t *p = t_pred(sq);
	md_error_t err;
	md_buf_t b;

	md_buf_init(&b);
	ck_assert_msg(md_pred_print(&b, p, t_field, NULL, &err) == 0,
	    "print failed: %s", err.mde_msg);
	ck_assert(!md_buf_failed(&b));
	ck_assert_uint_lt(b.mb_len, sizeof (out));
	(void) strcpy(out, md_buf_str(&b));
	md_buf_fini(&b);
	md_pred_free(p);
	return (out);
}

START_TEST(pred_empty_object_and_array_should_be_trivial)
{
	md_pred_t *p = t_pred("{}");

	ck_assert(md_pred_trivial(p));
	ck_assert_uint_eq(md_pred_nfields(p), 0);
	md_pred_free(p);
	p = t_pred(" [ ] ");
	ck_assert(md_pred_trivial(p));
	md_pred_free(p);
	ck_assert(md_pred_trivial(NULL));
	p = t_pred("{'and': [{}, {}]}");
	ck_assert(!md_pred_trivial(p));
	md_pred_free(p);
}
END_TEST

static const struct {
	const char	*p_in;
	const char	*p_out;
} printed[] = {
	{ "{'eq': ['execname', 'postgres']}", "<execname> == \"postgres\"" },
	{ "{'ne': ['a', 1]}", "<a> != 1" },
	{ "{'lt': ['a', -3]}", "<a> < -3" },
	{ "{'le': ['a', 1.0]}", "<a> <= 1" },
	{ "{'gt': ['a', 1e18]}", "<a> > 1000000000000000000" },
	{ "{'ge': ['a', 1e-400]}", "<a> >= 0" },
	{ "{'ge': ['a', -0]}", "<a> >= 0" },
	{ "{'lt': ['a', 9223372036854775000]}", "<a> < 9223372036854775000" },
	{ "{'gt': ['a', -9223372036854774784]}",
	    "<a> > -9223372036854775000" },
	{ "{'eq': ['a', 9007199254740993]}", "<a> == 9007199254740992" },
	{ "{'gt': ['execname', '300']}", "<execname> > \"300\"" },
	{ "{'and': [{}, {}]}", "(1) && (1)" },
	{ "{'or': [[], {'eq': ['a', 'b']}]}", "(1) || (<a> == \"b\")" },
	{ "{'and': [{'eq': ['a', 1]}, {'or': [{'ne': ['b', 2]}, "
	    "{'lt': ['c', 3]}]}, {'ge': ['d', 4]}]}",
	    "(<a> == 1) && ((<b> != 2) || (<c> < 3)) && (<d> >= 4)" },
	{ "{'or': [{'and': [{'or': [{'eq': ['x', 1]}, {}]}, {}]}, {}]}",
	    "(((<x> == 1) || (1)) && (1)) || (1)" },
	{ "{'eq': ['a', '']}", "<a> == \"\"" },
	{ "{'eq': ['a', 'caf\\u00e9']}", "<a> == \"caf\xc3\xa9\"" },
};

START_TEST(pred_should_print_in_c_style)
{
	ck_assert_str_eq(t_print(printed[_i].p_in), printed[_i].p_out);
}
END_TEST

static const struct {
	const char	*e_in;
	const char	*e_out;
} escaped[] = {
	{ "plain", "\"plain\"" },
	{ "a\"b", "\"a\\\"b\"" },
	{ "back\\slash", "\"back\\\\slash\"" },
	{ "line\nbreak", "\"line\\nbreak\"" },
	{ "tab\there", "\"tab\\there\"" },
	{ "cr\r", "\"cr\\015\"" },
	{ "bell\007", "\"bell\\007\"" },
	{ "del\177", "\"del\\177\"" },
	{ "esc\033[0m", "\"esc\\033[0m\"" },
	{ "\"); exit(0); (\"", "\"\\\"); exit(0); (\\\"\"" },
	{ "utf8 \xe2\x82\xac", "\"utf8 \xe2\x82\xac\"" },
	/* not UTF-8 (a host name may be anything): octal, so JSON holds it */
	{ "\xff\xc3(\xe2\x82", "\"\\377\\303(\\342\\202\"" },
	{ "\xed\xa0\x80", "\"\\355\\240\\200\"" },
	{ "", "\"\"" },
};

START_TEST(dstring_should_escape_what_could_end_the_string)
{
	md_buf_t b;

	md_buf_init(&b);
	md_dstring(&b, escaped[_i].e_in);
	ck_assert_str_eq(md_buf_str(&b), escaped[_i].e_out);
	md_buf_fini(&b);
}
END_TEST

START_TEST(pred_strings_should_print_as_d_literals)
{
	ck_assert_str_eq(t_print("{'eq': ['a', 'x\\\"y\\\\z\\n\\u0001']}"),
	    "<a> == \"x\\\"y\\\\z\\n\\001\"");
}
END_TEST

static const struct {
	const char	*i_in;
	const char	*i_msg;
} invalid[] = {
	{ "", "predicate: empty document" },
	{ "{'eq': ['a', 1]", "predicate: JSON syntax error at line 1, column 16: "
	    "unexpected end of input" },
	{ "{'eq': ['a', 1]]", "predicate: JSON syntax error at line 1, column 16" },
	{ "{'eq': ['a', 1]} x", "predicate: JSON syntax error" },
	{ "null", "predicate: expected an object" },
	{ "'str'", "predicate: expected an object" },
	{ "5", "predicate: expected an object" },
	{ "true", "predicate: expected an object" },
	{ "[{}]", "predicate: expected an object" },
	{ "{'xor': [1, 2]}", "predicate.xor: unknown operator" },
	{ "{'EQ': ['a', 1]}", "predicate.EQ: unknown operator" },
	{ "{'eq': ['a', 1], 'ne': ['b', 2]}",
	    "predicate: expected exactly one key, found \"eq\" and \"ne\"" },
	{ "{'eq': ['a', 1], 'eq': ['b', 2]}", "predicate: duplicate key \"eq\"" },
	{ "{'eq': ['a']}", "predicate.eq: expected [FIELD, VALUE]" },
	{ "{'eq': ['a', 1, 2]}", "predicate.eq: expected [FIELD, VALUE]" },
	{ "{'eq': 'a'}", "predicate.eq: expected [FIELD, VALUE]" },
	{ "{'eq': {'a': 1}}", "predicate.eq: expected [FIELD, VALUE]" },
	{ "{'eq': [1, 1]}", "predicate.eq: the field must be a string" },
	{ "{'eq': ['a', true]}", "predicate.eq: the value must be a number" },
	{ "{'eq': ['a', null]}", "predicate.eq: the value must be a number" },
	{ "{'eq': ['a', [1]]}", "predicate.eq: the value must be a number" },
	{ "{'eq': ['a', {}]}", "predicate.eq: the value must be a number" },
	{ "{'and': [{'eq': ['a', 1]}]}",
	    "predicate.and: expected an array of at least two predicates" },
	{ "{'and': []}", "predicate.and: expected an array of at least two" },
	{ "{'or': {}}", "predicate.or: expected an array of at least two" },
	{ "{'and': [{}, 5]}", "predicate.and[1]: expected an object" },
	{ "{'or': [{}, {'and': [{}, {'gt': ['a', false]}]}]}",
	    "predicate.or[1].and[1].gt: the value must be a number" },
	{ "{'and': [{}, {'a': 1, 'a': 2}]}",
	    "predicate.and[1]: duplicate key \"a\"" },
	/* SPEC 7.8: D integers only */
	{ "{'le': ['a', 0.5]}", "predicate.le[1]: 0.5 is not an integer: D "
	    "has only integers, below 2^63 in absolute value" },
	{ "{'ge': ['a', 1.5e-7]}", "predicate.ge[1]: 1.5e-7 is not an "
	    "integer: D has only integers" },
	{ "{'gt': ['a', 1e21]}", "predicate.gt[1]: 1e+21 (the number as a "
	    "double) is too large: D has only integers, below 2^63 in absolute "
	    "value" },
	{ "{'eq': ['a', 123456789012345678901]}", "predicate.eq[1]: "
	    "123456789012345680000 (the number as a double) is too large" },
	{ "{'eq': ['a', 9223372036854775807]}", "predicate.eq[1]: "
	    "9223372036854776000 (the number as a double) is too large" },
	{ "{'eq': ['a', -9223372036854775808]}", "predicate.eq[1]: "
	    "-9223372036854776000 (the number as a double) is too large" },
	{ "{'and': [{}, {'gt': ['lat', -1e400]}]}", "predicate.and[1].gt[1]: "
	    "the number is too large: D has only integers, below 2^63 in "
	    "absolute value" },
	{ "{'lt': ['a', 1e400]}", "predicate.lt[1]: the number is too large" },
	{ "{'or': [{'lt': ['a', 1]}, {'lt': ['a', 2.5]}]}",
	    "predicate.or[1].lt[1]: 2.5 is not an integer" },
	/* SPEC 7.10: what a D string cannot hold */
	{ "{'eq': ['a', 'x\\u0000y']}", "predicate: JSON syntax error at line "
	    "1, column 16: \\u0000 is not allowed in a string: a D string ends "
	    "at a NUL" },
	{ "{'eq': ['a', '\\ud800']}", "predicate: JSON syntax error at line "
	    "1, column 15: a lone surrogate (\\ud800 to \\udbff without "
	    "\\udc00 to \\udfff after it) is not text" },
	{ "{'eq': ['a', '\\udbff\\u0041']}", "predicate: JSON syntax error "
	    "at line 1, column 15: a lone surrogate" },
	{ "{'eq': ['a', 'x\\udc00']}", "predicate: JSON syntax error at line "
	    "1, column 16: a lone surrogate (\\udc00 to \\udfff without "
	    "\\ud800 to \\udbff before it) is not text" },
};

START_TEST(pred_should_reject_what_krill_rejects)
{
	const char *text = q(invalid[_i].i_in);
	md_error_t err;
	md_pred_t *p;

	p = md_pred_parse(text, strlen(text), &err);
	ck_assert_msg(p == NULL, "accepted %s", text);
	ck_assert_int_eq(err.mde_code, MD_ERR_PREDICATE);
	ck_assert_msg(strncmp(err.mde_msg, invalid[_i].i_msg,
	    strlen(invalid[_i].i_msg)) == 0, "message \"%s\", expected \"%s\"",
	    err.mde_msg, invalid[_i].i_msg);
}
END_TEST

START_TEST(pred_fields_should_be_distinct_in_first_order)
{
	md_pred_t *p = t_pred("{'or': [{'eq': ['b', 1]}, {'and': ["
	    "{'eq': ['a', 2]}, {'ne': ['b', 3]}]}, {'lt': ['c', 4]}]}");

	ck_assert_uint_eq(md_pred_nfields(p), 3);
	ck_assert_str_eq(md_pred_field(p, 0), "b");
	ck_assert_str_eq(md_pred_field(p, 1), "a");
	ck_assert_str_eq(md_pred_field(p, 2), "c");
	ck_assert_ptr_null(md_pred_field(p, 3));
	md_pred_free(p);
}
END_TEST

START_TEST(pred_surrogate_pairs_should_be_text)
{
	ck_assert_str_eq(t_print("{'eq': ['a', '\\ud83d\\ude00']}"),
	    "<a> == \"\xf0\x9f\x98\x80\"");
	ck_assert_str_eq(t_print("{'eq': ['a', '\\\\ud800']}"),
	    "<a> == \"\\\\ud800\"");
}
END_TEST

START_TEST(pred_field_callback_should_see_the_value)
{
	md_pred_t *p = t_pred("{'or': [{'eq': ['a', 'x y']}, {'lt': ['b', "
	    "-3]}, {'gt': ['c', 1e18]}]}");
	md_error_t err;
	md_buf_t b, seen;

	md_buf_init(&b);
	md_buf_init(&seen);
	ck_assert_int_eq(md_pred_print(&b, p, t_field, &seen, &err), 0);
	ck_assert_str_eq(md_buf_str(&seen),
	    "s:x y n:-3 n:1000000000000000000 ");
	md_buf_fini(&b);
	md_buf_fini(&seen);
	md_pred_free(p);
}
END_TEST

START_TEST(pred_print_should_pass_on_field_errors)
{
	md_pred_t *p = t_pred("{'or': [{'eq': ['ok', 1]}, {'eq': ['bad', 2]}]}");
	md_error_t err;
	md_buf_t b;

	md_buf_init(&b);
	ck_assert_int_eq(md_pred_print(&b, p, t_field, NULL, &err), -1);
	ck_assert_str_eq(err.mde_msg, "no bad");
	md_buf_fini(&b);
	md_pred_free(p);
}
END_TEST

START_TEST(pred_parse_should_not_need_a_terminating_nul)
{
	const char text[] = "{}garbage";
	md_error_t err;
	md_pred_t *p = md_pred_parse(text, 2, &err);

	ck_assert_ptr_nonnull(p);
	ck_assert(md_pred_trivial(p));
	md_pred_free(p);
}
END_TEST

/* and/or nested depth deep: {"and": [{}, {"and": [{}, ... {}]}]} */
static char *
t_deep(size_t depth)
{
	char *text = malloc(depth * 24 + 16), *o = text;
	size_t i;

	ck_assert_ptr_nonnull(text);
	for (i = 0; i < depth; i++)
		o += sprintf(o, "{\"and\": [{}, ");
	o += sprintf(o, "{}");
	for (i = 0; i < depth; i++)
		o += sprintf(o, "]}");
	return (text);
}

START_TEST(pred_should_refuse_nesting_past_its_limit)
{
	char *text = t_deep(MD_MAXPREDDEPTH);
	md_error_t err;
	md_pred_t *p = md_pred_parse(text, strlen(text), &err);

	ck_assert_msg(p != NULL, "%s", err.mde_msg);
	md_pred_free(p);
	free(text);

	text = t_deep(MD_MAXPREDDEPTH + 1);
	ck_assert_ptr_null(md_pred_parse(text, strlen(text), &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("predicate: and/or nested deeper "
	    "than %d levels", MD_MAXPREDDEPTH));
	free(text);
}
END_TEST

/*
 * md_pred_json(): the predicate as a user writes it, which parses back to
 * the same predicate; {} for none.
 */
START_TEST(pred_json_should_print_what_parses_back)
{
	static const char *const cases[][2] = {
		{ "{}", "{}" },
		{ "[]", "{}" },
		{ "{\"eq\":[\"execname\",\"sshd\"]}",
		    "{\"eq\": [\"execname\", \"sshd\"]}" },
		{ "{\"ge\": [\"latency\", -9007199254740991]}",
		    "{\"ge\": [\"latency\", -9007199254740991]}" },
		{ "{\"ne\": [\"a\", \"q\\\"\\\\\\n\u00e9\"]}",
		    "{\"ne\": [\"a\", \"q\\\"\\\\\\n\u00e9\"]}" },
		{ "{\"and\": [{\"lt\": [\"a\", 1e3]}, {\"or\": [{\"gt\": "
		    "[\"b\", 2]}, {\"le\": [\"c\", \"x\"]}]}]}",
		    "{\"and\": [{\"lt\": [\"a\", 1000]}, {\"or\": [{\"gt\": "
		    "[\"b\", 2]}, {\"le\": [\"c\", \"x\"]}]}]}" },
	};
	md_error_t err;
	md_pred_t *p, *q;
	char *text, *again;
	size_t i;

	text = md_pred_json(NULL);
	ck_assert_str_eq(text, "{}");
	free(text);
	for (i = 0; i < sizeof (cases) / sizeof (cases[0]); i++) {
		p = md_pred_parse(cases[i][0], strlen(cases[i][0]), &err);
		ck_assert_msg(p != NULL, "%s: %s", cases[i][0], err.mde_msg);
		text = md_pred_json(p);
		ck_assert_str_eq(text, cases[i][1]);
		q = md_pred_parse(text, strlen(text), &err);
		ck_assert_msg(q != NULL, "%s: %s", text, err.mde_msg);
		again = md_pred_json(q);
		ck_assert_str_eq(again, text);
		free(again);
		free(text);
		md_pred_free(q);
		md_pred_free(p);
	}
}
END_TEST

Suite *
pred_suite(void)
{
	Suite *s = suite_create("pred");
	TCase *tc = tcase_create("pred");

	tcase_add_test(tc, pred_empty_object_and_array_should_be_trivial);
	tcase_add_loop_test(tc, pred_should_print_in_c_style, 0,
	    (int)(sizeof (printed) / sizeof (printed[0])));
	tcase_add_loop_test(tc, dstring_should_escape_what_could_end_the_string,
	    0, (int)(sizeof (escaped) / sizeof (escaped[0])));
	tcase_add_test(tc, pred_strings_should_print_as_d_literals);
	tcase_add_loop_test(tc, pred_should_reject_what_krill_rejects, 0,
	    (int)(sizeof (invalid) / sizeof (invalid[0])));
	tcase_add_test(tc, pred_fields_should_be_distinct_in_first_order);
	tcase_add_test(tc, pred_surrogate_pairs_should_be_text);
	tcase_add_test(tc, pred_field_callback_should_see_the_value);
	tcase_add_test(tc, pred_print_should_pass_on_field_errors);
	tcase_add_test(tc, pred_parse_should_not_need_a_terminating_nul);
	tcase_add_test(tc, pred_should_refuse_nesting_past_its_limit);
	tcase_add_test(tc, pred_json_should_print_what_parses_back);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_json.c: what md_json_parse() accepts and refuses before and after
 * cJSON: UTF-8, NUL, \u0000, nesting, duplicate keys, trailing text; and
 * each kind of syntax error a person makes by hand, with its message and
 * the first byte that cannot continue the document (md_jsonlint.c), as
 * md_json_parse(), md_json_check(), md_metric_load() and md_pred_parse()
 * report it.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

static const char *
t_json_error(const char *text, size_t len, md_errcode_t code)
{
	static char msg[MD_ERRMSGLEN];
	md_error_t err;
	cJSON *j = md_json_parse(text, len, "", &err);

	if (j != NULL) {
		cJSON_Delete(j);
		ck_abort_msg("parsed, expected an error");
	}
	ck_assert_msg(err.mde_code == code, "code %d, expected %d: %s",
	    err.mde_code, code, err.mde_msg);
	(void) strcpy(msg, err.mde_msg);
	return (msg);
}

static void
t_json_ok(const char *text)
{
	md_error_t err;
	cJSON *j = md_json_parse(text, strlen(text), "", &err);

	ck_assert_msg(j != NULL, "refused %s: %s", text, err.mde_msg);
	cJSON_Delete(j);
}

static const struct {
	const char	*u_text;
	const char	*u_msg;
} not_utf8[] = {
	{ "[\"\xff\"]", "JSON syntax error at line 1, column 3: not UTF-8" },
	{ "[\"\xc3\"]", "JSON syntax error at line 1, column 3: not UTF-8" },
	{ "[\"\xc0\x80\"]", "column 3: not UTF-8" },		/* overlong */
	{ "[\"\xe0\x80\xaf\"]", "column 3: not UTF-8" },	/* overlong */
	{ "[\"\xf0\x80\x80\xaf\"]", "column 3: not UTF-8" },	/* overlong */
	{ "[\"\xed\xa0\x80\"]", "column 3: not UTF-8" },	/* surrogate */
	{ "[\"\xf4\x90\x80\x80\"]", "column 3: not UTF-8" },	/* > 10FFFF */
	{ "[\"\xf8\x88\x80\x80\x80\"]", "column 3: not UTF-8" },
	{ "[\"ok\",\n \"\x80\"]", "line 2, column 3: not UTF-8" },
	{ "[\"\xe2\x82\"]", "column 3: not UTF-8" },		/* cut short */
	{ "\xe2\x82", "column 1: not UTF-8" },			/* at the end */
};

START_TEST(json_should_refuse_what_is_not_utf8)
{
	const char *msg = t_json_error(not_utf8[_i].u_text,
	    strlen(not_utf8[_i].u_text), MD_ERR_JSON);

	ck_assert_msg(strstr(msg, not_utf8[_i].u_msg) != NULL,
	    "message \"%s\", expected \"%s\"", msg, not_utf8[_i].u_msg);
}
END_TEST

START_TEST(json_should_accept_utf8)
{
	t_json_ok("[\"caf\xc3\xa9\", \"\xe2\x82\xac\", \"\xf0\x9f\x98\x80\", "
	    "\"\xef\xbf\xbf\", \"\xf4\x8f\xbf\xbf\", \"\\u00e9\"]");
}
END_TEST

/* cJSON would cut the string at \u0000 and say nothing. */
START_TEST(json_should_refuse_the_nul_escape)
{
	ck_assert_str_eq(t_json_error("[\"a\\u0000b\"]", 12, MD_ERR_JSON),
	    "JSON syntax error at line 1, column 4: \\u0000 is not allowed in "
	    "a string: a D string ends at a NUL");
	ck_assert_str_eq(t_json_error("{\"\\\\\\u0000\": 1}", 15, MD_ERR_JSON),
	    "JSON syntax error at line 1, column 5: \\u0000 is not allowed in "
	    "a string: a D string ends at a NUL");
	/* an escaped backslash followed by u0000 is text, not an escape */
	t_json_ok("[\"\\\\u0000\"]");
	t_json_ok("[\"\\u0001\", \"\\u1000\"]");
}
END_TEST

/* cJSON reads \uZZZZ as \u0000 and cuts the string there, silently. */
START_TEST(json_should_refuse_a_u_escape_without_four_hex_digits)
{
	ck_assert_str_eq(t_json_error("[\"a\\uZZZZb\"]", 12, MD_ERR_JSON),
	    "JSON syntax error at line 1, column 4: \\u must be followed by "
	    "four hexadecimal digits (cJSON would read a NUL)");
	ck_assert_str_eq(t_json_error("[\"\\u00g0\"]", 10, MD_ERR_JSON),
	    "JSON syntax error at line 1, column 3: \\u must be followed by "
	    "four hexadecimal digits (cJSON would read a NUL)");
	t_json_ok("[\"\\u00e9\\u00E9\"]");
}
END_TEST

/*
 * md_json_valid() takes what cJSON takes, and refuses what it refuses, so
 * that a failure of cJSON on valid text is a failure of memory.
 */
static const struct {
	const char	*v_text;
	int		v_ok;
} valid[] = {
	{ "{}", 1 }, { "[]", 1 }, { " [ 1 , \"a\" , null , true , false ] ", 1 },
	{ "{\"a\": {\"b\": [[], {}]}}", 1 }, { "\"x\"", 1 }, { "3", 1 },
	{ "[01, 1., -.5, 1e5, 1E+2, -0, 1e, 00]", 0 },
	{ "[01, 1., -.5, 1e5, 1E+2, -0, 00]", 1 },
	{ "[1e]", 0 }, { "[1.2.3]", 0 }, { "[-]", 0 }, { "[+1]", 0 },
	{ "[.5]", 0 }, { "[1e+]", 0 }, { "[123456789012345678901234567890123"
	    "4567890123456789012345678901234567890]", 1 },
	{ "[\"tab\there\"]", 1 }, { "[\"a\\qb\"]", 0 },
	{ "[\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]", 1 },
	{ "[\"\\uZZZZ\"]", 1 }, { "[\"\\u12\"]", 0 },
	{ "[\"\\ud83d\\ude00\"]", 1 }, { "[\"\\ud83d\"]", 0 },
	{ "[\"\\ude00\"]", 0 }, { "[\"\\ud83d\\u0041\"]", 0 },
	{ "\xef\xbb\xbf[1]", 1 }, { "\xef\xbb\xbf" "1", 0 },
	{ "[1,]", 0 }, { "[,1]", 0 }, { "{\"a\" 1}", 0 }, { "{\"a\":}", 0 },
	{ "{1: 2}", 0 }, { "{\"a\": 1,}", 0 }, { "[1] x", 0 }, { "[1]\x01", 0 },
	{ "[\x01 1 \x1f]", 1 }, { "[nul]", 0 }, { "[truex]", 0 },
	{ "\"open", 0 }, { "[1", 0 }, { "{", 0 }, { "", 0 }, { "   ", 0 },
	/* \u takes the backslash of \\, so \" escapes the closing quote */
	{ "[\"\\u37]\\\\\"]", 1 },
};

START_TEST(json_valid_should_agree_with_cjson)
{
	const char *t = valid[_i].v_text;
	size_t len = strlen(t);
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(t, len, &end, 0);
	int cj = root != NULL;

	/* what cJSON leaves must be JSON white space, as md_json_parse asks */
	if (root != NULL) {
		while (*end == ' ' || *end == '\n')
			end++;
		cj = *end == '\0';
	}
	cJSON_Delete(root);
	ck_assert_msg(cj == valid[_i].v_ok, "cJSON %s %s", cj ? "takes" :
	    "refuses", t);
	ck_assert_msg(md_json_valid(t, len) == valid[_i].v_ok,
	    "md_json_valid %s %s", valid[_i].v_ok ? "refuses" : "takes", t);
}
END_TEST

START_TEST(json_should_refuse_nul_bytes)
{
	ck_assert_str_eq(t_json_error("[1,\n 2\0]", 8, MD_ERR_JSON),
	    "JSON syntax error at line 2, column 3: NUL byte");
}
END_TEST

START_TEST(json_should_say_when_nesting_is_too_deep)
{
	size_t n = MD_MAXJSONDEPTH + 1, i;
	char *text = malloc(2 * n + 1);

	for (i = 0; i < n; i++) {
		text[i] = '[';
		text[n + i] = ']';
	}
	ck_assert_str_eq(t_json_error(text, 2 * n, MD_ERR_LIMIT),
	    t_fmt("JSON nested deeper than %d levels at line 1, column %d",
	    MD_MAXJSONDEPTH, MD_MAXJSONDEPTH + 1));
	/* 128 levels are fine */
	text[2 * n - 1] = '\0';
	t_json_ok(text + 1);
	free(text);
	/* brackets in strings do not count */
	text = malloc(2 * n + 8);
	(void) memset(text, '[', 2 * n + 8);
	text[0] = '"';
	(void) strcpy(text + 2 * n + 1, "\\\"[\"");
	t_json_ok(text);
	free(text);
}
END_TEST

START_TEST(json_should_refuse_text_after_the_document)
{
	ck_assert_str_eq(t_json_error("{} {}", 5, MD_ERR_JSON),
	    "JSON syntax error at line 1, column 4: expected nothing after the "
	    "document, found '{' (a second document?)");
	t_json_ok(" {} \n\t\r ");
}
END_TEST

/*
 * Syntax errors made by hand (issue 24): the line and column of the first
 * byte that cannot continue the document, counted in bytes, and what was
 * expected and found there.
 */
static const struct {
	const char	*s_text;
	const char	*s_msg;
} syntax[] = {
	/* a trailing comma: the '}' or ']' after it */
	{ "{\"a\": 1,}", "line 1, column 9: a trailing comma before '}' "
	    "(JSON allows none)" },
	{ "{\"fields\": [\"a\"], \"metad\": {}, \"label\": \"abcd\",}",
	    "line 1, column 48: a trailing comma before '}' (JSON allows "
	    "none)" },
	{ "[1, 2,]", "line 1, column 7: a trailing comma before ']' (JSON "
	    "allows none)" },
	{ "{\"a\": [1,\n]}", "line 2, column 1: a trailing comma before ']' "
	    "(JSON allows none)" },
	/* a missing comma */
	{ "{\"a\": 1 \"b\": 2}", "line 1, column 9: expected ',' or '}', "
	    "found a string (a missing ','?)" },
	{ "[1 2]", "line 1, column 4: expected ',' or ']', found the number "
	    "2 (a missing ','?)" },
	{ "[{} {}]", "line 1, column 5: expected ',' or ']', found '{' (a "
	    "missing ','?)" },
	/* a missing colon */
	{ "{\"a\" 1}", "line 1, column 6: expected ':' after the key, found "
	    "the number 1" },
	{ "{\"a\" = 1}", "line 1, column 6: expected ':' after the key, "
	    "found '='" },
	/* a bare key: its first letter */
	{ "{eq: 1}", "line 1, column 2: expected a key in double quotes, "
	    "found the bare word eq" },
	{ "{\"a\": 1, b: 2}", "line 1, column 10: expected a key in double "
	    "quotes, found the bare word b" },
	{ "{1: 2}", "line 1, column 2: expected a key in double quotes, "
	    "found the number 1" },
	/* single quotes, curly quotes */
	{ "{'eq': 1}", "line 1, column 2: expected a key in double quotes, "
	    "found a single quote (JSON strings take double quotes)" },
	{ "[\"a\", 'b']", "line 1, column 7: expected a value, found a "
	    "single quote (JSON strings take double quotes)" },
	{ "[\xe2\x80\x9c" "a\xe2\x80\x9d]", "line 1, column 2: expected a "
	    "value, found '\xe2\x80\x9c' (JSON strings take straight double "
	    "quotes)" },
	/* a bare word as a value: where it leaves true, false or null */
	{ "{\"eq\": [\"execname\", postgres]}", "line 1, column 21: "
	    "expected a value, found the bare word postgres (a string takes "
	    "double quotes: \"postgres\")" },
	{ "[True]", "line 1, column 2: expected a value, found the bare word "
	    "True (JSON writes true)" },
	{ "[False]", "line 1, column 2: expected a value, found the bare "
	    "word False (JSON writes false)" },
	{ "[None]", "line 1, column 2: expected a value, found the bare word "
	    "None (JSON writes null)" },
	{ "[undefined]", "line 1, column 2: expected a value, found the bare "
	    "word undefined (JSON writes null)" },
	{ "[NaN]", "line 1, column 2: expected a value, found the bare word "
	    "NaN (JSON has no NaN or Infinity)" },
	{ "[-Infinity]", "line 1, column 3: expected a digit after '-', "
	    "found the bare word Infinity (JSON has no NaN or Infinity)" },
	{ "[nul]", "line 1, column 5: expected a value, found the bare word "
	    "nul (did you mean null?)" },
	{ "[nil]", "line 1, column 3: expected a value, found the bare word "
	    "nil (JSON writes null)" },
	{ "[truex]", "line 1, column 6: expected a value, found the bare "
	    "word truex (a string takes double quotes: \"truex\")" },
	{ "[fals", "line 1, column 6: unexpected end of input: expected "
	    "false" },
	/* comments */
	{ "{\"a\": 1, // one\n \"b\": 2}", "line 1, column 10: expected a "
	    "key in double quotes, found '//' (JSON has no comments)" },
	{ "[1 /* one */]", "line 1, column 4: expected ',' or ']', found "
	    "'/*' (JSON has no comments)" },
	{ "{\"a\": /* one */ 1}", "line 1, column 7: expected a value, "
	    "found '/*' (JSON has no comments)" },
	{ "{\"a\": 1} # one", "line 1, column 10: expected nothing after the "
	    "document, found '#' (JSON has no comments)" },
	/* an unclosed string: the end of the input, or after a line break */
	{ "[\"abc", "line 1, column 6: unexpected end of input: the string "
	    "at line 1, column 2 is not closed" },
	{ "{\"a: 1}", "line 1, column 8: unexpected end of input: the string "
	    "at line 1, column 2 is not closed" },
	{ "{\"a\": \"abc,\n \"b\": 1}", "line 2, column 3: expected ',' or "
	    "'}', found the bare word b (the string at line 1, column 7 holds "
	    "a line break: is its closing quote missing?)" },
	/* an unclosed object or array */
	{ "{\"a\": [1", "line 1, column 9: unexpected end of input: expected "
	    "',' or ']' (the '[' at line 1, column 7 is not closed)" },
	{ "{\"a\": 1", "line 1, column 8: unexpected end of input: expected "
	    "',' or '}' (the '{' at line 1, column 1 is not closed)" },
	{ "{\n", "line 2, column 1: unexpected end of input: expected a key "
	    "in double quotes (the '{' at line 1, column 1 is not closed)" },
	{ "{\"a\":", "line 1, column 6: unexpected end of input: expected a "
	    "value (the '{' at line 1, column 1 is not closed)" },
	{ "{\"a\": [1}", "line 1, column 9: expected ',' or ']', found '}' "
	    "(the '[' at line 1, column 7 is not closed)" },
	/* a missing value */
	{ "{\"a\":}", "line 1, column 6: expected a value, found '}'" },
	{ "[1,,2]", "line 1, column 4: expected a value, found ','" },
	/* something after the document */
	{ "{} {}", "line 1, column 4: expected nothing after the document, "
	    "found '{' (a second document?)" },
	{ "[1]]", "line 1, column 4: expected nothing after the document, "
	    "found ']' (one ']' too many?)" },
	{ "{\"a\": 1} x", "line 1, column 10: expected nothing after the "
	    "document, found the bare word x" },
	{ "[1]\x01", "line 1, column 4: expected nothing after the document, "
	    "found the control character \\001" },
	/* nothing but white space that is not JSON's */
	{ "\x01", "line 1, column 2: unexpected end of input: expected a "
	    "value" },
	/* a bad escape: the byte after the backslash */
	{ "[\"a\\qb\"]", "line 1, column 5: invalid escape '\\q' (JSON's are "
	    "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)" },
	{ "[\"a\\\tb\"]", "line 1, column 5: invalid escape: the control "
	    "character \\011 after '\\' (JSON's are \\\" \\\\ \\/ \\b \\f \\n "
	    "\\r \\t \\uXXXX)" },
	/* numbers */
	{ "[-]", "line 1, column 3: expected a digit after '-', found ']'" },
	{ "[-", "line 1, column 3: unexpected end of input: expected a digit "
	    "after '-' (the '[' at line 1, column 1 is not closed)" },
	{ "[+1]", "line 1, column 2: expected a value, found '+' (a JSON "
	    "number has no '+' sign)" },
	{ "[.5]", "line 1, column 2: expected a value, found '.' (a JSON "
	    "number starts with a digit: 0.5)" },
	{ "[-.]", "line 1, column 4: expected a digit after '.', found ']'" },
	{ "[0x1F]", "line 1, column 3: expected ',' or ']', found the bare "
	    "word x1F (JSON has no hexadecimal numbers)" },
	{ "[1e]", "line 1, column 4: expected a digit in the exponent, found "
	    "']'" },
	{ "[1.2.3]", "line 1, column 5: expected ',' or ']', found '.'" },
	/* columns count bytes: a tab is one, and so is each byte of \xc3\xa9 */
	{ "[\"\xc3\xa9\", x]", "line 1, column 8: expected a value, found "
	    "the bare word x (a string takes double quotes: \"x\")" },
	{ "[\t\xc3\xa9]", "line 1, column 3: expected a value, found "
	    "'\xc3\xa9'" },
	{ "[1,\n\t\tx]", "line 2, column 3: expected a value, found the bare "
	    "word x (a string takes double quotes: \"x\")" },
};

START_TEST(json_should_say_what_was_expected_and_found)
{
	const char *text = syntax[_i].s_text, *msg;
	md_jsyntax_t syn, pre;
	size_t len = strlen(text);

	msg = t_json_error(text, len, MD_ERR_JSON);
	ck_assert_str_eq(msg, t_fmt("JSON syntax error at %s",
	    syntax[_i].s_msg));

	/* the byte named is the first that cannot continue the document */
	ck_assert_int_eq(md_json_syntax(text, len, &syn), -1);
	ck_assert_msg(md_json_syntax(text, syn.js_off, &pre) == 0 ||
	    pre.js_off == syn.js_off, "the text before offset %zu is refused "
	    "at %zu", syn.js_off, pre.js_off);
	if (syn.js_off < len) {
		ck_assert_int_eq(md_json_syntax(text, syn.js_off + 1, &pre),
		    -1);
		ck_assert_uint_eq(pre.js_off, syn.js_off);
	}
}
END_TEST

/* The same messages from every reader of JSON text. */
START_TEST(json_errors_should_be_the_same_for_every_reader)
{
	const char *text = "{\"eq\": [\"execname\", 'x']}";
	const char *msg = "JSON syntax error at line 1, column 21: expected a "
	    "value, found a single quote (JSON strings take double quotes)";
	md_error_t err;

	ck_assert_ptr_null(md_pred_parse(text, strlen(text), &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_PREDICATE);
	ck_assert_str_eq(err.mde_msg, t_fmt("predicate: %s", msg));
	ck_assert_ptr_null(md_metric_load(text, strlen(text), &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_JSON);
	ck_assert_str_eq(err.mde_msg, msg);
	ck_assert_int_eq(md_json_check(text, strlen(text), &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_JSON);
	ck_assert_str_eq(err.mde_msg, msg);
}
END_TEST

/* cJSON's leniencies stay: raw control characters in strings, "01", "1." */
START_TEST(json_should_keep_cjsons_leniencies)
{
	t_json_ok("[\"a\tb\x01" "c\"]");
	t_json_ok("[01, 1., -.5, 1E+2]");
	t_json_ok("{\"a\":\"multi\nline\"}");
}
END_TEST

START_TEST(json_should_name_the_object_with_a_duplicate_key)
{
	const char *nested = "{\"a\": [{\"b\": {\"c\": 1, \"c\": 2}}]}";

	ck_assert_str_eq(t_json_error(nested, strlen(nested), MD_ERR_JSON),
	    "a[0].b: duplicate key \"c\"");
	ck_assert_str_eq(t_json_error("{\"k\": 1, \"k\": 2}", 16, MD_ERR_JSON),
	    "duplicate key \"k\"");
}
END_TEST

/* Objects of more than a few keys are sorted to find duplicates. */
START_TEST(json_should_find_duplicates_in_large_objects)
{
	char text[4096], *o = text;
	int i;

	o += sprintf(o, "{");
	for (i = 0; i < 100; i++)
		o += sprintf(o, "\"k%d\": %d, ", i, i);
	(void) sprintf(o, "\"k57\": 0}");
	ck_assert_str_eq(t_json_error(text, strlen(text), MD_ERR_JSON),
	    "duplicate key \"k57\"");
	(void) sprintf(o, "\"k100\": 0}");
	t_json_ok(text);
}
END_TEST

Suite *
json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");

	tcase_add_loop_test(tc, json_should_refuse_what_is_not_utf8, 0,
	    (int)(sizeof (not_utf8) / sizeof (not_utf8[0])));
	tcase_add_test(tc, json_should_accept_utf8);
	tcase_add_test(tc, json_should_refuse_the_nul_escape);
	tcase_add_test(tc, json_should_refuse_nul_bytes);
	tcase_add_test(tc,
	    json_should_refuse_a_u_escape_without_four_hex_digits);
	tcase_add_loop_test(tc, json_valid_should_agree_with_cjson, 0,
	    (int)(sizeof (valid) / sizeof (valid[0])));
	tcase_add_test(tc, json_should_say_when_nesting_is_too_deep);
	tcase_add_test(tc, json_should_refuse_text_after_the_document);
	tcase_add_loop_test(tc, json_should_say_what_was_expected_and_found, 0,
	    (int)(sizeof (syntax) / sizeof (syntax[0])));
	tcase_add_test(tc, json_errors_should_be_the_same_for_every_reader);
	tcase_add_test(tc, json_should_keep_cjsons_leniencies);
	tcase_add_test(tc, json_should_name_the_object_with_a_duplicate_key);
	tcase_add_test(tc, json_should_find_duplicates_in_large_objects);
	suite_add_tcase(s, tc);
	return (s);
}

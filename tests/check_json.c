/*
 * check_json.c: what md_json_parse() accepts and refuses before and after
 * cJSON: UTF-8, NUL, \u0000, nesting, duplicate keys, trailing text.
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
	tcase_add_test(tc, json_should_name_the_object_with_a_duplicate_key);
	tcase_add_test(tc, json_should_find_duplicates_in_large_objects);
	suite_add_tcase(s, tc);
	return (s);
}

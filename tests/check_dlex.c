/*
 * check_dlex.c: the tokens of D expressions.
 */

#include <stdio.h>
#include <string.h>

#include "check_md.h"

/*
 * The tokens of text as "KIND:TEXT" separated by spaces, the kinds as
 * letters: i identifier, n integer, s string, m macro, o operator, X bad.
 */
static const char *
t_tokens(const char *text)
{
	static char out[1024];
	static const char kinds[] = "EinsmoX";
	md_dlex_t dl;
	size_t o = 0;

	md_dlex_init(&dl, text, strlen(text));
	while (md_dlex_next(&dl) != MDT_EOF) {
		o += (size_t)snprintf(out + o, sizeof (out) - o, "%s%c:%.*s",
		    o > 0 ? " " : "", kinds[dl.dl_tok], (int)dl.dl_toklen,
		    dl.dl_buf + dl.dl_off);
		ck_assert_uint_lt(o, sizeof (out));
	}
	out[o] = '\0';
	return (out);
}

static const struct {
	const char	*l_in;
	const char	*l_out;
} lexed[] = {
	{ "", "" },
	{ "  \t\n ", "" },
	{ "execname", "i:execname" },
	{ "self->lat0", "i:self o:-> i:lat0" },
	{ "`max_pfn + _x9", "i:`max_pfn o:+ i:_x9" },
	{ "genunix`kmem_flags", "i:genunix`kmem_flags" },
	{ "0 17 0x1F 0XaB 017 10u 10UL 10ull 'a' '\\n'",
	    "n:0 n:17 n:0x1F n:0XaB n:017 n:10u n:10UL n:10ull n:'a' n:'\\n'" },
	{ "1.5 .5 1e3 08 0x 10lu 10uu", "X:1.5 X:.5 X:1e3 X:08 X:0x X:10lu "
	    "X:10uu" },
	{ "\"a\\\"b\" \"\"", "s:\"a\\\"b\" s:\"\"" },
	{ "\"unclosed", "X:\"unclosed" },
	{ "\"new\nline\"", "X:\"new i:line X:\"" },
	{ "''", "X:''" },
	{ "$1 $$1 $target $", "m:$1 m:$$1 m:$target X:$" },
	{ "a<<=b>>=c...d", "i:a o:<<= i:b o:>>= i:c o:... i:d" },
	{ "a->b++--c", "i:a o:-> i:b o:++ o:-- i:c" },
	{ "a^^b||c&&d", "i:a o:^^ i:b o:|| i:c o:&& i:d" },
	{ "x/*comment*/+/**/y", "i:x o:+ i:y" },
	{ "x /* unclosed", "i:x X:/* unclosed" },
	{ "@a[0] = count();", "o:@ i:a o:[ n:0 o:] o:= i:count o:( o:) o:;" },
	{ "a \\ b", "i:a X:\\ i:b" },
};

START_TEST(dlex_should_split_d_into_tokens)
{
	ck_assert_str_eq(t_tokens(lexed[_i].l_in), lexed[_i].l_out);
}
END_TEST

START_TEST(dlex_should_stay_at_the_end)
{
	md_dlex_t dl;

	md_dlex_init(&dl, "x", 1);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_IDENT);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_EOF);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_EOF);
	ck_assert_uint_eq(dl.dl_off, 1);
}
END_TEST

START_TEST(dlex_should_not_read_past_its_length)
{
	md_dlex_t dl;

	md_dlex_init(&dl, "ab+cd", 3);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_IDENT);
	ck_assert_uint_eq(dl.dl_toklen, 2);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_OP);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_EOF);
	md_dlex_init(&dl, "\"ab\"", 3);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_BAD);
	md_dlex_init(&dl, "12", 1);
	ck_assert_int_eq(md_dlex_next(&dl), MDT_INT);
	ck_assert_uint_eq(dl.dl_toklen, 1);
}
END_TEST

START_TEST(dlex_is_should_match_whole_tokens)
{
	md_dlex_t dl;

	md_dlex_init(&dl, "-> self", 7);
	(void) md_dlex_next(&dl);
	ck_assert(md_dlex_is(&dl, "->"));
	ck_assert(!md_dlex_is(&dl, "-"));
	(void) md_dlex_next(&dl);
	ck_assert(md_dlex_is(&dl, "self"));
	ck_assert(!md_dlex_is(&dl, "sel"));
}
END_TEST

static int
t_same(const char *a, const char *b)
{
	return (md_dlex_same(a, strlen(a), b, strlen(b)));
}

START_TEST(dlex_same_should_ignore_space_between_tokens)
{
	ck_assert(t_same("[pid,this->fd]", "[ pid , this -> fd ]"));
	ck_assert(t_same("", "  /* nothing */ "));
	ck_assert(!t_same("[pid]", "[tid]"));
	ck_assert(!t_same("[pid]", "[pid][0]"));
	ck_assert(!t_same("a b", "ab"));
	ck_assert(!t_same("\"a b\"", "\"a  b\""));
	/* bad tokens are never equal */
	ck_assert(!t_same("1.5", "1.5"));
}
END_TEST

Suite *
dlex_suite(void)
{
	Suite *s = suite_create("dlex");
	TCase *tc = tcase_create("dlex");

	tcase_add_loop_test(tc, dlex_should_split_d_into_tokens, 0,
	    (int)(sizeof (lexed) / sizeof (lexed[0])));
	tcase_add_test(tc, dlex_should_stay_at_the_end);
	tcase_add_test(tc, dlex_should_not_read_past_its_length);
	tcase_add_test(tc, dlex_is_should_match_whole_tokens);
	tcase_add_test(tc, dlex_same_should_ignore_space_between_tokens);
	suite_add_tcase(s, tc);
	return (s);
}

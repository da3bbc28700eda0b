/*
 * check_dlex.c: the tokens of D expressions.
 */

#include <stdio.h>
#include <string.h>

#include "check_md.h"

/*
 * The tokens of text as "KIND:TEXT" separated by spaces, the kinds as
 * letters: i identifier, n integer, s string, m macro, o operator, X bad,
 * a aggregation, p outer word, c control line.  With outer set, the
 * lexer reads the outer scope of a program.
 */
static const char *
t_tokens_in(const char *text, md_dlmode_t mode)
{
	static char out[1024];
	static const char kinds[] = "EinsmoXapc";
	md_dlex_t dl;
	size_t o = 0;

	md_dlex_init(&dl, text, strlen(text));
	dl.dl_mode = mode;
	while (md_dlex_next(&dl) != MDT_EOF) {
		o += (size_t)snprintf(out + o, sizeof (out) - o, "%s%c:%.*s",
		    o > 0 ? " " : "", kinds[dl.dl_tok], (int)dl.dl_toklen,
		    dl.dl_buf + dl.dl_off);
		ck_assert_uint_lt(o, sizeof (out));
	}
	out[o] = '\0';
	return (out);
}

static const char *
t_tokens(const char *text)
{
	return (t_tokens_in(text, MD_DL_EXPR));
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
	/* a module's name may start with a digit (RGX_IDENT's second form) */
	{ "1`foo 9x_`y`z 1 `", "i:1`foo i:9x_`y`z n:1 i:`" },
	/* "//" is no comment (issue 23) */
	{ "a // b", "i:a o:/ o:/ i:b" },
	{ "0 17 0x1F 0XaB 017 10u 10UL 10ull 'a' '\\n'",
	    "n:0 n:17 n:0x1F n:0XaB n:017 n:10u n:10UL n:10ull n:'a' n:'\\n'" },
	{ "1.5 .5 1e3 1f 1. 08 0x 10lu 10uu 1l", "X:1.5 X:.5 X:1e3 X:1f X:1. "
	    "X:08 n:0 i:x n:10l i:u n:10u i:u n:1l" },
	{ "18446744073709551615 18446744073709551616 0xffffffffffffffff0",
	    "n:18446744073709551615 X:18446744073709551616 "
	    "X:0xffffffffffffffff0" },
	{ "'ab' '\\0' '\\x41' '12345678' '123456789' '\\q'",
	    "n:'ab' n:'\\0' n:'\\x41' n:'12345678' X:'123456789' n:'\\q'" },
	{ "\"a\\\"b\" \"\"", "s:\"a\\\"b\" s:\"\"" },
	{ "\"unclosed", "X:\" i:unclosed" },
	{ "\"new\nline\"", "X: i:line X:\"" },
	/* a backslash before a newline escapes nothing: the quote is wrong */
	{ "\"a\\\nb", "X:\" i:a i:b" },
	{ "''", "X:''" },
	{ "$1 $$1 $target $", "m:$1 m:$$1 m:$target X:$" },
	{ "a<<=b>>=c...d", "i:a o:<<= i:b o:>>= i:c o:... i:d" },
	{ "a->b++--c", "i:a o:-> i:b o:++ o:-- i:c" },
	{ "a^^b||c&&d", "i:a o:^^ i:b o:|| i:c o:&& i:d" },
	{ "x/*comment*/+/**/y", "i:x o:+ i:y" },
	{ "x /* unclosed", "i:x X:" },
	{ "x /* a /* b */", "i:x X:" },
	{ "@a[0] = count(); @ = sum(1)", "a:@a o:[ n:0 o:] o:= i:count o:( "
	    "o:) o:; a:@ o:= i:sum o:( n:1 o:)" },
	{ "a\\\nb", "i:a i:b" },
	{ "#pragma D option quiet\n  # 12 \"x\"\nx # y", "c:#pragma D option "
	    "quiet c:# 12 \"x\" i:x X:# i:y" },
	{ "#!/usr/sbin/dtrace -s\nx", "i:x" },
	{ "a \\ b", "i:a X:\\ i:b" },
};

START_TEST(dlex_should_split_d_into_tokens)
{
	ck_assert_str_eq(t_tokens(lexed[_i].l_in), lexed[_i].l_out);
}
END_TEST

static const struct {
	const char	*o_in;
	const char	*o_out;
} outer[] = {
	{ "syscall::read:entry", "p:syscall::read:entry" },
	{ "fbt:vmlinux:[a-c]*:entry, profile-97 /x/ {",
	    "p:fbt:vmlinux:[a-c]*:entry o:, p:profile-97 o:/ p:x o:/ o:{" },
	{ "node*:::http-server-request", "p:node*:::http-server-request" },
	{ "self int x;", "p:self p:int p:x X:;" },
	{ "123 :::BEGIN", "n:123 p::::BEGIN" },
};

START_TEST(dlex_should_read_the_outer_scope)
{
	ck_assert_str_eq(t_tokens_in(outer[_i].o_in, MD_DL_OUTER),
	    outer[_i].o_out);
}
END_TEST

/* The '/' that ends a predicate: followed by the end, ';', '{' or '/'. */
START_TEST(dlex_should_tell_the_end_of_a_predicate)
{
	static const struct {
		const char	*e_in;
		int		e_end;
	} e[] = {
		{ "/", 1 }, { "/ {", 1 }, { "/\n\t;", 1 }, { "/ /", 1 },
		{ "/ x", 0 }, { "/2", 0 }, { "/ (", 0 },
	};
	md_dlex_t dl;
	size_t i;

	for (i = 0; i < sizeof (e) / sizeof (e[0]); i++) {
		md_dlex_init(&dl, e[i].e_in, strlen(e[i].e_in));
		ck_assert_int_eq(md_dlex_next(&dl), MDT_OP);
		ck_assert_msg(md_dlex_epred(&dl) == e[i].e_end, "%s",
		    e[i].e_in);
	}
}
END_TEST

START_TEST(dlex_should_say_why_a_token_is_bad)
{
	static const struct {
		const char	*w_in;
		const char	*w_why;
	} w[] = {
		{ "1.5", "floating-point constants are not permitted" },
		{ "09", "invalid digit" },
		{ "99999999999999999999", "integer overflow" },
		{ "\"a\nb\"", "newline encountered in string literal" },
		{ "'a\n'", "newline encountered in character constant" },
		{ "''", "empty character constant" },
		{ "'123456789'", "character constant is too long" },
		{ "/* x", "end-of-file encountered before matching */" },
		{ "/* /* */", "/* encountered inside a comment" },
		{ "\\", "syntax error" },
	};
	md_dlex_t dl;
	size_t i;

	for (i = 0; i < sizeof (w) / sizeof (w[0]); i++) {
		md_dlex_init(&dl, w[i].w_in, strlen(w[i].w_in));
		ck_assert_int_eq(md_dlex_next(&dl), MDT_BAD);
		ck_assert_str_eq(dl.dl_why, w[i].w_why);
	}
}
END_TEST

START_TEST(dlex_where_should_count_lines_and_columns)
{
	size_t line, col;

	md_text_where("ab\ncd\n", 4, &line, &col);
	ck_assert_uint_eq(line, 2);
	ck_assert_uint_eq(col, 2);
	md_text_where("ab", 0, &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
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

/*
 * The names a text uses, as dtrace's lexer reads them: not inside a
 * string, a comment or a control line, nor as part of a longer name.
 */
START_TEST(d_names_should_find_names_as_the_lexer_reads_them)
{
	static const char *const names[] = { "zonename", "vnode_t",
	    "genunix" };
	const char *t;

	t = "syscall:::entry /zonename == \"a\"/ { @ = count(); }";
	ck_assert_int_eq(md_d_names(t, strlen(t), names, 3), 0);
	t = "fbt:genunix:fop_read:entry { self->v = (vnode_t *)arg0; }";
	ck_assert_int_eq(md_d_names(t, strlen(t), names, 3), 2);
	t = "BEGIN { x = ((vnode_t *)arg0)->v_path; }";
	ck_assert_int_eq(md_d_names(t, strlen(t), names, 3), 1);
	t = "#pragma D option zonename\nBEGIN /* zonename */ { "
	    "trace(\"zonename\"); c = '\"'; myzonename = 1; }";
	ck_assert_int_eq(md_d_names(t, strlen(t), names, 3), -1);
	t = "BEGIN { x = \"unclosed zonename";
	ck_assert_int_eq(md_d_names(t, strlen(t), names, 3), -1);
	ck_assert_int_eq(md_d_names("", 0, names, 3), -1);
}
END_TEST

Suite *
dlex_suite(void)
{
	Suite *s = suite_create("dlex");
	TCase *tc = tcase_create("dlex");

	tcase_add_loop_test(tc, dlex_should_split_d_into_tokens, 0,
	    (int)(sizeof (lexed) / sizeof (lexed[0])));
	tcase_add_loop_test(tc, dlex_should_read_the_outer_scope, 0,
	    (int)(sizeof (outer) / sizeof (outer[0])));
	tcase_add_test(tc, dlex_should_tell_the_end_of_a_predicate);
	tcase_add_test(tc, dlex_should_say_why_a_token_is_bad);
	tcase_add_test(tc, dlex_where_should_count_lines_and_columns);
	tcase_add_test(tc, dlex_should_stay_at_the_end);
	tcase_add_test(tc, dlex_should_not_read_past_its_length);
	tcase_add_test(tc, dlex_is_should_match_whole_tokens);
	tcase_add_test(tc, dlex_same_should_ignore_space_between_tokens);
	tcase_add_test(tc, d_names_should_find_names_as_the_lexer_reads_them);
	suite_add_tcase(s, tc);
	return (s);
}

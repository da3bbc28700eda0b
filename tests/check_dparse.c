/*
 * check_dparse.c: D parsed without dtrace (md_dparse(), md_d_check()).
 *
 * The programs refused here were each given to Oracle's DTrace for Linux
 * (dtrace -xerrtags -e) when the case was written, and the line each
 * names is the line dtrace names; the messages are dtrace's where it has
 * words for the fault.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* "ok", or "LINE:COLUMN: MESSAGE", of text parsed in context ctx. */
static const char *
t_parse(const char *text, md_dctx_t ctx)
{
	static char out[MD_ERRMSGLEN + 64];
	char msg[MD_ERRMSGLEN];
	size_t off = (size_t)-1, line, col;

	if (md_dparse(text, strlen(text), ctx, &off, msg, sizeof (msg)) == 0)
		return ("ok");
	ck_assert_uint_le(off, strlen(text));
	md_dlex_where(text, off, &line, &col);
	(void) snprintf(out, sizeof (out), "%zu:%zu: %s", line, col, msg);
	return (out);
}

/* Valid D, each a whole program: all accepted. */
static const char *const valid[] = {
	"BEGIN { exit(0); }",
	"BEGIN\n{\n\ttrace(1)\n}\n",
	"BEGIN {}",
	"BEGIN { ; ; }",
	"syscall::read:entry, syscall::write:entry\n/pid == $target/\n"
	    "{ @[probefunc] = count(); }",
	"syscall:::entry /execname == \"sh\" && arg0 > 1 || !(arg1 ^^ 2)/ "
	    "{ self->ts = timestamp; }",
	"syscall:::return /self->ts/ { @ = quantize(timestamp - self->ts); "
	    "self->ts = 0; }",
	"profile-97 { @[stack(), ustack(5), func(arg0)] = count(); }",
	"profile-97 { @[(stack())] = count(); @a = (count()); (exit(0)); }",
	"BEGIN { 1 ? exit(0) : exit(1); }",
	"fbt:vmlinux:do_sys_open:entry, fbt::*_read*:ent?y, :::BEGIN, "
	    "p[ab]c:::x { }",
	"tick-1s, profile-10ms, 123 { printa(\"%@d\\n\", @); trunc(@, 10); }",
	"BEGIN { @l = lquantize(1, 0, 100); @m = lquantize(1, 0, 100, 10); "
	    "@n = llquantize(1, 10, 0, 6, 20); @s = stddev(1); "
	    "@a = avg(1); @x = max(1); @y = min(1); @z = sum(1); }",
	"self int x; this string s; int a[string, int]; string g;\n"
	    "BEGIN { a[\"x\", 1] = 2; this->s = \"y\"; self->x++; }",
	"inline int TEN = 10;\ninline string NAME = \"x\";\n"
	    "BEGIN { trace(TEN); }",
	"typedef struct foo { int a : 3; char *p; struct foo *next; } "
	    "foo_t;\nenum e { A, B = 2, C };\nBEGIN { trace(sizeof (foo_t)); "
	    "trace(offsetof(foo_t, p)); }",
	"enum e { A, B, };\nBEGIN {}",
	"BEGIN { x = (uint64_t)arg0; y = (char *)arg1; "
	    "z = (struct task_struct *)curthread; "
	    "w = *(int *)copyin(arg0, 4); }",
	"BEGIN { x = (foo_t)y; z = (foo_t *)0; v = (x) - 1; }",
	"BEGIN { trace(stringof(arg0)); trace(sizeof (int)); trace(sizeof x); "
	    "trace(-x); trace(~x); trace(!x); trace(&x); }",
	"BEGIN { x += 1; x -= 1; x *= 2; x /= 2; x %= 3; x &= 1; x |= 2; "
	    "x ^= 3; x <<= 1; x >>= 1; x++; --x; }",
	"BEGIN { x = a ? b ? c : d : e; y = a == b != c < d <= e > f >= g; "
	    "z = a << 1 >> 2 + 3 - 4 * 5 / 6 % 7 & 8 | 9 ^ 10; }",
	"BEGIN { x = 0x1F + 017 + 10u + 10UL + 10ull + 'a' + '\\n' + 'ab'; }",
	"BEGIN { trace(\"a\\\"b\\n\\t\\x41\\101\"); }",
	"BEGIN { trace(curthread->comm); trace(curpsinfo->pr_psargs); "
	    "trace(args[0]->b_bcount); trace(`max_pfn); "
	    "trace(vmlinux`jiffies); }",
	"BEGIN { trace(xlate <psinfo_t *> (curthread)->pr_pid); }",
	"BEGIN { trace($1); trace($$1); trace($target); trace($$target); "
	    "trace(x->$1); }",
	"#!/usr/sbin/dtrace -s\n#pragma D option quiet\n"
	    "#pragma D option bufsize=4m\n#pragma D depends_on provider io\n"
	    "#pragma ident \"x\"\n# 12 \"file.d\"\nBEGIN {}",
	"/* a comment */ BEGIN /* x */ { /* y */ } // a line's end\n",
	"BEGIN\n{\n#pragma D option quiet\n\texit(0);\n}\n",
	"BEGIN { if (x) trace(1); else { trace(2); } if (y) { } }",
	"BEGIN { if (x) if (y) trace(1); else trace(2); }",
	"translator struct out < struct in *p > { a = p->a; b = 2; };\n"
	    "BEGIN {}",
	"provider prov { probe p1(int, char *); probe p2(int x) : (int); };",
	"BEGIN { x = a.\n\tb; y = p->\n\tq; }",
	"BEGIN { x->self = 1; p.string = 2; q->this = 3; }",
	"BEGIN { printf(\"%d %s\", 1, \"x\"); printa(@); printa(\"%s\", @a); "
	    "tracemem(arg0, 8); normalize(@, 10); denormalize(@); clear(@); "
	    "setopt(\"quiet\"); setopt(\"bufsize\", \"4m\"); }",
	"BEGIN { s = strjoin(\"a\", lltostr(1)); t = substr(s, 1); "
	    "u = substr(s, 1, 2); v = copyinstr(arg0); w = copyinstr(arg0, 8); "
	    "i = index(s, \"a\"); j = rindex(s, \"a\", 2); }",
	"BEGIN { spec = speculation(); } BEGIN { speculate(spec); } "
	    "END { commit(spec); discard(spec); }",
	"BEGIN { return(0); }",
	"dtrace:::BEGIN { @[probeprov, probemod, probefunc, probename] = "
	    "count(); }",
	"BEGIN\n/x/\n{\n}\n",
	"BEGIN { a = (1, 2); b = c, d; }",
	"BEGIN { printf(\"%s %-20s %5.2d%% %*.*x %lld %?p %a\\n\", a, b, 1, "
	    "2, 3, 4, 5, 6, 7); printf(x, 1); printa(\"%d %@d\", @a); "
	    "printf(\"%%\\0%z\"); }",
};

START_TEST(dparse_should_accept_valid_d)
{
	ck_assert_str_eq(t_parse(valid[_i], MD_DC_PROGRAM), "ok");
}
END_TEST

/* Refused programs, and where and why: the line is dtrace's. */
static const struct {
	const char	*r_in;
	const char	*r_out;
} refused[] = {
	{ "", "1:1: empty D program translation unit" },
	{ "/* nothing */\n", "2:1: empty D program translation unit" },
	{ "BEGIN", "1:1: expected predicate and/or actions following probe "
	    "description" },
	{ "syscall:::return\nthis\n\t@ = count();\n}",
	    "1:1: expected predicate and/or actions following probe "
	    "description" },
	{ "BEGIN\n/x/\nfoo", "3:4: syntax error near end of input" },
	{ "BEGIN\n/x/\n;", "2:3: expected actions { } following probe "
	    "description and predicate" },
	{ "BEGIN { x = (1 + 2; }", "1:19: syntax error near ';'" },
	{ "BEGIN { x = 1 + ; }", "1:17: syntax error near ';'" },
	{ "BEGIN { x = 1 }}", "1:16: syntax error near '}'" },
	{ "BEGIN { x = 1;", "1:15: syntax error near end of input" },
	{ "BEGIN {};", "1:9: syntax error near ';'" },
	{ "BEGIN { @ = count().\n}\n", "1:20: syntax error near end of input" },
	{ "BEGIN /(x == 1/ { }", "1:17: closing ) expected in predicate "
	    "before /" },
	{ "BEGIN /x[1/\n{ }", "2:1: closing ] expected in predicate "
	    "before /" },
	{ "BEGIN { x = (a /\n; }", "2:1: closing ) expected in predicate "
	    "before /" },
	{ "BEGIN { x = 1); }", "1:14: extra ) in input stream" },
	{ "BEGIN { x = a[1]]; }", "1:17: extra ] in input stream" },
	{ "BEGIN\n/x/\n/\n{ }", "2:3: expected actions { } following probe "
	    "description and predicate" },
	{ "BEGIN\n/x +/\n{ }", "3:1: syntax error near '/'" },
	{ "BEGIN { x = (a + b) = 1; (1) = 2; }", "1:21: operator = requires "
	    "modifiable lvalue as an operand" },
	{ "BEGIN { x = (int *y)0; }", "1:19: syntax error near 'y'" },
	{ "BEGIN { printf(return, 1); }", "1:16: syntax error near "
	    "'return'" },
	{ "return int x;", "1:1: expected predicate and/or actions following "
	    "probe description" },
	{ "1.5::openat:entry { }", "1:1: expected predicate and/or actions "
	    "following probe description" },
	{ "BEGIN { x = 08; }", "1:13: constant 08 contains invalid digit 8" },
	{ "BEGIN { x = 0x12345678123456781; }", "1:13: constant "
	    "0x12345678123456781 results in integer overflow" },
	{ "BEGIN { x = 1.5; }", "1:13: floating-point constants are not "
	    "permitted" },
	{ "BEGIN { x = \"a\n\"; }", "2:1: newline encountered in string "
	    "literal" },
	{ "BEGIN { x = 'a\n'; }", "2:1: newline encountered in character "
	    "constant" },
	{ "BEGIN { x = ''; }", "1:13: empty character constant" },
	{ "BEGIN { x = '123456789'; }", "1:13: character constant is too "
	    "long" },
	{ "BEGIN { x = 1; /* a\n", "2:1: end-of-file encountered before "
	    "matching */" },
	{ "BEGIN { /* a /* b */ }", "1:14: /* encountered inside a comment" },
	{ "BEGIN { x = \"a\" \"b\"; }", "1:17: syntax error near '\"b\"'" },
	{ "BEGIN { x = 1 +* 2 # 3; }", "1:20: syntax error near '#'" },
	{ "BEGIN { @[] = count(); }", "1:11: syntax error near ']'" },
	{ "BEGIN { if x { } }", "1:12: syntax error near 'x'" },
	{ "BEGIN { int = 1; }", "1:9: syntax error near 'int'" },
	{ "#pragma D option\nBEGIN {}", "1:1: malformed #pragma option "
	    "<option>=<val>" },
	{ "#pragma D frobnicate\nBEGIN {}", "1:1: invalid D pragma: "
	    "frobnicate" },
	{ "#error stop here\nBEGIN {}", "1:1: #error: error stop here" },
	{ "#define X 1\nBEGIN {}", "1:1: invalid control directive: "
	    "#define" },
	/* errors of meaning: the first, unless a syntax error follows */
	{ "BEGIN { @ = lquantize(1, 2); }", "1:13: lquantize( ) prototype "
	    "mismatch: 2 args passed, at least 3 expected" },
	{ "BEGIN { @ = count(1); }", "1:13: count( ) prototype mismatch: 1 "
	    "arg passed, 0 expected" },
	{ "BEGIN { x = count(); }", "1:13: aggregating function count( ) may "
	    "only be the value of an aggregation, as @x = count(...)" },
	{ "BEGIN { @ = 1; }", "1:13: an aggregation must be assigned the "
	    "result of an aggregating function (count(), sum(), quantize(), "
	    "...)" },
	{ "BEGIN { @ += count(); }", "1:11: operator += may not be applied "
	    "to an aggregation: set it with =" },
	{ "BEGIN { x = exit(0); }", "1:13: tracing function exit( ) may not "
	    "be called from a D expression (D program context required)" },
	{ "BEGIN { trace(1), exit(0); }", "1:9: operator , operands cannot "
	    "be actions" },
	{ "BEGIN { x = 1(2); }", "1:14: function designator is not of "
	    "function type" },
	/* printf() formats, as dt_printf.c reads them */
	{ "BEGIN { printf(\"%d\\n\", 1, 2); }", "1:9: printf( ) prototype "
	    "mismatch: only 1 arguments required by this format string" },
	{ "BEGIN { printf(\"%d %*d\", 1, 2); }", "1:9: printf( ) prototype "
	    "mismatch: conversion #2 (%d) is missing a corresponding value "
	    "argument" },
	{ "BEGIN { system(\"%.*d\"); }", "1:9: system( ) prototype mismatch: "
	    "conversion #1 (%d) is missing a corresponding \".*\" argument" },
	{ "BEGIN { printf(\"\"); }", "1:9: printf( ) format string is empty" },
	{ "BEGIN { printf(\"%@d\", 1); }", "1:9: %@ conversion requires an "
	    "aggregation and is not for use with printf( )" },
	{ "BEGIN { printa(\"\\045z\", @a); }", "1:9: format conversion #1 is "
	    "undefined: %z" },
	/* fuzz_dparse: "\445" wraps to '%', and the conversion is a newline */
	{ "BEGIN { printf(\"\\445\\n\"); }", "1:9: format conversion #1 is "
	    "undefined: %\\012" },
	{ "BEGIN { printf(\"%\\001\\303\"); }", "1:9: format conversion #1 "
	    "is undefined: %\\001" },
	{ "BEGIN { printf(\"%%d %5%\"); }", "1:9: format conversion #2 cannot "
	    "be combined with other format flags: %%" },
	{ "BEGIN { printf(\"%ll\"); }", "1:9: format conversion #1 name "
	    "expected before end of format string" },
	{ "BEGIN { printf(\"%.*.*d\"); }", "1:9: format conversion #1 has "
	    "more than one '.' specified" },
	{ "BEGIN { printf(\"%**d\"); }", "1:9: format conversion #1 has more "
	    "than one '*' specified for the output width" },
	{ "BEGIN { printf(\"%1$d\"); }", "1:9: format conversion #1 uses "
	    "unsupported positional format (%n$)" },
	{ "BEGIN { @ = lquantize(1, 2); }\nEND { x = 1 +; }",
	    "2:14: syntax error near ';'" },
};

START_TEST(dparse_should_refuse_what_dtrace_refuses)
{
	ck_assert_str_eq(t_parse(refused[_i].r_in, MD_DC_PROGRAM),
	    refused[_i].r_out);
}
END_TEST

/* The pieces of D a metric holds, each in its context. */
static const struct {
	const char	*f_in;
	md_dctx_t	f_ctx;
	const char	*f_out;
} pieces[] = {
	{ "timestamp - $0", MD_DC_EXPR, "ok" },
	{ "execname)", MD_DC_EXPR, "1:9: extra ) in input stream" },
	{ "(execname", MD_DC_EXPR, "1:10: syntax error near end of input" },
	{ "", MD_DC_EXPR, "1:1: syntax error near end of input" },
	{ "a, b", MD_DC_EXPR, "ok" },
	{ "stack()", MD_DC_EXPR, "1:1: tracing function stack( ) may not be "
	    "called from a D expression (D program context required)" },
	{ "stack()", MD_DC_KEY, "ok" },
	{ "func(arg0)", MD_DC_KEY, "ok" },
	{ "stack() + 1", MD_DC_KEY, "1:1: tracing function stack( ) may not "
	    "be called from a D expression (D program context required)" },
	{ "exit(0)", MD_DC_KEY, "1:1: tracing function exit( ) may not be "
	    "called from a D expression (D program context required)" },
	{ "$latency0 > 1000 && $hostname != 0", MD_DC_PRED, "ok" },
	{ "x == 1) /", MD_DC_PRED, "1:7: extra ) in input stream" },
	{ "syscall:::entry", MD_DC_PROBE, "ok" },
	{ "syscall::read:entry,syscall::write:entry", MD_DC_PROBE, "ok" },
	{ "syscall:::entry {", MD_DC_PROBE, "1:17: syntax error near '{'" },
	{ "", MD_DC_PROBE, "1:1: syntax error near end of input" },
	{ "llquantize($0, 10, 3, 11, 100)", MD_DC_AGGFUNC, "ok" },
	{ "llquantize($0, 10, 3)", MD_DC_AGGFUNC, "1:1: llquantize( ) "
	    "prototype mismatch: 3 args passed, at least 5 expected" },
	{ "c()", MD_DC_AGGFUNC, "1:1: an aggregation must be assigned the "
	    "result of an aggregating function (count(), sum(), quantize(), "
	    "...)" },
	{ "quantize((stack()))", MD_DC_AGGFUNC, "1:11: tracing function "
	    "stack( ) may not be called from a D expression (D program "
	    "context required)" },
	{ "[tid]", MD_DC_INDEX, "ok" },
	{ "[pid, tid]", MD_DC_INDEX, "ok" },
	{ "[]", MD_DC_INDEX, "1:2: syntax error near ']'" },
	{ "tid", MD_DC_INDEX, "1:1: syntax error near 'tid'" },
	{ "string", MD_DC_TYPE, "ok" },
	{ "struct task_struct *", MD_DC_TYPE, "ok" },
	{ "uint64_t", MD_DC_TYPE, "ok" },
	{ "int x", MD_DC_TYPE, "1:5: syntax error near 'x'" },
	{ "", MD_DC_TYPE, "1:1: syntax error near end of input" },
};

START_TEST(dparse_should_parse_pieces_in_context)
{
	ck_assert_str_eq(t_parse(pieces[_i].f_in, pieces[_i].f_ctx),
	    pieces[_i].f_out);
}
END_TEST

/*
 * Nesting is bounded: MD_DMAXDEPTH levels of anything are parsed, one
 * more is refused with a message, and a million never reach the stack's
 * end.
 */
static char *
t_nested(const char *open, const char *mid, const char *close, size_t n)
{
	size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close), i;
	char *s = malloc(n * (lo + lc) + lm + 32), *p;

	ck_assert_ptr_nonnull(s);
	p = s + sprintf(s, "BEGIN { x = ");
	for (i = 0; i < n; i++, p += lo)
		(void) memcpy(p, open, lo);
	(void) memcpy(p, mid, lm);
	p += lm;
	for (i = 0; i < n; i++, p += lc)
		(void) memcpy(p, close, lc);
	(void) strcpy(p, "; }");
	return (s);
}

START_TEST(dparse_should_bound_nesting)
{
	static const char *const shapes[][3] = {
		{ "(", "1", ")" }, { "-", "1", "" }, { "a[", "1", "]" },
		{ "f(", "1", ")" }, { "a ? ", "1", " : 2" },
		{ "x = ", "1", "" }, { "(int)", "1", "" }, { "!", "1", "" },
	};
	size_t i, n;
	char *s;

	for (i = 0; i < sizeof (shapes) / sizeof (shapes[0]); i++) {
		/* a level costs one or two: an assignment, a unary */
		n = MD_DMAXDEPTH / 4;
		s = t_nested(shapes[i][0], shapes[i][1], shapes[i][2], n);
		ck_assert_msg(strcmp(t_parse(s, MD_DC_PROGRAM), "ok") == 0,
		    "%s: %s", shapes[i][0], t_parse(s, MD_DC_PROGRAM));
		free(s);
		s = t_nested(shapes[i][0], shapes[i][1], shapes[i][2],
		    1000000);
		ck_assert_msg(strstr(t_parse(s, MD_DC_PROGRAM),
		    t_fmt("nested deeper than %d levels", MD_DMAXDEPTH)) !=
		    NULL, "%s: %s",
		    shapes[i][0], t_parse(s, MD_DC_PROGRAM));
		free(s);
	}
}
END_TEST

Suite *
dparse_suite(void)
{
	Suite *s = suite_create("dparse");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, dparse_should_accept_valid_d, 0,
	    (int)(sizeof (valid) / sizeof (valid[0])));
	tcase_add_loop_test(tc, dparse_should_refuse_what_dtrace_refuses, 0,
	    (int)(sizeof (refused) / sizeof (refused[0])));
	tcase_add_loop_test(tc, dparse_should_parse_pieces_in_context, 0,
	    (int)(sizeof (pieces) / sizeof (pieces[0])));
	tcase_add_test(tc, dparse_should_bound_nesting);
	suite_add_tcase(s, tc);
	return (s);
}

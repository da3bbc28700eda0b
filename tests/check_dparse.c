/*
 * check_dparse.c: D parsed without dtrace (md_dparse(), md_d_check()).
 *
 * The programs refused are tests/drefused.h's: each is compiled by
 * Oracle's DTrace for Linux in make check-ddiff, which must refuse it on
 * the line meta-d names; the messages are dtrace's where it has words for
 * the fault.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"
#include "drefused.h"

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
	md_text_where(text, off, &line, &col);
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
	/* keys that are types by name: a pointer, a key's name, an inline */
	"int seen[uint32_t *];\ninline string strexitno[int32_t r] = "
	    "r == 0 ? \"ok\" : \"no\";\nself int x[foo_t **, int k];\n"
	    "int sz[N * 2];\nBEGIN {}",
	/* illumos' lexer: a type's name before a comma (Oracle's: a name) */
	"int pairs[pid_t, int];\nBEGIN {}",
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
	"BEGIN { trace($1); trace($$1); trace($target); trace($$target); }",
	"#!/usr/sbin/dtrace -s\n#pragma D option quiet\n"
	    "#pragma D option bufsize=4m\n#pragma D depends_on provider io\n"
	    "#pragma ident \"x\"\n# 12 \"file.d\"\nBEGIN {}",
	"/* a comment */ BEGIN /* x */ { /* y */ } /* a line's end */\n",
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

/* Refused programs, and where and why (tests/drefused.h). */
START_TEST(dparse_should_refuse_what_dtrace_refuses)
{
	ck_assert_str_eq(t_parse(t_drefused[_i].r_in, MD_DC_PROGRAM),
	    t_drefused[_i].r_out);
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
	{ "syscall::read:entry:x", MD_DC_PROBE, "1:1: invalid probe "
	    "description \"syscall::read:entry:x\": Overspecified probe "
	    "description" },
	{ "BEGIN,syscall::$x:entry", MD_DC_PROBE, "1:7: invalid probe "
	    "description \"syscall::$x:entry\": Undefined macro variable in "
	    "probe description" },
	{ "syscall::$$pid:entry", MD_DC_PROBE, "ok" },
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
	    (int)(sizeof (t_drefused) / sizeof (t_drefused[0])));
	tcase_add_loop_test(tc, dparse_should_parse_pieces_in_context, 0,
	    (int)(sizeof (pieces) / sizeof (pieces[0])));
	tcase_add_test(tc, dparse_should_bound_nesting);
	suite_add_tcase(s, tc);
	return (s);
}

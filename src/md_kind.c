/*
 * md_kind.c: whether a D expression is certainly a string or a number
 * (SPEC 7.16).
 *
 * dtrace refuses to compare a string with a number ("operands have
 * incompatible types"), so a predicate that compares a field with a value
 * of the other kind is refused before a script is made.  The kind of a
 * transform is decided by a fixed rule, no more and no less, so that a
 * transform whose type cannot be known without the kernel's types is
 * never refused:
 *
 *  - string: a string literal; execname, probefunc and the other string
 *    variables; a call of copyinstr, lltostr, strjoin and the other string
 *    subroutines; stringof;
 *  - number: an integer or character constant; pid, timestamp, arg0 and
 *    the other integer variables; a call of strlen, index, rindex,
 *    strtoll; sizeof, offsetof; a unary - ~ !;
 *    (the variables and subroutines are those md_dtab.c marks with a
 *    kind: exactly the ones SPEC 7.16 names)
 *  - a binary operator: * / % & | ^ << >> < <= > >= == != && || ^^ make a
 *    number; + and - a number of two numbers, and a string of a string and
 *    a number (D's string offset, probefunc + 4);
 *  - C ? A : B: the kind of A and B when they agree;
 *  - a variable a gather stored, by the name $N gave it (self->latency0,
 *    or latency0[arg0] with the store's index): the kind of the gather's
 *    expression;
 *  - parentheses: the kind of what they hold;
 *  - unknown: everything else (members, casts, translators, other
 *    variables and calls).
 *
 * The parser is recursive descent with precedence climbing over the
 * tokens of md_dlex.c, and computes the kind bottom-up, which is the same
 * as the rule's top-down reading: the operator of lowest precedence outside
 * all parentheses (the rightmost of equals) is the root.  Text it cannot
 * parse, or nested deeper than MD_KIND_MAXDEPTH, is of unknown kind.
 */

#include <string.h>

#include "md_impl.h"

/*
 * Levels of nesting (parentheses and unary operators, ternaries and
 * assignments on the right, gathered variables followed to their gathers)
 * before a kind is unknown: this keeps the recursion within a few KiB of
 * stack.
 */
#define	MD_KIND_MAXDEPTH	32

#define	MDK_FAIL	(-1)	/* not an expression this reads */

typedef struct md_kp {
	md_dlex_t	kp_lex;
	const md_plan_t	*kp_plan;
	unsigned	kp_depth;
	size_t		kp_nest;	/* ( and [ open */
	size_t		kp_end;		/* end of the last token taken */
} md_kp_t;

#define	MD_NELEM(a)	(sizeof (a) / sizeof ((a)[0]))

static int md_kind_expr(md_kp_t *);
static int md_kind_cond(md_kp_t *);
static int md_kind_unary(md_kp_t *);

const char *
md_kind_name(md_kind_t k)
{
	return (k == MD_KIND_STRING ? "a string" : k == MD_KIND_NUMBER ?
	    "a number" : "of unknown kind");
}

/* Is the current token one of the n words of tab? */
static int
md_kind_oneof(const md_kp_t *kp, const char *const *tab, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (md_dlex_is(&kp->kp_lex, tab[i]))
			return (1);
	}
	return (0);
}

static int
md_kind_is(const md_kp_t *kp, const char *s)
{
	return (md_dlex_is(&kp->kp_lex, s));
}

/* Take the current token, counting the brackets it opens and closes. */
static void
md_kind_take(md_kp_t *kp)
{
	if (md_kind_is(kp, "(") || md_kind_is(kp, "["))
		kp->kp_nest++;
	else if ((md_kind_is(kp, ")") || md_kind_is(kp, "]")) &&
	    kp->kp_nest > 0)
		kp->kp_nest--;
	kp->kp_end = kp->kp_lex.dl_off + kp->kp_lex.dl_toklen;
	(void) md_dlex_next(&kp->kp_lex);
}

/*
 * Take tokens until the brackets open before depth d are closed again.
 * The text inside is not parsed: what an index, the arguments of a call or
 * a type name hold does not decide a kind.
 */
static int
md_kind_close(md_kp_t *kp, size_t d)
{
	while (kp->kp_nest > d) {
		if (kp->kp_lex.dl_tok == MDT_EOF)
			return (MDK_FAIL);
		md_kind_take(kp);
	}
	return (0);
}

/* The current token is ( or [: take the group whole. */
static int
md_kind_skip(md_kp_t *kp)
{
	size_t d = kp->kp_nest;

	md_kind_take(kp);
	return (md_kind_close(kp, d));
}

/* Nesting: one level more, or MDK_FAIL past the limit. */
static int
md_kind_enter(md_kp_t *kp)
{
	return (++kp->kp_depth > MD_KIND_MAXDEPTH ? MDK_FAIL : 0);
}

/*
 * The kind of the variable that text (len bytes) names, if it is one that
 * a gather of the plan stored ("self->F<j>" or "F<j>", then the store's
 * index if it has one); -2 if it is not one.
 */
static int
md_kind_var(const md_kp_t *kp, const char *text, size_t len)
{
	const md_gvar_t *gv;
	const md_gather_t *g;
	const char *name, *rest;
	size_t nlen, nd, k, j, i;
	md_dlex_t dl;
	int thread;

	if (kp->kp_plan == NULL)
		return (-2);
	md_dlex_init(&dl, text, len);
	if (md_dlex_next(&dl) != MDT_IDENT)
		return (-2);
	if ((thread = md_dlex_is(&dl, "self")) != 0 &&
	    (md_dlex_next(&dl) != MDT_OP || !md_dlex_is(&dl, "->") ||
	    md_dlex_next(&dl) != MDT_IDENT))
		return (-2);
	name = text + dl.dl_off;
	nlen = dl.dl_toklen;
	rest = name + nlen;

	/* F<j>: the field is what is left of the name without j's digits */
	for (nd = 0; nd < nlen && name[nlen - 1 - nd] >= '0' &&
	    name[nlen - 1 - nd] <= '9'; nd++)
		continue;
	for (k = 1; k <= nd && k < nlen; k++) {
		const char *digits = name + nlen - k;

		if ((k > 1 && digits[0] == '0') || k > 9)
			continue;
		if ((gv = md_plan_gatheredn(kp->kp_plan, name,
		    nlen - k)) == NULL)
			continue;
		for (j = 0, i = 0; i < k; i++)
			j = j * 10 + (size_t)(digits[i] - '0');
		g = gv->gv_gather;
		if (j >= g->mg_n ||
		    (strncmp(g->mg_names[j], "self->", 6) == 0) != thread ||
		    strlen(g->mg_names[j]) != nlen + (thread ? 6 : 0) ||
		    !md_dlex_same(rest, len - (size_t)(rest - text),
		    g->mg_index[j], strlen(g->mg_index[j])))
			continue;
		if (kp->kp_depth + 1 > MD_KIND_MAXDEPTH)
			return (MD_KIND_UNKNOWN);
		return ((int)md_kind_at(g->mg_exprs[j], strlen(g->mg_exprs[j]),
		    kp->kp_plan, kp->kp_depth + 1));
	}
	return (-2);
}

/*
 * ( EXPR ), or a cast: ( TYPE ) followed by an operand, whose kind is
 * unknown.  A type is not an expression, so when what the parentheses
 * hold cannot be read as one, they are skipped whole and must be a cast.
 */
static int
md_kind_paren(md_kp_t *kp)
{
	size_t d = kp->kp_nest;
	unsigned depth = kp->kp_depth;
	int k;

	md_kind_take(kp);
	k = md_kind_expr(kp);
	if (k != MDK_FAIL && md_kind_is(kp, ")") && kp->kp_nest == d + 1) {
		md_kind_take(kp);
	} else {
		/* a failed parse leaves its levels entered: undo them */
		kp->kp_depth = depth;
		if (md_kind_close(kp, d) != 0)
			return (MDK_FAIL);
		k = MDK_FAIL;
	}

	switch (kp->kp_lex.dl_tok) {
	case MDT_IDENT:
	case MDT_INT:
	case MDT_STRING:
	case MDT_MACRO:
		break;
	case MDT_OP:
		if (md_kind_is(kp, "(") || md_kind_is(kp, "!") ||
		    md_kind_is(kp, "~"))
			break;
		return (k);
	default:
		return (k);
	}
	/* a cast */
	return (md_kind_unary(kp) == MDK_FAIL ? MDK_FAIL : MD_KIND_UNKNOWN);
}

/*
 * A primary expression.  *fnp is set to the kind of the call if the
 * primary is the name of a subroutine whose result the rule knows.
 */
static int
md_kind_primary(md_kp_t *kp, int *fnp)
{
	md_kind_t k = MD_KIND_UNKNOWN;
	const md_dfunc_t *f;
	const md_dvar_t *v;

	*fnp = MD_KIND_UNKNOWN;
	switch (kp->kp_lex.dl_tok) {
	case MDT_INT:
		md_kind_take(kp);
		return (MD_KIND_NUMBER);
	case MDT_STRING:
		md_kind_take(kp);
		return (MD_KIND_STRING);
	case MDT_MACRO:
		md_kind_take(kp);
		return (MD_KIND_UNKNOWN);
	case MDT_OP:
		return (md_kind_is(kp, "(") ? md_kind_paren(kp) : MDK_FAIL);
	case MDT_IDENT:
		break;
	default:
		return (MDK_FAIL);
	}

	if (md_kind_is(kp, "offsetof")) {
		md_kind_take(kp);
		if (!md_kind_is(kp, "(") || md_kind_skip(kp) != 0)
			return (MDK_FAIL);
		return (MD_KIND_NUMBER);
	}
	if (md_kind_is(kp, "xlate")) {
		/* xlate <TYPE> (EXPR): a translated type, unknown here */
		md_kind_take(kp);
		if (!md_kind_is(kp, "<"))
			return (MDK_FAIL);
		while (!md_kind_is(kp, ">")) {
			if (kp->kp_lex.dl_tok == MDT_EOF)
				return (MDK_FAIL);
			md_kind_take(kp);
		}
		md_kind_take(kp);
		if (!md_kind_is(kp, "(") || md_kind_skip(kp) != 0)
			return (MDK_FAIL);
		return (MD_KIND_UNKNOWN);
	}
	/* the built-in tables mark what the rule counts */
	if ((v = md_dvar(kp->kp_lex.dl_buf + kp->kp_lex.dl_off,
	    kp->kp_lex.dl_toklen)) != NULL)
		k = (md_kind_t)v->dv_kind;
	else if ((f = md_dfunc(kp->kp_lex.dl_buf + kp->kp_lex.dl_off,
	    kp->kp_lex.dl_toklen)) != NULL)
		*fnp = f->df_result;
	md_kind_take(kp);
	return (k);
}

/*
 * A primary and its postfix operators: [INDEX], (ARGS), ->MEMBER,
 * .MEMBER, ++ and --.  Only a call of a known subroutine, and a gathered
 * variable, keep a kind through them.
 */
static int
md_kind_postfix(md_kp_t *kp)
{
	size_t start = kp->kp_lex.dl_off, npost = 0;
	int ident = kp->kp_lex.dl_tok == MDT_IDENT, called = 0, fn, k, v;

	if ((k = md_kind_primary(kp, &fn)) == MDK_FAIL)
		return (MDK_FAIL);
	for (;; npost++) {
		if (md_kind_is(kp, "[") || md_kind_is(kp, "(")) {
			called = npost == 0 && md_kind_is(kp, "(");
			if (md_kind_skip(kp) != 0)
				return (MDK_FAIL);
		} else if (md_kind_is(kp, "->") || md_kind_is(kp, ".")) {
			md_kind_take(kp);
			if (kp->kp_lex.dl_tok != MDT_IDENT)
				return (MDK_FAIL);
			md_kind_take(kp);
		} else if (md_kind_is(kp, "++") || md_kind_is(kp, "--")) {
			md_kind_take(kp);
		} else {
			break;
		}
	}
	if (npost == 0 && k != MD_KIND_UNKNOWN)
		return (k);
	if (npost == 1 && called)
		return (fn);
	if (ident && (v = md_kind_var(kp, kp->kp_lex.dl_buf + start,
	    kp->kp_end - start)) != -2)
		return (v);
	return (npost == 0 ? k : MD_KIND_UNKNOWN);
}

static int
md_kind_unary(md_kp_t *kp)
{
	int k;

	if (md_kind_enter(kp) != 0)
		return (MDK_FAIL);
	if (md_kind_is(kp, "-") || md_kind_is(kp, "~") || md_kind_is(kp, "!")) {
		md_kind_take(kp);
		k = md_kind_unary(kp) == MDK_FAIL ? MDK_FAIL : MD_KIND_NUMBER;
	} else if (md_kind_is(kp, "+") || md_kind_is(kp, "*") ||
	    md_kind_is(kp, "&") || md_kind_is(kp, "++") ||
	    md_kind_is(kp, "--")) {
		md_kind_take(kp);
		k = md_kind_unary(kp) == MDK_FAIL ? MDK_FAIL : MD_KIND_UNKNOWN;
	} else if (md_kind_is(kp, "sizeof")) {
		/* sizeof (TYPE) or sizeof EXPR */
		md_kind_take(kp);
		if (md_kind_is(kp, "("))
			k = md_kind_skip(kp) != 0 ? MDK_FAIL : MD_KIND_NUMBER;
		else
			k = md_kind_unary(kp) == MDK_FAIL ? MDK_FAIL :
			    MD_KIND_NUMBER;
	} else if (md_kind_is(kp, "stringof")) {
		md_kind_take(kp);
		k = md_kind_unary(kp) == MDK_FAIL ? MDK_FAIL : MD_KIND_STRING;
	} else {
		k = md_kind_postfix(kp);
	}
	kp->kp_depth--;
	return (k);
}

/* The precedence of the binary operator at hand (higher binds tighter). */
static int
md_kind_prec(const md_kp_t *kp)
{
	static const struct {
		const char	*bo_op;
		int		bo_prec;
	} ops[] = {
		{ "||", 1 }, { "^^", 2 }, { "&&", 3 }, { "|", 4 }, { "^", 5 },
		{ "&", 6 }, { "==", 7 }, { "!=", 7 }, { "<", 8 }, { "<=", 8 },
		{ ">", 8 }, { ">=", 8 }, { "<<", 9 }, { ">>", 9 }, { "+", 10 },
		{ "-", 10 }, { "*", 11 }, { "/", 11 }, { "%", 11 }
	};
	size_t i;

	if (kp->kp_lex.dl_tok != MDT_OP)
		return (0);
	for (i = 0; i < MD_NELEM(ops); i++) {
		if (md_kind_is(kp, ops[i].bo_op))
			return (ops[i].bo_prec);
	}
	return (0);
}

/* Binary operators of precedence minprec and up, left to right. */
static int
md_kind_binary(md_kp_t *kp, int minprec)
{
	int l, r, p, additive;

	if ((l = md_kind_unary(kp)) == MDK_FAIL)
		return (MDK_FAIL);
	while ((p = md_kind_prec(kp)) >= minprec && p > 0) {
		additive = md_kind_is(kp, "+") || md_kind_is(kp, "-");
		md_kind_take(kp);
		if ((r = md_kind_binary(kp, p + 1)) == MDK_FAIL)
			return (MDK_FAIL);
		if (!additive)
			l = MD_KIND_NUMBER;
		else if (l == MD_KIND_NUMBER && r == MD_KIND_NUMBER)
			l = MD_KIND_NUMBER;
		else if ((l == MD_KIND_STRING && r == MD_KIND_NUMBER) ||
		    (l == MD_KIND_NUMBER && r == MD_KIND_STRING))
			l = MD_KIND_STRING;
		else
			l = MD_KIND_UNKNOWN;
	}
	return (l);
}

/* C ? A : B */
static int
md_kind_cond(md_kp_t *kp)
{
	int c, a, b;

	if ((c = md_kind_binary(kp, 1)) == MDK_FAIL || !md_kind_is(kp, "?"))
		return (c);
	if (md_kind_enter(kp) != 0)
		return (MDK_FAIL);
	md_kind_take(kp);
	if ((a = md_kind_expr(kp)) == MDK_FAIL || !md_kind_is(kp, ":"))
		return (MDK_FAIL);
	md_kind_take(kp);
	if ((b = md_kind_cond(kp)) == MDK_FAIL)
		return (MDK_FAIL);
	kp->kp_depth--;
	return (a == b ? a : MD_KIND_UNKNOWN);
}

/* An assignment, or a conditional expression. */
static int
md_kind_assign(md_kp_t *kp)
{
	static const char *const asgn[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "<<=",
		">>="
	};
	int k;

	if ((k = md_kind_cond(kp)) == MDK_FAIL ||
	    !md_kind_oneof(kp, asgn, MD_NELEM(asgn)))
		return (k);
	md_kind_take(kp);
	if (md_kind_enter(kp) != 0 || md_kind_assign(kp) == MDK_FAIL)
		return (MDK_FAIL);
	kp->kp_depth--;
	return (MD_KIND_UNKNOWN);
}

/* EXPR, EXPR, ...: a comma makes the kind unknown. */
static int
md_kind_expr(md_kp_t *kp)
{
	int k;

	if ((k = md_kind_assign(kp)) == MDK_FAIL)
		return (MDK_FAIL);
	while (md_kind_is(kp, ",")) {
		md_kind_take(kp);
		if (md_kind_assign(kp) == MDK_FAIL)
			return (MDK_FAIL);
		k = MD_KIND_UNKNOWN;
	}
	return (k);
}

/*
 * The kind of text (len bytes), a D expression, with the variables of the
 * plan's gathers (pl may be NULL), at nesting depth (0 for a transform).
 */
md_kind_t
md_kind_at(const char *text, size_t len, const md_plan_t *pl, unsigned depth)
{
	md_kp_t kp;
	int k;

	md_dlex_init(&kp.kp_lex, text, len);
	kp.kp_plan = pl;
	kp.kp_depth = depth;
	kp.kp_nest = 0;
	kp.kp_end = 0;
	(void) md_dlex_next(&kp.kp_lex);
	k = md_kind_expr(&kp);
	if (k == MDK_FAIL || kp.kp_lex.dl_tok != MDT_EOF)
		return (MD_KIND_UNKNOWN);
	return ((md_kind_t)k);
}

md_kind_t
md_kind(const char *text, size_t len, const md_plan_t *pl)
{
	return (md_kind_at(text, len, pl, 0));
}

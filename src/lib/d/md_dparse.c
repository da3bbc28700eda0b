/*
 * md_dparse.c: D, parsed without a kernel.
 *
 * A recursive-descent parser for D programs and for the pieces of D a
 * metric holds, after libdtrace's grammar (dt_grammar.y, dt_lex.l): the
 * outer scope of a program (probe clauses, declarations, inline,
 * translator and provider definitions; control lines, between any two
 * tokens, are md_dpragma.c's), clause bodies (statements; if and else as
 * illumos has them), and expressions with C's precedence and D's
 * additions (^^, @aggregations, self-> and this->, stringof, xlate <T>
 * (e), offsetof, `symbols, $macros).
 *
 * It judges syntax, and what D's built-in tables settle (md_dtab.c): how
 * many arguments a built-in function takes, that an aggregation is set to
 * the value of an aggregating function and nothing else is, that an
 * action is a statement of its own (or an aggregation's key, for the
 * stack and symbol actions).  It judges no types: a name it cannot know
 * (a kernel type in a cast, a typedef, a function some DTrace added) is
 * taken as valid, so that no valid script is refused.  Where only types
 * decide between readings (is "(x) -y" a cast or a subtraction?  is
 * "[x * y]" a key's type or a size?), it takes whichever parses.
 *
 * Errors are dtrace's where dtrace has words for them ("syntax error near
 * ')'", "floating-point constants are not permitted"), with the offset of
 * the token at fault.  Nesting is bounded (MD_DMAXDEPTH), so that the
 * recursion stays within a few dozen KiB of stack.
 *
 * md_dparse_kind() reads an expression's kind off the same parse (SPEC
 * 7.16): each expression parsed gets one (dx_kind), bottom-up, which is
 * the rule's top-down reading (the operator of lowest precedence outside
 * all parentheses, the rightmost of equals, is the root):
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
 *  - a variable the caller knows (md_kind.c: one a gather stored, by the
 *    name $N gave it, self->latency0 or latency0[arg0] with the store's
 *    index): the kind it says;
 *  - parentheses: the kind of what they hold;
 *  - unknown: everything else (members, casts, translators, other
 *    variables and calls, assignments, commas).
 *
 * What does not parse is of unknown kind, and so is an expression that
 * holds an aggregation, which has no value there; an error of meaning
 * does not change what the text is.
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "md_impl.h"

#define	MD_DNONE	((size_t)-1)

typedef struct md_dp {
	md_dlex_t	dp_lex;		/* the current token */
	unsigned	dp_depth;	/* nesting, against MD_DMAXDEPTH */
	int		dp_failed;	/* a syntax error: the parse stops */
	int		dp_semfailed;	/* an error of meaning: it goes on */
	size_t		dp_erroff;
	md_dlex_t	dp_errlex;	/* the lexer then: its lost lines */
	char		*dp_msg;
	size_t		dp_msglen;
	size_t		dp_aggok;	/* where an aggregating function may */
					/* be */
	size_t		dp_actok;	/* where an action may be */
	size_t		dp_keyok;	/* where a key's action may be */
	int		dp_inpred;	/* in a predicate */
	int		dp_program;	/* a program: control lines apply */
	int		dp_pspec;	/* option pspec: no "int*x" */
	int		dp_noback;	/* trying a reading: none inside */
	unsigned	dp_maxdepth;	/* MD_DMAXDEPTH, or MD_KIND_MAXDEPTH */
	int		dp_kinds;	/* kinds wanted: md_dparse_kind() */
	int		dp_nokind;	/* an aggregation: of unknown kind */
	md_dkindvar_f	dp_var;		/* the variables it knows, or NULL */
	const void	*dp_vararg;
} md_dp_t;

/* What a parsed expression is, as far as the checks need to know. */
typedef struct md_dx {
	int			dx_unary;	/* the grammar lets it be set */
	int			dx_lval;	/* and it can be */
	int			dx_agg;		/* @x or @x[...] */
	const md_dfunc_t	*dx_call;	/* exactly a call of this */
	size_t			dx_off;		/* where it starts */
	md_kind_t		dx_kind;	/* SPEC 7.16 */
} md_dx_t;

static int md_dp_expr(md_dp_t *, md_dx_t *);
static int md_dp_assign(md_dp_t *, md_dx_t *);
static int md_dp_cond(md_dp_t *, md_dx_t *);
static int md_dp_cast(md_dp_t *, md_dx_t *);
static int md_dp_typename(md_dp_t *);
static int md_dp_declarator(md_dp_t *, int);
static int md_dp_specifiers(md_dp_t *, int);
static int md_dp_statements(md_dp_t *);

static const char *const md_dp_typewords[] = {
	"void", "char", "short", "int", "long", "float", "double", "signed",
	"unsigned", "string", "struct", "union", "enum", "const", "restrict",
	"volatile", "userland"
};

static const char *const md_dp_classwords[] = {
	"auto", "extern", "register", "static", "typedef", "self", "this"
};

/* Words no expression may hold (but as a member name). */
static const char *const md_dp_reserved[] = {
	"auto", "break", "case", "char", "const", "continue", "counter",
	"default", "do", "double", "else", "enum", "extern", "float", "for",
	"goto", "if", "import", "inline", "int", "long", "probe", "provider",
	"register", "restrict", "return", "short", "signed", "static",
	"string", "struct", "switch", "translator", "typedef", "union",
	"unsigned", "void", "volatile", "while"
};

#define	MD_NELEM(a)	(sizeof (a) / sizeof ((a)[0]))

/*
 * Errors, of two kinds, as dtrace has them.  A syntax error (the lexer's,
 * the grammar's, a control line's) stops the parse: every function
 * returns -1 once there is one, so the parse unwinds.  An error of
 * meaning (an argument too many, an action where a value is needed),
 * which dtrace finds only once the whole program is parsed, is kept, the
 * first one, and the parse goes on: a syntax error anywhere wins over it.
 */
static int md_dp_error(md_dp_t *, size_t, const char *, ...)
    MD_PRINTFLIKE(3, 4);
static int md_dp_sem(md_dp_t *, size_t, const char *, ...)
    MD_PRINTFLIKE(3, 4);

static int
md_dp_error(md_dp_t *dp, size_t off, const char *fmt, ...)
{
	va_list ap;

	if (dp->dp_failed)
		return (-1);
	dp->dp_failed = 1;
	dp->dp_erroff = off;
	dp->dp_errlex = dp->dp_lex;
	va_start(ap, fmt);
	(void) vsnprintf(dp->dp_msg, dp->dp_msglen, fmt, ap);
	va_end(ap);
	return (-1);
}

/* An error of meaning: kept if it is the first, and the parse goes on. */
static int
md_dp_sem(md_dp_t *dp, size_t off, const char *fmt, ...)
{
	va_list ap;

	if (dp->dp_failed || dp->dp_semfailed)
		return (0);
	dp->dp_semfailed = 1;
	dp->dp_erroff = off;
	dp->dp_errlex = dp->dp_lex;
	va_start(ap, fmt);
	(void) vsnprintf(dp->dp_msg, dp->dp_msglen, fmt, ap);
	va_end(ap);
	return (0);
}

/* The current token's text, at most 40 bytes of it, for a message. */
static int
md_dp_toklen(const md_dp_t *dp)
{
	return ((int)(dp->dp_lex.dl_toklen > 40 ? 40 : dp->dp_lex.dl_toklen));
}

static const char *
md_dp_tok(const md_dp_t *dp)
{
	return (dp->dp_lex.dl_buf + dp->dp_lex.dl_off);
}

/* A syntax error at the current token, or what its lexer said of it. */
static int
md_dp_syntax(md_dp_t *dp)
{
	const md_dlex_t *dl = &dp->dp_lex;
	const char *t = md_dp_tok(dp);
	size_t i;

	if (dl->dl_tok == MDT_EOF)
		return (md_dp_error(dp, dl->dl_off, "syntax error near end of "
		    "input"));
	if (md_dlex_is(dl, "/") && dl->dl_mode == MD_DL_EXPR)
		/* dtrace has read up to what follows: that is its line */
		return (md_dp_error(dp, md_dlex_skipspace(dl, dl->dl_pos),
		    "syntax error near '/'"));
	if (dl->dl_toklen > 0 && *t == '\0')
		return (md_dp_error(dp, dl->dl_off, "syntax error near a NUL "
		    "byte"));
	if (dl->dl_tok != MDT_BAD || strcmp(dl->dl_why, "syntax error") == 0)
		return (md_dp_error(dp, dl->dl_off, "syntax error near '%.*s'",
		    md_dp_toklen(dp), t));
	if (strcmp(dl->dl_why, "invalid digit") == 0) {
		for (i = 0; i < dl->dl_toklen && t[i] >= '0' && t[i] <= '7';
		    i++)
			continue;
		return (md_dp_error(dp, dl->dl_off, "constant %.*s contains "
		    "invalid digit %c", md_dp_toklen(dp), t, t[i]));
	}
	if (strcmp(dl->dl_why, "integer overflow") == 0)
		return (md_dp_error(dp, dl->dl_off, "constant %.*s results in "
		    "integer overflow", md_dp_toklen(dp), t));
	return (md_dp_error(dp, dl->dl_off, "%s", dl->dl_why));
}

static int md_dp_control(md_dp_t *);

/*
 * The next token.  In a program, a control line between two tokens is
 * applied and passed over, wherever it is, as dtrace's lexer does; one
 * dtrace refuses ends the parse (the text ends there).
 */
static void
md_dp_next(md_dp_t *dp)
{
	md_dlex_t *dl = &dp->dp_lex;

	while (md_dlex_next(dl) == MDT_CTL && dp->dp_program) {
		if (md_dp_control(dp) != 0) {
			dl->dl_tok = MDT_EOF;
			dl->dl_pos = dl->dl_off = dl->dl_len;
			dl->dl_toklen = 0;
			return;
		}
	}
}

/* The next token of a copy of the lexer, a look ahead: no control line. */
static md_dtok_t
md_dp_ahead(md_dlex_t *l)
{
	while (md_dlex_next(l) == MDT_CTL)
		continue;
	return (l->dl_tok);
}

static int
md_dp_is(const md_dp_t *dp, const char *s)
{
	return (md_dlex_is(&dp->dp_lex, s));
}

static int
md_dp_expect(md_dp_t *dp, const char *s)
{
	if (!md_dp_is(dp, s))
		return (md_dp_syntax(dp));
	md_dp_next(dp);
	return (0);
}

static int
md_dp_oneof(const md_dp_t *dp, const char *const *words, size_t n)
{
	const char *t = md_dp_tok(dp);
	size_t i;

	if (dp->dp_lex.dl_tok != MDT_OP && (!dp->dp_lex.dl_kw ||
	    (dp->dp_lex.dl_tok != MDT_IDENT && dp->dp_lex.dl_tok != MDT_PSPEC)))
		return (0);
	for (i = 0; i < n; i++) {
		if (words[i][0] == t[0] && md_dp_is(dp, words[i]))
			return (1);
	}
	return (0);
}

/* Nesting: one level more, or an error past the limit. */
static int
md_dp_enter(md_dp_t *dp)
{
	if (++dp->dp_depth > dp->dp_maxdepth)
		return (md_dp_error(dp, dp->dp_lex.dl_off, "nested deeper than "
		    "%u levels", dp->dp_maxdepth));
	return (0);
}

/* The token after the current one, without taking it. */
static md_dtok_t
md_dp_peek(const md_dp_t *dp, md_dlex_t *after)
{
	*after = dp->dp_lex;
	after->dl_mode = MD_DL_EXPR;
	return (md_dp_ahead(after));
}

static int
md_dx_action(const md_dx_t *dx)
{
	return (dx->dx_call != NULL && (dx->dx_call->df_kind == MD_DF_ACTION ||
	    dx->dx_call->df_kind == MD_DF_KEYACT));
}

/* An action where a value is needed: D's "may not be called" error. */
static int
md_dp_novoid(md_dp_t *dp, const md_dx_t *dx)
{
	if (md_dx_action(dx))
		return (md_dp_sem(dp, dx->dx_off, "tracing function %s( ) may "
		    "not be called from a D expression (D program context "
		    "required)", dx->dx_call->df_name));
	return (0);
}

static void
md_dx_value(md_dx_t *dx, size_t off)
{
	dx->dx_unary = 0;
	dx->dx_lval = 0;
	dx->dx_agg = 0;
	dx->dx_call = NULL;
	dx->dx_off = off;
	dx->dx_kind = MD_KIND_UNKNOWN;
}

/*
 * Type names.  A type name starts with a type word, or with a name D
 * would know for a type (a typedef, a kernel type): this parser knows
 * none, so a name is a type where nothing else can be.
 */
static int
md_dp_typeword(const md_dp_t *dp)
{
	return (md_dp_oneof(dp, md_dp_typewords, MD_NELEM(md_dp_typewords)));
}

static int
md_dp_classword(const md_dp_t *dp)
{
	return (md_dp_oneof(dp, md_dp_classwords, MD_NELEM(md_dp_classwords)));
}

/*
 * Is the token at hand a name, where the grammar wants DT_TOK_IDENT (a
 * tag, a declarator, a member of offsetof(), a translator's)?  No keyword
 * of D's is, but userland, which only illumos has.
 */
static int
md_dp_isname(const md_dp_t *dp)
{
	return (dp->dp_lex.dl_tok == MDT_IDENT && (!dp->dp_lex.dl_kw ||
	    md_dp_is(dp, "userland")));
}

/*
 * Is what follows the '(' at hand a type name (for a cast or sizeof)?  It
 * is when it starts with a type word, or is a name and stars, "(foo_t *)",
 * or a name and "(*)" ("(foo_t (*)(int))"); a name alone, "(foo)", is a
 * type when an operand follows the ')' (a cast) and an expression
 * otherwise.
 */
static int
md_dp_parentype(const md_dp_t *dp)
{
	md_dlex_t l = dp->dp_lex;
	int stars = 0;

	l.dl_mode = MD_DL_EXPR;
	if (md_dp_ahead(&l) != MDT_IDENT)
		return (0);
	if (md_dlex_is(&l, "struct") || md_dlex_is(&l, "union") ||
	    md_dlex_is(&l, "enum"))
		return (1);
	{
		md_dp_t tmp = *dp;

		tmp.dp_lex = l;
		if (md_dp_typeword(&tmp))
			return (1);
	}
	if (md_dp_oneof(dp, md_dp_reserved, MD_NELEM(md_dp_reserved)) ||
	    md_dlex_is(&l, "sizeof") || md_dlex_is(&l, "stringof") ||
	    md_dlex_is(&l, "offsetof") || md_dlex_is(&l, "xlate") ||
	    md_dlex_is(&l, "self") || md_dlex_is(&l, "this"))
		return (0);
	for (;;) {
		(void) md_dp_ahead(&l);
		if (md_dlex_is(&l, "*")) {
			stars++;
			continue;
		}
		if (md_dlex_is(&l, "const") || md_dlex_is(&l, "volatile") ||
		    md_dlex_is(&l, "restrict"))
			continue;
		break;
	}
	if (md_dlex_is(&l, "(")) {
		/* "(name (*)(int))": a pointer to a function */
		for (stars = 0; md_dp_ahead(&l) == MDT_OP &&
		    md_dlex_is(&l, "*"); stars++)
			continue;
		return (stars > 0 && md_dlex_is(&l, ")"));
	}
	if (!md_dlex_is(&l, ")"))
		return (0);
	if (stars > 0)
		return (1);
	/* "(name)": a cast when an operand follows */
	switch (md_dp_ahead(&l)) {
	case MDT_IDENT:
	case MDT_INT:
	case MDT_STRING:
	case MDT_MACRO:
	case MDT_AGG:
		return (1);
	case MDT_OP:
		return (md_dlex_is(&l, "(") || md_dlex_is(&l, "!") ||
		    md_dlex_is(&l, "~"));
	default:
		return (0);
	}
}

/* struct or union TAG { members }, or enum TAG { enumerators } */
static int
md_dp_soubody(md_dp_t *dp)
{
	int isenum = md_dp_is(dp, "enum");
	md_dx_t dx;

	md_dp_next(dp);
	if (md_dp_isname(dp))
		md_dp_next(dp);
	else if (!md_dp_is(dp, "{"))
		return (md_dp_syntax(dp));
	if (!md_dp_is(dp, "{"))
		return (0);
	md_dp_next(dp);
	if (isenum) {
		for (;;) {
			if (!md_dp_isname(dp))
				return (md_dp_syntax(dp));
			md_dp_next(dp);
			if (md_dp_is(dp, "=")) {
				md_dp_next(dp);
				if (md_dp_cond(dp, &dx) != 0)
					return (-1);
			}
			if (!md_dp_is(dp, ","))
				break;
			md_dp_next(dp);
			if (md_dp_is(dp, "}"))
				break;		/* illumos allows "a, b, }" */
		}
		return (md_dp_expect(dp, "}"));
	}
	do {
		/* members: specifiers, then declarators with bit-fields */
		if (md_dp_specifiers(dp, 0) != 0)
			return (-1);
		for (;;) {
			if (!md_dp_is(dp, ":") && md_dp_declarator(dp, 0) != 0)
				return (-1);
			if (md_dp_is(dp, ":")) {
				md_dp_next(dp);
				if (md_dp_cond(dp, &dx) != 0)
					return (-1);
			}
			if (!md_dp_is(dp, ","))
				break;
			md_dp_next(dp);
		}
		if (md_dp_expect(dp, ";") != 0)
			return (-1);
	} while (!md_dp_is(dp, "}"));
	md_dp_next(dp);
	return (0);
}

/* struct, union or enum: a level of nesting */
static int
md_dp_sou(md_dp_t *dp)
{
	if (md_dp_enter(dp) != 0 || md_dp_soubody(dp) != 0)
		return (-1);
	dp->dp_depth--;
	return (0);
}

/*
 * Declaration specifiers: storage classes (if classes), qualifiers, type
 * words, struct/union/enum, and at most one name for a type D would know,
 * which this parser takes when no other type was given.
 */
static int
md_dp_specifiers(md_dp_t *dp, int classes)
{
	int typed = 0, any = 0;

	for (;; any = 1) {
		if (classes && md_dp_classword(dp)) {
			md_dp_next(dp);
		} else if (md_dp_is(dp, "struct") || md_dp_is(dp, "union") ||
		    md_dp_is(dp, "enum")) {
			if (md_dp_sou(dp) != 0)
				return (-1);
			typed = 1;
		} else if (md_dp_typeword(dp)) {
			if (!md_dp_is(dp, "const") &&
			    !md_dp_is(dp, "volatile") &&
			    !md_dp_is(dp, "restrict"))
				typed = 1;
			md_dp_next(dp);
		} else if (!typed && dp->dp_lex.dl_tok == MDT_IDENT &&
		    !md_dp_oneof(dp, md_dp_reserved,
		    MD_NELEM(md_dp_reserved))) {
			/* a typedef's name, unless it is what is declared */
			md_dlex_t after;
			md_dtok_t t = md_dp_peek(dp, &after);

			if (any && t != MDT_IDENT &&
			    !md_dlex_is(&after, "*") &&
			    !md_dlex_is(&after, "("))
				break;
			md_dp_next(dp);
			typed = 1;
		} else {
			break;
		}
	}
	return (any ? 0 : md_dp_syntax(dp));
}

/*
 * Parameter declarations up to close (")" or "]"), from the first: each
 * specifiers and a declarator that may be abstract, and "..." last, but
 * in an array's (dt_decl_array() refuses it, once the ']' is read, at
 * the "...").
 */
static int
md_dp_paramlist(md_dp_t *dp, const char *close)
{
	size_t at;

	for (;;) {
		if (md_dp_is(dp, "...")) {
			at = dp->dp_lex.dl_off;
			md_dp_next(dp);
			if (md_dp_expect(dp, close) != 0 || *close == ')')
				return (dp->dp_failed ? -1 : 0);
			return (md_dp_error(dp, at, "array prototype may not "
			    "use a variable-length argument list"));
		}
		if (md_dp_specifiers(dp, 1) != 0)
			return (-1);
		if (!md_dp_is(dp, ",") && !md_dp_is(dp, close) &&
		    md_dp_declarator(dp, 1) != 0)
			return (-1);
		if (!md_dp_is(dp, ","))
			break;
		md_dp_next(dp);
	}
	return (md_dp_expect(dp, close));
}

/* ( parameters ) of a function declarator */
static int
md_dp_params(md_dp_t *dp)
{
	md_dp_next(dp);
	if (md_dp_is(dp, ")")) {
		md_dp_next(dp);
		return (0);
	}
	return (md_dp_paramlist(dp, ")"));
}

/* The types of a dimension, "[uint32_t, int]", from the first. */
static int
md_dp_dimtypes(md_dp_t *dp)
{
	return (md_dp_paramlist(dp, "]"));
}

/* The size of a dimension, "[10]": a constant expression. */
static int
md_dp_dimsize(md_dp_t *dp)
{
	md_dx_t dx;

	if (md_dp_cond(dp, &dx) != 0)
		return (-1);
	return (md_dp_expect(dp, "]"));
}

/*
 * Does fn read what follows without a syntax error?  It reads a copy of
 * the parser, which writes no message and keeps no error of meaning; if
 * it reads, the parser goes on from where the copy is (an error of
 * meaning inside is let pass), else *reachp is where the copy failed.
 */
static int
md_dp_reads(md_dp_t *dp, int (*fn)(md_dp_t *), size_t *reachp)
{
	md_dp_t trial = *dp;

	trial.dp_msglen = 0;
	trial.dp_semfailed = 1;
	if (fn(&trial) != 0 || trial.dp_failed) {
		*reachp = trial.dp_erroff;
		return (0);
	}
	trial.dp_msglen = dp->dp_msglen;
	trial.dp_semfailed = dp->dp_semfailed;
	*dp = trial;
	return (1);
}

/*
 * Which reading of a dimension that starts with a name is the likelier,
 * from the tokens after the name: the types when a name follows it, or a
 * comma, or stars and then what only a type has after them (']', ',',
 * '[', ')', a qualifier), or "(*)"; else the size.
 */
static int
md_dp_dimguess(const md_dp_t *dp)
{
	md_dlex_t l = dp->dp_lex;

	if (md_dp_ahead(&l) == MDT_IDENT || md_dlex_is(&l, ","))
		return (1);
	if (md_dlex_is(&l, "(")) {
		if (md_dp_ahead(&l) != MDT_OP || !md_dlex_is(&l, "*"))
			return (0);
	} else if (!md_dlex_is(&l, "*")) {
		return (0);
	}
	while (md_dlex_is(&l, "*") || md_dlex_is(&l, "const") ||
	    md_dlex_is(&l, "volatile") || md_dlex_is(&l, "restrict"))
		(void) md_dp_ahead(&l);
	return (md_dlex_is(&l, "]") || md_dlex_is(&l, ",") ||
	    md_dlex_is(&l, "[") || md_dlex_is(&l, ")"));
}

/*
 * [ ... ] of a declarator: nothing, the types of an associative array's
 * keys ("[string, int]", "[uint32_t *]", parameter declarations as
 * dt_grammar.y's array_parameters has them), or a size (a constant
 * expression).  A name this parser cannot know starts either, as it is a
 * type or not: the likelier reading is tried, then the other; when
 * neither reads, the error is that of the reading that went further.
 * Inside a reading tried, a dimension takes the likelier reading only,
 * so that nested dimensions cost a few readings, not two to the depth.
 */
static int
md_dp_dimension(md_dp_t *dp)
{
	int (*first)(md_dp_t *) = md_dp_dimsize, (*other)(md_dp_t *) =
	    md_dp_dimtypes;
	size_t reach;
	md_dp_t saved;
	int rv = -1;

	md_dp_next(dp);
	if (md_dp_is(dp, "]")) {
		md_dp_next(dp);
		return (0);
	}
	if (md_dp_typeword(dp) || md_dp_is(dp, "...") ||
	    (md_dp_classword(dp) && !md_dp_is(dp, "self") &&
	    !md_dp_is(dp, "this")))
		return (md_dp_dimtypes(dp));
	if (dp->dp_lex.dl_tok != MDT_IDENT || dp->dp_lex.dl_kw)
		return (md_dp_dimsize(dp));
	if (md_dp_dimguess(dp)) {
		first = md_dp_dimtypes;
		other = md_dp_dimsize;
	}
	if (dp->dp_noback)
		return (first(dp));
	dp->dp_noback = 1;
	if (md_dp_reads(dp, first, &reach)) {
		rv = 0;
	} else {
		saved = *dp;
		if (other(dp) == 0) {
			rv = 0;
		} else if (dp->dp_erroff < reach) {
			*dp = saved;
			(void) first(dp);	/* its error, again */
		}
	}
	dp->dp_noback = 0;
	return (rv);
}

/*
 * A declarator: pointers, then a name or ( declarator ), then arrays and
 * parameter lists.  abstract: 0, a name is needed; 1, it may be missing
 * (a parameter); 2, there is none (a type name).
 */
static int
md_dp_declarator(md_dp_t *dp, int abstract)
{
	int named = 0;

	if (md_dp_enter(dp) != 0)
		return (-1);
	while (md_dp_is(dp, "*") || md_dp_is(dp, "const") ||
	    md_dp_is(dp, "volatile") || md_dp_is(dp, "restrict"))
		md_dp_next(dp);
	if (abstract != 2 && md_dp_isname(dp)) {
		md_dp_next(dp);
		named = 1;
	} else if (md_dp_is(dp, "(")) {
		md_dlex_t after;

		(void) md_dp_peek(dp, &after);
		if (md_dlex_is(&after, "*") || md_dlex_is(&after, "(") ||
		    md_dlex_is(&after, "[") || (!abstract &&
		    after.dl_tok == MDT_IDENT)) {
			md_dp_next(dp);
			if (md_dp_declarator(dp, abstract) != 0 ||
			    md_dp_expect(dp, ")") != 0)
				return (-1);
			named = 1;
		}
	}
	if (!named && !abstract)
		return (md_dp_syntax(dp));
	for (;;) {
		if (md_dp_is(dp, "[")) {
			if (md_dp_dimension(dp) != 0)
				return (-1);
		} else if (md_dp_is(dp, "(")) {
			if (md_dp_params(dp) != 0)
				return (-1);
		} else {
			break;
		}
	}
	dp->dp_depth--;
	return (0);
}

/* A type name: specifiers, then an abstract declarator. */
static int
md_dp_typename(md_dp_t *dp)
{
	if (md_dp_specifiers(dp, 0) != 0)
		return (-1);
	if (md_dp_is(dp, "*") || md_dp_is(dp, "(") || md_dp_is(dp, "["))
		return (md_dp_declarator(dp, 2));
	return (0);
}

/*
 * A call's arguments or a variable's keys, at the '(' or '[' at hand: each
 * an assignment expression, none an action, but that each of an
 * aggregation's keys (aggkeys) may be stack(), func() and their kin.
 * Returns how many, or -1.
 */
static long
md_dp_args(md_dp_t *dp, const char *close, int aggkeys, size_t *strp)
{
	size_t keyok = dp->dp_keyok, after = MD_DNONE;
	md_dlex_t next;
	md_dx_t dx;
	long n = 0;

	if (strp != NULL)
		*strp = MD_DNONE;
	md_dp_next(dp);
	if (md_dp_is(dp, close)) {
		if (*close == ']')
			return (md_dp_syntax(dp));	/* no keys: "[]" */
		md_dp_next(dp);
		return (0);
	}
	/* is the first argument a string literal, alone? (a format) */
	if (strp != NULL && dp->dp_lex.dl_tok == MDT_STRING &&
	    md_dp_peek(dp, &next) != MDT_BAD)
		after = next.dl_off;
	for (;;) {
		size_t start = dp->dp_lex.dl_off;

		dp->dp_keyok = aggkeys ? dp->dp_lex.dl_off : MD_DNONE;
		if (md_dp_assign(dp, &dx) != 0)
			return (-1);
		if (n == 0 && after != MD_DNONE && dp->dp_lex.dl_off == after)
			*strp = start;
		dp->dp_keyok = keyok;
		if ((!aggkeys || dx.dx_call == NULL ||
		    dx.dx_call->df_kind != MD_DF_KEYACT) &&
		    md_dp_novoid(dp, &dx) != 0)
			return (-1);
		n++;
		if (!md_dp_is(dp, ","))
			break;
		md_dp_next(dp);
	}
	return (md_dp_expect(dp, close) != 0 ? -1 : n);
}

/* A printf() conversion as dtrace reads one (dt_printf_create()). */
typedef struct md_dpconv {
	char	pc_name[8];	/* its name: d, lld, s, %, ... */
	int	pc_star[2];	/* '*' for the width, the precision */
	int	pc_agg;		/* %@ */
} md_dpconv_t;

/*
 * The conversion after a '%' at *ip of the format s (end bytes): 0, or
 * -1 with why it is no conversion.
 */
static int
md_dp_conv(const char *s, size_t *ip, size_t end, md_dpconv_t *pc,
    const char **why)
{
	size_t len = 0;
	int c, prev = '%', dot = 0;

	(void) memset(pc, 0, sizeof (*pc));
	for (;; prev = c) {
		if ((c = md_dlex_strbyte(s, ip, end)) == -1) {
			*why = "name expected before end of format string";
			return (-1);
		}
		if (c == '*' && pc->pc_star[dot]++ > 0) {
			*why = dot ? "has more than one '*' specified for the "
			    "output precision" : "has more than one '*' "
			    "specified for the output width";
			return (-1);
		} else if (c == '.' && dot++ > 0) {
			*why = "has more than one '.' specified";
			return (-1);
		} else if (c == '$') {
			*why = "uses unsupported positional format (%n$)";
			return (-1);
		} else if (c == '%' && prev != '%') {
			*why = "cannot be combined with other format flags: %%";
			return (-1);
		} else if (c == '@') {
			pc->pc_agg = 1;
		} else if (c == 'h' || c == 'l' || c == 'L' || c == 'w') {
			if (len < sizeof (pc->pc_name) - 2)
				pc->pc_name[len++] = (char)c;
		} else if ((c < '0' || c > '9') && strchr("*.#+-?' ", c) ==
		    NULL) {
			pc->pc_name[len] = (char)c;
			return (0);
		}
	}
}

/*
 * "format conversion #n is undefined: %NAME", the name quoted as messages
 * quote (md_msg_escape()): "%\n", from "\445\n", as "%\012".
 */
static void
md_dp_undefined(md_dp_t *dp, size_t off, int n, const char *name)
{
	char shown[4 * sizeof (((md_dpconv_t *)0)->pc_name) + 4];

	md_msg_escape(shown, sizeof (shown), name, 0);
	(void) md_dp_sem(dp, off, "format conversion #%d is undefined: %%%s",
	    n, shown);
}

/* Is name a conversion dtrace defines (dt_printf.c's table)? */
static int
md_dp_convdef(const char *name)
{
	static const char *const convs[] = {
		"a", "A", "c", "C", "d", "e", "E", "f", "g", "G", "hd", "hi",
		"ho", "hu", "hx", "hX", "i", "k", "lc", "ld", "li", "lo", "lu",
		"ls", "lx", "lX", "lld", "lli", "llo", "llu", "llx", "llX",
		"Le", "LE", "Lf", "Lg", "LG", "o", "p", "s", "S", "T", "u",
		"wc", "ws", "x", "X", "Y", "%"
	};
	size_t k;

	for (k = 0; k < MD_NELEM(convs); k++) {
		if (convs[k][0] == name[0] && strcmp(convs[k], name) == 0)
			return (1);
	}
	return (0);
}

/*
 * The arguments conversion #n (pc) of fn's format takes, counted in
 * *needp, which nargs must cover: its width's '*', its precision's, then
 * its value.  0, or -1 with an error of meaning at off.
 */
static int
md_dp_convargs(md_dp_t *dp, const char *fn, const md_dpconv_t *pc, int n,
    long nargs, long *needp, size_t off)
{
	int k;

	if (pc->pc_agg) {
		(void) md_dp_sem(dp, off, "%%@ conversion requires an "
		    "aggregation and is not for use with %s( )", fn);
		return (-1);
	}
	for (k = 0; k < 3; k++) {
		if ((k < 2 && !pc->pc_star[k]) || ++*needp <= nargs)
			continue;
		(void) md_dp_sem(dp, off, "%s( ) prototype mismatch: "
		    "conversion #%d (%%%s) is missing a corresponding %s "
		    "argument", fn, n, pc->pc_name, k == 0 ? "\"*\"" :
		    k == 1 ? "\".*\"" : "value");
		return (-1);
	}
	return (0);
}

/*
 * printf(), system(), freopen() and printa() with a string literal for a
 * format (at offset at): its conversions, as dtrace reads them
 * (dt_printf.c), and for all but printa() as many values as they need
 * (nargs after the format).  freopen("") is no format: it restores the
 * standard output.  Errors are of meaning, at the call (off).
 */
static void
md_dp_format(md_dp_t *dp, const md_dfunc_t *f, size_t at, long nargs,
    size_t off)
{
	const char *s = dp->dp_lex.dl_buf + at + 1, *fn = f->df_name, *why;
	size_t i = 0, end;
	int printa = strcmp(fn, "printa") == 0, n = 0, c;
	long need = 0;
	md_dpconv_t pc;

	if (!printa && strcmp(fn, "printf") != 0 &&
	    strcmp(fn, "system") != 0 && strcmp(fn, "freopen") != 0)
		return;
	for (end = 0; s[end] != '"'; end++) {
		if (s[end] == '\\')
			end++;
	}
	if (md_dlex_strbyte(s, &i, end) == -1) {
		if (strcmp(fn, "freopen") == 0)
			return;
		(void) md_dp_sem(dp, off, "%s( ) format string is empty",
		    fn);
		return;
	}
	for (i = 0; (c = md_dlex_strbyte(s, &i, end)) != -1; ) {
		if (c != '%')
			continue;
		n++;
		if (md_dp_conv(s, &i, end, &pc, &why) != 0) {
			(void) md_dp_sem(dp, off, "format conversion #%d %s",
			    n, why);
			return;
		}
		if (!md_dp_convdef(pc.pc_name)) {
			md_dp_undefined(dp, off, n, pc.pc_name);
			return;
		}
		if (!printa && strcmp(pc.pc_name, "%") != 0 &&
		    md_dp_convargs(dp, fn, &pc, n, nargs, &need, off) != 0)
			return;
	}
	if (!printa && nargs > need)
		(void) md_dp_sem(dp, off, "%s( ) prototype mismatch: only "
		    "%ld arguments required by this format string", fn, need);
}

/* Is a call of f at off where it may be? */
static int
md_dp_callable(md_dp_t *dp, const md_dfunc_t *f, size_t off)
{
	switch (f->df_kind) {
	case MD_DF_AGG:
		if (off != dp->dp_aggok)
			return (md_dp_sem(dp, off, "aggregating function %s( ) "
			    "may only be the value of an aggregation, as "
			    "@x = %s(...)", f->df_name, f->df_name));
		return (0);
	case MD_DF_KEYACT:
		if (off == dp->dp_keyok)
			return (0);
		/* FALLTHROUGH */
	case MD_DF_ACTION:
		if (off != dp->dp_actok)
			return (md_dp_sem(dp, off, "tracing function %s( ) may "
			    "not be called from a D expression (D program "
			    "context required)", f->df_name));
		return (0);
	default:
		return (0);
	}
}

static int
md_dp_arity(md_dp_t *dp, const md_dfunc_t *f, long n, size_t off)
{
	int many = n < f->df_min ? f->df_min : f->df_max;

	if (n >= f->df_min && (n <= f->df_max || md_dfunc_varargs(f)))
		return (0);
	return (md_dp_sem(dp, off, "%s( ) prototype mismatch: %ld arg%s "
	    "passed, %s%d expected", f->df_name, n, n == 1 ? "" : "s",
	    f->df_min == f->df_max ? "" : n < f->df_min ? "at least " :
	    "at most ", many));
}

/* offsetof(type, member) */
static int
md_dp_offsetof(md_dp_t *dp, md_dx_t *dx)
{
	md_dp_next(dp);
	if (md_dp_expect(dp, "(") != 0 || md_dp_typename(dp) != 0 ||
	    md_dp_expect(dp, ",") != 0)
		return (-1);
	if (!md_dp_isname(dp))
		return (md_dp_syntax(dp));
	md_dp_next(dp);
	dx->dx_unary = 1;
	dx->dx_kind = MD_KIND_NUMBER;
	return (md_dp_expect(dp, ")"));
}

/* xlate <type> (expression) */
static int
md_dp_xlate(md_dp_t *dp, md_dx_t *dx)
{
	md_dx_t in;

	md_dp_next(dp);
	if (md_dp_expect(dp, "<") != 0 || md_dp_typename(dp) != 0 ||
	    md_dp_expect(dp, ">") != 0 || md_dp_expect(dp, "(") != 0 ||
	    md_dp_expr(dp, &in) != 0 || md_dp_novoid(dp, &in) != 0 ||
	    md_dp_expect(dp, ")") != 0)
		return (-1);
	dx->dx_unary = 1;
	return (0);
}

/* ( expression ): what may stand at off may stand inside, too */
static int
md_dp_paren(md_dp_t *dp, md_dx_t *dx, size_t off)
{
	md_dlex_t *dl = &dp->dp_lex;
	md_dx_t in;

	md_dp_next(dp);
	if (dp->dp_aggok == off)
		dp->dp_aggok = dl->dl_off;
	if (dp->dp_actok == off)
		dp->dp_actok = dl->dl_off;
	if (dp->dp_keyok == off)
		dp->dp_keyok = dl->dl_off;
	if (md_dp_expr(dp, &in) != 0 || md_dp_expect(dp, ")") != 0)
		return (-1);
	*dx = in;
	dx->dx_off = off;
	dx->dx_unary = 1;
	return (0);
}

/*
 * A primary expression.  A plain name (or a macro, which may expand to
 * one) may be called: *calleep; a built-in's entry in *fp, when a '('
 * follows, so that its arguments are counted.  Returns -1 on an error, 1
 * when no postfix operator may follow (an aggregation, offsetof()), else
 * 0.
 */
static int
md_dp_primary(md_dp_t *dp, md_dx_t *dx, int *calleep, const md_dfunc_t **fp)
{
	md_dlex_t *dl = &dp->dp_lex;
	const md_dvar_t *v;
	const char *name;
	size_t namelen;

	dx->dx_unary = 1;
	switch (dl->dl_tok) {
	case MDT_IDENT:
		if (md_dp_oneof(dp, md_dp_reserved, MD_NELEM(md_dp_reserved)))
			return (md_dp_syntax(dp));
		/* offsetof() is a unary expression: nothing follows it */
		if (md_dp_is(dp, "offsetof"))
			return (md_dp_offsetof(dp, dx) != 0 ? -1 : 1);
		if (md_dp_is(dp, "xlate"))
			return (md_dp_xlate(dp, dx));
		name = md_dp_tok(dp);
		namelen = dl->dl_toklen;
		*calleep = 1;
		dx->dx_lval = 1;
		if (dp->dp_kinds && (v = md_dvar(name, namelen)) != NULL)
			dx->dx_kind = (md_kind_t)v->dv_kind;
		md_dp_next(dp);
		if (md_dp_is(dp, "("))
			*fp = md_dfunc(name, namelen);
		return (0);
	case MDT_MACRO:
		*calleep = 1;
		/* FALLTHROUGH */
	case MDT_INT:
	case MDT_STRING:
		dx->dx_kind = dl->dl_tok == MDT_INT ? MD_KIND_NUMBER :
		    dl->dl_tok == MDT_STRING ? MD_KIND_STRING : MD_KIND_UNKNOWN;
		md_dp_next(dp);
		return (0);
	case MDT_AGG:
		dp->dp_nokind = 1;
		dx->dx_lval = 1;
		dx->dx_agg = 1;
		md_dp_next(dp);
		if (md_dp_is(dp, "[") && md_dp_args(dp, "]", 1, NULL) < 0)
			return (-1);
		return (1);
	case MDT_OP:
		if (md_dp_is(dp, "("))
			return (md_dp_paren(dp, dx, dx->dx_off));
		break;
	default:
		break;
	}
	return (md_dp_syntax(dp));
}

/* ( arguments ) after what stands at off: f's are counted and checked */
static int
md_dp_call(md_dp_t *dp, md_dx_t *dx, int callee, const md_dfunc_t *f,
    size_t off)
{
	size_t fmt;
	long n;

	if (!callee)
		(void) md_dp_sem(dp, dp->dp_lex.dl_off, "function designator "
		    "is not of function type");
	if ((n = md_dp_args(dp, ")", 0, &fmt)) < 0)
		return (-1);
	if (f != NULL && (md_dp_arity(dp, f, n, off) != 0 ||
	    md_dp_callable(dp, f, off) != 0))
		return (-1);
	if (f != NULL && fmt != MD_DNONE)
		md_dp_format(dp, f, fmt, n - 1, off);
	dx->dx_call = f;
	dx->dx_unary = 1;
	dx->dx_lval = 0;
	return (0);
}

/*
 * . or -> and a member: what is not a name is passed over, as dtrace does.
 * A $N there is a macro's value, an integer or a string but for a name
 * given as an argument: refused, as dtrace refuses it without arguments
 * (D_MACRO_UNDEF) or with them as the D it has in mind.
 */
static int
md_dp_member(md_dp_t *dp)
{
	md_dlex_t *dl = &dp->dp_lex;

	dl->dl_mode = MD_DL_MEMBER;
	md_dp_next(dp);
	dl->dl_mode = MD_DL_EXPR;
	if (dl->dl_tok != MDT_IDENT)
		return (md_dp_syntax(dp));
	md_dp_next(dp);
	return (0);
}

/*
 * The kind of the variable whose text is from off to the token at hand,
 * if the caller of md_dparse_kind() knows it; else unknown.
 */
static md_kind_t
md_dp_varkind(const md_dp_t *dp, size_t off)
{
	int k;

	if (dp->dp_var == NULL || (k = dp->dp_var(dp->dp_lex.dl_buf + off,
	    dp->dp_lex.dl_off - off, dp->dp_depth, dp->dp_vararg)) < 0)
		return (MD_KIND_UNKNOWN);
	return ((md_kind_t)k);
}

/*
 * A primary expression and its postfix operators: [keys], (arguments),
 * .member, ->member, ++, --.  A call names a built-in function by a plain
 * name (or a macro that may expand to one); its arguments are counted.
 * Its kind: the primary's, if no operator follows it and it has one; a
 * call's, if it is one call of a subroutine; else, if it starts with a
 * name, the kind of the variable it is, if md_dparse_kind()'s caller
 * knows it.
 */
static int
md_dp_postfix(md_dp_t *dp, md_dx_t *dx)
{
	size_t off = dp->dp_lex.dl_off, npost;
	const md_dfunc_t *f = NULL;
	int ident = dp->dp_lex.dl_tok == MDT_IDENT, callee = 0, call, rv;
	int decided;

	md_dx_value(dx, off);
	if ((rv = md_dp_primary(dp, dx, &callee, &f)) != 0)
		return (rv < 0 ? -1 : 0);
	decided = dx->dx_kind != MD_KIND_UNKNOWN;
	for (npost = 0;; npost++) {
		if ((call = md_dp_is(dp, "(")) != 0) {
			if (md_dp_call(dp, dx, callee, f, off) != 0)
				return (-1);
		} else if (md_dp_is(dp, "++") || md_dp_is(dp, "--")) {
			if (md_dp_novoid(dp, dx) != 0)
				return (-1);
			md_dp_next(dp);
			dx->dx_call = NULL;
			dx->dx_lval = 0;
		} else if (md_dp_is(dp, "[") || md_dp_is(dp, ".") ||
		    md_dp_is(dp, "->")) {
			if (md_dp_novoid(dp, dx) != 0 || (md_dp_is(dp, "[") ?
			    md_dp_args(dp, "]", 0, NULL) < 0 :
			    md_dp_member(dp) != 0))
				return (-1);
			dx->dx_call = NULL;
			dx->dx_unary = 1;
			dx->dx_lval = 1;
		} else {
			break;
		}
		decided = npost == 0 && call;
		dx->dx_kind = decided && f != NULL ? (md_kind_t)f->df_result :
		    MD_KIND_UNKNOWN;
		callee = 0;
		f = NULL;
	}
	if (!decided && ident)
		dx->dx_kind = md_dp_varkind(dp, off);
	return (0);
}

/* Unary operators, sizeof, stringof; then postfix. */
static int
md_dp_unary(md_dp_t *dp, md_dx_t *dx)
{
	size_t off = dp->dp_lex.dl_off;
	int rv;

	if (md_dp_enter(dp) != 0)
		return (-1);
	if ((dp->dp_lex.dl_tok != MDT_OP && !dp->dp_lex.dl_kw) ||
	    md_dp_is(dp, "(")) {
		/* a name, a constant, ( ...: no unary operator */
		rv = md_dp_postfix(dp, dx);
	} else if (md_dp_is(dp, "++") || md_dp_is(dp, "--")) {
		md_dp_next(dp);
		rv = md_dp_unary(dp, dx) != 0 || md_dp_novoid(dp, dx) != 0 ?
		    -1 : 0;
		md_dx_value(dx, off);
		dx->dx_unary = 1;
	} else if (md_dp_is(dp, "&") || md_dp_is(dp, "*") ||
	    md_dp_is(dp, "+") || md_dp_is(dp, "-") || md_dp_is(dp, "~") ||
	    md_dp_is(dp, "!")) {
		int deref = md_dp_is(dp, "*"), number = md_dp_is(dp, "-") ||
		    md_dp_is(dp, "~") || md_dp_is(dp, "!");

		md_dp_next(dp);
		rv = md_dp_cast(dp, dx) != 0 || md_dp_novoid(dp, dx) != 0 ?
		    -1 : 0;
		md_dx_value(dx, off);
		dx->dx_unary = 1;
		dx->dx_lval = deref;
		if (number)
			dx->dx_kind = MD_KIND_NUMBER;
	} else if (md_dp_is(dp, "sizeof")) {
		md_dp_next(dp);
		if (md_dp_is(dp, "(") && md_dp_parentype(dp)) {
			md_dp_next(dp);
			rv = md_dp_typename(dp) != 0 ||
			    md_dp_expect(dp, ")") != 0 ? -1 : 0;
		} else {
			rv = md_dp_unary(dp, dx) != 0 ||
			    md_dp_novoid(dp, dx) != 0 ? -1 : 0;
		}
		md_dx_value(dx, off);
		dx->dx_unary = 1;
		dx->dx_kind = MD_KIND_NUMBER;
	} else if (md_dp_is(dp, "stringof")) {
		md_dp_next(dp);
		rv = md_dp_unary(dp, dx) != 0 || md_dp_novoid(dp, dx) != 0 ?
		    -1 : 0;
		md_dx_value(dx, off);
		dx->dx_unary = 1;
		dx->dx_kind = MD_KIND_STRING;
	} else {
		rv = md_dp_postfix(dp, dx);
	}
	dp->dp_depth--;
	return (rv);
}

/* ( type ) cast-expression, or a unary expression. */
static int
md_dp_cast(md_dp_t *dp, md_dx_t *dx)
{
	size_t off = dp->dp_lex.dl_off;

	if (!md_dp_is(dp, "(") || !md_dp_parentype(dp))
		return (md_dp_unary(dp, dx));
	if (md_dp_enter(dp) != 0)
		return (-1);
	md_dp_next(dp);
	if (md_dp_typename(dp) != 0 || md_dp_expect(dp, ")") != 0 ||
	    md_dp_cast(dp, dx) != 0 || md_dp_novoid(dp, dx) != 0)
		return (-1);
	md_dx_value(dx, off);
	dp->dp_depth--;
	return (0);
}

/* The precedence of the binary operator at hand (higher binds tighter). */
static int
md_dp_prec(const md_dp_t *dp)
{
	const md_dlex_t *dl = &dp->dp_lex;
	const char *t = md_dp_tok(dp);
	int two;

	if (dl->dl_tok != MDT_OP || dl->dl_toklen > 2)
		return (0);
	two = dl->dl_toklen == 2;
	if (two && t[1] != t[0] && t[1] != '=')
		return (0);
	switch (t[0]) {
	case '|':
		return (two ? (t[1] == '|' ? 1 : 0) : 4);
	case '^':
		return (two ? (t[1] == '^' ? 2 : 0) : 5);
	case '&':
		return (two ? (t[1] == '&' ? 3 : 0) : 6);
	case '=':
		return (two && t[1] == '=' ? 7 : 0);
	case '!':
		return (two ? 7 : 0);
	case '<':
	case '>':
		return (two && t[1] == t[0] ? 9 : 8);
	case '+':
	case '-':
		return (two ? 0 : 10);
	case '*':
	case '%':
		return (two ? 0 : 11);
	case '/':
		/* a '/' that ends a predicate is no division (dt_lex.l) */
		return (two || md_dlex_epred(dl) ? 0 : 11);
	default:
		return (0);
	}
}

/*
 * The kind of l OP r: a number, but that + and - (precedence 10) make a
 * number only of two numbers, and a string of a string and a number.
 */
static md_kind_t
md_dp_binkind(int prec, md_kind_t l, md_kind_t r)
{
	if (prec != 10 || (l == MD_KIND_NUMBER && r == MD_KIND_NUMBER))
		return (MD_KIND_NUMBER);
	if ((l == MD_KIND_STRING && r == MD_KIND_NUMBER) ||
	    (l == MD_KIND_NUMBER && r == MD_KIND_STRING))
		return (MD_KIND_STRING);
	return (MD_KIND_UNKNOWN);
}

static int
md_dp_binary(md_dp_t *dp, int minprec, md_dx_t *dx)
{
	md_kind_t l;
	md_dx_t r;
	int p;

	if (md_dp_cast(dp, dx) != 0)
		return (-1);
	while ((p = md_dp_prec(dp)) >= minprec && p > 0) {
		if (md_dp_novoid(dp, dx) != 0)
			return (-1);
		md_dp_next(dp);
		if (md_dp_binary(dp, p + 1, &r) != 0 ||
		    md_dp_novoid(dp, &r) != 0)
			return (-1);
		l = dx->dx_kind;
		md_dx_value(dx, dx->dx_off);
		dx->dx_kind = md_dp_binkind(p, l, r.dx_kind);
	}
	return (0);
}

/* C ? A : B; an action may be each branch of a statement's ternary. */
static int
md_dp_cond(md_dp_t *dp, md_dx_t *dx)
{
	size_t actok = dp->dp_actok;
	md_dx_t a, b;

	if (md_dp_binary(dp, 1, dx) != 0)
		return (-1);
	if (!md_dp_is(dp, "?"))
		return (0);
	if (md_dp_novoid(dp, dx) != 0 || md_dp_enter(dp) != 0)
		return (-1);
	md_dp_next(dp);
	if (actok == dx->dx_off)
		dp->dp_actok = dp->dp_lex.dl_off;
	if (md_dp_expr(dp, &a) != 0 || md_dp_expect(dp, ":") != 0)
		return (-1);
	if (actok == dx->dx_off)
		dp->dp_actok = dp->dp_lex.dl_off;
	if (md_dp_cond(dp, &b) != 0)
		return (-1);
	dp->dp_actok = actok;
	dp->dp_depth--;
	md_dx_value(dx, dx->dx_off);
	if (a.dx_kind == b.dx_kind)
		dx->dx_kind = a.dx_kind;
	return (0);
}

static int
md_dp_asgnop(const md_dp_t *dp)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "<<=",
		">>="
	};

	return (dp->dp_lex.dl_tok == MDT_OP && md_dp_oneof(dp, ops,
	    MD_NELEM(ops)));
}

/*
 * An assignment, or a conditional expression.  An aggregation is set
 * with '=' to the value of an aggregating function, and to nothing else.
 */
static int
md_dp_assign(md_dp_t *dp, md_dx_t *dx)
{
	size_t off = dp->dp_lex.dl_off, aggok = dp->dp_aggok, opoff, oplen;
	int plain;
	md_dx_t r;

	if (md_dp_cond(dp, dx) != 0)
		return (-1);
	if (!md_dp_asgnop(dp))
		return (0);
	if (!dx->dx_unary)
		return (md_dp_syntax(dp));
	if (md_dp_novoid(dp, dx) != 0 || md_dp_enter(dp) != 0)
		return (-1);
	opoff = dp->dp_lex.dl_off;
	oplen = dp->dp_lex.dl_toklen;
	if (!dx->dx_lval)
		(void) md_dp_sem(dp, opoff, "operator %.*s requires "
		    "modifiable lvalue as an operand", (int)oplen,
		    dp->dp_lex.dl_buf + opoff);
	plain = md_dp_is(dp, "=");
	md_dp_next(dp);
	if (dx->dx_agg) {
		if (!plain)
			(void) md_dp_sem(dp, opoff, "operator %.*s may not "
			    "be applied to an aggregation: set it with =",
			    (int)oplen, dp->dp_lex.dl_buf + opoff);
		dp->dp_aggok = dp->dp_lex.dl_off;
	}
	if (md_dp_assign(dp, &r) != 0)
		return (-1);
	dp->dp_aggok = aggok;
	if (dx->dx_agg && (r.dx_call == NULL ||
	    r.dx_call->df_kind != MD_DF_AGG))
		(void) md_dp_sem(dp, r.dx_off, "an aggregation must be "
		    "assigned the result of an aggregating function (count(), "
		    "sum(), quantize(), ...)");
	else if (md_dp_novoid(dp, &r) != 0)
		return (-1);
	dp->dp_depth--;
	md_dx_value(dx, off);
	return (0);
}

/* EXPR, EXPR, ...: no operand of a comma an action. */
static int
md_dp_expr(md_dp_t *dp, md_dx_t *dx)
{
	md_dx_t r;

	if (md_dp_assign(dp, dx) != 0)
		return (-1);
	while (md_dp_is(dp, ",")) {
		if (md_dx_action(dx))
			(void) md_dp_sem(dp, dx->dx_off, "operator , "
			    "operands cannot be actions");
		md_dp_next(dp);
		if (md_dp_assign(dp, &r) != 0)
			return (-1);
		if (md_dx_action(&r))
			(void) md_dp_sem(dp, r.dx_off, "operator , "
			    "operands cannot be actions");
		md_dx_value(dx, dx->dx_off);
	}
	return (0);
}

/* A statement's expression: an action may be the whole of it. */
static int
md_dp_stmtexpr(md_dp_t *dp)
{
	size_t actok = dp->dp_actok;
	md_dx_t dx;
	int rv;

	dp->dp_actok = dp->dp_lex.dl_off;
	rv = md_dp_expr(dp, &dx);
	dp->dp_actok = actok;
	return (rv);
}

/*
 * Is the control line at hand "#pragma D option pspec" (blanks apart)?
 * dtrace then reads every word of the outer scope as a probe
 * description, "int*x" too (md_dp_typestar()).
 */
static int
md_dp_pspecopt(const md_dp_t *dp)
{
	static const char *const words[] = { "pragma", "D", "option",
	    "pspec" };
	const char *b = dp->dp_lex.dl_buf;
	size_t i = dp->dp_lex.dl_off + 1, end = i - 1 + dp->dp_lex.dl_toklen;
	size_t k, n;

	for (k = 0; k <= MD_NELEM(words); k++) {
		while (i < end && b[i] != '\0' && strchr(" \t\f\v", b[i]))
			i++;
		for (n = 0; i + n < end && (b[i + n] == '\0' ||
		    strchr(" \t\f\v", b[i + n]) == NULL); n++)
			continue;
		if (k == MD_NELEM(words))
			return (n == 0);
		if (n != strlen(words[k]) || memcmp(b + i, words[k], n) != 0)
			return (0);
		i += n;
	}
	return (0);
}

/*
 * The control line at hand (md_dpragma.c): read and applied as dtrace
 * does, wherever dtrace's lexer meets one in a program.
 */
static int
md_dp_control(md_dp_t *dp)
{
	char msg[MD_ERRMSGLEN];
	size_t off;

	if (md_dpragma(dp->dp_lex.dl_buf, dp->dp_lex.dl_len,
	    dp->dp_lex.dl_off, &off, msg, sizeof (msg)) == 0) {
		dp->dp_pspec |= md_dp_pspecopt(dp);
		return (0);
	}
	return (md_dp_error(dp, off, "%s", msg));
}

/*
 * One statement of a clause: an expression, or (as illumos has them) if
 * ( EXPR ) STATEMENT-OR-BLOCK [ else STATEMENT-OR-BLOCK ].
 */
static int
md_dp_statement(md_dp_t *dp)
{
	md_dx_t dx;
	int i;

	if (md_dp_is(dp, "return")) {
		/* dtrace-utils: return (EXPR); (rawfbt, destructive) */
		md_dp_next(dp);
		if (!md_dp_is(dp, "("))
			return (md_dp_syntax(dp));
		return (md_dp_cast(dp, &dx) != 0 || md_dp_novoid(dp, &dx) != 0 ?
		    -1 : 0);
	}
	if (!md_dp_is(dp, "if"))
		return (md_dp_stmtexpr(dp));
	if (md_dp_enter(dp) != 0)
		return (-1);
	md_dp_next(dp);
	if (md_dp_expect(dp, "(") != 0 || md_dp_expr(dp, &dx) != 0 ||
	    md_dp_novoid(dp, &dx) != 0 || md_dp_expect(dp, ")") != 0)
		return (-1);
	for (i = 0; i < 2; i++) {
		if (md_dp_is(dp, "{")) {
			md_dp_next(dp);
			if (md_dp_statements(dp) != 0 ||
			    md_dp_expect(dp, "}") != 0)
				return (-1);
		} else if (md_dp_is(dp, "if")) {
			if (md_dp_statement(dp) != 0)
				return (-1);
		} else if (md_dp_is(dp, ";")) {
			md_dp_next(dp);
		} else if (md_dp_stmtexpr(dp) != 0 ||
		    md_dp_expect(dp, ";") != 0) {
			return (-1);
		}
		if (i == 1 || !md_dp_is(dp, "else"))
			break;
		md_dp_next(dp);
	}
	dp->dp_depth--;
	return (0);
}

/*
 * Statements up to the '}' at hand: each followed by ';' or by the '}'
 * (Oracle separates them; illumos ends each, but for the last).
 */
static int
md_dp_statements(md_dp_t *dp)
{
	while (!md_dp_is(dp, "}")) {
		if (md_dp_is(dp, ";")) {
			md_dp_next(dp);
			continue;
		}
		if (dp->dp_lex.dl_tok == MDT_EOF)
			return (md_dp_syntax(dp));
		if (md_dp_is(dp, "if")) {
			if (md_dp_statement(dp) != 0)
				return (-1);
			continue;
		}
		if (md_dp_statement(dp) != 0)
			return (-1);
		if (!md_dp_is(dp, "}") && md_dp_expect(dp, ";") != 0)
			return (-1);
	}
	return (0);
}

/* A predicate's expression: no action, and a '/' may end it. */
static int
md_dp_predicate(md_dp_t *dp)
{
	md_dx_t dx;
	int rv;

	dp->dp_inpred = 1;
	rv = md_dp_expr(dp, &dx) != 0 || md_dp_novoid(dp, &dx) != 0 ? -1 : 0;
	dp->dp_inpred = 0;
	return (rv);
}

/*
 * A probe given by its number: dtrace takes numbers from 1 to UINT_MAX
 * (dt_node_pdesc_by_id()); 0 names no probe on any system.
 */
static int
md_dp_probeid(md_dp_t *dp)
{
	const char *t = md_dp_tok(dp);
	size_t n = dp->dp_lex.dl_toklen, i = 0;
	unsigned long long v = 0;
	unsigned base = 10, d;

	if (n > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
		base = 16;
		i = 2;
	} else if (t[0] == '0') {
		base = 8;
	}
	/* the lexer took it: its digits suit the base, and it fits */
	for (; i < n && isxdigit((unsigned char)t[i]); i++) {
		d = isdigit((unsigned char)t[i]) ? (unsigned)(t[i] - '0') :
		    (unsigned)((t[i] | 0x20) - 'a' + 10);
		v = v * base + d;
	}
	if (v == 0)
		return (md_dp_error(dp, dp->dp_lex.dl_off, "invalid probe "
		    "identifier 0: Unknown probe identifier"));
	if (v > 0xffffffffULL)
		return (md_dp_error(dp, dp->dp_lex.dl_off, "identifier %llu "
		    "exceeds maximum probe id", v));
	return (0);
}

/*
 * Is the field [f, end) of a probe description one dtrace can take apart
 * (dtrace_xstr2desc())?  A '$' in it starts a macro to its end: $N or
 * $$N (an argument, which only the command line can judge), or $name or
 * $$name, where name is one of the macro variables every dtrace defines.
 */
static int
md_dp_pfield(const char *f, const char *end)
{
	static const char *const macros[] = { "egid", "euid", "gid", "pid",
	    "pgid", "ppid", "sid", "target", "uid" };
	const char *v = memchr(f, '$', (size_t)(end - f));
	size_t i, n;

	if (v == NULL)
		return (0);
	if (end - v > 2 && v[1] == '$')
		v++;
	if (end - v > 1 && isdigit((unsigned char)v[1]))
		return (0);
	n = (size_t)(end - v - 1);
	for (i = 0; i < MD_NELEM(macros); i++) {
		if (strlen(macros[i]) == n && memcmp(macros[i], v + 1, n) == 0)
			return (0);
	}
	return (-1);
}

/*
 * A probe description of the outer scope, the word at hand, taken apart
 * as dtrace_xstr2desc() does, from its last field to its first: a field
 * with an undefined macro, or a fifth field, is an error (dtrace's
 * D_PDESC_INVAL, found while it parses).  A leading ':' starts no field.
 */
static int
md_dp_pdesc(md_dp_t *dp)
{
	const char *t = md_dp_tok(dp), *end = t + dp->dp_lex.dl_toklen, *f;
	const char *why = NULL;
	int n;

	if (dp->dp_lex.dl_tok == MDT_INT)
		return (md_dp_probeid(dp));
	for (f = t, n = 0; f < end && *f != '$'; f++)
		n += *f == ':';
	if (f == end && n < 4)
		return (0);		/* no macro, four fields at most */
	for (n = 1; why == NULL; n++) {
		for (f = end; f > t && f[-1] != ':'; f--)
			continue;
		if (md_dp_pfield(f, end) != 0)
			why = "Undefined macro variable in probe description";
		else if (n > 4)
			why = "Overspecified probe description";
		else if (f == t || f - 1 == t)
			return (0);
		end = f - 1;
	}
	n = dp->dp_lex.dl_toklen > 200 ? 200 : (int)dp->dp_lex.dl_toklen;
	return (md_dp_error(dp, dp->dp_lex.dl_off, "invalid probe "
	    "description \"%.*s\": %s", n, t, why));
}

/* Probe descriptions (or numbers), separated by commas. */
static int
md_dp_pdescs(md_dp_t *dp)
{
	for (;;) {
		if (dp->dp_lex.dl_tok != MDT_PSPEC &&
		    dp->dp_lex.dl_tok != MDT_INT)
			return (md_dp_syntax(dp));
		if (md_dp_pdesc(dp) != 0)
			return (-1);
		md_dp_next(dp);
		if (!md_dp_is(dp, ","))
			return (0);
		md_dp_next(dp);
	}
}

/*
 * A probe clause: descriptions separated by commas, an optional
 * /predicate/, and { statements }.  The token after the '}' is of the
 * outer scope again.
 */
static int
md_dp_clause(md_dp_t *dp)
{
	md_dlex_t *dl = &dp->dp_lex;
	size_t first = dl->dl_off, slash;

	if (md_dp_pdescs(dp) != 0)
		return (-1);
	dl->dl_mode = MD_DL_EXPR;
	/* dtrace names the line of the predicate, or of the probe */
	if (md_dp_is(dp, "/")) {
		md_dp_next(dp);
		if (md_dp_predicate(dp) != 0)
			return (-1);
		if (!md_dp_is(dp, "/"))
			return (md_dp_syntax(dp));
		slash = dl->dl_off;
		md_dp_next(dp);
		if (!md_dp_is(dp, "{"))
			return (md_dp_error(dp, slash, "expected actions { } "
			    "following probe description and predicate"));
	} else if (dl->dl_tok == MDT_BAD) {
		return (md_dp_syntax(dp));
	} else if (!md_dp_is(dp, "{")) {
		return (md_dp_error(dp, first, "expected predicate and/or "
		    "actions following probe description"));
	}
	md_dp_next(dp);
	if (md_dp_statements(dp) != 0)
		return (-1);
	dl->dl_mode = MD_DL_OUTER;
	md_dp_next(dp);
	return (0);
}

/* inline TYPE NAME = EXPR; */
static int
md_dp_inline(md_dp_t *dp)
{
	md_dx_t dx;

	md_dp_next(dp);
	if (md_dp_specifiers(dp, 0) != 0 || md_dp_declarator(dp, 0) != 0 ||
	    md_dp_expect(dp, "=") != 0 || md_dp_assign(dp, &dx) != 0 ||
	    md_dp_novoid(dp, &dx) != 0)
		return (-1);
	return (md_dp_is(dp, ";") ? 0 : md_dp_syntax(dp));
}

/* translator TYPE < TYPE NAME > { MEMBER = EXPR; ... }; */
static int
md_dp_translator(md_dp_t *dp)
{
	md_dx_t dx;

	md_dp_next(dp);
	if (md_dp_typename(dp) != 0 || md_dp_expect(dp, "<") != 0 ||
	    md_dp_specifiers(dp, 0) != 0)
		return (-1);
	while (md_dp_is(dp, "*"))
		md_dp_next(dp);
	if (!md_dp_isname(dp))
		return (md_dp_syntax(dp));
	md_dp_next(dp);
	if (md_dp_expect(dp, ">") != 0 || md_dp_expect(dp, "{") != 0)
		return (-1);
	while (!md_dp_is(dp, "}")) {
		if (!md_dp_isname(dp))
			return (md_dp_syntax(dp));
		md_dp_next(dp);
		if (md_dp_expect(dp, "=") != 0 || md_dp_assign(dp, &dx) != 0 ||
		    md_dp_novoid(dp, &dx) != 0 || md_dp_expect(dp, ";") != 0)
			return (-1);
	}
	md_dp_next(dp);
	return (md_dp_is(dp, ";") ? 0 : md_dp_syntax(dp));
}

/* provider NAME { probe NAME(ARGS) [: (ARGS)]; ... }; */
static int
md_dp_provider(md_dp_t *dp)
{
	md_dp_next(dp);
	if (!md_dp_isname(dp))
		return (md_dp_syntax(dp));
	md_dp_next(dp);
	if (md_dp_expect(dp, "{") != 0)
		return (-1);
	while (!md_dp_is(dp, "}")) {
		if (!md_dp_is(dp, "probe"))
			return (md_dp_syntax(dp));
		md_dp_next(dp);
		if (!md_dp_isname(dp))
			return (md_dp_syntax(dp));
		md_dp_next(dp);
		if (!md_dp_is(dp, "("))
			return (md_dp_syntax(dp));
		if (md_dp_params(dp) != 0)
			return (-1);
		if (md_dp_is(dp, ":")) {
			md_dp_next(dp);
			if (!md_dp_is(dp, "("))
				return (md_dp_syntax(dp));
			if (md_dp_params(dp) != 0)
				return (-1);
		}
		if (md_dp_expect(dp, ";") != 0)
			return (-1);
	}
	md_dp_next(dp);
	return (md_dp_is(dp, ";") ? 0 : md_dp_syntax(dp));
}

/* A declaration: specifiers, then declarators, then ';'. */
static int
md_dp_declaration(md_dp_t *dp)
{
	if (md_dp_specifiers(dp, 1) != 0)
		return (-1);
	while (!md_dp_is(dp, ";")) {
		if (md_dp_declarator(dp, 0) != 0)
			return (-1);
		if (md_dp_is(dp, ";"))
			break;
		if (md_dp_expect(dp, ",") != 0)
			return (-1);
	}
	return (0);
}

/*
 * Does the word of the outer scope at hand start a declaration?  The
 * keywords do; so does a word that can be a type's name (nothing a probe
 * description has: no ':', '-', '.', '?', '*', '!', '`', '[', '$') when a
 * name, a '*' or a '(' follows it, as in "foo_t x;" or "foo_t (*p)[4];"
 * (no clause has a '(' after its probe).
 */
static int
md_dp_isdecl(const md_dp_t *dp)
{
	static const char *const outer[] = {
		"auto", "char", "const", "counter", "double", "enum", "extern",
		"float", "import", "inline", "int", "long", "provider",
		"register", "restrict", "self", "short", "signed", "static",
		"string", "struct", "this", "translator", "typedef", "union",
		"unsigned", "void", "volatile"
	};
	const md_dlex_t *dl = &dp->dp_lex;
	md_dlex_t after;
	size_t i;

	if (dl->dl_tok != MDT_PSPEC)
		return (0);
	if (md_dp_oneof(dp, outer, MD_NELEM(outer)))
		return (1);
	if (dl->dl_kw)
		return (0);	/* not a type's name: a probe, in S2 */
	for (i = 0; i < dl->dl_toklen; i++) {
		if (strchr(":-.?*!`[]$\\", md_dp_tok(dp)[i]) != NULL)
			return (0);
	}
	if (md_dp_is(dp, "BEGIN") || md_dp_is(dp, "END") ||
	    md_dp_is(dp, "ERROR"))
		return (0);
	after = *dl;
	after.dl_mode = MD_DL_EXPR;
	return (md_dp_ahead(&after) == MDT_IDENT || md_dlex_is(&after, "*") ||
	    md_dlex_is(&after, "("));
}

/*
 * A word of the outer scope with a '*' in it, "int*x": dtrace reads a
 * type's name before the '*' (one of D's, these words; it looks the name
 * up), if the word has nothing else a probe description has and option
 * pspec is not set, and reads on as a declaration; but the type it then
 * looks up is the whole word, which it has none of (D_UNKNOWN, once the
 * declarator is read).  The length of the type's name, or 0 for a probe
 * description.
 */
static size_t
md_dp_typestar(const md_dp_t *dp)
{
	static const char *const types[] = {
		"char", "double", "float", "int", "long", "short", "signed",
		"string", "unsigned", "void"
	};
	const char *t = md_dp_tok(dp), *star;
	size_t n = dp->dp_lex.dl_toklen, k, len;

	if (dp->dp_lex.dl_tok != MDT_PSPEC || dp->dp_pspec ||
	    (star = memchr(t, '*', n)) == NULL)
		return (0);
	for (k = 0; k < n; k++) {
		if (strchr(":-.?!`", t[k]) != NULL)
			return (0);
	}
	len = (size_t)(star - t);
	for (k = 0; k < MD_NELEM(types); k++) {
		if (strlen(types[k]) == len && memcmp(types[k], t, len) == 0)
			return (len);
	}
	return (0);
}

/*
 * The declaration a word read as "int*x" starts (md_dp_typestar()): its
 * type's name is the word's first len bytes, the declarators follow from
 * the '*', and dtrace refuses the type, the whole word, once the first
 * declarator is read.
 */
static int
md_dp_starred(md_dp_t *dp, size_t len)
{
	md_dlex_t *dl = &dp->dp_lex;
	size_t off = dl->dl_off, n = dl->dl_toklen > 200 ? 200 : dl->dl_toklen;

	dl->dl_pos = off + len;
	dl->dl_toklen = len;
	dl->dl_kw = 1;
	md_dp_next(dp);
	if (md_dp_declarator(dp, 0) != 0)
		return (-1);
	if (!md_dp_is(dp, ";") && !md_dp_is(dp, ","))
		return (md_dp_syntax(dp));
	(void) md_dp_sem(dp, dl->dl_off, "failed to resolve type %.*s: "
	    "Unknown type name", (int)n, dl->dl_buf + off);
	while (!md_dp_is(dp, ";")) {
		if (md_dp_expect(dp, ",") != 0 ||
		    md_dp_declarator(dp, 0) != 0)
			return (-1);
	}
	return (0);
}

/* A program: clauses, declarations and definitions, control lines. */
static int
md_dp_program(md_dp_t *dp)
{
	md_dlex_t *dl = &dp->dp_lex;
	size_t n = 0, star;

	dl->dl_mode = MD_DL_OUTER;
	md_dp_next(dp);
	while (dl->dl_tok != MDT_EOF) {
		n++;
		star = md_dp_typestar(dp);
		if (star == 0 && !md_dp_isdecl(dp)) {
			if (md_dp_clause(dp) != 0)
				return (-1);
			continue;
		}
		/* the rest of a declaration reads as expressions do */
		dl->dl_mode = MD_DL_EXPR;
		if (dl->dl_tok == MDT_PSPEC)
			dl->dl_tok = MDT_IDENT;
		if (star > 0) {
			if (md_dp_starred(dp, star) != 0)
				return (-1);
		} else if (md_dp_is(dp, "inline")) {
			if (md_dp_inline(dp) != 0)
				return (-1);
		} else if (md_dp_is(dp, "translator")) {
			if (md_dp_translator(dp) != 0)
				return (-1);
		} else if (md_dp_is(dp, "provider")) {
			if (md_dp_provider(dp) != 0)
				return (-1);
		} else if (md_dp_is(dp, "counter") || md_dp_is(dp, "import")) {
			return (md_dp_syntax(dp));
		} else if (md_dp_declaration(dp) != 0) {
			return (-1);
		}
		dl->dl_mode = MD_DL_OUTER;
		md_dp_next(dp);
	}
	if (n == 0)
		return (md_dp_error(dp, dl->dl_off, "empty D program "
		    "translation unit"));
	return (0);
}

/* Probe descriptions, alone: words of the outer scope, and commas. */
static int
md_dp_probe(md_dp_t *dp)
{
	md_dlex_t *dl = &dp->dp_lex;

	dl->dl_mode = MD_DL_OUTER;
	md_dp_next(dp);
	if (md_dp_pdescs(dp) != 0)
		return (-1);
	return (dl->dl_tok == MDT_EOF ? 0 : md_dp_syntax(dp));
}

/*
 * A piece of a metric in its context, from its first token: an index, a
 * type, an aggregating function, a predicate, an aggregation's key, or an
 * expression that is a value.
 */
static int
md_dp_piece(md_dp_t *dp, md_dctx_t ctx)
{
	md_dx_t dx;
	int rv;

	switch (ctx) {
	case MD_DC_INDEX:
		if (!md_dp_is(dp, "["))
			return (md_dp_syntax(dp));
		return (md_dp_args(dp, "]", 0, NULL) < 0 ? -1 : 0);
	case MD_DC_TYPE:
		/* the type of "this TYPE NAME;" */
		rv = md_dp_specifiers(dp, 0);
		while (rv == 0 && md_dp_is(dp, "*"))
			md_dp_next(dp);
		return (rv);
	case MD_DC_AGGFUNC:
		/* the value of "@[...] = FUNCTION;" */
		dp->dp_aggok = dp->dp_lex.dl_off;
		if ((rv = md_dp_assign(dp, &dx)) == 0 && (dx.dx_call == NULL ||
		    dx.dx_call->df_kind != MD_DF_AGG))
			rv = md_dp_sem(dp, dx.dx_off, "an aggregation must be "
			    "assigned the result of an aggregating function "
			    "(count(), sum(), quantize(), ...)");
		return (rv);
	case MD_DC_PRED:
		return (md_dp_predicate(dp));
	case MD_DC_KEY:
		/* an aggregation's key: stack() and its kin may be it */
		dp->dp_keyok = dp->dp_lex.dl_off;
		if ((rv = md_dp_expr(dp, &dx)) == 0 && (dx.dx_call == NULL ||
		    dx.dx_call->df_kind != MD_DF_KEYACT))
			rv = md_dp_novoid(dp, &dx);
		return (rv);
	default:
		if ((rv = md_dp_expr(dp, &dx)) == 0)
			rv = md_dp_novoid(dp, &dx);
		return (rv);
	}
}

static void
md_dp_init(md_dp_t *dp, const char *text, size_t len, unsigned maxdepth)
{
	(void) memset(dp, 0, sizeof (*dp));
	md_dlex_init(&dp->dp_lex, text, len);
	dp->dp_aggok = MD_DNONE;
	dp->dp_actok = MD_DNONE;
	dp->dp_keyok = MD_DNONE;
	dp->dp_maxdepth = maxdepth;
}

/*
 * Where dtrace names a fault at off: off, but on the line dtrace counts,
 * less the newlines its lexer passed over uncounted before off, looking
 * for a member's name (md_dlex.c, dl_lost).  On that line, the '.' or
 * '->' whose name was missing, if it is there; else the line's start.
 */
static size_t
md_dp_dtplace(const md_dp_t *dp, size_t off)
{
	const md_dlex_t *dl = &dp->dp_errlex;
	const char *b = dl->dl_buf;
	size_t lost = dl->dl_lost, at = off, end;

	if (off < dl->dl_lostfrom)
		lost -= dl->dl_lastlost;
	if (lost == 0)
		return (off);
	for (;;) {
		while (at > 0 && b[at - 1] != '\n')
			at--;
		if (at == 0 || lost-- == 0)
			break;
		at--;
	}
	for (end = at; end < dl->dl_len && b[end] != '\n'; end++)
		continue;
	return (dl->dl_lostop >= at && dl->dl_lostop < end ? dl->dl_lostop :
	    at);
}

/*
 * Parse len bytes of D in context ctx.  Returns 0, or -1 with the message
 * in msg (msglen bytes) and the offset of the fault in *offp.
 */
int
md_dparse(const char *text, size_t len, md_dctx_t ctx, size_t *offp,
    char *msg, size_t msglen)
{
	md_dp_t dp;
	int rv;

	md_dp_init(&dp, text, len, MD_DMAXDEPTH);
	dp.dp_msg = msg;
	dp.dp_msglen = msglen;
	if (ctx == MD_DC_PROGRAM) {
		dp.dp_program = 1;
		rv = md_dp_program(&dp);
	} else if (ctx == MD_DC_PROBE) {
		rv = md_dp_probe(&dp);
	} else {
		md_dp_next(&dp);
		rv = md_dp_piece(&dp, ctx);
		if (rv == 0 && dp.dp_lex.dl_tok != MDT_EOF)
			rv = md_dp_syntax(&dp);
	}
	if (rv == 0 && (dp.dp_failed || dp.dp_semfailed))
		rv = -1;
	if (rv != 0 && offp != NULL)
		*offp = md_dp_dtplace(&dp, dp.dp_erroff);
	return (rv);
}

/*
 * The kind of len bytes of D, an expression, from nesting depth; var,
 * if not NULL, knows some variables (with arg).  Errors of meaning are
 * let pass: they do not change what the text is.
 */
md_kind_t
md_dparse_kind(const char *text, size_t len, unsigned depth,
    md_dkindvar_f var, const void *arg)
{
	md_dp_t dp;
	md_dx_t dx;

	md_dp_init(&dp, text, len, MD_KIND_MAXDEPTH);
	dp.dp_depth = depth;
	dp.dp_kinds = 1;
	dp.dp_var = var;
	dp.dp_vararg = arg;
	md_dp_next(&dp);
	if (md_dp_expr(&dp, &dx) != 0 || dp.dp_failed || dp.dp_nokind ||
	    dp.dp_lex.dl_tok != MDT_EOF)
		return (MD_KIND_UNKNOWN);
	return (dx.dx_kind);
}

/*
 * md_dlex.c: the tokens of D.
 *
 * A lexer for D as libdtrace's dt_lex.l reads it, in two of its states:
 * the outer scope of a program (probe descriptions and the first word of a
 * declaration: MD_DL_OUTER, dt_lex.l's S2) and expressions (clause bodies,
 * predicates, the rest of a declaration: MD_DL_EXPR, S0).  The parser says
 * which it wants before each token.
 *
 *	identifiers	[a-zA-Z_`][0-9a-zA-Z_`]* (keywords are identifiers
 *			here; the parser knows them)
 *	integers	decimal, octal or hex, [uU]?[lL]?[lL]?; "08" has an
 *			invalid digit; past 2^64 it overflows
 *	floating point	refused, as D has none: "1.5", ".5", "1e3", "1f"
 *	strings		"..." with escapes, ending before a newline
 *	characters	'...', not empty, at most 8 bytes, an integer
 *	aggregations	@name, or @ alone
 *	macros		$1, $$1, $target, $$target
 *	probe words	(outer) [-$:a-zA-Z_.?*\[\]!][-$:0-9a-zA-Z_.`?*\[\]!]*
 *	control lines	# at the start of a line, to its end (#pragma ...);
 *			#! lines are skipped
 *	comments	/ * ... * /, not nested; "//" is no comment, as D
 *			read without cpp has none (dt_lex.l): it is two '/'
 *
 * What D does not have is one MDT_BAD token whose dl_why says why, in
 * dtrace's words.  The lexer never allocates: a token is a kind and a span
 * of the text.
 */

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "md_impl.h"

/*
 * The length of the operator at b (left bytes), the longest that matches,
 * or 0: ( ) [ ] { } . , ; : ? ! ~ + - * / % & | ^ < > = and -> ++ -- <<
 * >> <= >= == != && || ^^ += -= *= /= %= &= |= ^= <<= >>= ...
 */
static size_t
md_dlex_oplen(const char *b, size_t left)
{
	char c = b[0], d = left > 1 ? b[1] : '\0';

	switch (c) {
	case '(': case ')': case '[': case ']': case '{': case '}':
	case ',': case ';': case ':': case '?': case '~':
		return (1);
	case '.':
		return (left > 2 && d == '.' && b[2] == '.' ? 3 : 1);
	case '<':
	case '>':
		if (d == c)
			return (left > 2 && b[2] == '=' ? 3 : 2);
		return (d == '=' ? 2 : 1);
	case '-':
		return (d == '>' || d == '-' || d == '=' ? 2 : 1);
	case '+':
	case '&':
	case '|':
	case '^':
		return (d == c || d == '=' ? 2 : 1);
	case '=':
	case '!':
	case '*':
	case '/':
	case '%':
		return (d == '=' ? 2 : 1);
	default:
		return (0);
	}
}

static md_dtok_t md_dlex_count(md_dlex_t *, char);

/*
 * Is the name of n bytes at s one of D's keywords (dt_lex.l)?  Those of
 * its length are compared: a name that is none needs no look in the
 * parser's lists of words.
 */
static int
md_dlex_iskeyword(const char *s, size_t n)
{
	static const char *const kw2[] = { "do", "if", NULL };
	static const char *const kw3[] = { "for", "int", NULL };
	static const char *const kw4[] = { "auto", "case", "char", "else",
	    "enum", "goto", "long", "self", "this", "void", NULL };
	static const char *const kw5[] = { "break", "const", "float", "probe",
	    "short", "union", "while", "xlate", NULL };
	static const char *const kw6[] = { "double", "extern", "import",
	    "inline", "return", "signed", "sizeof", "static", "string",
	    "struct", "switch", NULL };
	static const char *const kw7[] = { "counter", "default", "typedef",
	    NULL };
	static const char *const kw8[] = { "continue", "offsetof", "provider",
	    "register", "restrict", "stringof", "unsigned", "userland",
	    "volatile", NULL };
	static const char *const kw10[] = { "translator", NULL };
	static const char *const *const bylen[] = { NULL, NULL, kw2, kw3, kw4,
	    kw5, kw6, kw7, kw8, NULL, kw10 };
	const char *const *k;

	if (n >= sizeof (bylen) / sizeof (bylen[0]) || bylen[n] == NULL ||
	    s[0] < 'a' || s[0] > 'x')
		return (0);
	for (k = bylen[n]; *k != NULL; k++) {
		if ((*k)[0] == s[0] && memcmp(*k, s, n) == 0)
			return (1);
	}
	return (0);
}

/*
 * Character classes, one table lookup each: digits, what starts a name
 * ([A-Za-z_`]), what starts a probe word of the outer scope (RGX_PSPEC:
 * [-$:A-Za-z_.?*\\[]!], and then digits and ` too), blanks, white space.
 */
#define	CL_DIGIT	0x01
#define	CL_NAME		0x02
#define	CL_PSPEC	0x04
#define	CL_BLANK	0x08
#define	CL_SPACE	0x10
#define	CL_LETTER	(CL_NAME | CL_PSPEC)
#define	L(c)		[c] = CL_LETTER

static const unsigned char md_dlex_class[256] = {
	L('a'), L('b'), L('c'), L('d'), L('e'), L('f'), L('g'), L('h'),
	L('i'), L('j'), L('k'), L('l'), L('m'), L('n'), L('o'), L('p'),
	L('q'), L('r'), L('s'), L('t'), L('u'), L('v'), L('w'), L('x'),
	L('y'), L('z'), L('A'), L('B'), L('C'), L('D'), L('E'), L('F'),
	L('G'), L('H'), L('I'), L('J'), L('K'), L('L'), L('M'), L('N'),
	L('O'), L('P'), L('Q'), L('R'), L('S'), L('T'), L('U'), L('V'),
	L('W'), L('X'), L('Y'), L('Z'), L('_'),
	['0'] = CL_DIGIT, ['1'] = CL_DIGIT, ['2'] = CL_DIGIT,
	['3'] = CL_DIGIT, ['4'] = CL_DIGIT, ['5'] = CL_DIGIT,
	['6'] = CL_DIGIT, ['7'] = CL_DIGIT, ['8'] = CL_DIGIT,
	['9'] = CL_DIGIT,
	['`'] = CL_NAME,
	['-'] = CL_PSPEC, ['$'] = CL_PSPEC, [':'] = CL_PSPEC,
	['.'] = CL_PSPEC, ['?'] = CL_PSPEC, ['*'] = CL_PSPEC,
	['\\'] = CL_PSPEC, ['['] = CL_PSPEC, [']'] = CL_PSPEC,
	['!'] = CL_PSPEC,
	[' '] = CL_BLANK | CL_SPACE, ['\t'] = CL_BLANK | CL_SPACE,
	['\f'] = CL_BLANK | CL_SPACE, ['\v'] = CL_BLANK | CL_SPACE,
	['\n'] = CL_SPACE, ['\r'] = CL_SPACE
};

#undef	L

#define	MD_CL(c)	(md_dlex_class[(unsigned char)(c)])

static int
md_dlex_isdigit(char c)
{
	return ((MD_CL(c) & CL_DIGIT) != 0);
}

static int
md_dlex_isident(char c, int first)
{
	return ((MD_CL(c) & (first ? CL_NAME : CL_NAME | CL_DIGIT)) != 0);
}

/* A character of a probe word in the outer scope (RGX_PSPEC). */
static int
md_dlex_ispspec(char c, int first)
{
	return ((MD_CL(c) & (first ? CL_PSPEC : CL_PSPEC | CL_DIGIT |
	    CL_NAME)) != 0);
}

static int
md_dlex_isblank(char c)
{
	return ((MD_CL(c) & CL_BLANK) != 0);
}

static int
md_dlex_isspace(char c)
{
	return ((MD_CL(c) & CL_SPACE) != 0);
}

void
md_dlex_init(md_dlex_t *dl, const char *text, size_t len)
{
	(void) memset(dl, 0, sizeof (*dl));
	dl->dl_buf = text;
	dl->dl_len = len;
	dl->dl_tok = MDT_EOF;
	dl->dl_mode = MD_DL_EXPR;
}

/* Where the run of characters that in() takes, from from, ends. */
static size_t
md_dlex_span(const md_dlex_t *dl, size_t from, int (*in)(char, int))
{
	size_t i = from;

	while (i < dl->dl_len && in(dl->dl_buf[i], 0))
		i++;
	return (i);
}

static md_dtok_t
md_dlex_bad(md_dlex_t *dl, size_t end, const char *why)
{
	dl->dl_pos = end;
	dl->dl_why = why;
	return (MDT_BAD);
}

/* The length of [0-9]+ (digits) or of what hexdigits take, from i. */
static size_t
md_dlex_digits(const md_dlex_t *dl, size_t i, int hex)
{
	size_t n = 0;

	for (; i + n < dl->dl_len; n++) {
		char c = dl->dl_buf[i + n];

		if (!(md_dlex_isdigit(c) || (hex && ((c >= 'a' && c <= 'f') ||
		    (c >= 'A' && c <= 'F')))))
			break;
	}
	return (n);
}

/*
 * How long a floating-point constant at i would be (dt_lex.l's RGX_FP:
 * digits with an optional point and digits, or a point and digits, then
 * an optional exponent, then an optional f or l), or 0.
 */
static size_t
md_dlex_fplen(const md_dlex_t *dl, size_t i)
{
	const char *b = dl->dl_buf;
	size_t p = i, n = md_dlex_digits(dl, i, 0), e;

	p += n;
	if (p < dl->dl_len && b[p] == '.') {
		size_t f = md_dlex_digits(dl, p + 1, 0);

		if (n == 0 && f == 0)
			return (0);
		p += 1 + f;
	} else if (n == 0) {
		return (0);
	}
	if (p < dl->dl_len && (b[p] == 'e' || b[p] == 'E')) {
		e = p + 1;
		if (e < dl->dl_len && (b[e] == '+' || b[e] == '-'))
			e++;
		if (md_dlex_digits(dl, e, 0) > 0)
			p = e + md_dlex_digits(dl, e, 0);
	}
	if (p < dl->dl_len && strchr("fFlL", b[p]) != NULL)
		p++;
	return (p - i);
}

/*
 * A number: the longer of an integer (RGX_INT) and a floating-point
 * constant, which D refuses; an integer's digits must suit its base and
 * its value fit in 64 bits.
 */
static md_dtok_t
md_dlex_number(md_dlex_t *dl, size_t start)
{
	const char *s = dl->dl_buf + start;
	size_t left = dl->dl_len - start, n, i, fp;
	int hex = left > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    md_dlex_digits(dl, start + 2, 1) > 0;
	uint64_t v = 0;
	unsigned base = hex ? 16 : s[0] == '0' ? 8 : 10;

	n = hex ? 2 + md_dlex_digits(dl, start + 2, 1) :
	    md_dlex_digits(dl, start, 0);
	/* [uU]?[lL]?[lL]? */
	i = n;
	if (i < left && (s[i] == 'u' || s[i] == 'U'))
		i++;
	if (i < left && (s[i] == 'l' || s[i] == 'L'))
		i++;
	if (i < left && (s[i] == 'l' || s[i] == 'L'))
		i++;
	/* the outer scope has no floating point to refuse: 1.5 is 1, .5 */
	fp = hex || dl->dl_mode != MD_DL_EXPR ? 0 : md_dlex_fplen(dl, start);
	if (fp > i)
		return (md_dlex_bad(dl, start + fp, "floating-point constants "
		    "are not permitted"));
	dl->dl_pos = start + i;
	for (i = hex ? 2 : 0; i < n; i++) {
		unsigned d = md_dlex_isdigit(s[i]) ? (unsigned)(s[i] - '0') :
		    (unsigned)((s[i] | 0x20) - 'a' + 10);

		if (d >= base) {
			dl->dl_why = "invalid digit";
			return (MDT_BAD);
		}
		if (v > (UINT64_MAX - d) / base) {
			dl->dl_why = "integer overflow";
			return (MDT_BAD);
		}
		v = v * base + d;
	}
	return (MDT_INT);
}

/*
 * The length of a symbol whose module's name starts with the digit at i
 * (RGX_IDENT's second form, [0-9][0-9a-zA-Z_]*`[0-9a-zA-Z_`]*, longer than
 * any number there), or 0.
 */
static size_t
md_dlex_symlen(const md_dlex_t *dl, size_t i)
{
	size_t j = i;

	if (dl->dl_mode != MD_DL_EXPR)
		return (0);
	while (j < dl->dl_len && md_dlex_isident(dl->dl_buf[j], 0) &&
	    dl->dl_buf[j] != '`')
		j++;
	if (j == dl->dl_len || dl->dl_buf[j] != '`')
		return (0);
	return (md_dlex_span(dl, j, md_dlex_isident) - i);
}

/*
 * A string or character literal from its opening quote q, as RGX_STR and
 * RGX_CHR: it ends at q, and a newline before it is an error; a '\' that
 * escapes no character (before a newline, at the end) leaves the quote a
 * syntax error.  A character constant holds 1 to 8 bytes once its escapes
 * are read.
 */
static md_dtok_t
md_dlex_quoted(md_dlex_t *dl, size_t start, char q)
{
	const char *b = dl->dl_buf;
	size_t i = start + 1, bytes = 0;

	while (i < dl->dl_len && b[i] != q && b[i] != '\n') {
		bytes++;
		if (b[i] == '\\' && (i + 1 == dl->dl_len || b[i + 1] == '\n'))
			break;		/* no escape: the quote is an error */
		if (b[i] == '\\') {
			i++;
			if (b[i] >= '0' && b[i] <= '7') {
				size_t k;

				for (k = 1; k < 3 && i + 1 < dl->dl_len &&
				    b[i + 1] >= '0' && b[i + 1] <= '7'; k++)
					i++;
			} else if (b[i] == 'x') {
				i += md_dlex_digits(dl, i + 1, 1);
			} else if (strchr("abfnrtv\"\\", b[i]) == NULL) {
				bytes++;	/* kept: backslash and char */
			}
		}
		i++;
	}
	if (i < dl->dl_len && b[i] == '\\')
		return (md_dlex_bad(dl, start + 1, "syntax error"));
	if (i < dl->dl_len && b[i] == '\n') {
		/* dtrace has read the newline: it names the next line */
		dl->dl_off = i + 1;
		return (md_dlex_bad(dl, i + 1, q == '"' ? "newline encountered "
		    "in string literal" : "newline encountered in character "
		    "constant"));
	}
	if (i == dl->dl_len)
		return (md_dlex_bad(dl, start + 1, "syntax error"));
	dl->dl_pos = i + 1;
	if (q == '"')
		return (MDT_STRING);
	if (bytes == 0)
		return (md_dlex_bad(dl, i + 1, "empty character constant"));
	if (bytes > 8)
		return (md_dlex_bad(dl, i + 1, "character constant is too "
		    "long"));
	return (MDT_INT);
}

/* Is the '#' at i the first thing but blanks on its line? */
static int
md_dlex_linestart(const md_dlex_t *dl, size_t i)
{
	while (i > 0 && md_dlex_isblank(dl->dl_buf[i - 1]))
		i--;
	return (i == 0 || dl->dl_buf[i - 1] == '\n');
}

/*
 * The comment that opens at i: where it ends, or an error (one
 * unclosed, or another opened in it) and (size_t)-1.
 */
static size_t
md_dlex_comment(md_dlex_t *dl, size_t i)
{
	const char *b = dl->dl_buf;
	size_t k;

	for (k = i + 2; k + 1 < dl->dl_len; k++) {
		if (b[k] == '/' && b[k + 1] == '*') {
			dl->dl_off = k;
			dl->dl_why = "/* encountered inside a comment";
			return ((size_t)-1);
		}
		if (b[k] == '*' && b[k + 1] == '/')
			return (k + 2);
	}
	dl->dl_off = dl->dl_len;
	dl->dl_why = "end-of-file encountered before matching */";
	return ((size_t)-1);
}

/*
 * Skip white space, comments and #! lines from i.  Returns where the next
 * token starts, or sets an error (an unclosed comment) and returns
 * (size_t)-1.
 */
static size_t
md_dlex_skip(md_dlex_t *dl, size_t i)
{
	const char *b = dl->dl_buf;

	for (;;) {
		while (i < dl->dl_len && (md_dlex_isspace(b[i]) ||
		    (b[i] == '\\' && i + 1 < dl->dl_len && b[i + 1] == '\n' &&
		    dl->dl_mode == MD_DL_EXPR)))
			i += b[i] == '\\' ? 2 : 1;
		if (i + 1 < dl->dl_len && b[i] == '/' && b[i + 1] == '*') {
			if ((i = md_dlex_comment(dl, i)) == (size_t)-1)
				return (i);
			continue;
		}
		if (i + 1 < dl->dl_len && b[i] == '#' && b[i + 1] == '!' &&
		    md_dlex_linestart(dl, i)) {
			while (i < dl->dl_len && b[i] != '\n')
				i++;
			continue;
		}
		return (i);
	}
}

/*
 * A member's name, after '.' or '->' (dt_lex.l's SIDENT): a name or a $N
 * macro.  What comes before it is passed over, as dtrace's lexer does,
 * and the newlines in it are not counted, as dtrace counts none (dl_lost
 * and its kin keep them, for the line dtrace names), but for those in
 * comments.  At the end, MDT_EOF.
 */
static md_dtok_t
md_dlex_member(md_dlex_t *dl)
{
	const char *b = dl->dl_buf;
	size_t i = dl->dl_pos, from = dl->dl_pos, op = dl->dl_off, lost = 0;

	while (i < dl->dl_len && !md_dlex_isident(b[i], 1) && (b[i] != '$' ||
	    i + 1 == dl->dl_len || !md_dlex_isdigit(b[i + 1]))) {
		if (b[i] == '/' && i + 1 < dl->dl_len && b[i + 1] == '*') {
			if ((i = md_dlex_comment(dl, i)) == (size_t)-1) {
				dl->dl_pos = dl->dl_len;
				dl->dl_toklen = 0;
				return (dl->dl_tok = MDT_BAD);
			}
			continue;
		}
		lost += b[i++] == '\n';
	}
	if (lost > 0) {
		dl->dl_lost += lost;
		dl->dl_lastlost = lost;
		dl->dl_lostfrom = from;
		dl->dl_lostop = op;
	}
	dl->dl_pos = i;
	dl->dl_off = i;
	dl->dl_kw = 0;			/* SIDENT has no keywords */
	if (i == dl->dl_len) {
		dl->dl_tok = MDT_EOF;
	} else if (b[i] == '$') {
		dl->dl_pos = i + 1 + md_dlex_digits(dl, i + 1, 0);
		dl->dl_tok = MDT_MACRO;
	} else {
		dl->dl_pos = md_dlex_span(dl, i, md_dlex_isident);
		dl->dl_tok = MDT_IDENT;
	}
	dl->dl_toklen = dl->dl_pos - dl->dl_off;
	return (dl->dl_tok);
}

/*
 * The token at i, where a token of an expression starts (neither the
 * end, nor a control line, nor a word of the outer scope): its kind, and
 * dl_pos past it.
 */
static md_dtok_t
md_dlex_token(md_dlex_t *dl, size_t i)
{
	const char *b = dl->dl_buf;
	size_t k, n;

	if (md_dlex_isident(b[i], 1) || (md_dlex_isdigit(b[i]) &&
	    md_dlex_symlen(dl, i) > 0)) {
		dl->dl_pos = md_dlex_span(dl, i, md_dlex_isident);
		return (MDT_IDENT);
	}
	if (md_dlex_isdigit(b[i]) || (b[i] == '.' && i + 1 < dl->dl_len &&
	    md_dlex_isdigit(b[i + 1])))
		return (md_dlex_number(dl, i));
	if (b[i] == '"' || b[i] == '\'')
		return (md_dlex_quoted(dl, i, b[i]));
	if (b[i] == '@') {
		/* @name, or @ alone */
		k = i + 1 < dl->dl_len && md_dlex_isident(b[i + 1], 1) &&
		    b[i + 1] != '`' ? md_dlex_span(dl, i + 1,
		    md_dlex_isident) : i + 1;
		dl->dl_pos = k;
		return (MDT_AGG);
	}
	if (b[i] == '$') {
		/* $1, $$1, $target, $$target */
		k = i + 1 + (i + 1 < dl->dl_len && b[i + 1] == '$');
		dl->dl_pos = md_dlex_span(dl, k, md_dlex_isident);
		return (dl->dl_pos > k ? MDT_MACRO : md_dlex_bad(dl, i + 1,
		    "syntax error"));
	}
	if ((n = md_dlex_oplen(b + i, dl->dl_len - i)) > 0) {
		dl->dl_pos = i + n;
		return (n == 1 && (b[i] == '(' || b[i] == ')' || b[i] == '[' ||
		    b[i] == ']' || b[i] == '{' || b[i] == '}' || b[i] == '/') ?
		    md_dlex_count(dl, b[i]) : MDT_OP);
	}
	return (md_dlex_bad(dl, i + 1, "syntax error"));
}

/*
 * The next token: its kind is returned and kept in dl_tok, its text is
 * dl_buf + dl_off, dl_toklen bytes.  At the end, MDT_EOF, again and again.
 */
md_dtok_t
md_dlex_next(md_dlex_t *dl)
{
	const char *b = dl->dl_buf;
	size_t i, k;
	md_dtok_t t;

	dl->dl_why = NULL;
	if (dl->dl_mode == MD_DL_MEMBER)
		return (md_dlex_member(dl));
	if ((i = md_dlex_skip(dl, dl->dl_pos)) == (size_t)-1) {
		dl->dl_pos = dl->dl_len;
		dl->dl_toklen = 0;
		return (dl->dl_tok = MDT_BAD);
	}
	dl->dl_off = i;
	if (i == dl->dl_len) {
		t = MDT_EOF;
		dl->dl_pos = i;
	} else if (b[i] == '#' && md_dlex_linestart(dl, i)) {
		/* a control line, to its end */
		for (k = i; k < dl->dl_len && b[k] != '\n'; k++)
			continue;
		dl->dl_pos = k;
		t = MDT_CTL;
	} else if (dl->dl_mode == MD_DL_OUTER && !md_dlex_isdigit(b[i]) &&
	    md_dlex_ispspec(b[i], 1)) {
		dl->dl_pos = md_dlex_span(dl, i + 1, md_dlex_ispspec);
		t = MDT_PSPEC;
	} else if (dl->dl_mode == MD_DL_OUTER && !md_dlex_isdigit(b[i]) &&
	    b[i] != '{' && b[i] != '/' && b[i] != ',') {
		/* the outer scope has no other token */
		t = md_dlex_bad(dl, i + 1, "syntax error");
	} else {
		t = md_dlex_token(dl, i);
	}
	dl->dl_toklen = dl->dl_pos - dl->dl_off;
	dl->dl_kw = (t == MDT_IDENT || t == MDT_PSPEC) &&
	    md_dlex_iskeyword(b + dl->dl_off, dl->dl_toklen);
	return (dl->dl_tok = t);
}

int
md_d_names(const char *text, size_t len, const char *const *names, size_t n)
{
	md_dlex_t dl;
	md_dtok_t t;
	size_t k;

	md_dlex_init(&dl, text, len);
	while ((t = md_dlex_next(&dl)) != MDT_EOF && t != MDT_BAD) {
		for (k = 0; t == MDT_IDENT && k < n; k++) {
			if (md_dlex_is(&dl, names[k]))
				return ((int)k);
		}
	}
	return (-1);
}

/*
 * Does the '/' that is the current token end a predicate?  dtrace decides
 * by the next character that is not blank: the end, ';', '{' or '/'.
 */
int
md_dlex_epred(const md_dlex_t *dl)
{
	size_t i = md_dlex_skipspace(dl, dl->dl_pos);

	return (i == dl->dl_len || dl->dl_buf[i] == ';' ||
	    dl->dl_buf[i] == '{' || dl->dl_buf[i] == '/');
}

/* Where white space from i ends (comments are not skipped). */
size_t
md_dlex_skipspace(const md_dlex_t *dl, size_t i)
{
	while (i < dl->dl_len && md_dlex_isspace(dl->dl_buf[i]))
		i++;
	return (i);
}

/*
 * Parentheses, brackets and braces are counted, as dtrace's lexer counts
 * them: one closed that is not open is an error, and so is a '/' that
 * ends a predicate (md_dlex_epred()) while a '(' or '[' is open, which
 * dtrace reports where its look past the '/' stopped.
 */
static md_dtok_t
md_dlex_count(md_dlex_t *dl, char c)
{
	size_t *n = c == '(' || c == ')' ? &dl->dl_parens : c == '[' ||
	    c == ']' ? &dl->dl_brackets : &dl->dl_braces;

	switch (c) {
	case '(':
	case '[':
	case '{':
		(*n)++;
		return (MDT_OP);
	case ')':
	case ']':
	case '}':
		if (*n == 0)
			return (md_dlex_bad(dl, dl->dl_pos, c == ')' ?
			    "extra ) in input stream" : c == ']' ? "extra ] in "
			    "input stream" : "extra } in input stream"));
		(*n)--;
		return (MDT_OP);
	default:
		break;
	}
	if (dl->dl_mode != MD_DL_EXPR || !md_dlex_epred(dl) ||
	    (dl->dl_parens == 0 && dl->dl_brackets == 0))
		return (MDT_OP);
	dl->dl_off = md_dlex_skipspace(dl, dl->dl_pos);
	return (md_dlex_bad(dl, dl->dl_off, dl->dl_parens != 0 ? "closing ) "
	    "expected in predicate before /" : "closing ] expected in "
	    "predicate before /"));
}

/*
 * The next byte of a string literal's value, from *ip in the literal (its
 * quotes excluded, end its end), as dtrace reads the escapes; -1 at the
 * end.  A NUL ends the value, as it ends dtrace's C string.
 */
int
md_dlex_strbyte(const char *s, size_t *ip, size_t end)
{
	size_t i = *ip, k;
	int c;

	if (i >= end)
		return (-1);
	c = (unsigned char)s[i++];
	if (c == '\\' && i < end) {
		c = (unsigned char)s[i++];
		switch (c) {
		case 'a': c = '\a'; break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		case 'v': c = '\v'; break;
		case '"': case '\\': break;
		case 'x':
			for (c = 0; i < end && isxdigit((unsigned char)s[i]);
			    i++) {
				k = isdigit((unsigned char)s[i]) ?
				    (size_t)(s[i] - '0') :
				    (size_t)((s[i] | 0x20) - 'a' + 10);
				c = (c * 16 + (int)k) & 0xff;
			}
			break;
		default:
			if (c >= '0' && c <= '7') {
				c -= '0';
				for (k = 1; k < 3 && i < end && s[i] >= '0' &&
				    s[i] <= '7'; k++)
					c = (c * 8 + s[i++] - '0') & 0xff;
			} else {
				c = '\\';	/* kept: \\, then c */
				i--;
			}
			break;
		}
	}
	*ip = i;
	return (c == 0 ? -1 : c);
}

/*
 * Do a and b (alen and blen bytes) hold the same tokens?  White space and
 * comments between tokens do not count.
 */
int
md_dlex_same(const char *a, size_t alen, const char *b, size_t blen)
{
	md_dlex_t la, lb;

	md_dlex_init(&la, a, alen);
	md_dlex_init(&lb, b, blen);
	for (;;) {
		md_dtok_t ta = md_dlex_next(&la), tb = md_dlex_next(&lb);

		if (ta != tb || la.dl_toklen != lb.dl_toklen ||
		    memcmp(a + la.dl_off, b + lb.dl_off, la.dl_toklen) != 0)
			return (0);
		if (ta == MDT_EOF)
			return (1);
		if (ta == MDT_BAD)
			return (0);
	}
}

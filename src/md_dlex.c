/*
 * md_dlex.c: the tokens of D expressions.
 *
 * A lexer for the D text a metric holds (transforms, gathers, predicates):
 * identifiers (with D's backquote for kernel symbols), integer and
 * character constants, string literals, macro arguments ($1, $$1,
 * $target), operators by longest match, and comments.  It follows
 * libdtrace's dt_lex.l for what a token is: RGX_IDENT [a-zA-Z_`]
 * [0-9a-zA-Z_`]*, integers in decimal, octal or hex with u and l suffixes,
 * no floating point, strings and characters that end at a newline.  What D
 * does not have (a floating-point constant, an unterminated string, a
 * stray character) is one MDT_BAD token, so that a reader can stop there.
 *
 * The lexer never allocates: a token is a kind and a span of the text.
 */

#include <string.h>

#include "md_impl.h"

/* Operators, longest first so that the first match is the longest. */
static const char *const md_dlex_ops[] = {
	"<<=", ">>=", "...",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"^^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"(", ")", "[", "]", "{", "}", ".", ",", ";", ":", "?", "!", "~",
	"+", "-", "*", "/", "%", "&", "|", "^", "<", ">", "=", "@", "#"
};

static int
md_dlex_isdigit(char c)
{
	return (c >= '0' && c <= '9');
}

static int
md_dlex_isident(char c, int first)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == '`' || (!first && md_dlex_isdigit(c)));
}

static int
md_dlex_isspace(char c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v');
}

void
md_dlex_init(md_dlex_t *dl, const char *text, size_t len)
{
	dl->dl_buf = text;
	dl->dl_len = len;
	dl->dl_pos = 0;
	dl->dl_tok = MDT_EOF;
	dl->dl_off = 0;
	dl->dl_toklen = 0;
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

static int
md_dlex_isnumchar(char c, int first)
{
	(void) first;
	return (md_dlex_isident(c, 0) || c == '.');
}

/*
 * A number: its longest run of letters, digits and dots, then judged as a
 * whole, so that 1.5, 1e3 and 08 are one bad token rather than several
 * good ones.
 */
static md_dtok_t
md_dlex_number(md_dlex_t *dl, size_t start)
{
	const char *s = dl->dl_buf + start;
	size_t end = md_dlex_span(dl, start, md_dlex_isnumchar);
	size_t n = end - start, i = 0;
	int hex = n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');

	dl->dl_pos = end;
	if (hex) {
		for (i = 2; i < n && (md_dlex_isdigit(s[i]) ||
		    (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')); i++)
			continue;
		if (i == 2)
			return (MDT_BAD);
	} else {
		while (i < n && md_dlex_isdigit(s[i]))
			i++;
		/* octal: a leading 0 and then only 0-7 */
		if (s[0] == '0' && memchr(s, '8', i) != NULL)
			return (MDT_BAD);
		if (s[0] == '0' && memchr(s, '9', i) != NULL)
			return (MDT_BAD);
	}
	/* [uU]?[lL]?[lL]? */
	if (i < n && (s[i] == 'u' || s[i] == 'U'))
		i++;
	if (i < n && (s[i] == 'l' || s[i] == 'L'))
		i++;
	if (i < n && (s[i] == 'l' || s[i] == 'L'))
		i++;
	return (i == n ? MDT_INT : MDT_BAD);
}

/* A string or character literal from its opening quote q. */
static md_dtok_t
md_dlex_quoted(md_dlex_t *dl, size_t start, char q)
{
	size_t i = start + 1;

	while (i < dl->dl_len && dl->dl_buf[i] != q && dl->dl_buf[i] != '\n') {
		if (dl->dl_buf[i] == '\\' && i + 1 < dl->dl_len &&
		    dl->dl_buf[i + 1] != '\n')
			i++;
		i++;
	}
	if (i == dl->dl_len || dl->dl_buf[i] != q) {
		dl->dl_pos = i;
		return (MDT_BAD);
	}
	dl->dl_pos = i + 1;
	if (q == '\'' && i == start + 1)
		return (MDT_BAD);	/* '' is empty */
	return (q == '"' ? MDT_STRING : MDT_INT);
}

/*
 * The next token: its kind is returned and kept in dl_tok, its text is
 * dl_buf + dl_off, dl_toklen bytes.  At the end, MDT_EOF, again and again.
 */
md_dtok_t
md_dlex_next(md_dlex_t *dl)
{
	const char *b = dl->dl_buf;
	size_t i = dl->dl_pos, k, n;
	md_dtok_t t;

	for (;;) {
		while (i < dl->dl_len && md_dlex_isspace(b[i]))
			i++;
		if (i + 1 < dl->dl_len && b[i] == '/' && b[i + 1] == '*') {
			const char *end = NULL;

			for (k = i + 2; k + 1 < dl->dl_len; k++) {
				if (b[k] == '*' && b[k + 1] == '/') {
					end = b + k;
					break;
				}
			}
			if (end == NULL) {	/* an unclosed comment */
				dl->dl_off = i;
				dl->dl_pos = dl->dl_len;
				dl->dl_toklen = dl->dl_len - i;
				return (dl->dl_tok = MDT_BAD);
			}
			i = (size_t)(end - b) + 2;
			continue;
		}
		break;
	}

	dl->dl_off = i;
	if (i == dl->dl_len) {
		t = MDT_EOF;
		dl->dl_pos = i;
	} else if (md_dlex_isident(b[i], 1)) {
		dl->dl_pos = md_dlex_span(dl, i, md_dlex_isident);
		t = MDT_IDENT;
	} else if (md_dlex_isdigit(b[i]) || (b[i] == '.' &&
	    i + 1 < dl->dl_len && md_dlex_isdigit(b[i + 1]))) {
		t = md_dlex_number(dl, i);
	} else if (b[i] == '"' || b[i] == '\'') {
		t = md_dlex_quoted(dl, i, b[i]);
	} else if (b[i] == '$') {
		/* $1, $$1, $target, $$target */
		k = i + 1 + (i + 1 < dl->dl_len && b[i + 1] == '$');
		dl->dl_pos = md_dlex_span(dl, k, md_dlex_isident);
		t = dl->dl_pos > k ? MDT_MACRO : MDT_BAD;
		if (t == MDT_BAD)
			dl->dl_pos = i + 1;
	} else {
		t = MDT_BAD;
		dl->dl_pos = i + 1;
		for (k = 0; k < sizeof (md_dlex_ops) / sizeof (md_dlex_ops[0]);
		    k++) {
			n = strlen(md_dlex_ops[k]);
			if (n <= dl->dl_len - i &&
			    memcmp(b + i, md_dlex_ops[k], n) == 0) {
				t = MDT_OP;
				dl->dl_pos = i + n;
				break;
			}
		}
	}
	dl->dl_toklen = dl->dl_pos - dl->dl_off;
	return (dl->dl_tok = t);
}

/* Is the current token the operator or identifier s? */
int
md_dlex_is(const md_dlex_t *dl, const char *s)
{
	size_t n = strlen(s);

	return ((dl->dl_tok == MDT_OP || dl->dl_tok == MDT_IDENT) &&
	    dl->dl_toklen == n && memcmp(dl->dl_buf + dl->dl_off, s, n) == 0);
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

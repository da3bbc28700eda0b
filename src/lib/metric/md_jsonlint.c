/*
 * md_jsonlint.c: the grammar cJSON parses, read without memory: would
 * cJSON take a text, and if not, where does the text stop being JSON, and
 * why.
 *
 * cJSON reports a failed allocation as it reports a syntax error, and
 * where it stops is not always where the text went wrong.  When it fails,
 * md_json_parse() (md_jsondoc.c) asks md_json_syntax(): a text this takes
 * failed for memory; for a text this refuses, it names the first byte
 * that cannot continue the document (the end of the input when the text
 * stops short) and says in one line what was expected there and what was
 * found, with a hint for the slips people make by hand: a trailing comma,
 * a comment, single quotes, a bare word, a missing comma, a string whose
 * closing quote is missing.
 *
 * What cJSON 1.7 takes (cJSON_ParseWithLengthOpts), this takes, and what
 * it refuses, this refuses, leniencies and all: white space is any byte
 * up to 32; a string may hold raw control characters, and \u with a bad
 * hex digit reads as \u0000; a number is what strtod() reads of the
 * characters 0-9 + - e E . (so "01", "1." and "-.5" are numbers); a UTF-8
 * byte-order mark may start a document of five bytes or more.  Only JSON
 * white space may follow the document, as md_json_parse() asks.
 * fuzz/fuzz_json.c checks that the two agree on every text, and that the
 * byte named is the first that cannot continue: the text before it is
 * refused nowhere before its end, the text up to it is refused there.
 *
 * Each reading function returns the offset after what it read, or
 * MD_JV_BAD once it has said why.  The nesting is at most MD_MAXJSONDEPTH,
 * checked before (md_json_scan()).  Lines and columns count bytes, from 1,
 * as every position meta-d reports does: a tab is one column, and so is
 * each byte of a character of several.
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

#define	MD_JV_BAD	((size_t)-1)
#define	MD_JV_WORDMAX	32	/* bytes of a bare word quoted */
#define	MD_JV_NUMMAX	24	/* bytes of a number quoted */

/* What was expected where the text stopped being JSON. */
typedef enum md_jvctx {
	MD_JV_VALUE,		/* a value */
	MD_JV_KEY,		/* a key, after '{' or ',' */
	MD_JV_COLON,		/* ':' after a key */
	MD_JV_NEXTOBJ,		/* ',' or '}' after a member */
	MD_JV_NEXTARR,		/* ',' or ']' after an element */
	MD_JV_AFTER,		/* nothing: the document has ended */
	MD_JV_SIGN,		/* a digit after '-' */
	MD_JV_POINT,		/* a digit after "-." */
	MD_JV_EXP		/* a digit in an exponent */
} md_jvctx_t;

static const char *const md_jv_expected[] = {
	[MD_JV_VALUE] = "expected a value",
	[MD_JV_KEY] = "expected a key in double quotes",
	[MD_JV_COLON] = "expected ':' after the key",
	[MD_JV_NEXTOBJ] = "expected ',' or '}'",
	[MD_JV_NEXTARR] = "expected ',' or ']'",
	[MD_JV_AFTER] = "expected nothing after the document",
	[MD_JV_SIGN] = "expected a digit after '-'",
	[MD_JV_POINT] = "expected a digit after '.'",
	[MD_JV_EXP] = "expected a digit in the exponent"
};

typedef struct md_jv {
	const char	*jv_b;
	size_t		jv_len;
	md_jsyntax_t	*jv_syn;	/* where and why; NULL: only whether */
	size_t		jv_open;	/* the innermost '[' or '{' open */
	size_t		jv_str;		/* the last string read: its '"' */
	size_t		jv_strend;	/* just past its closing '"' */
	int		jv_strnl;	/* it holds a raw line break */
} md_jv_t;

/* The error: the first byte that cannot continue, and why. */
static size_t MD_PRINTFLIKE(3, 4)
md_jv_say(md_jv_t *jv, size_t off, const char *fmt, ...)
{
	va_list ap;

	if (jv->jv_syn == NULL)
		return (MD_JV_BAD);
	jv->jv_syn->js_off = off;
	va_start(ap, fmt);
	(void) vsnprintf(jv->jv_syn->js_msg, sizeof (jv->jv_syn->js_msg), fmt,
	    ap);
	va_end(ap);
	return (MD_JV_BAD);
}

static int
md_jv_alpha(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

static int
md_jv_digit(char c)
{
	return (c >= '0' && c <= '9');
}

/* The length of the bare word at b: a letter, then letters, digits, _.- */
static size_t
md_jv_word(const char *b, size_t left)
{
	size_t n = 1;

	while (n < left && (md_jv_alpha(b[n]) || md_jv_digit(b[n]) ||
	    b[n] == '_' || b[n] == '.' || b[n] == '-'))
		n++;
	return (n);
}

/* Is there a curly quote at b: U+2018, U+2019, U+201C or U+201D? */
static int
md_jv_curly(const char *b, size_t left)
{
	const unsigned char *u = (const unsigned char *)b;

	return (left >= 3 && u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0x98 ||
	    u[2] == 0x99 || u[2] == 0x9c || u[2] == 0x9d));
}

/* Does what is at b start a value (or what a person meant as one)? */
static int
md_jv_starts(const char *b, size_t left)
{
	return (*b == '"' || *b == '\'' || *b == '{' || *b == '[' ||
	    *b == '-' || md_jv_digit(*b) || md_jv_alpha(*b) ||
	    md_jv_curly(b, left));
}

/* " (the '[' at line L, column C is not closed)", or "". */
static void
md_jv_unclosed(const md_jv_t *jv, char *buf, size_t size)
{
	size_t line, col;

	buf[0] = '\0';
	if (jv->jv_open == MD_JV_BAD)
		return;
	md_text_where(jv->jv_b, jv->jv_open, &line, &col);
	(void) snprintf(buf, size, " (the '%c' at line %zu, column %zu is not "
	    "closed)", jv->jv_b[jv->jv_open], line, col);
}

/*
 * What is at offset at, in words: "'}'", "a string", "the bare word
 * postgres", "the number 12", "'//'", "the control character \001".
 */
static void
md_jv_found(const md_jv_t *jv, size_t at, char *buf, size_t size)
{
	const char *b = jv->jv_b + at;
	size_t left = jv->jv_len - at, n;
	unsigned char c = (unsigned char)*b;

	if (c == '"') {
		(void) snprintf(buf, size, "a string");
	} else if (c == '\'') {
		(void) snprintf(buf, size, "a single quote");
	} else if (md_jv_alpha(*b)) {
		n = md_jv_word(b, left);
		(void) snprintf(buf, size, "the bare word %.*s%s",
		    (int)(n > MD_JV_WORDMAX ? MD_JV_WORDMAX : n), b,
		    n > MD_JV_WORDMAX ? "..." : "");
	} else if (md_jv_digit(*b) || (c == '-' && left > 1 &&
	    md_jv_digit(b[1]))) {
		for (n = 1; n < left && (md_jv_digit(b[n]) || (b[n] != '\0' &&
		    strchr("+-.eE", b[n]) != NULL)); n++)
			continue;
		(void) snprintf(buf, size, "the number %.*s%s",
		    (int)(n > MD_JV_NUMMAX ? MD_JV_NUMMAX : n), b,
		    n > MD_JV_NUMMAX ? "..." : "");
	} else if (c == '/' && left > 1 && (b[1] == '/' || b[1] == '*')) {
		(void) snprintf(buf, size, "'%.2s'", b);
	} else if (c < 0x20 || c == 0x7f) {
		(void) snprintf(buf, size, "the control character \\%03o", c);
	} else if (c < 0x80) {
		(void) snprintf(buf, size, "'%c'", c);
	} else if ((n = md_utf8_len((const unsigned char *)b, left)) == 0) {
		(void) snprintf(buf, size, "the byte \\%03o", c);
	} else if (n == 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0) {
		(void) snprintf(buf, size, "a byte-order mark (U+FEFF)");
	} else {
		(void) snprintf(buf, size, "'%.*s'", (int)n, b);
	}
}

/* Why a bare word is no value: " (JSON writes null)", or "". */
static void
md_jv_wordhint(const char *b, size_t n, md_jvctx_t ctx, char *buf,
    size_t size)
{
	static const struct {
		const char	*w_word;
		const char	*w_hint;
	} w[] = {
		{ "True", "JSON writes true" }, { "TRUE", "JSON writes true" },
		{ "False", "JSON writes false" },
		{ "FALSE", "JSON writes false" },
		{ "None", "JSON writes null" }, { "NULL", "JSON writes null" },
		{ "Null", "JSON writes null" }, { "nil", "JSON writes null" },
		{ "undefined", "JSON writes null" },
		{ "NaN", "JSON has no NaN or Infinity" },
		{ "nan", "JSON has no NaN or Infinity" },
		{ "Infinity", "JSON has no NaN or Infinity" },
		{ "inf", "JSON has no NaN or Infinity" }
	};
	static const char *const lit[] = { "true", "false", "null" };
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < sizeof (w) / sizeof (w[0]); i++) {
		if (strlen(w[i].w_word) == n &&
		    memcmp(b, w[i].w_word, n) == 0) {
			(void) snprintf(buf, size, " (%s)", w[i].w_hint);
			return;
		}
	}
	if (ctx != MD_JV_VALUE)
		return;
	for (i = 0; i < sizeof (lit) / sizeof (lit[0]); i++) {
		if (n < strlen(lit[i]) && memcmp(b, lit[i], n) == 0) {
			(void) snprintf(buf, size, " (did you mean %s?)",
			    lit[i]);
			return;
		}
	}
	(void) snprintf(buf, size, " (a string takes double quotes: \"%.*s\")",
	    (int)(n > MD_JV_WORDMAX ? MD_JV_WORDMAX : n), b);
}

/*
 * A hint for what was found at at (not the end of the input) where ctx
 * was expected: the first of these that applies, or "".
 */
static void
md_jv_hint(const md_jv_t *jv, size_t at, md_jvctx_t ctx, char *buf,
    size_t size)
{
	const char *b = jv->jv_b + at;
	size_t left = jv->jv_len - at, line, col, i;
	char c = *b;

	buf[0] = '\0';
	for (i = jv->jv_strend; jv->jv_strnl && i < at &&
	    (unsigned char)jv->jv_b[i] <= 32; i++)
		continue;
	if (jv->jv_strnl && i == at) {
		md_text_where(jv->jv_b, jv->jv_str, &line, &col);
		(void) snprintf(buf, size, " (the string at line %zu, column "
		    "%zu holds a line break: is its closing quote missing?)",
		    line, col);
	} else if (c == '#' || (c == '/' && left > 1 &&
	    (b[1] == '/' || b[1] == '*'))) {
		(void) snprintf(buf, size, " (JSON has no comments)");
	} else if (c == '\'') {
		(void) snprintf(buf, size, " (JSON strings take double "
		    "quotes)");
	} else if (md_jv_curly(b, left)) {
		(void) snprintf(buf, size, " (JSON strings take straight "
		    "double quotes)");
	} else if (md_jv_alpha(c) &&
	    (ctx == MD_JV_VALUE || ctx == MD_JV_SIGN)) {
		md_jv_wordhint(b, md_jv_word(b, left), ctx, buf, size);
	} else if (ctx == MD_JV_VALUE && (c == '+' || c == '.')) {
		(void) snprintf(buf, size, c == '+' ? " (a JSON number has no "
		    "'+' sign)" : " (a JSON number starts with a digit: 0.5)");
	} else if ((c == 'x' || c == 'X') && at > 0 && b[-1] == '0' &&
	    (at == 1 || (!md_jv_digit(b[-2]) && b[-2] != '.'))) {
		(void) snprintf(buf, size, " (JSON has no hexadecimal "
		    "numbers)");
	} else if ((c == '}' || c == ']') && ctx != MD_JV_AFTER) {
		/* a close that is not the open one's: that one is open */
		if (jv->jv_open != MD_JV_BAD &&
		    jv->jv_b[jv->jv_open] != (c == '}' ? '{' : '['))
			md_jv_unclosed(jv, buf, size);
	} else if (ctx == MD_JV_NEXTOBJ || ctx == MD_JV_NEXTARR) {
		if (md_jv_starts(b, left))
			(void) snprintf(buf, size, " (a missing ','?)");
	} else if (ctx == MD_JV_AFTER) {
		if (c == '}' || c == ']')
			(void) snprintf(buf, size, " (one '%c' too many?)", c);
		else if (c == '{' || c == '[')
			(void) snprintf(buf, size, " (a second document?)");
	}
}

/*
 * The text stops being JSON at off, where ctx was expected; what was
 * found there starts at at (a bare word may start before the byte at
 * fault).
 */
static size_t
md_jv_fail(md_jv_t *jv, size_t off, size_t at, md_jvctx_t ctx)
{
	char found[96], hint[160];

	if (jv->jv_syn == NULL)
		return (MD_JV_BAD);
	if (at >= jv->jv_len) {
		md_jv_unclosed(jv, hint, sizeof (hint));
		return (md_jv_say(jv, off, "unexpected end of input: %s%s",
		    md_jv_expected[ctx], hint));
	}
	md_jv_found(jv, at, found, sizeof (found));
	md_jv_hint(jv, at, ctx, hint, sizeof (hint));
	return (md_jv_say(jv, off, "%s, found %s%s", md_jv_expected[ctx],
	    found, hint));
}

static size_t
md_jv_space(const md_jv_t *jv, size_t i)
{
	while (i < jv->jv_len && (unsigned char)jv->jv_b[i] <= 32)
		i++;
	return (i);
}

/* The value of the 4 hex digits at p, cJSON's way: a bad digit makes 0. */
static unsigned long
md_jv_hex4(const char *p)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned long)(c - 'A' + 10);
		else
			return (0);
	}
	return (v);
}

/*
 * The low half of a surrogate pair, \uDC00 to \uDFFF, whose first hex
 * digit is at b[q], in a string that ends at end: the first byte that
 * cannot continue it (a 'd', then 'c' to 'f', then two hex digits), or
 * end.
 */
static size_t
md_jv_lowbad(const char *b, size_t q, size_t end)
{
	size_t k;
	char c;

	for (k = 0; k < 4 && q + k < end; k++) {
		c = b[q + k];
		if (k == 0 && c != 'd' && c != 'D')
			break;
		if (k == 1 && !((c >= 'c' && c <= 'f') ||
		    (c >= 'C' && c <= 'F')))
			break;
		if (k >= 2 && !((c >= '0' && c <= '9') ||
		    (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
			break;
	}
	return (q + k < end ? q + k : end);
}

/*
 * The escape \u at b[p], in a string that ends at end: its length, 6 or
 * 12 for a surrogate pair; or 0, and *badp the first byte that cannot
 * continue it.
 */
static size_t
md_jv_utf16(const char *b, size_t p, size_t end, size_t *badp)
{
	unsigned long first, second;

	*badp = end;
	if (end - p < 6)
		return (0);
	first = md_jv_hex4(b + p + 2);
	if (first >= 0xdc00 && first <= 0xdfff) {
		*badp = p + 5;
		return (0);
	}
	if (first < 0xd800 || first > 0xdbff)
		return (6);
	if (p + 6 < end && b[p + 6] != '\\')
		*badp = p + 6;
	else if (p + 7 < end && b[p + 7] != 'u')
		*badp = p + 7;
	else if (p + 7 < end)
		*badp = md_jv_lowbad(b, p + 8, end);
	if (end - (p + 6) < 6 || b[p + 6] != '\\' || b[p + 7] != 'u')
		return (0);
	second = md_jv_hex4(b + p + 8);
	return (second < 0xdc00 || second > 0xdfff ? 0 : 12);
}

/*
 * The escape whose backslash is at p, in a string that ends at end (its
 * closing quote, or the end of the input), with a byte after it: its
 * length, or 0 and *badp the first byte that cannot continue it.  As in
 * cJSON, that byte may be the closing quote (when a \u escape took the
 * backslash that the search for the quote saw escape another), and \"
 * then reaches past it.
 */
static size_t
md_jv_escape(const char *b, size_t p, size_t end, size_t *badp)
{
	*badp = p + 1;
	switch (b[p + 1]) {
	case 'b': case 'f': case 'n': case 'r': case 't':
	case '"': case '\\': case '/':
		return (2);
	case 'u':
		return (md_jv_utf16(b, p, end, badp));
	default:
		return (0);
	}
}

/* Why the escape at p is refused; bad is the first byte at fault. */
static size_t
md_jv_badescape(md_jv_t *jv, size_t p, size_t bad)
{
	static const char valid[] = "JSON's are \\\" \\\\ \\/ \\b \\f \\n \\r "
	    "\\t \\uXXXX";
	char c = jv->jv_b[p + 1], found[96];

	if (jv->jv_syn == NULL)
		return (MD_JV_BAD);
	if (c == 'u')
		return (md_jv_say(jv, bad, "invalid \\u escape: four "
		    "hexadecimal digits, a surrogate only as half of a "
		    "pair"));
	if (c > 32 && c < 127)
		return (md_jv_say(jv, bad, "invalid escape '\\%c' (%s)", c,
		    valid));
	md_jv_found(jv, p + 1, found, sizeof (found));
	return (md_jv_say(jv, bad, "invalid escape: %s after '\\' (%s)", found,
	    valid));
}

/*
 * A string.  cJSON finds its closing quote first (a backslash skips the
 * byte after it), then reads its escapes; the first bad escape is where
 * the text stops being JSON, even when the quote is missing too.
 */
static size_t
md_jv_string(md_jv_t *jv, size_t i)
{
	const char *b = jv->jv_b;
	size_t len = jv->jv_len, end = i + 1, p, n, bad, line, col;
	int nl = 0;

	while (end < len && b[end] != '"') {
		if (b[end] == '\\' && end + 1 < len)
			end++;
		end++;
	}
	for (p = i + 1; p < end; p += n) {
		n = 1;
		if (b[p] == '\n')
			nl = 1;
		if (b[p] != '\\')
			continue;
		if (p + 1 >= len)
			break;
		if ((n = md_jv_escape(b, p, end, &bad)) == 0) {
			if (bad < len)
				return (md_jv_badescape(jv, p, bad));
			break;
		}
	}
	if (end >= len) {
		md_text_where(b, i, &line, &col);
		return (md_jv_say(jv, len, "unexpected end of input: the "
		    "string at line %zu, column %zu is not closed", line,
		    col));
	}
	jv->jv_str = i;
	jv->jv_strend = end + 1;
	jv->jv_strnl = nl;
	return (end + 1);
}

static size_t
md_jv_digits(const char *b, size_t len, size_t i)
{
	while (i < len && md_jv_digit(b[i]))
		i++;
	return (i);
}

/*
 * A number: cJSON hands strtod() the run of 0-9 + - e E . that starts
 * here, and takes what it reads: a sign, digits with at most one point
 * (at least one digit in all), and an exponent if one follows with
 * digits.  An 'e' without digits is left for what follows, which it
 * cannot continue: the digit it lacks is the fault.
 */
static size_t
md_jv_number(md_jv_t *jv, size_t i)
{
	const char *b = jv->jv_b;
	size_t len = jv->jv_len, p = i, q, n;

	if (p < len && (b[p] == '+' || b[p] == '-'))
		p++;
	q = md_jv_digits(b, len, p);
	n = q - p;
	if (q < len && b[q] == '.') {
		p = md_jv_digits(b, len, q + 1);
		n += p - (q + 1);
		q = p;
	}
	if (n == 0)
		return (md_jv_fail(jv, q, q, b[q - 1] == '.' ? MD_JV_POINT :
		    MD_JV_SIGN));
	if (q < len && (b[q] == 'e' || b[q] == 'E')) {
		p = q + 1;
		if (p < len && (b[p] == '+' || b[p] == '-'))
			p++;
		if (md_jv_digits(b, len, p) == p)
			return (md_jv_fail(jv, p, p, MD_JV_EXP));
		q = md_jv_digits(b, len, p);
	}
	return (q);
}

/*
 * A bare word at i where a value belongs (or true, false or null with
 * more letters after it): the fault is the first byte that leaves the
 * literal it could have begun.
 */
static size_t
md_jv_bare(md_jv_t *jv, size_t i)
{
	static const char *const lit[] = { "true", "false", "null" };
	const char *b = jv->jv_b + i;
	size_t n = md_jv_word(b, jv->jv_len - i), d = 0, k;

	for (k = 0; k < sizeof (lit) / sizeof (lit[0]); k++) {
		if (lit[k][0] != b[0])
			continue;
		while (d < n && lit[k][d] != '\0' && lit[k][d] == b[d])
			d++;
		if (i + d == jv->jv_len)
			return (md_jv_say(jv, i + d, "unexpected end of input: "
			    "expected %s", lit[k]));
		break;
	}
	return (md_jv_fail(jv, i + d, i, MD_JV_VALUE));
}

/* true, false or null at b: its length, or 0. */
static size_t
md_jv_literal(const char *b, size_t left)
{
	if (left >= 4 && memcmp(b, "null", 4) == 0)
		return (4);
	if (left >= 5 && memcmp(b, "false", 5) == 0)
		return (5);
	if (left >= 4 && memcmp(b, "true", 4) == 0)
		return (4);
	return (0);
}

static size_t md_jv_list(md_jv_t *, size_t, char);

static size_t
md_jv_value(md_jv_t *jv, size_t i)
{
	const char *b = jv->jv_b;
	size_t len = jv->jv_len, n;

	if ((n = md_jv_literal(b + i, len - i)) > 0) {
		/* a letter or digit after it cannot continue the document */
		if (i + n < len && (md_jv_alpha(b[i + n]) ||
		    md_jv_digit(b[i + n]) || b[i + n] == '_'))
			return (md_jv_bare(jv, i));
		return (i + n);
	}
	if (i >= len)
		return (md_jv_fail(jv, i, i, MD_JV_VALUE));
	if (b[i] == '"')
		return (md_jv_string(jv, i));
	if (b[i] == '-' || md_jv_digit(b[i]))
		return (md_jv_number(jv, i));
	if (b[i] == '[')
		return (md_jv_list(jv, i, ']'));
	if (b[i] == '{')
		return (md_jv_list(jv, i, '}'));
	if (md_jv_alpha(b[i]))
		return (md_jv_bare(jv, i));
	return (md_jv_fail(jv, i, i, MD_JV_VALUE));
}

/* A member's key and its colon at i: the offset of its value. */
static size_t
md_jv_key(md_jv_t *jv, size_t i)
{
	const char *b = jv->jv_b;
	size_t len = jv->jv_len;

	if (i >= len || b[i] != '"')
		return (md_jv_fail(jv, i, i, MD_JV_KEY));
	if ((i = md_jv_string(jv, i)) == MD_JV_BAD)
		return (MD_JV_BAD);
	i = md_jv_space(jv, i);
	if (i >= len || b[i] != ':')
		return (md_jv_fail(jv, i, i, MD_JV_COLON));
	return (md_jv_space(jv, i + 1));
}

/* [ ... ] or { ... } at i; close is ']' or '}' */
static size_t
md_jv_list(md_jv_t *jv, size_t i, char close)
{
	const char *b = jv->jv_b;
	size_t len = jv->jv_len, open = jv->jv_open;
	int first = 1;

	jv->jv_open = i;
	i = md_jv_space(jv, i + 1);
	if (i < len && b[i] == close) {
		jv->jv_open = open;
		return (i + 1);
	}
	for (;; first = 0) {
		i = md_jv_space(jv, i);
		if (!first && i < len && b[i] == close)
			return (md_jv_say(jv, i, "a trailing comma before '%c' "
			    "(JSON allows none)", close));
		if (close == '}' && (i = md_jv_key(jv, i)) == MD_JV_BAD)
			return (MD_JV_BAD);
		if ((i = md_jv_value(jv, i)) == MD_JV_BAD)
			return (MD_JV_BAD);
		i = md_jv_space(jv, i);
		if (i >= len || b[i] != ',')
			break;
		i++;
	}
	if (i >= len || b[i] != close)
		return (md_jv_fail(jv, i, i, close == '}' ? MD_JV_NEXTOBJ :
		    MD_JV_NEXTARR));
	jv->jv_open = open;
	return (i + 1);
}

/*
 * Would cJSON take the len bytes at buf as one document, had it the
 * memory, with only JSON white space after it?  0 if so; if not, -1 and,
 * when syn is not NULL, where the text stops being JSON and why.
 */
int
md_json_syntax(const char *buf, size_t len, md_jsyntax_t *syn)
{
	md_jv_t jv;
	size_t i = 0;

	jv.jv_b = buf;
	jv.jv_len = len;
	jv.jv_syn = syn;
	jv.jv_open = MD_JV_BAD;
	jv.jv_str = jv.jv_strend = 0;
	jv.jv_strnl = 0;
	if (len >= 5 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	if ((i = md_jv_value(&jv, md_jv_space(&jv, i))) == MD_JV_BAD)
		return (-1);
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
	    buf[i] == '\r'))
		i++;
	if (i < len) {
		(void) md_jv_fail(&jv, i, i, MD_JV_AFTER);
		return (-1);
	}
	return (0);
}

int
md_json_valid(const char *buf, size_t len)
{
	return (md_json_syntax(buf, len, NULL) == 0);
}

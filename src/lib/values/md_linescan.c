/*
 * md_linescan.c: one line of JSON, read in place.
 *
 * --heatmap reads the lines --run prints (SPEC 8.1), whose numbers are
 * 64-bit integers that must stay exact: a bucket's bound such as
 * -9223372036854775808 or 4611686018427387904, a count past 2^53.  cJSON
 * keeps every number as a double, so these lines are not read through it:
 * this is a cursor over the line's bytes with a reader for each kind of
 * token the line's fixed shape holds (a string, an integer or null, a
 * time in seconds), each checking the JSON grammar (RFC 8259) for what it
 * reads.  The caller (md_heatmap.c) knows the shape and calls them in its
 * order; nothing is built but what it asks for, so a line is read in one
 * pass, in time linear in its length, with no recursion.
 *
 * Every error is MD_ERR_LINE, and its message starts with the line's
 * number and the column (in bytes, from 1) where the fault is: "line 3,
 * column 17: expected ',' or ']'".
 */

#include <stdarg.h>
#include <stdio.h>

#include "md_impl.h"

/* A JSON number, as it is written. */
typedef struct md_jnum {
	const char	*jn_text;	/* the whole number */
	size_t		jn_len;
	int		jn_neg;
	const char	*jn_int;	/* the digits before the point */
	size_t		jn_nint;
	const char	*jn_frac;	/* the digits after it */
	size_t		jn_nfrac;
	long		jn_exp;		/* the exponent, cut at +-10^6 */
} md_jnum_t;

void
md_jl_init(md_jline_t *r, const char *line, size_t len, size_t lineno,
    md_error_t *err)
{
	r->jl_line = line;
	r->jl_p = line;
	r->jl_end = line + len;
	r->jl_lineno = lineno;
	r->jl_err = err;
}

/* The error at the cursor: "line N, column C: " and the message. */
int
md_jl_error(md_jline_t *r, const char *fmt, ...)
{
	char msg[MD_ERRMSGLEN];
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	return (md_error_set(r->jl_err, MD_ERR_LINE, "line %zu, column %zu: %s",
	    r->jl_lineno, (size_t)(r->jl_p - r->jl_line) + 1, msg));
}

/* The next byte that is not JSON white space, or -1 at the line's end. */
int
md_jl_peek(md_jline_t *r)
{
	while (r->jl_p < r->jl_end && (*r->jl_p == ' ' || *r->jl_p == '\t' ||
	    *r->jl_p == '\r' || *r->jl_p == '\n'))
		r->jl_p++;
	return (r->jl_p < r->jl_end ? (unsigned char)*r->jl_p : -1);
}

/* What a value starting with c is, for messages. */
const char *
md_jl_what(int c)
{
	if (c == '{')
		return ("an object");
	if (c == '[')
		return ("an array");
	if (c == '"')
		return ("a string");
	if (c == '-' || (c >= '0' && c <= '9'))
		return ("a number");
	if (c == 't' || c == 'f')
		return ("a boolean");
	if (c == 'n')
		return ("null");
	if (c == -1)
		return ("the end of the line");
	return ("not JSON");
}

/*
 * What was found where something else was expected: a value's kind, a
 * punctuation mark, or a byte.
 */
static const char *
md_jl_found(int c, char *buf, size_t len)
{
	if (c > 0x20 && c < 0x7f && strchr("]},:", c) != NULL)
		(void) snprintf(buf, len, "'%c'", c);
	else if (c >= 0x80 || (c >= 0 && c < 0x20) || c == 0x7f)
		(void) snprintf(buf, len, "byte \\%03o", (unsigned)c);
	else
		return (md_jl_what(c));
	return (buf);
}

/* The byte c next (after white space), consumed; else an error. */
int
md_jl_expect(md_jline_t *r, int c)
{
	int got = md_jl_peek(r);
	char buf[16];

	if (got == c) {
		r->jl_p++;
		return (0);
	}
	return (md_jl_error(r, "expected '%c', found %s", c,
	    md_jl_found(got, buf, sizeof (buf))));
}

/* Either of two bytes next, consumed: which, or -1 and an error. */
int
md_jl_either(md_jline_t *r, int a, int b)
{
	int got = md_jl_peek(r);
	char buf[16];

	if (got == a || got == b) {
		r->jl_p++;
		return (got);
	}
	return (md_jl_error(r, "expected '%c' or '%c', found %s", a, b,
	    md_jl_found(got, buf, sizeof (buf))));
}

/*
 * An array or object opened with open: 1 if it is empty (and closed with
 * close), 0 if members follow, -1 and an error if open is not next.
 */
int
md_jl_open(md_jline_t *r, int open, int close)
{
	if (md_jl_expect(r, open) != 0)
		return (-1);
	if (md_jl_peek(r) != close)
		return (0);
	r->jl_p++;
	return (1);
}

/* Nothing but white space left on the line. */
int
md_jl_end(md_jline_t *r)
{
	int c = md_jl_peek(r);

	if (c == -1)
		return (0);
	return (md_jl_error(r, "%s after the end of the line's object",
	    md_jl_what(c)));
}

static int
md_jl_hex4(const char *p, unsigned long *cp)
{
	int i, c;

	*cp = 0;
	for (i = 0; i < 4; i++) {
		c = (unsigned char)p[i];
		if (c >= '0' && c <= '9')
			*cp = *cp * 16 + (unsigned long)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			*cp = *cp * 16 + (unsigned long)((c | 0x20) - 'a' + 10);
		else
			return (-1);
	}
	return (0);
}

/* Code point cp as UTF-8 into b. */
static void
md_jl_putcp(md_buf_t *b, unsigned long cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	md_buf_append(b, u, n);
}

/*
 * The escape at the cursor (after its backslash), its character into b
 * when b is not NULL.  A surrogate that is not half of a pair is not text,
 * and refused, as meta-d refuses it in a metric (SPEC 7.10).
 */
static int
md_jl_escape(md_jline_t *r, md_buf_t *b)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e;
	unsigned long cp, lo;

	if (r->jl_p < r->jl_end && *r->jl_p != '\0' &&
	    (e = strchr(from, *r->jl_p)) != NULL) {
		if (b != NULL)
			md_buf_putc(b, to[e - from]);
		r->jl_p++;
		return (0);
	}
	if (r->jl_p == r->jl_end || *r->jl_p != 'u' || r->jl_end - r->jl_p <
	    5 || md_jl_hex4(r->jl_p + 1, &cp) != 0)
		return (md_jl_error(r, "invalid escape in a string"));
	r->jl_p += 5;
	if (cp >= 0xd800 && cp <= 0xdbff && r->jl_end - r->jl_p >= 6 &&
	    r->jl_p[0] == '\\' && r->jl_p[1] == 'u' &&
	    md_jl_hex4(r->jl_p + 2, &lo) == 0 && lo >= 0xdc00 && lo <= 0xdfff) {
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		r->jl_p += 6;
	} else if (cp >= 0xd800 && cp <= 0xdfff) {
		r->jl_p -= 6;
		return (md_jl_error(r, "a lone surrogate (\\u%04lx) is not "
		    "text", cp));
	}
	if (b != NULL)
		md_jl_putcp(b, cp);
	return (0);
}

/*
 * A string: checked (UTF-8, no control character, valid escapes), and,
 * when b is not NULL, decoded into b (emptied first).
 */
int
md_jl_string(md_jline_t *r, md_buf_t *b)
{
	const unsigned char *p;
	size_t n;

	if (b != NULL)
		md_buf_reset(b);
	if (md_jl_expect(r, '"') != 0)
		return (-1);
	for (;;) {
		if (r->jl_p == r->jl_end)
			return (md_jl_error(r, "a string not closed"));
		p = (const unsigned char *)r->jl_p;
		if (*p == '"')
			break;
		if (*p == '\\') {
			r->jl_p++;
			if (md_jl_escape(r, b) != 0)
				return (-1);
			continue;
		}
		if (*p < 0x20)
			return (md_jl_error(r, "control character \\%03o in a "
			    "string", *p));
		for (n = 0; r->jl_p + n < r->jl_end && p[n] >= 0x20 &&
		    p[n] < 0x80 && p[n] != '"' && p[n] != '\\'; n++)
			continue;	/* a run of ASCII, appended at once */
		if (n == 0 && (n = md_utf8_len(p, (size_t)(r->jl_end -
		    r->jl_p))) == 0)
			return (md_jl_error(r, "not UTF-8"));
		if (b != NULL)
			md_buf_append(b, r->jl_p, n);
		r->jl_p += n;
	}
	r->jl_p++;
	return (0);
}

/* Digits at the cursor, skipped: how many. */
static size_t
md_jl_digits(md_jline_t *r)
{
	const char *p = r->jl_p;

	while (r->jl_p < r->jl_end && *r->jl_p >= '0' && *r->jl_p <= '9')
		r->jl_p++;
	return ((size_t)(r->jl_p - p));
}

/*
 * A JSON number at the cursor, skipped and described: its sign, where its
 * digits are (integer part, then fraction), how many of them are before
 * the point, and its exponent.  Returns -1 and an error if it is none.
 */
static int
md_jl_number(md_jline_t *r, md_jnum_t *n)
{
	const char *e;
	long x = 0;
	int esign = 1;

	(void) md_jl_peek(r);
	n->jn_text = r->jl_p;
	n->jn_neg = r->jl_p < r->jl_end && *r->jl_p == '-';
	r->jl_p += n->jn_neg;
	n->jn_int = r->jl_p;
	if ((n->jn_nint = md_jl_digits(r)) == 0)
		return (md_jl_error(r, "expected a number"));
	if (n->jn_nint > 1 && *n->jn_int == '0') {
		r->jl_p = n->jn_text;
		return (md_jl_error(r, "a number starts with 0 (JSON writes "
		    "none so)"));
	}
	n->jn_frac = r->jl_p;
	n->jn_nfrac = 0;
	if (r->jl_p < r->jl_end && *r->jl_p == '.') {
		n->jn_frac = ++r->jl_p;
		if ((n->jn_nfrac = md_jl_digits(r)) == 0)
			return (md_jl_error(r, "digits expected after '.'"));
	}
	n->jn_exp = 0;
	if (r->jl_p < r->jl_end && (*r->jl_p | 0x20) == 'e') {
		r->jl_p++;
		if (r->jl_p < r->jl_end && (*r->jl_p == '+' || *r->jl_p == '-'))
			esign = *r->jl_p++ == '-' ? -1 : 1;
		e = r->jl_p;
		if (md_jl_digits(r) == 0)
			return (md_jl_error(r, "digits expected in an "
			    "exponent"));
		for (; e < r->jl_p; e++)	/* past 10^6, no matter */
			x = x < 1000000 ? x * 10 + (*e - '0') : x;
		n->jn_exp = esign * x;
	}
	n->jn_len = (size_t)(r->jl_p - n->jn_text);
	return (0);
}

/* The kth digit of n, the integer part's first. */
static int
md_jl_digit(const md_jnum_t *n, size_t k)
{
	return (k < n->jn_nint ? n->jn_int[k] - '0' :
	    n->jn_frac[k - n->jn_nint] - '0');
}

/* The digits of an integer n as a magnitude of at most lim. */
static int
md_jl_magnitude(const md_jnum_t *n, uint64_t lim, uint64_t *vp)
{
	uint64_t v = 0, d;
	size_t k;

	for (k = 0; k < n->jn_nint; k++) {
		d = (uint64_t)md_jl_digit(n, k);
		if (v > (lim - d) / 10)
			return (-1);
		v = v * 10 + d;
	}
	*vp = v;
	return (0);
}

/*
 * An integer, as JSON writes one with no fraction and no exponent (the
 * bounds and counts --run prints), in the range of int64_t, or of
 * uint64_t with no sign (unsig).  The error names what (a "count").
 */
static int
md_jl_integer(md_jline_t *r, const char *what, int unsig, md_jnum_t *n,
    uint64_t *vp)
{
	int c = md_jl_peek(r);
	uint64_t lim;

	if (c != '-' && (c < '0' || c > '9'))
		return (md_jl_error(r, "%s: expected an integer, found %s",
		    what, md_jl_what(c)));
	if (md_jl_number(r, n) != 0)
		return (-1);
	lim = unsig ? UINT64_MAX : n->jn_neg ? (uint64_t)INT64_MAX + 1 :
	    (uint64_t)INT64_MAX;
	r->jl_p = n->jn_text;	/* the errors point at the number */
	if (n->jn_nfrac > 0 || n->jn_len != n->jn_nint + (size_t)n->jn_neg)
		return (md_jl_error(r, "%s: %.*s is not an integer", what,
		    (int)n->jn_len, n->jn_text));
	if (unsig && n->jn_neg && !(n->jn_nint == 1 && *n->jn_int == '0'))
		return (md_jl_error(r, "%s: %.*s is negative", what,
		    (int)n->jn_len, n->jn_text));
	if (md_jl_magnitude(n, lim, vp) != 0)
		return (md_jl_error(r, "%s: %.*s is past the range of %s",
		    what, (int)n->jn_len, n->jn_text, unsig ? "64-bit counts" :
		    "64-bit integers"));
	r->jl_p += n->jn_len;
	return (0);
}

/*
 * A 64-bit signed integer; or null, when nullp is not NULL (*nullp then
 * says which).
 */
int
md_jl_int64(md_jline_t *r, const char *what, int64_t *vp, int *nullp)
{
	md_jnum_t n;
	uint64_t v;

	if (nullp != NULL)
		*nullp = 0;
	if (nullp != NULL && md_jl_peek(r) == 'n' && r->jl_end - r->jl_p >= 4 &&
	    memcmp(r->jl_p, "null", 4) == 0) {
		r->jl_p += 4;
		*nullp = 1;
		return (0);
	}
	if (md_jl_integer(r, what, 0, &n, &v) != 0)
		return (-1);
	*vp = !n.jn_neg ? (int64_t)v : v == (uint64_t)INT64_MAX + 1 ?
	    INT64_MIN : -(int64_t)v;
	return (0);
}

/* A 64-bit count: an integer from 0 to 2^64 - 1. */
int
md_jl_uint64(md_jline_t *r, const char *what, uint64_t *vp)
{
	md_jnum_t n;

	return (md_jl_integer(r, what, 1, &n, vp));
}

/*
 * A time in seconds, any JSON number from 0, in microseconds: exact to the
 * microsecond (what is finer is cut off), at most MD_JL_MAXTIME.  Read
 * from the digits, not through strtod(), which a locale could change.
 */
int
md_jl_time(md_jline_t *r, const char *what, int64_t *usp)
{
	int c = md_jl_peek(r);
	md_jnum_t n;
	uint64_t v = 0, d;
	long want;
	size_t k, nd;
	int over = 0;

	if (c != '-' && (c < '0' || c > '9'))
		return (md_jl_error(r, "\"%s\": expected a number of seconds, "
		    "found %s", what, md_jl_what(c)));
	if (md_jl_number(r, &n) != 0)
		return (-1);
	nd = n.jn_nint + n.jn_nfrac;
	want = (long)n.jn_nint + n.jn_exp + 6;	/* digits down to 1 us */
	for (k = 0; k < nd && (long)k < want && !over; k++) {
		d = (uint64_t)md_jl_digit(&n, k);
		if (!(over = v > (MD_JL_MAXTIME - d) / 10))
			v = v * 10 + d;
	}
	for (; v > 0 && (long)k < want && !over; k++) {
		if (!(over = v > MD_JL_MAXTIME / 10))
			v *= 10;
	}
	r->jl_p = n.jn_text;
	if (n.jn_neg && v > 0)
		return (md_jl_error(r, "\"%s\": %.*s is negative", what,
		    (int)n.jn_len, n.jn_text));
	if (over)
		return (md_jl_error(r, "\"%s\": %.*s seconds is too long a "
		    "time", what, (int)n.jn_len, n.jn_text));
	r->jl_p += n.jn_len;
	*usp = (int64_t)v;
	return (0);
}

/* The keys of a line's object; the first three must be there. */
static const char *const md_jl_ivkeys[] = {
	"start", "duration", "value", "drops", "errors"
};

#define	MD_JL_NIVKEYS	(sizeof (md_jl_ivkeys) / sizeof (md_jl_ivkeys[0]))
#define	MD_JL_MAXSTART	INT64_C(253402300799999999) /* 9999-12-31, in us */

/* The index of the decoded name in md_jl_ivkeys[], or MD_JL_NIVKEYS. */
static size_t
md_jl_ivkey(const md_buf_t *str)
{
	size_t i;

	for (i = 0; i < MD_JL_NIVKEYS; i++) {
		if (str->mb_len == strlen(md_jl_ivkeys[i]) && memcmp(
		    str->mb_data, md_jl_ivkeys[i], str->mb_len) == 0)
			break;
	}
	return (i);
}

/* The value of key i of the line. */
static int
md_jl_ivmember(md_jline_t *r, size_t i, md_jl_value_f value, void *arg,
    int64_t *startp, int64_t *durp)
{
	const char *at;
	uint64_t n;

	if (i == 0) {
		(void) md_jl_peek(r);
		at = r->jl_p;
		if (md_jl_time(r, "start", startp) != 0)
			return (-1);
		if (*startp <= MD_JL_MAXSTART)
			return (0);
		r->jl_p = at;
		return (md_jl_error(r, "\"start\" is past the year 9999"));
	}
	if (i == 1)
		return (md_jl_time(r, "duration", durp));
	if (i == 2)
		return (value(r, arg));
	return (md_jl_uint64(r, md_jl_ivkeys[i], &n));
}

int
md_jl_interval(md_jline_t *r, md_buf_t *str, md_jl_value_f value, void *arg,
    int64_t *startp, int64_t *durp)
{
	unsigned seen = 0;
	const char *at;
	size_t i;
	int c;

	if ((c = md_jl_peek(r)) != '{')
		return (md_jl_error(r, "%s, not an object: a line of meta-d "
		    "--run is {\"start\": S, \"duration\": D, \"value\": V}",
		    md_jl_what(c)));
	c = md_jl_open(r, '{', '}') == 1 ? '}' : ',';
	while (c == ',') {
		at = r->jl_p;
		if (md_jl_string(r, str) != 0 || md_jl_expect(r, ':') != 0)
			return (-1);
		if (md_buf_failed(str))
			return (md_error_nomem(r->jl_err));
		if ((i = md_jl_ivkey(str)) == MD_JL_NIVKEYS ||
		    (seen & (1U << i))) {
			r->jl_p = at;
			return (i < MD_JL_NIVKEYS ? md_jl_error(r, "\"%s\" "
			    "twice", md_jl_ivkeys[i]) : md_jl_error(r,
			    "unknown key \"%s\" (a line has start, duration, "
			    "value, and maybe drops and errors)",
			    md_buf_str(str)));
		}
		seen |= 1U << i;
		if (md_jl_ivmember(r, i, value, arg, startp, durp) != 0)
			return (-1);
		c = md_jl_either(r, ',', '}');
		(void) md_jl_peek(r);
	}
	for (i = 0; c == '}' && i < 3; i++) {
		if (!(seen & (1U << i)))
			return (md_jl_error(r, "no \"%s\" in the line",
			    md_jl_ivkeys[i]));
	}
	return (c == '}' ? md_jl_end(r) : -1);
}

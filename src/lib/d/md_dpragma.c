/*
 * md_dpragma.c: D's control lines, as dtrace reads and applies them.
 *
 * A control line is a '#' at the start of a line (after blanks), to the
 * end of the line.  dtrace's lexer reads it in a state of its own
 * (dt_lex.l's S3): words separated by blanks (space, tab, form feed,
 * vertical tab; a carriage return is part of a word), each an integer
 * when the whole word is one (RGX_INT, with its invalid digits and
 * overflow), a "string" (which a newline must not cut), or a name; no
 * comments.  At the newline it applies the line (dt_pragma.c); at the
 * end of the text, before any newline, it stops: "end-of-file encountered
 * before end of control line".
 *
 * Applying it: "#", "# N ["file" [state]]" and "#line", "#ident",
 * "#error" (which stops the program), "#pragma" and an unknown pragma
 * (ignored), and "#pragma D" with attributes, binding, depends_on, option
 * and the rest, each with its arguments checked as dt_pragma.c checks
 * them, in its words.  What only the system decides (an option's name
 * and value, a provider or module that must exist, an identifier a
 * pragma names) is taken.  Where illumos is the more lenient (a line
 * marker's fourth and later words), it is followed.
 *
 * Errors name the control line's line, or the next line where dtrace
 * names that (it has read the newline): a string cut by the newline, a
 * line marker, a string where a directive's name should be.
 */

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "md_impl.h"

typedef enum md_dpn {
	MD_DPN_END,
	MD_DPN_INT,
	MD_DPN_IDENT,
	MD_DPN_STRING
} md_dpn_t;

/* A word of a control line: its kind and its text (a string's quotes). */
typedef struct md_dpnode {
	md_dpn_t	pn_kind;
	size_t		pn_off;
	size_t		pn_len;
} md_dpnode_t;

typedef struct md_dpr {
	const char	*pr_buf;	/* the text */
	size_t		pr_len;
	size_t		pr_hash;	/* the control line's '#' */
	size_t		pr_end;		/* its newline, or pr_len */
	size_t		pr_erroff;
	char		*pr_msg;
	size_t		pr_msglen;
} md_dpr_t;

static int md_dpr_error(md_dpr_t *, size_t, const char *, ...)
    MD_PRINTFLIKE(3, 4);

static int
md_dpr_error(md_dpr_t *pr, size_t off, const char *fmt, ...)
{
	va_list ap;

	pr->pr_erroff = off;
	va_start(ap, fmt);
	(void) vsnprintf(pr->pr_msg, pr->pr_msglen, fmt, ap);
	va_end(ap);
	return (-1);
}

/* The text of a node, for a message: at most 64 bytes, one line. */
static const char *
md_dpr_shown(const md_dpr_t *pr, const md_dpnode_t *pn, char *buf,
    size_t buflen)
{
	char raw[65];
	size_t n = pn->pn_len < sizeof (raw) - 1 ? pn->pn_len :
	    sizeof (raw) - 1;

	(void) memcpy(raw, pr->pr_buf + pn->pn_off, n);
	raw[n] = '\0';
	md_msg_escape(buf, buflen, raw, n < pn->pn_len);
	return (buf);
}

/* Is the node the word s? */
static int
md_dpr_is(const md_dpr_t *pr, const md_dpnode_t *pn, const char *s)
{
	return (pn->pn_kind == MD_DPN_IDENT && pn->pn_len == strlen(s) &&
	    memcmp(pr->pr_buf + pn->pn_off, s, pn->pn_len) == 0);
}

/*
 * The word [i, j) as RGX_INT reads it: 0 if it is no integer (a name), 1
 * if it is one, -1 if it is one dtrace refuses (strtoull(): overflow, or
 * a digit its base has not).
 */
static int
md_dpr_int(md_dpr_t *pr, size_t i, size_t j)
{
	const char *b = pr->pr_buf;
	size_t k = i;
	unsigned base = 10, d;
	uint64_t v = 0;
	int n = (int)(j - i > 64 ? 64 : j - i);

	if (j - i > 2 && b[i] == '0' && (b[i + 1] | 0x20) == 'x' &&
	    isxdigit((unsigned char)b[i + 2])) {
		base = 16;
		for (k = i + 2; k < j && isxdigit((unsigned char)b[k]); k++)
			continue;
	} else {
		base = b[i] == '0' ? 8 : 10;
		for (; k < j && isdigit((unsigned char)b[k]); k++)
			continue;
		if (k == i)
			return (0);
	}
	if (k < j && (b[k] | 0x20) == 'u')
		k++;
	if (k < j && (b[k] | 0x20) == 'l')
		k++;
	if (k < j && (b[k] | 0x20) == 'l')
		k++;
	if (k != j)
		return (0);
	for (k = base == 16 ? i + 2 : i; k < j; k++) {
		if (!isxdigit((unsigned char)b[k]))
			return (1);
		d = isdigit((unsigned char)b[k]) ? (unsigned)(b[k] - '0') :
		    (unsigned)((b[k] | 0x20) - 'a' + 10);
		if (d >= base)
			return (md_dpr_error(pr, i, "constant %.*s contains "
			    "invalid digit %c", n, b + i, b[k]));
		if (v > (UINT64_MAX - d) / base)
			return (md_dpr_error(pr, i, "constant %.*s results in "
			    "integer overflow", n, b + i));
		v = v * base + d;
	}
	return (1);
}

/* A blank of a control line: space, tab, form feed, vertical tab. */
static int
md_dpr_blank(char c)
{
	return (c == ' ' || c == '\t' || c == '\f' || c == '\v');
}

/*
 * The node from *posp, as S3 reads it; *posp moves past it.  Returns 0,
 * or -1 with the lexer's error: a string a newline cuts (dtrace has read
 * the newline), a string the text or a '\' before the newline cuts (its
 * '"' is "syntax error"), an integer dtrace refuses.
 */
static int
md_dpr_node(md_dpr_t *pr, size_t *posp, md_dpnode_t *pn)
{
	const char *b = pr->pr_buf;
	size_t i = *posp, j;
	int rv;

	while (i < pr->pr_end && md_dpr_blank(b[i]))
		i++;
	pn->pn_off = i;
	if (i == pr->pr_end) {
		pn->pn_kind = MD_DPN_END;
		pn->pn_len = 0;
		return (0);
	}
	if (b[i] == '"') {
		for (j = i + 1; j < pr->pr_end && b[j] != '"'; j++) {
			if (b[j] == '\\' && ++j == pr->pr_end)
				return (md_dpr_error(pr, i, "syntax error "
				    "near '\"'"));
		}
		if (j == pr->pr_len)
			return (md_dpr_error(pr, i, "syntax error near '\"'"));
		if (j == pr->pr_end)
			return (md_dpr_error(pr, j + 1, "newline encountered "
			    "in string literal"));
		pn->pn_kind = MD_DPN_STRING;
		j++;
	} else {
		for (j = i; j < pr->pr_end && !md_dpr_blank(b[j]) &&
		    b[j] != '"'; j++)
			continue;
		if ((rv = md_dpr_int(pr, i, j)) < 0)
			return (-1);
		pn->pn_kind = rv ? MD_DPN_INT : MD_DPN_IDENT;
	}
	pn->pn_len = j - i;
	*posp = j;
	return (0);
}

/* The next node, which the first reading found to be no error. */
static md_dpn_t
md_dpr_next(md_dpr_t *pr, size_t *posp, md_dpnode_t *pn)
{
	(void) md_dpr_node(pr, posp, pn);
	return (pn->pn_kind);
}

/*
 * dtrace_str2attr(): up to three parts separated by '/', a stability, a
 * stability and a class, each named in any case; what is left out is
 * taken, an empty part is not.
 */
static int
md_dpr_attr(const char *s, size_t n)
{
	static const char *const names[] = { "Internal", "Private",
	    "Obsolete", "External", "Unstable", "Evolving", "Stable",
	    "Standard", NULL, "Unknown", "CPU", "Platform", "Group", "ISA",
	    "Common", NULL };
	const char *end = s + n, *p;
	size_t part = 0, k, len;

	while (s < end) {
		if (part == 3)
			return (-1);
		for (p = s; p < end && *p != '/'; p++)
			continue;
		len = (size_t)(p - s);
		for (k = part < 2 ? 0 : 9; names[k] != NULL; k++) {
			if (strlen(names[k]) == len &&
			    strncasecmp(names[k], s, len) == 0)
				break;
		}
		if (names[k] == NULL)
			return (-1);
		part++;
		s = p < end ? p + 1 : p;
	}
	return (0);
}

/*
 * dt_version_str2num(), on a string literal's value: digits and at most
 * two dots, each number within its bound, as dtrace's int computes it.
 */
static int
md_dpr_version(const md_dpr_t *pr, const md_dpnode_t *pn)
{
	static const int32_t max[3] = { 0xff, 0xfff, 0xfff };
	size_t i = pn->pn_off + 1, end = pn->pn_off + pn->pn_len - 1, k = 0;
	uint32_t n[3] = { 0, 0, 0 };
	int c;

	while ((c = md_dlex_strbyte(pr->pr_buf, &i, end)) != -1) {
		if (c >= '0' && c <= '9')
			n[k] = n[k] * 10 + (uint32_t)(c - '0');
		else if (c != '.' || k++ >= 2)
			return (-1);
	}
	for (k = 0; k < 3; k++) {
		if ((int32_t)n[k] > max[k])
			return (-1);
	}
	return (0);
}

/* #pragma D attributes ATTRIBUTES NAME (and more, which is taken) */
static int
md_dpr_attributes(md_dpr_t *pr, size_t pos)
{
	md_dpnode_t a, n;

	if (md_dpr_next(pr, &pos, &a) != MD_DPN_IDENT ||
	    md_dpr_next(pr, &pos, &n) != MD_DPN_IDENT)
		return (md_dpr_error(pr, pr->pr_hash, "malformed #pragma "
		    "attributes <attributes> <ident>"));
	if (md_dpr_attr(pr->pr_buf + a.pn_off, a.pn_len) != 0)
		return (md_dpr_error(pr, a.pn_off, "invalid attributes "
		    "specified by #pragma attributes"));
	return (0);
}

/* #pragma D binding "VERSION" NAME */
static int
md_dpr_binding(md_dpr_t *pr, size_t pos)
{
	md_dpnode_t v, n;

	if (md_dpr_next(pr, &pos, &v) != MD_DPN_STRING ||
	    md_dpr_next(pr, &pos, &n) != MD_DPN_IDENT)
		return (md_dpr_error(pr, pr->pr_hash, "malformed #pragma "
		    "binding \"version\" <ident>"));
	if (md_dpr_version(pr, &v) != 0)
		return (md_dpr_error(pr, v.pn_off, "invalid version string "
		    "specified by #pragma binding"));
	return (0);
}

/*
 * #pragma D depends_on CLASS NAME: a provider or a module (which only the
 * system has or not), or a library, which only a library may depend on.
 */
static int
md_dpr_depends(md_dpr_t *pr, size_t pos)
{
	md_dpnode_t c, n;
	char shown[MD_ERRMSGLEN / 2];

	if (md_dpr_next(pr, &pos, &c) != MD_DPN_IDENT ||
	    md_dpr_next(pr, &pos, &n) != MD_DPN_IDENT)
		return (md_dpr_error(pr, pr->pr_hash, "malformed #pragma "
		    "depends_on <class> <name>"));
	if (md_dpr_is(pr, &c, "provider") || md_dpr_is(pr, &c, "module"))
		return (0);
	if (md_dpr_is(pr, &c, "library"))
		return (md_dpr_error(pr, c.pn_off, "main program may not "
		    "explicitly depend on a library"));
	return (md_dpr_error(pr, c.pn_off, "invalid class %s specified by "
	    "#pragma depends_on", md_dpr_shown(pr, &c, shown,
	    sizeof (shown))));
}

/*
 * #error and #pragma error: the program stops, with the words and the
 * strings' values after it, each followed by a blank (the last one is
 * left out here).
 */
static int
md_dpr_err(md_dpr_t *pr, size_t pos)
{
	char raw[MD_ERRMSGLEN], shown[MD_ERRMSGLEN];
	size_t o = 0, i, end;
	md_dpnode_t w;
	int c;

	while (md_dpr_next(pr, &pos, &w) != MD_DPN_END) {
		i = w.pn_off;
		end = w.pn_off + w.pn_len;
		if (w.pn_kind == MD_DPN_INT)
			continue;
		if (w.pn_kind == MD_DPN_STRING) {
			i++;
			end--;
		}
		while (o < sizeof (raw) - 2 && i < end && (c =
		    w.pn_kind == MD_DPN_STRING ? md_dlex_strbyte(pr->pr_buf,
		    &i, end) : (unsigned char)pr->pr_buf[i++]) > 0)
			raw[o++] = (char)c;
		if (o < sizeof (raw) - 2)
			raw[o++] = ' ';
	}
	while (o > 0 && raw[o - 1] == ' ')
		o--;
	raw[o] = '\0';
	md_msg_escape(shown, sizeof (shown) - 16, raw, 0);
	return (md_dpr_error(pr, pr->pr_hash, "#error: %s", shown));
}

/*
 * A line marker: "# N ["file" [state]]", #line and #pragma line.  Its
 * first node (from pos) is a number, a string may follow, and a number
 * after that (illumos looks no further).  Its errors name the next line
 * when the marker starts with the number (off).
 */
static int
md_dpr_line(md_dpr_t *pr, size_t pos, size_t off)
{
	md_dpnode_t n;

	if (md_dpr_next(pr, &pos, &n) != MD_DPN_INT ||
	    (md_dpr_next(pr, &pos, &n) != MD_DPN_END &&
	    (n.pn_kind != MD_DPN_STRING || (md_dpr_next(pr, &pos, &n) !=
	    MD_DPN_END && n.pn_kind != MD_DPN_INT))))
		return (md_dpr_error(pr, off, "malformed #line <line> "
		    "[ [\"file\"] state ]"));
	return (0);
}

/* #pragma D option NAME[=VALUE], and nothing after it */
static int
md_dpr_option(md_dpr_t *pr, size_t pos)
{
	md_dpnode_t n;

	if (md_dpr_next(pr, &pos, &n) != MD_DPN_IDENT)
		return (md_dpr_error(pr, pr->pr_hash, "malformed #pragma "
		    "option <option>=<val>"));
	if (md_dpr_next(pr, &pos, &n) != MD_DPN_END)
		return (md_dpr_error(pr, n.pn_off, "superfluous arguments "
		    "specified for #pragma option"));
	return (0);
}

/* dt_pragma.c's directives, and after which words each may come. */
#define	MD_DPR_DIR	0	/* after "#" */
#define	MD_DPR_SUB	1	/* after "#pragma" */
#define	MD_DPR_DCP	2	/* after "#pragma D" only */

static const struct {
	const char	*pd_name;
	int		pd_kind;
} md_dpr_directives[] = {
	{ "attributes", MD_DPR_DCP }, { "binding", MD_DPR_DCP },
	{ "depends_on", MD_DPR_DCP }, { "error", MD_DPR_DIR },
	{ "ident", MD_DPR_DIR }, { "line", MD_DPR_DIR },
	{ "option", MD_DPR_DCP }
};

/* Apply the directive d, its arguments from pos. */
static int
md_dpr_apply(md_dpr_t *pr, size_t d, size_t pos)
{
	switch (md_dpr_directives[d].pd_name[0]) {
	case 'a':
		return (md_dpr_attributes(pr, pos));
	case 'b':
		return (md_dpr_binding(pr, pos));
	case 'd':
		return (md_dpr_depends(pr, pos));
	case 'e':
		return (md_dpr_err(pr, pos));
	case 'l':
		return (md_dpr_line(pr, pos, pr->pr_hash));
	case 'o':
		return (md_dpr_option(pr, pos));
	default:
		return (0);		/* ident */
	}
}

/* dt_pragma(): the words of a line that the lexer took, applied. */
static int
md_dpr_pragma(md_dpr_t *pr)
{
	size_t pos = pr->pr_hash + 1, at, d;
	int kind = MD_DPR_DIR;
	char shown[MD_ERRMSGLEN / 2];
	md_dpnode_t w;

	for (;;) {
		at = pos;
		switch (md_dpr_next(pr, &pos, &w)) {
		case MD_DPN_END:
			return (0);	/* "#", "#pragma", "#pragma D" */
		case MD_DPN_INT:
			return (md_dpr_line(pr, at, pr->pr_end + 1));
		case MD_DPN_STRING:
			return (md_dpr_error(pr, pr->pr_end + 1, "invalid "
			    "control directive"));
		default:
			break;
		}
		if (kind == MD_DPR_DIR && md_dpr_is(pr, &w, "pragma")) {
			kind = MD_DPR_SUB;
			continue;
		}
		if (kind == MD_DPR_SUB && md_dpr_is(pr, &w, "D")) {
			kind = MD_DPR_DCP;
			continue;
		}
		for (d = 0; d < sizeof (md_dpr_directives) /
		    sizeof (md_dpr_directives[0]); d++) {
			if (md_dpr_directives[d].pd_kind <= kind &&
			    md_dpr_is(pr, &w, md_dpr_directives[d].pd_name))
				return (md_dpr_apply(pr, d, pos));
		}
		if (kind == MD_DPR_SUB)
			return (0);	/* an unknown pragma is ignored */
		(void) md_dpr_shown(pr, &w, shown, sizeof (shown));
		if (kind == MD_DPR_DIR)
			return (md_dpr_error(pr, pr->pr_hash, "invalid "
			    "control directive: #%s", shown));
		return (md_dpr_error(pr, pr->pr_hash, "invalid D pragma: %s",
		    shown));
	}
}

/*
 * The control line whose '#' is at offset off of the text (len bytes):
 * read, then applied.  Returns 0, or -1 with dtrace's message in msg
 * (msglen bytes) and the offset of the fault in *offp.
 */
int
md_dpragma(const char *text, size_t len, size_t off, size_t *offp,
    char *msg, size_t msglen)
{
	const char *nl = memchr(text + off, '\n', len - off);
	md_dpr_t pr;
	md_dpnode_t w;
	size_t pos = off + 1;

	pr.pr_buf = text;
	pr.pr_len = len;
	pr.pr_hash = off;
	pr.pr_end = nl != NULL ? (size_t)(nl - text) : len;
	pr.pr_erroff = off;
	pr.pr_msg = msg;
	pr.pr_msglen = msglen;
	do {
		if (md_dpr_node(&pr, &pos, &w) != 0) {
			*offp = pr.pr_erroff;
			return (-1);
		}
	} while (w.pn_kind != MD_DPN_END);
	if (pr.pr_end == len)
		(void) md_dpr_error(&pr, len, "end-of-file encountered before "
		    "end of control line");
	else if (md_dpr_pragma(&pr) == 0)
		return (0);
	*offp = pr.pr_erroff;
	return (-1);
}

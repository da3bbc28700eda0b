/*
 * md_error.c: error codes and messages.
 *
 * A library call that fails fills the caller's md_error_t with a code and a
 * message; there is no global error state.  Messages quote pieces of the
 * input (field names, predicate text), so they are made safe for a terminal
 * here: control characters and bytes that are not UTF-8 are written as \ooo
 * escapes, and the message stays on one line.  The command line's own
 * messages go through the same md_msg_escape().
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

static const char *const md_errstrs[] = {
	[MD_ERR_NONE] = "no error",
	[MD_ERR_NOMEM] = "out of memory",
	[MD_ERR_JSON] = "not a JSON document",
	[MD_ERR_INVALID] = "invalid metric",
	[MD_ERR_PREDICATE] = "invalid predicate",
	[MD_ERR_FIELD] = "unknown field",
	[MD_ERR_ZONE] = "invalid zone name",
	[MD_ERR_TRANSLATE] = "cannot generate the script",
	[MD_ERR_LIMIT] = "input too large",
	[MD_ERR_OPTION] = "invalid DTrace option",
	[MD_ERR_D] = "invalid D",
	[MD_ERR_LINE] = "not a line of meta-d --run",
	[MD_ERR_ARG] = "invalid argument",
	[MD_ERR_SYSTEM] = "system call failed"
};

const char *
md_errstr(md_errcode_t code)
{
	if ((size_t)code >= sizeof (md_errstrs) / sizeof (md_errstrs[0]))
		return ("unknown error");
	return (md_errstrs[code]);
}

/*
 * Is the character at p (n bytes of UTF-8) one a terminal obeys rather
 * than shows?  C1 controls (U+0080 to U+009F), the marks and overrides
 * that turn text around (U+061C, U+200E, U+200F, U+202A to U+202E,
 * U+2066 to U+2069), and the line and paragraph separators (U+2028,
 * U+2029), which would break the message's one line.
 */
static int
md_msg_unsafe(const unsigned char *p, size_t n)
{
	if (n == 2)
		return ((p[0] == 0xc2 && p[1] <= 0x9f) ||
		    (p[0] == 0xd8 && p[1] == 0x9c));
	if (n != 3 || p[0] != 0xe2)
		return (0);
	return ((p[1] == 0x80 && (p[2] == 0x8e || p[2] == 0x8f ||
	    (p[2] >= 0xa8 && p[2] <= 0xae))) ||
	    (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9));
}

/*
 * Copy src to dst (dstlen bytes) for a message: control characters (C0,
 * DEL, C1), marks that turn text around, and bytes that are not UTF-8
 * become \ooo, a byte each, so the message is one line of text, shown
 * as it is, on any terminal.  If it does not fit, or cut is set (src was
 * cut already), it ends with "...".
 */
void
md_msg_escape(char *dst, size_t dstlen, const char *src, int cut)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t o = 0, room = dstlen - 4, n, left = strlen(src), esc = 0;

	while (*p != '\0') {
		if (esc == 0) {
			n = md_utf8_len(p, left);
			if ((n == 1 && (*p < 0x20 || *p == 0x7f)) ||
			    md_msg_unsafe(p, n))
				esc = n;
			else if (n == 0)
				esc = 1;
		}
		if (esc > 0) {
			if (o + 4 > room)
				break;
			(void) snprintf(dst + o, 5, "\\%03o", *p);
			o += 4;
			p++;
			left--;
			esc--;
			continue;
		}
		if (o + n > room)
			break;
		(void) memcpy(dst + o, p, n);
		o += n;
		p += n;
		left -= n;
	}
	if (*p != '\0' || cut) {
		(void) memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = '\0';
}

int
md_error_vset(md_error_t *err, md_errcode_t code, const char *fmt,
    va_list ap)
{
	char raw[MD_ERRMSGLEN];
	int n;

	if (err == NULL)
		return (-1);
	n = vsnprintf(raw, sizeof (raw), fmt, ap);
	err->mde_code = code;
	md_msg_escape(err->mde_msg, sizeof (err->mde_msg), raw,
	    n < 0 || (size_t)n >= sizeof (raw));
	return (-1);
}

int
md_error_set(md_error_t *err, md_errcode_t code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) md_error_vset(err, code, fmt, ap);
	va_end(ap);
	return (-1);
}

int
md_error_nomem(md_error_t *err)
{
	return (md_error_set(err, MD_ERR_NOMEM, "out of memory"));
}

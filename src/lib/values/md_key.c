/*
 * md_key.c: a key of an aggregation as every output shows it (SPEC 8.1).
 *
 * The traced programs choose a key's bytes: any user names a process (15
 * bytes, any of them but NUL, through prctl()), its files, its threads.
 * An output that wrote two different keys alike would let one program's
 * counts pass for another's: a process named "caf" and the byte E9
 * (Latin-1) written as "caf\u00e9" in JSON is, to every JSON parser, the
 * UTF-8 "café", another program's name, and Prometheus' U+FFFD for bytes
 * that are not UTF-8 made two series one.  So a key is written as its
 * text where it is UTF-8, a backslash as two backslashes, and each byte
 * that is no part of UTF-8 as \xHH: no two keys have one form, and every
 * form is UTF-8, which JSON, Prometheus' labels and SVG then escape as
 * they must.
 */

#include "md_impl.h"

static const char md_key_hex[] = "0123456789abcdef";

/* The form of the byte sequence at p (n bytes of it UTF-8, or 0): out. */
static size_t
md_key_piece(const char *p, size_t n, char *out)
{
	unsigned char c = (unsigned char)*p;

	if (n == 0) {
		out[0] = '\\';
		out[1] = 'x';
		out[2] = md_key_hex[c >> 4];
		out[3] = md_key_hex[c & 0xf];
		return (4);
	}
	if (c == '\\') {
		out[0] = out[1] = '\\';
		return (2);
	}
	(void) memcpy(out, p, n);
	return (n);
}

void
md_key_put(md_buf_t *b, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	char out[4];
	size_t i = 0, n;

	while (i < len) {
		n = md_utf8_len(u + i, len - i);
		md_buf_append(b, out, md_key_piece(s + i, n, out));
		i += n == 0 ? 1 : n;
	}
}

size_t
md_key_form(char *dst, size_t dstlen, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0, end = 0, n, k;
	char out[4];
	int cut = 0;

	while (i < len) {
		n = md_utf8_len(u + i, len - i);
		k = md_key_piece(s + i, n, out);
		if (!cut && o + k < dstlen) {	/* no piece cut in halves */
			(void) memcpy(dst + o, out, k);
			end = o + k;
		} else {
			cut = 1;
		}
		o += k;
		i += n == 0 ? 1 : n;
	}
	if (dstlen > 0)
		dst[end] = '\0';
	return (o);
}

/*
 * md_utf8.c: UTF-8, as RFC 3629 has it, for what meta-d reads (metrics,
 * predicates) and quotes in messages.
 */

#include "md_impl.h"

/*
 * The length of the UTF-8 sequence at p (at most n bytes), or 0 if it is
 * not well formed: no overlong forms, no surrogates, nothing past U+10FFFF.
 */
size_t
md_utf8_len(const unsigned char *p, size_t n)
{
	size_t len, i;
	unsigned long cp;

	if (p[0] < 0x80)
		return (1);
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		cp = p[0] & 0x07;
	} else {
		return (0);
	}
	if (len > n)
		return (0);
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return (0);
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return (0);
	return (len);
}

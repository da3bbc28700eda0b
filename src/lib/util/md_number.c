/*
 * md_number.c: numbers printed as JavaScript prints them.
 *
 * The original printed predicate values with Number.prototype.toString(),
 * so meta-d follows ECMAScript's Number::toString: the shortest decimal
 * digits that read back as the same double, then plain notation for
 * 1e-6 <= |x| < 1e21 and exponent notation ("1e+21", "1.5e-7") otherwise.
 *
 * The shortest digits come from printf's correctly rounded %.*e at rising
 * precision, each checked by reading it back with strtod.  Only digits and
 * the exponent are taken from that text, so the locale's decimal point does
 * not matter.
 *
 * Integers, and fixed-point numbers (an integer count of hundredths of a
 * pixel, of microseconds), are printed exactly, digit by digit, without
 * printf or a double: an integer in decimal, a fixed-point number as its
 * exact decimal with no trailing zero ("12", "12.5", "0.000125"), which
 * is how JavaScript prints it while it has at most 15 significant digits
 * and 6 places.  The heat map's SVG (md_hmsvg.c) is made of them.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/*
 * The shortest significant digits of x > 0 (at most 17, no trailing zeros)
 * into digits, and the decimal exponent n such that x = 0.DIGITS * 10^n.
 */
static size_t
md_number_digits(double x, char digits[18], int *np)
{
	char tmp[40];
	const char *p;
	size_t k = 0;
	int prec;

	for (prec = 1; prec <= 17; prec++) {
		(void) snprintf(tmp, sizeof (tmp), "%.*e", prec - 1, x);
		if (strtod(tmp, NULL) == x)
			break;
	}
	for (p = tmp; *p != 'e' && *p != 'E' && *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9' && k < 17)
			digits[k++] = *p;
	}
	*np = (*p == '\0' ? 0 : atoi(p + 1)) + 1;
	while (k > 1 && digits[k - 1] == '0')
		k--;
	digits[k] = '\0';
	return (k);
}

/*
 * Print x into buf (at least MD_NUMBUFLEN bytes).  Returns -1 if x is not
 * finite: JavaScript would print NaN or Infinity, which are not D.
 */
int
md_number_format(double x, char *buf, size_t len)
{
	char digits[18], *o = buf;
	size_t k, i;
	int n;

	if (len < MD_NUMBUFLEN || !isfinite(x))
		return (-1);
	if (x == 0) {			/* 0 and -0 */
		(void) strcpy(buf, "0");
		return (0);
	}
	if (x < 0) {
		*o++ = '-';
		x = -x;
	}
	k = md_number_digits(x, digits, &n);

	if ((int)k <= n && n <= 21) {
		/* 123, 123456789012345680000 */
		(void) memcpy(o, digits, k);
		o += k;
		for (i = k; i < (size_t)n; i++)
			*o++ = '0';
	} else if (0 < n && n <= 21) {
		/* 100.25 */
		(void) memcpy(o, digits, (size_t)n);
		o += n;
		*o++ = '.';
		(void) memcpy(o, digits + n, k - (size_t)n);
		o += k - (size_t)n;
	} else if (-6 < n && n <= 0) {
		/* 0.000001 */
		*o++ = '0';
		*o++ = '.';
		for (i = 0; i < (size_t)-n; i++)
			*o++ = '0';
		(void) memcpy(o, digits, k);
		o += k;
	} else {
		/* 1e+21, 1.5e-7 */
		*o++ = digits[0];
		if (k > 1) {
			*o++ = '.';
			(void) memcpy(o, digits + 1, k - 1);
			o += k - 1;
		}
		o += snprintf(o, len - (size_t)(o - buf), "e%c%d",
		    n - 1 < 0 ? '-' : '+', n - 1 < 0 ? 1 - n : n - 1);
	}
	*o = '\0';
	return (0);
}

/* v in decimal at p (20 bytes or more, no NUL written); its length. */
size_t
md_number_uint(char *p, uint64_t v)
{
	char t[24];
	size_t n = 0, i;

	do {
		t[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	for (i = 0; i < n; i++)
		p[i] = t[n - 1 - i];
	return (n);
}

/*
 * v / 10^places (places at most 18) at p (MD_FIXEDLEN bytes or more, no
 * NUL written), exactly, with no trailing zero: "12", "-12.5", "0.05".
 * Its length.
 */
size_t
md_number_fixed(char *p, int64_t v, unsigned places)
{
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v, scale = 1, f;
	size_t n = 0;
	unsigned i;

	for (i = 0; i < places; i++)
		scale *= 10;
	if (v < 0)
		p[n++] = '-';
	n += md_number_uint(p + n, u / scale);
	if ((f = u % scale) == 0)
		return (n);
	p[n++] = '.';
	for (; f != 0; f %= scale) {	/* the places, down to the last */
		scale /= 10;		/* that is not 0 */
		p[n++] = (char)('0' + f / scale);
	}
	return (n);
}

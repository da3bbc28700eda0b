/*
 * md_unit.c: the units a metric gives its quantities (SPEC section 1),
 * and a quantity printed in its unit for a person to read.
 *
 * Five units are scaled: nanoseconds, microseconds, milliseconds and
 * seconds (times) and bytes.  Any other word is a plain unit ("requests"):
 * shown after the number as given, never scaled.
 *
 * md_unit_format() prints a value as a person reads it: a time in the
 * largest of ns, us, ms and s that keeps it at 1 or more ("1.5 ms"),
 * bytes in B, KiB, MiB, GiB, TiB (powers of 1,024, as dtrace's own
 * options are), with three significant digits at most ("1.02 us",
 * "999 us", "12.3 MiB"); a plain unit's value as a number and the
 * word.  A value below the smallest step prints in it ("0 ns").
 * md_unit_axis() is the same for an axis's labels: the micro sign for
 * microseconds ("10 \u00b5s") and SI prefixes (k, M, G, T, P) for a plain
 * unit's values and for numbers with no unit ("10k requests").
 * md_unit_symbol() is a time unit's symbol as those labels write it
 * ("\u00b5s" for microseconds), for a title.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "md_impl.h"

static const struct {
	const char	*un_name;
	uint64_t	un_ns;
	const char	*un_sym;	/* as an axis or a title shows it */
} md_unit_times[] = {
	{ "nanoseconds", 1, "ns" },
	{ "microseconds", 1000, "\xc2\xb5s" },
	{ "milliseconds", 1000000, "ms" },
	{ "seconds", 1000000000, "s" },
};

#define	MD_UNIT_NTIMES	(sizeof (md_unit_times) / sizeof (md_unit_times[0]))

md_unitkind_t
md_unit_kind(const char *unit, uint64_t *nsp)
{
	size_t i;

	if (unit == NULL || *unit == '\0')
		return (MD_UNIT_NONE);
	for (i = 0; i < MD_UNIT_NTIMES; i++) {
		if (strcmp(unit, md_unit_times[i].un_name) == 0) {
			if (nsp != NULL)
				*nsp = md_unit_times[i].un_ns;
			return (MD_UNIT_TIME);
		}
	}
	return (strcmp(unit, "bytes") == 0 ? MD_UNIT_BYTES : MD_UNIT_PLAIN);
}

/* x (>= 0) with at most three significant digits, no trailing zero. */
static void
md_unit_digits(char *buf, size_t len, double x)
{
	int places = x >= 99.95 ? 0 : x >= 9.995 ? 1 : 2;
	char *p;

	if (x >= 1e15) {		/* past what a person counts */
		(void) snprintf(buf, len, "%.3g", x);
		return;
	}
	(void) snprintf(buf, len, "%.*f", places, x);
	if (places == 0 || (p = strchr(buf, '.')) == NULL)
		return;
	p += strlen(p);
	while (p[-1] == '0')
		*--p = '\0';
	if (p[-1] == '.')
		p[-1] = '\0';
}

/* x (>= 0) scaled by step into the largest of names that keeps it >= 1. */
static size_t
md_unit_scale(double *xp, double step, size_t n)
{
	size_t i = 0;
	double next;

	for (; i + 1 < n; i++) {
		next = *xp / step;
		if (next < 0.9995)
			break;
		*xp = next;
	}
	return (i);
}

/* v in unit into buf; axis: md_unit_axis()'s names. */
static size_t
md_unit_put(char *buf, size_t len, const char *unit, double v, int axis)
{
	static const char *const tn[] = { "ns", "us", "ms", "s" };
	static const char *const bn[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	static const char *const si[] = { "", "k", "M", "G", "T", "P" };
	const char *const *names = tn, *sign = v < 0 ? "-" : "";
	md_unitkind_t kind = md_unit_kind(unit, NULL);
	double x = fabs(v), step = 1000;
	char num[48];
	size_t i, n = 4;
	uint64_t ns = 1;

	if (!isfinite(v))
		return ((size_t)snprintf(buf, len, "%s", v != v ? "nan" :
		    v < 0 ? "-inf" : "inf"));
	if (axis && (kind == MD_UNIT_PLAIN || kind == MD_UNIT_NONE)) {
		i = md_unit_scale(&x, 1000, 6);
		md_unit_digits(num, sizeof (num), x);
		return ((size_t)snprintf(buf, len, "%s%s%s%s%s", sign, num,
		    si[i], kind == MD_UNIT_PLAIN ? " " : "",
		    kind == MD_UNIT_PLAIN ? unit : ""));
	}
	switch (md_unit_kind(unit, &ns)) {
	case MD_UNIT_TIME:
		x *= (double)ns;
		break;
	case MD_UNIT_BYTES:
		names = bn;
		n = 5;
		step = 1024;
		break;
	case MD_UNIT_PLAIN:
		if (x == floor(x) && x < 1e15)
			(void) snprintf(num, sizeof (num), "%.0f", x);
		else
			md_unit_digits(num, sizeof (num), x);
		return ((size_t)snprintf(buf, len, "%s%s %s", sign, num, unit));
	default:
		if (x == floor(x) && x < 1e15)
			return ((size_t)snprintf(buf, len, "%s%.0f", sign, x));
		md_unit_digits(num, sizeof (num), x);
		return ((size_t)snprintf(buf, len, "%s%s", sign, num));
	}
	i = md_unit_scale(&x, step, n);
	md_unit_digits(num, sizeof (num), x);
	return ((size_t)snprintf(buf, len, "%s%s %s", sign, num, axis &&
	    names == tn ? md_unit_times[i].un_sym : names[i]));
}

size_t
md_unit_format(char *buf, size_t len, const char *unit, double v)
{
	return (md_unit_put(buf, len, unit, v, 0));
}

size_t
md_unit_axis(char *buf, size_t len, const char *unit, double v)
{
	return (md_unit_put(buf, len, unit, v, 1));
}

const char *
md_unit_symbol(const char *unit)
{
	size_t i;

	for (i = 0; unit != NULL && i < MD_UNIT_NTIMES; i++)
		if (strcmp(unit, md_unit_times[i].un_name) == 0)
			return (md_unit_times[i].un_sym);
	return (unit);
}

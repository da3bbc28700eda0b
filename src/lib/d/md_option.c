/*
 * md_option.c: the syntax of what DTrace takes: its consumer options
 * ("#pragma D option NAME=VALUE"), tick intervals and durations.
 *
 * The options are DTrace's consumer options (dtrace(1M), "Options and
 * Tunables"), each with the kind of value it takes: a size ("4m"), a time
 * or rate ("10ms", "101hz"), a number, one of a few words, or none (a
 * flag).  md_option_takes() holds a value to that syntax, so that no
 * option can carry anything else into a script; md_request.c says, in
 * words, what is wrong with one that breaks it.  "zone" is not among
 * them: meta-d writes that pragma itself from -z.
 */

#include <stdint.h>
#include <string.h>

#include "md_impl.h"

#define	MD_NANOSEC	((uint64_t)1000000000)

typedef enum md_okind {
	MDO_FLAG,	/* no value */
	MDO_SIZE,	/* 123, 4k, 16m, 1g, 2t */
	MDO_TIME,	/* 123, 10ns, 5ms, 1s, 2min, 101hz */
	MDO_SCALAR,	/* 123 */
	MDO_WORD	/* one of od_words */
} md_okind_t;

struct md_optdef {
	const char	*od_name;
	md_okind_t	od_kind;
	const char	*od_words;	/* MDO_WORD: "a|b|c" */
};

static const md_optdef_t md_options[] = {
	{ "agghist", MDO_FLAG, NULL },
	{ "aggpack", MDO_FLAG, NULL },
	{ "aggpercpu", MDO_FLAG, NULL },
	{ "aggrate", MDO_TIME, NULL },
	{ "aggsize", MDO_SIZE, NULL },
	{ "aggsortkey", MDO_FLAG, NULL },
	{ "aggsortkeypos", MDO_SCALAR, NULL },
	{ "aggsortpos", MDO_SCALAR, NULL },
	{ "aggsortrev", MDO_FLAG, NULL },
	{ "aggzoom", MDO_FLAG, NULL },
	{ "bufpolicy", MDO_WORD, "fill|ring|switch" },
	{ "bufresize", MDO_WORD, "auto|manual" },
	{ "bufsize", MDO_SIZE, NULL },
	{ "cleanrate", MDO_TIME, NULL },
	{ "cpu", MDO_SCALAR, NULL },
	{ "defaultargs", MDO_FLAG, NULL },
	{ "destructive", MDO_FLAG, NULL },
	{ "dynvarsize", MDO_SIZE, NULL },
	{ "flowindent", MDO_FLAG, NULL },
	{ "grabanon", MDO_FLAG, NULL },
	{ "jstackframes", MDO_SCALAR, NULL },
	{ "jstackstrsize", MDO_SCALAR, NULL },
	{ "nspec", MDO_SCALAR, NULL },
	{ "quiet", MDO_FLAG, NULL },
	{ "rawbytes", MDO_FLAG, NULL },
	{ "specsize", MDO_SIZE, NULL },
	{ "stackframes", MDO_SCALAR, NULL },
	{ "stackindent", MDO_SCALAR, NULL },
	{ "statusrate", MDO_TIME, NULL },
	{ "strsize", MDO_SIZE, NULL },
	{ "switchrate", MDO_TIME, NULL },
	{ "temporal", MDO_FLAG, NULL },
	{ "ustackframes", MDO_SCALAR, NULL },
	{ "zdefs", MDO_FLAG, NULL },
};

/*
 * Suffixes of times and rates, as dtrace takes them, and what each is in
 * nanoseconds; hz is a rate (the time is a second over it).
 */
static const struct {
	const char	*tu_name;
	uint64_t	tu_ns;
} md_time_units[] = {
	{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
	{ "ms", 1000000 }, { "msec", 1000000 }, { "s", MD_NANOSEC },
	{ "sec", MD_NANOSEC }, { "m", 60 * MD_NANOSEC },
	{ "min", 60 * MD_NANOSEC }, { "h", 3600 * MD_NANOSEC },
	{ "hour", 3600 * MD_NANOSEC }, { "d", 86400 * MD_NANOSEC },
	{ "day", 86400 * MD_NANOSEC }, { "hz", 0 }
};

#define	MD_NTIME	(sizeof (md_time_units) / sizeof (md_time_units[0]))

static const char md_size_units[] = "kKmMgGtT";

#define	MD_MAXDIGITS	19	/* below 10^19, so in 64 bits */
#define	MD_MAXRATE	1000000000	/* hz: a rate of one a nanosecond */
#define	MD_MINTICK	200000	/* ns: profile and tick fire at 5000hz at most */

/*
 * Digits, with no leading zero and no sign, into *np; then the rest of s
 * in *unitp ("" when there is none).  Returns 0, or -1 if s does not start
 * with such digits.
 */
static int
md_number(const char *s, uint64_t *np, const char **unitp)
{
	uint64_t v = 0;
	size_t n;

	for (n = 0; s[n] >= '0' && s[n] <= '9'; n++) {
		if (n == MD_MAXDIGITS)
			return (-1);
		v = v * 10 + (uint64_t)(s[n] - '0');
	}
	if (n == 0 || (s[0] == '0' && n > 1))
		return (-1);
	*np = v;
	*unitp = s + n;
	return (0);
}

/*
 * A time or a rate, in nanoseconds: digits and one of the time units, or
 * digits alone, which are a rate (bare_hz) or seconds.  Returns 0, or -1
 * if it is not one, is 0, or is more than 2^63 - 1 ns.
 */
static int
md_time_ns(const char *s, int bare_hz, uint64_t *nsp)
{
	const char *unit;
	uint64_t v, mult = 0;
	size_t i;
	int hz = 0;

	if (s == NULL || md_number(s, &v, &unit) != 0 || v == 0)
		return (-1);
	if (*unit == '\0') {
		hz = bare_hz;
		mult = MD_NANOSEC;
	} else {
		for (i = 0; i < MD_NTIME; i++) {
			if (strcmp(unit, md_time_units[i].tu_name) == 0)
				break;
		}
		if (i == MD_NTIME)
			return (-1);
		hz = md_time_units[i].tu_ns == 0;
		mult = md_time_units[i].tu_ns;
	}
	if (hz) {
		if (v > MD_MAXRATE)
			return (-1);
		*nsp = MD_NANOSEC / v;
		return (0);
	}
	if (v > (uint64_t)INT64_MAX / mult)
		return (-1);
	*nsp = v * mult;
	return (0);
}

/* Is s a time or rate, as a time option takes it? */
static int
md_time_valid(const char *s)
{
	uint64_t ns;

	return (md_time_ns(s, 1, &ns) == 0);
}

/* A size: digits and nothing, k, m, g or t; at most 2^63 - 1 bytes. */
static int
md_size_valid(const char *s)
{
	const char *unit, *u;
	uint64_t v, mult = 1;

	if (s == NULL || md_number(s, &v, &unit) != 0)
		return (0);
	if (*unit != '\0') {
		if (unit[1] != '\0' || (u = strchr(md_size_units, *unit)) ==
		    NULL)
			return (0);
		mult = (uint64_t)1 << (10 * (1 + (u - md_size_units) / 2));
	}
	return (v <= (uint64_t)INT64_MAX / mult);
}

/* A number dtrace keeps in an int: 0 to 2^31 - 1. */
static int
md_scalar_valid(const char *s)
{
	const char *unit;
	uint64_t v;

	return (s != NULL && md_number(s, &v, &unit) == 0 && *unit == '\0' &&
	    v <= INT32_MAX);
}

/* Is w one of the words of "a|b|c"? */
static int
md_word_in(const char *w, const char *words)
{
	size_t len = strlen(w);
	const char *p = words;

	while (len > 0) {
		if (strncmp(p, w, len) == 0 && (p[len] == '|' ||
		    p[len] == '\0'))
			return (1);
		if ((p = strchr(p, '|')) == NULL)
			return (0);
		p++;
	}
	return (0);
}

#define	MD_NOPTIONS	(sizeof (md_options) / sizeof (md_options[0]))

const md_optdef_t *
md_option_find(const char *name)
{
	size_t i;

	for (i = 0; i < MD_NOPTIONS; i++) {
		if (strcmp(name, md_options[i].od_name) == 0)
			return (&md_options[i]);
	}
	return (NULL);
}

/* Does option od take value (NULL: none)? */
int
md_option_takes(const md_optdef_t *od, const char *value)
{
	switch (od->od_kind) {
	case MDO_FLAG:
		return (value == NULL);
	case MDO_SIZE:
		return (md_size_valid(value));
	case MDO_TIME:
		return (md_time_valid(value));
	case MDO_SCALAR:
		return (md_scalar_valid(value));
	default:
		return (value != NULL && md_word_in(value, od->od_words));
	}
}

/* The syntax of od's values, in words; NULL for a flag. */
const char *
md_option_syntax(const md_optdef_t *od)
{
	switch (od->od_kind) {
	case MDO_FLAG:
		return (NULL);
	case MDO_SIZE:
		return ("a size, as 4m: digits and k, m, g or t, below 2^63 "
		    "bytes");
	case MDO_TIME:
		return ("a time or rate, as 10ms or 101hz: digits and ns, us, "
		    "ms, s, m, h, d or hz, at most 1000000000hz and below 2^63 "
		    "ns");
	case MDO_SCALAR:
		return ("a number from 0 to 2147483647");
	default:
		return (od->od_words);
	}
}

/* The option name is closest to, if it is close enough (md_suggest()). */
const char *
md_option_suggest(const char *name)
{
	const char *names[MD_NOPTIONS];
	size_t i;

	for (i = 0; i < MD_NOPTIONS; i++)
		names[i] = md_options[i].od_name;
	return (md_suggest(name, names, MD_NOPTIONS));
}

/*
 * A duration, as a profile probe takes it: digits alone (seconds) or one
 * of the time units but hz, from 200us (profile fires at 5000hz at most)
 * to 2^63 - 1 ns.
 */
int
md_duration_ns(const char *s, uint64_t *nsp)
{
	size_t n = s == NULL ? 0 : strlen(s);

	return (n > 0 && (n < 2 || strcmp(s + n - 2, "hz") != 0) &&
	    md_time_ns(s, 0, nsp) == 0 && *nsp >= MD_MINTICK ? 0 : -1);
}

/*
 * A tick interval, as dtrace's tick-N probes take it: digits alone (a
 * rate) or one of the time units, from 200us (5000hz) to 2^63 - 1 ns.
 */
int
md_interval_ns(const char *s, uint64_t *nsp)
{
	return (md_time_ns(s, 1, nsp) == 0 && *nsp >= MD_MINTICK ? 0 : -1);
}

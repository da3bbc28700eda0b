/*
 * md_option.c: DTrace options ("#pragma D option NAME=VALUE"), tick
 * intervals and durations, checked before they are written into a script.
 *
 * The options are DTrace's consumer options (dtrace(1M), "Options and
 * Tunables"), each with the kind of value it takes: a size ("4m"), a time
 * or rate ("10ms", "101hz"), a number, one of a few words, or none (a
 * flag).  Values are checked against that syntax, so no option can carry
 * anything else into the script.  "zone" is not among them: meta-d writes
 * that pragma itself from -z.
 */

#include <string.h>

#include "md_impl.h"

typedef enum md_okind {
	MDO_FLAG,	/* no value */
	MDO_SIZE,	/* 123, 4k, 16m, 1g, 2t */
	MDO_TIME,	/* 123, 10ns, 5ms, 1s, 2min, 101hz */
	MDO_SCALAR,	/* 123 */
	MDO_WORD	/* one of od_words */
} md_okind_t;

typedef struct md_optdef {
	const char	*od_name;
	md_okind_t	od_kind;
	const char	*od_words;	/* MDO_WORD: "a|b|c" */
} md_optdef_t;

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

/* Suffixes of times and rates, as dtrace takes them. */
static const char *const md_time_units[] = {
	"ns", "nsec", "us", "usec", "ms", "msec", "s", "sec", "m", "min",
	"h", "hour", "d", "day", "hz"
};

static const char *const md_size_units[] = {
	"k", "K", "m", "M", "g", "G", "t", "T"
};

#define	MD_MAXDIGITS	10	/* a number fits in 32 bits, or is refused */

/* Digits, then nothing or one of units; no leading zero, no sign. */
static int
md_number_unit(const char *s, const char *const *units, size_t nunits)
{
	size_t n = 0, i;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (n == 0 || n > MD_MAXDIGITS || (s[0] == '0' && n > 1))
		return (0);
	if (s[n] == '\0')
		return (1);
	for (i = 0; i < nunits; i++) {
		if (strcmp(s + n, units[i]) == 0)
			return (1);
	}
	return (0);
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

static const char *
md_option_syntax(const md_optdef_t *od)
{
	switch (od->od_kind) {
	case MDO_SIZE:
		return ("a size, as 4m: digits and k, m, g or t");
	case MDO_TIME:
		return ("a time or rate, as 10ms or 101hz: digits and ns, us, "
		    "ms, s, m, h, d or hz");
	case MDO_SCALAR:
		return ("a number");
	default:
		return (od->od_words);
	}
}

/*
 * Check a DTrace option for "#pragma D option NAME[=VALUE]"; value is NULL
 * for a flag.  Returns 0, or -1 with MD_ERR_OPTION in *err.
 */
int
md_option_check(const char *name, const char *value, md_error_t *err)
{
	const md_optdef_t *od = NULL;
	size_t i;
	int ok;

	if (name == NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option: no name"));
	for (i = 0; i < sizeof (md_options) / sizeof (md_options[0]); i++) {
		if (strcmp(name, md_options[i].od_name) == 0) {
			od = &md_options[i];
			break;
		}
	}
	if (od == NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\": %s",
		    name, strcmp(name, "zone") == 0 ? "give zones with -z" :
		    "not a DTrace option meta-d knows"));

	switch (od->od_kind) {
	case MDO_FLAG:
		ok = value == NULL;
		break;
	case MDO_SIZE:
		ok = value != NULL && md_number_unit(value, md_size_units,
		    sizeof (md_size_units) / sizeof (md_size_units[0]));
		break;
	case MDO_TIME:
		ok = value != NULL && md_number_unit(value, md_time_units,
		    sizeof (md_time_units) / sizeof (md_time_units[0]));
		break;
	case MDO_SCALAR:
		ok = value != NULL && md_number_unit(value, NULL, 0);
		break;
	default:
		ok = value != NULL && md_word_in(value, od->od_words);
		break;
	}
	if (ok)
		return (0);
	if (od->od_kind == MDO_FLAG)
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\" takes "
		    "no value", name));
	if (value == NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\" needs "
		    "a value: %s", name, md_option_syntax(od)));
	return (md_error_set(err, MD_ERR_OPTION, "option \"%s\": \"%s\" is "
	    "not %s", name, value, md_option_syntax(od)));
}

/*
 * A duration: digits, then nothing (seconds) or one of the time units
 * but hz, which is a rate.
 */
int
md_duration_valid(const char *s)
{
	size_t n = s == NULL ? 0 : strlen(s);

	return (n > 0 && s[0] != '0' &&
	    (n < 2 || strcmp(s + n - 2, "hz") != 0) &&
	    md_number_unit(s, md_time_units, sizeof (md_time_units) /
	    sizeof (md_time_units[0])));
}

/*
 * A tick interval, as dtrace's tick-N probes take it: digits, then
 * nothing (per second) or one of the time units.
 */
int
md_interval_valid(const char *s)
{
	return (s != NULL && s[0] != '0' && md_number_unit(s, md_time_units,
	    sizeof (md_time_units) / sizeof (md_time_units[0])));
}

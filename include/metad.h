/*
 * metad.h: the meta-d library.
 *
 * Meta-D describes a DTrace metric once, declaratively; this library turns
 * such a description (a JSON document) into the D script for one choice of
 * decompositions, predicate and zones.  The pipeline is:
 *
 *	md_metric_load()	parse and validate the metric (cJSON)
 *	md_pred_parse()		parse a krill predicate
 *	md_generate()		plan the clauses, emit the D scripts, and
 *				check that they are D (md_d_check())
 *	md_metric_check()	check all the D a metric can make
 *	md_heatmap_*()		draw what a run measured as a heat map
 *	md_flame_*()		draw a run's stacks as a flame graph
 *
 * Ownership: every object a function here returns belongs to the caller and
 * is released with the matching md_*_free(), each of which accepts NULL.
 * Input buffers are only read during the call; nothing keeps a pointer to
 * them.  A metric and a predicate are never modified after they are made,
 * so one of each may be used by any number of md_generate() calls, also from
 * several threads at once.  md_metric_load() and md_pred_parse() go through
 * cJSON, which keeps its last parse error in a global: call them from one
 * thread at a time.
 *
 * Errors: a function that fails returns NULL (or -1) and, if err is not
 * NULL, fills *err with a code and a one-line message naming the place in
 * the input at fault (e.g. "probedesc[2].verify: ...").  The library never
 * prints and never exits.
 */

#ifndef	METAD_H
#define	METAD_H

#include <stddef.h>
#include <stdint.h>

#ifdef	__cplusplus
extern "C" {
#endif

#define	MD_VERSION	"2.2.0"

/* What the shared library exports: this API, nothing else. */
#if defined(__GNUC__) || defined(__clang__)
#define	MD_API	__attribute__((visibility("default")))
#else
#define	MD_API
#endif

/*
 * Limits.  Input beyond them is refused with MD_ERR_LIMIT and a message,
 * never half handled.
 */
#define	MD_MAXINPUT	(64UL << 20)	/* bytes of a metric or predicate */
#define	MD_MAXOUTPUT	(256UL << 20)	/* bytes of all the scripts */
#define	MD_MAXCHECK	(256UL << 20)	/* bytes of D md_metric_check() */
					/* makes and parses in all */
#define	MD_MAXFIELDS	65536		/* fields, public and internal */
#define	MD_MAXENTRIES	65536		/* probedesc entries */
#define	MD_MAXPROBES	65536		/* probes of one entry */
#define	MD_MAXZONES	1024		/* zones of one request */
#define	MD_MAXJSONDEPTH	128		/* nested arrays and objects */
#define	MD_MAXPREDDEPTH	32		/* nested and/or of a predicate */

typedef enum md_errcode {
	MD_ERR_NONE = 0,
	MD_ERR_NOMEM,		/* an allocation failed */
	MD_ERR_JSON,		/* the metric is not a JSON document */
	MD_ERR_INVALID,		/* the metric breaks a Meta-D rule */
	MD_ERR_PREDICATE,	/* the predicate is not valid krill */
	MD_ERR_FIELD,		/* a decomposition names an unknown field */
	MD_ERR_ZONE,		/* a zone name is not valid */
	MD_ERR_TRANSLATE,	/* the metric cannot make the script asked */
				/* for: a reference that names nothing, */
				/* a piece that cannot stand where it must */
	MD_ERR_LIMIT,		/* an input exceeds a documented limit */
				/* (MD_MAX*) */
	MD_ERR_OPTION,		/* a DTrace option, interval, duration or */
				/* host name is not valid */
	MD_ERR_D,		/* D text is not valid D */
	MD_ERR_LINE,		/* a line is not one --run prints */
	MD_ERR_ARG,		/* a call breaks this API's contract: a */
				/* NULL it needs, a value that does not */
				/* fit what it is added to */
	MD_ERR_SYSTEM		/* the system failed a call the library */
				/* made (gethostname()); strerror() says */
} md_errcode_t;

#define	MD_ERRMSGLEN	512

typedef struct md_error {
	md_errcode_t	mde_code;
	char		mde_msg[MD_ERRMSGLEN];	/* never ends in a newline */
} md_error_t;

/* A short static description of an error code ("invalid metric", ...). */
extern MD_API const char *md_errstr(md_errcode_t);

/*
 * Copy src into dst (dstlen bytes, at least 4) as messages quote what
 * users give: control characters, DEL and bytes that are not UTF-8 as
 * \ooo, so that it is one line of text on any terminal.  What does not
 * fit is cut, and the copy ends with "..."; so it does if cut is set (src
 * was cut already).  4 * strlen(src) + 4 bytes always fit.
 */
extern MD_API void md_msg_escape(char *, size_t, const char *, int);

/*
 * Metrics.  md_metric_load() parses len bytes of JSON (no terminating NUL
 * needed) and checks every rule of the Meta-D language.
 */
typedef struct md_metric md_metric_t;

extern MD_API md_metric_t *md_metric_load(const char *, size_t, md_error_t *);
extern MD_API void md_metric_free(md_metric_t *);
extern MD_API size_t md_metric_nfields(const md_metric_t *);
extern MD_API const char *md_metric_field(const md_metric_t *, size_t);
extern MD_API int md_metric_has_field(const md_metric_t *, const char *);

/*
 * Text meta-d reads must be UTF-8 without NUL bytes: md_text_check()
 * returns 0, or -1 with MD_ERR_JSON and "WHAT line L, column C: NUL
 * byte" (or "not UTF-8") in *err, what being the message's first words.
 * md_json_check() checks that len bytes are one JSON document with no
 * object holding a key twice, as md_metric_load() reads them, without
 * checking it is a metric: 0, or -1 with MD_ERR_JSON (MD_ERR_NOMEM, ...).
 */
extern MD_API int md_text_check(const char *, size_t, const char *,
    md_error_t *);
extern MD_API int md_json_check(const char *, size_t, md_error_t *);

/*
 * The metric's top-level "description", "label" and "module" strings
 * (conventions: the language ignores them), or NULL.  The module names
 * the metric's subject (cpu, tcp...), which --list groups by.
 */
extern MD_API const char *md_metric_description(const md_metric_t *);
extern MD_API const char *md_metric_label(const md_metric_t *);
extern MD_API const char *md_metric_module(const md_metric_t *);

/*
 * What a metric says about its numbers and where it runs (SPEC section
 * 1): "units", an object from public fields to units, and "os", the
 * systems its probes and names exist on.  Generating scripts ignores
 * both; a malformed one (a key that is no public field, a unit that is
 * no non-empty string, an "os" that is no array of known systems) loads,
 * and md_metric_about() returns it: 0, or -1 with MD_ERR_INVALID and a
 * message naming the place ("units.size: ..."), which md_metric_check()
 * reports too and the modes that trace refuse.
 *
 * A unit is at most MD_UNITLEN bytes, none a control character.
 * md_metric_unit() is a field's unit, or NULL (none, or malformed).
 * md_metric_nos() is how many systems "os" names (0: absent, any
 * system), md_metric_os() the i-th, and md_metric_runs_on() whether the
 * metric is for the system named (one of MD_OS_NAMES): 1 or 0.
 */
#define	MD_OS_NAMES	"illumos", "linux", "freebsd", "macos"
#define	MD_UNITLEN	32

extern MD_API int md_metric_about(const md_metric_t *, md_error_t *);
extern MD_API const char *md_metric_unit(const md_metric_t *, const char *);
extern MD_API size_t md_metric_nos(const md_metric_t *);
extern MD_API const char *md_metric_os(const md_metric_t *, size_t);
extern MD_API int md_metric_runs_on(const md_metric_t *, const char *);

/*
 * Units.  md_unit_kind() says what a unit is: a time (nanoseconds,
 * microseconds, milliseconds, seconds; *nsp, when not NULL, is set to
 * the nanoseconds in one), bytes, another word (plain: never scaled), or
 * none (NULL or "").  md_unit_format() writes v, a quantity in unit, as
 * a person reads it: a time in ns, us, ms or s and bytes in B, KiB, MiB,
 * GiB or TiB, the largest that keeps it at 1 or more, with at most three
 * significant digits ("1.5 ms", "1.02 us", "12.3 MiB"); a plain unit's
 * value and the word ("12 requests"); no unit, the number alone.  It
 * writes at most len bytes, NUL ended, and returns the whole length, as
 * snprintf() does (64 bytes always hold it).
 */
typedef enum md_unitkind {
	MD_UNIT_NONE,
	MD_UNIT_TIME,
	MD_UNIT_BYTES,
	MD_UNIT_PLAIN
} md_unitkind_t;

extern MD_API md_unitkind_t md_unit_kind(const char *, uint64_t *);
extern MD_API size_t md_unit_format(char *, size_t, const char *, double);

/*
 * md_unit_axis() writes v as an axis label reads it: as md_unit_format(),
 * but microseconds with the micro sign ("10 \u00b5s", UTF-8), and a
 * plain unit's or no unit's values with SI prefixes ("10k requests",
 * "2.5M").
 */
extern MD_API size_t md_unit_axis(char *, size_t, const char *, double);

/*
 * md_unit_symbol() is how a title names a unit: a time unit by its
 * symbol, as md_unit_axis() writes it ("ns", "\u00b5s", "ms", "s"), any
 * other unit (and NULL) as it is.
 */
extern MD_API const char *md_unit_symbol(const char *);

/*
 * What the loader noticed and the language allows: a Meta-D key at the
 * wrong level ("usepragmazone" at the top level, where it is ignored), a
 * key under metad that looks like a misspelt one.  Each warning is one
 * line, without "warning: ".
 */
extern MD_API size_t md_metric_nwarnings(const md_metric_t *);
extern MD_API const char *md_metric_warning(const md_metric_t *, size_t);

/*
 * "Did you mean": of n names, the one closest to word, if it is close
 * enough to be a likely slip of the keyboard (a letter or two off, or a
 * prefix of three letters or more either way); NULL if none is.
 */
extern MD_API const char *md_suggest(const char *, const char *const *,
    size_t);

/*
 * Predicates (krill): {} is trivial; {"eq": [FIELD, VALUE]} and ne, lt, le,
 * gt, ge; {"and": [P, P, ...]} and or.
 */
typedef struct md_pred md_pred_t;

extern MD_API md_pred_t *md_pred_parse(const char *, size_t, md_error_t *);
extern MD_API void md_pred_free(md_pred_t *);
extern MD_API int md_pred_trivial(const md_pred_t *);

/*
 * The predicate as JSON, as a user writes it ({"eq": ["execname",
 * "sshd"]}; {} for NULL or the trivial one): a NUL-terminated string the
 * caller frees with free(), or NULL when out of memory.  What it parses
 * back to is the same predicate.
 */
extern MD_API char *md_pred_json(const md_pred_t *);

/*
 * Generation.  A decomposition breaks the aggregation down by a field:
 * MD_DECOMP_STRING adds it to the aggregation's key (meta-d -s),
 * MD_DECOMP_NUMBER aggregates its value with the metric's function for that
 * field, typically a quantization (meta-d -n).
 */
typedef enum md_dkind {
	MD_DECOMP_STRING,
	MD_DECOMP_NUMBER
} md_dkind_t;

typedef struct md_decomp {
	const char	*mdd_field;
	md_dkind_t	mdd_kind;
} md_decomp_t;

#define	MD_MAXDECOMPS	2

/*
 * A DTrace option, written into each script as "#pragma D option NAME" or
 * "#pragma D option NAME=VALUE" (as dtrace -x NAME[=VALUE] sets it).
 */
typedef struct md_option {
	const char	*mdo_name;	/* bufsize, aggrate, quiet, ... */
	const char	*mdo_value;	/* NULL for a flag (quiet, zdefs) */
} md_option_t;

#define	MD_MAXOPTIONS	64

/*
 * What to generate.  Zero the whole structure first: a field left zero
 * asks for nothing, also in versions that add fields.
 *
 * mdq_keyinterval is for a consumer that reads min() and max() interval by
 * interval (meta-d --run): not 0, the script begins with a clause that
 * notes when tracing began (BEGIN { __metad_t0 = timestamp; }), and the
 * aggregation's key with the number of the interval an event falls in,
 * (timestamp - __metad_t0) / mdq_keyinterval.
 *
 * mdq_sum is for a consumer that exposes a quantization as a histogram
 * with its sum (meta-d --run --prometheus): not 0, each clause that
 * aggregates by a quantization adds, beside it, a sum() of the same value
 * with the same keys to an aggregation of its own, @__metad_sum
 * (MD_SUM_AGGREGATION), which is never the metric's.
 */
#define	MD_SUM_AGGREGATION	"__metad_sum"

typedef struct md_request {
	const md_decomp_t	*mdq_decomps;	/* at most MD_MAXDECOMPS */
	size_t			mdq_ndecomps;
	const md_pred_t		*mdq_pred;	/* NULL: no predicate */
	const char *const	*mdq_zones;	/* zone names */
	size_t			mdq_nzones;	/* 0: none; MD_MAXZONES */
	const char		*mdq_hostname;	/* NULL: gethostname() */
	const md_option_t	*mdq_options;	/* pragmas, after the zone's */
	size_t			mdq_noptions;	/* MD_MAXOPTIONS */
	const char		*mdq_interval;	/* "1s": print and clear the */
						/* aggregation every 1s */
	const char		*mdq_duration;	/* "10s": end tracing after */
						/* 10s, printing what is left */
	uint64_t		mdq_keyinterval; /* ns: key by interval */
	int			mdq_sum;	/* a sum() beside a */
						/* quantization */
} md_request_t;

/*
 * DTrace's aggregating functions, as the scripts use them and a consumer
 * of libdtrace reads their values (SPEC 8.1).
 */
typedef enum md_aggfn {
	MD_AGG_NONE = 0,	/* not known */
	MD_AGG_COUNT,
	MD_AGG_SUM,
	MD_AGG_AVG,
	MD_AGG_STDDEV,
	MD_AGG_MIN,
	MD_AGG_MAX,
	MD_AGG_QUANTIZE,
	MD_AGG_LQUANTIZE,
	MD_AGG_LLQUANTIZE
} md_aggfn_t;

/* The function named by len bytes of text ("quantize"), or MD_AGG_NONE. */
extern MD_API md_aggfn_t md_aggfn_byname(const char *, size_t);

/* Does the function make a distribution (a quantization)? */
#define	MD_AGG_ISDIST(fn)	((fn) == MD_AGG_QUANTIZE || \
	(fn) == MD_AGG_LQUANTIZE || (fn) == MD_AGG_LLQUANTIZE)

/*
 * What a consumer reads from the aggregation, as the original returned it:
 * a scalar (0), a distribution ([]) or a decomposition ({}).
 */
typedef enum md_zero {
	MD_ZERO_SCALAR,
	MD_ZERO_DIST,
	MD_ZERO_DECOMP
} md_zero_t;

typedef struct md_result {
	char		**mdr_scripts;	/* NUL-terminated D scripts */
	size_t		*mdr_lens;	/* their lengths */
	size_t		mdr_nscripts;	/* one, or one per zone */
	md_zero_t	mdr_zero;
	int		mdr_hasdists;	/* a numeric decomposition */
	int		mdr_hasdecomps;	/* a discrete decomposition */
	char		**mdr_keys;	/* the fields of the aggregation's */
	size_t		mdr_nkeys;	/* key, in order (the -s fields) */
	int		mdr_perzone;	/* script i is for the request's */
					/* zone i, behind its pragma */
	md_aggfn_t	mdr_fn;		/* the aggregation's function */
	char		**mdr_warnings;	/* what the request gets that */
	size_t		mdr_nwarnings;	/* its user may not have meant */
	char		**mdr_zones;	/* with mdr_perzone, the zone of */
					/* each script; else NULL */
} md_result_t;

/*
 * md_generate() makes the request's scripts.  The result owns all it
 * points to, scripts, names and warnings alike: nothing in it points into
 * the request, which may go as soon as md_generate() returns; it is freed
 * whole with md_result_free().  The result's warnings (one line each,
 * without "warning: ") say where a request does what the language says
 * and likely not what was meant: a numeric decomposition of F (meta-d -n
 * F) where the metric aggregates F with a function that takes no value of
 * F (count()), and a string one (meta-d -s F) where it makes F's values a
 * distribution (each value a key of its own).  They name the request in
 * its own words ("quantized by execname: ..."), as md_metric_check() does.
 */
extern MD_API md_result_t *md_generate(const md_metric_t *, const md_request_t *,
    md_error_t *);
extern MD_API void md_result_free(md_result_t *);

/*
 * The command line's output: the scripts joined by a line of 45 '-' and a
 * blank line.  Returns a NUL-terminated string the caller frees with free(),
 * its length in *lenp.
 */
extern MD_API char *md_result_join(const md_result_t *, size_t *);

/*
 * The result as one JSON document and a newline (meta-d --json):
 * {"scripts": [...], "zero": 0, [] or {}, "hasdists": B, "hasdecomps": B,
 * "fields": [the fields of the aggregation's key, in order]}.  Returns a
 * NUL-terminated string the caller frees with free(), its length in
 * *lenp; NULL when out of memory.
 */
extern MD_API char *md_result_json(const md_result_t *, size_t *);

/*
 * A request's pieces, checked as a program takes them from its user, one
 * at a time (meta-d checks its options so), before md_generate() checks
 * the whole request against the metric.  Each returns 0, or -1 with *err
 * (when err is not NULL) saying what is wrong and what is valid, for the
 * user to mend: "invalid interval: "1.5s" (as dtrace's tick probes: 1s,
 * 500ms, 10sec, 5hz; 200us, or 5000hz, at least)".
 *
 * md_zone_check(): a zone name, 1 to 64 of [A-Za-z0-9_.-], the first
 * alphanumeric (MD_ERR_ZONE).
 *
 * md_host_check(): a host name, as $hostname stands bare in D: 1 to 255
 * letters, digits, '-' and '.' (MD_ERR_OPTION).  md_generate() takes any
 * mdq_hostname, and refuses one that is not a host name only where the
 * metric puts $hostname bare into D.
 *
 * md_interval_check(): a tick interval, as dtrace's tick-N probes take
 * it: 1s, 500ms, 10sec, 5hz, 100 (a rate); 200us, or 5000hz, at least
 * (MD_ERR_OPTION).
 *
 * md_duration_check(): how long a script traces, a time with a unit (10s,
 * 500ms, 2min, 1h, as dtrace writes times), or digits alone for seconds;
 * 200us at least (MD_ERR_OPTION).
 *
 * md_option_check(): a DTrace option, its name and value (NULL for a
 * flag): known consumer options only, each value in the syntax of its
 * kind (a size as 4m, a time as 10ms or 101hz, a number, a word), no
 * value for a flag (MD_ERR_OPTION).
 *
 * md_request_room(): whether req, as it is, can take one more zone
 * (MD_REQ_ZONES: MD_MAXZONES at most) or option (MD_REQ_OPTIONS:
 * MD_MAXOPTIONS), for a program that grows its arrays (MD_ERR_LIMIT).
 */
typedef enum md_reqlist {
	MD_REQ_ZONES,		/* mdq_zones */
	MD_REQ_OPTIONS		/* mdq_options */
} md_reqlist_t;

extern MD_API int md_zone_check(const char *, md_error_t *);
extern MD_API int md_host_check(const char *, md_error_t *);
extern MD_API int md_interval_check(const char *, md_error_t *);
extern MD_API int md_duration_check(const char *, md_error_t *);
extern MD_API int md_option_check(const char *, const char *, md_error_t *);
extern MD_API int md_request_room(const md_request_t *, md_reqlist_t,
    md_error_t *);

/* The nanoseconds of an interval or a duration: 0, or -1 if not valid. */
extern MD_API int md_interval_ns(const char *, uint64_t *);
extern MD_API int md_duration_ns(const char *, uint64_t *);

/*
 * D, checked without dtrace: syntax, and what D's built-in tables settle
 * (how many arguments count(), lquantize(), printf() and the rest take;
 * that an aggregating function is an aggregation's value and an action a
 * statement of its own).  No types are judged, and a name it cannot know
 * (a kernel type, a typedef) is taken as valid: no valid D is refused.
 *
 * md_d_check() checks len bytes as a D program (a "#!" first line and
 * control lines allowed; no C preprocessor).  Returns 0, or -1 with
 * MD_ERR_D and the message in *err, and the 1-based line and column of
 * the fault in *linep and *colp (either may be NULL).  The message holds
 * no position.
 */
extern MD_API int md_d_check(const char *, size_t, size_t *, size_t *,
    md_error_t *);

/*
 * md_d_names() reads len bytes of D as dtrace's lexer does and returns
 * the index of the first of the n names that it uses as a name (outside
 * strings, comments and control lines: in an expression, a type, a
 * member, a probe description's parts; up to the first lexical error,
 * where dtrace stops), or -1 if it uses none of them.
 */
extern MD_API int md_d_names(const char *, size_t, const char *const *,
    size_t);

/*
 * md_metric_check() checks the metric's D.  With a request, it generates
 * that request and checks its scripts, as md_generate() does.  Without
 * one (NULL), it checks every D fragment of the metric in its context
 * (probes, gathers, stores, locals, transforms, verify, clean, entry
 * predicates, aggregating functions with $0 the field's transform), and
 * then every request a user can make: none, each field with -s, each with
 * -n, each pair (for up to MD_MAXCHECKPAIRS fields), a predicate on each
 * field, zones, an interval and a duration, all within MD_MAXCHECK bytes
 * of D made and parsed (past it, MD_ERR_LIMIT).  Returns 0, or -1 with
 * *err set: an error that names the place in the metric, and, from a
 * request, the request, in its own words rather than any program's
 * options ("by execname, quantized by latency: ..."; "the metric alone"
 * for the request of nothing).
 */
#define	MD_MAXCHECKPAIRS	64

extern MD_API int md_metric_check(const md_metric_t *, const md_request_t *,
    md_error_t *);

/*
 * md_metric_check_each() is md_metric_check() that also hands each
 * request's result to fn, before freeing it: with the request named as
 * md_metric_check() names it ("by execname, quantized by latency"; NULL
 * for the request given; a program words the request itself, as its users
 * ask for it), the request, its result, and whether it is another way of
 * asking the request before (a predicate on a field of unknown type
 * comes as f == "" and as f == 0: the field's type takes one).  fn
 * returns 0 to go on, or not 0 to stop the check, which then returns -1
 * with MD_ERR_NONE in *err.
 */
typedef int md_check_f(void *, const char *, const md_request_t *,
    const md_result_t *, int);

extern MD_API int md_metric_check_each(const md_metric_t *,
    const md_request_t *, md_check_f *, void *, md_error_t *);

/*
 * Values (SPEC 8.1): what a consumer of libdtrace reads from a script's
 * aggregation, interval by interval, as meta-d --run prints it.  The
 * consumer (with libdtrace, not in this library) hands each record over
 * as dtrace laid it out; these functions need no libdtrace.
 *
 * Quantizations.  md_quant_init() reads the encoded argument of a
 * quantization (lquantize's and llquantize's; 0 for quantize) as the
 * dtrace of the dialect encodes it; md_quant_bucket() gives bucket i's
 * least and greatest value (MD_BUCKET_NOMIN, NOMAX: that end has no
 * bound), or -1 for a bucket no value can land in.
 */
typedef enum md_dialect {
	MD_DIALECT_ORACLE,	/* Oracle's DTrace for Linux 2.x */
	MD_DIALECT_ILLUMOS	/* illumos and its derivatives */
} md_dialect_t;

typedef struct md_quant {
	md_aggfn_t	mq_fn;
	md_dialect_t	mq_dialect;
	int64_t		mq_base;	/* lquantize */
	uint64_t	mq_step;
	uint64_t	mq_levels;
	uint64_t	mq_factor;	/* llquantize */
	uint64_t	mq_low;
	uint64_t	mq_high;
	uint64_t	mq_steps;
} md_quant_t;

#define	MD_BUCKET_NOMIN	0x1
#define	MD_BUCKET_NOMAX	0x2

typedef struct md_bucket {
	int64_t		mb_min;
	int64_t		mb_max;
	int		mb_open;	/* MD_BUCKET_NOMIN, MD_BUCKET_NOMAX */
} md_bucket_t;

extern MD_API int md_quant_init(md_quant_t *, md_aggfn_t, md_dialect_t,
    uint64_t);
extern MD_API size_t md_quant_nbuckets(const md_quant_t *);
extern MD_API int md_quant_bucket(const md_quant_t *, size_t, md_bucket_t *);

/*
 * One key's value, as dtrace lays out its data: count, sum, min, max one
 * int64; avg its count and sum; stddev its count, sum, and the sum of the
 * squares as two words (low, high: 128 bits); a quantization one count
 * per bucket of md_quant (without illumos' leading argument word).
 */
typedef struct md_value {
	md_aggfn_t		mv_fn;
	const md_quant_t	*mv_quant;	/* the quantizations */
	const int64_t		*mv_data;
	size_t			mv_ndata;
} md_value_t;

/* The words of a function's value, for a quantization q (else NULL). */
extern MD_API size_t md_value_nwords(md_aggfn_t, const md_quant_t *);

/*
 * A keyed hash, for tables whose keys the traced system chooses (any
 * local user names a process): SipHash-1-3 of len bytes under a key that
 * md_hashkey_init() draws from the system's random source, so that no
 * one outside the process can choose keys that collide.  The library's
 * own tables of such keys use it; so does a consumer that keeps its own
 * (meta-d's reader of Oracle's aggregation maps).
 */
typedef struct md_hashkey {
	uint64_t	mhk_k0;
	uint64_t	mhk_k1;
} md_hashkey_t;

extern MD_API void md_hashkey_init(md_hashkey_t *);
extern MD_API uint64_t md_hash_keyed(const md_hashkey_t *, const void *,
    size_t);

/*
 * Series.  dtrace's aggregation values add up from the start of tracing;
 * md_series_delta() gives the part of the latest one (cum, n words of
 * function fn) since the last call for the same record (its key's bytes,
 * len), into delta; a record whose generation (gen) changed starts again
 * from zero.  Returns 1 if the value changed, 0 if not, -1 with *err set.
 * Called once an interval for each record, it also counts the intervals
 * a record has not changed in: md_series_idle() (0 for a record it does
 * not hold).  md_series_forget() lets a record go (evicted from dtrace's
 * aggregation: when it comes back, it starts from zero); 1 if it was
 * there, else 0.
 */
typedef struct md_series md_series_t;

extern MD_API md_series_t *md_series_new(md_error_t *);
extern MD_API int md_series_delta(md_series_t *, const void *, size_t,
    uint64_t, md_aggfn_t, const int64_t *, int64_t *, size_t, md_error_t *);
extern MD_API uint64_t md_series_idle(const md_series_t *, const void *,
    size_t);
extern MD_API int md_series_forget(md_series_t *, const void *, size_t);
extern MD_API size_t md_series_count(const md_series_t *);
extern MD_API void md_series_free(md_series_t *);

/*
 * The values of one interval, for a request whose aggregation is keyed by
 * nkeys fields (its -s fields) and made by function fn.  md_values_add()
 * adds one key's value (the key as nkeys strings of the given lengths;
 * values of the same key add up, as records of one key that print alike
 * do in printa: min and max keep the extreme).  md_values_line() gives
 * the interval as one JSON line, newline ended, {"start": S,
 * "duration": D, "value": V} and "drops" and "errors" where not 0, V of
 * the request's shape (its zero where nothing was added), and empties
 * the values for the next interval; the caller frees the line.  A key is
 * written as SPEC 8.1 says (md_key_form()), so that two keys never
 * print alike.
 */
typedef struct md_values md_values_t;

extern MD_API md_values_t *md_values_new(size_t, md_aggfn_t, md_error_t *);
extern MD_API int md_values_add(md_values_t *, const char *const *,
    const size_t *, const md_value_t *, md_error_t *);
extern MD_API char *md_values_line(md_values_t *, double, double, uint64_t,
    uint64_t, size_t *, md_error_t *);
extern MD_API void md_values_free(md_values_t *);

/*
 * A key as every output shows it (SPEC 8.1): its text where it is UTF-8,
 * but a backslash written as two and each byte that is no part of UTF-8
 * as \xHH (two lowercase hex digits), so that keys that differ print
 * differently (the Latin-1 "caf\xe9" is not the UTF-8 "caf\xc3\xa9").
 * Writes the form of key (len bytes) into dst (dstlen bytes, NUL ended,
 * cut short where it does not fit) and returns its whole length, as
 * snprintf() does: at most 4 * len.
 */
extern MD_API size_t md_key_form(char *, size_t, const char *, size_t);

/*
 * Prometheus (meta-d --run --prometheus, SPEC 8.3): the values of a run,
 * accumulated since it began, as the text exposition format (0.0.4) of one
 * metric family: a counter (NAME_total) for count and sum, a gauge for
 * avg, stddev, min and max (the last interval's), a histogram for the
 * quantizations, and the counters NAME_drops_total and NAME_errors_total.
 * A histogram's series all carry the same buckets, those that held an
 * event in any series since the start (NAME_bucket by each one's greatest
 * value, cumulative), then +Inf, NAME_sum and NAME_count.
 * md_prom_new() takes the family's name, its help, the label of each -s
 * field and the function; names must match [a-zA-Z_][a-zA-Z0-9_]*
 * (md_prom_name_valid()), else MD_ERR_OPTION.  md_prom_add() adds one
 * key's value of an interval (as md_values_add()); for a quantization's
 * family it takes values of sum() too, of the same value and keys (the
 * script's own, meta-d's, dtrace keeping no sum of a quantization): they
 * make the series' NAME_sum.  md_prom_text() gives the exposition of all
 * until now, with the interval's drops and errors, and starts the next
 * interval; the caller frees it.
 *
 * md_prom_scale() says the values are a time, ns nanoseconds each (1, 1000,
 * 1000000, 1000000000: md_unit_kind()'s), to be exposed in seconds, as
 * Prometheus' conventions ask: every le, NAME_sum, a sum's total and a
 * gauge in exact decimal text (1099 ns: 0.000001099).  Returns 0, or -1
 * (MD_ERR_ARG) for an ns that is no power of ten up to 1000000000.
 * Without it the values are exposed as they are.
 */
typedef struct md_prom md_prom_t;

extern MD_API int md_prom_name_valid(const char *);
extern MD_API md_prom_t *md_prom_new(const char *, const char *,
    const char *const *, size_t, md_aggfn_t, md_error_t *);
extern MD_API int md_prom_add(md_prom_t *, const char *const *,
    const size_t *, const md_value_t *, md_error_t *);
extern MD_API char *md_prom_text(md_prom_t *, uint64_t, uint64_t, size_t *,
    md_error_t *);
extern MD_API void md_prom_free(md_prom_t *);
extern MD_API int md_prom_scale(md_prom_t *, uint64_t, md_error_t *);

/*
 * Bounds (SPEC 8.3; none until this is called): at most maxseries series
 * in an exposition, those with the largest counts (a counter's total, a
 * histogram's count, avg's and stddev's events, min's and max's
 * intervals with an event; ties in the series' order), the samples of the
 * others counted in the gauge NAME_series_dropped, which is then always
 * present; and a series with no event for evict expositions let go (it
 * starts from zero if its key comes back).  0: no bound.
 * md_prom_left_out() is how many series the last exposition left out.
 */
extern MD_API void md_prom_bound(md_prom_t *, size_t, size_t);
extern MD_API size_t md_prom_left_out(const md_prom_t *);

/*
 * Heat maps (meta-d --heatmap, SPEC 8.4): the JSON lines meta-d --run
 * prints, one object an interval (SPEC 8.1), drawn as one self-contained
 * SVG document of a bounded size: time across (a column an interval, as
 * wide as its duration, or intervals merged into columns of equal time
 * where they do not fit), the value up (logarithmic for quantize and
 * llquantize, with a band at the bottom for a bucket that reaches 0 or
 * below; linear for lquantize), cropped at the bucket of a percentile
 * with a band at the top for the events above it, each cell shaded by
 * its count's rank (or log, or linear), the p50 and p99 of each column
 * as two lines, a tooltip per cell that holds an event.
 *
 * md_heatmap_new() makes an empty map.  With key NULL, the distributions
 * of lines whose value is an object of them (a request with -s and -n)
 * are summed over their keys; with a key, only that key's are drawn, and
 * a line whose value is a distribution alone is an error.  key is copied.
 *
 * md_heatmap_line() reads the next line, len bytes without its newline
 * (no NUL needed).  Lines are numbered from 1 in the order given; a line
 * of white space alone is counted and skipped.  Integers are read exactly
 * (bounds as int64_t, counts as uint64_t); a line that is not an object
 * with "start", "duration" and "value" (and maybe "drops" and "errors"),
 * or whose value is no distribution nor object of distributions, is an
 * error.
 *
 * md_heatmap_svg() draws what was read as opts ask (NULL: every
 * default): a NUL-terminated document the caller frees with free(), its
 * length in *lenp (when lenp is not NULL).  In md_hmopts_t, ho_title
 * (UTF-8; NULL for none) heads it, escaped for XML; ho_unit is the
 * values' unit (section 1's, or any word; NULL: plain numbers);
 * ho_crop the percentage of events left out above the axis (a negative
 * value: the default, MD_HM_CROP; 0: none); ho_shade MD_HM_RANK (0, the
 * default), MD_HM_LOG or MD_HM_LINEAR; ho_width and ho_height the map's
 * pixels (0: 1000 and 400; at least MD_HM_MINW x MD_HM_MINH, at most
 * MD_HM_MAXWH each).  The map can be drawn again and lines added after
 * it.  Errors: no line at all, a key no line held, buckets of two lines
 * that overlap, options out of range (MD_ERR_LIMIT).
 *
 * Every function that fails returns -1 or NULL with *err set: MD_ERR_LINE
 * and a message that starts with the line's number ("line 3, column 17:
 * expected ',' or ']'"), or MD_ERR_NOMEM, or MD_ERR_LIMIT.  Once a line
 * failed, the map keeps that error and returns it from every later call
 * but md_heatmap_free(), which accepts NULL.  Time and memory are linear
 * in the lines' length and in the number of cells; the document's size
 * is bounded by the map's pixels, not by the input.
 */
typedef struct md_heatmap md_heatmap_t;

#define	MD_HM_RANK	0	/* a count's shade: its rank */
#define	MD_HM_LOG	1	/* its logarithm */
#define	MD_HM_LINEAR	2	/* the count */
#define	MD_HM_CROP	0.1	/* percent of events above the axis */
#define	MD_HM_MINW	100
#define	MD_HM_MINH	100
#define	MD_HM_MAXWH	10000

typedef struct md_hmopts {
	const char	*ho_title;
	const char	*ho_unit;
	double		ho_crop;
	int		ho_shade;
	unsigned	ho_width;
	unsigned	ho_height;
} md_hmopts_t;

extern MD_API md_heatmap_t *md_heatmap_new(const char *, md_error_t *);
extern MD_API int md_heatmap_line(md_heatmap_t *, const char *, size_t,
    md_error_t *);
extern MD_API char *md_heatmap_svg(md_heatmap_t *, const md_hmopts_t *,
    size_t *, md_error_t *);
extern MD_API void md_heatmap_free(md_heatmap_t *);

/*
 * Flame graphs (meta-d --flamegraph, SPEC 8.6): the JSON lines meta-d
 * --run prints of a request whose last -s field is a stack (SPEC 8.1: a
 * key is its frames, innermost first, joined by "\n"), drawn as one
 * self-contained SVG document: the root ("all") at the bottom, each
 * frame a box as wide as the events under it, its callees above it,
 * siblings in alphabetical (byte) order, identical paths merged.
 *
 * md_flame_new() makes an empty graph.  md_flame_line() reads the next
 * line, len bytes without its newline (no NUL needed); lines are numbered
 * from 1, a line of white space alone is counted and skipped.  A value is
 * {STACK: N, ...} (one -s) or {KEY: {STACK: N, ...}, ...} (two -s: KEY
 * is a frame just above the root, its own frames too if it holds "\n"),
 * N an integer from 0 to 2^64 - 1 (a count or a sum), summed over the
 * lines; an empty STACK has no frame (its events are the frame below's
 * own); the first line with a key fixes the shape of all.  Anything else
 * is an error, and so is a key twice in a value.  Lines can be read after
 * the graph was drawn.
 *
 * md_flame_svg() draws what was read: a NUL-terminated document the
 * caller frees with free(), its length in *lenp (when lenp is not NULL).
 * opts may be NULL: mdf_title (UTF-8; NULL for none) heads it, escaped
 * for XML; mdf_width is its width in pixels (0: 1200; at least 200 and
 * at most 100000).  Frames narrower than 0.1% of the width are left out
 * (their events counted in the frame below).  Frames of the kernel (of
 * the module vmlinux, unix, genunix, kernel or mach_kernel, and every
 * frame such a frame called) are coloured apart.  Errors: no line at all
 * (MD_ERR_LINE), a width out of range (MD_ERR_ARG).
 *
 * Every function that fails returns -1 or NULL with *err set: MD_ERR_LINE
 * and a message that starts with the line's number ("line 3, column 17:
 * ..."), or MD_ERR_NOMEM, or MD_ERR_LIMIT.  Once a line failed, the graph
 * keeps that error and returns it from every later call but
 * md_flame_free(), which accepts NULL.  Time and memory are linear in the
 * lines' length and in the number of distinct frames (paths).
 */
typedef struct md_flame md_flame_t;

typedef struct md_flameopts {
	const char	*mdf_title;	/* NULL: none */
	unsigned	mdf_width;	/* pixels; 0: 1200 */
} md_flameopts_t;

#define	MD_FLAME_WIDTH		1200
#define	MD_FLAME_MINWIDTH	200
#define	MD_FLAME_MAXWIDTH	100000

extern MD_API md_flame_t *md_flame_new(md_error_t *);
extern MD_API int md_flame_line(md_flame_t *, const char *, size_t,
    md_error_t *);
extern MD_API char *md_flame_svg(md_flame_t *, const md_flameopts_t *,
    size_t *, md_error_t *);
extern MD_API void md_flame_free(md_flame_t *);

/*
 * The live view (meta-d --top, SPEC 8.5): each interval's values, as
 * md_values_add() takes them, drawn as text for a terminal of a given
 * size.  md_top_new() takes what the view shows besides the values (the
 * names of the -s fields, the value's unit, a title: the metric and the
 * request), copied.  md_top_add() adds one key's value to the interval in
 * progress (values of keys that print alike add up, as in
 * md_values_add()); md_top_end() ends it, with its start (seconds since
 * the epoch), its length and its drops and errors, and keeps each key's
 * value for its sparkline (the last MD_TOP_NHIST intervals; a key that
 * has had no value for that long is forgotten, and sooner when keys
 * come and go in thousands, so that memory follows the keys of an
 * interval).
 *
 * md_top_view() draws the last interval ended (before the first, a
 * header that says so), in at most width columns and height lines
 * (height 0: as many as it takes), as lines ended by '\n': a header,
 * then by the request's shape one row per key sorted by its value,
 * largest first (a number), the histogram (a distribution), or one row
 * per key sorted by its count with percentiles and a density of its
 * buckets (distributions by key); rows that do not fit are counted in a
 * last line, and a histogram's buckets share rows until they fit.  Every text shown (keys, title) is made safe for a terminal: a
 * control character, and with flags without MD_TOP_UTF8 any byte not
 * ASCII, is written as \xHH, so that no key can move the cursor and two
 * keys never show alike (but where the width cuts them).  Draw before
 * adding the next interval's values; the caller frees the text.
 */
#define	MD_TOP_NHIST	30
#define	MD_TOP_UTF8	0x1	/* the terminal shows UTF-8 */

typedef struct md_top md_top_t;

typedef struct md_topconf {
	size_t			mtc_nkeys;	/* the -s fields */
	const char *const	*mtc_fields;	/* their names */
	md_aggfn_t		mtc_fn;
	const char		*mtc_unit;	/* the value's, or NULL */
	const char		*mtc_title;
} md_topconf_t;

extern MD_API md_top_t *md_top_new(const md_topconf_t *, md_error_t *);
extern MD_API int md_top_add(md_top_t *, const char *const *,
    const size_t *, const md_value_t *, md_error_t *);
extern MD_API int md_top_end(md_top_t *, double, double, uint64_t, uint64_t,
    md_error_t *);
extern MD_API char *md_top_view(const md_top_t *, size_t, size_t, int,
    size_t *, md_error_t *);
extern MD_API void md_top_free(md_top_t *);

#ifdef	__cplusplus
}
#endif

#endif	/* METAD_H */

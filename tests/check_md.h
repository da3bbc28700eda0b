/*
 * check_md.h: what the unit tests share.
 *
 * Metrics and predicates in the tests are written with single quotes, which
 * q() turns into double quotes, so that JSON reads naturally in C strings.
 */

#ifndef	CHECK_MD_H
#define	CHECK_MD_H

#include <check.h>

#include "md_impl.h"

/* The host name the tests generate with. */
#define	T_HOST	"testhost"

extern const char *t_fmt(const char *, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

extern Suite *utf8_suite(void);
extern Suite *buf_suite(void);
extern Suite *path_suite(void);
extern Suite *arena_suite(void);
extern Suite *hash_suite(void);
extern Suite *error_suite(void);
extern Suite *json_suite(void);
extern Suite *number_suite(void);
extern Suite *unit_suite(void);
extern Suite *pred_suite(void);
extern Suite *metric_suite(void);
extern Suite *about_suite(void);
extern Suite *resolve_suite(void);
extern Suite *plan_suite(void);
extern Suite *emit_suite(void);
extern Suite *gen_suite(void);
extern Suite *option_suite(void);
extern Suite *request_suite(void);
extern Suite *dlex_suite(void);
extern Suite *kind_suite(void);
extern Suite *dparse_suite(void);
extern Suite *dcheck_suite(void);
extern Suite *dtab_suite(void);
extern Suite *suggest_suite(void);
extern Suite *quant_suite(void);
extern Suite *sort_suite(void);
extern Suite *tuple_suite(void);
extern Suite *values_suite(void);
extern Suite *prom_suite(void);
extern Suite *heatmap_suite(void);
extern Suite *flame_suite(void);
extern Suite *top_suite(void);

/* s with every ' made ", in one of a ring of static buffers. */
extern const char *q(const char *);

/* Load a metric that must be valid; fails the test if it is not. */
extern md_metric_t *t_metric(const char *);

/* Load a metric that must fail with code; returns the message. */
extern const char *t_metric_error(const char *, md_errcode_t);

/* Parse a predicate that must be valid. */
extern md_pred_t *t_pred(const char *);

/*
 * A request written as words: "s:FIELD", "n:FIELD", "z:ZONE",
 * "x:NAME[=VALUE]" (an option), "i:INTERVAL" and "T:DURATION", e.g. "s:execname
 * n:latency z:web1 x:bufsize=4m", into req, whose decompositions, zones and
 * options go to the t_req_t (room for 8 each).  The words point into a ring
 * buffer, valid for the rest of the test.
 */
typedef struct t_req {
	md_decomp_t	tr_d[8];
	const char	*tr_zones[8];
	md_option_t	tr_opts[8];
} t_req_t;

extern void t_request(const char *, md_request_t *, t_req_t *);

/*
 * Generate with a request written as words (as t_request()); pred is
 * NULL or a predicate.  t_gen() returns the joined output (in a ring buffer) and
 * fails the test on error; t_gen_error() expects an error with code and
 * returns its message.
 */
extern const char *t_gen(const char *, const char *, const char *);
extern const char *t_gen_error(const char *, const char *, const char *,
    md_errcode_t);

/*
 * A value of function fn (its n words w; q: a distribution's buckets, or
 * NULL) under the keys k0 and k1 (NULL: an empty key), added to the
 * values v (md_values_add()) or, v NULL, to the exposition p
 * (md_prom_add()); the test fails where it is refused.
 */
extern void t_add(md_values_t *, md_prom_t *, const char *, const char *,
    md_aggfn_t, const int64_t *, size_t, const md_quant_t *);

/*
 * A text the library made (len bytes; NULL: err says why) kept for the
 * rest of the test, and freed; the test fails where there is none, or
 * its length is not len.
 */
extern const char *t_took(char *, size_t, const md_error_t *);

/* A small metric most tests build on: the system call example. */
#define	T_SYSCALL \
	"{ 'fields': ['hostname', 'zonename', 'execname', 'latency']," \
	"  'metad': { 'probedesc': [" \
	"    { 'probes': ['syscall:::entry']," \
	"      'gather': { 'latency': { 'gather': 'timestamp'," \
	"          'store': 'thread' } } }," \
	"    { 'probes': ['syscall:::return']," \
	"      'aggregate': { 'default': 'count()', 'hostname': 'count()'," \
	"          'zonename': 'count()', 'execname': 'count()'," \
	"          'latency': 'quantize($0)' }," \
	"      'transforms': { 'hostname': '$hostname'," \
	"          'zonename': 'zonename', 'execname': 'execname'," \
	"          'latency': 'timestamp - $0' }," \
	"      'verify': { 'latency': '$0' } }," \
	"    { 'probes': ['syscall:::return']," \
	"      'clean': { 'latency': '$0' } } ] } }"

#endif	/* CHECK_MD_H */

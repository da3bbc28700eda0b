/*
 * fuzz.h: what the three fuzzers share (fuzz/fuzz_check.c).
 */

#ifndef	FUZZ_H
#define	FUZZ_H

#include <stddef.h>

#include "metad.h"

/* Stop the fuzzer with a message: an invariant does not hold. */
extern void fz_fail(const char *, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/*
 * Scan generated D (len bytes): string literals closed and free of raw
 * control bytes, parentheses balanced outside them, and none of the words
 * the original leaked into scripts (undefined, NaN, Infinity, [object
 * Object]) outside them unless the input itself (in, inlen) holds it.
 * If lits is not NULL, each literal, unescaped, is handed to it in order.
 */
typedef void (*fz_lit_f)(const char *, size_t, void *);
extern void fz_check_d(const char *, size_t, const char *, size_t, fz_lit_f,
    void *);

/* The words alone, anywhere in d, for scripts made of a metric's D. */
extern void fz_check_words(const char *, size_t, const char *, size_t);

/* A message from the library or the command line: one line, not empty. */
extern void fz_check_message(const char *);

/*
 * md_generate; when it fails, the error must be one generation may give
 * (a translation error, D that is not D, a limit, memory) with a good
 * message, and the result is NULL; when it succeeds, each script must be
 * D (md_d_check()).
 */
extern md_result_t *fz_generate(const md_metric_t *, const md_request_t *);
extern md_errcode_t fz_gencode;	/* the last fz_generate()'s error */

/*
 * A picture of --run's lines (--heatmap, --flamegraph): fz_check_svg()
 * finds it one document of UTF-8 text, "<?xml" to "</svg>\n", with no
 * control byte but newline; fz_check_line_error() finds a failure to be
 * MD_ERR_LINE (with a message that names a line: "line N", "lines 1 to
 * N", "no line"), MD_ERR_LIMIT or MD_ERR_NOMEM.
 */
extern void fz_check_svg(const char *, size_t);
extern void fz_check_line_error(const md_error_t *);

#endif	/* FUZZ_H */

/*
 * check_prom.c: the Prometheus text exposition of a run (md_prom.c, SPEC
 * 8.3): each function's family and type, values accumulated since the
 * start, gauges of the last interval only, histograms cumulative by each
 * bucket's greatest value, drops and errors, names checked, labels and
 * help escaped as the format asks.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

static const char *const t_labels[] = { "execname", "cpu" };

/* The exposition so far (and the interval's end), kept for the test. */
static const char *
t_text(md_prom_t *p, uint64_t drops, uint64_t errors)
{
	md_error_t err;
	size_t len;
	char *text = md_prom_text(p, drops, errors, &len, &err);

	return (t_took(text, len, &err));
}

#define	T_TAIL(n) \
	"# HELP " n "_drops_total Aggregation records dtrace dropped since " \
	"tracing began.\n# TYPE " n "_drops_total counter\n" n "_drops_total " \
	"%d\n# HELP " n "_errors_total Run-time errors of the script since " \
	"tracing began.\n# TYPE " n "_errors_total counter\n" n \
	"_errors_total %d\n"

/* count: a counter, NAME_total, the running total, sorted by label. */
START_TEST(prom_should_total_counters_since_the_start)
{
	md_prom_t *p = md_prom_new("m", "System calls.", t_labels, 1,
	    MD_AGG_COUNT, NULL);
	int64_t w = 2;

	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP m_total System "
	    "calls.\n# TYPE m_total counter\n" T_TAIL("m"), 0, 0));
	t_add(NULL, p, "sshd", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 5;
	t_add(NULL, p, "bash", NULL, MD_AGG_COUNT, &w, 1, NULL);
	(void) t_text(p, 1, 0);
	w = 3;
	t_add(NULL, p, "sshd", NULL, MD_AGG_COUNT, &w, 1, NULL);
	ck_assert_str_eq(t_text(p, 2, 7), t_fmt("# HELP m_total System "
	    "calls.\n# TYPE m_total counter\nm_total{execname=\"bash\"} 5\n"
	    "m_total{execname=\"sshd\"} 5\n" T_TAIL("m"), 3, 7));
	md_prom_free(p);

	/* no label: a 0 before any event */
	p = md_prom_new("s", "h", NULL, 0, MD_AGG_SUM, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "\ns_total 0\n"));
	md_prom_free(p);
}
END_TEST

/* avg, min, max, stddev: a gauge of the last interval, where it had one. */
START_TEST(prom_should_gauge_the_last_interval)
{
	md_prom_t *p = md_prom_new("g", "h", t_labels, 2, MD_AGG_AVG, NULL);
	int64_t w[2] = { 4, 10 };

	t_add(NULL, p, "a", "0", MD_AGG_AVG, w, 2, NULL);
	t_add(NULL, p, "b", "1", MD_AGG_AVG, w, 2, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP g h\n# TYPE g "
	    "gauge\ng{execname=\"a\",cpu=\"0\"} 2.5\ng{execname=\"b\","
	    "cpu=\"1\"} 2.5\n" T_TAIL("g"), 0, 0));
	w[0] = 1;
	t_add(NULL, p, "b", "1", MD_AGG_AVG, w, 2, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP g h\n# TYPE g "
	    "gauge\ng{execname=\"b\",cpu=\"1\"} 10\n" T_TAIL("g"), 0, 0));
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP g h\n# TYPE g "
	    "gauge\n" T_TAIL("g"), 0, 0));
	md_prom_free(p);

	p = md_prom_new("x", "h", NULL, 0, MD_AGG_MAX, NULL);
	w[0] = -7;
	t_add(NULL, p, NULL, NULL, MD_AGG_MAX, w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "\nx -7\n"));
	md_prom_free(p);
}
END_TEST

/*
 * min: the last interval's least, records of one series in an interval
 * merged (--run may key min and max by more than the labels), never the
 * least since the start.
 */
START_TEST(prom_should_gauge_the_least_of_the_last_interval)
{
	md_prom_t *p = md_prom_new("mn", "h", t_labels, 1, MD_AGG_MIN, NULL);
	int64_t w = 5;

	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	w = -7;
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	w = 2;
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	t_add(NULL, p, "vi", NULL, MD_AGG_MIN, &w, 1, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP mn h\n# TYPE mn "
	    "gauge\nmn{execname=\"sh\"} -7\nmn{execname=\"vi\"} 2\n"
	    T_TAIL("mn"), 0, 0));
	w = 3;		/* -7 was the last interval's, not this one's */
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	w = INT64_MIN;
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	w = INT64_MAX;
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP mn h\n# TYPE mn "
	    "gauge\nmn{execname=\"sh\"} -9223372036854775808\n"
	    T_TAIL("mn"), 0, 0));
	w = 3;
	t_add(NULL, p, "sh", NULL, MD_AGG_MIN, &w, 1, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP mn h\n# TYPE mn "
	    "gauge\nmn{execname=\"sh\"} 3\n" T_TAIL("mn"), 0, 0));
	md_prom_free(p);
}
END_TEST

/*
 * stddev: the last interval's (dtrace's, of the population), from
 * count, sum and the 128-bit sum of squares, records merged with the
 * low word's carry.
 */
START_TEST(prom_should_gauge_the_stddev_of_the_last_interval)
{
	md_prom_t *p = md_prom_new("sd", "h", NULL, 0, MD_AGG_STDDEV, NULL);
	int64_t w[4] = { 3, 6, 14, 0 };		/* 1, 2, 3 */
	int64_t a[4] = { 1, 3037000000, 0, 0 };
	int64_t b[4] = { 1, 3037001000, 0, 0 };
	const char *t;
	double d;

	t_add(NULL, p, NULL, NULL, MD_AGG_STDDEV, w, 4, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP sd h\n# TYPE sd "
	    "gauge\nsd 0.816496580927726\n" T_TAIL("sd"), 0, 0));
	w[0] = 1;	/* 4 alone, in two records of it: 0 */
	w[1] = 4;
	w[2] = 16;
	t_add(NULL, p, NULL, NULL, MD_AGG_STDDEV, w, 4, NULL);
	t_add(NULL, p, NULL, NULL, MD_AGG_STDDEV, w, 4, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "\nsd 0\n"));
	ck_assert_ptr_null(strstr(t_text(p, 0, 0), "\nsd "));

	/*
	 * each square below 2^64, their sum above: the carry counts (500;
	 * 0 without it; about 500 where long double is double)
	 */
	a[2] = (int64_t)(UINT64_C(3037000000) * UINT64_C(3037000000));
	b[2] = (int64_t)(UINT64_C(3037001000) * UINT64_C(3037001000));
	t_add(NULL, p, NULL, NULL, MD_AGG_STDDEV, a, 4, NULL);
	t_add(NULL, p, NULL, NULL, MD_AGG_STDDEV, b, 4, NULL);
	t = strstr(t_text(p, 0, 0), "\nsd ");
	ck_assert_ptr_nonnull(t);
	d = strtod(t + 4, NULL);
	ck_assert_msg(d > 490 && d < 510, "stddev of 3037000000 and "
	    "3037001000: %g, not 500 (the carry lost?)", d);
	md_prom_free(p);
}
END_TEST

/*
 * A quantization: a histogram, cumulative since the start, le the
 * bucket's greatest value, for the buckets that held an event; an open
 * top bucket only in +Inf; NAME_sum (0 where no sum() came); NAME_count.
 */
START_TEST(prom_should_make_histograms_of_distributions)
{
	md_quant_t q;
	int64_t d[8] = { 0 };
	md_prom_t *p;

	(void) md_quant_init(&q, MD_AGG_LQUANTIZE, MD_DIALECT_ORACLE,
	    (UINT64_C(10) << 48) | (UINT64_C(6) << 32) | (uint32_t)-10);
	p = md_prom_new("lat", "h", NULL, 0, MD_AGG_LQUANTIZE, NULL);
	d[0] = 1;	/* below -10 */
	d[2] = 2;	/* [0, 9] */
	t_add(NULL, p, NULL, NULL, MD_AGG_LQUANTIZE, d, 8, &q);
	(void) t_text(p, 0, 0);
	(void) memset(d, 0, sizeof (d));
	d[2] = 1;
	d[7] = 4;	/* 50 and more */
	t_add(NULL, p, NULL, NULL, MD_AGG_LQUANTIZE, d, 8, &q);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP lat h\n# TYPE lat "
	    "histogram\nlat_bucket{le=\"-11\"} 1\nlat_bucket{le=\"9\"} 4\n"
	    "lat_bucket{le=\"+Inf\"} 8\nlat_sum 0\nlat_count 8\n" T_TAIL("lat"),
	    0, 0));
	md_prom_free(p);

	/* by label; before any event, nothing but the families */
	p = md_prom_new("lat", "h", t_labels, 1, MD_AGG_LQUANTIZE, NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP lat h\n# TYPE lat "
	    "histogram\n" T_TAIL("lat"), 0, 0));
	(void) memset(d, 0, sizeof (d));
	d[3] = 1;
	t_add(NULL, p, "sh", NULL, MD_AGG_LQUANTIZE, d, 8, &q);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0),
	    "lat_bucket{execname=\"sh\",le=\"19\"} 1\n"
	    "lat_bucket{execname=\"sh\",le=\"+Inf\"} 1\n"
	    "lat_sum{execname=\"sh\"} 0\n"
	    "lat_count{execname=\"sh\"} 1\n"));
	md_prom_free(p);
}
END_TEST

/*
 * Labels' values: the key's form (SPEC 8.1: a backslash doubled, a byte
 * not UTF-8 as \xHH), then escaped as the format asks; help escaped.
 */
START_TEST(prom_should_escape_what_the_format_asks)
{
	md_prom_t *p = md_prom_new("e", "a \\ b\nc", t_labels, 1,
	    MD_AGG_COUNT, NULL);
	int64_t w = 1;

	t_add(NULL, p, "q\"b\\n\n\xff\xc3\xa9", NULL, MD_AGG_COUNT, &w, 1,
	    NULL);
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP e_total a \\\\ b\\nc\n"
	    "# TYPE e_total counter\ne_total{execname=\"q\\\"b\\\\\\\\n\\n"
	    "\\\\xff\xc3\xa9\"} 1\n" T_TAIL("e"), 0, 0));
	md_prom_free(p);
}
END_TEST

/*
 * Two keys never make one series: Latin-1's "caf" E9 and the UTF-8
 * "café" are two, and so are two histograms by them, each its own.
 */
START_TEST(prom_should_keep_keys_apart)
{
	md_prom_t *p = md_prom_new("c", "h", t_labels, 1, MD_AGG_COUNT, NULL);
	md_quant_t q;
	int64_t w = 1000, d[127];

	t_add(NULL, p, "caf\xe9", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 5;
	t_add(NULL, p, "caf\xc3\xa9", NULL, MD_AGG_COUNT, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0),
	    "c_total{execname=\"caf\\\\xe9\"} 1000\n"
	    "c_total{execname=\"caf\xc3\xa9\"} 5\n"));
	md_prom_free(p);

	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	p = md_prom_new("h", "h", t_labels, 1, MD_AGG_QUANTIZE, NULL);
	(void) memset(d, 0, sizeof (d));
	d[82] = 623;	/* [262144, 524287] */
	t_add(NULL, p, "caf\xe9", NULL, MD_AGG_QUANTIZE, d, 127, &q);
	d[82] = 0;
	d[83] = 5;	/* [524288, 1048575] */
	t_add(NULL, p, "caf\xc3\xa9", NULL, MD_AGG_QUANTIZE, d, 127, &q);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0),
	    "h_bucket{execname=\"caf\\\\xe9\",le=\"524287\"} 623\n"
	    "h_bucket{execname=\"caf\\\\xe9\",le=\"1048575\"} 623\n"
	    "h_bucket{execname=\"caf\\\\xe9\",le=\"+Inf\"} 623\n"
	    "h_sum{execname=\"caf\\\\xe9\"} 0\n"
	    "h_count{execname=\"caf\\\\xe9\"} 623\n"
	    "h_bucket{execname=\"caf\xc3\xa9\",le=\"524287\"} 0\n"
	    "h_bucket{execname=\"caf\xc3\xa9\",le=\"1048575\"} 5\n"
	    "h_bucket{execname=\"caf\xc3\xa9\",le=\"+Inf\"} 5\n"
	    "h_sum{execname=\"caf\xc3\xa9\"} 0\n"
	    "h_count{execname=\"caf\xc3\xa9\"} 5\n"));
	md_prom_free(p);
}
END_TEST

/*
 * At most N series, the busiest, in their order; the samples of the
 * others in NAME_series_dropped, which is there whenever a bound is.
 */
START_TEST(prom_should_keep_the_busiest_series)
{
	md_prom_t *p = md_prom_new("m", "h", t_labels, 1, MD_AGG_COUNT, NULL);
	const char *text;
	int64_t w;

	md_prom_bound(p, 2, 0);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "# HELP m_series_dropped "
	    "Samples left out of this exposition, which holds the series with "
	    "the largest counts only (meta-d --max-series).\n# TYPE "
	    "m_series_dropped gauge\nm_series_dropped 0\n"));
	w = 3;
	t_add(NULL, p, "a", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 9;
	t_add(NULL, p, "b", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 1;
	t_add(NULL, p, "c", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 3;
	t_add(NULL, p, "d", NULL, MD_AGG_COUNT, &w, 1, NULL);
	text = t_text(p, 0, 0);
	ck_assert_ptr_nonnull(strstr(text, "counter\nm_total{execname=\"a\"} 3\n"
	    "m_total{execname=\"b\"} 9\n# HELP m_drops_total"));
	ck_assert_ptr_nonnull(strstr(text, "\nm_series_dropped 2\n"));
	ck_assert_uint_eq(md_prom_left_out(p), 2);
	/* c grows past the others: the busiest since the start */
	w = 20;
	t_add(NULL, p, "c", NULL, MD_AGG_COUNT, &w, 1, NULL);
	text = t_text(p, 0, 0);
	ck_assert_ptr_nonnull(strstr(text, "counter\nm_total{execname=\"b\"} 9\n"
	    "m_total{execname=\"c\"} 21\n# HELP m_drops_total"));
	md_prom_free(p);
}
END_TEST

/*
 * A series with no event for N intervals is let go, and starts from zero
 * when its key comes back; the others keep their totals and order.
 */
START_TEST(prom_should_let_idle_series_go)
{
	md_prom_t *p = md_prom_new("m", "h", t_labels, 1, MD_AGG_COUNT, NULL);
	const char *text;
	int64_t w = 4;
	int i;

	md_prom_bound(p, 0, 2);
	t_add(NULL, p, "old", NULL, MD_AGG_COUNT, &w, 1, NULL);
	t_add(NULL, p, "busy", NULL, MD_AGG_COUNT, &w, 1, NULL);
	t_add(NULL, p, "zed", NULL, MD_AGG_COUNT, &w, 1, NULL);
	(void) t_text(p, 0, 0);
	for (i = 0; i < 2; i++) {
		w = 1;
		t_add(NULL, p, "busy", NULL, MD_AGG_COUNT, &w, 1, NULL);
		t_add(NULL, p, "zed", NULL, MD_AGG_COUNT, &w, 1, NULL);
		text = t_text(p, 0, 0);
	}
	ck_assert_ptr_null(strstr(text, "old"));
	ck_assert_ptr_nonnull(strstr(text, "m_total{execname=\"busy\"} 6\n"
	    "m_total{execname=\"zed\"} 6\n"));
	ck_assert_ptr_null(strstr(text, "series_dropped"));
	w = 1;
	t_add(NULL, p, "old", NULL, MD_AGG_COUNT, &w, 1, NULL);
	text = t_text(p, 0, 0);
	ck_assert_ptr_nonnull(strstr(text, "m_total{execname=\"busy\"} 6\n"
	    "m_total{execname=\"old\"} 1\nm_total{execname=\"zed\"} 6\n"));
	/* 10,000 keys come and go: the table keeps those alive */
	for (i = 0; i < 10000; i++) {
		char k[16];

		(void) snprintf(k, sizeof (k), "k%d", i);
		t_add(NULL, p, k, NULL, MD_AGG_COUNT, &w, 1, NULL);
		if (i % 100 == 99)
			(void) t_text(p, 0, 0);
	}
	(void) t_text(p, 0, 0);
	(void) t_text(p, 0, 0);
	text = t_text(p, 0, 0);
	ck_assert_ptr_null(strstr(text, "execname"));
	md_prom_free(p);
}
END_TEST

/* A quantization's buckets, Oracle's quantize: one event in each. */
static void
t_hist(md_prom_t *p, const char *k, const md_quant_t *q, const int *idx,
    size_t n, int64_t sum)
{
	int64_t d[127];
	size_t i;

	(void) memset(d, 0, sizeof (d));
	for (i = 0; i < n; i++)
		d[idx[i]]++;
	t_add(NULL, p, k, NULL, MD_AGG_QUANTIZE, d, 127, q);
	t_add(NULL, p, k, NULL, MD_AGG_SUM, &sum, 1, NULL);
}

/*
 * A time in nanoseconds, exposed in seconds as exact decimal text: each
 * le and NAME_sum (sum() records beside the quantization, added up over
 * intervals), up to int64's largest; every series carries the buckets
 * any series had an event in (y's [4, 7] in x's too, 0 there).
 */
START_TEST(prom_should_expose_times_in_seconds_exactly)
{
	static const int x[] = { 74, 103 }, y[] = { 66 }, z[] = { 126 };
	md_prom_t *p = md_prom_new("t", "h", t_labels, 1, MD_AGG_QUANTIZE,
	    NULL);
	md_quant_t q;

	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	ck_assert_int_eq(md_prom_scale(p, 1, NULL), 0);
	t_hist(p, "x", &q, x, 1, 1099);			/* [1024, 2047] */
	(void) t_text(p, 0, 0);
	t_hist(p, "x", &q, x + 1, 1, 1000000000123);	/* [2^39, 2^40) */
	t_hist(p, "y", &q, y, 1, 5);			/* [4, 7] */
	ck_assert_str_eq(t_text(p, 0, 0), t_fmt("# HELP t h\n# TYPE t "
	    "histogram\n"
	    "t_bucket{execname=\"x\",le=\"0.000000007\"} 0\n"
	    "t_bucket{execname=\"x\",le=\"0.000002047\"} 1\n"
	    "t_bucket{execname=\"x\",le=\"1099.511627775\"} 2\n"
	    "t_bucket{execname=\"x\",le=\"+Inf\"} 2\n"
	    "t_sum{execname=\"x\"} 1000.000001222\n"
	    "t_count{execname=\"x\"} 2\n"
	    "t_bucket{execname=\"y\",le=\"0.000000007\"} 1\n"
	    "t_bucket{execname=\"y\",le=\"0.000002047\"} 1\n"
	    "t_bucket{execname=\"y\",le=\"1099.511627775\"} 1\n"
	    "t_bucket{execname=\"y\",le=\"+Inf\"} 1\n"
	    "t_sum{execname=\"y\"} 0.000000005\n"
	    "t_count{execname=\"y\"} 1\n" T_TAIL("t"), 0, 0));
	t_hist(p, "z", &q, z, 1, INT64_MAX);	/* [2^62, 2^63 - 1] */
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0),
	    "t_bucket{execname=\"z\",le=\"9223372036.854775807\"} 1\n"
	    "t_bucket{execname=\"z\",le=\"+Inf\"} 1\n"
	    "t_sum{execname=\"z\"} 9223372036.854775807\n"));
	md_prom_free(p);
}
END_TEST

/*
 * Microseconds and milliseconds: 1,099 us is le="0.001099" (lquantize's
 * [1000, 1099]); a sum's total and a max in seconds exactly; units that
 * are no power of ten of nanoseconds refused.
 */
START_TEST(prom_should_expose_us_and_ms_in_seconds)
{
	md_prom_t *p = md_prom_new("u", "h", NULL, 0, MD_AGG_LQUANTIZE, NULL);
	md_quant_t q;
	int64_t d[22] = { 0 }, w = 1050;

	(void) md_quant_init(&q, MD_AGG_LQUANTIZE, MD_DIALECT_ORACLE,
	    (UINT64_C(100) << 48) | (UINT64_C(20) << 32));
	ck_assert_int_eq(md_prom_scale(p, 1000, NULL), 0);
	d[11] = 1;	/* [1000, 1099] */
	t_add(NULL, p, NULL, NULL, MD_AGG_LQUANTIZE, d, 22, &q);
	t_add(NULL, p, NULL, NULL, MD_AGG_SUM, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0),
	    "histogram\nu_bucket{le=\"0.001099\"} 1\nu_bucket{le=\"+Inf\"} 1\n"
	    "u_sum 0.00105\nu_count 1\n"));
	md_prom_free(p);

	p = md_prom_new("s", "h", NULL, 0, MD_AGG_SUM, NULL);
	ck_assert_int_eq(md_prom_scale(p, 1000000, NULL), 0);
	w = 1234567;
	t_add(NULL, p, NULL, NULL, MD_AGG_SUM, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "\ns_total 1234.567\n"));
	md_prom_free(p);

	p = md_prom_new("m", "h", NULL, 0, MD_AGG_MAX, NULL);
	ck_assert_int_eq(md_prom_scale(p, 1000000, NULL), 0);
	w = -1500;
	t_add(NULL, p, NULL, NULL, MD_AGG_MAX, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "\nm -1.5\n"));
	ck_assert_int_eq(md_prom_scale(p, 1000000000, NULL), 0);
	ck_assert_int_eq(md_prom_scale(p, 7, NULL), -1);
	ck_assert_int_eq(md_prom_scale(p, 0, NULL), -1);
	ck_assert_int_eq(md_prom_scale(p, UINT64_C(10000000000), NULL), -1);
	md_prom_free(p);
}
END_TEST

/*
 * The bounds hold for histograms: the busiest series kept, the others'
 * samples (each le of the family's, +Inf, NAME_sum, NAME_count)
 * counted; a series let go when idle, its buckets kept for the others.
 */
START_TEST(prom_should_bound_histograms)
{
	static const int a[] = { 70, 70, 71 }, b[] = { 80 };
	md_prom_t *p = md_prom_new("h", "h", t_labels, 1, MD_AGG_QUANTIZE,
	    NULL);
	const char *text;
	md_quant_t q;

	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	md_prom_bound(p, 1, 1);
	t_hist(p, "a", &q, a, 3, 0);
	t_hist(p, "b", &q, b, 1, 0);
	text = t_text(p, 0, 0);
	ck_assert_ptr_null(strstr(text, "\"b\""));
	ck_assert_ptr_nonnull(strstr(text,
	    "h_bucket{execname=\"a\",le=\"127\"} 2\n"
	    "h_bucket{execname=\"a\",le=\"255\"} 3\n"
	    "h_bucket{execname=\"a\",le=\"131071\"} 3\n"));
	ck_assert_ptr_nonnull(strstr(text, "\nh_series_dropped 6\n"));
	ck_assert_uint_eq(md_prom_left_out(p), 1);
	t_hist(p, "a", &q, a, 1, 0);
	text = t_text(p, 0, 0);		/* b idle: let go */
	ck_assert_ptr_nonnull(strstr(text,
	    "h_bucket{execname=\"a\",le=\"131071\"} 4\n"));
	ck_assert_ptr_nonnull(strstr(text, "\nh_series_dropped 0\n"));
	md_prom_free(p);
}
END_TEST

/* stddev's gauge of keys alike merges in words that wrap (no overflow). */
START_TEST(prom_should_merge_stddev_at_int64s_ends)
{
	md_prom_t *p = md_prom_new("s", "h", t_labels, 1, MD_AGG_STDDEV,
	    NULL);
	int64_t w[4] = { INT64_MAX, INT64_MAX, -1, INT64_MAX };

	t_add(NULL, p, "k", NULL, MD_AGG_STDDEV, w, 4, NULL);
	t_add(NULL, p, "k", NULL, MD_AGG_STDDEV, w, 4, NULL);
	ck_assert_ptr_nonnull(strstr(t_text(p, 0, 0), "s{execname=\"k\"} 0\n"));
	md_prom_free(p);
}
END_TEST

/* Names: [a-zA-Z_][a-zA-Z0-9_]*; labels neither __ first nor le. */
START_TEST(prom_should_refuse_names_that_are_no_names)
{
	static const char *const bad[] = { "a-b" };
	static const char *const le[] = { "le" };
	static const char *const reserved[] = { "__name" };
	md_error_t err;

	ck_assert(md_prom_name_valid("metad_syscall_latency"));
	ck_assert(md_prom_name_valid("_x9"));
	ck_assert(!md_prom_name_valid("9lives"));
	ck_assert(!md_prom_name_valid("a.b"));
	ck_assert(!md_prom_name_valid(""));
	ck_assert_ptr_null(md_prom_new("9lives", "h", NULL, 0, MD_AGG_COUNT,
	    &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_OPTION);
	ck_assert_ptr_null(md_prom_new("m", "h", bad, 1, MD_AGG_COUNT, &err));
	ck_assert_str_eq(err.mde_msg, "\"a-b\" is no label name (letters, "
	    "digits and _, not a digit first, not __ first, not le)");
	ck_assert_ptr_null(md_prom_new("m", "h", le, 1, MD_AGG_COUNT, &err));
	ck_assert_ptr_null(md_prom_new("m", "h", reserved, 1, MD_AGG_COUNT,
	    &err));
	md_prom_free(NULL);
}
END_TEST

Suite *
prom_suite(void)
{
	Suite *s = suite_create("prom");
	TCase *tc = tcase_create("prom");

	tcase_add_test(tc, prom_should_total_counters_since_the_start);
	tcase_add_test(tc, prom_should_gauge_the_last_interval);
	tcase_add_test(tc, prom_should_gauge_the_least_of_the_last_interval);
	tcase_add_test(tc, prom_should_gauge_the_stddev_of_the_last_interval);
	tcase_add_test(tc, prom_should_make_histograms_of_distributions);
	tcase_add_test(tc, prom_should_escape_what_the_format_asks);
	tcase_add_test(tc, prom_should_keep_keys_apart);
	tcase_add_test(tc, prom_should_keep_the_busiest_series);
	tcase_add_test(tc, prom_should_let_idle_series_go);
	tcase_add_test(tc, prom_should_merge_stddev_at_int64s_ends);
	tcase_add_test(tc, prom_should_refuse_names_that_are_no_names);
	tcase_add_test(tc, prom_should_expose_times_in_seconds_exactly);
	tcase_add_test(tc, prom_should_expose_us_and_ms_in_seconds);
	tcase_add_test(tc, prom_should_bound_histograms);
	suite_add_tcase(s, tc);
	return (s);
}

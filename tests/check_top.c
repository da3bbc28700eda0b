/*
 * check_top.c: meta-d --top's view (SPEC 8.5), from values added by hand
 * as dtrace lays them out: rows in order with their rates and shares,
 * sparklines (length, characters, the ASCII ones), the histogram (its
 * rows, trimmed, the bar, the percentiles), distributions by key, the
 * width and the height kept, and keys that would drive a terminal shown
 * harmless and apart.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

#define	T_START	1764035000.0

/* A view of nkeys keys (fields k, i) and function fn, in unit. */
static md_top_t *
t_top(size_t nkeys, md_aggfn_t fn, const char *unit)
{
	static const char *const fields[] = { "k", "i" };
	md_topconf_t c = { nkeys, fields, fn, unit, "m -s k" };
	md_error_t err;
	md_top_t *t = md_top_new(&c, &err);

	ck_assert_msg(t != NULL, "%s", err.mde_msg);
	return (t);
}

/* A value of n words w under keys k0, k1 (NULL: none). */
static void
t_tadd(md_top_t *t, const char *k0, const char *k1, md_aggfn_t fn,
    const int64_t *w, size_t n, const md_quant_t *q)
{
	const char *keys[2] = { k0, k1 };
	size_t lens[2] = { k0 == NULL ? 0 : strlen(k0),
	    k1 == NULL ? 0 : strlen(k1) };
	md_value_t v = { fn, q, w, n };
	md_error_t err;

	ck_assert_msg(md_top_add(t, keys, lens, &v, &err) == 0, "%s",
	    err.mde_msg);
}

static void
t_count(md_top_t *t, const char *k0, const char *k1, int64_t n)
{
	t_tadd(t, k0, k1, MD_AGG_COUNT, &n, 1, NULL);
}

/*
 * The interval ended (dur seconds; 0: drawn again) and drawn in w x h,
 * kept until the next view.
 */
static const char *
t_view(md_top_t *t, double dur, size_t w, size_t h, int flags)
{
	static char *last;
	md_error_t err;
	size_t len = 0;

	if (dur > 0)
		ck_assert(md_top_end(t, T_START, dur, 0, 0, &err) == 0);
	free(last);
	last = md_top_view(t, w, h, flags, &len, &err);
	ck_assert_msg(last != NULL, "%s", err.mde_msg);
	ck_assert_uint_eq(strlen(last), len);
	return (last);
}

/* Line n (0: the header) of a view, without its newline. */
static const char *
t_nth(const char *view, size_t n)
{
	const char *p = view, *e;

	while (n-- > 0 && p != NULL)
		p = (p = strchr(p, '\n')) != NULL ? p + 1 : NULL;
	ck_assert_msg(p != NULL && *p != '\0', "no such line in:\n%s", view);
	e = strchr(p, '\n');
	return (t_fmt("%.*s", (int)(e == NULL ? strlen(p) : (size_t)(e - p)),
	    p));
}

static size_t
t_nlines(const char *view)
{
	size_t n = 0;

	for (; *view != '\0'; view++)
		n += *view == '\n';
	return (n);
}

/* The columns a line takes: its code points (all narrow here). */
static size_t
t_cols(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return (n);
}

/* A row's fields: key, value, rate, share; the rest (the sparkline). */
static const char *
t_row(const char *line, char *key, char *val, char *rate, char *share)
{
	int n = 0;

	ck_assert_msg(sscanf(line, "%63s %63s %63s %63s%n", key, val, rate,
	    share, &n) == 4, "not a row: %s", line);
	while (line[n] == ' ')
		n++;
	return (line + n);
}

/* Rows by value, largest first, with rate and share; keys alike merged. */
START_TEST(top_should_sort_rows_with_rates_and_shares)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, "nanoseconds");
	char k[64], v[64], r[64], s[64];
	const char *view;

	t_count(t, "x", NULL, 6);
	t_count(t, "y", NULL, 10);
	t_count(t, "z", NULL, 2);
	t_count(t, "y", NULL, 2);
	view = t_view(t, 2.0, 80, 0, MD_TOP_UTF8);
	ck_assert_msg(strncmp(view, "m -s k  ", 8) == 0, "%s", view);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 0), "  2 s  20 events  "
	    "10/s  3 keys"));
	ck_assert_uint_eq(t_nlines(view), 5);
	(void) t_row(t_nth(view, 1), k, v, r, s);
	ck_assert_str_eq(k, "k");
	ck_assert_str_eq(v, "count");		/* a count has no unit */
	(void) t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_str_eq(t_fmt("%s %s %s %s", k, v, r, s), "y 12 6 60.0%");
	(void) t_row(t_nth(view, 3), k, v, r, s);
	ck_assert_str_eq(t_fmt("%s %s %s %s", k, v, r, s), "x 6 3 30.0%");
	(void) t_row(t_nth(view, 4), k, v, r, s);
	ck_assert_str_eq(t_fmt("%s %s %s %s", k, v, r, s), "z 2 1 10.0%");
	/* a number too wide for its column: shorter, never cut */
	t_count(t, "big", NULL, INT64_C(123456789012));
	view = t_view(t, 1.0, 80, 0, MD_TOP_UTF8);
	(void) t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_str_eq(t_fmt("%s %s %s %s", k, v, r, s), "big 123G 123G "
	    "100.0%");
	/* the next interval has only its own keys */
	t_count(t, "z", NULL, 5);
	view = t_view(t, 1.0, 80, 0, MD_TOP_UTF8);
	ck_assert_uint_eq(t_nlines(view), 3);
	(void) t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_str_eq(t_fmt("%s %s %s %s", k, v, r, s), "z 5 5 100.0%");
	md_top_free(t);
}
END_TEST

/* Before the first interval: the header, saying so. */
START_TEST(top_should_say_it_waits_for_the_first_interval)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	const char *view = t_view(t, 0, 80, 24, 0);

	ck_assert_uint_eq(t_nlines(view), 1);
	ck_assert_ptr_nonnull(strstr(view, "first interval"));
	md_top_free(t);
}
END_TEST

/* Sum in its unit; avg's rate and share are its events'. */
START_TEST(top_should_show_units_and_events)
{
	md_top_t *t = t_top(1, MD_AGG_SUM, "bytes");
	int64_t w, a[2];
	const char *view;

	w = 3 * 1024 * 1024;
	t_tadd(t, "x", NULL, MD_AGG_SUM, &w, 1, NULL);
	view = t_view(t, 1.0, 80, 0, 0);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 0), "sum 3 MiB  3 MiB/s"));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), " 3 MiB "));
	md_top_free(t);

	t = t_top(1, MD_AGG_AVG, "nanoseconds");
	a[0] = 3;
	a[1] = 4500;
	t_tadd(t, "x", NULL, MD_AGG_AVG, a, 2, NULL);
	a[0] = 1;
	a[1] = 10;
	t_tadd(t, "y", NULL, MD_AGG_AVG, a, 2, NULL);
	view = t_view(t, 1.0, 80, 0, 0);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 0), "4 events  4/s"));
	ck_assert_str_eq(t_nth(view, 2), t_fmt("%-19s %10s %10s %6s  #", "x",
	    "1.5 us", "3", "75.0%"));
	ck_assert_str_eq(t_nth(view, 3), t_fmt("%-19s %10s %10s %6s  #", "y",
	    "10 ns", "1", "25.0%"));
	md_top_free(t);
}
END_TEST

/*
 * The sparkline: one character an interval, up to the last 30, each
 * scaled to the key's largest; an interval without the key is the
 * lowest; ASCII _.-=# where the terminal is not UTF-8.
 */
START_TEST(top_should_draw_sparklines)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	char k[64], v[64], r[64], s[64];
	const char *view, *sp;
	int i;

	t_count(t, "x", NULL, 7);
	view = t_view(t, 1.0, 80, 0, MD_TOP_UTF8);
	sp = t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_str_eq(sp, "\xe2\x96\x88");
	(void) t_view(t, 1.0, 80, 0, MD_TOP_UTF8);	/* x missed this one */
	t_count(t, "x", NULL, 1);
	view = t_view(t, 1.0, 80, 0, MD_TOP_UTF8);
	sp = t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_str_eq(sp, "\xe2\x96\x88\xe2\x96\x81\xe2\x96\x82");
	ck_assert_ptr_nonnull(strstr(t_nth(view, 1), "last 3"));
	for (i = 1; i <= 40; i++) {
		t_count(t, "x", NULL, i);
		view = t_view(t, 1.0, 80, 0, 0);
	}
	sp = t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_uint_eq(strlen(sp), 30);	/* intervals 11 to 40 */
	ck_assert_uint_eq(strspn(sp, "_.-=#"), 30);
	ck_assert_int_eq(sp[29], '#');
	ck_assert_int_eq(sp[0], '-');		/* 11 of 40 */
	ck_assert_ptr_nonnull(strstr(t_nth(view, 1), "last 30"));
	view = t_view(t, 0, 80, 0, MD_TOP_UTF8);
	sp = t_row(t_nth(view, 2), k, v, r, s);
	ck_assert_uint_eq(strlen(sp), 90);
	ck_assert_str_eq(sp + 87, "\xe2\x96\x88");
	md_top_free(t);
}
END_TEST

/* quantize's buckets, as dtrace lays them out, with counts at bucket i. */
static void
t_quant(md_top_t *t, const char *k, md_quant_t *q, int64_t *b,
    const size_t *at, const int64_t *n, size_t m)
{
	size_t i;

	ck_assert_int_eq(md_quant_init(q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE,
	    0), 0);
	(void) memset(b, 0, md_quant_nbuckets(q) * sizeof (int64_t));
	for (i = 0; i < m; i++)
		b[at[i]] = n[i];
	t_tadd(t, k, NULL, MD_AGG_QUANTIZE, b, md_quant_nbuckets(q), q);
}

/*
 * A distribution alone: dtrace's rows from the first bucket with an event
 * to the last, the bar scaled to the largest, the values in the unit,
 * then the count and percentiles.
 */
START_TEST(top_should_draw_a_histogram)
{
	static const size_t at[] = { 63, 65, 73 };	/* 0, 2..3, 512.. */
	static const int64_t n[] = { 1, 1, 2 };
	md_top_t *t = t_top(0, MD_AGG_QUANTIZE, NULL);
	int64_t b[127];
	md_quant_t q;
	const char *view;

	t_quant(t, NULL, &q, b, at, n, 3);
	view = t_view(t, 1.0, 80, 0, MD_TOP_UTF8);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 0), "4 events  4/s"));
	ck_assert_str_eq(t_nth(view, 1), "           value  ------------- "
	    "Distribution ------------- count");
	ck_assert_str_eq(t_nth(view, 2), t_fmt("%16s |%-40s %d", "0",
	    "@@@@@@@@@@@@@@@@@@@@", 1));
	ck_assert_str_eq(t_nth(view, 3), t_fmt("%16s |%-40s %d", "1", "", 0));
	ck_assert_str_eq(t_nth(view, 4), t_fmt("%16s |%-40s %d", "2",
	    "@@@@@@@@@@@@@@@@@@@@", 1));
	ck_assert_str_eq(t_nth(view, 12), t_fmt("%16s |%-40s %d", "512",
	    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@", 2));
	ck_assert_str_eq(t_nth(view, 13), "count 4  p50 2  p90 512  p99 512  "
	    "max 512");
	ck_assert_uint_eq(t_nlines(view), 14);
	md_top_free(t);

	t = t_top(0, MD_AGG_QUANTIZE, "nanoseconds");
	t_quant(t, NULL, &q, b, at + 1, n + 1, 2);
	b[74] = 1;				/* 1024 to 2047 ns */
	t_tadd(t, NULL, NULL, MD_AGG_QUANTIZE, b, 127, &q);
	view = t_view(t, 1.0, 80, 0, 0);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), "  2 ns |"));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 10), "512 ns |"));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 11), "1.02 us |"));
	ck_assert_str_eq(t_nth(view, 12), "count 7  p50 512 ns  p90 1.02 us  "
	    "p99 1.02 us  max 1.02 us");
	/* an interval without events */
	view = t_view(t, 1.0, 80, 0, 0);
	ck_assert_str_eq(t_nth(view, 1), "no events");
	md_top_free(t);
}
END_TEST

/*
 * A histogram taller than the screen: consecutive buckets share a row,
 * so that its whole range shows (never its tail cut), every event in a
 * row, the first row the lowest bucket's.
 */
START_TEST(top_should_fit_a_histogram_to_the_height)
{
	static const size_t at[] = { 64, 70, 100 };
	static const int64_t n[] = { 1, 5, 2 };
	md_top_t *t = t_top(0, MD_AGG_QUANTIZE, NULL);
	int64_t b[127], sum = 0;
	md_quant_t q;
	const char *view, *row;
	size_t i;

	t_quant(t, NULL, &q, b, at, n, 3);
	view = t_view(t, 1.0, 80, 10, 0);
	ck_assert_uint_eq(t_nlines(view), 10);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), "  1 |"));
	for (i = 2; i < 9; i++) {
		row = t_nth(view, i);
		ck_assert_ptr_nonnull(strchr(row, '|'));
		sum += strtoll(strrchr(row, ' ') + 1, NULL, 10);
	}
	ck_assert_int_eq(sum, 8);
	ck_assert_str_eq(strrchr(t_nth(view, 8), ' '), " 2");
	ck_assert_ptr_nonnull(strstr(t_nth(view, 9), "count 8  p50 "));
	md_top_free(t);
}
END_TEST

/*
 * llquantize's rows, when they do not fit, are a power of its factor
 * each: they start at round values.
 */
START_TEST(top_should_fit_llquantize_by_powers)
{
	md_top_t *t = t_top(0, MD_AGG_LLQUANTIZE, "nanoseconds");
	md_quant_t q;
	md_bucket_t bk;
	int64_t *b;
	size_t nb, i;
	const char *view;

	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LLQUANTIZE,
	    MD_DIALECT_ORACLE, 10 | 3 << 16 | (uint64_t)11 << 32 |
	    (uint64_t)100 << 48), 0);
	nb = md_quant_nbuckets(&q);
	b = calloc(nb, sizeof (*b));
	for (i = 0; i < nb; i++) {	/* one event in each bucket */
		if (md_quant_bucket(&q, i, &bk) == 0)
			b[i] = 1;
	}
	t_tadd(t, NULL, NULL, MD_AGG_LLQUANTIZE, b, nb, &q);
	view = t_view(t, 1.0, 80, 24, 0);
	ck_assert_uint_le(t_nlines(view), 24);
	ck_assert_ptr_nonnull(strstr(view, "    1 us |"));
	ck_assert_ptr_nonnull(strstr(view, "   10 us |"));
	ck_assert_ptr_nonnull(strstr(view, "    1 ms |"));
	ck_assert_ptr_nonnull(strstr(view, "    1 s |"));
	ck_assert_ptr_null(strstr(view, "more buckets"));
	free(b);
	md_top_free(t);
}
END_TEST

/*
 * Distributions by key: by count, with p50, p99 and max, and a density
 * over the buckets of every row shown, one character a bucket.
 */
START_TEST(top_should_draw_distributions_by_key)
{
	static const size_t atx[] = { 65, 73 }, aty[] = { 63 };
	static const int64_t nx[] = { 1, 2 }, ny[] = { 5 };
	md_top_t *t = t_top(1, MD_AGG_QUANTIZE, NULL);
	int64_t b[127];
	md_quant_t q;
	const char *view, *d;

	t_quant(t, "x", &q, b, atx, nx, 2);
	t_quant(t, "y", &q, b, aty, ny, 1);
	view = t_view(t, 1.0, 80, 0, 0);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 0), "8 events"));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 1), "   0 .. 512"));
	ck_assert_msg(strncmp(t_nth(view, 2), "y ", 2) == 0, "%s", view);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), t_fmt("%8s %9s %9s %9s"
	    "  |", "5", "0", "0", "0")));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 3), t_fmt("%8s %9s %9s %9s"
	    "  |", "3", "512", "512", "512")));
	d = strchr(t_nth(view, 3), '|');
	ck_assert_str_eq(d, "|  =       #|");	/* buckets 0 to 512 */
	d = strchr(t_nth(view, 2), '|');
	ck_assert_str_eq(d, "|#          |");
	md_top_free(t);
}
END_TEST

/* Every line within the width; a key cut shows it was. */
START_TEST(top_should_keep_to_the_width)
{
	md_top_t *t = t_top(2, MD_AGG_COUNT, NULL);
	const char *view;
	size_t w, i;

	t_count(t, "a-very-long-program-name-indeed", "42", 3);
	t_count(t, "b", "7", 1);
	for (w = 20; w <= 120; w += 25) {
		view = t_view(t, w == 20 ? 1.0 : 0, w, 0, MD_TOP_UTF8);
		for (i = 0; i < t_nlines(view); i++)
			ck_assert_msg(t_cols(t_nth(view, i)) <= w, "%zu: %s",
			    w, t_nth(view, i));
	}
	view = t_view(t, 0, 60, 0, MD_TOP_UTF8);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), "a-very-l\xe2\x80\xa6"
	    " 42 "));
	view = t_view(t, 0, 60, 0, 0);
	ck_assert_ptr_nonnull(strstr(t_nth(view, 2), "a-very-l~ 42 "));
	ck_assert_ptr_nonnull(strstr(t_nth(view, 1), "k         i "));
	md_top_free(t);
}
END_TEST

/* As many rows as fit, then how many more. */
START_TEST(top_should_count_the_keys_that_do_not_fit)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	const char *view;
	int i;

	for (i = 0; i < 50; i++)
		t_count(t, t_fmt("key%02d", i), NULL, i + 1);
	view = t_view(t, 1.0, 80, 10, 0);
	ck_assert_uint_eq(t_nlines(view), 10);
	ck_assert_msg(strncmp(t_nth(view, 2), "key49 ", 6) == 0, "%s", view);
	ck_assert_msg(strncmp(t_nth(view, 8), "key43 ", 6) == 0, "%s", view);
	ck_assert_str_eq(t_nth(view, 9), "... 43 more keys");
	view = t_view(t, 0, 80, 1, 0);
	ck_assert_uint_eq(t_nlines(view), 1);
	view = t_view(t, 0, 80, 0, 0);
	ck_assert_uint_eq(t_nlines(view), 52);
	md_top_free(t);
}
END_TEST

/*
 * Keys that would drive the terminal (escape sequences, C1 controls,
 * bells, newlines) are shown as \xHH, apart from keys that look like
 * them; a byte that is no UTF-8 as its form says; no control byte but
 * the newlines reaches the view.
 */
START_TEST(top_should_show_hostile_keys_harmless_and_apart)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	md_topconf_t c = { 0, NULL, MD_AGG_COUNT, NULL, NULL };
	md_error_t err;
	const char *view, *p;

	t_count(t, "\033[2Jevil\a", NULL, 6);
	t_count(t, "\\x1b[2Jevil", NULL, 5);
	t_count(t, "csi\xc2\x9b" "31m", NULL, 4);
	t_count(t, "caf\xe9", NULL, 3);
	t_count(t, "caf\xc3\xa9", NULL, 2);
	t_count(t, "two\nlines\x7f", NULL, 1);
	view = t_view(t, 1.0, 120, 0, MD_TOP_UTF8);
	for (p = view; *p != '\0'; p++)
		ck_assert_msg(*p == '\n' || ((unsigned char)*p >= 0x20 &&
		    *p != 0x7f), "byte %02x in:\n%s", (unsigned char)*p, view);
	ck_assert_str_eq(t_fmt("%.16s", t_nth(view, 2)), "\\x1b[2Jevil\\x07 ");
	ck_assert_str_eq(t_fmt("%.13s", t_nth(view, 3)), "\\\\x1b[2Jevil ");
	ck_assert_str_eq(t_fmt("%.15s", t_nth(view, 4)), "csi\\xc2\\x9b31m ");
	ck_assert_str_eq(t_fmt("%.8s", t_nth(view, 5)), "caf\\xe9 ");
	ck_assert_str_eq(t_fmt("%.6s", t_nth(view, 6)), "caf\xc3\xa9 ");
	ck_assert_str_eq(t_fmt("%.17s", t_nth(view, 7)), "two\\x0alines\\x7f ");
	/* not UTF-8: every byte past ASCII as \xHH */
	view = t_view(t, 0, 120, 0, 0);
	ck_assert_str_eq(t_fmt("%.12s", t_nth(view, 6)), "caf\\xc3\\xa9 ");
	md_top_free(t);

	c.mtc_title = "m -p '\033]0;owned\a'";	/* the title, made safe too */
	ck_assert_ptr_nonnull(t = md_top_new(&c, &err));
	ck_assert_str_eq(t_view(t, 0, 120, 0, 0), "m -p '\\x1b]0;owned\\x07'"
	    "  (tracing: the first interval is on its way)\n");
	md_top_free(t);
}
END_TEST

/* Memory follows the keys: a flood of new keys each interval. */
START_TEST(top_should_let_go_of_keys_gone)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	md_error_t err;
	int i, k;

	for (i = 0; i < 20; i++) {
		for (k = 0; k < 2000; k++)
			t_count(t, t_fmt("%d-%d", i, k), NULL, 1);
		t_count(t, "stays", NULL, 1);
		ck_assert(md_top_end(t, T_START, 1, 0, 0, &err) == 0);
		ck_assert_uint_le(t->to_n, 4 * 2001 + 4096 + 2001);
	}
	ck_assert_uint_eq(t->to_nrows, 2001);
	/* a key that comes every interval keeps its history */
	ck_assert_ptr_nonnull(strstr(t_view(t, 0, 80, 0, 0),
	    "\nstays  "));
	ck_assert_ptr_nonnull(strstr(t_view(t, 0, 80, 0, 0),
	    "  ####################\n"));
	md_top_free(t);
}
END_TEST

/* What is not the view's function, or its buckets, is refused. */
START_TEST(top_should_refuse_what_is_not_its_function)
{
	md_top_t *t = t_top(1, MD_AGG_COUNT, NULL);
	const char *keys[1] = { "x" };
	size_t lens[1] = { 1 };
	int64_t w[2] = { 1, 2 };
	md_value_t v = { MD_AGG_SUM, NULL, w, 1 };
	md_topconf_t c = { 3, NULL, MD_AGG_COUNT, NULL, "" };
	md_error_t err;

	ck_assert_int_eq(md_top_add(t, keys, lens, &v, &err), -1);
	v.mv_fn = MD_AGG_COUNT;
	v.mv_ndata = 2;
	ck_assert_int_eq(md_top_add(t, keys, lens, &v, &err), -1);
	ck_assert_ptr_null(md_top_new(&c, &err));
	md_top_free(t);
	md_top_free(NULL);
}
END_TEST

Suite *
top_suite(void)
{
	Suite *s = suite_create("top");
	TCase *tc = tcase_create("top");

	tcase_add_test(tc, top_should_sort_rows_with_rates_and_shares);
	tcase_add_test(tc, top_should_say_it_waits_for_the_first_interval);
	tcase_add_test(tc, top_should_show_units_and_events);
	tcase_add_test(tc, top_should_draw_sparklines);
	tcase_add_test(tc, top_should_draw_a_histogram);
	tcase_add_test(tc, top_should_fit_a_histogram_to_the_height);
	tcase_add_test(tc, top_should_fit_llquantize_by_powers);
	tcase_add_test(tc, top_should_draw_distributions_by_key);
	tcase_add_test(tc, top_should_keep_to_the_width);
	tcase_add_test(tc, top_should_count_the_keys_that_do_not_fit);
	tcase_add_test(tc, top_should_show_hostile_keys_harmless_and_apart);
	tcase_add_test(tc, top_should_let_go_of_keys_gone);
	tcase_add_test(tc, top_should_refuse_what_is_not_its_function);
	suite_add_tcase(s, tc);
	return (s);
}

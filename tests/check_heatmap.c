/*
 * check_heatmap.c: md_heatmap_*() (md_heatmap.c, md_hmsvg.c, md_hmdoc.c)
 * and the line reader under it (md_linescan.c), on lines written here:
 * what each cell's tooltip holds, where cells and labels are, the bands,
 * the crop, the shades, the columns merged, the percentile lines, and
 * every malformed line's message.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* A map of the lines in text (separated by newlines); NULL on error. */
static char *
hm_opts(const char *text, const char *key, const md_hmopts_t *o,
    md_error_t *err)
{
	md_heatmap_t *h = md_heatmap_new(key, err);
	const char *p = text, *nl;
	char *svg = NULL;
	int rv = 0;

	ck_assert_ptr_nonnull(h);
	while (rv == 0 && *p != '\0') {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		rv = md_heatmap_line(h, p, (size_t)(nl - p), err);
		p = *nl == '\0' ? nl : nl + 1;
	}
	if (rv == 0)
		svg = md_heatmap_svg(h, o, NULL, err);
	md_heatmap_free(h);
	return (svg);
}

static char *
hm_try(const char *text, const char *key, const char *title,
    md_error_t *err)
{
	md_hmopts_t o = { NULL, NULL, -1, MD_HM_RANK, 0, 0 };

	o.ho_title = title;
	return (hm_opts(text, key, &o, err));
}

/* The map of lines that must draw; the caller frees it. */
static char *
hm(const char *text, const char *key)
{
	md_error_t err;
	char *svg = hm_try(q(text), key, "t", &err);

	ck_assert_msg(svg != NULL, "no map: %s", err.mde_msg);
	return (svg);
}

/* The same, with options. */
static char *
hmo(const char *text, const char *unit, double crop, int shade)
{
	md_hmopts_t o = { "t", NULL, -1, MD_HM_RANK, 0, 0 };
	md_error_t err;
	char *svg;

	o.ho_unit = unit;
	o.ho_crop = crop;
	o.ho_shade = shade;
	svg = hm_opts(q(text), NULL, &o, &err);
	ck_assert_msg(svg != NULL, "no map: %s", err.mde_msg);
	return (svg);
}

/* The message of lines that must not draw. */
static const char *
hm_error(const char *text, const char *key)
{
	md_error_t err;
	char *svg = hm_try(text, key, "t", &err);

	if (svg != NULL) {
		free(svg);
		ck_abort_msg("drew %s", text);
	}
	ck_assert_int_eq(err.mde_code, MD_ERR_LINE);
	return (t_fmt("%s", err.mde_msg));
}

static size_t
count(const char *s, const char *needle)
{
	size_t n = 0;

	while ((s = strstr(s, needle)) != NULL) {
		n++;
		s += strlen(needle);
	}
	return (n);
}

/* The <rect> of the cell whose tooltip holds tip (once). */
static const char *
cell(const char *svg, const char *tip)
{
	const char *t = strstr(svg, tip), *r;

	ck_assert_msg(t != NULL, "no cell %s", tip);
	ck_assert_msg(strstr(t + 1, tip) == NULL, "two cells %s", tip);
	for (r = t; r > svg && strncmp(r, "<rect", 5) != 0; r--)
		continue;
	return (r);
}

/* An attribute of the cell whose tooltip holds tip, as a number. */
static double
attr(const char *svg, const char *tip, const char *name)
{
	const char *r = cell(svg, tip), *a = strstr(r, t_fmt(" %s=\"", name));

	ck_assert_msg(a != NULL && a < strstr(r, "<title>"),
	    "cell %s has no %s", tip, name);
	return (strtod(a + strlen(name) + 3, NULL));
}

/* Its fill, "#rrggbb". */
static const char *
fill(const char *svg, const char *tip)
{
	const char *f = strstr(cell(svg, tip), "fill=\"#");

	ck_assert_ptr_nonnull(f);
	return (t_fmt("%.7s", f + 6));
}

/* The y of the axis's label text (its baseline is 4 px under it). */
static double
label_y(const char *svg, const char *text)
{
	const char *t = strstr(svg, t_fmt(">%s</text>", text)), *y;

	ck_assert_msg(t != NULL, "no label %s", text);
	for (y = t; y > svg && strncmp(y, " y=\"", 4) != 0; y--)
		continue;
	return (strtod(y + 4, NULL) - 4);
}

#define	T0	"{'start': 1795593600, 'duration': 1, 'value': "
#define	T1	"{'start': 1795593601, 'duration': 1, 'value': "
#define	AT0	"08:00:00 to 08:00:01 UTC\n"

START_TEST(heatmap_should_draw_a_cell_for_each_count_not_0)
{
	char *svg = hm(T0 "[[[1024,2047],5],[[4096,8191],0],"
	    "[[8192,16383],2]]}\n" T1 "[]}\n"
	    "{'start': 1795593602, 'duration': 1, 'value': [[[4096,8191],7]]}",
	    NULL);

	ck_assert_uint_eq(count(svg, "</title></rect>"), 3);
	cell(svg, AT0 "1.02k to below 2.05k ([1024, 2047])\ncount 5, 71.4% "
	    "of the column; cumulative 71.4% (p71.4)</title>");
	cell(svg, AT0 "8.19k to below 16.4k ([8192, 16383])\ncount 2, 28.6% "
	    "of the column; cumulative 100.0% (p100.0)</title>");
	cell(svg, "08:00:02 to 08:00:03 UTC\n4.1k to below 8.19k ([4096, "
	    "8191])\ncount 7, 100.0%");
	ck_assert_ptr_nonnull(strstr(svg, ">14 events, 2026-11-25 08:00:00 "
	    "to 2026-11-25 08:00:03 UTC (3 s), crop 0.1%: 0 above the axis, "
	    "shade by rank</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">t</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">time (UTC), 2026-11-25</text>"));
	ck_assert_str_eq(svg + strlen(svg) - 7, "</svg>\n");
	free(svg);
}
END_TEST

START_TEST(heatmap_should_keep_64_bit_bounds_and_counts_exact)
{
	char *svg = hmo(T0 "[[[null,-9223372036854775807],1],"
	    "[[-9223372036854775806,-1],18437736874454810621],"
	    "[[4611686018427387904,9223372036854775807],9007199254740993]]}",
	    NULL, 0, MD_HM_RANK);

	cell(svg, "([null, -9223372036854775807])\ncount 1,");
	cell(svg, "([-9223372036854775806, -1])\ncount 18437736874454810621,");
	cell(svg, "([4611686018427387904, 9223372036854775807])\ncount "
	    "9007199254740993,");
	ck_assert_ptr_nonnull(strstr(svg, ">18446744073709551615 events,"));
	free(svg);
}
END_TEST

/* Times in UTC: the tooltips, the subtitle, the ticks, the date. */
START_TEST(heatmap_should_write_times_in_utc)
{
	char *svg = hm("{'start': 1709164800.125, 'duration': 1, 'value': "
	    "[[[1,1],1]]}", NULL);

	cell(svg, "00:00:00.125 to 00:00:01.125 UTC\n");
	ck_assert_ptr_nonnull(strstr(svg, "time (UTC), 2024-02-29<"));
	free(svg);
	svg = hm("{'start': 86395, 'duration': 10, 'value': [[[1,1],1]]}",
	    NULL);
	ck_assert_ptr_nonnull(strstr(svg, "time (UTC), 1970-01-01 to "
	    "1970-01-02<"));
	ck_assert_ptr_nonnull(strstr(svg, ">00:00:00</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">23:59:58</text>"));
	free(svg);
}
END_TEST

/* Ticks at multiples of a round step, 5 to 10 of them. */
START_TEST(heatmap_should_tick_time_at_round_steps)
{
	md_buf_t b;
	char *svg;
	int i;

	md_buf_init(&b);
	for (i = 0; i < 600; i++)	/* 10 min from 08:00:07 */
		md_buf_puts(&b, t_fmt("{'start': %d, 'duration': 1, 'value': "
		    "[[[1,1],1]]}\n", 1795593607 + i));
	svg = hm(md_buf_str(&b), NULL);
	/* step 1 min: 08:01 ... 08:10 */
	ck_assert_ptr_nonnull(strstr(svg, ">08:01:00</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">08:10:00</text>"));
	ck_assert_ptr_null(strstr(svg, ">08:00:30</text>"));
	ck_assert_ptr_null(strstr(svg, ">08:02:30</text>"));
	/* 600 intervals, 1,000 pixels: merged into columns of 2 s */
	ck_assert_ptr_nonnull(strstr(svg, "(10 min; columns of 2 s)"));
	ck_assert_uint_eq(count(svg, "</title></rect>"), 301);
	cell(svg, "08:00:06 to 08:00:08 UTC\n1 to below 2 ([1, 1])\ncount 1,");
	cell(svg, "08:00:08 to 08:00:10 UTC\n1 to below 2 ([1, 1])\ncount 2,");
	free(svg);
	md_buf_fini(&b);
}
END_TEST

/*
 * Rank shades: every count its rank's; one event is a visible tint; the
 * largest count the darkest.  Linear: from white.  Log: between.
 */
START_TEST(heatmap_should_shade_by_rank_log_or_linear)
{
	const char *lines = T0 "[[[1,1],1],[[2,3],2],[[4,7],30539]]}";
	char *svg = hmo(lines, NULL, 0, MD_HM_RANK);

	ck_assert_str_eq(fill(svg, "([1, 1])"), "#fedea8");
	ck_assert_str_eq(fill(svg, "([4, 7])"), "#6e0e00");
	ck_assert_str_ne(fill(svg, "([2, 3])"), fill(svg, "([1, 1])"));
	free(svg);
	svg = hmo(lines, NULL, 0, MD_HM_LINEAR);
	ck_assert_str_eq(fill(svg, "([1, 1])"), "#ffffff");
	ck_assert_str_eq(fill(svg, "([4, 7])"), "#6e0e00");
	ck_assert_ptr_nonnull(strstr(svg, "shade by linear<"));
	free(svg);
	svg = hmo(lines, NULL, 0, MD_HM_LOG);
	ck_assert_str_eq(fill(svg, "([1, 1])"), "#fedea8");
	ck_assert_str_eq(fill(svg, "([4, 7])"), "#6e0e00");
	ck_assert_ptr_nonnull(strstr(svg, "shade by log<"));
	free(svg);
}
END_TEST

/*
 * quantize: logarithmic, each power of two one step, its 0 row a band at
 * the bottom, "< 1"; Oracle's llquantize row [-999, 999] "< 1 us".
 */
START_TEST(heatmap_should_draw_log_axes_with_a_band_at_the_bottom)
{
	char *svg = hmo(T0 "[[[0,0],3],[[1,1],1],[[2,3],1],[[8,15],1],"
	    "[[256,511],1]]}", NULL, 0, MD_HM_RANK);
	double h1 = attr(svg, "([1, 1])", "height");

	/* 1 to 512: 9 steps over 400 - 18 pixels */
	ck_assert_double_eq_tol(h1 * 9, 382, 0.1);
	ck_assert_double_eq_tol(attr(svg, "([8, 15])", "height"), h1, 0.02);
	ck_assert_double_eq_tol(attr(svg, "([1, 1])", "y") -
	    attr(svg, "([256, 511])", "y"), 8 * h1, 0.05);
	ck_assert_double_eq_tol(attr(svg, "([0, 0])", "y"), 382, 0.01);
	ck_assert_double_eq_tol(attr(svg, "([0, 0])", "height"), 18, 0.01);
	ck_assert_double_eq_tol(label_y(svg, "&lt; 1"), 391, 0.01);
	free(svg);
	svg = hmo(T0 "[[[-999,999],5],[[1000,1999],1],[[2000,2999],1],"
	    "[[10000,19999],1]]}", "nanoseconds", 0, MD_HM_RANK);
	ck_assert_ptr_nonnull(strstr(svg, ">&lt; 1 \xc2\xb5s</text>"));
	ck_assert_double_eq_tol(attr(svg, "([-999, 999] nanoseconds)", "y"),
	    382, 0.01);
	free(svg);
}
END_TEST

START_TEST(heatmap_should_draw_lquantize_linearly)
{
	char *svg = hmo(T0 "[[[0,9],1],[[10,19],1],[[30,39],1]]}", NULL, 0,
	    MD_HM_RANK);
	double h = attr(svg, "([0, 9])", "height");

	ck_assert_double_eq_tol(h * 4, 400, 0.05);
	ck_assert_double_eq_tol(attr(svg, "([0, 9])", "y") -
	    attr(svg, "([30, 39])", "y"), 3 * h, 0.02);
	free(svg);
	/* an open lower end: a band at the bottom */
	svg = hmo(T0 "[[[null,-1],4],[[0,9],1],[[10,19],1]]}", NULL, 0,
	    MD_HM_RANK);
	ck_assert_double_eq_tol(attr(svg, "([null, -1])", "height"), 18,
	    0.01);
	ck_assert_ptr_nonnull(strstr(svg, ">&lt; 0</text>"));
	free(svg);
}
END_TEST

/* The crop: the events above the 99.9th percentile, one band, counted. */
START_TEST(heatmap_should_crop_at_the_percentile_with_a_band)
{
	const char *lines = T0 "[[[1000,1999],9990],[[2000,2999],7],"
	    "[[1000000,1999999],2],[[1000000000,1999999999],1]]}";
	char *svg = hmo(lines, "nanoseconds", -1, MD_HM_RANK);

	/* 99.9% of 10,000: 9,990, in [1000, 1999]: the axis ends there */
	ck_assert_ptr_nonnull(strstr(svg, ">&gt;= 2 \xc2\xb5s: 10</text>"));
	ck_assert_ptr_nonnull(strstr(svg, "crop 0.1%: 10 above the axis"));
	ck_assert_double_eq_tol(attr(svg, "([2000, 1999999999] nanoseconds)",
	    "y"), 0, 0.01);
	ck_assert_double_eq_tol(attr(svg, "([1000, 1999] nanoseconds)",
	    "height"), 382, 0.01);
	free(svg);
	svg = hmo(lines, "nanoseconds", 0, MD_HM_RANK);
	ck_assert_ptr_null(strstr(svg, "&gt;="));
	ck_assert_ptr_nonnull(strstr(svg, "no crop"));
	ck_assert_uint_eq(count(svg, "</title></rect>"), 4);
	free(svg);
	svg = hmo(lines, "nanoseconds", 0.01, MD_HM_RANK);
	ck_assert_ptr_nonnull(strstr(svg, ">&gt;= 1 s: 1</text>"));
	free(svg);
}
END_TEST

/*
 * Value labels: round values in the unit, at their values' heights,
 * none closer than 12 px to the next.
 */
START_TEST(heatmap_should_label_round_values_at_their_heights)
{
	char *svg = hmo(T0 "[[[1000,1999],1],[[1000000000,1999999999],1]]}",
	    "nanoseconds", 0, MD_HM_RANK);
	double y1 = label_y(svg, "1 \xc2\xb5s"), y2 = label_y(svg, "1 ms");
	double y3 = label_y(svg, "1 s"), bot = attr(svg, "([1000, 1999]",
	    "y") + attr(svg, "([1000, 1999]", "height");

	/* 1 us .. 2 s: log2(2e6 / 1) over 400 px */
	ck_assert_double_eq_tol(y1, bot, 0.02);
	ck_assert_double_eq_tol(y1 - y2, y2 - y3, 0.05);
	ck_assert_double_eq_tol(y1 - y3, 400 * 19.93157 / 20.93157, 0.1);
	ck_assert_ptr_null(strstr(svg, "1000 ns<"));
	free(svg);
	svg = hmo(T0 "[[[1024,2047],1],[[1048576,2097151],1]]}", "bytes", 0,
	    MD_HM_RANK);
	ck_assert_ptr_nonnull(strstr(svg, ">1 KiB</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">1 MiB</text>"));
	free(svg);
	svg = hmo(T0 "[[[1000,1999],1],[[1000000,1999999],1]]}", NULL, 0,
	    MD_HM_RANK);
	ck_assert_ptr_nonnull(strstr(svg, ">1k</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">1M</text>"));
	free(svg);
}
END_TEST

/* p50 and p99 of each column: two paths through their buckets' middles. */
START_TEST(heatmap_should_draw_p50_and_p99_per_column)
{
	char *svg = hmo(T0 "[[[0,9],50],[[10,19],49],[[30,39],1]]}\n"
	    T1 "[[[0,9],1],[[10,19],98],[[20,29],1]]}", NULL, 0, MD_HM_RANK);
	const char *p50 = strstr(svg, "class=\"p50\""), *p99;
	double m0 = attr(svg, AT0 "0 to below 10", "y") +
	    attr(svg, AT0 "0 to below 10", "height") / 2;
	double m1 = attr(svg, AT0 "10 to below 20", "y") +
	    attr(svg, AT0 "10 to below 20", "height") / 2;

	ck_assert_ptr_nonnull(p50);
	p99 = strstr(svg, "class=\"p99\"");
	ck_assert_ptr_nonnull(p99);
	/* p50: column 1 in [0, 9], column 2 in [10, 19]; p99: both [10, 19] */
	ck_assert_ptr_nonnull(strstr(svg, t_fmt("d=\"M0 %gH500L500 %gH1000\" "
	    "stroke=\"#1560bd\"", m0, m1)));
	ck_assert_ptr_nonnull(strstr(svg, t_fmt("d=\"M0 %gH500L500 %gH1000\" "
	    "stroke=\"#000\"", m1, m1)));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_make_columns_as_wide_as_their_intervals)
{
	char *svg = hm("{'start': 10, 'duration': 2, 'value': [[[1,1],1]]}\n"
	    "{'start': 12, 'duration': 0.5, 'value': [[[1,1],1]]}\n"
	    "{'start': 12.5, 'duration': 1.5, 'value': [[[1,1],1]]}", NULL);
	double x0 = attr(svg, "<title>00:00:10 to", "x");
	double w0 = attr(svg, "<title>00:00:10 to", "width");
	double x1 = attr(svg, "<title>00:00:12 to", "x");
	double w1 = attr(svg, "<title>00:00:12 to", "width");
	double w2 = attr(svg, "<title>00:00:12.500 to", "width");

	ck_assert_double_eq_tol(w0 + w1 + w2, 1000, 0.02);
	ck_assert_double_eq_tol(w0, 4 * w1, 0.02);
	ck_assert_double_eq_tol(w2, 3 * w1, 0.02);
	ck_assert_double_eq_tol(x1, x0 + w0, 0.02);
	free(svg);
}
END_TEST

START_TEST(heatmap_should_sum_the_keys_or_draw_one)
{
	const char *lines = T0 "{'a': [[[1,1],2]], 'b\\\\n\\u00e9': [[[1,1],3],"
	    "[[2,3],1]]}}\n" T1 "{}}";
	char *svg = hm(lines, NULL);

	ck_assert_uint_eq(count(svg, "</title></rect>"), 2);
	cell(svg, "([1, 1])\ncount 5,");
	cell(svg, "([2, 3])\ncount 1,");
	free(svg);
	svg = hm(lines, "a");
	ck_assert_uint_eq(count(svg, "</title></rect>"), 1);
	cell(svg, "([1, 1])\ncount 2,");
	free(svg);
	svg = hm(lines, "b\\n\xc3\xa9");
	ck_assert_uint_eq(count(svg, "</title></rect>"), 2);
	cell(svg, "([1, 1])\ncount 3,");
	free(svg);
	ck_assert_str_eq(hm_error(q(lines), "c"), "lines 1 to 2: no line "
	    "holds the key \"c\"");
}
END_TEST

START_TEST(heatmap_should_take_drops_errors_keys_in_any_order_and_blanks)
{
	char *svg = hm("\n  \t\r\n{'value': [[[1,1],1]], 'errors': 2, "
	    "'duration': 1, 'drops': 0, 'start': 1795593600.000}\r\n\n", NULL);

	cell(svg, AT0 "1 to below 2 ([1, 1])\ncount 1,");
	free(svg);
}
END_TEST

START_TEST(heatmap_should_escape_its_title_for_xml)
{
	md_hmopts_t o = { "<a & 'b'>\x01\xff\xef\xbf\xbe\xc3\xa9", "<u>", -1,
	    MD_HM_RANK, 0, 0 };
	md_error_t err;
	char *svg = hm_opts(q(T0 "[]}"), NULL, &o, &err);

	ck_assert_ptr_nonnull(svg);
	ck_assert_ptr_nonnull(strstr(svg, ">&lt;a &amp; &apos;b&apos;"
	    "&gt;\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">no events</text>"));
	free(svg);
	svg = hm_opts(q(T0 "[[[1,1],1]]}"), NULL, &o, &err);
	ck_assert_ptr_nonnull(strstr(svg, "([1, 1] &lt;u&gt;)"));
	ck_assert_ptr_null(strstr(svg, "<u>"));
	free(svg);
}
END_TEST

/* Options out of range: MD_ERR_LIMIT, no map. */
START_TEST(heatmap_should_refuse_options_out_of_range)
{
	md_hmopts_t o = { NULL, NULL, 100, MD_HM_RANK, 0, 0 };
	md_error_t err;

	ck_assert_ptr_null(hm_opts(q(T0 "[[[1,1],1]]}"), NULL, &o, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	o.ho_crop = 0;
	o.ho_width = 99;
	ck_assert_ptr_null(hm_opts(q(T0 "[[[1,1],1]]}"), NULL, &o, &err));
	o.ho_width = 100;
	o.ho_height = 10001;
	ck_assert_ptr_null(hm_opts(q(T0 "[[[1,1],1]]}"), NULL, &o, &err));
	o.ho_height = 100;
	o.ho_shade = 3;
	ck_assert_ptr_null(hm_opts(q(T0 "[[[1,1],1]]}"), NULL, &o, &err));
}
END_TEST

/*
 * A bad line and its message, with the line's number and column.  V is
 * the start of a line up to its value, 38 bytes: the value at column 38.
 */
#define	V	"{\"start\": 1, \"duration\": 1, \"value\": "
#define	V2	"{\"start\": 2, \"duration\": 1, \"value\": "

static const struct {
	const char	*b_lines;
	const char	*b_msg;
} hm_bad[] = {
	{ "x", "line 1, column 1: not JSON, not an object: a line of meta-d "
	    "--run is {\"start\": S, \"duration\": D, \"value\": V}" },
	{ "\n[1]", "line 2, column 1: an array, not an object" },
	{ "{\"start\": 1, \"duration\": 1}", "line 1, column 28: no "
	    "\"value\" in the line" },
	{ V "[], \"x\": 1}", "line 1, column 42: unknown key \"x\" (a line "
	    "has start, duration, value, and maybe drops and errors)" },
	{ "{\"start\": 1, \"start\": 1}", "line 1, column 14: \"start\" "
	    "twice" },
	{ V "0}", "line 1, column 38: \"value\" is a number: --heatmap "
	    "draws distributions, what a request with -n measures" },
	{ V "{\"a\": 3}}", "line 1, column 44: the value of key \"a\" is a "
	    "number, not a distribution: --heatmap draws a request with -n" },
	{ V "{\"a\": {\"b\": 1}}}", "line 1, column 44: the value of key "
	    "\"a\" is an object" },
	{ V "[[[2,3],1],[[1,1],1]]}", "line 1, column 49: bucket [1, 1] "
	    "after [2, 3]: a distribution's buckets go up, apart" },
	{ V "[[[3,2],1]]}", "line 1, column 39: bucket [3, 2]: MIN is "
	    "greater than MAX" },
	{ V "[[[null,null],1]]}", "line 1, column 39: bucket [null, null]: "
	    "open at both ends" },
	{ V "[[[1.5,2],1]]}", "line 1, column 41: a bucket's MIN: 1.5 is "
	    "not an integer" },
	{ V "[[[1,1e3],1]]}", "line 1, column 43: a bucket's MAX: 1e3 is "
	    "not an integer" },
	{ V "[[[1,9223372036854775808],1]]}", "line 1, column 43: a "
	    "bucket's MAX: 9223372036854775808 is past the range of 64-bit "
	    "integers" },
	{ V "[[[1,1],-1]]}", "line 1, column 46: a bucket's COUNT: -1 is "
	    "negative" },
	{ V "[[[1,1],18446744073709551616]]}", "line 1, column 46: a "
	    "bucket's COUNT: 18446744073709551616 is past the range of 64-bit "
	    "counts" },
	{ V "[[[1,1],\"2\"]]}", "line 1, column 46: a bucket's COUNT: "
	    "expected an integer, found a string" },
	{ V "[[[1,1],1]]} x", "line 1, column 51: not JSON after the end of "
	    "the line's object" },
	{ V "[[[1,1],1]}", "line 1, column 48: expected ',' or ']', found "
	    "'}'" },
	{ V "[[[1,1],1]]", "line 1, column 49: expected ',' or '}', found "
	    "the end of the line" },
	{ "{\"start\": -1, \"duration\": 1, \"value\": []}", "line 1, "
	    "column 11: \"start\": -1 is negative" },
	{ "{\"start\": 253402300800, \"duration\": 1, \"value\": []}",
	    "line 1, column 11: \"start\" is past the year 9999" },
	{ "{\"start\": 1e300, \"duration\": 1, \"value\": []}", "line 1, "
	    "column 11: \"start\": 1e300 seconds is too long a time" },
	{ "{\"start\": 1, \"duration\": \"1\", \"value\": []}", "line 1, "
	    "column 26: \"duration\": expected a number of seconds, found a "
	    "string" },
	{ "{\"start\": 01, \"duration\": 1, \"value\": []}", "line 1, "
	    "column 11: a number starts with 0 (JSON writes none so)" },
	{ V "{\"a\x01\": []}}", "line 1, column 41: control character \\001 "
	    "in a string" },
	{ V "{\"a\xff\": []}}", "line 1, column 41: not UTF-8" },
	{ V "{\"a\\x\": []}}", "line 1, column 42: invalid escape in a "
	    "string" },
	{ V "[], \"drops\": 1.5}", "line 1, column 51: drops: 1.5 is not an "
	    "integer" },
	{ V "[]}\n\n" V2 "{}}", "line 3, column 38: \"value\" is an object "
	    "of distributions, and line 1's a distribution: the lines of two "
	    "requests" },
	{ V "[[[1,5],1]]}\n" V2 "[[[5,9],1]]}", "line 2: bucket [5, 9] "
	    "overlaps bucket [1, 5] of line 1" },
	{ V "[[[1,1],18446744073709551615]]}\n" V2 "[[[1,1],1]]}", "line 2, "
	    "column 39: the counts add up past 2^64 - 1" },
	{ "", "no line: nothing to draw" },
	{ "\n \n", "lines 1 to 2: blank: no line to draw" }
};

START_TEST(heatmap_should_name_the_line_of_every_fault)
{
	const char *msg = hm_error(hm_bad[_i].b_lines, NULL);

	ck_assert_msg(strncmp(msg, hm_bad[_i].b_msg, strlen(hm_bad[_i].b_msg))
	    == 0, "case %d: \"%s\", expected \"%s\"", _i, msg,
	    hm_bad[_i].b_msg);
}
END_TEST

START_TEST(heatmap_should_refuse_a_key_where_values_have_none)
{
	ck_assert_str_eq(hm_error("{\"start\": 1, \"duration\": 1, "
	    "\"value\": []}", "a"), "line 1, column 38: \"value\" is a "
	    "distribution, which has no keys (one of a request with -s has): "
	    "no key \"a\" to pick");
}
END_TEST

/*
 * A key twice in one value, as JSON reads it ("caf\u00e9" is "café"):
 * refused, where it is the second time; keys that only look alike are
 * two, and a key of one line may be in the next.
 */
START_TEST(heatmap_should_refuse_a_key_twice_in_a_value)
{
	char *svg;

	ck_assert_str_eq(hm_error("{\"start\": 1, \"duration\": 1, "
	    "\"value\": {\"caf\\u00e9\": [[[1, 1], 1000]], \"caf\xc3\xa9\": "
	    "[[[1, 1], 5]]}}", "caf\xc3\xa9"), "line 1, column 70: the key "
	    "\"caf\xc3\xa9\" twice in one value (as JSON reads it): meta-d --run "
	    "writes no key twice");
	ck_assert_ptr_nonnull(strstr(hm_error("{\"start\": 1, \"duration\": 1, "
	    "\"value\": {\"a\": [], \"b\": [], \"a\": []}}", NULL),
	    "the key \"a\" twice"));
	svg = hm("{'start': 1, 'duration': 1, 'value': {'caf\\\\xe9': "
	    "[[[1, 1], 1000]], 'caf\xc3\xa9': [[[1, 1], 5]]}}\n"
	    "{'start': 2, 'duration': 1, 'value': {'caf\\\\xe9': "
	    "[[[1, 1], 1]]}}", "caf\\xe9");
	ck_assert_ptr_nonnull(strstr(svg, ">1001 events,"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_keep_its_first_error)
{
	md_heatmap_t *h = md_heatmap_new(NULL, NULL);
	md_error_t err;
	const char *good = "{\"start\": 1, \"duration\": 1, \"value\": []}";

	ck_assert_int_eq(md_heatmap_line(h, "x", 1, &err), -1);
	ck_assert_int_eq(md_heatmap_line(h, good, strlen(good), &err), -1);
	ck_assert_str_eq(err.mde_msg, "line 1, column 1: not JSON, not an "
	    "object: a line of meta-d --run is {\"start\": S, \"duration\": D, "
	    "\"value\": V}");
	ck_assert_ptr_null(md_heatmap_svg(h, NULL, NULL, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_LINE);
	md_heatmap_free(h);
	md_heatmap_free(NULL);
}
END_TEST

START_TEST(heatmap_should_draw_again_with_more_lines)
{
	md_heatmap_t *h = md_heatmap_new(NULL, NULL);
	const char *a = V "[[[1,1],1]]}", *b = V2 "[[[1,1],3]]}";
	char *one, *two;
	size_t len;

	ck_assert_int_eq(md_heatmap_line(h, a, strlen(a), NULL), 0);
	one = md_heatmap_svg(h, NULL, &len, NULL);
	ck_assert_ptr_nonnull(one);
	ck_assert_uint_eq(len, strlen(one));
	ck_assert_int_eq(md_heatmap_line(h, b, strlen(b), NULL), 0);
	two = md_heatmap_svg(h, NULL, NULL, NULL);
	ck_assert_uint_eq(count(one, "</title></rect>"), 1);
	ck_assert_uint_eq(count(two, "</title></rect>"), 2);
	ck_assert_ptr_nonnull(strstr(two, ">4 events,"));
	free(one);
	free(two);
	md_heatmap_free(h);
}
END_TEST

/* md_jl_time(): seconds to microseconds, from the digits. */
START_TEST(jline_should_read_times_to_the_microsecond)
{
	static const struct {
		const char	*t_text;
		int64_t		t_us;
	} t[] = {
		{ "0", 0 }, { "-0", 0 }, { "-0.0e5", 0 }, { "1", 1000000 },
		{ "1764035000.125", INT64_C(1764035000125000) },
		{ "0.0000015", 1 }, { "1e3", 1000000000 }, { "25E-1", 2500000 },
		{ "1.5e-6", 1 }, { "0e999999999", 0 }, { "4e-999999", 0 },
		{ "4611686018427.387903", INT64_C(4611686018427387903) }
	};
	md_jline_t r;
	md_error_t err;
	int64_t us;
	size_t i;

	for (i = 0; i < sizeof (t) / sizeof (t[0]); i++) {
		md_jl_init(&r, t[i].t_text, strlen(t[i].t_text), 1, &err);
		ck_assert_msg(md_jl_time(&r, "x", &us) == 0, "%s: %s",
		    t[i].t_text, err.mde_msg);
		ck_assert_msg(us == t[i].t_us, "%s: %lld", t[i].t_text,
		    (long long)us);
		ck_assert_int_eq(md_jl_end(&r), 0);
	}
	md_jl_init(&r, "4611686018427.387905", 20, 1, &err);
	ck_assert_int_eq(md_jl_time(&r, "x", &us), -1);
	md_jl_init(&r, "1.", 2, 1, &err);
	ck_assert_int_eq(md_jl_time(&r, "x", &us), -1);
	ck_assert_str_eq(err.mde_msg, "line 1, column 3: digits expected "
	    "after '.'");
	md_jl_init(&r, "1e+", 3, 1, &err);
	ck_assert_int_eq(md_jl_time(&r, "x", &us), -1);
}
END_TEST

START_TEST(jline_should_decode_strings_and_pairs_of_surrogates)
{
	md_jline_t r;
	md_error_t err;
	md_buf_t b;
	const char *s = "\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"
	    "\\ud83d\\ude00\\u0000\"";

	md_buf_init(&b);
	md_jl_init(&r, s, strlen(s), 1, &err);
	ck_assert_int_eq(md_jl_string(&r, &b), 0);
	ck_assert_uint_eq(b.mb_len, 16);
	ck_assert_int_eq(memcmp(b.mb_data, "a\"\\/\b\f\n\r\t\xc3\xa9"
	    "\xf0\x9f\x98\x80", 15), 0);
	ck_assert_int_eq(b.mb_data[15], '\0');
	md_jl_init(&r, "\"a\\udc00\"", 9, 2, &err);
	ck_assert_int_eq(md_jl_string(&r, &b), -1);
	ck_assert_str_eq(err.mde_msg, "line 2, column 3: a lone surrogate "
	    "(\\udc00) is not text");
	md_jl_init(&r, "\"\\ud800\\u0041\"", 15, 1, &err);
	ck_assert_int_eq(md_jl_string(&r, NULL), -1);
	md_jl_init(&r, "\"abc", 4, 7, &err);
	ck_assert_int_eq(md_jl_string(&r, NULL), -1);
	ck_assert_str_eq(err.mde_msg, "line 7, column 5: a string not closed");
	md_buf_fini(&b);
}
END_TEST

Suite *
heatmap_suite(void)
{
	Suite *s = suite_create("heatmap");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, heatmap_should_draw_a_cell_for_each_count_not_0);
	tcase_add_test(tc, heatmap_should_keep_64_bit_bounds_and_counts_exact);
	tcase_add_test(tc, heatmap_should_write_times_in_utc);
	tcase_add_test(tc, heatmap_should_tick_time_at_round_steps);
	tcase_add_test(tc, heatmap_should_shade_by_rank_log_or_linear);
	tcase_add_test(tc,
	    heatmap_should_draw_log_axes_with_a_band_at_the_bottom);
	tcase_add_test(tc, heatmap_should_draw_lquantize_linearly);
	tcase_add_test(tc, heatmap_should_crop_at_the_percentile_with_a_band);
	tcase_add_test(tc,
	    heatmap_should_label_round_values_at_their_heights);
	tcase_add_test(tc, heatmap_should_draw_p50_and_p99_per_column);
	tcase_add_test(tc,
	    heatmap_should_make_columns_as_wide_as_their_intervals);
	tcase_add_test(tc, heatmap_should_sum_the_keys_or_draw_one);
	tcase_add_test(tc,
	    heatmap_should_take_drops_errors_keys_in_any_order_and_blanks);
	tcase_add_test(tc, heatmap_should_escape_its_title_for_xml);
	tcase_add_test(tc, heatmap_should_refuse_options_out_of_range);
	tcase_add_loop_test(tc, heatmap_should_name_the_line_of_every_fault, 0,
	    (int)(sizeof (hm_bad) / sizeof (hm_bad[0])));
	tcase_add_test(tc, heatmap_should_refuse_a_key_where_values_have_none);
	tcase_add_test(tc, heatmap_should_refuse_a_key_twice_in_a_value);
	tcase_add_test(tc, heatmap_should_keep_its_first_error);
	tcase_add_test(tc, heatmap_should_draw_again_with_more_lines);
	tcase_add_test(tc, jline_should_read_times_to_the_microsecond);
	tcase_add_test(tc, jline_should_decode_strings_and_pairs_of_surrogates);
	suite_add_tcase(s, tc);
	return (s);
}

/*
 * check_heatmap.c: md_heatmap_*() (md_heatmap.c, md_hmsvg.c) and the line
 * reader under it (md_linescan.c), on lines written here: what each cell
 * holds, where it is, its shade, and every malformed line's message.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* A map of the lines in text (separated by newlines); NULL on error. */
static char *
hm_try(const char *text, const char *key, const char *title,
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
		svg = md_heatmap_svg(h, title, NULL, err);
	md_heatmap_free(h);
	return (svg);
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

/* The cell whose tooltip is tip: its attribute name, as a number. */
static double
attr(const char *svg, const char *tip, const char *name)
{
	const char *t = strstr(svg, t_fmt("<title>%s</title>", tip)), *r;
	const char *a;

	ck_assert_msg(t != NULL, "no cell %s", tip);
	for (r = t; r > svg && strncmp(r, "<rect", 5) != 0; r--)
		continue;
	a = strstr(r, t_fmt(" %s=\"", name));
	ck_assert_msg(a != NULL && a < t, "cell %s has no %s", tip, name);
	return (strtod(a + strlen(name) + 3, NULL));
}

/* The cell whose tooltip is tip: its fill. */
static const char *
fill(const char *svg, const char *tip)
{
	const char *t = strstr(svg, t_fmt("<title>%s</title>", tip)), *f;

	ck_assert_msg(t != NULL, "no cell %s", tip);
	f = t - 15;
	ck_assert_msg(f > svg && strncmp(f, "fill=\"#", 7) == 0,
	    "no fill for %s", tip);
	return (t_fmt("%.7s", f + 6));
}

#define	T0	"{'start': 1795593600, 'duration': 1, 'value': "
#define	T1	"{'start': 1795593601, 'duration': 1, 'value': "

START_TEST(heatmap_should_draw_a_cell_for_each_count_not_0)
{
	char *svg = hm(T0 "[[[1024,2047],5],[[4096,8191],0],"
	    "[[8192,16383],2]]}\n" T1 "[]}\n"
	    "{'start': 1795593602, 'duration': 1, 'value': [[[4096,8191],7]]}",
	    NULL);

	ck_assert_uint_eq(count(svg, "</title></rect>"), 3);
	ck_assert_ptr_nonnull(strstr(svg, "<title>2026-11-25T08:00:00Z "
	    "[1024, 2047]: 5</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>2026-11-25T08:00:00Z "
	    "[8192, 16383]: 2</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>2026-11-25T08:00:02Z "
	    "[4096, 8191]: 7</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "total count 14, 3 intervals, 3 s"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>t</title>"));
	ck_assert_str_eq(svg + strlen(svg) - 7, "</svg>\n");
	free(svg);
}
END_TEST

START_TEST(heatmap_should_keep_64_bit_bounds_and_counts_exact)
{
	char *svg = hm(T0 "[[[null,-9223372036854775807],1],"
	    "[[-9223372036854775806,-1],18437736874454810621],"
	    "[[4611686018427387904,9223372036854775807],9007199254740993]]}",
	    NULL);

	ck_assert_ptr_nonnull(strstr(svg, "Z [null, -9223372036854775807]: "
	    "1</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "Z [-9223372036854775806, -1]: "
	    "18437736874454810621</title>"));
	/* the total, 2^64 - 1 */
	ck_assert_ptr_nonnull(strstr(svg, "total count 18446744073709551615,"));
	ck_assert_ptr_nonnull(strstr(svg, "Z [4611686018427387904, "
	    "9223372036854775807]: 9007199254740993</title>"));
	free(svg);
	svg = hm(T0 "[[[-9223372036854775808,0],1]]}", NULL);
	ck_assert_ptr_nonnull(strstr(svg, "[-9223372036854775808, 0]: 1<"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_write_starts_in_utc)
{
	char *svg = hm("{'start': 0, 'duration': 1, 'value': [[[1,1],1]]}\n"
	    "{'start': 1709164800.125, 'duration': 1, 'value': [[[1,1],1]]}\n"
	    "{'start': 2.5e0, 'duration': 1, 'value': [[[1,1],1]]}\n"
	    "{'start': 253402300799, 'duration': 1, 'value': [[[1,1],1]]}",
	    NULL);

	ck_assert_ptr_nonnull(strstr(svg, ">1970-01-01T00:00:00Z [1, 1]"));
	ck_assert_ptr_nonnull(strstr(svg, ">2024-02-29T00:00:00.125Z [1, 1]"));
	ck_assert_ptr_nonnull(strstr(svg, ">1970-01-01T00:00:02.500Z [1, 1]"));
	ck_assert_ptr_nonnull(strstr(svg, ">9999-12-31T23:59:59Z [1, 1]"));
	/* the first and the last column's start under the map */
	ck_assert_ptr_nonnull(strstr(svg, ">1970-01-01T00:00:00Z</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">9999-12-31T23:59:59Z</text>"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_shade_linearly_from_white_to_the_darkest)
{
	char *svg = hm(T0 "[[[1,1],1000],[[2,3],500],[[4,7],1]]}\n"
	    T1 "[[[1,1],999]]}", NULL);

	ck_assert_str_eq(fill(svg, "2026-11-25T08:00:00Z [1, 1]: 1000"),
	    "#8c1c00");
	/* half: 255 - ceil((255 - c) / 2) */
	ck_assert_str_eq(fill(svg, "2026-11-25T08:00:00Z [2, 3]: 500"),
	    "#c58d7f");
	/* not 0 is never white */
	ck_assert_str_eq(fill(svg, "2026-11-25T08:00:00Z [4, 7]: 1"),
	    "#fefefe");
	ck_assert_str_eq(fill(svg, "2026-11-25T08:00:01Z [1, 1]: 999"),
	    "#8c1c00");
	free(svg);
}
END_TEST

START_TEST(heatmap_should_step_quantize_rows_equally_by_powers_of_two)
{
	char *svg = hm(T0 "[[[1,1],1],[[2,3],1],[[8,15],1],[[256,511],1]]}",
	    NULL);
	double h1 = attr(svg, "2026-11-25T08:00:00Z [1, 1]: 1", "height");
	double y1 = attr(svg, "2026-11-25T08:00:00Z [1, 1]: 1", "y");
	double y2 = attr(svg, "2026-11-25T08:00:00Z [2, 3]: 1", "y");
	double y8 = attr(svg, "2026-11-25T08:00:00Z [8, 15]: 1", "y");
	double y256 = attr(svg, "2026-11-25T08:00:00Z [256, 511]: 1", "y");

	ck_assert_ptr_nonnull(strstr(svg, "value axis logarithmic"));
	/* 1 to 512: 9 steps, [4, 7] and [16, 255] empty space */
	ck_assert_double_eq_tol(h1 * 9, 400, 0.1);
	ck_assert_double_eq_tol(attr(svg, "2026-11-25T08:00:00Z [8, 15]: 1",
	    "height"), h1, 0.02);
	ck_assert_double_eq_tol(y1 - y2, h1, 0.02);
	ck_assert_double_eq_tol(y2 - y8, 2 * h1, 0.03);
	ck_assert_double_eq_tol(y8 - y256, 5 * h1, 0.06);
	free(svg);
}
END_TEST

START_TEST(heatmap_should_draw_lquantize_and_values_below_1_linearly)
{
	char *svg = hm(T0 "[[[0,9],1],[[10,19],1],[[30,39],1]]}", NULL);
	double h = attr(svg, "2026-11-25T08:00:00Z [0, 9]: 1", "height");

	ck_assert_ptr_nonnull(strstr(svg, "value axis linear"));
	ck_assert_double_eq_tol(h * 4, 400, 0.05);
	ck_assert_double_eq_tol(attr(svg, "2026-11-25T08:00:00Z [0, 9]: 1",
	    "y") - attr(svg, "2026-11-25T08:00:00Z [30, 39]: 1", "y"),
	    3 * h, 0.02);
	free(svg);
	/* quantize with its 0 bucket: linear, as the SPEC says */
	svg = hm(T0 "[[[0,0],1],[[1,1],1],[[2,3],1]]}", NULL);
	ck_assert_ptr_nonnull(strstr(svg, "value axis linear"));
	free(svg);
	/* llquantize: wider by decade, log */
	svg = hm(T0 "[[[1000,1099],1],[[9900,9999],1],[[10000,10999],1]]}",
	    NULL);
	ck_assert_ptr_nonnull(strstr(svg, "value axis logarithmic"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_draw_open_buckets_as_bands_as_tall_as_neighbours)
{
	char *svg = hm(T0 "[[[null,-1],4],[[0,9],1],[[10,19],1],"
	    "[[20,null],2]]}", NULL);
	const char *lo = "2026-11-25T08:00:00Z [null, -1]: 4";
	const char *hi = "2026-11-25T08:00:00Z [20, null]: 2";
	const char *first = "2026-11-25T08:00:00Z [0, 9]: 1";

	ck_assert_double_eq_tol(attr(svg, lo, "height"), 100, 0.02);
	ck_assert_double_eq_tol(attr(svg, hi, "height"), 100, 0.02);
	ck_assert_double_eq_tol(attr(svg, lo, "y"), attr(svg, first, "y") +
	    100, 0.02);
	ck_assert_double_eq_tol(attr(svg, hi, "y"), 64, 0.02);
	ck_assert_ptr_nonnull(strstr(svg, ">\xe2\x89\xa4 -1</text>"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_keep_rows_apart_at_the_ends_of_64_bits)
{
	/* x + 1 is x as a double: the axis counts from the lowest MIN */
	char *svg = hm(T0 "[[[9223372036854775806,9223372036854775806],5],"
	    "[[9223372036854775807,9223372036854775807],1]]}", NULL);
	const char *a = "2026-11-25T08:00:00Z [9223372036854775806, "
	    "9223372036854775806]: 5";
	const char *b = "2026-11-25T08:00:00Z [9223372036854775807, "
	    "9223372036854775807]: 1";

	ck_assert_double_eq_tol(attr(svg, a, "height"), 200, 0.02);
	ck_assert_double_eq_tol(attr(svg, b, "y"), 64, 0.02);
	ck_assert_double_eq_tol(attr(svg, a, "y"), 264, 0.02);
	free(svg);
	/* a row thinner than a pixel: a pixel, inside the map */
	svg = hm(T0 "[[[-4611686018427387905,-4611686018427387905],5],"
	    "[[4611686018427387904,4611686018427387904],1]]}", NULL);
	ck_assert_double_eq_tol(attr(svg, "2026-11-25T08:00:00Z "
	    "[4611686018427387904, 4611686018427387904]: 1", "y"), 64, 0.02);
	ck_assert_double_eq_tol(attr(svg, "2026-11-25T08:00:00Z "
	    "[4611686018427387904, 4611686018427387904]: 1", "height"), 1,
	    0.02);
	free(svg);
	/* one bucket at 2^62, on a log axis where its log2 is one double */
	svg = hm(T0 "[[[4611686018427387904,4611686018427387904],1]]}", NULL);
	ck_assert_double_eq_tol(attr(svg, "2026-11-25T08:00:00Z "
	    "[4611686018427387904, 4611686018427387904]: 1", "height"), 400,
	    0.02);
	free(svg);
}
END_TEST

START_TEST(heatmap_should_make_columns_as_wide_as_their_intervals)
{
	char *svg = hm("{'start': 10, 'duration': 2, 'value': [[[1,1],1]]}\n"
	    "{'start': 12, 'duration': 0.5, 'value': [[[1,1],1]]}\n"
	    "{'start': 12.5, 'duration': 1.5, 'value': [[[1,1],1]]}", NULL);
	double x0 = attr(svg, "1970-01-01T00:00:10Z [1, 1]: 1", "x");
	double w0 = attr(svg, "1970-01-01T00:00:10Z [1, 1]: 1", "width");
	double x1 = attr(svg, "1970-01-01T00:00:12Z [1, 1]: 1", "x");
	double w1 = attr(svg, "1970-01-01T00:00:12Z [1, 1]: 1", "width");
	double w2 = attr(svg, "1970-01-01T00:00:12.500Z [1, 1]: 1", "width");

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
	ck_assert_ptr_nonnull(strstr(svg, "Z [1, 1]: 5</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "Z [2, 3]: 1</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "every key summed"));
	free(svg);
	svg = hm(lines, "a");
	ck_assert_uint_eq(count(svg, "</title></rect>"), 1);
	ck_assert_ptr_nonnull(strstr(svg, "Z [1, 1]: 2</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "key &quot;a&quot;"));
	free(svg);
	svg = hm(lines, "b\\n\xc3\xa9");
	ck_assert_uint_eq(count(svg, "</title></rect>"), 2);
	ck_assert_ptr_nonnull(strstr(svg, "Z [1, 1]: 3</title>"));
	free(svg);
	ck_assert_str_eq(hm_error(q(lines), "c"), "lines 1 to 2: no line "
	    "holds the key \"c\"");
}
END_TEST

START_TEST(heatmap_should_take_drops_errors_keys_in_any_order_and_blanks)
{
	char *svg = hm("\n  \t\r\n{'value': [[[1,1],1]], 'errors': 2, "
	    "'duration': 1, 'drops': 0, 'start': 1795593600.000}\r\n\n", NULL);

	ck_assert_ptr_nonnull(strstr(svg, "2026-11-25T08:00:00Z [1, 1]: 1<"));
	free(svg);
}
END_TEST

START_TEST(heatmap_should_escape_its_title_for_xml)
{
	md_error_t err;
	char *svg = hm_try(q(T0 "[]}"), NULL, "<a & 'b'>\x01\xff\xef\xbf\xbe"
	    "\xc3\xa9", &err);

	ck_assert_ptr_nonnull(svg);
	ck_assert_ptr_nonnull(strstr(svg, "<title>&lt;a &amp; &apos;b&apos;"
	    "&gt;\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9</title>"));
	ck_assert_ptr_nonnull(strstr(svg, ">no events</text>"));
	free(svg);
}
END_TEST

/* A row of a drawn map: its bucket, its middle, and whether labelled. */
typedef struct hm_row {
	char	r_range[64];	/* "[MIN, MAX]", as the tooltips write it */
	double	r_mid;		/* y + height / 2 */
	int	r_label;
} hm_row_t;

/* An attribute of the element that starts at tag, up to end, a number. */
static double
tag_attr(const char *tag, const char *end, const char *name)
{
	const char *a = strstr(tag, t_fmt(" %s=\"", name));

	ck_assert_msg(a != NULL && a < end, "no %s in %.60s", name, tag);
	return (strtod(a + strlen(name) + 3, NULL));
}

/* The rows of svg, from the lowest up (the greatest y first); how many. */
static size_t
hm_rows(const char *svg, hm_row_t *rows, size_t max)
{
	const char *r = svg, *t, *b, *e;
	size_t n = 0, i;

	while ((r = strstr(r, "<rect x=")) != NULL) {
		t = strstr(r, "<title>");
		if (t == NULL || t > strchr(r, '>') + 1) {
			r++;
			continue;
		}
		b = strchr(t, ' ') + 1;
		e = strstr(b, "]: ") + 1;
		for (i = 0; i < n && (strlen(rows[i].r_range) != (size_t)(e - b) ||
		    strncmp(rows[i].r_range, b, (size_t)(e - b)) != 0); i++)
			continue;
		if (i == n) {
			ck_assert_uint_lt(n, max);
			(void) snprintf(rows[n].r_range, sizeof (rows[n].r_range),
			    "%.*s", (int)(e - b), b);
			rows[n].r_mid = tag_attr(r, t, "y") +
			    tag_attr(r, t, "height") / 2;
			rows[n++].r_label = 0;
		}
		r = e;
	}
	for (i = 1; i < n; i++) {	/* insertion: the rows nearly sorted */
		hm_row_t x = rows[i];
		size_t j = i;

		for (; j > 0 && rows[j - 1].r_mid < x.r_mid; j--)
			rows[j] = rows[j - 1];
		rows[j] = x;
	}
	return (n);
}

/* A label's text as its row's range: "\u2264 X" is "[null, X]". */
static const char *
label_range(const char *text, size_t len)
{
	if (len > 4 && strncmp(text, "\xe2\x89\xa4 ", 4) == 0)
		return (t_fmt("[null, %.*s]", (int)len - 4, text + 4));
	if (len > 4 && strncmp(text, "\xe2\x89\xa5 ", 4) == 0)
		return (t_fmt("[%.*s, null]", (int)len - 4, text + 4));
	return (t_fmt("%.*s", (int)len, text));
}

/*
 * The next label in the value axis's group, after *lp and before end:
 * its <text> tag at *tp, the row it names (an index into rows, of n), and
 * *lp past it.  -1 when there is none.
 */
static int
hm_label(const char **lp, const char *end, const char **tp,
    const hm_row_t *rows, size_t n, const char *what)
{
	const char *t = strstr(*lp, "<text x="), *x;
	const char *range;
	size_t i;

	if (t == NULL || t > end)
		return (-1);
	x = strchr(t, '>') + 1;
	range = label_range(x, (size_t)(strchr(x, '<') - x));
	for (i = 0; i < n && strcmp(rows[i].r_range, range) != 0; i++)
		continue;
	ck_assert_msg(i < n, "%s: label %s names no row", what, range);
	*tp = t;
	*lp = x;
	return ((int)i);
}

/*
 * Every label beside the value axis names a row, and no five rows in a
 * row go without one (SPEC 8.4: bounds beside at least every fifth row);
 * each label's leader runs from beside its text to its row's middle at
 * the map's left edge; and the labels are apart, 11 pixels or more.
 */
static void
hm_check_labels(const char *svg, const char *what)
{
	static hm_row_t rows[1024];
	const char *g, *end, *l, *t, *p;
	double last = 1e9, ty, ly, ey, left;
	size_t n = hm_rows(svg, rows, 1024), run = 0, nlab = 0, i;
	int r;

	ck_assert_msg(n >= 100, "%s: %zu rows", what, n);
	g = strstr(svg, "<g font-size=\"10\" fill=\"#333333\" "
	    "text-anchor=\"end\">");
	ck_assert_ptr_nonnull(g);
	end = strstr(g, "</g>");
	for (l = g; (r = hm_label(&l, end, &t, rows, n, what)) >= 0; nlab++)
		rows[r].r_label = 1;
	for (i = 0; i < n; i++) {
		run = rows[i].r_label ? 0 : run + 1;
		ck_assert_msg(run < 5, "%s: %zu labels, %zu rows; rows %zu to "
		    "%zu (%s to %s) have none", what, nlab, n, i - 4, i,
		    rows[i - 4].r_range, rows[i].r_range);
	}
	p = strstr(strstr(svg, "<g id=\"md-cells\""), "<rect x=\"") + 9;
	left = strtod(p, NULL);
	for (l = g; (r = hm_label(&l, end, &t, rows, n, what)) >= 0; ) {
		/* the leader before the text: "X,Y ... LEFT,MIDDLE" */
		for (p = t; p > g && strncmp(p, "<polyline", 9) != 0; p--)
			continue;
		ck_assert_msg(p > g && strstr(p, "<text") == t, "%s: label %s "
		    "has no leader", what, rows[r].r_range);
		p = strstr(p, "points=\"") + 8;
		(void) strtod(p, (char **)&p);
		ly = strtod(p + 1, NULL);
		p = strchr(p, '"');
		while (*--p != ' ')
			continue;
		ck_assert_double_eq(strtod(p + 1, (char **)&p), left);
		ey = strtod(p + 1, NULL);
		ty = tag_attr(t, l, "y");
		ck_assert_msg(ey > rows[r].r_mid - 0.011 &&
		    ey < rows[r].r_mid + 0.011, "%s: label %s's leader ends at "
		    "%g, its row's middle is %g", what, rows[r].r_range, ey,
		    rows[r].r_mid);
		ck_assert_msg(ty - ly > 3.49 && ty - ly < 3.51, "%s: label %s "
		    "at %g, its leader starts at %g", what, rows[r].r_range, ty,
		    ly);
		ck_assert_msg(last - ty >= 11, "%s: label %s at %g, under 11 "
		    "pixels below the last at %g", what, rows[r].r_range, ty,
		    last);
		last = ty;
	}
}

/* A line of one distribution, its buckets from the caller: the map. */
static char *
hm_buckets(md_buf_t *b)
{
	md_error_t err;
	char *svg;

	md_buf_puts(b, "]}");
	ck_assert(!md_buf_failed(b));
	svg = hm_try(md_buf_str(b), NULL, "t", &err);
	ck_assert_msg(svg != NULL, "no map: %s", err.mde_msg);
	md_buf_fini(b);
	return (svg);
}

static void
hm_bucket(md_buf_t *b, const char *lo, const char *hi, unsigned count)
{
	md_buf_puts(b, t_fmt("%s[[%s,%s],%u]", b->mb_data[b->mb_len - 1] ==
	    '[' ? "" : ",", lo, hi, count));
}

START_TEST(heatmap_should_label_at_least_every_fifth_row)
{
	md_buf_t b;
	char *svg;
	long long v, s;
	int k;

	/* llquantize(x, 10, 3, 8, 90): 90 buckets a decade, 450 rows */
	md_buf_init(&b);
	md_buf_puts(&b, "{\"start\": 1, \"duration\": 1, \"value\": [");
	for (v = 1000; v < 100000000; v += s) {
		for (s = 100; v >= s * 100; s *= 10)
			continue;
		hm_bucket(&b, t_fmt("%lld", v), t_fmt("%lld", v + s - 1),
		    (unsigned)(v % 7 + 1));
	}
	svg = hm_buckets(&b);
	ck_assert_ptr_nonnull(strstr(svg, "value axis logarithmic"));
	hm_check_labels(svg, "llquantize");
	free(svg);

	/* lquantize(x, 0, 10000, 1): 300 rows at 0 to 299, a tail above */
	md_buf_init(&b);
	md_buf_puts(&b, "{\"start\": 1, \"duration\": 1, \"value\": [");
	hm_bucket(&b, "null", "-1", 3);
	for (v = 0; v < 300; v++)
		hm_bucket(&b, t_fmt("%lld", v), t_fmt("%lld", v), 9);
	for (v = 500; v < 10000; v += 500 + v / 4)
		hm_bucket(&b, t_fmt("%lld", v), t_fmt("%lld", v), 1);
	hm_bucket(&b, "10000", "null", 2);
	svg = hm_buckets(&b);
	ck_assert_ptr_nonnull(strstr(svg, "value axis linear"));
	hm_check_labels(svg, "lquantize");
	free(svg);

	/* quantize, every bucket: 127 rows, a linear axis (0 and below) */
	md_buf_init(&b);
	md_buf_puts(&b, "{\"start\": 1, \"duration\": 1, \"value\": [");
	for (k = 62; k >= 0; k--)
		hm_bucket(&b, t_fmt("%lld", k == 62 ? -LLONG_MAX - 1 :
		    -(2LL << k) + 1), t_fmt("%lld", -(1LL << k)), 4);
	hm_bucket(&b, "0", "0", 5);
	for (k = 0; k < 63; k++)
		hm_bucket(&b, t_fmt("%lld", 1LL << k), t_fmt("%lld", k == 62 ?
		    LLONG_MAX : (2LL << k) - 1), 6);
	svg = hm_buckets(&b);
	ck_assert_ptr_nonnull(strstr(svg, "value axis linear"));
	hm_check_labels(svg, "quantize");
	free(svg);
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
	ck_assert_ptr_nonnull(strstr(svg, "total count 1001,"));
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
	ck_assert_ptr_nonnull(strstr(two, "total count 4"));
	ck_assert_ptr_null(strstr(two, "<title>t</title>"));
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
	tcase_add_test(tc, heatmap_should_write_starts_in_utc);
	tcase_add_test(tc,
	    heatmap_should_shade_linearly_from_white_to_the_darkest);
	tcase_add_test(tc,
	    heatmap_should_step_quantize_rows_equally_by_powers_of_two);
	tcase_add_test(tc,
	    heatmap_should_draw_lquantize_and_values_below_1_linearly);
	tcase_add_test(tc,
	    heatmap_should_draw_open_buckets_as_bands_as_tall_as_neighbours);
	tcase_add_test(tc,
	    heatmap_should_keep_rows_apart_at_the_ends_of_64_bits);
	tcase_add_test(tc,
	    heatmap_should_make_columns_as_wide_as_their_intervals);
	tcase_add_test(tc, heatmap_should_sum_the_keys_or_draw_one);
	tcase_add_test(tc,
	    heatmap_should_take_drops_errors_keys_in_any_order_and_blanks);
	tcase_add_test(tc, heatmap_should_escape_its_title_for_xml);
	tcase_add_test(tc, heatmap_should_label_at_least_every_fifth_row);
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

/*
 * md_hmdoc.c: a heat map's layout (md_hmsvg.c) written as one SVG
 * document (SPEC 8.4).
 *
 * The page: the title and a line under it (the events, the time span,
 * the crop, the shade) above the map; the value axis's labels left of
 * it, right-aligned at their values' heights with a tick each (round
 * values in the unit: powers of ten and their 2 and 5 multiples, or only
 * powers of ten, or of a thousand, the finest set whose labels stand 18
 * px apart; powers of two for bytes; on a linear axis or one too short
 * for a power, round steps), the bands' labels beside the bands, and
 * none within 12 px of another; below the map the time ticks at round
 * times in UTC and the date once; under them the legend (the shades of
 * a few counts, the p50 and p99 lines).  The cells are <rect>s with
 * their tooltip as a <title> child, made once per cell from texts made
 * once per drawn row and per drawn column: linear in the cells, which
 * the layout bounds by the map's pixels.  No script, no external
 * reference; every text from the input or the options is escaped.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	HM_TOP		60	/* above the map: title, summary (as in */
				/* md_hmd_doc()'s translate) */
#define	HM_BOTTOM	78	/* below: times, date, legend */
#define	HM_RIGHT	24
#define	HM_CHARW	6.4	/* a character of an 11 px label, about */
#define	HM_GAP		12	/* labels at least this apart */
#define	HM_WANT		18	/* a set of labels this apart is chosen */
#define	HM_NLABELS	80

typedef struct md_hmlabel {
	double		hb_y;
	char		hb_text[80];
} md_hmlabel_t;

typedef struct md_hmdoc {
	md_hmlayout_t	*dd_l;
	md_buf_t	dd_out;
	const char	*dd_unit;
	md_hmlabel_t	dd_labels[HM_NLABELS];
	size_t		dd_nlabels;
	double		dd_left;	/* the map's left edge on the page */
	md_buf_t	dd_rowtext;	/* each drow's tooltip line */
	size_t		*dd_rowoff;	/* from 2i to 2i + 1 */
} md_hmdoc_t;

/* c, a coordinate in pixels, to two decimals at most, into b. */
static void
md_hmd_px(md_buf_t *b, double c)
{
	char t[MD_FIXEDLEN];
	int64_t h = (int64_t)(c * 100 + (c < 0 ? -0.5 : 0.5));

	md_buf_append(b, t, md_number_fixed(t, h, 2));
}

static void
md_hmd_u(md_buf_t *b, uint64_t v)
{
	char t[24];

	md_buf_append(b, t, md_number_uint(t, v));
}

/*
 * Text for XML: &, <, >, " and ' as entities; what XML 1.0 cannot hold
 * (control characters but tab and newline, U+FFFE, U+FFFF) and bytes that
 * are not UTF-8 as U+FFFD, so that any text makes a well-formed document.
 */
static void
md_hmd_xml(md_buf_t *b, const char *s)
{
	static const char *const ent[] = { "&amp;", "&lt;", "&gt;", "&quot;",
	    "&apos;" };
	const unsigned char *p = (const unsigned char *)s;
	const char *e;
	size_t n;

	while (*p != '\0') {
		if ((e = strchr("&<>\"'", *p)) != NULL) {
			md_buf_puts(b, ent[e - "&<>\"'"]);
			p++;
			continue;
		}
		n = md_utf8_len(p, strlen((const char *)p));
		if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n') ||
		    (n == 3 && p[0] == 0xef && p[1] == 0xbf && p[2] >= 0xbe))
			md_buf_puts(b, "\xef\xbf\xbd");
		else
			md_buf_append(b, (const char *)p, n);
		p += n == 0 ? 1 : n;
	}
}

/*
 * Time t (microseconds since the epoch) in UTC: "2026-11-25" (what 0)
 * or "08:00:01" (1), with ".125" when not a whole second.  Days to a date
 * as in Howard Hinnant's civil_from_days().
 */
static void
md_hmd_time(char *p, size_t len, int64_t t, int what)
{
	int64_t s = t / 1000000, z = s / 86400 + 719468, era = z / 146097;
	int64_t doe = z - era * 146097, sod = s % 86400;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
	int64_t m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
	char hms[12], ms[8];

	if (t < 0)
		t = s = sod = 0;
	if (what == 0) {
		(void) snprintf(p, len, "%04u-%02u-%02u", (unsigned)y % 10000U,
		    (unsigned)m % 100U, (unsigned)d % 100U);
		return;
	}
	(void) snprintf(hms, sizeof (hms), "%02u:%02u:%02u",
	    (unsigned)(sod / 3600) % 24U, (unsigned)(sod / 60) % 60U,
	    (unsigned)sod % 60U);
	(void) snprintf(ms, sizeof (ms), ".%03u",
	    (unsigned)(t % 1000000 / 1000) % 1000U);
	(void) snprintf(p, len, "%s%s", hms, t % 1000000 != 0 ? ms : "");
}

/* "2026-11-25 08:00:01", t in UTC. */
static void
md_hmd_stamp(char *p, size_t len, int64_t t)
{
	char day[16], hms[24];

	md_hmd_time(day, sizeof (day), t, 0);
	md_hmd_time(hms, sizeof (hms), t, 1);
	(void) snprintf(p, len, "%s %s", day, hms);
}

/* A length of time, us, as "40 s", "12 min 30 s", "2 h 5 min", "3 d 1 h". */
static void
md_hmd_span(char *p, size_t len, int64_t us)
{
	int64_t s = (us + 500000) / 1000000;

	if (us < 1000000)
		(void) snprintf(p, len, "%lld ms", (long long)(us / 1000));
	else if (s < 60)
		(void) snprintf(p, len, "%lld s", (long long)s);
	else if (s < 3600)
		(void) snprintf(p, len, s % 60 != 0 ? "%lld min %lld s" :
		    "%lld min%.0lld", (long long)(s / 60), (long long)(s % 60));
	else if (s < 86400)
		(void) snprintf(p, len, s / 60 % 60 != 0 ? "%lld h %lld min" :
		    "%lld h%.0lld", (long long)(s / 3600),
		    (long long)(s / 60 % 60));
	else
		(void) snprintf(p, len, s / 3600 % 24 != 0 ? "%lld d %lld h" :
		    "%lld d%.0lld", (long long)(s / 86400),
		    (long long)(s / 3600 % 24));
}

/* A label at y, unless one stands within HM_GAP px of it. */
static void
md_hmd_label(md_hmdoc_t *d, double y, const char *text)
{
	size_t i;

	for (i = 0; i < d->dd_nlabels; i++)
		if (d->dd_labels[i].hb_y - y < HM_GAP &&
		    y - d->dd_labels[i].hb_y < HM_GAP)
			return;
	if (d->dd_nlabels == HM_NLABELS)
		return;
	d->dd_labels[d->dd_nlabels].hb_y = y;
	(void) snprintf(d->dd_labels[d->dd_nlabels++].hb_text,
	    sizeof (d->dd_labels[0].hb_text), "%s", text);
}

/*
 * The round values of level lv in [lo, hi], at most max of them, into v:
 * how many.  Bytes: powers of 2 whose exponent is a multiple of 1, 2, 5
 * or 10; else 1, 2 and 5 times powers of 10, powers of 10, of 1000.
 * lv past the last: -1.
 */
static int
md_hmd_round(int bytes, int lv, double lo, double hi, double *v, int max)
{
	static const int bstep[] = { 1, 2, 5, 10 };
	static const double mant[] = { 1, 2, 5 };
	double p;
	int n = 0, e, m;

	if (lv >= (bytes ? 4 : 3))
		return (-1);
	if (bytes) {
		for (e = 0, p = 1; e < 63 && n < max; e++, p *= 2)
			if (e % bstep[lv] == 0 && p >= lo && p <= hi)
				v[n++] = p;
		return (n);
	}
	for (e = 0, p = 1; e < 19 && n < max; e++, p *= 10)
		for (m = 0; m < (lv == 0 ? 3 : 1) && n < max; m++)
			if ((lv < 2 || e % 3 == 0) && p * mant[m] >= lo &&
			    p * mant[m] <= hi)
				v[n++] = p * mant[m];
	return (n);
}

/* Values at least HM_WANT px apart on the page (or only one). */
static int
md_hmd_apart(const md_hmlayout_t *l, const double *v, int n)
{
	int i;

	for (i = 1; i < n; i++)
		if (md_hm_y(l, v[i - 1]) - md_hm_y(l, v[i]) < HM_WANT)
			return (0);
	return (1);
}

/* 10 to the power n, n >= 0. */
static double
md_hm_pow10(int n)
{
	double p = 1;

	while (n-- > 0)
		p *= 10;
	return (p);
}

/* Round steps on a linear axis, as many as HM_WANT px apart allow. */
static int
md_hmd_steps(const md_hmlayout_t *l, int bytes, double *v, int max)
{
	double lo = l->hl_lo, hi = l->hl_hi, step = 1, x;
	int n = 0, i;

	for (i = 0; i < 200; i++) {
		step = bytes ? (double)((uint64_t)1 << (i < 62 ? i : 62)) :
		    (i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 5) * md_hm_pow10(i / 3);
		if ((hi - lo) / step * HM_WANT <= l->hl_ybot - l->hl_ytop)
			break;
	}
	/* the first multiple of step at lo or above (lo / step may pass */
	/* what an int64_t holds: then lo) */
	x = lo / step > -9e18 && lo / step < 9e18 ?
	    (double)(int64_t)(lo / step) * step : lo;
	for (; x < lo; x += step)
		continue;
	for (; x <= hi && n < max; x += step)
		v[n++] = x;
	return (n);
}

/* The value axis's labels: bands first, then round values. */
static void
md_hmd_values(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	int bytes = md_unit_kind(d->dd_unit, NULL) == MD_UNIT_BYTES;
	double v[HM_NLABELS];
	char t[64];
	int n = 0, lv, i;

	for (lv = 0; l->hl_log; lv++) {
		if ((n = md_hmd_round(bytes, lv, l->hl_lo, l->hl_hi, v,
		    HM_NLABELS)) < 0 || md_hmd_apart(l, v, n))
			break;
	}
	if (n < 2)
		n = md_hmd_steps(l, bytes, v, HM_NLABELS);
	for (i = 0; i < n; i++) {
		(void) md_unit_axis(t, sizeof (t), d->dd_unit, v[i]);
		md_hmd_label(d, md_hm_y(l, v[i]), t);
	}
}

/* The bands' labels: "< 1 us" at the bottom, ">= 1.2 s: 37" at the top. */
static void
md_hmd_bands(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	const md_hmdrow_t *r;
	const md_hmbucket_t *b;
	char t[80], v[64];

	if (l->hl_dfirst > 0) {
		r = &l->hl_drows[0];
		b = &l->hl_rows[r->hd_to - 1].hr_b;
		(void) md_unit_axis(v, sizeof (v), d->dd_unit,
		    (double)b->hb_max + 1);
		(void) snprintf(t, sizeof (t), "< %s", v);
		md_hmd_label(d, (r->hd_y0 + r->hd_y1) / 2, t);
	}
	if (l->hl_dlast < l->hl_ndrows) {
		r = &l->hl_drows[l->hl_dlast];
		b = &l->hl_rows[r->hd_from].hr_b;
		(void) md_unit_axis(v, sizeof (v), d->dd_unit,
		    (double)b->hb_min);
		(void) snprintf(t, sizeof (t), ">= %s: %llu", v,
		    (unsigned long long)r->hd_total);
		md_hmd_label(d, (r->hd_y0 + r->hd_y1) / 2, t);
	}
}

/* The characters of UTF-8 s. */
static size_t
md_hmd_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return (n);
}

/* A shade, 0 to 1, as "#rrggbb": white, cream, orange, a dark red. */
static void
md_hmd_rgb(char *p, double t)
{
	static const double stop[4][4] = {
		{ 0, 255, 255, 255 }, { MD_HM_TINT, 254, 222, 168 },
		{ 0.55, 240, 118, 38 }, { 1, 110, 14, 0 }
	};
	double f, c[3];
	int i, k;

	for (i = 1; i < 3 && t > stop[i][0]; i++)
		continue;
	f = (t - stop[i - 1][0]) / (stop[i][0] - stop[i - 1][0]);
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	for (k = 0; k < 3; k++)
		c[k] = stop[i - 1][k + 1] + f * (stop[i][k + 1] -
		    stop[i - 1][k + 1]) + 0.5;
	(void) snprintf(p, 8, "#%02x%02x%02x", (unsigned)c[0] & 0xff,
	    (unsigned)c[1] & 0xff, (unsigned)c[2] & 0xff);
}

/* A value in the unit, and the bucket's bounds as the line wrote them. */
static void
md_hmd_rowtext(md_hmdoc_t *d, const md_hmdrow_t *r)
{
	const md_hmbucket_t *lo = &d->dd_l->hl_rows[r->hd_from].hr_b;
	const md_hmbucket_t *hi = &d->dd_l->hl_rows[r->hd_to - 1].hr_b;
	md_hmbucket_t b = *lo;
	char a[64], z[64], raw[64];
	md_buf_t *o = &d->dd_rowtext;

	b.hb_max = hi->hb_max;
	b.hb_open = (lo->hb_open & MD_HM_OPENLO) | (hi->hb_open &
	    MD_HM_OPENHI);
	md_hm_rangestr(raw, sizeof (raw), &b);
	(void) md_unit_axis(a, sizeof (a), d->dd_unit, (double)b.hb_min);
	(void) md_unit_axis(z, sizeof (z), d->dd_unit, (double)b.hb_max + 1);
	if (b.hb_open & MD_HM_OPENLO)
		md_buf_puts(o, "below ");
	else
		md_hmd_xml(o, a);
	md_buf_puts(o, b.hb_open == 0 ? " to below " : b.hb_open ==
	    MD_HM_OPENHI ? " and above" : "");
	if (!(b.hb_open & MD_HM_OPENHI))
		md_hmd_xml(o, z);
	md_buf_puts(o, " (");
	md_buf_puts(o, raw);
	if (d->dd_unit != NULL && *d->dd_unit != '\0') {
		md_buf_putc(o, ' ');
		md_hmd_xml(o, d->dd_unit);
	}
	md_buf_puts(o, ")");
}

/* Each drow's tooltip line, once.  0, or -1: memory. */
static int
md_hmd_rowtexts(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	size_t i;

	if ((d->dd_rowoff = calloc(2 * l->hl_ndrows + 1, sizeof (size_t))) ==
	    NULL)
		return (-1);
	for (i = 0; i < l->hl_ndrows; i++) {
		d->dd_rowoff[2 * i] = d->dd_rowtext.mb_len;
		md_hmd_rowtext(d, &l->hl_drows[i]);
		d->dd_rowoff[2 * i + 1] = d->dd_rowtext.mb_len;
	}
	return (md_buf_failed(&d->dd_rowtext) ? -1 : 0);
}

/* A share, part of whole, as a percentage with one decimal, into p. */
static void
md_hmd_pct(char *p, size_t len, double part, double whole)
{
	double x = whole > 0 ? 100 * part / whole : 0;

	(void) snprintf(p, len, "%.1f%%", x > 99.95 && part < whole ? 99.9 :
	    x);
}

/* One cell: its rect and tooltip; tm the column's times. */
static void
md_hmd_cell(md_hmdoc_t *d, const md_hmdcol_t *c, const md_hmcell_t *e,
    double cum, const char *tm)
{
	const md_hmdrow_t *r = &d->dd_l->hl_drows[e->hc_bucket];
	md_buf_t *o = &d->dd_out;
	char rgb[8], share[16], at[16];

	md_hmd_rgb(rgb, md_hm_tone(d->dd_l, e->hc_count));
	md_hmd_pct(share, sizeof (share), (double)e->hc_count,
	    (double)c->hc_total);
	md_hmd_pct(at, sizeof (at), cum, (double)c->hc_total);
	md_buf_puts(o, "<rect x=\"");
	md_hmd_px(o, c->hc_x0);
	md_buf_puts(o, "\" y=\"");
	md_hmd_px(o, r->hd_y0);
	md_buf_puts(o, "\" width=\"");
	md_hmd_px(o, c->hc_x1 - c->hc_x0);
	md_buf_puts(o, "\" height=\"");
	md_hmd_px(o, r->hd_y1 - r->hd_y0 < 1 ? 1 : r->hd_y1 - r->hd_y0);
	md_buf_puts(o, "\" fill=\"");
	md_buf_puts(o, rgb);
	md_buf_puts(o, "\"><title>");
	md_buf_puts(o, tm);
	md_buf_append(o, d->dd_rowtext.mb_data + d->dd_rowoff[2 *
	    e->hc_bucket], d->dd_rowoff[2 * e->hc_bucket + 1] -
	    d->dd_rowoff[2 * e->hc_bucket]);
	md_buf_puts(o, "\ncount ");
	md_hmd_u(o, e->hc_count);
	md_buf_puts(o, ", ");
	md_buf_puts(o, share);
	md_buf_puts(o, " of the column; cumulative ");
	md_buf_puts(o, at);
	md_buf_puts(o, " (p");
	md_buf_append(o, at, strlen(at) - 1);
	md_buf_puts(o, ")</title></rect>\n");
}

/* The cells, a column at a time. */
static void
md_hmd_cells(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	const md_hmdcol_t *c;
	char tm[96], a[24], z[24];
	double cum;
	size_t j, i;

	md_buf_puts(&d->dd_out, "<g shape-rendering=\"crispEdges\">\n");
	for (j = 0; j < l->hl_ndcols; j++) {
		c = &l->hl_dcols[j];
		if (c->hc_ncells == 0)
			continue;
		md_hmd_time(a, sizeof (a), c->hc_t0, 1);
		md_hmd_time(z, sizeof (z), c->hc_t1, 1);
		(void) snprintf(tm, sizeof (tm), "%s to %s UTC\n", a, z);
		cum = 0;
		for (i = 0; i < c->hc_ncells; i++) {
			cum += (double)l->hl_cells[c->hc_cell + i].hc_count;
			md_hmd_cell(d, c, &l->hl_cells[c->hc_cell + i], cum,
			    tm);
		}
	}
	md_buf_puts(&d->dd_out, "</g>\n");
}

/* A percentile's line: its drow's middle, column by column. */
static void
md_hmd_pline(md_hmdoc_t *d, int p99, const char *attrs)
{
	md_hmlayout_t *l = d->dd_l;
	md_buf_t *o = &d->dd_out;
	const md_hmdcol_t *c;
	const md_hmdrow_t *r;
	double px = -10;
	size_t j;
	uint32_t k;
	int w;

	for (w = 0; w < 2; w++) {
		md_buf_puts(o, "<path fill=\"none\" d=\"");
		for (j = 0; j < l->hl_ndcols; j++) {
			c = &l->hl_dcols[j];
			if ((k = p99 ? c->hc_p99 : c->hc_p50) == UINT32_MAX)
				continue;
			r = &l->hl_drows[k];
			md_buf_putc(o, c->hc_x0 - px < 0.5 &&
			    px - c->hc_x0 < 0.5 ? 'L' : 'M');
			md_hmd_px(o, c->hc_x0);
			md_buf_putc(o, ' ');
			md_hmd_px(o, (r->hd_y0 + r->hd_y1) / 2);
			md_buf_putc(o, 'H');
			md_hmd_px(o, px = c->hc_x1);
		}
		md_buf_puts(o, w == 0 ? "\" stroke=\"#fff\" stroke-width=\"3\" "
		    "stroke-opacity=\"0.8\"/>\n" : "\" ");
		px = -10;
	}
	md_buf_puts(o, attrs);
	md_buf_puts(o, "/>\n");
}

#define	HM_P50	"stroke=\"#1560bd\" stroke-width=\"1.5\" class=\"p50\""
#define	HM_P99	"stroke=\"#000\" stroke-width=\"1.5\" " \
	"stroke-dasharray=\"5 3\" class=\"p99\""

/* Text at x, y with attrs, escaped. */
static void
md_hmd_text(md_buf_t *o, double x, double y, const char *attrs,
    const char *s)
{
	md_buf_puts(o, "<text x=\"");
	md_hmd_px(o, x);
	md_buf_puts(o, "\" y=\"");
	md_hmd_px(o, y);
	md_buf_puts(o, "\"");
	md_buf_puts(o, attrs);
	md_buf_puts(o, ">");
	md_hmd_xml(o, s);
	md_buf_puts(o, "</text>\n");
}

/* The value axis: its labels and ticks, in the map's frame. */
static void
md_hmd_yaxis(md_hmdoc_t *d)
{
	md_buf_t *o = &d->dd_out;
	size_t i;

	md_buf_puts(o, "<g class=\"yaxis\" font-size=\"11\">\n");
	for (i = 0; i < d->dd_nlabels; i++) {
		md_hmd_text(o, -7, d->dd_labels[i].hb_y + 4,
		    " text-anchor=\"end\"", d->dd_labels[i].hb_text);
		md_buf_puts(o, "<path stroke=\"#555\" d=\"M-4 ");
		md_hmd_px(o, d->dd_labels[i].hb_y);
		md_buf_puts(o, "H0\"/>\n");
	}
	md_buf_puts(o, "</g>\n");
}

/* The time step of the ticks: 5 to 10 of them, fewer on a narrow map. */
static int64_t
md_hmd_tickstep(const md_hmlayout_t *l)
{
	int64_t most = l->hl_width / 70 < 10 ? l->hl_width / 70 : 10;

	return (md_hm_tickstep(l->hl_x0, l->hl_x0 + l->hl_xspan, most));
}

/* The time axis: ticks at round times, the date once, "UTC". */
static void
md_hmd_xaxis(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	md_buf_t *o = &d->dd_out;
	int64_t step = md_hmd_tickstep(l), t, end = l->hl_x0 + l->hl_xspan;
	char a[24], z[24], cap[96];
	double y = l->hl_height;

	md_buf_puts(o, "<g class=\"xaxis\" font-size=\"11\">\n");
	t = l->hl_x0 - (l->hl_x0 % step + step) % step;
	for (t = t < l->hl_x0 ? t + step : t; t <= end; t += step) {
		md_buf_puts(o, "<path stroke=\"#555\" d=\"M");
		md_hmd_px(o, md_hm_x(l, t));
		md_buf_putc(o, ' ');
		md_hmd_px(o, y);
		md_buf_puts(o, "v4\"/>\n");
		md_hmd_time(a, sizeof (a), t, 1);
		md_hmd_text(o, md_hm_x(l, t), y + 16,
		    " text-anchor=\"middle\"", a);
	}
	md_hmd_time(a, sizeof (a), l->hl_t0, 0);
	md_hmd_time(z, sizeof (z), l->hl_t1 - (l->hl_t1 > l->hl_t0), 0);
	(void) snprintf(cap, sizeof (cap), "time (UTC), %s%s%s", a,
	    strcmp(a, z) != 0 ? " to " : "", strcmp(a, z) != 0 ? z : "");
	md_hmd_text(o, l->hl_width / 2.0, y + 32, " text-anchor=\"middle\"",
	    cap);
	md_buf_puts(o, "</g>\n");
}

/* A line of the legend at x, y: its look (attrs), its name. */
static void
md_hmd_legline(md_buf_t *o, double x, double y, const char *attrs,
    const char *name)
{
	md_buf_puts(o, "<path d=\"M");
	md_hmd_px(o, x);
	md_buf_putc(o, ' ');
	md_hmd_px(o, y + 7);
	md_buf_puts(o, "h24\" ");
	md_buf_puts(o, attrs);
	md_buf_puts(o, "/>\n");
	md_hmd_text(o, x + 28, y + 11, "", name);
}

/* The legend: a few counts' shades, then the two lines' names. */
static void
md_hmd_legend(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	md_buf_t *o = &d->dd_out;
	double x = 0, y = l->hl_height + 50;
	char rgb[8], t[32];
	size_t i, k, prev = SIZE_MAX;

	md_buf_puts(o, "<g class=\"legend\" font-size=\"11\">\n");
	md_hmd_text(o, x, y + 10, "", "events in a cell:");
	x += 100;
	for (i = 0; i < 6 && l->hl_ncounts > 0; i++) {
		k = (l->hl_ncounts - 1) * i / 5;
		if (k == prev)
			continue;
		prev = k;
		md_hmd_rgb(rgb, md_hm_tone(l, l->hl_counts[k]));
		md_buf_puts(o, "<rect class=\"key\" x=\"");
		md_hmd_px(o, x);
		md_buf_puts(o, "\" y=\"");
		md_hmd_px(o, y);
		md_buf_puts(o, "\" width=\"14\" height=\"14\" stroke=\"#999\" "
		    "fill=\"");
		md_buf_puts(o, rgb);
		md_buf_puts(o, "\"/>\n");
		(void) snprintf(t, sizeof (t), "%llu",
		    (unsigned long long)l->hl_counts[k]);
		md_hmd_text(o, x + 18, y + 11, "", t);
		x += 26 + HM_CHARW * (double)strlen(t);
	}
	md_hmd_legline(o, x + 10, y, HM_P50, "p50 of a column");
	md_hmd_legline(o, x + 140, y, HM_P99, "p99 of a column");
	md_buf_puts(o, "</g>\n");
}

/* The title and the line under it: events, time, crop, shade. */
static void
md_hmd_head(md_hmdoc_t *d, double w, double h)
{
	static const char *const shade[] = { "rank", "log", "linear" };
	md_hmlayout_t *l = d->dd_l;
	md_buf_t *o = &d->dd_out;
	const char *title = l->hl_o->ho_title;
	char a[40], z[40], sp[48], cr[96], sum[320], step[48] = "";
	uint64_t above = l->hl_dlast < l->hl_ndrows ?
	    l->hl_drows[l->hl_dlast].hd_total : 0;

	md_buf_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
	md_hmd_px(o, w);
	md_buf_puts(o, "\" height=\"");
	md_hmd_px(o, h);
	md_buf_puts(o, "\" font-family=\"sans-serif\" fill=\"#222\">\n"
	    "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
	md_hmd_text(o, 12, 22, " font-size=\"15\" font-weight=\"bold\"",
	    title != NULL ? title : "heat map");
	md_hmd_stamp(a, sizeof (a), l->hl_t0);
	md_hmd_stamp(z, sizeof (z), l->hl_t1);
	md_hmd_span(sp, sizeof (sp), l->hl_t1 - l->hl_t0);
	if (l->hl_step != 0)
		md_hmd_span(step, sizeof (step), l->hl_step);
	(void) snprintf(cr, sizeof (cr), l->hl_crop > 0 ? "crop %g%%: %llu "
	    "above the axis" : "no crop (%g%%)%.0llu", l->hl_crop,
	    (unsigned long long)above);
	(void) snprintf(sum, sizeof (sum), "%llu events, %s to %s UTC (%s%s%s"
	    "), %s, shade by %s", (unsigned long long)l->hl_total, a, z, sp,
	    *step != '\0' ? "; columns of " : "", step, cr,
	    shade[l->hl_shade]);
	md_hmd_text(o, 12, 42, " font-size=\"12\" fill=\"#555\"", sum);
}

/* The document: head, the map's frame, cells, lines, axes, legend. */
static void
md_hmd_doc(md_hmdoc_t *d)
{
	md_hmlayout_t *l = d->dd_l;
	md_buf_t *o = &d->dd_out;
	size_t i, most = 0;

	md_hmd_bands(d);
	md_hmd_values(d);
	for (i = 0; i < d->dd_nlabels; i++)
		if (md_hmd_chars(d->dd_labels[i].hb_text) > most)
			most = md_hmd_chars(d->dd_labels[i].hb_text);
	d->dd_left = (double)(int)(17 + HM_CHARW * (double)most);
	md_hmd_head(d, d->dd_left + l->hl_width + HM_RIGHT,
	    HM_TOP + l->hl_height + HM_BOTTOM);
	md_buf_puts(o, "<g class=\"map\" transform=\"translate(");
	md_hmd_px(o, d->dd_left);
	md_buf_puts(o, " 60)\">\n<rect class=\"frame\" "
	    "width=\"");
	md_hmd_px(o, l->hl_width);
	md_buf_puts(o, "\" height=\"");
	md_hmd_px(o, l->hl_height);
	md_buf_puts(o, "\" fill=\"#fff\" stroke=\"#bbb\"/>\n");
	md_hmd_cells(d);
	if (l->hl_total == 0)
		md_hmd_text(o, l->hl_width / 2.0, l->hl_height / 2.0,
		    " text-anchor=\"middle\" fill=\"#888\"", "no events");
	md_hmd_pline(d, 0, HM_P50);
	md_hmd_pline(d, 1, HM_P99);
	md_hmd_yaxis(d);
	md_hmd_xaxis(d);
	md_hmd_legend(d);
	md_buf_puts(o, "</g>\n</svg>\n");
}

char *
md_hm_draw(const md_heatmap_t *h, const md_hmopts_t *opts, size_t *lenp,
    md_error_t *err)
{
	md_hmlayout_t l;
	md_hmdoc_t d;
	char *svg = NULL;
	size_t len;

	if (md_hm_layout(&l, h, opts, err) != 0) {
		md_hm_layout_free(&l);
		return (NULL);
	}
	(void) memset(&d, 0, sizeof (d));
	d.dd_l = &l;
	d.dd_unit = opts->ho_unit;
	md_buf_init(&d.dd_out);
	md_buf_init(&d.dd_rowtext);
	if (md_hmd_rowtexts(&d) != 0)
		(void) md_error_nomem(err);
	else {
		md_hmd_doc(&d);
		if (md_buf_failed(&d.dd_out))
			(void) md_buf_error(&d.dd_out, err);
		else
			svg = md_buf_claim(&d.dd_out, lenp != NULL ? lenp :
			    &len);
	}
	free(d.dd_rowoff);
	md_buf_fini(&d.dd_rowtext);
	md_buf_fini(&d.dd_out);
	md_hm_layout_free(&l);
	return (svg);
}

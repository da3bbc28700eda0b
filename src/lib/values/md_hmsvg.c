/*
 * md_hmsvg.c: a heat map drawn as one SVG document (SPEC 8.4).
 *
 * The look follows Brendan Gregg's latency heat maps and FlameGraph: a
 * white page, time across, the value up, each cell a <rect> shaded from
 * white (a count of 0) to a dark red-brown (the largest count of the
 * map), linearly, with its tooltip as a <title> child: the interval's
 * start in UTC, the bucket's [MIN, MAX] as the line wrote them, and the
 * count.  No script, no external font or stylesheet: what a browser shows
 * is in the document (a <style> of its own darkens a cell's edge under
 * the pointer).
 *
 * Rows: the distinct buckets that held a count, sorted; any two must not
 * overlap.  The value axis is logarithmic (base 2) when every bounded
 * bucket has MIN >= 1 and the buckets widen as the value grows (quantize,
 * llquantize), linear otherwise; each cell spans its bucket's [MIN, MAX +
 * 1) on it, so a bucket that held nothing is empty space, and on a
 * quantize's axis every power of two is one equal step.  A bucket open at
 * one end (null) is a band as tall as its neighbour, at that end.  A
 * bucket thinner than a pixel is drawn a pixel tall (up from its MIN, or
 * down from the map's top), so that no count is invisible.  Columns: one
 * a line, as wide as its duration on one scale, the map at least HM_MAPW
 * pixels wide and the longest interval at least a pixel.  Coordinates are
 * kept in hundredths of a pixel, as integers, so that neighbours meet
 * exactly; the cells are drawn crispEdges, with no seam between them.
 *
 * Labels: a row's bounds beside it, for every row, every second or every
 * fifth, as many as stand apart beside their rows.  Rows that crowd (the
 * top of each of llquantize's decades, a cluster on a linear axis) keep
 * a label every fifth row all the same: the labels are moved apart, as
 * little as they can be, each with a leader to its row; the map is made
 * tall enough for them.  The axis stays true.
 *
 * Everything is computed once per row and once per column; a cell is made
 * in one piece and appended once, into a buffer reserved at the size the
 * cells will take, so that time and memory are linear in the cells (the
 * rows are sorted: r log r, r at most the cells).  log2 is computed here,
 * not by libm, which libmetad does not link.  The numbers are printed by
 * md_number.c, exactly: counts as integers, coordinates (hundredths of a
 * pixel) and times (microseconds) as the decimals they are; what is
 * printed, and to what precision, is chosen here.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	HM_MAPW		1000	/* the map's least width, pixels */
#define	HM_MAPH		400	/* its least height */
#define	HM_LABELH	14	/* the map's height a row's label needs */
#define	HM_LABELGAP	12	/* two labels' middles at least this apart */
#define	HM_LEAD		12	/* a leader's run, from a label to its row */
#define	HM_TOP		64	/* above the map: the title and summary */
#define	HM_BOTTOM	72	/* below: the times, caption and legend */
#define	HM_RIGHT	24
#define	HM_AXIS		44	/* left of the labels: the axis's name */
#define	HM_CHARW	6.2	/* a character of a label, about */
#define	HM_DARK		"#8c1c00"

static const int md_hm_dark[3] = { 0x8c, 0x1c, 0x00 };

/* A row: a bucket, where it is on the value axis and on the page. */
typedef struct md_hmrow {
	md_hmbucket_t	hr_b;		/* a copy, to sort */
	uint32_t	hr_id;		/* the bucket's index in the map */
	double		hr_lo;		/* [lo, hi) on the value axis */
	double		hr_hi;
	int64_t		hr_y;		/* top and height, 1/100 pixel */
	int64_t		hr_h;
} md_hmrow_t;

/*
 * A label of the value axis: its row and its middle.  While the labels
 * are moved apart, the blocks that the pooling makes are kept in the
 * labels too (hl_sum, hl_n), block j in label j, j never past the label
 * being read: no allocation more, and hl_y is another field.
 */
typedef struct md_hmlabel {
	size_t		hl_row;
	int64_t		hl_y;		/* 1/100 pixel */
	double		hl_sum;		/* a block's positions, summed */
	size_t		hl_n;		/* and its labels */
} md_hmlabel_t;

typedef struct md_hmdraw {
	const md_heatmap_t *hd_h;
	md_buf_t	hd_out;
	md_hmrow_t	*hd_rows;	/* the lowest first */
	size_t		hd_nrows;
	uint32_t	*hd_rowof;	/* bucket index -> row */
	md_buf_t	hd_rowtext;	/* each row's attributes and range, */
	size_t		*hd_rowoff;	/* from offsets 2i, 2i + 1, 2i + 2 */
	int		hd_log;		/* a logarithmic value axis */
	md_hmlabel_t	*hd_labels;	/* the lowest first */
	size_t		hd_nlabels;
	int		hd_lead;	/* a label moved: leaders drawn */
	int64_t		hd_left;	/* the map, 1/100 pixel */
	int64_t		hd_w;
	int64_t		hd_hgt;
	int64_t		hd_span;	/* the intervals' time, us */
	int		hd_unit;	/* all of 0 us: one unit each */
	double		hd_scale;	/* 1/100 pixel per us */
} md_hmdraw_t;

/* "[MIN, MAX]", null for an open end, into buf. */
void
md_hm_rangestr(char *buf, size_t len, const md_hmbucket_t *b)
{
	char lo[24], hi[24];

	(void) snprintf(lo, sizeof (lo), "%lld", (long long)b->hb_min);
	(void) snprintf(hi, sizeof (hi), "%lld", (long long)b->hb_max);
	(void) snprintf(buf, len, "[%s, %s]", b->hb_open & MD_HM_OPENLO ?
	    "null" : lo, b->hb_open & MD_HM_OPENHI ? "null" : hi);
}

/* v in decimal, into b (md_number.c). */
static void
md_hm_putu(md_buf_t *b, uint64_t v)
{
	char t[24];

	md_buf_append(b, t, md_number_uint(t, v));
}

/* c hundredths (of a pixel), as "12", "12.5" or "12.25", into b. */
static void
md_hm_putc(md_buf_t *b, int64_t c)
{
	char t[MD_FIXEDLEN];

	md_buf_append(b, t, md_number_fixed(t, c, 2));
}

/*
 * A start in UTC at p, "2026-11-25T08:00:01Z", with the milliseconds
 * (".125") when it is not a whole second.  Days to a date as in Howard
 * Hinnant's civil_from_days(); t >= 0.  Returns the length.
 */
static size_t
md_hm_fmttime(char *p, int64_t t)
{
	int64_t s = t / 1000000, z = s / 86400 + 719468, era = z / 146097;
	int64_t doe = z - era * 146097, sod = s % 86400;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
	int64_t m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
	int n;

	n = snprintf(p, 32, "%04d-%02d-%02dT%02d:%02d:%02d", (int)y, (int)m,
	    (int)d, (int)(sod / 3600), (int)(sod / 60 % 60), (int)(sod % 60));
	if (t % 1000000 != 0)
		n += snprintf(p + n, 8, ".%03d", (int)(t % 1000000 / 1000));
	p[n++] = 'Z';
	p[n] = '\0';
	return ((size_t)n);
}

/* Seconds, t microseconds, as "60", "2.5" or "0.000125", into b. */
static void
md_hm_putsecs(md_buf_t *b, int64_t t)
{
	char f[MD_FIXEDLEN];

	md_buf_append(b, f, md_number_fixed(f, t, 6));
}

/*
 * Text for XML: &, <, >, " and ' as entities; what XML 1.0 cannot hold
 * (control characters but tab and newline, U+FFFE, U+FFFF) and bytes that
 * are not UTF-8 as U+FFFD, so that any title makes a well-formed document.
 */
static void
md_hm_xml(md_buf_t *b, const char *s)
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

/* log2 x for x >= 1, without libm: the exponent, then ln of the rest. */
static double
md_hm_log2(double x)
{
	double e = 0, z, z2, term, sum = 0;
	int k;

	while (x >= 2) {
		x /= 2;
		e++;
	}
	z = (x - 1) / (x + 1);	/* ln x = 2 atanh z, z at most 1/3 */
	z2 = z * z;
	term = z;
	for (k = 1; k < 48 && term != 0; k += 2) {
		sum += term / k;
		term *= z2;
	}
	return (e + 2 * sum / 0.69314718055994530942);
}

/* Bucket b lies above bucket p, apart from it. */
int
md_hm_apart(const md_hmbucket_t *p, const md_hmbucket_t *b)
{
	return (!(p->hb_open & MD_HM_OPENHI) && !(b->hb_open & MD_HM_OPENLO) &&
	    b->hb_min > p->hb_max);
}

/* Rows in order: an open lower end first, then by MIN. */
static int
md_hm_cmprow(const void *a, const void *b)
{
	const md_hmbucket_t *x = &((const md_hmrow_t *)a)->hr_b;
	const md_hmbucket_t *y = &((const md_hmrow_t *)b)->hr_b;
	int xo = !(x->hb_open & MD_HM_OPENLO);
	int yo = !(y->hb_open & MD_HM_OPENLO);

	if (xo != yo)
		return (xo - yo);
	if (x->hb_min != y->hb_min)
		return (x->hb_min < y->hb_min ? -1 : 1);
	return (x->hb_max < y->hb_max ? -1 : x->hb_max > y->hb_max);
}

/*
 * The rows: the map's buckets sorted, each apart from the next (else an
 * error naming the later line of the two), and each bucket's row.
 */
static int
md_hm_rows(md_hmdraw_t *d, md_error_t *err)
{
	const md_heatmap_t *h = d->hd_h;
	const md_hmbucket_t *p, *b, *t;
	char pr[64], br[64];
	size_t i, n = h->hm_nbuckets;

	if ((d->hd_rows = calloc(n + 1, sizeof (*d->hd_rows))) == NULL ||
	    (d->hd_rowof = calloc(n + 1, sizeof (*d->hd_rowof))) == NULL)
		return (md_error_nomem(err));
	for (i = 0; i < n; i++) {
		d->hd_rows[i].hr_b = h->hm_buckets[i];
		d->hd_rows[i].hr_id = (uint32_t)i;
	}
	qsort(d->hd_rows, n, sizeof (*d->hd_rows), md_hm_cmprow);
	for (i = 0; i < n; i++) {
		d->hd_rowof[d->hd_rows[i].hr_id] = (uint32_t)i;
		p = &d->hd_rows[i - (i > 0)].hr_b;
		b = &d->hd_rows[i].hr_b;
		if (i == 0 || md_hm_apart(p, b))
			continue;
		if (b->hb_line < p->hb_line) {	/* b: the later line's */
			t = b;
			b = p;
			p = t;
		}
		md_hm_rangestr(pr, sizeof (pr), p);
		md_hm_rangestr(br, sizeof (br), b);
		return (md_error_set(err, MD_ERR_LINE, "line %zu: bucket %s "
		    "overlaps bucket %s of line %zu", b->hb_line, br, pr,
		    p->hb_line));
	}
	d->hd_nrows = n;
	return (0);
}

/*
 * A logarithmic axis: every bounded bucket has MIN >= 1, and they widen
 * with the value (each at least as wide as the one below, the highest
 * wider than the lowest, or only one).
 */
static int
md_hm_islog(const md_hmdraw_t *d)
{
	const md_hmbucket_t *b;
	uint64_t w, first = 0, prev = 0;
	size_t i, n = 0;

	for (i = 0; i < d->hd_nrows; i++) {
		b = &d->hd_rows[i].hr_b;
		if (b->hb_open)
			continue;
		if (b->hb_min < 1)
			return (0);
		w = (uint64_t)b->hb_max - (uint64_t)b->hb_min;
		if (n > 0 && w < prev)
			return (0);
		first = n++ == 0 ? w : first;
		prev = w;
	}
	return (n == 1 || (n > 1 && prev > first));
}

/* A band's height: its bounded neighbour's (nb), or 1. */
static double
md_hm_band(const md_hmrow_t *nb)
{
	if (nb == NULL || nb->hr_b.hb_open || !(nb->hr_hi > nb->hr_lo))
		return (1);
	return (nb->hr_hi - nb->hr_lo);
}

/*
 * Each row's [lo, hi) on the value axis; the bands at the ends.  A linear
 * axis counts from the lowest bounded MIN, o, in uint64_t (exact), so
 * that [x, x] is 1 tall near 2^62 too, where x + 1 is x as a double.
 */
static void
md_hm_span(md_hmdraw_t *d)
{
	md_hmrow_t *r = d->hd_rows, *nb;
	size_t i, n = d->hd_nrows;
	uint64_t o;

	for (i = 0; i < n && r[i].hr_b.hb_open; i++)
		continue;
	o = i < n ? (uint64_t)r[i].hr_b.hb_min : 0;
	for (i = 0; i < n; i++) {
		if (r[i].hr_b.hb_open)
			continue;
		r[i].hr_lo = d->hd_log ? md_hm_log2((double)r[i].hr_b.hb_min) :
		    (double)((uint64_t)r[i].hr_b.hb_min - o);
		r[i].hr_hi = d->hd_log ? md_hm_log2((double)r[i].hr_b.hb_max +
		    1) : (double)((uint64_t)r[i].hr_b.hb_max - o) + 1;
	}
	if (n > 0 && (r[0].hr_b.hb_open & MD_HM_OPENLO)) {
		nb = n > 1 ? &r[1] : NULL;
		r[0].hr_hi = nb != NULL && !nb->hr_b.hb_open ? nb->hr_lo : 0;
		r[0].hr_lo = r[0].hr_hi - md_hm_band(nb);
	}
	if (n > 0 && (r[n - 1].hr_b.hb_open & MD_HM_OPENHI)) {
		nb = n > 1 ? &r[n - 2] : NULL;
		r[n - 1].hr_lo = nb != NULL ? nb->hr_hi : 0;
		r[n - 1].hr_hi = r[n - 1].hr_lo + md_hm_band(nb);
	}
}

/* From the value axis to the page: each row's top and height. */
static void
md_hm_place(md_hmdraw_t *d)
{
	md_hmrow_t *r = d->hd_rows;
	size_t i, n = d->hd_nrows;
	double lo, hi, px;
	int64_t top, bot;

	d->hd_hgt = 100 * (int64_t)(HM_LABELH * ((n + 4) / 5) > HM_MAPH ?
	    HM_LABELH * ((n + 4) / 5) : HM_MAPH);
	if (n == 0)
		return;
	lo = r[0].hr_lo;
	hi = r[n - 1].hr_hi;
	if (!(hi > lo)) {	/* log2 near 2^63 is one double: a row a step */
		for (i = 0; i < n; i++) {
			r[i].hr_lo = (double)i;
			r[i].hr_hi = (double)i + 1;
		}
		lo = 0;
		hi = (double)n;
	}
	px = (double)d->hd_hgt / (hi - lo);
	for (i = 0; i < n; i++) {
		top = HM_TOP * 100 + (int64_t)((hi - r[i].hr_hi) * px + 0.5);
		bot = HM_TOP * 100 + (int64_t)((hi - r[i].hr_lo) * px + 0.5);
		r[i].hr_y = bot - top >= 100 ? top : bot - 100;
		r[i].hr_y = r[i].hr_y < HM_TOP * 100 ? HM_TOP * 100 : r[i].hr_y;
		r[i].hr_h = bot - top >= 100 ? bot - top : 100;
	}
}

/*
 * Each row's text, made once: its cells' attributes (' y="Y"
 * height="H"') and its bucket ("[MIN, MAX]"), one after the other.
 */
static int
md_hm_rowtext(md_hmdraw_t *d, md_error_t *err)
{
	md_buf_t *b = &d->hd_rowtext;
	char range[64];
	size_t i;

	if ((d->hd_rowoff = calloc(2 * d->hd_nrows + 1,
	    sizeof (*d->hd_rowoff))) == NULL)
		return (md_error_nomem(err));
	for (i = 0; i < d->hd_nrows; i++) {
		d->hd_rowoff[2 * i] = b->mb_len;
		md_buf_puts(b, " y=\"");
		md_hm_putc(b, d->hd_rows[i].hr_y);
		md_buf_puts(b, "\" height=\"");
		md_hm_putc(b, d->hd_rows[i].hr_h);
		md_buf_putc(b, '"');
		d->hd_rowoff[2 * i + 1] = b->mb_len;
		md_hm_rangestr(range, sizeof (range), &d->hd_rows[i].hr_b);
		md_buf_puts(b, range);
	}
	d->hd_rowoff[2 * d->hd_nrows] = b->mb_len;
	return (md_buf_failed(b) ? md_error_nomem(err) : 0);
}

/*
 * The time scale: the map HM_MAPW pixels wide, or wider so that the
 * longest interval is a pixel.  Intervals all of 0 us count 1 each.
 */
static void
md_hm_timescale(md_hmdraw_t *d)
{
	const md_heatmap_t *h = d->hd_h;
	int64_t longest = 0;
	size_t i;

	for (i = 0; i < h->hm_ncols; i++) {
		d->hd_span += h->hm_cols[i].hk_dur;
		if (h->hm_cols[i].hk_dur > longest)
			longest = h->hm_cols[i].hk_dur;
	}
	if ((d->hd_unit = d->hd_span == 0)) {
		d->hd_span = (int64_t)h->hm_ncols;
		longest = 1;
	}
	d->hd_scale = 100.0 * HM_MAPW / (double)d->hd_span;
	if (d->hd_scale * (double)longest < 100)
		d->hd_scale = 100.0 / (double)longest;
	d->hd_w = (int64_t)((double)d->hd_span * d->hd_scale + 0.5);
}

/* The x of a column that starts at, in time, t (1/100 pixel). */
static int64_t
md_hm_x(const md_hmdraw_t *d, int64_t t)
{
	return (d->hd_left + (int64_t)((double)t * d->hd_scale + 0.5));
}

/* Row i's label: its bucket, or for a band "<= MAX" or ">= MIN". */
static void
md_hm_label(const md_hmdraw_t *d, size_t i, char *buf, size_t len)
{
	const md_hmbucket_t *b = &d->hd_rows[i].hr_b;
	const size_t *off = &d->hd_rowoff[2 * i];

	if (b->hb_open & MD_HM_OPENLO)
		(void) snprintf(buf, len, "\xe2\x89\xa4 %lld",
		    (long long)b->hb_max);
	else if (b->hb_open & MD_HM_OPENHI)
		(void) snprintf(buf, len, "\xe2\x89\xa5 %lld",
		    (long long)b->hb_min);
	else
		(void) snprintf(buf, len, "%.*s", (int)(off[2] - off[1]),
		    d->hd_rowtext.mb_data + off[1]);
}

/* Row i's middle on the page, 1/100 pixel. */
static int64_t
md_hm_mid(const md_hmdraw_t *d, size_t i)
{
	return (d->hd_rows[i].hr_y + d->hd_rows[i].hr_h / 2);
}

/*
 * The labels moved apart as little as they can be (in least squares),
 * HM_LABELGAP apart and inside the map: measured up from the map's
 * bottom, label k must be k gaps above the lowest, so its height less k
 * gaps must not fall from one label to the next.  Where it would, the
 * labels are pooled into a block at their mean (pool adjacent violators,
 * linear in the labels); the blocks are then kept inside the map.
 */
static void
md_hm_spread(md_hmdraw_t *d)
{
	md_hmlabel_t *l = d->hd_labels;
	int64_t bottom = HM_TOP * 100 + d->hd_hgt;
	double gap = HM_LABELGAP * 100, hi, v;
	size_t k, j, i, nb = 0, m = d->hd_nlabels;

	for (k = 0; k < m; k++) {
		l[nb].hl_sum = (double)(bottom - l[k].hl_y) - (double)k * gap;
		l[nb++].hl_n = 1;
		while (nb > 1 && l[nb - 2].hl_sum * (double)l[nb - 1].hl_n >
		    l[nb - 1].hl_sum * (double)l[nb - 2].hl_n) {
			l[nb - 2].hl_sum += l[nb - 1].hl_sum;
			l[nb - 2].hl_n += l[nb - 1].hl_n;
			nb--;
		}
	}
	hi = (double)d->hd_hgt - (double)(m - 1) * gap;
	for (j = 0, k = 0; j < nb; j++) {
		v = l[j].hl_sum / (double)l[j].hl_n;
		v = v > hi ? hi : v;
		v = v < 0 ? 0 : v;
		for (i = l[j].hl_n; i > 0; i--, k++)
			l[k].hl_y = bottom - (int64_t)(v + (double)k * gap + 0.5);
	}
}

/*
 * The rows that have a label, and where: every row, every second or
 * every fifth, from the lowest, the most that stand HM_LABELGAP apart
 * beside their rows; else every fifth, moved apart where they crowd,
 * each with a leader to its row.  The map is tall enough for that
 * (HM_LABELH a fifth of the rows), so that the bounds of at least every
 * fifth row are always there (SPEC 8.4): llquantize's rows crowd at the
 * top of each decade, a linear axis's where the values cluster.
 */
static int
md_hm_labels(md_hmdraw_t *d, md_error_t *err)
{
	static const size_t every[] = { 1, 2, 5 };
	md_hmlabel_t *l;
	size_t e, i, m = 0, n = d->hd_nrows;
	int apart = 0;

	if ((l = d->hd_labels = calloc(n + 1, sizeof (*l))) == NULL)
		return (md_error_nomem(err));
	for (e = 0; e < 3 && !apart; e++) {
		apart = 1;
		for (i = 0, m = 0; i < n; i += every[e], m++) {
			l[m].hl_row = i;
			l[m].hl_y = md_hm_mid(d, i);
			if (m > 0 && l[m - 1].hl_y - l[m].hl_y <
			    HM_LABELGAP * 100)
				apart = 0;
		}
	}
	d->hd_nlabels = m;
	if (apart)
		return (0);
	md_hm_spread(d);
	for (i = 0; i < m; i++)
		d->hd_lead |= l[i].hl_y != md_hm_mid(d, l[i].hl_row);
	return (0);
}

/*
 * The left margin: room for the axis's name, the longest label and,
 * where a label moved, the leaders.
 */
static void
md_hm_margin(md_hmdraw_t *d)
{
	char label[64];
	size_t i, n, most = 0;
	const unsigned char *p;

	for (i = 0; i < d->hd_nlabels; i++) {
		md_hm_label(d, d->hd_labels[i].hl_row, label, sizeof (label));
		for (n = 0, p = (const unsigned char *)label; *p != '\0'; p++)
			n += (*p & 0xc0) != 0x80;	/* characters */
		most = n > most ? n : most;
	}
	d->hd_left = 100 * (HM_AXIS + (int64_t)((double)most * HM_CHARW) + 1 +
	    (d->hd_lead ? HM_LEAD : 0));
}

/* A count's shade: #rrggbb from white (0) to HM_DARK (the largest). */
static void
md_hm_shade(const md_hmdraw_t *d, uint64_t count, char *rgb)
{
	static const char hex[] = "0123456789abcdef";
	double f = d->hd_h->hm_max == 0 ? 0 :
	    (double)count / (double)d->hd_h->hm_max;
	double v;
	int i, x;

	rgb[0] = '#';
	for (i = 0; i < 3; i++) {
		v = (255 - md_hm_dark[i]) * f;
		x = (int)v;
		x += (double)x < v;	/* not 0 is never white */
		x = 255 - (x > 255 - md_hm_dark[i] ? 255 - md_hm_dark[i] : x);
		rgb[1 + 2 * i] = hex[x >> 4];
		rgb[2 + 2 * i] = hex[x & 0xf];
	}
	rgb[7] = '\0';
}

/* n bytes of s at p; p past them. */
static char *
md_hm_cat(char *p, const char *s, size_t n)
{
	(void) memcpy(p, s, n);
	return (p + n);
}

/*
 * One cell: col is its column's x and width, when its start.  Made in
 * one piece and appended once: at most 256 bytes (a column's attributes
 * 60, a row's 61, its bucket 44, the start 24, the count 20, the rest
 * HM_CELLBYTES).
 */
static void
md_hm_cell(md_hmdraw_t *d, const md_hmcell_t *c, const char *col,
    size_t coll, const char *when, size_t whenl)
{
	const char *rt = d->hd_rowtext.mb_data;
	const size_t *off = &d->hd_rowoff[2 * d->hd_rowof[c->hc_bucket]];
	char cell[512], *p = cell;

	p = md_hm_cat(p, "<rect", 5);
	p = md_hm_cat(p, col, coll);
	p = md_hm_cat(p, rt + off[0], off[1] - off[0]);
	p = md_hm_cat(p, " fill=\"", 7);
	md_hm_shade(d, c->hc_count, p);
	p = md_hm_cat(p + 7, "\"><title>", 9);
	p = md_hm_cat(p, when, whenl);
	*p++ = ' ';
	p = md_hm_cat(p, rt + off[1], off[2] - off[1]);
	p = md_hm_cat(p, ": ", 2);
	p += md_number_uint(p, c->hc_count);
	p = md_hm_cat(p, "</title></rect>\n", 16);
	md_buf_append(&d->hd_out, cell, (size_t)(p - cell));
}

/*
 * A column's cells' attributes, ' x="X" width="W"', at col (64 bytes):
 * the column that starts at t (in time) and lasts dur.  Its length.
 */
static size_t
md_hm_colattr(const md_hmdraw_t *d, int64_t t, int64_t dur, char *col)
{
	int64_t x0 = md_hm_x(d, t), x1 = md_hm_x(d, t + dur);
	size_t n;

	(void) memcpy(col, " x=\"", 4);
	n = 4 + md_number_fixed(col + 4, x0, 2);
	(void) memcpy(col + n, "\" width=\"", 9);
	n += 9 + md_number_fixed(col + n + 9, x1 - x0, 2);
	col[n++] = '"';
	return (n);
}

/* The bytes of md_hm_cell()'s but its texts: tags, fill and colons. */
#define	HM_CELLBYTES	(5 + 7 + 7 + 9 + 1 + 2 + 16)

/*
 * The cells' bytes, exactly, and room for the rest: the output reserved
 * at once, so that it grows to its size and not to twice that.
 */
static void
md_hm_reserve(md_hmdraw_t *d, const char *title)
{
	const md_heatmap_t *h = d->hd_h;
	const md_hmcell_t *c;
	const size_t *off;
	char col[64], when[40], num[24];
	size_t i, j, end, n, fixed, total = 16384 + 256 * d->hd_nrows;
	int64_t t = 0;

	total += title == NULL ? 0 : 12 * strlen(title);
	for (i = 0; i < h->hm_ncols; i++) {
		n = d->hd_unit ? 1 : (size_t)h->hm_cols[i].hk_dur;
		fixed = HM_CELLBYTES + md_hm_colattr(d, t, (int64_t)n, col) +
		    md_hm_fmttime(when, h->hm_cols[i].hk_start);
		t += (int64_t)n;
		end = i + 1 < h->hm_ncols ? h->hm_cols[i + 1].hk_cell :
		    h->hm_ncells;
		for (j = h->hm_cols[i].hk_cell; j < end; j++) {
			c = &h->hm_cells[j];
			off = &d->hd_rowoff[2 * d->hd_rowof[c->hc_bucket]];
			total += fixed + off[2] - off[0] + md_number_uint(num,
			    c->hc_count);
		}
	}
	md_buf_reserve(&d->hd_out, total);
}

/* Every cell, column after column. */
static void
md_hm_cells(md_hmdraw_t *d)
{
	const md_heatmap_t *h = d->hd_h;
	const md_hmcol_t *k;
	char col[64], when[40];
	size_t i, c, end, coll, whenl;
	int64_t t = 0, dur;

	md_buf_puts(&d->hd_out, "<g id=\"md-cells\" "
	    "shape-rendering=\"crispEdges\">\n");
	for (i = 0; i < h->hm_ncols && !md_buf_failed(&d->hd_out); i++) {
		k = &h->hm_cols[i];
		end = i + 1 < h->hm_ncols ? k[1].hk_cell : h->hm_ncells;
		dur = d->hd_unit ? 1 : k->hk_dur;
		coll = md_hm_colattr(d, t, dur, col);
		t += dur;
		whenl = md_hm_fmttime(when, k->hk_start);
		for (c = k->hk_cell; c < end; c++)
			md_hm_cell(d, &h->hm_cells[c], col, coll, when, whenl);
	}
	md_buf_puts(&d->hd_out, "</g>\n");
}

/* The document's head: its size, title, style, shade and background. */
static void
md_hm_head(md_hmdraw_t *d, const char *title, int64_t w, int64_t hgt)
{
	md_buf_t *o = &d->hd_out;

	md_buf_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
	    "standalone=\"no\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "version=\"1.1\" width=\"");
	md_hm_putc(o, w);
	md_buf_puts(o, "\" height=\"");
	md_hm_putc(o, hgt);
	md_buf_puts(o, "\" viewBox=\"0 0 ");
	md_hm_putc(o, w);
	md_buf_putc(o, ' ');
	md_hm_putc(o, hgt);
	md_buf_puts(o, "\" font-family=\"Verdana, Helvetica, Arial, "
	    "sans-serif\" font-size=\"12\">\n");
	if (title != NULL) {
		md_buf_puts(o, "<title>");
		md_hm_xml(o, title);
		md_buf_puts(o, "</title>\n");
	}
	md_buf_puts(o, "<desc>A heat map made by meta-d --heatmap: time "
	    "across, the value up, each count a shade.</desc>\n"
	    "<style>#md-cells rect:hover { stroke: #000000; stroke-width: 1 }"
	    "</style>\n<defs><linearGradient id=\"md-shade\"><stop "
	    "offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"1\" "
	    "stop-color=\"" HM_DARK "\"/></linearGradient></defs>\n"
	    "<rect x=\"0\" y=\"0\" width=\"");
	md_hm_putc(o, w);
	md_buf_puts(o, "\" height=\"");
	md_hm_putc(o, hgt);
	md_buf_puts(o, "\" fill=\"#ffffff\"/>\n");
}

/* '<text x="X" y="Y"' and what follows, then the text (XML) and end. */
static void
md_hm_text(md_buf_t *o, int64_t x, int64_t y, const char *attrs,
    const char *text)
{
	md_buf_puts(o, "<text x=\"");
	md_hm_putc(o, x);
	md_buf_puts(o, "\" y=\"");
	md_hm_putc(o, y);
	md_buf_putc(o, '"');
	md_buf_puts(o, attrs);
	md_buf_putc(o, '>');
	md_hm_xml(o, text);
	md_buf_puts(o, "</text>\n");
}

/* A line from (x1, y1) to (x2, y2), grey. */
static void
md_hm_line(md_buf_t *o, int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
	md_buf_puts(o, "<line x1=\"");
	md_hm_putc(o, x1);
	md_buf_puts(o, "\" y1=\"");
	md_hm_putc(o, y1);
	md_buf_puts(o, "\" x2=\"");
	md_hm_putc(o, x2);
	md_buf_puts(o, "\" y2=\"");
	md_hm_putc(o, y2);
	md_buf_puts(o, "\" stroke=\"#333333\"/>\n");
}

/*
 * Above the map: the title, and a line on what it shows (the total
 * count, the intervals, the keys, the axis); the map's frame.
 */
static void
md_hm_summary(md_hmdraw_t *d, const char *title)
{
	const md_heatmap_t *h = d->hd_h;
	md_buf_t *o = &d->hd_out, s;

	md_buf_init(&s);
	if (title != NULL)
		md_hm_text(o, d->hd_left, 2600, " font-size=\"17\"", title);
	md_buf_puts(&s, "total count ");
	md_hm_putu(&s, h->hm_total);
	md_buf_puts(&s, ", ");
	md_hm_putu(&s, h->hm_ncols);
	md_buf_puts(&s, h->hm_ncols == 1 ? " interval, " : " intervals, ");
	md_hm_putsecs(&s, d->hd_unit ? 0 : d->hd_span);
	md_buf_puts(&s, " s");
	if (h->hm_shape == MD_HM_KEYED && h->hm_key == NULL)
		md_buf_puts(&s, ", every key summed");
	if (h->hm_key != NULL) {
		md_buf_puts(&s, ", key \"");
		md_buf_puts(&s, h->hm_key);
		md_buf_putc(&s, '"');
	}
	md_buf_puts(&s, d->hd_log ? ", value axis logarithmic" :
	    ", value axis linear");
	if (md_buf_failed(&s))
		o->mb_failed = MD_BUF_NOMEM;
	else
		md_hm_text(o, d->hd_left, 4600, " fill=\"#555555\"",
		    md_buf_str(&s));
	md_buf_fini(&s);
	md_buf_puts(o, "<rect x=\"");
	md_hm_putc(o, d->hd_left - 50);
	md_buf_puts(o, "\" y=\"");
	md_hm_putc(o, HM_TOP * 100 - 50);
	md_buf_puts(o, "\" width=\"");
	md_hm_putc(o, d->hd_w + 100);
	md_buf_puts(o, "\" height=\"");
	md_hm_putc(o, d->hd_hgt + 100);
	md_buf_puts(o, "\" fill=\"none\" stroke=\"#cccccc\"/>\n");
}

/* " X,Y" into o. */
static void
md_hm_point(md_buf_t *o, int64_t x, int64_t y)
{
	md_buf_putc(o, ' ');
	md_hm_putc(o, x);
	md_buf_putc(o, ',');
	md_hm_putc(o, y);
}

/*
 * A label's leader: from beside its text, at y, to its row's middle, mid,
 * at the map's left edge; across the leaders' room where there is one.
 */
static void
md_hm_leader(md_hmdraw_t *d, int64_t y, int64_t mid)
{
	md_buf_t *o = &d->hd_out;
	int64_t x = d->hd_left - 500 - (d->hd_lead ? HM_LEAD * 100 : 0);

	md_buf_puts(o, "<polyline points=\"");
	md_hm_putc(o, x);
	md_buf_putc(o, ',');
	md_hm_putc(o, y);
	if (d->hd_lead)
		md_hm_point(o, d->hd_left - 500, mid);
	md_hm_point(o, d->hd_left, mid);
	md_buf_puts(o, d->hd_lead ? "\" fill=\"none\" stroke=\"#808080\" "
	    "stroke-width=\"0.6\"/>\n" : "\" fill=\"none\" "
	    "stroke=\"#333333\"/>\n");
}

/* Beside the map: the labelled rows' buckets, and the axis's name. */
static void
md_hm_yaxis(md_hmdraw_t *d)
{
	md_buf_t *o = &d->hd_out;
	const md_hmlabel_t *l = d->hd_labels;
	int64_t x = d->hd_left - 800 - (d->hd_lead ? HM_LEAD * 100 : 0);
	char label[64];
	size_t i;

	md_buf_puts(o, "<g font-size=\"10\" fill=\"#333333\" "
	    "text-anchor=\"end\">\n");
	for (i = 0; i < d->hd_nlabels; i++) {
		md_hm_leader(d, l[i].hl_y, md_hm_mid(d, l[i].hl_row));
		md_hm_label(d, l[i].hl_row, label, sizeof (label));
		md_hm_text(o, x, l[i].hl_y + 350, "", label);
	}
	md_buf_puts(o, "</g>\n<text transform=\"translate(18 ");
	md_hm_putc(o, HM_TOP * 100 + d->hd_hgt / 2);
	md_buf_puts(o, ") rotate(-90)\" text-anchor=\"middle\" "
	    "font-size=\"11\" fill=\"#333333\">");
	md_buf_puts(o, d->hd_log ? "value: bucket bounds, logarithmic scale" :
	    "value: bucket bounds, linear scale");
	md_buf_puts(o, "</text>\n");
	if (d->hd_nrows == 0)
		md_hm_text(o, d->hd_left + d->hd_w / 2, HM_TOP * 100 +
		    d->hd_hgt / 2, " text-anchor=\"middle\" fill=\"#999999\"",
		    "no events");
}

/*
 * Below the map: the start of the first and of the last column, a
 * caption, and the shades' legend.
 */
static void
md_hm_xaxis(md_hmdraw_t *d)
{
	const md_heatmap_t *h = d->hd_h;
	md_buf_t *o = &d->hd_out;
	int64_t b = HM_TOP * 100 + d->hd_hgt, last;
	char t[40];

	md_buf_puts(o, "<g font-size=\"11\" fill=\"#333333\">\n");
	md_hm_line(o, d->hd_left, b, d->hd_left, b + 500);
	(void) md_hm_fmttime(t, h->hm_cols[0].hk_start);
	md_hm_text(o, d->hd_left, b + 1700, "", t);
	if (h->hm_ncols > 1) {
		last = d->hd_unit ? (int64_t)h->hm_ncols - 1 : d->hd_span -
		    h->hm_cols[h->hm_ncols - 1].hk_dur;
		md_hm_line(o, md_hm_x(d, last), b, md_hm_x(d, last), b + 500);
		(void) md_hm_fmttime(t, h->hm_cols[h->hm_ncols - 1].hk_start);
		md_hm_text(o, d->hd_left + d->hd_w, b + 1700,
		    " text-anchor=\"end\"", t);
	}
	md_hm_text(o, d->hd_left, b + 3400, "", "time (UTC), left to right: "
	    "a column an interval, as wide as it lasted");
	md_hm_text(o, d->hd_left, b + 5600, "", "count 0");
	md_buf_puts(o, "<rect x=\"");
	md_hm_putc(o, d->hd_left + 5600);
	md_buf_puts(o, "\" y=\"");
	md_hm_putc(o, b + 4700);
	md_buf_puts(o, "\" width=\"160\" height=\"11\" fill=\"url(#md-shade)\" "
	    "stroke=\"#999999\" stroke-width=\"0.5\"/>\n");
	(void) snprintf(t, sizeof (t), "%llu", (unsigned long long)h->hm_max);
	md_hm_text(o, d->hd_left + 22200, b + 5600, "", t);
	md_buf_puts(o, "</g>\n");
}

/* Rows, axis, places, and scale: 0, or -1 with *err. */
static int
md_hm_layout(md_hmdraw_t *d, md_error_t *err)
{
	if (md_hm_rows(d, err) != 0)
		return (-1);
	d->hd_log = md_hm_islog(d);
	md_hm_span(d);
	md_hm_place(d);
	if (md_hm_rowtext(d, err) != 0 || md_hm_labels(d, err) != 0)
		return (-1);
	md_hm_margin(d);
	md_hm_timescale(d);
	return (0);
}

char *
md_hm_draw(const md_heatmap_t *h, const char *title, size_t *lenp,
    md_error_t *err)
{
	md_hmdraw_t d;
	char *svg = NULL;
	int64_t w, hgt;
	size_t len = 0;

	(void) memset(&d, 0, sizeof (d));
	d.hd_h = h;
	md_buf_init(&d.hd_out);
	md_buf_init(&d.hd_rowtext);
	d.hd_out.mb_limit = MD_MAXOUTPUT;
	if (md_hm_layout(&d, err) == 0) {
		w = (d.hd_left + d.hd_w + HM_RIGHT * 100 + 99) / 100 * 100;
		hgt = (HM_TOP + HM_BOTTOM) * 100 + d.hd_hgt;
		md_hm_reserve(&d, title);
		md_hm_head(&d, title, w, hgt);
		md_hm_summary(&d, title);
		md_hm_cells(&d);
		md_hm_yaxis(&d);
		md_hm_xaxis(&d);
		md_buf_puts(&d.hd_out, "</svg>\n");
		if (md_buf_failed(&d.hd_out) == MD_BUF_TOOBIG)
			(void) md_error_set(err, MD_ERR_LIMIT, "the heat map "
			    "would be larger than the limit of %lu MiB",
			    MD_MAXOUTPUT >> 20);
		else if ((svg = md_buf_claim(&d.hd_out, &len)) == NULL)
			(void) md_error_nomem(err);
	}
	free(d.hd_rows);
	free(d.hd_rowof);
	free(d.hd_rowoff);
	free(d.hd_labels);
	md_buf_fini(&d.hd_out);
	md_buf_fini(&d.hd_rowtext);
	if (svg != NULL && lenp != NULL)
		*lenp = len;
	return (svg);
}

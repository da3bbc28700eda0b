/*
 * md_hmsvg.c: a heat map laid out (SPEC 8.4); md_hmdoc.c writes it as
 * one SVG document.
 *
 * The layout is made in passes, each linear in the cells or bounded by
 * the map's pixels:
 *
 *   rows	the map's buckets sorted (any two must not overlap), each
 *		bucket's row, and each row's events over the whole map.
 *   axis	logarithmic when the bounded buckets of MIN >= 1 widen with
 *		the value (quantize, llquantize), linear otherwise.  On a
 *		logarithmic axis the rows at the bottom that reach 0 or
 *		below (quantize's 0 row, Oracle's llquantize [-999, 999])
 *		are one band, "< MAX + 1"; on a linear one, an open lower
 *		end is.  The axis ends at the row holding the percentile
 *		the crop leaves (99.9 by default), and the rows above it,
 *		with an open upper end, are one band at the top, ">= MIN:
 *		COUNT".  The drawn rows ("drows") are the bottom band, the
 *		rows on the axis, the top band; each cell spans its
 *		bucket's [MIN, MAX + 1) on the axis: buckets that held
 *		nothing are empty space.
 *   columns	one an interval, as wide as its duration, while there are
 *		at most a column for every two pixels; else the intervals
 *		merged into columns of equal time, the round step (1, 2, 5
 *		... s, min, h) that gives at most that many, counts summed.
 *		The merged cells are kept per column in drow order.
 *   shades	the distinct counts of the merged cells, sorted: a count's
 *		rank is found by bisection.  Rank and log shades start at a
 *		visible tint, so that a single event shows; linear starts
 *		at white.
 *   p50, p99	per column, the drow where the cumulative count reaches
 *		the percentile.
 *
 * log2 is computed here, not by libm, which libmetad does not link.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/* Round steps of time, microseconds: columns and ticks. */
static const int64_t md_hm_steps[] = {
	1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000,
	1000000, 2000000, 5000000, 10000000, 15000000, 30000000,
	60000000, 120000000, 300000000, 600000000, 900000000, 1800000000,
	INT64_C(3600000000), INT64_C(7200000000), INT64_C(21600000000),
	INT64_C(43200000000), INT64_C(86400000000), INT64_C(172800000000),
	INT64_C(604800000000)
};

#define	MD_HM_NSTEPS	(sizeof (md_hm_steps) / sizeof (md_hm_steps[0]))

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

/* log2 x for x >= 1, without libm: the exponent, then ln of the rest. */
double
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

/* Two rows that overlap: an error naming the later line of the two. */
static int
md_hm_overlap(const md_hmbucket_t *p, const md_hmbucket_t *b,
    md_error_t *err)
{
	const md_hmbucket_t *t;
	char pr[64], br[64];

	if (b->hb_line < p->hb_line) {
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

/* The rows: the buckets sorted, apart, each bucket's row, their events. */
static int
md_hm_rows(md_hmlayout_t *d, md_error_t *err)
{
	const md_heatmap_t *h = d->hl_h;
	size_t i, n = h->hm_nbuckets;

	if ((d->hl_rows = calloc(n + 1, sizeof (*d->hl_rows))) == NULL ||
	    (d->hl_rowof = calloc(n + 1, sizeof (*d->hl_rowof))) == NULL)
		return (md_error_nomem(err));
	for (i = 0; i < n; i++) {
		d->hl_rows[i].hr_b = h->hm_buckets[i];
		d->hl_rows[i].hr_id = (uint32_t)i;
	}
	qsort(d->hl_rows, n, sizeof (*d->hl_rows), md_hm_cmprow);
	for (i = 0; i < n; i++) {
		d->hl_rowof[d->hl_rows[i].hr_id] = (uint32_t)i;
		if (i > 0 && !md_hm_apart(&d->hl_rows[i - 1].hr_b,
		    &d->hl_rows[i].hr_b))
			return (md_hm_overlap(&d->hl_rows[i - 1].hr_b,
			    &d->hl_rows[i].hr_b, err));
	}
	for (i = 0; i < h->hm_ncells; i++) {
		d->hl_rows[d->hl_rowof[h->hm_cells[i].hc_bucket]].hr_total +=
		    h->hm_cells[i].hc_count;
		d->hl_total += h->hm_cells[i].hc_count;
	}
	d->hl_nrows = n;
	return (0);
}

/*
 * A logarithmic axis: the bounded buckets of MIN >= 1 (two at least)
 * each at least as wide as the one below, the highest wider than the
 * lowest.
 */
static int
md_hm_islog(const md_hmlayout_t *d)
{
	const md_hmbucket_t *b;
	uint64_t w, first = 0, prev = 0;
	size_t i, n = 0;

	for (i = 0; i < d->hl_nrows; i++) {
		b = &d->hl_rows[i].hr_b;
		if (b->hb_open != 0 || b->hb_min < 1)
			continue;
		w = (uint64_t)(b->hb_max - b->hb_min) + 1;
		if (n++ == 0)
			first = w;
		else if (w < prev)
			return (0);
		prev = w;
	}
	return (n >= 2 && prev > first);
}

/* Where v is on the axis, 0 at its low end, 1 at its high end. */
double
md_hm_frac(const md_hmlayout_t *d, double v)
{
	if (d->hl_log) {
		if (v < 1)
			v = 1;
		return ((md_hm_log2(v) - d->hl_llo) / (d->hl_lhi - d->hl_llo));
	}
	return ((v - d->hl_lo) / (d->hl_hi - d->hl_lo));
}

/* The height on the page of v, in pixels from the map's top. */
double
md_hm_y(const md_hmlayout_t *d, double v)
{
	double f = md_hm_frac(d, v);

	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	return (d->hl_ybot - f * (d->hl_ybot - d->hl_ytop));
}

/* The rows of the bottom band: how many lead, below the axis. */
static size_t
md_hm_bottom(const md_hmlayout_t *d)
{
	const md_hmbucket_t *b;
	size_t i;

	for (i = 0; i < d->hl_nrows; i++) {
		b = &d->hl_rows[i].hr_b;
		if (!(b->hb_open & MD_HM_OPENLO) && (!d->hl_log ||
		    b->hb_min >= 1))
			break;
	}
	if (i == d->hl_nrows && i > 0)	/* nothing else: on the axis */
		i = d->hl_rows[i - 1].hr_b.hb_open & MD_HM_OPENHI ? i - 1 :
		    0;
	return (i);
}

/*
 * The last row on the axis: the one that holds the percentile the crop
 * leaves, at least the first on the axis, and never one open above.
 */
static size_t
md_hm_croprow(const md_hmlayout_t *d, double crop, size_t first)
{
	double need = (double)d->hl_total * (1 - crop / 100), cum = 0;
	size_t i, last = d->hl_nrows;

	for (i = 0; i < d->hl_nrows; i++) {
		cum += (double)d->hl_rows[i].hr_total;
		if (crop > 0 && cum >= need) {
			last = i + 1;
			break;
		}
	}
	if (last > 0 && d->hl_rows[last - 1].hr_b.hb_open & MD_HM_OPENHI)
		last--;
	if (last <= first)
		last = first + 1;
	if (last > d->hl_nrows)
		last = d->hl_nrows;
	return (last);
}

/* A drawn row of rows [from, to), spanning y0 (top) to y1 (pixels). */
static void
md_hm_drow(md_hmlayout_t *d, size_t from, size_t to, double y0, double y1)
{
	md_hmdrow_t *r = &d->hl_drows[d->hl_ndrows];
	size_t i;

	r->hd_from = from;
	r->hd_to = to;
	r->hd_y0 = y0;
	r->hd_y1 = y1;
	for (i = from; i < to; i++) {
		r->hd_total += d->hl_rows[i].hr_total;
		d->hl_rowdrow[i] = (uint32_t)d->hl_ndrows;
	}
	d->hl_ndrows++;
}

/* The axis's ends, from rows [first, last). */
static void
md_hm_ends(md_hmlayout_t *d, size_t first, size_t last)
{
	const md_hmbucket_t *lo = &d->hl_rows[first].hr_b;
	const md_hmbucket_t *hi = &d->hl_rows[last - 1].hr_b;

	d->hl_lo = (double)lo->hb_min;
	d->hl_hi = (double)hi->hb_max + 1;
	if (lo->hb_open & MD_HM_OPENLO || hi->hb_open & MD_HM_OPENHI) {
		d->hl_lo = 0;	/* a lone open row: a band of the axis */
		d->hl_hi = 1;
	}
	if (d->hl_hi <= d->hl_lo)
		d->hl_hi = d->hl_lo + 1;
	if (d->hl_log) {
		d->hl_llo = md_hm_log2(d->hl_lo < 1 ? 1 : d->hl_lo);
		d->hl_lhi = md_hm_log2(d->hl_hi);
		if (d->hl_lhi <= d->hl_llo)
			d->hl_lhi = d->hl_llo + 1;
	}
}

/* The value axis: bands, ends, the drawn rows. */
static int
md_hm_axis(md_hmlayout_t *d, md_error_t *err)
{
	size_t first, last, i, n = d->hl_nrows;
	const md_hmbucket_t *b;

	if ((d->hl_drows = calloc(n + 2, sizeof (*d->hl_drows))) == NULL ||
	    (d->hl_rowdrow = calloc(n + 1, sizeof (uint32_t))) == NULL)
		return (md_error_nomem(err));
	d->hl_log = md_hm_islog(d);
	d->hl_ybot = d->hl_height;
	d->hl_hi = 1;
	if (n == 0)	/* no event: an empty axis */
		return (0);
	first = md_hm_bottom(d);
	last = md_hm_croprow(d, d->hl_crop, first);
	d->hl_ytop = last < n ? MD_HM_BAND : 0;
	d->hl_ybot = (double)d->hl_height - (first > 0 ? MD_HM_BAND : 0);
	md_hm_ends(d, first, last);
	if (first > 0)
		md_hm_drow(d, 0, first, d->hl_ybot, d->hl_height);
	for (i = first; i < last; i++) {
		b = &d->hl_rows[i].hr_b;
		md_hm_drow(d, i, i + 1, md_hm_y(d, b->hb_open & MD_HM_OPENHI ?
		    d->hl_hi : (double)b->hb_max + 1), md_hm_y(d,
		    b->hb_open & MD_HM_OPENLO ? d->hl_lo : (double)b->hb_min));
	}
	if (last < n)
		md_hm_drow(d, last, n, 0, MD_HM_BAND);
	d->hl_dfirst = first > 0;
	d->hl_dlast = d->hl_dfirst + (last - first);
	return (0);
}

/* The columns' times: the map's start and span; a merged column's step. */
static void
md_hm_times(md_hmlayout_t *d)
{
	const md_heatmap_t *h = d->hl_h;
	int64_t t0 = INT64_MAX, t1 = INT64_MIN, e;
	size_t i, most = d->hl_width / 2;

	for (i = 0; i < h->hm_ncols; i++) {
		e = h->hm_cols[i].hk_start + h->hm_cols[i].hk_dur;
		t0 = h->hm_cols[i].hk_start < t0 ? h->hm_cols[i].hk_start : t0;
		t1 = e > t1 ? e : t1;
	}
	d->hl_t0 = t0;
	d->hl_t1 = t1;
	d->hl_step = 0;
	d->hl_x0 = t0;
	d->hl_xspan = t1 > t0 ? t1 - t0 : 1;
	if (h->hm_ncols <= most)
		return;
	d->hl_step = md_hm_roundstep(t1 - t0, (int64_t)most);
	d->hl_x0 = t0 - (t0 % d->hl_step + d->hl_step) % d->hl_step;
	d->hl_xspan = ((t1 - d->hl_x0 + d->hl_step - 1) / d->hl_step) *
	    d->hl_step;
}

/*
 * The least round step of time (1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15,
 * 30 min, 1, 2, 6, 12 h, and days; below a second 1, 2, 5 ms ...) that
 * cuts span into at most most steps.
 */
int64_t
md_hm_roundstep(int64_t span, int64_t most)
{
	int64_t last = md_hm_steps[MD_HM_NSTEPS - 1];
	size_t i;

	if (most < 1)
		most = 1;
	for (i = 0; i < MD_HM_NSTEPS; i++)
		if (span / md_hm_steps[i] + 1 <= most)
			return (md_hm_steps[i]);
	return ((span / most / last + 1) * last);
}

/*
 * The least round step whose multiples in [t0, t1] are at most most:
 * the ticks of the time axis.
 */
int64_t
md_hm_tickstep(int64_t t0, int64_t t1, int64_t most)
{
	int64_t n, st;
	size_t i;

	for (i = 0; i < MD_HM_NSTEPS; i++) {
		st = md_hm_steps[i];
		n = t1 / st - (t0 + st - 1) / st + 1;
		if (n <= most)
			return (st);
	}
	return (md_hm_roundstep(t1 - t0, most));
}

/* x on the page of time t (microseconds), pixels from the map's left. */
double
md_hm_x(const md_hmlayout_t *d, int64_t t)
{
	return ((double)(t - d->hl_x0) / (double)d->hl_xspan *
	    (double)d->hl_width);
}

/*
 * The drawn columns: each input column's, and the order of the input
 * columns by it (a counting sort).  Returns 0 or -1 (memory).
 */
static int
md_hm_colmap(md_hmlayout_t *d, size_t *colof, size_t **orderp)
{
	const md_heatmap_t *h = d->hl_h;
	size_t i, n = h->hm_ncols, nd = 0, *start, *order;
	md_hmdcol_t *c;

	for (i = 0; i < n; i++) {
		colof[i] = d->hl_step == 0 ? i :
		    (size_t)((h->hm_cols[i].hk_start - d->hl_x0) / d->hl_step);
		nd = colof[i] + 1 > nd ? colof[i] + 1 : nd;
	}
	d->hl_dcols = calloc(nd + 1, sizeof (*c));
	start = calloc(nd + 1, sizeof (size_t));
	order = calloc(n + 1, sizeof (size_t));
	if (d->hl_dcols == NULL || start == NULL || order == NULL) {
		free(start);
		free(order);
		return (-1);	/* hl_dcols is freed with d */
	}
	for (i = 0; i < n; i++)
		start[colof[i] + 1]++;
	for (i = 0; i < nd; i++)
		start[i + 1] += start[i];
	for (i = 0; i < n; i++)
		order[start[colof[i]]++] = i;
	free(start);
	d->hl_ndcols = nd;
	*orderp = order;
	return (0);
}

/* A drawn column's time: its interval's, or its step's. */
static void
md_hm_coltime(md_hmlayout_t *d, size_t j, size_t i)
{
	md_hmdcol_t *c = &d->hl_dcols[j];
	const md_hmcol_t *k = &d->hl_h->hm_cols[i];

	if (d->hl_step == 0) {
		c->hc_t0 = k->hk_start;
		c->hc_t1 = k->hk_start + k->hk_dur;
	} else {
		c->hc_t0 = d->hl_x0 + (int64_t)j * d->hl_step;
		c->hc_t1 = c->hc_t0 + d->hl_step;
	}
	c->hc_x0 = md_hm_x(d, c->hc_t0);
	c->hc_x1 = md_hm_x(d, c->hc_t1);
	if (c->hc_x1 - c->hc_x0 < 1)
		c->hc_x1 = c->hc_x0 + 1;
	c->hc_used = 1;
}

/* Column j's counts, from scratch (one per drow), as its cells. */
static void
md_hm_colcells(md_hmlayout_t *d, size_t j, uint64_t *scratch)
{
	md_hmdcol_t *c = &d->hl_dcols[j];
	size_t r;

	c->hc_cell = d->hl_ncells;
	for (r = 0; r < d->hl_ndrows; r++) {
		if (scratch[r] == 0)
			continue;
		d->hl_cells[d->hl_ncells].hc_count = scratch[r];
		d->hl_cells[d->hl_ncells++].hc_bucket = (uint32_t)r;
		c->hc_total += scratch[r];
		scratch[r] = 0;
	}
	c->hc_ncells = d->hl_ncells - c->hc_cell;
}

/* The drawn columns and their cells, merged.  0, or -1: memory. */
static int
md_hm_columns(md_hmlayout_t *d)
{
	const md_heatmap_t *h = d->hl_h;
	size_t *colof, *order = NULL, i, k, j, ci, ce;
	uint64_t *scratch;
	const md_hmcell_t *c;
	int rv = -1;

	md_hm_times(d);
	colof = calloc(h->hm_ncols + 1, sizeof (size_t));
	scratch = calloc(d->hl_ndrows + 1, sizeof (uint64_t));
	d->hl_cells = calloc(h->hm_ncells + 1, sizeof (md_hmcell_t));
	if (colof == NULL || scratch == NULL || d->hl_cells == NULL ||
	    md_hm_colmap(d, colof, &order) != 0)
		goto out;
	for (k = 0; k < h->hm_ncols; k = i) {
		j = colof[order[k]];
		for (i = k; i < h->hm_ncols && colof[order[i]] == j; i++) {
			/* indices: a map of no cell has hm_cells NULL */
			ci = h->hm_cols[order[i]].hk_cell;
			ce = order[i] + 1 < h->hm_ncols ?
			    h->hm_cols[order[i] + 1].hk_cell : h->hm_ncells;
			for (; ci < ce; ci++) {
				c = &h->hm_cells[ci];
				scratch[d->hl_rowdrow[d->hl_rowof[
				    c->hc_bucket]]] += c->hc_count;
			}
		}
		md_hm_coltime(d, j, order[k]);
		md_hm_colcells(d, j, scratch);
	}
	rv = 0;
out:
	free(colof);
	free(order);
	free(scratch);
	return (rv);
}

static int
md_hm_cmpu64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* The distinct counts of the cells, sorted.  0, or -1: memory. */
static int
md_hm_counts(md_hmlayout_t *d)
{
	size_t i, n = 0;

	if ((d->hl_counts = calloc(d->hl_ncells + 1, sizeof (uint64_t))) ==
	    NULL)
		return (-1);
	for (i = 0; i < d->hl_ncells; i++)
		d->hl_counts[i] = d->hl_cells[i].hc_count;
	qsort(d->hl_counts, d->hl_ncells, sizeof (uint64_t), md_hm_cmpu64);
	for (i = 0; i < d->hl_ncells; i++)
		if (n == 0 || d->hl_counts[n - 1] != d->hl_counts[i])
			d->hl_counts[n++] = d->hl_counts[i];
	d->hl_ncounts = n;
	return (0);
}

/* count's shade, 0 (white) to 1 (the darkest), as the options ask. */
double
md_hm_tone(const md_hmlayout_t *d, uint64_t count)
{
	size_t lo = 0, hi = d->hl_ncounts, mid;
	uint64_t max = d->hl_ncounts > 0 ? d->hl_counts[d->hl_ncounts - 1] :
	    1;

	if (count == 0)
		return (0);
	if (d->hl_shade == MD_HM_LINEAR)
		return ((double)count / (double)max);
	if (d->hl_shade == MD_HM_LOG)
		return (max <= 1 ? 1 : MD_HM_TINT + (1 - MD_HM_TINT) *
		    md_hm_log2((double)count) / md_hm_log2((double)max));
	while (lo + 1 < hi) {	/* the rank: the last count <= count */
		mid = (lo + hi) / 2;
		if (d->hl_counts[mid] <= count)
			lo = mid;
		else
			hi = mid;
	}
	return (d->hl_ncounts <= 1 ? 1 : MD_HM_TINT + (1 - MD_HM_TINT) *
	    (double)lo / (double)(d->hl_ncounts - 1));
}

/* Each column's p50 and p99: the drows its cumulative count reaches. */
static void
md_hm_pcts(md_hmlayout_t *d)
{
	md_hmdcol_t *c;
	const md_hmcell_t *e;
	double cum;
	size_t j, i;

	for (j = 0; j < d->hl_ndcols; j++) {
		c = &d->hl_dcols[j];
		c->hc_p50 = c->hc_p99 = UINT32_MAX;
		cum = 0;
		for (i = 0; i < c->hc_ncells; i++) {
			e = &d->hl_cells[c->hc_cell + i];
			cum += (double)e->hc_count;
			if (c->hc_p50 == UINT32_MAX && cum >= 0.5 *
			    (double)c->hc_total)
				c->hc_p50 = e->hc_bucket;
			if (c->hc_p99 == UINT32_MAX && cum >= 0.99 *
			    (double)c->hc_total)
				c->hc_p99 = e->hc_bucket;
		}
	}
}

void
md_hm_layout_free(md_hmlayout_t *d)
{
	free(d->hl_rows);
	free(d->hl_rowof);
	free(d->hl_drows);
	free(d->hl_rowdrow);
	free(d->hl_dcols);
	free(d->hl_cells);
	free(d->hl_counts);
}

/* The layout of h as opts ask.  0, or -1 with *err set. */
int
md_hm_layout(md_hmlayout_t *d, const md_heatmap_t *h,
    const md_hmopts_t *opts, md_error_t *err)
{
	(void) memset(d, 0, sizeof (*d));
	d->hl_h = h;
	d->hl_o = opts;
	d->hl_width = opts->ho_width == 0 ? 1000 : opts->ho_width;
	d->hl_height = opts->ho_height == 0 ? 400 : opts->ho_height;
	d->hl_crop = opts->ho_crop < 0 ? MD_HM_CROP : opts->ho_crop;
	d->hl_shade = opts->ho_shade;
	if (d->hl_width < MD_HM_MINW || d->hl_width > MD_HM_MAXWH ||
	    d->hl_height < MD_HM_MINH || d->hl_height > MD_HM_MAXWH ||
	    !(d->hl_crop >= 0 && d->hl_crop < 100) || d->hl_shade < 0 ||
	    d->hl_shade > MD_HM_LINEAR)
		return (md_error_set(err, MD_ERR_LIMIT, "heat map options out "
		    "of range: size %ux%u (%d to %d each), crop %g (0 to "
		    "less than 100), shade %d", d->hl_width, d->hl_height,
		    MD_HM_MINW, MD_HM_MAXWH, d->hl_crop, d->hl_shade));
	if (md_hm_rows(d, err) != 0 || md_hm_axis(d, err) != 0)
		return (-1);
	if (md_hm_columns(d) != 0 || md_hm_counts(d) != 0)
		return (md_error_nomem(err));
	md_hm_pcts(d);
	return (0);
}

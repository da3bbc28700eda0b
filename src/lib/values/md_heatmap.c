/*
 * md_heatmap.c: the lines meta-d --run prints, read into a heat map
 * (SPEC 8.4); md_hmsvg.c draws it.
 *
 * A line is one interval: {"start": S, "duration": D, "value": V}, and
 * maybe "drops" and "errors" (counts, accepted and ignored), its keys in
 * any order, each once (md_jl_interval() reads it).  V is a distribution, [[[MIN, MAX], COUNT], ...]
 * with MIN or MAX null for an open end, or an object of them, one a key.
 * The line is read in one pass by md_linescan.c's readers, not by cJSON,
 * whose numbers are doubles: a bound such as 4611686018427387904 and a
 * count past 2^53 must reach the tooltips exactly as they came.  A line of
 * white space alone is counted and skipped; the first line with a value
 * fixes the shape of all (a distribution, or an object of them), so that
 * the lines of two requests are not drawn as one.
 *
 * What the map keeps is linear in the cells: a column per line (its start
 * and duration, in microseconds, and where its cells begin), a cell per
 * (line, bucket) whose count is not 0, and a table of the distinct buckets
 * (a hash of [MIN, MAX] to its index), whose entry remembers the last
 * column that has a cell of it, and which: the keys of one line that
 * share a bucket add to one cell, in constant time.  Each distribution is
 * checked as it is read (buckets ascending and apart, an open end only at
 * the ends); that the buckets of different lines do not overlap is
 * checked when the map is drawn, once they are sorted.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

md_heatmap_t *
md_heatmap_new(const char *key, md_error_t *err)
{
	md_heatmap_t *h = calloc(1, sizeof (*h));
	size_t n = key == NULL ? 0 : strlen(key) + 1;

	if (h != NULL && key != NULL && (h->hm_key = malloc(n)) == NULL) {
		free(h);
		h = NULL;
	}
	if (h == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	if (key != NULL)
		(void) memcpy(h->hm_key, key, n);
	md_buf_init(&h->hm_str);
	return (h);
}

void
md_heatmap_free(md_heatmap_t *h)
{
	if (h == NULL)
		return;
	free(h->hm_key);
	free(h->hm_cols);
	free(h->hm_cells);
	free(h->hm_buckets);
	free(h->hm_slots);
	md_buf_fini(&h->hm_str);
	md_btab_fini(&h->hm_linekeys);
	free(h);
}

/* Room in *pp (*capp elements of size) for one more than n: 0 or -1. */
static int
md_hm_grow(void **pp, size_t *capp, size_t n, size_t size)
{
	size_t cap = *capp == 0 ? 64 : *capp * 2;
	void *p;

	if (n < *capp)
		return (0);
	if (cap > SIZE_MAX / size / 2)
		return (-1);
	if ((p = realloc(*pp, cap * size)) == NULL)
		return (-1);
	*pp = p;
	*capp = cap;
	return (0);
}

static size_t
md_hm_hash(const md_hmbucket_t *b)
{
	uint64_t x = (uint64_t)b->hb_min * UINT64_C(0x9e3779b97f4a7c15) ^
	    ((uint64_t)b->hb_max + (uint64_t)b->hb_open);

	x ^= x >> 31;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 29;
	return ((size_t)x);
}

/* The bucket table twice as large, every bucket placed again. */
static int
md_hm_rehash(md_heatmap_t *h)
{
	size_t n = h->hm_nslots == 0 ? 64 : h->hm_nslots * 2, i, s;
	uint32_t *slots;

	if (n > SIZE_MAX / sizeof (*slots) || (slots = calloc(n,
	    sizeof (*slots))) == NULL)
		return (-1);
	for (i = 0; i < h->hm_nbuckets; i++) {
		s = md_hm_hash(&h->hm_buckets[i]) & (n - 1);
		while (slots[s] != 0)
			s = (s + 1) & (n - 1);
		slots[s] = (uint32_t)i + 1;
	}
	free(h->hm_slots);
	h->hm_slots = slots;
	h->hm_nslots = n;
	return (0);
}

/* The index of bucket b in the table, added if new.  0, or -1: memory. */
static int
md_hm_bucket(md_heatmap_t *h, const md_hmbucket_t *b, uint32_t *idp)
{
	const md_hmbucket_t *t;
	size_t s;

	if ((h->hm_nbuckets + 1) * 4 > h->hm_nslots * 3 &&
	    (h->hm_nbuckets >= UINT32_MAX / 2 || md_hm_rehash(h) != 0))
		return (-1);
	for (s = md_hm_hash(b) & (h->hm_nslots - 1); h->hm_slots[s] != 0;
	    s = (s + 1) & (h->hm_nslots - 1)) {
		t = &h->hm_buckets[h->hm_slots[s] - 1];
		if (t->hb_min == b->hb_min && t->hb_max == b->hb_max &&
		    t->hb_open == b->hb_open) {
			*idp = h->hm_slots[s] - 1;
			return (0);
		}
	}
	if (md_hm_grow((void **)&h->hm_buckets, &h->hm_bucketcap,
	    h->hm_nbuckets, sizeof (*b)) != 0)
		return (-1);
	h->hm_buckets[h->hm_nbuckets] = *b;
	h->hm_buckets[h->hm_nbuckets].hb_line = h->hm_lineno;
	h->hm_buckets[h->hm_nbuckets].hb_col = 0;
	*idp = (uint32_t)h->hm_nbuckets;
	h->hm_slots[s] = (uint32_t)++h->hm_nbuckets;
	return (0);
}

/*
 * count in bucket b (written at at) of the column being read: a cell of
 * its own, or added to the one an earlier key of the line made.
 */
static int
md_hm_add(md_heatmap_t *h, md_jline_t *r, const md_hmbucket_t *b,
    uint64_t count, const char *at)
{
	size_t col = h->hm_ncols + 1;
	const char *end = r->jl_p;
	md_hmbucket_t *t;
	md_hmcell_t *c;
	uint32_t id;

	if (md_hm_bucket(h, b, &id) != 0)
		return (md_error_nomem(r->jl_err));
	t = &h->hm_buckets[id];
	r->jl_p = at;		/* the errors point at the bucket */
	if (t->hb_col == col) {
		c = &h->hm_cells[t->hb_cell];
		if (c->hc_count > UINT64_MAX - count)
			return (md_jl_error(r, "the counts of this bucket add "
			    "up past 2^64 - 1"));
		c->hc_count += count;
	} else {
		if (md_hm_grow((void **)&h->hm_cells, &h->hm_cellcap,
		    h->hm_ncells, sizeof (*c)) != 0)
			return (md_error_nomem(r->jl_err));
		c = &h->hm_cells[h->hm_ncells];
		c->hc_bucket = id;
		c->hc_count = count;
		t->hb_col = col;
		t->hb_cell = h->hm_ncells++;
	}
	if (h->hm_total > UINT64_MAX - count)
		return (md_jl_error(r, "the counts add up past 2^64 - 1"));
	h->hm_total += count;
	if (c->hc_count > h->hm_max)
		h->hm_max = c->hc_count;
	r->jl_p = end;
	return (0);
}

/* One bucket, [[MIN, MAX], COUNT]: its bounds into b, its count. */
static int
md_hm_readbucket(md_jline_t *r, md_hmbucket_t *b, uint64_t *countp)
{
	const char *at;
	char range[64];
	int lonull, hinull;

	(void) md_jl_peek(r);
	at = r->jl_p;
	if (md_jl_expect(r, '[') != 0 || md_jl_expect(r, '[') != 0 ||
	    md_jl_int64(r, "a bucket's MIN", &b->hb_min, &lonull) != 0 ||
	    md_jl_expect(r, ',') != 0 ||
	    md_jl_int64(r, "a bucket's MAX", &b->hb_max, &hinull) != 0 ||
	    md_jl_expect(r, ']') != 0 || md_jl_expect(r, ',') != 0 ||
	    md_jl_uint64(r, "a bucket's COUNT", countp) != 0 ||
	    md_jl_expect(r, ']') != 0)
		return (-1);
	b->hb_open = (lonull ? MD_HM_OPENLO : 0) | (hinull ? MD_HM_OPENHI : 0);
	b->hb_min = lonull ? INT64_MIN : b->hb_min;
	b->hb_max = hinull ? INT64_MAX : b->hb_max;
	if (!(lonull && hinull) && b->hb_min <= b->hb_max)
		return (0);
	md_hm_rangestr(range, sizeof (range), b);
	r->jl_p = at;
	if (lonull && hinull)
		return (md_jl_error(r, "bucket %s: open at both ends", range));
	return (md_jl_error(r, "bucket %s: MIN is greater than MAX", range));
}

/* Bucket b, which starts at at, comes after bucket p in a distribution. */
static int
md_hm_follows(md_jline_t *r, const md_hmbucket_t *p, const md_hmbucket_t *b,
    const char *at)
{
	char pr[64], br[64];

	if (md_hm_apart(p, b))
		return (0);
	md_hm_rangestr(pr, sizeof (pr), p);
	md_hm_rangestr(br, sizeof (br), b);
	r->jl_p = at;
	return (md_jl_error(r, "bucket %s after %s: a distribution's buckets "
	    "go up, apart", br, pr));
}

/*
 * A distribution, checked; its counts drawn (into the column being read)
 * when draw is set.
 */
static int
md_hm_dist(md_heatmap_t *h, md_jline_t *r, int draw)
{
	md_hmbucket_t b, prev;
	uint64_t count;
	const char *at;
	int c, n = 0;

	if ((c = md_jl_open(r, '[', ']')) != 0)
		return (c < 0 ? -1 : 0);
	do {
		(void) md_jl_peek(r);
		at = r->jl_p;
		if (md_hm_readbucket(r, &b, &count) != 0 ||
		    (n++ > 0 && md_hm_follows(r, &prev, &b, at) != 0) ||
		    (draw && count > 0 && md_hm_add(h, r, &b, count, at) != 0))
			return (-1);
		prev = b;
	} while ((c = md_jl_either(r, ',', ']')) == ',');
	return (c == ']' ? 0 : -1);
}

/* The decoded string is the key asked for. */
static int
md_hm_iskey(const md_heatmap_t *h)
{
	size_t n = strlen(h->hm_key);

	return (h->hm_str.mb_len == n && (n == 0 ||
	    memcmp(h->hm_str.mb_data, h->hm_key, n) == 0));
}

/*
 * A key of the line's value, decoded in hm_str, seen before in the line?
 * (--run writes two keys apart, SPEC 8.1: "caf\u00e9" and "café" are one
 * key to every JSON reader, and must not add up as two.)  -1 if so.
 */
static int
md_hm_twice(md_heatmap_t *h, md_jline_t *r, const char *at, const char *end)
{
	size_t v;
	int rv;

	if ((rv = md_btab_lookup(&h->hm_linekeys, h->hm_str.mb_len > 0 ?
	    h->hm_str.mb_data : "", h->hm_str.mb_len, 0, &v)) < 0)
		return (md_error_nomem(r->jl_err));
	if (rv > 0)
		return (0);
	r->jl_p = at;
	return (md_jl_error(r, "the key %.*s twice in one value (as JSON "
	    "reads it): meta-d --run writes no key twice", (int)(end - at),
	    at));
}

/* An object of distributions, {"KEY": [...], ...}: one key's, or all. */
static int
md_hm_keyed(md_heatmap_t *h, md_jline_t *r)
{
	const char *at, *end;
	int c, draw;

	md_btab_clear(&h->hm_linekeys);	/* another line's */
	if ((c = md_jl_open(r, '{', '}')) != 0)
		return (c < 0 ? -1 : 0);
	do {
		(void) md_jl_peek(r);
		at = r->jl_p;
		if (md_jl_string(r, &h->hm_str) != 0)
			return (-1);
		end = r->jl_p;
		if (md_buf_failed(&h->hm_str))
			return (md_error_nomem(r->jl_err));
		if (md_hm_twice(h, r, at, end) != 0 ||
		    md_jl_expect(r, ':') != 0)
			return (-1);
		draw = h->hm_key == NULL || md_hm_iskey(h);
		h->hm_keyseen |= draw && h->hm_key != NULL;
		if ((c = md_jl_peek(r)) != '[')
			return (md_jl_error(r, "the value of key %.*s is %s, "
			    "not a distribution: --heatmap draws a request "
			    "with -n", (int)(end - at), at, md_jl_what(c)));
		if (md_hm_dist(h, r, draw) != 0)
			return (-1);
	} while ((c = md_jl_either(r, ',', '}')) == ',');
	return (c == '}' ? 0 : -1);
}

/* The first line with a value fixes the shape of all. */
static int
md_hm_shape(md_heatmap_t *h, md_jline_t *r, int shape)
{
	static const char *const what[] = { "", "a distribution",
	    "an object of distributions" };

	if (h->hm_shape == 0) {
		h->hm_shape = shape;
		h->hm_shapeline = h->hm_lineno;
	}
	if (h->hm_shape != shape)
		return (md_jl_error(r, "\"value\" is %s, and line %zu's %s: "
		    "the lines of two requests", what[shape], h->hm_shapeline,
		    what[h->hm_shape]));
	if (shape == MD_HM_DIST && h->hm_key != NULL)
		return (md_jl_error(r, "\"value\" is a distribution, which "
		    "has no keys (one of a request with -s has): no key "
		    "\"%s\" to pick", h->hm_key));
	return (0);
}

/* The line's "value": a distribution, or an object of them. */
static int
md_hm_value(md_heatmap_t *h, md_jline_t *r)
{
	int c = md_jl_peek(r);

	if (c == '[')
		return (md_hm_shape(h, r, MD_HM_DIST) != 0 ? -1 :
		    md_hm_dist(h, r, 1));
	if (c == '{')
		return (md_hm_shape(h, r, MD_HM_KEYED) != 0 ? -1 :
		    md_hm_keyed(h, r));
	return (md_jl_error(r, "\"value\" is %s: --heatmap draws "
	    "distributions, what a request with -n measures", md_jl_what(c)));
}

/* The line's "value", for md_jl_interval(). */
static int
md_hm_valuef(md_jline_t *r, void *h)
{
	return (md_hm_value(h, r));
}

/* A map that failed: its error again. */
static int
md_hm_again(const md_heatmap_t *h, md_error_t *err)
{
	if (err != NULL)
		*err = h->hm_err;
	return (-1);
}

int
md_heatmap_line(md_heatmap_t *h, const char *line, size_t len,
    md_error_t *err)
{
	md_jline_t r;
	md_hmcol_t *k;

	if (h->hm_failed)
		return (md_hm_again(h, err));
	md_jl_init(&r, line, len, ++h->hm_lineno, &h->hm_err);
	if (md_jl_peek(&r) == -1)
		return (0);
	if (md_hm_grow((void **)&h->hm_cols, &h->hm_colcap, h->hm_ncols,
	    sizeof (*k)) != 0) {
		(void) md_error_nomem(&h->hm_err);
		h->hm_failed = 1;
		return (md_hm_again(h, err));
	}
	k = &h->hm_cols[h->hm_ncols];
	k->hk_start = 0;
	k->hk_dur = 0;
	k->hk_cell = h->hm_ncells;
	if (md_jl_interval(&r, &h->hm_str, md_hm_valuef, h, &k->hk_start,
	    &k->hk_dur) != 0) {
		h->hm_failed = 1;
		return (md_hm_again(h, err));
	}
	h->hm_ncols++;
	return (0);
}

char *
md_heatmap_svg(md_heatmap_t *h, const md_hmopts_t *opts, size_t *lenp,
    md_error_t *err)
{
	static const md_hmopts_t defaults = { NULL, NULL, -1, MD_HM_RANK, 0,
	    0 };
	char lines[64];

	if (h->hm_failed) {
		(void) md_hm_again(h, err);
		return (NULL);
	}
	if (h->hm_ncols == 0 && h->hm_lineno == 0) {
		(void) md_error_set(err, MD_ERR_LINE, "no line: nothing to "
		    "draw");
		return (NULL);
	}
	(void) snprintf(lines, sizeof (lines), h->hm_lineno == 1 ? "line 1" :
	    "lines 1 to %zu", h->hm_lineno);
	if (h->hm_ncols == 0) {
		(void) md_error_set(err, MD_ERR_LINE, "%s: blank: no line to "
		    "draw", lines);
		return (NULL);
	}
	if (h->hm_key != NULL && !h->hm_keyseen) {
		(void) md_error_set(err, MD_ERR_LINE, "%s: no line holds the "
		    "key \"%s\"", lines, h->hm_key);
		return (NULL);
	}
	return (md_hm_draw(h, opts != NULL ? opts : &defaults, lenp, err));
}

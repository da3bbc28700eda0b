/*
 * md_top.c: the intervals of meta-d --top (SPEC 8.5), kept for its view
 * (md_topview.c draws them).
 *
 * Each key (a tuple of the -s fields, as it prints: md_key.c) is an entry
 * of its own allocation, found through a keyed table of tuples
 * (md_tuple.c: a flood of keys chosen to collide costs what any keys
 * cost).  An entry holds the interval's value (a number's words, or a
 * distribution's buckets, one count each) and its last MD_TOP_NHIST
 * values, a ring by interval number: an entry is touched only in the
 * intervals it has a value in, and the intervals it missed are zeroed
 * then (at most MD_TOP_NHIST of them), so that the cost of an interval is
 * that of its keys, not of every key ever seen.
 *
 * At an interval's end the entries that had a value are sorted, largest
 * first (ties by their keys, as the lines order them), into to_rows: the
 * view draws those.  Memory follows the keys: an entry without a value
 * for MD_TOP_NHIST intervals is let go, and when the entries grow past
 * four times an interval's keys (and a few thousand), every entry that
 * had no value in the interval is let go at once (its history starts
 * again if it comes back).
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_TOP_SLACK	4096	/* entries kept idle, besides 4 x rows */

md_top_t *
md_top_new(const md_topconf_t *c, md_error_t *err)
{
	md_top_t *t;
	size_t i;
	int bad = 0;

	if (c->mtc_nkeys > MD_MAXDECOMPS || c->mtc_fn == MD_AGG_NONE) {
		(void) md_error_set(err, MD_ERR_ARG, "a view of %zu keys and "
		    "function %d: not a request's", c->mtc_nkeys,
		    (int)c->mtc_fn);
		return (NULL);
	}
	if ((t = calloc(1, sizeof (*t))) == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	t->to_nkeys = c->mtc_nkeys;
	t->to_fn = c->mtc_fn;
	t->to_events = NAN;
	md_tuptab_init(&t->to_tab, c->mtc_nkeys, 1);
	if (c->mtc_unit != NULL && *c->mtc_unit != '\0' &&
	    c->mtc_fn != MD_AGG_COUNT)	/* a count has no unit */
		bad |= (t->to_unit = strdup(c->mtc_unit)) == NULL;
	bad |= (t->to_title = strdup(c->mtc_title != NULL ? c->mtc_title :
	    "")) == NULL;
	for (i = 0; i < c->mtc_nkeys; i++)
		bad |= (t->to_fields[i] = strdup(c->mtc_fields != NULL &&
		    c->mtc_fields[i] != NULL ? c->mtc_fields[i] : "key")) ==
		    NULL;
	if (bad) {
		md_top_free(t);
		(void) md_error_nomem(err);
		return (NULL);
	}
	return (t);
}

static void
md_top_freekey(md_tkey_t *k)
{
	if (k != NULL)
		free(k->tk_b);
	free(k);
}

void
md_top_free(md_top_t *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->to_n; i++)
		md_top_freekey(t->to_k[i]);
	for (i = 0; i < t->to_nkeys; i++)
		free(t->to_fields[i]);
	md_tuptab_fini(&t->to_tab);
	free(t->to_k);
	free(t->to_rows);
	free(t->to_unit);
	free(t->to_title);
	free(t);
}

/* Is val of the view's function, with its words?  0, or -1 and why. */
static int
md_top_check(md_top_t *t, const md_value_t *val, md_error_t *err)
{
	if (md_value_check(t->to_fn, &t->to_quant, &t->to_hasquant, val,
	    err) != 0)
		return (-1);
	if (MD_AGG_ISDIST(t->to_fn))
		t->to_nb = md_quant_nbuckets(&t->to_quant);
	return (0);
}

/* A new entry for the tuple just looked up: its keys' forms copied. */
static md_tkey_t *
md_top_newkey(md_top_t *t)
{
	md_tkey_t *k;
	const char *form;
	size_t i, n = 0, len;
	char *p;

	for (i = 0; i < t->to_nkeys; i++) {
		(void) md_tuptab_key(&t->to_tab, i, &len);
		n += len + 1;
	}
	if ((k = calloc(1, sizeof (*k) + n)) == NULL)
		return (NULL);
	p = (char *)(k + 1);
	k->tk_nkeys = t->to_nkeys;
	for (i = 0; i < t->to_nkeys; i++) {
		form = md_tuptab_key(&t->to_tab, i, &len);
		(void) memcpy(p, form, len);
		p[len] = '\0';
		k->tk_keys[i] = p;
		k->tk_lens[i] = len;
		p += len + 1;
	}
	if (MD_AGG_ISDIST(t->to_fn) && (k->tk_b = calloc(t->to_nb == 0 ? 1 :
	    t->to_nb, sizeof (int64_t))) == NULL) {
		free(k);
		return (NULL);
	}
	return (k);
}

/* Room for one more in an array of entries: 0, or -1. */
static int
md_top_grow(md_tkey_t ***ap, size_t n, size_t *capp)
{
	md_tkey_t **a;
	size_t cap;

	if (n < *capp)
		return (0);
	cap = *capp == 0 ? 64 : *capp * 2;
	if (cap > SIZE_MAX / sizeof (*a) ||
	    (a = realloc(*ap, cap * sizeof (*a))) == NULL)
		return (-1);
	*ap = a;
	*capp = cap;
	return (0);
}

/* The entry of the tuple (keys, lens), made if new; NULL: no memory. */
static md_tkey_t *
md_top_key(md_top_t *t, const char *const *keys, const size_t *lens)
{
	md_tkey_t *k;
	size_t i;
	int added;

	if (md_top_grow(&t->to_k, t->to_n, &t->to_cap) != 0 ||
	    (added = md_tuptab_lookup(&t->to_tab, keys, lens, t->to_n,
	    &i)) < 0)
		return (NULL);
	if (!added)
		return (t->to_k[i]);
	if ((k = md_top_newkey(t)) == NULL) {
		md_tuptab_drop(&t->to_tab);
		return (NULL);
	}
	t->to_k[t->to_n++] = k;
	return (k);
}

int
md_top_add(md_top_t *t, const char *const *keys, const size_t *lens,
    const md_value_t *val, md_error_t *err)
{
	md_tkey_t *k;
	size_t i;

	if (md_top_check(t, val, err) != 0)
		return (-1);
	if ((k = md_top_key(t, keys, lens)) == NULL)
		return (md_error_nomem(err));
	if (k->tk_seen != t->to_iv + 1) {	/* its first of the interval */
		if (!t->to_adding) {	/* the last interval's rows go */
			t->to_nrows = 0;
			t->to_adding = 1;
		}
		if (md_top_grow(&t->to_rows, t->to_nrows, &t->to_rowcap) != 0)
			return (md_error_nomem(err));
		k->tk_seen = t->to_iv + 1;
		(void) memset(k->tk_w, 0, sizeof (k->tk_w));
		if (k->tk_b != NULL)
			(void) memset(k->tk_b, 0, t->to_nb * sizeof (int64_t));
		if (!MD_AGG_ISDIST(t->to_fn))
			(void) memcpy(k->tk_w, val->mv_data, val->mv_ndata *
			    sizeof (int64_t));
		t->to_rows[t->to_nrows++] = k;
		if (!MD_AGG_ISDIST(t->to_fn))
			return (0);
	} else if (!MD_AGG_ISDIST(t->to_fn)) {
		md_value_merge(t->to_fn, k->tk_w, val->mv_data);
		return (0);
	}
	for (i = 0; i < val->mv_ndata; i++)
		k->tk_b[i] = (int64_t)((uint64_t)k->tk_b[i] +
		    (uint64_t)val->mv_data[i]);
	return (0);
}

/* Entry k's value of the interval, as it is sorted; its events too. */
static double
md_top_value(const md_top_t *t, const md_tkey_t *k, double *eventsp)
{
	long double n = (long double)k->tk_w[0], mean, sq;
	double sum = 0;
	size_t i;

	*eventsp = NAN;
	switch (t->to_fn) {
	case MD_AGG_COUNT:
		*eventsp = (double)k->tk_w[0];
		return ((double)k->tk_w[0]);
	case MD_AGG_AVG:
	case MD_AGG_STDDEV:
		*eventsp = (double)k->tk_w[0];
		if (k->tk_w[0] <= 0)
			return (0);
		mean = (long double)k->tk_w[1] / n;
		if (t->to_fn == MD_AGG_AVG)
			return ((double)mean);
		sq = ((long double)(uint64_t)k->tk_w[3] *
		    18446744073709551616.0L + (long double)(uint64_t)
		    k->tk_w[2]) / n - mean * mean;
		return (sq <= 0 ? 0.0 : (double)sqrtl(sq));
	default:
		break;
	}
	if (!MD_AGG_ISDIST(t->to_fn))
		return ((double)k->tk_w[0]);
	for (i = 0; i < t->to_nb; i++)
		sum += (double)k->tk_b[i];
	*eventsp = sum;
	return (sum);
}

/* Rows by value, largest first; ties by their keys. */
static int
md_top_cmp(const void *a, const void *b)
{
	const md_tkey_t *x = *(md_tkey_t *const *)a;
	const md_tkey_t *y = *(md_tkey_t *const *)b;

	if (x->tk_v != y->tk_v)
		return (x->tk_v > y->tk_v ? -1 : 1);
	return (md_tuple_cmp(x->tk_keys, x->tk_lens, y->tk_keys, y->tk_lens,
	    x->tk_nkeys));
}

/* Entry k's value of interval iv, into its history (missed ones: 0). */
static void
md_top_remember(md_tkey_t *k, uint64_t iv, double v)
{
	uint64_t i = k->tk_last + 1;

	if (iv - i >= MD_TOP_NHIST)
		i = iv - MD_TOP_NHIST + 1;
	for (; i < iv; i++)
		k->tk_hist[i % MD_TOP_NHIST] = 0;
	k->tk_hist[iv % MD_TOP_NHIST] = (float)v;
	k->tk_last = iv;
}

/* The mapping of a sweep: each entry's new index, or SIZE_MAX. */
static size_t
md_top_map(size_t i, void *arg)
{
	return (((const size_t *)arg)[i]);
}

/*
 * Entries let go: those idle for MD_TOP_NHIST intervals, or, with all
 * (many more entries than rows), all that had no value in the interval.
 * Nothing is let go when memory runs short.
 */
static void
md_top_sweep(md_top_t *t, int all)
{
	size_t *map, i, n = 0;
	md_tkey_t *k;

	if ((map = malloc(t->to_n * sizeof (size_t) + 1)) == NULL)
		return;
	for (i = 0; i < t->to_n; i++) {
		k = t->to_k[i];
		map[i] = (all && k->tk_last != t->to_iv) ||
		    t->to_iv - k->tk_last >= MD_TOP_NHIST ? SIZE_MAX : n++;
	}
	if (n < t->to_n && md_tuptab_filter(&t->to_tab, md_top_map,
	    map) == 0) {
		for (i = n = 0; i < t->to_n; i++) {
			if (map[i] == SIZE_MAX)
				md_top_freekey(t->to_k[i]);
			else
				t->to_k[n++] = t->to_k[i];
		}
		t->to_n = n;
	}
	free(map);
}

int
md_top_end(md_top_t *t, double start, double duration, uint64_t drops,
    uint64_t errors, md_error_t *err)
{
	md_tkey_t *k;
	double ev;
	size_t i;

	if (!t->to_adding)
		t->to_nrows = 0;
	t->to_adding = 0;
	t->to_iv++;
	t->to_start = start;
	t->to_dur = duration;
	t->to_drops = drops;
	t->to_errors = errors;
	t->to_total = 0;
	t->to_events = 0;
	for (i = 0; i < t->to_nrows; i++) {
		k = t->to_rows[i];
		k->tk_v = md_top_value(t, k, &ev);
		k->tk_events = ev;
		t->to_total += k->tk_v;
		t->to_events += ev;
		md_top_remember(k, t->to_iv, k->tk_v);
	}
	if (t->to_fn == MD_AGG_SUM || t->to_fn == MD_AGG_MIN ||
	    t->to_fn == MD_AGG_MAX)
		t->to_events = NAN;
	if (t->to_nrows > 1 && md_sort(t->to_rows, t->to_nrows,
	    sizeof (md_tkey_t *), md_top_cmp) != 0)
		return (md_error_nomem(err));
	if (t->to_n > 4 * t->to_nrows + MD_TOP_SLACK)
		md_top_sweep(t, 1);
	else if (t->to_iv % MD_TOP_NHIST == 0)
		md_top_sweep(t, 0);
	return (0);
}

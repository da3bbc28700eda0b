/*
 * md_interval.c: an interval's values, as one JSON line (SPEC 8.1).
 *
 * The consumer adds each key's value of the interval as dtrace lays it
 * out (md_value_t); nothing is printed until the interval ends.  A value
 * whose keys print like those of one added before is merged into it as
 * it comes, as printa shows them (sums add up; min and max keep the
 * extreme): the entries are found by their keys in a table of tuples
 * (md_tuple.c, keyed: a flood of keys costs what any keys cost).  At the
 * end, the entries are sorted by their keys (byte order: the same data
 * gives the same line), and the value is written in the request's shape:
 * a number or a distribution, or an object of them by the first key, and
 * of objects by the second.  A key is kept as it prints (md_key.c): the
 * bytes of a program's name are its own, and two different names never
 * print alike.
 *
 * Numbers stay exact: count, sum, min and max are 64-bit integers,
 * printed as such; avg and stddev are quotients, printed as the nearest
 * double in ECMAScript's shortest form (md_number_format()).  A
 * distribution is its non-empty buckets, ascending, each
 * [[MIN, MAX], COUNT] with null for an end without bound.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_VMAXWORDS	4	/* of a number's value: stddev's */

typedef struct md_ventry {
	size_t		ve_nkeys;		/* for qsort(), which has */
						/* no argument */
	const char	**ve_keys;
	size_t		*ve_keylens;
	int64_t		ve_w[MD_VMAXWORDS];	/* a number's words */
	size_t		ve_nb;			/* a distribution's */
	size_t		*ve_bidx;		/* buckets that are not 0, */
	int64_t		*ve_bcount;		/* ascending */
} md_ventry_t;

struct md_values {
	size_t		mv_nkeys;
	md_aggfn_t	mv_fn;
	md_quant_t	mv_quant;
	int		mv_hasquant;
	md_arena_t	mv_arena;	/* the interval's keys and buckets */
	md_tuptab_t	mv_tab;		/* keys -> index of mv_e */
	md_ventry_t	*mv_e;
	size_t		mv_n;
	size_t		mv_cap;
};

size_t
md_value_nwords(md_aggfn_t fn, const md_quant_t *q)
{
	switch (fn) {
	case MD_AGG_AVG:
		return (2);
	case MD_AGG_STDDEV:
		return (4);
	case MD_AGG_QUANTIZE:
	case MD_AGG_LQUANTIZE:
	case MD_AGG_LLQUANTIZE:
		return (q == NULL ? 0 : md_quant_nbuckets(q));
	case MD_AGG_NONE:
		return (0);
	default:
		return (1);
	}
}

md_values_t *
md_values_new(size_t nkeys, md_aggfn_t fn, md_error_t *err)
{
	md_values_t *v;

	if (nkeys > MD_MAXDECOMPS || fn == MD_AGG_NONE) {
		(void) md_error_set(err, MD_ERR_ARG, "values of %zu keys "
		    "and function %d: not a request's", nkeys, (int)fn);
		return (NULL);
	}
	if ((v = calloc(1, sizeof (*v))) == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	v->mv_nkeys = nkeys;
	v->mv_fn = fn;
	md_tuptab_init(&v->mv_tab, nkeys, 1);
	return (v);
}

void
md_values_free(md_values_t *v)
{
	if (v == NULL)
		return;
	md_arena_free(&v->mv_arena);
	md_tuptab_fini(&v->mv_tab);
	free(v->mv_e);
	free(v);
}

/*
 * Is val of function fn, with the words it must have?  A distribution's
 * buckets must be those of the first (*q, once *hasq is set).  0, or -1
 * and why (md_values_add(), md_top_add()).
 */
int
md_value_check(md_aggfn_t fn, md_quant_t *q, int *hasq, const md_value_t *val,
    md_error_t *err)
{
	if (val->mv_fn != fn)
		return (md_error_set(err, MD_ERR_ARG, "a value of "
		    "function %d where the aggregation's is %d",
		    (int)val->mv_fn, (int)fn));
	if (MD_AGG_ISDIST(fn)) {
		if (val->mv_quant == NULL)
			return (md_error_set(err, MD_ERR_ARG, "a "
			    "distribution without its buckets"));
		if (!*hasq) {
			*q = *val->mv_quant;
			*hasq = 1;
		} else if (memcmp(q, val->mv_quant, sizeof (md_quant_t)) != 0) {
			return (md_error_set(err, MD_ERR_ARG, "two "
			    "distributions of different buckets"));
		}
	}
	if (val->mv_ndata != md_value_nwords(fn, val->mv_quant))
		return (md_error_set(err, MD_ERR_ARG, "a value of %zu "
		    "words where %zu are expected", val->mv_ndata,
		    md_value_nwords(fn, val->mv_quant)));
	return (0);
}

/*
 * val's buckets (all of them) added into e's (those not 0, ascending), in
 * the arena: e keeps a bucket it holds even where the sum is 0.
 */
static int
md_values_mergeb(md_values_t *v, md_ventry_t *e, const md_value_t *val)
{
	size_t n = e->ve_nb, i, j = 0, k = 0;
	size_t *idx;
	int64_t *cnt, c;

	for (i = 0; i < val->mv_ndata; i++)
		n += val->mv_data[i] != 0;
	if (n == e->ve_nb)
		return (0);
	if ((idx = md_arena_alloc(&v->mv_arena, n, sizeof (size_t))) == NULL ||
	    (cnt = md_arena_alloc(&v->mv_arena, n, sizeof (int64_t))) == NULL)
		return (-1);
	for (i = 0; i < val->mv_ndata; i++) {
		c = val->mv_data[i];
		if (j < e->ve_nb && e->ve_bidx[j] == i) {
			c = (int64_t)((uint64_t)c + (uint64_t)e->ve_bcount[j]);
			j++;
		} else if (c == 0) {
			continue;
		}
		idx[k] = i;
		cnt[k++] = c;
	}
	e->ve_bidx = idx;
	e->ve_bcount = cnt;
	e->ve_nb = k;
	return (0);
}

/* Entry i, of the tuple just looked up: its keys' forms, its value. */
static int
md_values_entry(md_values_t *v, size_t i, const md_value_t *val)
{
	md_ventry_t *e = &v->mv_e[i];
	const char *form;
	char *key;
	size_t k;

	(void) memset(e, 0, sizeof (*e));
	e->ve_nkeys = v->mv_nkeys;
	if ((e->ve_keys = md_arena_alloc(&v->mv_arena, v->mv_nkeys + 1,
	    sizeof (char *))) == NULL || (e->ve_keylens = md_arena_alloc(
	    &v->mv_arena, v->mv_nkeys + 1, sizeof (size_t))) == NULL)
		return (-1);
	for (k = 0; k < v->mv_nkeys; k++) {	/* as they print */
		form = md_tuptab_key(&v->mv_tab, k, &e->ve_keylens[k]);
		if ((key = md_arena_alloc(&v->mv_arena, e->ve_keylens[k] + 1,
		    1)) == NULL)
			return (-1);
		(void) memcpy(key, form, e->ve_keylens[k]);	/* zeroed: */
		e->ve_keys[k] = key;				/* NUL ended */
	}
	if (MD_AGG_ISDIST(v->mv_fn))
		return (md_values_mergeb(v, e, val));
	(void) memcpy(e->ve_w, val->mv_data, val->mv_ndata * sizeof (int64_t));
	return (0);
}

int
md_values_add(md_values_t *v, const char *const *keys, const size_t *lens,
    const md_value_t *val, md_error_t *err)
{
	md_ventry_t *e;
	size_t i, cap;
	int added;

	if (md_value_check(v->mv_fn, &v->mv_quant, &v->mv_hasquant, val,
	    err) != 0)
		return (-1);
	if (v->mv_n == v->mv_cap) {
		cap = v->mv_cap == 0 ? 64 : v->mv_cap * 2;
		if (cap > SIZE_MAX / sizeof (*e) ||
		    (e = realloc(v->mv_e, cap * sizeof (*e))) == NULL)
			return (md_error_nomem(err));
		v->mv_e = e;
		v->mv_cap = cap;
	}
	if ((added = md_tuptab_lookup(&v->mv_tab, keys, lens, v->mv_n,
	    &i)) < 0)
		return (md_error_nomem(err));
	if (added) {
		if (md_values_entry(v, i, val) != 0) {
			md_tuptab_drop(&v->mv_tab);
			return (md_error_nomem(err));
		}
		v->mv_n++;
	} else if (MD_AGG_ISDIST(v->mv_fn)) {	/* keys alike: merged */
		if (md_values_mergeb(v, &v->mv_e[i], val) != 0)
			return (md_error_nomem(err));
	} else {
		md_value_merge(v->mv_fn, v->mv_e[i].ve_w, val->mv_data);
	}
	return (0);
}

/* Entries compared by their keys, as the line orders them. */
static int
md_values_cmp(const void *a, const void *b)
{
	const md_ventry_t *x = a, *y = b;

	return (md_tuple_cmp(x->ve_keys, x->ve_keylens, y->ve_keys,
	    y->ve_keylens, x->ve_nkeys));
}

/*
 * b's words into a's (a number's, of function fn), as dtrace merges the
 * records of a key: min and max keep the extreme; the others add, in
 * 64-bit words that wrap as dtrace's do (stddev's squares over 128 bits,
 * with the carry), never in signed arithmetic, whose overflow C leaves
 * undefined.
 */
void
md_value_merge(md_aggfn_t fn, int64_t *a, const int64_t *b)
{
	size_t i, n = fn == MD_AGG_AVG || fn == MD_AGG_STDDEV ? 2 : 1;
	uint64_t lo;

	if (fn == MD_AGG_MIN || fn == MD_AGG_MAX) {
		if (fn == MD_AGG_MIN ? b[0] < a[0] : b[0] > a[0])
			a[0] = b[0];
		return;
	}
	if (fn == MD_AGG_STDDEV) {
		lo = (uint64_t)a[2] + (uint64_t)b[2];
		a[3] = (int64_t)((uint64_t)a[3] + (uint64_t)b[3] +
		    (lo < (uint64_t)a[2]));
		a[2] = (int64_t)lo;
	}
	for (i = 0; i < n; i++)
		a[i] = (int64_t)((uint64_t)a[i] + (uint64_t)b[i]);
}

/* A double as JSON: ECMAScript's shortest form; 0 for what is no number. */
static void
md_values_double(md_buf_t *b, double d)
{
	char num[MD_NUMBUFLEN];

	if (!isfinite(d) || md_number_format(d, num, sizeof (num)) != 0)
		(void) snprintf(num, sizeof (num), "0");
	md_buf_puts(b, num);
}

void
md_value_int(md_buf_t *b, int64_t n)
{
	char num[32];

	(void) snprintf(num, sizeof (num), "%" PRId64, n);
	md_buf_puts(b, num);
}

/*
 * A number's value (md_interval.c's lines, md_prom.c's samples): the
 * integer, or avg's and stddev's quotient.
 */
void
md_value_number(md_buf_t *b, md_aggfn_t fn, const int64_t *w)
{
	long double n = (long double)w[0], mean, sq;

	if (fn != MD_AGG_AVG && fn != MD_AGG_STDDEV) {
		md_value_int(b, w[0]);
		return;
	}
	if (w[0] <= 0) {
		md_buf_putc(b, '0');
		return;
	}
	mean = (long double)w[1] / n;
	if (fn == MD_AGG_AVG) {
		md_values_double(b, (double)mean);
		return;
	}
	sq = ((long double)(uint64_t)w[3] * 18446744073709551616.0L +
	    (long double)(uint64_t)w[2]) / n - mean * mean;
	md_values_double(b, sq <= 0 ? 0.0 : (double)sqrtl(sq));
}

/* An end of a bucket, or null. */
static void
md_values_bound(md_buf_t *b, int open, int64_t n)
{
	if (open)
		md_buf_puts(b, "null");
	else
		md_value_int(b, n);
}

/* A distribution: [[[MIN, MAX], COUNT], ...], the buckets not 0. */
static void
md_values_dist(md_buf_t *b, const md_values_t *v, const md_ventry_t *e)
{
	md_bucket_t bk;
	size_t i, n = 0;

	md_buf_putc(b, '[');
	for (i = 0; i < e->ve_nb; i++) {
		if (e->ve_bcount[i] == 0 ||
		    md_quant_bucket(&v->mv_quant, e->ve_bidx[i], &bk) != 0)
			continue;
		md_buf_puts(b, n++ > 0 ? ", [[" : "[[");
		md_values_bound(b, bk.mb_open & MD_BUCKET_NOMIN, bk.mb_min);
		md_buf_puts(b, ", ");
		md_values_bound(b, bk.mb_open & MD_BUCKET_NOMAX, bk.mb_max);
		md_buf_puts(b, "], ");
		md_value_int(b, e->ve_bcount[i]);
		md_buf_putc(b, ']');
	}
	md_buf_putc(b, ']');
}

static void
md_values_leaf(md_buf_t *b, const md_values_t *v, const md_ventry_t *e)
{
	if (MD_AGG_ISDIST(v->mv_fn))
		md_values_dist(b, v, e);
	else
		md_value_number(b, v->mv_fn, e->ve_w);
}

/*
 * The entries (sorted, n of them) from key k on, as V: a leaf
 * when no key is left, else an object by key k of what follows.
 */
static void
md_values_value(md_buf_t *b, const md_values_t *v, const md_ventry_t *e,
    size_t n, size_t k)
{
	size_t i, j;

	if (k == v->mv_nkeys) {
		md_values_leaf(b, v, e);
		return;
	}
	md_buf_putc(b, '{');
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && e[j].ve_keylens[k] ==
		    e[i].ve_keylens[k] && memcmp(e[j].ve_keys[k],
		    e[i].ve_keys[k], e[i].ve_keylens[k]) == 0; j++)
			continue;
		if (i > 0)
			md_buf_puts(b, ", ");
		md_json_putstr(b, e[i].ve_keys[k], e[i].ve_keylens[k]);
		md_buf_puts(b, ": ");
		md_values_value(b, v, e + i, j - i, k + 1);
	}
	md_buf_putc(b, '}');
}

/* Seconds, to the millisecond, in the shortest form (1, 0.5, 0.437). */
static void
md_values_seconds(md_buf_t *b, double s)
{
	md_values_double(b, floor(s * 1000.0 + 0.5) / 1000.0);
}

/* The interval's entries (their keys all apart) sorted by their keys. */
static int
md_values_sort(md_values_t *v)
{
	if (v->mv_n == 0)
		return (0);
	return (md_sort(v->mv_e, v->mv_n, sizeof (md_ventry_t),
	    md_values_cmp));
}

char *
md_values_line(md_values_t *v, double start, double duration,
    uint64_t drops, uint64_t errors, size_t *lenp, md_error_t *err)
{
	char num[64];
	md_buf_t b;
	char *line;

	md_buf_init(&b);
	if (md_values_sort(v) != 0) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	md_buf_puts(&b, "{\"start\": ");
	md_values_seconds(&b, start);
	md_buf_puts(&b, ", \"duration\": ");
	md_values_seconds(&b, duration);
	md_buf_puts(&b, ", \"value\": ");
	if (v->mv_n > 0)
		md_values_value(&b, v, v->mv_e, v->mv_n, 0);
	else	/* the zero of the request's shape */
		md_buf_puts(&b, v->mv_nkeys > 0 ? "{}" :
		    MD_AGG_ISDIST(v->mv_fn) ? "[]" : "0");
	if (drops != 0) {
		(void) snprintf(num, sizeof (num), ", \"drops\": %" PRIu64,
		    drops);
		md_buf_puts(&b, num);
	}
	if (errors != 0) {
		(void) snprintf(num, sizeof (num), ", \"errors\": %" PRIu64,
		    errors);
		md_buf_puts(&b, num);
	}
	md_buf_puts(&b, "}\n");
	md_arena_free(&v->mv_arena);
	md_tuptab_clear(&v->mv_tab);
	v->mv_n = 0;
	if (md_buf_failed(&b)) {
		(void) md_buf_error(&b, err);
		md_buf_fini(&b);
		return (NULL);
	}
	line = md_buf_claim(&b, lenp);
	return (line);
}

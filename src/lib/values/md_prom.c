/*
 * md_prom.c: a run's values as Prometheus' text exposition format (version
 * 0.0.4, SPEC 8.3), accumulated since tracing began, for a node exporter's
 * textfile collector to serve.
 *
 * One metric family, NAME, by the aggregating function:
 *
 *	count, sum	a counter, NAME_total: each series' running total
 *	avg, stddev,	a gauge, NAME: the last interval's value; a series
 *	min, max	with no event in the last interval has no sample
 *	quantize,	a histogram: NAME_bucket{le="MAX"} for every bucket
 *	lquantize,	that has held an event in any series since the start
 *	llquantize	(pm_used: one set of buckets for the family, so that
 *			sum by (le) is a histogram too), ascending, each
 *			counting the series' events at or below MAX (the
 *			bucket's greatest value), then le="+Inf", NAME_sum
 *			(the values of sum() beside the quantization, which
 *			--run adds to the script: dtrace keeps no sum of a
 *			quantization) and NAME_count
 *
 * and NAME_drops_total and NAME_errors_total, always.  A field in a time
 * unit is exposed in seconds (md_prom_scale()): each le, NAME_sum, a
 * sum's total and min's and max's value written as exact decimal text
 * (md_number_fixed(): 1099 ns is 0.000001099, never a rounded float);
 * avg's and stddev's, quotients already, as the nearest double.
 *
 * A series is one key of the aggregation, a label a -s field; a label's
 * value is the key as --run prints it (md_key.c: UTF-8, and two keys
 * never alike, so that two programs never make one series), escaped as
 * the format asks (\\, \", \n).  The series are kept in a table by
 * their labels' values (md_tuple.c), and printed sorted.
 *
 * Bounded (md_prom_bound()): a series with no event for the run's
 * --evict intervals is let go, as its key is from dtrace's aggregation,
 * so that a flood of short-lived keys leaves neither the file nor this
 * table large; and an exposition holds at most --max-series series, the
 * busiest, the samples of the others counted in NAME_series_dropped.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_PROM_MAXWORDS	4	/* of a number's value */

typedef struct md_pseries {
	size_t		ps_nkeys;	/* for the sort, without an argument */
	char		**ps_keys;	/* its labels' values, as they print */
	size_t		*ps_lens;
	size_t		ps_loff;	/* its labels as text, in pm_ltext */
	size_t		ps_llen;
	int64_t		ps_total;	/* a counter's */
	int64_t		ps_w[MD_PROM_MAXWORDS];	/* a gauge's, this interval */
	int		ps_fresh;	/* the gauge had an event in it */
	int64_t		*ps_b;		/* a histogram's, bucket by bucket */
	int64_t		ps_sum;		/* and the sum of its values */
	int		ps_changed;	/* an event this interval */
	uint64_t	ps_idle;	/* intervals without one */
	int64_t		ps_rank;	/* how busy: more is kept first */
	int		ps_shown;	/* in this exposition */
} md_pseries_t;

/* A bucket as an exposition writes it: its ,le="MAX"} in pm_letext. */
typedef struct md_ple {
	size_t		pl_idx;		/* the bucket's index */
	size_t		pl_off;
	size_t		pl_len;
} md_ple_t;

struct md_prom {
	char		*pm_name;
	char		*pm_help;
	char		**pm_labels;
	size_t		pm_nlabels;
	md_aggfn_t	pm_fn;
	md_quant_t	pm_quant;
	int		pm_hasquant;
	unsigned char	*pm_used;	/* buckets any series had an event in */
	md_ple_t	*pm_les;	/* those an exposition writes */
	size_t		pm_nles;
	md_buf_t	pm_letext;	/* and the ends of their lines */
	size_t		pm_nle;		/* of those, with a greatest value */
	unsigned	pm_places;	/* values / 10^this: base units */
	md_tuptab_t	pm_tab;		/* labels' values -> index of pm_s */
	md_pseries_t	*pm_s;
	size_t		pm_n;
	size_t		pm_cap;
	size_t		pm_nsorted;	/* pm_s is sorted up to here */
	md_buf_t	pm_ltext;	/* every series' labels as text */
	size_t		pm_lastlen;	/* the last exposition's length */
	uint64_t	pm_drops;
	uint64_t	pm_errors;
	size_t		pm_max;		/* series an exposition holds, or 0 */
	size_t		pm_evict;	/* idle intervals kept, or 0 */
	size_t		pm_leftout;	/* series the last one left out */
	uint64_t	pm_dropped;	/* and their samples */
};

int
md_prom_name_valid(const char *s)
{
	size_t i;

	if (s == NULL || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' &&
	    *s <= 'Z') || *s == '_'))
		return (0);
	for (i = 1; s[i] != '\0'; i++) {
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '_'))
			return (0);
	}
	return (1);
}

void
md_prom_free(md_prom_t *p)
{
	size_t i, k;

	if (p == NULL)
		return;
	for (i = 0; i < p->pm_n; i++) {
		for (k = 0; k < p->pm_nlabels; k++)
			free(p->pm_s[i].ps_keys[k]);
		free(p->pm_s[i].ps_keys);
		free(p->pm_s[i].ps_lens);
		free(p->pm_s[i].ps_b);
	}
	for (k = 0; k < p->pm_nlabels; k++)
		free(p->pm_labels[k]);
	free(p->pm_labels);
	free(p->pm_s);
	free(p->pm_used);
	free(p->pm_les);
	md_buf_fini(&p->pm_letext);
	md_buf_fini(&p->pm_ltext);
	free(p->pm_name);
	free(p->pm_help);
	md_tuptab_fini(&p->pm_tab);
	free(p);
}

md_prom_t *
md_prom_new(const char *name, const char *help, const char *const *labels,
    size_t nlabels, md_aggfn_t fn, md_error_t *err)
{
	md_prom_t *p;
	size_t k;

	if (!md_prom_name_valid(name) || nlabels > MD_MAXDECOMPS ||
	    fn == MD_AGG_NONE) {
		(void) md_error_set(err, MD_ERR_OPTION, "\"%s\" is no metric "
		    "name (letters, digits and _, not a digit first)", name ==
		    NULL ? "" : name);
		return (NULL);
	}
	for (k = 0; k < nlabels; k++) {
		if (!md_prom_name_valid(labels[k]) ||
		    strncmp(labels[k], "__", 2) == 0 ||
		    strcmp(labels[k], "le") == 0) {
			(void) md_error_set(err, MD_ERR_OPTION, "\"%s\" is no "
			    "label name (letters, digits and _, not a digit "
			    "first, not __ first, not le)", labels[k]);
			return (NULL);
		}
	}
	if ((p = calloc(1, sizeof (*p))) == NULL ||
	    (p->pm_name = strdup(name)) == NULL ||
	    (p->pm_help = strdup(help)) == NULL ||
	    (p->pm_labels = calloc(nlabels + 1, sizeof (char *))) == NULL) {
		md_prom_free(p);
		(void) md_error_nomem(err);
		return (NULL);
	}
	p->pm_fn = fn;
	md_tuptab_init(&p->pm_tab, nlabels, 1);
	for (k = 0; k < nlabels; k++, p->pm_nlabels++) {
		if ((p->pm_labels[k] = strdup(labels[k])) == NULL) {
			md_prom_free(p);
			(void) md_error_nomem(err);
			return (NULL);
		}
	}
	return (p);
}

/* A series' memory freed (not the series itself). */
static void
md_prom_series_free(const md_prom_t *p, md_pseries_t *s)
{
	size_t k;

	for (k = 0; s->ps_keys != NULL && k < p->pm_nlabels; k++)
		free(s->ps_keys[k]);
	free(s->ps_keys);
	free(s->ps_lens);
	free(s->ps_b);
}

/* The series of the key (nkeys strings), made the first time. */
static md_pseries_t *
md_prom_series(md_prom_t *p, const char *const *keys, const size_t *lens)
{
	size_t i, k, cap, n;
	md_pseries_t *s;
	const char *form;
	int added;

	if (p->pm_n == p->pm_cap) {
		cap = p->pm_cap == 0 ? 64 : p->pm_cap * 2;
		if (cap > SIZE_MAX / sizeof (*s) ||
		    (s = realloc(p->pm_s, cap * sizeof (*s))) == NULL)
			return (NULL);
		p->pm_s = s;
		p->pm_cap = cap;
	}
	if ((added = md_tuptab_lookup(&p->pm_tab, keys, lens, p->pm_n,
	    &i)) < 0)
		return (NULL);
	if (!added)
		return (&p->pm_s[i]);
	s = &p->pm_s[p->pm_n];
	(void) memset(s, 0, sizeof (*s));
	s->ps_nkeys = p->pm_nlabels;
	if ((s->ps_keys = calloc(p->pm_nlabels + 1, sizeof (char *))) == NULL ||
	    (s->ps_lens = calloc(p->pm_nlabels + 1, sizeof (size_t))) ==
	    NULL)
		goto fail;
	for (k = 0; k < p->pm_nlabels; k++) {	/* as they print */
		form = md_tuptab_key(&p->pm_tab, k, &n);
		if ((s->ps_keys[k] = malloc(n + 1)) == NULL)
			goto fail;
		(void) memcpy(s->ps_keys[k], form, n);
		s->ps_keys[k][n] = '\0';
		s->ps_lens[k] = n;
	}
	p->pm_n++;
	return (s);
fail:
	md_prom_series_free(p, s);
	md_tuptab_drop(&p->pm_tab);
	return (NULL);
}

/* A gauge's value of the interval, or another of a key alike, merged. */
static void
md_prom_gauge(md_prom_t *p, md_pseries_t *s, const md_value_t *v)
{
	if (!s->ps_fresh) {
		(void) memcpy(s->ps_w, v->mv_data,
		    v->mv_ndata * sizeof (int64_t));
		s->ps_fresh = 1;
	} else {
		md_value_merge(p->pm_fn, s->ps_w, v->mv_data);
	}
	s->ps_rank = (int64_t)((uint64_t)s->ps_rank + (uint64_t)(p->pm_fn ==
	    MD_AGG_AVG || p->pm_fn == MD_AGG_STDDEV ? v->mv_data[0] : 1));
}

/* The family's buckets, by the first value of a quantization. */
static int
md_prom_quant(md_prom_t *p, const md_value_t *v)
{
	if (p->pm_hasquant)
		return (memcmp(&p->pm_quant, v->mv_quant,
		    sizeof (md_quant_t)) == 0 ? 0 : -1);
	if ((p->pm_used = calloc(md_quant_nbuckets(v->mv_quant) + 1, 1)) ==
	    NULL || (p->pm_les = calloc(md_quant_nbuckets(v->mv_quant) + 1,
	    sizeof (md_ple_t))) == NULL)
		return (-2);
	p->pm_quant = *v->mv_quant;
	p->pm_hasquant = 1;
	return (0);
}

/*
 * A quantization's value added to series s (its buckets made the first
 * time: a series may come of a sum() first), its buckets noted used.
 */
static int
md_prom_buckets(md_prom_t *p, md_pseries_t *s, const md_value_t *v)
{
	md_bucket_t bk;
	size_t i;

	if (s->ps_b == NULL && (s->ps_b = calloc(v->mv_ndata + 1,
	    sizeof (int64_t))) == NULL)
		return (-1);
	for (i = 0; i < v->mv_ndata; i++) {
		if (v->mv_data[i] == 0)
			continue;
		s->ps_b[i] = (int64_t)((uint64_t)s->ps_b[i] +
		    (uint64_t)v->mv_data[i]);
		s->ps_rank = (int64_t)((uint64_t)s->ps_rank +
		    (uint64_t)v->mv_data[i]);
		if (p->pm_used[i])
			continue;
		p->pm_used[i] = 1;
		if (md_quant_bucket(&p->pm_quant, i, &bk) == 0 &&
		    !(bk.mb_open & MD_BUCKET_NOMAX))
			p->pm_nle++;
	}
	return (0);
}

int
md_prom_add(md_prom_t *p, const char *const *keys, const size_t *lens,
    const md_value_t *v, md_error_t *err)
{
	int hist = MD_AGG_ISDIST(p->pm_fn), q = 0;
	int sum = hist && v->mv_fn == MD_AGG_SUM;
	md_pseries_t *s;

	if ((v->mv_fn != p->pm_fn && !sum) || v->mv_ndata !=
	    md_value_nwords(v->mv_fn, v->mv_quant) || (hist && !sum &&
	    (q = md_prom_quant(p, v)) == -1))
		return (md_error_set(err, MD_ERR_ARG, "a value that is "
		    "not of the exposition's function or buckets"));
	if (q != 0 || (s = md_prom_series(p, keys, lens)) == NULL)
		return (md_error_nomem(err));
	switch (p->pm_fn) {
	case MD_AGG_COUNT:
	case MD_AGG_SUM:
		s->ps_total = (int64_t)((uint64_t)s->ps_total +
		    (uint64_t)v->mv_data[0]);
		s->ps_rank = s->ps_total;
		break;
	case MD_AGG_QUANTIZE:
	case MD_AGG_LQUANTIZE:
	case MD_AGG_LLQUANTIZE:
		if (sum)
			s->ps_sum = (int64_t)((uint64_t)s->ps_sum +
			    (uint64_t)v->mv_data[0]);
		else if (md_prom_buckets(p, s, v) != 0)
			return (md_error_nomem(err));
		break;
	default:
		md_prom_gauge(p, s, v);
		break;
	}
	s->ps_changed = 1;
	return (0);
}

/* A label's value (a key's form: UTF-8), escaped: \\, \", \n. */
static void
md_prom_value(md_buf_t *b, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\\' || s[i] == '"') {
			md_buf_putc(b, '\\');
			md_buf_putc(b, s[i]);
		} else if (s[i] == '\n') {
			md_buf_puts(b, "\\n");
		} else {
			md_buf_putc(b, s[i]);
		}
	}
}

/* {label="value",...,extra} of series s; nothing where there is none. */
static void
md_prom_labels(md_buf_t *b, const md_prom_t *p, const md_pseries_t *s,
    const char *extra)
{
	if (p->pm_nlabels == 0 && extra == NULL)
		return;
	md_buf_putc(b, '{');
	if (s->ps_llen > 0)
		md_buf_append(b, p->pm_ltext.mb_data + s->ps_loff, s->ps_llen);
	if (extra != NULL) {
		md_buf_puts(b, p->pm_nlabels > 0 ? "," : "");
		md_buf_puts(b, extra);
	}
	md_buf_putc(b, '}');
}

/* # HELP and # TYPE of family name (NAME and suffix). */
static void
md_prom_family(md_buf_t *b, const md_prom_t *p, const char *suffix,
    const char *help, const char *type)
{
	size_t i;

	md_buf_puts(b, "# HELP ");
	md_buf_puts(b, p->pm_name);
	md_buf_puts(b, suffix);
	md_buf_putc(b, ' ');
	for (i = 0; help[i] != '\0'; i++) {
		if (help[i] == '\\')
			md_buf_puts(b, "\\\\");
		else if (help[i] == '\n')
			md_buf_puts(b, "\\n");
		else
			md_buf_putc(b, help[i]);
	}
	md_buf_puts(b, "\n# TYPE ");
	md_buf_puts(b, p->pm_name);
	md_buf_puts(b, suffix);
	md_buf_putc(b, ' ');
	md_buf_puts(b, type);
	md_buf_putc(b, '\n');
}

/* A sample: NAME+suffix, s's labels (and extra), the value as text. */
static void
md_prom_sample(md_buf_t *b, const md_prom_t *p, const char *suffix,
    const md_pseries_t *s, const char *extra)
{
	md_buf_puts(b, p->pm_name);
	md_buf_puts(b, suffix);
	if (s != NULL)
		md_prom_labels(b, p, s, extra);
	else if (extra != NULL) {
		md_buf_putc(b, '{');
		md_buf_puts(b, extra);
		md_buf_putc(b, '}');
	}
	md_buf_putc(b, ' ');
}

/* A sample's value and its line's end (a count: never scaled). */
static void
md_prom_end(md_buf_t *b, const md_prom_t *p, int64_t v, int scaled)
{
	char num[MD_FIXEDLEN + 1];
	size_t n = md_number_fixed(num, v, scaled ? p->pm_places : 0);

	num[n] = '\n';
	md_buf_append(b, num, n + 1);
}

/*
 * The family's buckets as an exposition writes them, once for all its
 * series: for each bucket any series had an event in and that has a
 * greatest value, its index and the end of its lines, ,le="MAX"} (in
 * the base unit).  Returns -1 when out of memory.
 */
static int
md_prom_les(md_prom_t *p)
{
	size_t n = p->pm_hasquant ? md_quant_nbuckets(&p->pm_quant) : 0, i;
	char num[MD_FIXEDLEN + 1];
	md_bucket_t bk;

	md_buf_reset(&p->pm_letext);
	p->pm_nles = 0;
	for (i = 0; i < n; i++) {
		if (!p->pm_used[i] || md_quant_bucket(&p->pm_quant, i,
		    &bk) != 0 || (bk.mb_open & MD_BUCKET_NOMAX))
			continue;	/* only +Inf bounds the top one */
		p->pm_les[p->pm_nles].pl_idx = i;
		p->pm_les[p->pm_nles].pl_off = p->pm_letext.mb_len;
		md_buf_puts(&p->pm_letext, p->pm_nlabels > 0 ? ",le=\"" :
		    "le=\"");
		md_buf_append(&p->pm_letext, num, md_number_fixed(num,
		    bk.mb_max, p->pm_places));
		md_buf_puts(&p->pm_letext, "\"} ");
		p->pm_les[p->pm_nles].pl_len = p->pm_letext.mb_len -
		    p->pm_les[p->pm_nles].pl_off;
		p->pm_nles++;
	}
	return (md_buf_failed(&p->pm_letext) ? -1 : 0);
}

/*
 * A histogram's series: the family's buckets (md_prom_les()), cumulative,
 * +Inf, the sum, the count.  A series with no buckets (none, or of a
 * sum() alone so far) counts 0 in each.
 */
static void
md_prom_hist(md_buf_t *b, const md_prom_t *p, const md_pseries_t *s)
{
	size_t n = p->pm_hasquant ? md_quant_nbuckets(&p->pm_quant) : 0;
	size_t i = 0, k;
	int64_t cum = 0;

	for (k = 0; k < p->pm_nles; k++) {
		for (; s->ps_b != NULL && i <= p->pm_les[k].pl_idx; i++)
			cum += s->ps_b[i];
		md_buf_puts(b, p->pm_name);
		md_buf_puts(b, "_bucket{");
		if (s->ps_llen > 0)
			md_buf_append(b, p->pm_ltext.mb_data + s->ps_loff,
			    s->ps_llen);
		md_buf_append(b, p->pm_letext.mb_data + p->pm_les[k].pl_off,
		    p->pm_les[k].pl_len);
		md_prom_end(b, p, cum, 0);
	}
	for (; s->ps_b != NULL && i < n; i++)
		cum += s->ps_b[i];
	md_prom_sample(b, p, "_bucket", s, "le=\"+Inf\"");
	md_prom_end(b, p, cum, 0);
	md_prom_sample(b, p, "_sum", s, NULL);
	md_prom_end(b, p, s->ps_sum, 1);
	md_prom_sample(b, p, "_count", s, NULL);
	md_prom_end(b, p, cum, 0);
}

/* Series (pointers to) compared by their labels' values: bytes, length. */
static int
md_prom_cmp(const void *a, const void *b)
{
	const md_pseries_t *x = *(const md_pseries_t *const *)a;
	const md_pseries_t *y = *(const md_pseries_t *const *)b;

	return (md_tuple_cmp((const char *const *)x->ps_keys, x->ps_lens,
	    (const char *const *)y->ps_keys, y->ps_lens, x->ps_nkeys));
}

/* Each series' labels, escaped, as text: name="value",... */
static void
md_prom_ltext(md_prom_t *p)
{
	md_pseries_t *s;
	size_t i, k;

	md_buf_reset(&p->pm_ltext);
	for (i = 0; i < p->pm_n; i++) {
		s = &p->pm_s[i];
		s->ps_loff = p->pm_ltext.mb_len;
		for (k = 0; k < p->pm_nlabels; k++) {
			md_buf_puts(&p->pm_ltext, k > 0 ? "," : "");
			md_buf_puts(&p->pm_ltext, p->pm_labels[k]);
			md_buf_puts(&p->pm_ltext, "=\"");
			md_prom_value(&p->pm_ltext, s->ps_keys[k],
			    s->ps_lens[k]);
			md_buf_putc(&p->pm_ltext, '"');
		}
		s->ps_llen = p->pm_ltext.mb_len - s->ps_loff;
	}
}

/* A series' index in the table, after a change of places (nidx). */
static size_t
md_prom_newidx(size_t i, void *nidx)
{
	return (((const size_t *)nidx)[i]);
}

/*
 * The series put in order of their labels' values, where they are kept
 * (the table's indexes made to follow), with their labels as text
 * beside them: an exposition then reads both in order, as the memory
 * lies.  Done again only when series came: the series of a run change
 * little, and most expositions sort nothing.
 */
static int
md_prom_sort(md_prom_t *p)
{
	md_pseries_t **v, *ns;
	size_t *nidx, i;
	int rv = -1;

	if (p->pm_nsorted == p->pm_n)
		return (0);
	v = calloc(p->pm_n + 1, sizeof (*v));
	nidx = calloc(p->pm_n + 1, sizeof (size_t));
	ns = calloc(p->pm_cap + 1, sizeof (*ns));
	if (v == NULL || nidx == NULL || ns == NULL)
		goto out;
	for (i = 0; i < p->pm_n; i++)
		v[i] = &p->pm_s[i];
	if (md_sort(v, p->pm_n, sizeof (*v), md_prom_cmp) != 0)
		goto out;
	for (i = 0; i < p->pm_n; i++) {
		nidx[v[i] - p->pm_s] = i;
		ns[i] = *v[i];
	}
	if (md_tuptab_filter(&p->pm_tab, md_prom_newidx, nidx) != 0)
		goto out;
	free(p->pm_s);
	p->pm_s = ns;
	ns = NULL;
	p->pm_nsorted = p->pm_n;
	md_prom_ltext(p);
	rv = md_buf_failed(&p->pm_ltext) ? -1 : 0;
out:
	free(v);
	free(nidx);
	free(ns);
	return (rv);
}

/* A counter of no labels and no event yet: 0. */
static void
md_prom_zero(md_buf_t *b, const md_prom_t *p)
{
	md_buf_puts(b, p->pm_name);
	md_buf_puts(b, "_total 0\n");
}

/*
 * A gauge's value in the base unit: min's and max's exact, avg's and
 * stddev's (quotients) the nearest double; and the line's end.
 */
static void
md_prom_gvalue(md_buf_t *b, const md_prom_t *p, const md_pseries_t *s)
{
	char num[MD_NUMBUFLEN];
	md_buf_t t;
	double d, scale = 1;
	unsigned i;

	if (p->pm_fn != MD_AGG_AVG && p->pm_fn != MD_AGG_STDDEV) {
		md_prom_end(b, p, s->ps_w[0], 1);
		return;
	}
	if (p->pm_places == 0) {
		md_value_number(b, p->pm_fn, s->ps_w);
		md_buf_putc(b, '\n');
		return;
	}
	md_buf_init(&t);
	md_value_number(&t, p->pm_fn, s->ps_w);
	md_buf_putc(&t, '\0');
	d = md_buf_failed(&t) ? 0 : strtod(t.mb_data, NULL);
	md_buf_fini(&t);
	for (i = 0; i < p->pm_places; i++)
		scale *= 10;
	d /= scale;
	if (md_number_format(d, num, sizeof (num)) != 0)
		(void) snprintf(num, sizeof (num), "%.17g", d);
	md_buf_puts(b, num);
	md_buf_putc(b, '\n');
}

/* The family of the values: its help and type, each series' samples. */
static void
md_prom_values(md_buf_t *b, md_prom_t *p)
{
	md_pseries_t *v = p->pm_s;
	int counter = p->pm_fn == MD_AGG_COUNT || p->pm_fn == MD_AGG_SUM;
	int hist = MD_AGG_ISDIST(p->pm_fn);
	md_pseries_t none;
	size_t i;

	md_prom_family(b, p, counter ? "_total" : "", p->pm_help, counter ?
	    "counter" : hist ? "histogram" : "gauge");
	if (p->pm_n == 0 && p->pm_nlabels == 0 && (counter || hist)) {
		(void) memset(&none, 0, sizeof (none));	/* 0 since the start */
		if (hist)
			md_prom_hist(b, p, &none);
		else
			md_prom_zero(b, p);
	}
	for (i = 0; i < p->pm_n; i++) {
		if (!v[i].ps_shown)
			continue;
		if (hist) {
			md_prom_hist(b, p, &v[i]);
			continue;
		}
		if (!counter && !v[i].ps_fresh)
			continue;
		md_prom_sample(b, p, counter ? "_total" : "", &v[i], NULL);
		if (counter)
			md_prom_end(b, p, v[i].ps_total, p->pm_fn ==
			    MD_AGG_SUM);
		else
			md_prom_gvalue(b, p, &v[i]);
	}
}

/* A family of one sample with no label: NAME+suffix, and its value. */
static void
md_prom_number(md_buf_t *b, const md_prom_t *p, const char *suffix,
    const char *help, const char *type, uint64_t value)
{
	char num[32];

	md_prom_family(b, p, suffix, help, type);
	(void) snprintf(num, sizeof (num), " %llu\n",
	    (unsigned long long)value);
	md_buf_puts(b, p->pm_name);
	md_buf_puts(b, suffix);
	md_buf_puts(b, num);
}

static void
md_prom_counter(md_buf_t *b, const md_prom_t *p, const char *suffix,
    const char *help, uint64_t value)
{
	md_prom_number(b, p, suffix, help, "counter", value);
}

/* The samples of series s an exposition would hold (md_prom_values()). */
static uint64_t
md_prom_nsamples(const md_prom_t *p, const md_pseries_t *s)
{
	if (p->pm_fn == MD_AGG_COUNT || p->pm_fn == MD_AGG_SUM)
		return (1);
	if (!MD_AGG_ISDIST(p->pm_fn))
		return (s->ps_fresh ? 1 : 0);
	return (p->pm_nle + 3);	/* le="+Inf", _sum and _count */
}

/*
 * The interval is over: each series' idle count, and those idle for
 * pm_evict intervals let go, the others moved down in their order, the
 * table following.  Returns -1 when out of memory (nothing let go).
 */
static int
md_prom_evict(md_prom_t *p)
{
	md_pseries_t *s;
	size_t *nidx, i, n = 0;

	for (i = 0; i < p->pm_n; i++) {
		s = &p->pm_s[i];
		s->ps_idle = s->ps_changed ? 0 : s->ps_idle + 1;
		s->ps_changed = 0;
		n += p->pm_evict > 0 && s->ps_idle >= p->pm_evict;
	}
	if (n == 0)
		return (0);
	if ((nidx = calloc(p->pm_n + 1, sizeof (size_t))) == NULL)
		return (-1);
	for (i = n = 0; i < p->pm_n; i++)
		nidx[i] = p->pm_s[i].ps_idle < p->pm_evict ? n++ : SIZE_MAX;
	if (md_tuptab_filter(&p->pm_tab, md_prom_newidx, nidx) != 0) {
		free(nidx);
		return (-1);
	}
	for (i = 0; i < p->pm_n; i++) {
		if (nidx[i] == SIZE_MAX)
			md_prom_series_free(p, &p->pm_s[i]);
		else
			p->pm_s[nidx[i]] = p->pm_s[i];
	}
	free(nidx);
	p->pm_n = n;
	p->pm_nsorted = 0;	/* the labels' text again */
	return (0);
}

/* A series' place and how busy it is, for the choice of the busiest. */
typedef struct md_prank {
	int64_t		pr_rank;
	size_t		pr_idx;
} md_prank_t;

/* Busier first; then in their order. */
static int
md_prom_rankcmp(const void *a, const void *b)
{
	const md_prank_t *x = a, *y = b;

	if (x->pr_rank != y->pr_rank)
		return (x->pr_rank > y->pr_rank ? -1 : 1);
	return (x->pr_idx < y->pr_idx ? -1 : x->pr_idx > y->pr_idx);
}

/*
 * Which series this exposition holds: all, or the pm_max busiest; the
 * others' samples counted.  Returns -1 when out of memory.
 */
static int
md_prom_select(md_prom_t *p)
{
	md_prank_t *order;
	size_t i;

	p->pm_leftout = 0;
	p->pm_dropped = 0;
	for (i = 0; i < p->pm_n; i++)
		p->pm_s[i].ps_shown = 1;
	if (p->pm_max == 0 || p->pm_n <= p->pm_max)
		return (0);
	if ((order = calloc(p->pm_n, sizeof (*order))) == NULL)
		return (-1);
	for (i = 0; i < p->pm_n; i++) {
		order[i].pr_rank = p->pm_s[i].ps_rank;
		order[i].pr_idx = i;
	}
	if (md_sort(order, p->pm_n, sizeof (*order), md_prom_rankcmp) != 0) {
		free(order);
		return (-1);
	}
	for (i = p->pm_max; i < p->pm_n; i++) {
		p->pm_s[order[i].pr_idx].ps_shown = 0;
		p->pm_dropped += md_prom_nsamples(p,
		    &p->pm_s[order[i].pr_idx]);
	}
	p->pm_leftout = p->pm_n - p->pm_max;
	free(order);
	return (0);
}

int
md_prom_scale(md_prom_t *p, uint64_t ns, md_error_t *err)
{
	unsigned places = 9;

	while (ns % 10 == 0 && ns > 1 && places > 0) {
		ns /= 10;
		places--;
	}
	if (ns != 1)
		return (md_error_set(err, MD_ERR_ARG, "a unit of time that "
		    "is no power of ten of nanoseconds, up to seconds"));
	p->pm_places = places;
	return (0);
}

void
md_prom_bound(md_prom_t *p, size_t maxseries, size_t evict)
{
	p->pm_max = maxseries;
	p->pm_evict = evict;
}

size_t
md_prom_left_out(const md_prom_t *p)
{
	return (p->pm_leftout);
}

char *
md_prom_text(md_prom_t *p, uint64_t drops, uint64_t errors, size_t *lenp,
    md_error_t *err)
{
	md_buf_t b;
	size_t i;

	if (md_prom_evict(p) != 0 || md_prom_sort(p) != 0 ||
	    md_prom_select(p) != 0 || md_prom_les(p) != 0) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	p->pm_drops += drops;
	p->pm_errors += errors;
	md_buf_init(&b);
	md_buf_reserve(&b, p->pm_lastlen + 256);	/* about the last's */
	md_prom_values(&b, p);
	md_prom_counter(&b, p, "_drops_total", "Aggregation records dtrace "
	    "dropped since tracing began.", p->pm_drops);
	md_prom_counter(&b, p, "_errors_total", "Run-time errors of the script "
	    "since tracing began.", p->pm_errors);
	if (p->pm_max > 0)
		md_prom_number(&b, p, "_series_dropped", "Samples left out of "
		    "this exposition, which holds the series with the largest "
		    "counts only (meta-d --max-series).", "gauge",
		    p->pm_dropped);
	for (i = 0; i < p->pm_n; i++)	/* a new interval: no gauge yet */
		p->pm_s[i].ps_fresh = 0;
	if (md_buf_failed(&b)) {
		(void) md_buf_error(&b, err);
		md_buf_fini(&b);
		return (NULL);
	}
	p->pm_lastlen = b.mb_len;
	return (md_buf_claim(&b, lenp));
}

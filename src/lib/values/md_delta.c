/*
 * md_delta.c: from values that add up since tracing began to the part of
 * each interval.
 *
 * libdtrace's snapshot of an aggregation (Oracle's DTrace for Linux reads
 * the BPF maps, which are never cleared) holds each record's value since
 * the start.  Every word of count, sum, avg, stddev and the quantizations
 * is a sum, so the interval's part is the difference of two snapshots,
 * word by word (stddev's sum of squares as 128 bits, with its borrow): an
 * event is counted in the interval whose snapshot first holds it, and in
 * no other.  min and max are no sums: meta-d --run keys them by interval
 * instead (mdq_keyinterval).
 *
 * The records are kept by their key's bytes as dtrace has them (two keys
 * that print alike are two records here), in a table of tuples of one key
 * (md_tuple.c),
 * each beside the count of intervals it has not changed in: a record
 * idle long enough is evicted from dtrace's aggregation, and forgotten
 * here (its slot kept for the next record: a run that evicts a flood of
 * short-lived keys holds no more records than dtrace does).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

typedef struct md_srec {
	uint64_t	sr_gen;
	size_t		sr_n;
	int64_t		*sr_words;	/* the last value seen; NULL: free */
	uint64_t	sr_idle;	/* intervals it has not changed in */
	size_t		sr_nextfree;	/* a free slot: the next one */
} md_srec_t;

#define	MD_SERIES_NOFREE	SIZE_MAX

struct md_series {
	md_tuptab_t	se_tab;		/* key -> index of se_recs */
	md_srec_t	*se_recs;
	size_t		se_n;		/* slots used or freed */
	size_t		se_cap;
	size_t		se_live;	/* records held */
	size_t		se_free;	/* the first free slot */
};

md_series_t *
md_series_new(md_error_t *err)
{
	md_series_t *s = calloc(1, sizeof (*s));

	if (s == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	md_tuptab_init(&s->se_tab, 1, 0);
	s->se_free = MD_SERIES_NOFREE;
	return (s);
}

void
md_series_free(md_series_t *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->se_n; i++)
		free(s->se_recs[i].sr_words);
	free(s->se_recs);
	md_tuptab_fini(&s->se_tab);
	free(s);
}

/* A slot for a new record: a freed one, or one more. */
static int
md_series_slot(md_series_t *s, size_t *ip)
{
	md_srec_t *r;
	size_t cap;

	if (s->se_free != MD_SERIES_NOFREE) {
		*ip = s->se_free;
		return (0);
	}
	if (s->se_n == s->se_cap) {
		cap = s->se_cap == 0 ? 64 : s->se_cap * 2;
		if (cap > SIZE_MAX / sizeof (*r) ||
		    (r = realloc(s->se_recs, cap * sizeof (*r))) == NULL)
			return (-1);
		s->se_recs = r;
		s->se_cap = cap;
	}
	*ip = s->se_n;
	return (0);
}

/* The record of key (len bytes, n words), made the first time. */
static md_srec_t *
md_series_rec(md_series_t *s, const void *key, size_t len, uint64_t gen,
    size_t n)
{
	const char *k = key;	/* a tuple of one key */
	md_srec_t *r;
	size_t i, slot;
	int added;

	if (md_series_slot(s, &slot) != 0 || (added = md_tuptab_lookup(
	    &s->se_tab, &k, &len, slot, &i)) < 0)
		return (NULL);
	if (!added)
		return (&s->se_recs[i]);
	r = &s->se_recs[i];
	if ((r->sr_words = calloc(n + 1, sizeof (int64_t))) == NULL) {
		md_tuptab_drop(&s->se_tab);
		return (NULL);
	}
	if (i == s->se_free)
		s->se_free = s->se_recs[i].sr_nextfree;
	else
		s->se_n++;
	r->sr_gen = gen;
	r->sr_n = n;
	r->sr_idle = 0;
	s->se_live++;
	return (r);
}

/* a - b into d, over 128 bits: the low words at 0, the high at 1. */
static void
md_series_sub128(const int64_t *a, const int64_t *b, int64_t *d)
{
	uint64_t lo = (uint64_t)a[0] - (uint64_t)b[0];

	d[1] = (int64_t)((uint64_t)a[1] - (uint64_t)b[1] -
	    ((uint64_t)a[0] < (uint64_t)b[0]));
	d[0] = (int64_t)lo;
}

int
md_series_delta(md_series_t *s, const void *key, size_t len, uint64_t gen,
    md_aggfn_t fn, const int64_t *cum, int64_t *delta, size_t n,
    md_error_t *err)
{
	md_srec_t *r;
	size_t i;
	int changed = 0;

	if ((r = md_series_rec(s, key, len, gen, n)) == NULL)
		return (md_error_nomem(err));
	if (r->sr_n != n)
		return (md_error_set(err, MD_ERR_ARG, "a record changed "
		    "its size: %zu words, then %zu", r->sr_n, n));
	if (r->sr_gen != gen)	/* cleared since: all of it is new */
		(void) memset(r->sr_words, 0, n * sizeof (int64_t));
	r->sr_gen = gen;
	for (i = 0; i < n; i++) {
		if (fn == MD_AGG_STDDEV && i == 2 && n == 4) {
			md_series_sub128(cum + 2, r->sr_words + 2, delta + 2);
			i++;
		} else {
			delta[i] = (int64_t)((uint64_t)cum[i] -
			    (uint64_t)r->sr_words[i]);
		}
	}
	for (i = 0; i < n; i++)
		changed |= delta[i] != 0;
	(void) memcpy(r->sr_words, cum, n * sizeof (int64_t));
	r->sr_idle = changed ? 0 : r->sr_idle + 1;
	return (changed);
}

uint64_t
md_series_idle(const md_series_t *s, const void *key, size_t len)
{
	const char *k = key;
	size_t i;

	if (md_tuptab_find(&s->se_tab, &k, &len, &i) != 1)
		return (0);
	return (s->se_recs[i].sr_idle);
}

int
md_series_forget(md_series_t *s, const void *key, size_t len)
{
	const char *k = key;
	size_t i;

	if (md_tuptab_remove(&s->se_tab, &k, &len, &i) != 1)
		return (0);
	free(s->se_recs[i].sr_words);
	s->se_recs[i].sr_words = NULL;
	s->se_recs[i].sr_nextfree = s->se_free;
	s->se_free = i;
	s->se_live--;
	return (1);
}

size_t
md_series_count(const md_series_t *s)
{
	return (s->se_live);
}

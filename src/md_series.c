/*
 * md_series.c: from values that add up since tracing began to the part of
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
 * that print alike are two records here), in a table that grows by
 * doubling (open addressing, at most half full).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

typedef struct md_srec {
	unsigned char	*sr_key;
	size_t		sr_keylen;
	uint64_t	sr_gen;
	size_t		sr_n;
	int64_t		*sr_words;	/* the last value seen */
} md_srec_t;

struct md_series {
	md_srec_t	*se_recs;
	size_t		se_n;
	size_t		se_cap;		/* a power of two, or 0 */
};

md_series_t *
md_series_new(md_error_t *err)
{
	md_series_t *s = calloc(1, sizeof (*s));

	if (s == NULL)
		(void) md_error_nomem(err);
	return (s);
}

void
md_series_free(md_series_t *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->se_cap; i++) {
		free(s->se_recs[i].sr_key);
		free(s->se_recs[i].sr_words);
	}
	free(s->se_recs);
	free(s);
}

/* The slot of key in recs (cap of them): its record's, or an empty one. */
static md_srec_t *
md_series_slot(md_srec_t *recs, size_t cap, const void *key, size_t len)
{
	size_t i = md_hash_bytes(key, len) & (cap - 1);

	while (recs[i].sr_key != NULL && (recs[i].sr_keylen != len ||
	    memcmp(recs[i].sr_key, key, len) != 0))
		i = (i + 1) & (cap - 1);
	return (&recs[i]);
}

/* Room for one more record: the table doubled when half full. */
static int
md_series_grow(md_series_t *s, md_error_t *err)
{
	size_t cap = s->se_cap == 0 ? 64 : s->se_cap * 2, i;
	md_srec_t *recs, *r;

	if ((s->se_n + 1) * 2 <= s->se_cap)
		return (0);
	if (cap > SIZE_MAX / sizeof (*recs) ||
	    (recs = calloc(cap, sizeof (*recs))) == NULL)
		return (md_error_nomem(err));
	for (i = 0; i < s->se_cap; i++) {
		if (s->se_recs[i].sr_key == NULL)
			continue;
		r = md_series_slot(recs, cap, s->se_recs[i].sr_key,
		    s->se_recs[i].sr_keylen);
		*r = s->se_recs[i];
	}
	free(s->se_recs);
	s->se_recs = recs;
	s->se_cap = cap;
	return (0);
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

	if (md_series_grow(s, err) != 0)
		return (-1);
	r = md_series_slot(s->se_recs, s->se_cap, key, len);
	if (r->sr_key == NULL) {
		if ((r->sr_key = malloc(len + 1)) == NULL ||
		    (r->sr_words = calloc(n + 1, sizeof (int64_t))) == NULL) {
			free(r->sr_key);
			r->sr_key = NULL;
			return (md_error_nomem(err));
		}
		(void) memcpy(r->sr_key, key, len);
		r->sr_keylen = len;
		r->sr_gen = gen;
		r->sr_n = n;
		s->se_n++;
	}
	if (r->sr_n != n)
		return (md_error_set(err, MD_ERR_TRANSLATE, "a record changed "
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
	return (changed);
}

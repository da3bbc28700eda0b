/*
 * md_quant.c: the buckets of DTrace's quantizations, as the dtrace of each
 * dialect lays them out, so that each bucket of an aggregation's data can
 * be named by the least and greatest 64-bit values dtrace counts in it
 * (SPEC 8.1), never re-binned.
 *
 * quantize() is the same everywhere: 127 buckets, 63 holding 0, bucket
 * 63 + k (k > 0) the values of [2^(k-1), 2^k - 1], bucket 63 - k their
 * negatives, the last ones reaching INT64_MIN and INT64_MAX.
 *
 * lquantize(v, base, limit, step) is the same in both dialects: levels =
 * (limit - base) / step, bucket 0 below base, bucket i (1 to levels)
 * [base + (i - 1) step, base + i step - 1], bucket levels + 1 the rest.
 *
 * llquantize(v, factor, low, high, steps) differs:
 *
 *  - Oracle's DTrace for Linux (dt_cg.c, dt_cg_agg_llquantize_bin()) is
 *    symmetric: with sf = steps / factor and nb = steps - sf buckets per
 *    order of magnitude, M = high - low + 1 orders, the middle bucket
 *    B = 1 + M nb holds |v| < factor^low; bucket B + o (o = 1 to M nb)
 *    lies in order m = low + (o - 1) / nb, at j = (o - 1) % nb in it: the
 *    values t with floor(t steps / factor^(m+1)) = j + sf, at least
 *    factor^m; bucket B - o the same negated; buckets 0 and 2B the values
 *    beyond -factor^(high+1) and factor^(high+1).  Below factor^1 with
 *    steps > factor some buckets can hold nothing (a "ghost": printa
 *    skips it, and so does md_quant_bucket()).
 *  - illumos (dtrace_aggregate_llquantize_bucket()) has bucket 0 below
 *    factor^low, all negative values in it; then for each order o from
 *    low to high, n = min(factor^(o+1), steps) buckets of width
 *    factor^(o+1) / n, of which the first n / factor lie below factor^o
 *    and are not there; then one bucket from factor^(high+1) on.
 *
 * The encoded argument: lquantize's is step << 48 | levels << 32 | base
 * in both; llquantize's Oracle steps << 48 | high << 32 | low << 16 |
 * factor, illumos factor << 48 | low << 32 | high << 16 | steps.
 */

#include <stdint.h>
#include <string.h>

#include "md_impl.h"

#define	MD_QZERO	63	/* quantize's bucket of 0 */
#define	MD_QN		127	/* and its number of buckets */

/* a ** n, or 0 if it is past INT64_MAX */
static uint64_t
md_quant_pow(uint64_t a, uint64_t n)
{
	uint64_t r = 1;

	while (n-- > 0) {
		if (a != 0 && r > (uint64_t)INT64_MAX / a)
			return (0);
		r *= a;
	}
	return (r);
}

int
md_quant_init(md_quant_t *q, md_aggfn_t fn, md_dialect_t d, uint64_t arg)
{
	(void) memset(q, 0, sizeof (*q));
	q->mq_fn = fn;
	q->mq_dialect = d;
	if (fn == MD_AGG_LQUANTIZE) {
		q->mq_base = (int32_t)(uint32_t)(arg & 0xffffffff);
		q->mq_levels = (arg >> 32) & 0xffff;
		q->mq_step = (arg >> 48) & 0xffff;
		return (q->mq_step == 0 ? -1 : 0);
	}
	if (fn != MD_AGG_LLQUANTIZE)
		return (fn == MD_AGG_QUANTIZE ? 0 : -1);
	if (d == MD_DIALECT_ORACLE) {
		q->mq_factor = arg & 0xffff;
		q->mq_low = (arg >> 16) & 0xffff;
		q->mq_high = (arg >> 32) & 0xffff;
		q->mq_steps = (arg >> 48) & 0xffff;
	} else {
		q->mq_steps = arg & 0xffff;
		q->mq_high = (arg >> 16) & 0xffff;
		q->mq_low = (arg >> 32) & 0xffff;
		q->mq_factor = (arg >> 48) & 0xffff;
	}
	if (q->mq_factor < 2 || q->mq_steps == 0 || q->mq_high < q->mq_low ||
	    md_quant_pow(q->mq_factor, q->mq_low) == 0)
		return (-1);
	return (0);
}

/* illumos: the buckets of order o, of which the first are not there. */
static uint64_t
md_quant_illumos_n(const md_quant_t *q, uint64_t o)
{
	uint64_t t = md_quant_pow(q->mq_factor, o + 1);

	return (t == 0 || t > q->mq_steps ? q->mq_steps : t);
}

size_t
md_quant_nbuckets(const md_quant_t *q)
{
	uint64_t n, o;

	switch (q->mq_fn) {
	case MD_AGG_QUANTIZE:
		return (MD_QN);
	case MD_AGG_LQUANTIZE:
		return ((size_t)q->mq_levels + 2);
	case MD_AGG_LLQUANTIZE:
		break;
	default:
		return (0);
	}
	if (q->mq_dialect == MD_DIALECT_ORACLE)
		return ((size_t)(2 * (q->mq_high - q->mq_low + 1) *
		    (q->mq_steps - q->mq_steps / q->mq_factor) + 3));
	for (n = 2, o = q->mq_low; o <= q->mq_high; o++)
		n += md_quant_illumos_n(q, o) - md_quant_illumos_n(q, o) /
		    q->mq_factor;
	return ((size_t)n);
}

static void
md_quant_set(md_bucket_t *b, int64_t min, int64_t max, int open)
{
	b->mb_min = min;
	b->mb_max = max;
	b->mb_open = open;
}

static int
md_quant_q(size_t i, md_bucket_t *b)
{
	if (i == MD_QZERO)
		md_quant_set(b, 0, 0, 0);
	else if (i > MD_QZERO)
		md_quant_set(b, (int64_t)1 << (i - MD_QZERO - 1), i == MD_QN - 1 ?
		    INT64_MAX : ((int64_t)1 << (i - MD_QZERO)) - 1, 0);
	else
		md_quant_set(b, i == 0 ? INT64_MIN : -(((int64_t)1 <<
		    (MD_QZERO - i)) - 1), -((int64_t)1 << (MD_QZERO - 1 - i)),
		    0);
	return (0);
}

static int
md_quant_lq(const md_quant_t *q, size_t i, md_bucket_t *b)
{
	int64_t step = (int64_t)q->mq_step;

	if (i == 0)
		md_quant_set(b, 0, q->mq_base - 1, MD_BUCKET_NOMIN);
	else if (i > q->mq_levels)
		md_quant_set(b, q->mq_base + (int64_t)q->mq_levels * step, 0,
		    MD_BUCKET_NOMAX);
	else
		md_quant_set(b, q->mq_base + (int64_t)(i - 1) * step,
		    q->mq_base + (int64_t)i * step - 1, 0);
	return (0);
}

/* ceil(a / b) */
static uint64_t
md_quant_ceil(uint64_t a, uint64_t b)
{
	return (a / b + (a % b != 0));
}

/* Oracle's llquantize: bucket i, symmetric around the middle one. */
static int
md_quant_llq_oracle(const md_quant_t *q, size_t i, md_bucket_t *b)
{
	uint64_t f = q->mq_factor, s = q->mq_steps, sf = s / f, nb = s - sf;
	uint64_t mid = 1 + (q->mq_high - q->mq_low + 1) * nb, o, m, j, w, lo, hi;
	uint64_t top = md_quant_pow(f, q->mq_high + 1);

	if (i == mid) {
		lo = md_quant_pow(f, q->mq_low) - 1;
		md_quant_set(b, -(int64_t)lo, (int64_t)lo, 0);
		return (0);
	}
	if (i == 0 || i == 2 * mid) {
		if (top == 0)	/* no value reaches past INT64_MAX */
			return (-1);
		md_quant_set(b, i == 0 ? 0 : (int64_t)top, i == 0 ?
		    -(int64_t)top : 0, i == 0 ? MD_BUCKET_NOMIN :
		    MD_BUCKET_NOMAX);
		return (0);
	}
	o = i > mid ? i - mid : mid - i;
	m = q->mq_low + (o - 1) / nb;
	j = (o - 1) % nb;
	if ((w = md_quant_pow(f, m + 1)) == 0)
		return (-1);
	if (m == 0) {	/* floor(t s / f) = j + sf */
		lo = md_quant_ceil((j + sf) * f, s);
		hi = md_quant_ceil((j + sf + 1) * f, s) - 1;
		lo = lo < 1 ? 1 : lo;
	} else {	/* s divides f^(m+1) */
		lo = (j + sf) * (w / s);
		hi = (j + sf + 1) * (w / s) - 1;
		lo = lo < w / f ? w / f : lo;
	}
	if (lo > hi)
		return (-1);
	if (i > mid)
		md_quant_set(b, (int64_t)lo, (int64_t)hi, 0);
	else
		md_quant_set(b, -(int64_t)hi, -(int64_t)lo, 0);
	return (0);
}

/* illumos' llquantize: bucket i, order by order from factor^low. */
static int
md_quant_llq_illumos(const md_quant_t *q, size_t i, md_bucket_t *b)
{
	uint64_t f = q->mq_factor, base = 1, o, n, skip, t, w;

	if (i == 0) {
		md_quant_set(b, 0, (int64_t)md_quant_pow(f, q->mq_low) - 1,
		    MD_BUCKET_NOMIN);
		return (0);
	}
	for (o = q->mq_low; o <= q->mq_high; o++) {
		n = md_quant_illumos_n(q, o);
		skip = n / f;
		if (i < base + n - skip) {
			if ((t = md_quant_pow(f, o + 1)) == 0)
				return (-1);
			w = t / n;
			md_quant_set(b, (int64_t)((t / f) + (i - base) * w),
			    (int64_t)((t / f) + (i - base + 1) * w - 1), 0);
			return (0);
		}
		base += n - skip;
	}
	if ((t = md_quant_pow(f, q->mq_high + 1)) == 0)
		return (-1);
	md_quant_set(b, (int64_t)t, 0, MD_BUCKET_NOMAX);
	return (0);
}

int
md_quant_bucket(const md_quant_t *q, size_t i, md_bucket_t *b)
{
	if (i >= md_quant_nbuckets(q))
		return (-1);
	switch (q->mq_fn) {
	case MD_AGG_QUANTIZE:
		return (md_quant_q(i, b));
	case MD_AGG_LQUANTIZE:
		return (md_quant_lq(q, i, b));
	default:
		return (q->mq_dialect == MD_DIALECT_ORACLE ?
		    md_quant_llq_oracle(q, i, b) : md_quant_llq_illumos(q, i, b));
	}
}

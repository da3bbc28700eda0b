/*
 * check_quant.c: each bucket of each quantization, as the dtrace of each
 * dialect counts values in it (md_quant.c): the least and greatest value,
 * the open ends, the buckets that can hold nothing.
 */

#include <stdint.h>

#include "check_md.h"

/* Bucket i of q must be [min, max] (open: MD_BUCKET_NOMIN, NOMAX). */
static void
t_bucket(const md_quant_t *q, size_t i, int64_t min, int64_t max, int open)
{
	md_bucket_t b;

	ck_assert_msg(md_quant_bucket(q, i, &b) == 0, "bucket %zu: none", i);
	ck_assert_msg(b.mb_open == open, "bucket %zu: open %d, not %d", i,
	    b.mb_open, open);
	if (!(open & MD_BUCKET_NOMIN))
		ck_assert_msg(b.mb_min == min, "bucket %zu: min %lld, not %lld",
		    i, (long long)b.mb_min, (long long)min);
	if (!(open & MD_BUCKET_NOMAX))
		ck_assert_msg(b.mb_max == max, "bucket %zu: max %lld, not %lld",
		    i, (long long)b.mb_max, (long long)max);
}

/* quantize(): 127 buckets, 0 in the middle, the ends at INT64's. */
START_TEST(quant_should_bucket_quantize_by_powers_of_two)
{
	md_quant_t q;
	md_bucket_t b;

	ck_assert_int_eq(md_quant_init(&q, MD_AGG_QUANTIZE,
	    MD_DIALECT_ORACLE, 0), 0);
	ck_assert_uint_eq(md_quant_nbuckets(&q), 127);
	t_bucket(&q, 63, 0, 0, 0);
	t_bucket(&q, 64, 1, 1, 0);
	t_bucket(&q, 65, 2, 3, 0);
	t_bucket(&q, 66, 4, 7, 0);
	t_bucket(&q, 125, INT64_C(1) << 61, (INT64_C(1) << 62) - 1, 0);
	t_bucket(&q, 126, INT64_C(1) << 62, INT64_MAX, 0);
	t_bucket(&q, 62, -1, -1, 0);
	t_bucket(&q, 61, -3, -2, 0);
	t_bucket(&q, 1, -((INT64_C(1) << 62) - 1), -(INT64_C(1) << 61), 0);
	t_bucket(&q, 0, INT64_MIN, -(INT64_C(1) << 62), 0);
	ck_assert_int_eq(md_quant_bucket(&q, 127, &b), -1);
}
END_TEST

/* lquantize(v, -10, 20, 5): 6 levels, the ends open. */
START_TEST(quant_should_bucket_lquantize_by_steps)
{
	uint64_t arg = (UINT64_C(5) << 48) | (UINT64_C(6) << 32) |
	    (uint32_t)-10;
	md_quant_t q;
	int d;

	for (d = MD_DIALECT_ORACLE; d <= MD_DIALECT_ILLUMOS; d++) {
		ck_assert_int_eq(md_quant_init(&q, MD_AGG_LQUANTIZE,
		    (md_dialect_t)d, arg), 0);
		ck_assert_int_eq(q.mq_base, -10);
		ck_assert_uint_eq(md_quant_nbuckets(&q), 8);
		t_bucket(&q, 0, 0, -11, MD_BUCKET_NOMIN);
		t_bucket(&q, 1, -10, -6, 0);
		t_bucket(&q, 2, -5, -1, 0);
		t_bucket(&q, 3, 0, 4, 0);
		t_bucket(&q, 6, 15, 19, 0);
		t_bucket(&q, 7, 20, 0, MD_BUCKET_NOMAX);
	}
	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LQUANTIZE,
	    MD_DIALECT_ORACLE, UINT64_C(6) << 32), -1);	/* step 0 */
}
END_TEST

/*
 * Oracle's llquantize(v, 10, 1, 2, 5): symmetric around the middle bucket
 * (11), which holds abs() < 10; 5 buckets an order, 0 below -1000.
 */
START_TEST(quant_should_bucket_oracle_llquantize_symmetrically)
{
	uint64_t arg = (UINT64_C(5) << 48) | (UINT64_C(2) << 32) |
	    (UINT64_C(1) << 16) | 10;
	md_quant_t q;

	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LLQUANTIZE,
	    MD_DIALECT_ORACLE, arg), 0);
	ck_assert_uint_eq(q.mq_factor, 10);
	ck_assert_uint_eq(q.mq_low, 1);
	ck_assert_uint_eq(q.mq_high, 2);
	ck_assert_uint_eq(q.mq_steps, 5);
	ck_assert_uint_eq(md_quant_nbuckets(&q), 23);
	t_bucket(&q, 11, -9, 9, 0);
	t_bucket(&q, 12, 10, 19, 0);
	t_bucket(&q, 13, 20, 39, 0);
	t_bucket(&q, 16, 80, 99, 0);
	t_bucket(&q, 17, 100, 199, 0);
	t_bucket(&q, 21, 800, 999, 0);
	t_bucket(&q, 22, 1000, 0, MD_BUCKET_NOMAX);
	t_bucket(&q, 10, -19, -10, 0);
	t_bucket(&q, 1, -999, -800, 0);
	t_bucket(&q, 0, 0, -1000, MD_BUCKET_NOMIN);
}
END_TEST

/*
 * llquantize(v, 10, 0, 2, 20): with more steps than the factor, the
 * lowest order has buckets no value reaches (printa skips them).  And
 * the row abs() < 1000 of llquantize(v, 10, 3, 4, 10) is [-999, 999].
 */
START_TEST(quant_should_skip_buckets_no_value_reaches)
{
	uint64_t arg = (UINT64_C(20) << 48) | (UINT64_C(2) << 32) | 10;
	md_quant_t q;
	md_bucket_t b;

	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LLQUANTIZE,
	    MD_DIALECT_ORACLE, arg), 0);
	ck_assert_uint_eq(md_quant_nbuckets(&q), 111);
	t_bucket(&q, 55, 0, 0, 0);
	t_bucket(&q, 56, 1, 1, 0);
	ck_assert_int_eq(md_quant_bucket(&q, 57, &b), -1);
	t_bucket(&q, 58, 2, 2, 0);
	t_bucket(&q, 74, 10, 14, 0);
	t_bucket(&q, 75, 15, 19, 0);
	t_bucket(&q, 54, -1, -1, 0);
	arg = (UINT64_C(10) << 48) | (UINT64_C(4) << 32) |
	    (UINT64_C(3) << 16) | 10;
	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LLQUANTIZE,
	    MD_DIALECT_ORACLE, arg), 0);
	t_bucket(&q, 1 + 2 * 9, -999, 999, 0);
}
END_TEST

/*
 * illumos' llquantize(v, 10, 0, 2, 20): everything below 1 (negative
 * values too) in bucket 0, nine of width 1, eighteen of 5, of 50.
 */
START_TEST(quant_should_bucket_illumos_llquantize_by_order)
{
	uint64_t arg = (UINT64_C(10) << 48) | (UINT64_C(0) << 32) |
	    (UINT64_C(2) << 16) | 20;
	md_quant_t q;

	ck_assert_int_eq(md_quant_init(&q, MD_AGG_LLQUANTIZE,
	    MD_DIALECT_ILLUMOS, arg), 0);
	ck_assert_uint_eq(q.mq_factor, 10);
	ck_assert_uint_eq(q.mq_high, 2);
	ck_assert_uint_eq(q.mq_steps, 20);
	ck_assert_uint_eq(md_quant_nbuckets(&q), 47);
	t_bucket(&q, 0, 0, 0, MD_BUCKET_NOMIN);
	t_bucket(&q, 1, 1, 1, 0);
	t_bucket(&q, 9, 9, 9, 0);
	t_bucket(&q, 10, 10, 14, 0);
	t_bucket(&q, 27, 95, 99, 0);
	t_bucket(&q, 28, 100, 149, 0);
	t_bucket(&q, 45, 950, 999, 0);
	t_bucket(&q, 46, 1000, 0, MD_BUCKET_NOMAX);
}
END_TEST

START_TEST(aggfn_should_be_named_as_d_names_it)
{
	ck_assert_int_eq(md_aggfn_byname("llquantize", 10), MD_AGG_LLQUANTIZE);
	ck_assert_int_eq(md_aggfn_byname("count(x)", 5), MD_AGG_COUNT);
	ck_assert_int_eq(md_aggfn_byname("counts", 6), MD_AGG_NONE);
	ck_assert_int_eq(md_aggfn_byname("", 0), MD_AGG_NONE);
}
END_TEST

Suite *
quant_suite(void)
{
	Suite *s = suite_create("quant");
	TCase *tc = tcase_create("quant");

	tcase_add_test(tc, quant_should_bucket_quantize_by_powers_of_two);
	tcase_add_test(tc, quant_should_bucket_lquantize_by_steps);
	tcase_add_test(tc, quant_should_bucket_oracle_llquantize_symmetrically);
	tcase_add_test(tc, quant_should_skip_buckets_no_value_reaches);
	tcase_add_test(tc, quant_should_bucket_illumos_llquantize_by_order);
	tcase_add_test(tc, aggfn_should_be_named_as_d_names_it);
	suite_add_tcase(s, tc);
	return (s);
}

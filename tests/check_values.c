/*
 * check_values.c: from an aggregation's records, made here by hand as
 * dtrace lays them out, to the JSON lines meta-d --run prints (SPEC
 * 8.1): every shape and its zero, exact integers to INT64's ends, the
 * quotients, the buckets, keys escaped, records of keys alike merged; and
 * the part of each interval of values that add up (md_delta.c).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

/* The line of v for an interval at 1764035000.125 of 1 s, no drops. */
static const char *
t_line(md_values_t *v)
{
	md_error_t err;
	size_t len;
	char *line = md_values_line(v, 1764035000.125, 1.0, 0, 0, &len, &err);

	return (t_took(line, len, &err));
}

/* No key: a number, 0 when nothing fired; integers exact. */
START_TEST(values_should_print_a_number_and_its_zero)
{
	md_values_t *v = md_values_new(0, MD_AGG_COUNT, NULL);
	int64_t w = 42;

	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": 0}\n");
	t_add(v, NULL, NULL, NULL, MD_AGG_COUNT, &w, 1, NULL);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": 42}\n");
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": 0}\n");
	md_values_free(v);

	v = md_values_new(0, MD_AGG_SUM, NULL);
	w = INT64_MIN;
	t_add(v, NULL, NULL, NULL, MD_AGG_SUM, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": -9223372036854775808}"));
	w = INT64_MAX;
	t_add(v, NULL, NULL, NULL, MD_AGG_SUM, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": 9223372036854775807}"));
	md_values_free(v);
}
END_TEST

/* avg and stddev: the exact quotient, not printa's truncated one. */
START_TEST(values_should_print_quotients_whole)
{
	md_values_t *v = md_values_new(0, MD_AGG_AVG, NULL);
	int64_t avg[2] = { 3, 10 }, sd[4] = { 4, 10, 30, 0 };

	t_add(v, NULL, NULL, NULL, MD_AGG_AVG, avg, 2, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": 3.3333333333333335}"));
	md_values_free(v);
	/* 1, 2, 3, 4: mean 2.5, E[x^2] 7.5, stddev sqrt(1.25) */
	v = md_values_new(0, MD_AGG_STDDEV, NULL);
	t_add(v, NULL, NULL, NULL, MD_AGG_STDDEV, sd, 4, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": 1.118033988749895}"));
	/* a sum of squares past 64 bits: 2^32 twice, stddev 0 */
	sd[0] = 2;
	sd[1] = INT64_C(1) << 33;
	sd[2] = 0;
	sd[3] = 2;
	t_add(v, NULL, NULL, NULL, MD_AGG_STDDEV, sd, 4, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": 0}"));
	md_values_free(v);
}
END_TEST

/* -n: the buckets that are not 0, ascending, [] when nothing fired. */
START_TEST(values_should_print_distributions_by_bucket)
{
	int64_t data[127] = { 0 };
	md_values_t *v = md_values_new(0, MD_AGG_QUANTIZE, NULL);
	md_quant_t q, lq;

	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": []}\n");
	data[0] = 1;
	data[63] = 2;
	data[65] = 3;
	data[126] = 4;
	t_add(v, NULL, NULL, NULL, MD_AGG_QUANTIZE, data, 127, &q);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": [[[-9223372036854775808, "
	    "-4611686018427387904], 1], [[0, 0], 2], [[2, 3], 3], "
	    "[[4611686018427387904, 9223372036854775807], 4]]}\n");
	md_values_free(v);

	/* lquantize's open ends are null */
	v = md_values_new(0, MD_AGG_LQUANTIZE, NULL);
	(void) md_quant_init(&lq, MD_AGG_LQUANTIZE, MD_DIALECT_ORACLE,
	    (UINT64_C(10) << 48) | (UINT64_C(2) << 32));
	(void) memset(data, 0, sizeof (data));
	data[0] = 5;
	data[3] = 6;
	t_add(v, NULL, NULL, NULL, MD_AGG_LQUANTIZE, data, 4, &lq);
	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": [[[null, -1], "
	    "5], [[20, null], 6]]}"));
	md_values_free(v);
}
END_TEST

/*
 * llquantize's lines, in each dialect's layout: Oracle's symmetric
 * buckets (llquantize(v, 10, 1, 2, 5): the middle one abs() < 10, the
 * ends open) and illumos' by order (llquantize(v, 10, 0, 2, 20): bucket 0
 * all below 1, negative values too).
 */
START_TEST(values_should_print_llquantize_in_both_dialects)
{
	int64_t data[111] = { 0 };
	md_values_t *v = md_values_new(0, MD_AGG_LLQUANTIZE, NULL);
	md_quant_t q;

	(void) md_quant_init(&q, MD_AGG_LLQUANTIZE, MD_DIALECT_ORACLE,
	    (UINT64_C(5) << 48) | (UINT64_C(2) << 32) | (UINT64_C(1) << 16) |
	    10);
	data[0] = 1;
	data[10] = 2;
	data[11] = 3;
	data[17] = 4;
	data[22] = INT64_MAX;
	t_add(v, NULL, NULL, NULL, MD_AGG_LLQUANTIZE, data, 23, &q);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": [[[null, -1000], 1], "
	    "[[-19, -10], 2], [[-9, 9], 3], [[100, 199], 4], "
	    "[[1000, null], 9223372036854775807]]}\n");
	md_values_free(v);

	v = md_values_new(0, MD_AGG_LLQUANTIZE, NULL);
	(void) md_quant_init(&q, MD_AGG_LLQUANTIZE, MD_DIALECT_ILLUMOS,
	    (UINT64_C(10) << 48) | (UINT64_C(2) << 16) | 20);
	(void) memset(data, 0, sizeof (data));
	data[0] = 5;
	data[10] = 6;
	data[46] = 7;
	t_add(v, NULL, NULL, NULL, MD_AGG_LLQUANTIZE, data, 47, &q);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": [[[null, 0], 5], [[10, 14], 6], "
	    "[[1000, null], 7]]}\n");
	md_values_free(v);
}
END_TEST

/* -s, -s -n, -s -s: objects by key, sorted; {} when nothing fired. */
START_TEST(values_should_print_objects_by_key)
{
	int64_t data[127] = { 0 }, w;
	md_values_t *v = md_values_new(1, MD_AGG_COUNT, NULL);
	md_quant_t q;

	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": {}}"));
	w = 2;
	t_add(v, NULL, "sshd", NULL, MD_AGG_COUNT, &w, 1, NULL);
	w = 7;
	t_add(v, NULL, "bash", NULL, MD_AGG_COUNT, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": {\"bash\": 7, \"sshd\": 2}}"));
	md_values_free(v);

	v = md_values_new(1, MD_AGG_QUANTIZE, NULL);
	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	data[64] = 1;
	t_add(v, NULL, "a", NULL, MD_AGG_QUANTIZE, data, 127, &q);
	ck_assert_ptr_nonnull(strstr(t_line(v),
	    "\"value\": {\"a\": [[[1, 1], 1]]}}"));
	md_values_free(v);

	v = md_values_new(2, MD_AGG_SUM, NULL);
	w = 1;
	t_add(v, NULL, "b", "y", MD_AGG_SUM, &w, 1, NULL);
	t_add(v, NULL, "a", "z", MD_AGG_SUM, &w, 1, NULL);
	t_add(v, NULL, "b", "x", MD_AGG_SUM, &w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": {\"a\": {\"z\": "
	    "1}, \"b\": {\"x\": 1, \"y\": 1}}}"));
	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": {}}"));
	md_values_free(v);
}
END_TEST

/* Keys that print alike are one: sums add, min and max keep extremes. */
START_TEST(values_should_merge_keys_alike)
{
	int64_t w[2] = { 3, 5 }, data[127] = { 0 }, more[127] = { 0 };
	md_values_t *v = md_values_new(1, MD_AGG_MAX, NULL);
	md_quant_t q;

	t_add(v, NULL, "f", NULL, MD_AGG_MAX, w, 1, NULL);
	t_add(v, NULL, "f", NULL, MD_AGG_MAX, w + 1, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v), "{\"f\": 5}"));
	md_values_free(v);
	v = md_values_new(1, MD_AGG_MIN, NULL);
	t_add(v, NULL, "f", NULL, MD_AGG_MIN, w + 1, 1, NULL);
	t_add(v, NULL, "f", NULL, MD_AGG_MIN, w, 1, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v), "{\"f\": 3}"));
	md_values_free(v);
	v = md_values_new(1, MD_AGG_AVG, NULL);
	t_add(v, NULL, "f", NULL, MD_AGG_AVG, w, 2, NULL);	/* 3 of 5 */
	t_add(v, NULL, "f", NULL, MD_AGG_AVG, w, 2, NULL);	/* 6 of 10 */
	ck_assert_ptr_nonnull(strstr(t_line(v), "{\"f\": 1.6666666666666667}"));
	md_values_free(v);
	v = md_values_new(1, MD_AGG_QUANTIZE, NULL);
	(void) md_quant_init(&q, MD_AGG_QUANTIZE, MD_DIALECT_ORACLE, 0);
	data[64] = 1;
	data[66] = 2;
	more[65] = 4;
	more[66] = 8;
	t_add(v, NULL, "f", NULL, MD_AGG_QUANTIZE, data, 127, &q);
	t_add(v, NULL, "f", NULL, MD_AGG_QUANTIZE, more, 127, &q);
	ck_assert_ptr_nonnull(strstr(t_line(v), "{\"f\": [[[1, 1], 1], "
	    "[[2, 3], 4], [[4, 7], 10]]}"));
	md_values_free(v);
}
END_TEST

/*
 * A key in its form (SPEC 8.1: a backslash doubled, a byte that is not
 * UTF-8 as \xHH), then JSON escapes what it must.
 */
START_TEST(values_should_escape_keys)
{
	md_values_t *v = md_values_new(1, MD_AGG_COUNT, NULL);
	const char *keys[1] = { "a\"b\\c\n\t\001\xff\xc3\xa9z\0x" };
	size_t lens[1] = { 14 };
	int64_t w = 1;
	md_value_t val = { MD_AGG_COUNT, NULL, &w, 1 };
	md_error_t err;

	ck_assert_int_eq(md_values_add(v, keys, lens, &val, &err), 0);
	ck_assert_ptr_nonnull(strstr(t_line(v), "{\"a\\\"b\\\\\\\\c\\n\\t"
	    "\\u0001\\\\xff\xc3\xa9z\\u0000x\": 1}"));
	md_values_free(v);
}
END_TEST

/*
 * Keys that differ never print alike: Latin-1's "caf" E9 (a process any
 * user can name so) is not the UTF-8 "café", nor the text "caf\xe9"
 * (which a program may name itself too), nor a lone byte C3.
 */
START_TEST(values_should_keep_keys_apart)
{
	md_values_t *v = md_values_new(1, MD_AGG_COUNT, NULL);
	int64_t a = 1000, b = 5, c = 7, d = 9;

	t_add(v, NULL, "caf\xe9", NULL, MD_AGG_COUNT, &a, 1, NULL);
	t_add(v, NULL, "caf\xc3\xa9", NULL, MD_AGG_COUNT, &b, 1, NULL);
	t_add(v, NULL, "caf\\xe9", NULL, MD_AGG_COUNT, &c, 1, NULL);
	t_add(v, NULL, "caf\xc3", NULL, MD_AGG_COUNT, &d, 1, NULL);
	ck_assert_str_eq(t_line(v), "{\"start\": 1764035000.125, "
	    "\"duration\": 1, \"value\": {\"caf\\\\\\\\xe9\": 7, "
	    "\"caf\\\\xc3\": 9, \"caf\\\\xe9\": 1000, \"caf\xc3\xa9\": 5}}\n");
	md_values_free(v);
}
END_TEST

/* md_key_form(): the form's length whatever the room, cut whole. */
START_TEST(key_form_should_fit_its_room)
{
	char buf[16];

	ck_assert_uint_eq(md_key_form(NULL, 0, "a\xff", 2), 5);
	ck_assert_uint_eq(md_key_form(buf, sizeof (buf), "a\xff\\", 3), 7);
	ck_assert_str_eq(buf, "a\\xff\\\\");
	/* no piece cut in halves: "a" and then no room for \xff */
	ck_assert_uint_eq(md_key_form(buf, 4, "a\xff", 2), 5);
	ck_assert_str_eq(buf, "a");
	ck_assert_uint_eq(md_key_form(buf, 1, "abc", 3), 3);
	ck_assert_str_eq(buf, "");
	/* UTF-8 as it is, to the last valid sequence */
	ck_assert_uint_eq(md_key_form(buf, sizeof (buf), "\xe2\x82\xac\xe2\x82",
	    5), 11);
	ck_assert_str_eq(buf, "\xe2\x82\xac\\xe2\\x82");
	/* an overlong form and a surrogate are no UTF-8 */
	ck_assert_uint_eq(md_key_form(buf, sizeof (buf), "\xc0\xaf", 2), 8);
	ck_assert_str_eq(buf, "\\xc0\\xaf");
}
END_TEST

/*
 * stddev's records of keys alike add in words that wrap, as dtrace's do:
 * at INT64's ends, no signed overflow (the sanitizers' build of the
 * tests stops at one).
 */
START_TEST(values_should_merge_stddev_at_int64s_ends)
{
	md_values_t *v = md_values_new(1, MD_AGG_STDDEV, NULL);
	int64_t w[4] = { INT64_MAX, INT64_MAX, -1, INT64_MAX };
	int64_t avg[2] = { INT64_MAX, INT64_MIN };
	int64_t r[4];

	t_add(v, NULL, "k", NULL, MD_AGG_STDDEV, w, 4, NULL);
	t_add(v, NULL, "k", NULL, MD_AGG_STDDEV, w, 4, NULL);
	ck_assert_ptr_nonnull(strstr(t_line(v), "\"value\": {\"k\": 0}"));
	md_values_free(v);
	v = md_values_new(1, MD_AGG_AVG, NULL);
	t_add(v, NULL, "k", NULL, MD_AGG_AVG, avg, 2, NULL);
	t_add(v, NULL, "k", NULL, MD_AGG_AVG, avg, 2, NULL);
	(void) t_line(v);
	md_values_free(v);
	(void) memcpy(r, w, sizeof (r));
	md_value_merge(MD_AGG_STDDEV, r, w);
	ck_assert_int_eq(r[0], -2);	/* 2^64 - 2, wrapped */
	ck_assert_int_eq(r[2], -2);	/* 2^65 - 2: the low word, */
	ck_assert_int_eq(r[3], (int64_t)((uint64_t)INT64_MAX * 2 + 1));
}
END_TEST

/* drops and errors follow value, where there were any. */
START_TEST(values_should_say_drops_and_errors)
{
	md_values_t *v = md_values_new(0, MD_AGG_COUNT, NULL);
	md_error_t err;
	size_t len;
	char *line = md_values_line(v, 1.5, 0.4375, 3, 0, &len, &err);

	ck_assert_str_eq(line, "{\"start\": 1.5, \"duration\": 0.438, "
	    "\"value\": 0, \"drops\": 3}\n");
	free(line);
	line = md_values_line(v, 2, 1, 0, UINT64_MAX, &len, &err);
	ck_assert_str_eq(line, "{\"start\": 2, \"duration\": 1, \"value\": 0, "
	    "\"errors\": 18446744073709551615}\n");
	free(line);
	line = md_values_line(v, 2, 1, 1, 2, &len, &err);
	ck_assert_str_eq(line, "{\"start\": 2, \"duration\": 1, \"value\": 0, "
	    "\"drops\": 1, \"errors\": 2}\n");
	free(line);
	md_values_free(v);
}
END_TEST

/* A value of another function or size is refused, not misread. */
START_TEST(values_should_refuse_what_is_not_their_function)
{
	md_values_t *v = md_values_new(0, MD_AGG_AVG, NULL);
	int64_t w[2] = { 1, 1 };
	md_value_t val = { MD_AGG_COUNT, NULL, w, 1 };
	md_error_t err;

	ck_assert_int_eq(md_values_add(v, NULL, NULL, &val, &err), -1);
	val.mv_fn = MD_AGG_AVG;
	ck_assert_int_eq(md_values_add(v, NULL, NULL, &val, &err), -1);
	ck_assert_str_eq(err.mde_msg, "a value of 1 words where 2 are "
	    "expected");
	ck_assert_ptr_null(md_values_new(3, MD_AGG_COUNT, &err));
	ck_assert_ptr_null(md_values_new(0, MD_AGG_NONE, &err));
	md_values_free(v);
	md_values_free(NULL);
}
END_TEST

/* Series: each snapshot's part since the last, by record. */
START_TEST(series_should_give_each_interval_its_part)
{
	md_series_t *s = md_series_new(NULL);
	int64_t cum[4], d[4];
	md_error_t err;

	cum[0] = 5;
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, cum, d,
	    1, &err), 1);
	ck_assert_int_eq(d[0], 5);
	cum[0] = 12;
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, cum, d,
	    1, &err), 1);
	ck_assert_int_eq(d[0], 7);
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, cum, d,
	    1, &err), 0);
	ck_assert_int_eq(d[0], 0);
	/* another record, the same text with another length */
	cum[0] = 1;
	ck_assert_int_eq(md_series_delta(s, "k\0", 2, 1, MD_AGG_COUNT, cum, d,
	    1, &err), 1);
	ck_assert_int_eq(d[0], 1);
	/* a new generation starts from zero */
	cum[0] = 3;
	ck_assert_int_eq(md_series_delta(s, "k", 1, 2, MD_AGG_COUNT, cum, d,
	    1, &err), 1);
	ck_assert_int_eq(d[0], 3);
	/* stddev's sum of squares: 128 bits, with its borrow */
	cum[0] = 1;
	cum[1] = 1;
	cum[2] = -1;	/* 2^64 - 1 */
	cum[3] = 0;
	(void) md_series_delta(s, "sd", 2, 1, MD_AGG_STDDEV, cum, d, 4, &err);
	cum[2] = 5;
	cum[3] = 1;	/* 2^64 + 5: 6 more */
	ck_assert_int_eq(md_series_delta(s, "sd", 2, 1, MD_AGG_STDDEV, cum, d,
	    4, &err), 1);
	ck_assert_int_eq(d[2], 6);
	ck_assert_int_eq(d[3], 0);
	/* a record whose size changes is an error */
	ck_assert_int_eq(md_series_delta(s, "sd", 2, 1, MD_AGG_STDDEV, cum, d,
	    2, &err), -1);
	md_series_free(s);
}
END_TEST

/*
 * Idle records: each call without a change counts an interval; a change
 * starts again from 0; a record let go starts from zero when it comes
 * back, and its slot serves the next one.
 */
START_TEST(series_should_count_idle_intervals_and_forget)
{
	md_series_t *s = md_series_new(NULL);
	int64_t cum = 4, d;
	md_error_t err;
	int i;

	ck_assert_uint_eq(md_series_idle(s, "k", 1), 0);
	ck_assert_int_eq(md_series_forget(s, "k", 1), 0);
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, &cum, &d,
	    1, &err), 1);
	for (i = 1; i <= 3; i++) {
		ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT,
		    &cum, &d, 1, &err), 0);
		ck_assert_uint_eq(md_series_idle(s, "k", 1), (uint64_t)i);
	}
	cum = 6;
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, &cum, &d,
	    1, &err), 1);
	ck_assert_uint_eq(md_series_idle(s, "k", 1), 0);
	ck_assert_uint_eq(md_series_count(s), 1);
	ck_assert_int_eq(md_series_forget(s, "k", 1), 1);
	ck_assert_uint_eq(md_series_count(s), 0);
	/* back from zero: dtrace's record was removed with it */
	cum = 2;
	ck_assert_int_eq(md_series_delta(s, "k", 1, 1, MD_AGG_COUNT, &cum, &d,
	    1, &err), 1);
	ck_assert_int_eq(d, 2);
	md_series_free(s);
}
END_TEST

/*
 * A flood of short-lived keys, each let go after a while: the records held
 * stay as few as the keys alive at once, and every value stays its own.
 */
START_TEST(series_should_reuse_what_it_forgot)
{
	md_series_t *s = md_series_new(NULL);
	int64_t cum, d;
	md_error_t err;
	uint32_t k;

	for (k = 0; k < 100000; k++) {
		cum = (int64_t)k + 1;
		ck_assert_int_eq(md_series_delta(s, &k, sizeof (k), 1,
		    MD_AGG_COUNT, &cum, &d, 1, &err), 1);
		ck_assert_int_eq(d, (int64_t)k + 1);
		if (k >= 10) {
			uint32_t old = k - 10;

			ck_assert_int_eq(md_series_forget(s, &old,
			    sizeof (old)), 1);
		}
	}
	ck_assert_uint_eq(md_series_count(s), 10);
	for (k = 100000 - 10; k < 100000; k++) {
		cum = (int64_t)k + 3;
		ck_assert_int_eq(md_series_delta(s, &k, sizeof (k), 1,
		    MD_AGG_COUNT, &cum, &d, 1, &err), 1);
		ck_assert_int_eq(d, 2);
	}
	md_series_free(s);
}
END_TEST

/* Many records: the table grows, and every one keeps its own value. */
START_TEST(series_should_keep_many_records)
{
	md_series_t *s = md_series_new(NULL);
	int64_t cum, d;
	md_error_t err;
	uint32_t k;

	for (k = 0; k < 20000; k++) {
		cum = (int64_t)k;
		ck_assert_int_ge(md_series_delta(s, &k, sizeof (k), 1,
		    MD_AGG_SUM, &cum, &d, 1, &err), 0);
	}
	for (k = 0; k < 20000; k++) {
		cum = (int64_t)k * 3;
		(void) md_series_delta(s, &k, sizeof (k), 1, MD_AGG_SUM, &cum,
		    &d, 1, &err);
		ck_assert_int_eq(d, (int64_t)k * 2);
	}
	md_series_free(s);
}
END_TEST

Suite *
values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("values");

	tcase_add_test(tc, values_should_print_a_number_and_its_zero);
	tcase_add_test(tc, values_should_print_quotients_whole);
	tcase_add_test(tc, values_should_print_distributions_by_bucket);
	tcase_add_test(tc, values_should_print_llquantize_in_both_dialects);
	tcase_add_test(tc, values_should_print_objects_by_key);
	tcase_add_test(tc, values_should_merge_keys_alike);
	tcase_add_test(tc, values_should_escape_keys);
	tcase_add_test(tc, values_should_keep_keys_apart);
	tcase_add_test(tc, key_form_should_fit_its_room);
	tcase_add_test(tc, values_should_merge_stddev_at_int64s_ends);
	tcase_add_test(tc, values_should_say_drops_and_errors);
	tcase_add_test(tc, values_should_refuse_what_is_not_their_function);
	tcase_add_test(tc, series_should_give_each_interval_its_part);
	tcase_add_test(tc, series_should_keep_many_records);
	tcase_add_test(tc, series_should_count_idle_intervals_and_forget);
	tcase_add_test(tc, series_should_reuse_what_it_forgot);
	suite_add_tcase(s, tc);
	return (s);
}

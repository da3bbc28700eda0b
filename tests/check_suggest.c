/*
 * check_suggest.c: "did you mean": slips are found, strangers are not.
 */

#include <string.h>

#include "check_md.h"

static const char *const fields[] = {
	"hostname", "zonename", "syscall", "execname", "psargs", "latency"
};
#define	NFIELDS	(sizeof (fields) / sizeof (fields[0]))

/* One edit: a letter left out, added, changed, or two swapped. */
START_TEST(suggest_should_find_one_slip)
{
	ck_assert_str_eq(md_suggest("exename", fields, NFIELDS), "execname");
	ck_assert_str_eq(md_suggest("execnamee", fields, NFIELDS), "execname");
	ck_assert_str_eq(md_suggest("exucname", fields, NFIELDS), "execname");
	ck_assert_str_eq(md_suggest("excename", fields, NFIELDS), "execname");
	ck_assert_str_eq(md_suggest("Latency", fields, NFIELDS), "latency");
}
END_TEST

/* Up to a third of the longer word, or a prefix of three or more. */
START_TEST(suggest_should_find_prefixes_and_near_words)
{
	static const char *const keys[] = { "probes", "transforms", "clean" };

	ck_assert_str_eq(md_suggest("transformations", keys, 3), "transforms");
	ck_assert_str_eq(md_suggest("zone", fields, NFIELDS), "zonename");
	ck_assert_str_eq(md_suggest("probe", keys, 3), "probes");
	ck_assert_str_eq(md_suggest("clear", keys, 3), "clean");
}
END_TEST

START_TEST(suggest_should_leave_strangers_alone)
{
	static const char *const two[] = { "ab", "cd" };
	char longword[100];

	ck_assert_ptr_null(md_suggest("foo", fields, NFIELDS));
	ck_assert_ptr_null(md_suggest("pid", fields, NFIELDS));
	/* a word is not its own slip */
	ck_assert_ptr_null(md_suggest("execname", fields, NFIELDS));
	ck_assert_ptr_null(md_suggest("", fields, NFIELDS));
	ck_assert_ptr_null(md_suggest("x", two, 2));
	ck_assert_ptr_null(md_suggest("latency", fields, 0));
	/* past 64 bytes nothing is compared */
	(void) memset(longword, 'a', sizeof (longword) - 1);
	longword[sizeof (longword) - 1] = '\0';
	ck_assert_ptr_null(md_suggest(longword, fields, NFIELDS));
}
END_TEST

/* The closest wins; of equally close ones, the first. */
START_TEST(suggest_should_take_the_closest_then_the_first)
{
	static const char *const v[] = { "abcdef", "abcxyz", "abcdeg" };

	ck_assert_str_eq(md_suggest("abcdex", v, 3), "abcdef");
	ck_assert_str_eq(md_suggest("abcxyy", v, 3), "abcxyz");
}
END_TEST

Suite *
suggest_suite(void)
{
	Suite *s = suite_create("suggest");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, suggest_should_find_one_slip);
	tcase_add_test(tc, suggest_should_find_prefixes_and_near_words);
	tcase_add_test(tc, suggest_should_leave_strangers_alone);
	tcase_add_test(tc, suggest_should_take_the_closest_then_the_first);
	suite_add_tcase(s, tc);
	return (s);
}

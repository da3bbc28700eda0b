/*
 * check_flame.c: md_flame_*() (md_flame.c, md_flamesvg.c) on lines
 * written here: each box's place and width, its tooltip and label, the
 * frames merged, ordered and left out, the kernel's, the text escaped,
 * and every malformed line's message.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

#define	FL_LINE(v)	"{'start': 1795593600, 'duration': 1, 'value': " v "}"

/* A graph of the lines in text (separated by newlines); NULL on error. */
static char *
fl_try(const char *text, unsigned width, md_error_t *err)
{
	md_flameopts_t o = { "t", width };
	md_flame_t *f = md_flame_new(err);
	const char *p = text, *nl;
	char *svg = NULL;
	int rv = 0;

	ck_assert_ptr_nonnull(f);
	while (rv == 0 && *p != '\0') {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		rv = md_flame_line(f, p, (size_t)(nl - p), err);
		p = *nl == '\0' ? nl : nl + 1;
	}
	if (rv == 0)
		svg = md_flame_svg(f, &o, NULL, err);
	md_flame_free(f);
	return (svg);
}

/* The graph of lines that must draw (quotes as '); the caller frees it. */
static char *
fl(const char *text)
{
	md_error_t err;
	char *svg = fl_try(q(text), 0, &err);

	ck_assert_msg(svg != NULL, "no graph: %s", err.mde_msg);
	return (svg);
}

/* The box whose tooltip starts with title: "x y width" of its rect. */
static const char *
fl_box(const char *svg, const char *title)
{
	const char *p = strstr(svg, t_fmt("<title>%s (", title));
	double x, y, w;

	ck_assert_msg(p != NULL, "no box %s in %s", title, svg);
	p = strstr(p, "<rect ");
	ck_assert_int_eq(sscanf(p, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\"",
	    &x, &y, &w), 3);
	return (t_fmt("%g %g %g", x, y, w));
}

START_TEST(flame_should_make_boxes_as_wide_as_their_events)
{
	char *svg = fl(FL_LINE("{'a\\nroot': 3, 'b\\nroot': 1}"));

	/* 1180 pixels for 4 events, a box 1 less than its share */
	ck_assert_str_eq(fl_box(svg, "all"), "10 96 1179");
	ck_assert_str_eq(fl_box(svg, "root"), "10 80 1179");
	ck_assert_str_eq(fl_box(svg, "a"), "10 64 884");
	ck_assert_str_eq(fl_box(svg, "b"), "895 64 294");
	ck_assert_ptr_nonnull(strstr(svg, "<title>a (3 events, 75% of all)"));
	ck_assert_ptr_nonnull(strstr(svg, "4 events in 2 stacks, 1 line<"));
	free(svg);
}
END_TEST

START_TEST(flame_should_merge_paths_and_order_siblings_by_name)
{
	char *svg = fl(FL_LINE("{'zeta\\nm': 1, 'alpha\\nm': 1, 'm': 2}") "\n"
	    FL_LINE("{'zeta\\nm': 2}"));

	ck_assert_ptr_nonnull(strstr(svg, "<title>m (6 events, 100% of all)"));
	ck_assert_ptr_null(strstr(strstr(svg, "<title>m (") + 1,
	    "<title>m ("));
	ck_assert_ptr_nonnull(strstr(svg, "<title>zeta (3 events, 50% of"));
	ck_assert_str_eq(fl_box(svg, "alpha"), "10 64 195.67");
	ck_assert_str_eq(fl_box(svg, "zeta"), "206.67 64 589");
	free(svg);
}
END_TEST

START_TEST(flame_should_leave_out_frames_narrower_than_a_thousandth)
{
	char *svg = fl(FL_LINE("{'big': 999000, 'edge': 1000}"));

	ck_assert_ptr_nonnull(strstr(svg, "<title>edge (1000 events"));
	ck_assert_ptr_null(strstr(svg, "left out"));
	free(svg);
	svg = fl(FL_LINE("{'big': 999001, 'small': 999, 'small\\nx': 0}"));
	ck_assert_ptr_null(strstr(svg, "<title>small"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>all (1000000 events"));
	ck_assert_ptr_nonnull(strstr(svg, "; 1 frame narrower than 0.1% of "
	    "the width left out<"));
	free(svg);
}
END_TEST

START_TEST(flame_should_root_each_first_key_above_all)
{
	char *svg = fl(FL_LINE("{'bash': {'f\\nmain': 2, 'main': 1}, "
	    "'dd': {'main': 1, '': 2}}") "\n" FL_LINE("{'dd': {'': 1}}"));

	/* an empty stack is none: its events are dd's own */
	ck_assert_str_eq(fl_box(svg, "bash"), "10 96 504.71");
	ck_assert_str_eq(fl_box(svg, "dd"), "515.71 96 673.29");
	ck_assert_ptr_nonnull(strstr(svg, "<title>dd (4 events, 57.14% of"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>main (3 events, 42.86% of"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>main (1 event, 14.29% of"));
	ck_assert_ptr_null(strstr(svg, "<title> ("));
	free(svg);
}
END_TEST

START_TEST(flame_should_take_two_keys_that_end_at_one_frame)
{
	char *svg = fl(FL_LINE("{'a\\nb': {'c': 1}, 'b': {'c\\na': 2}, "
	    "'': {'x': 3}, 'x': {'': 4}}"));

	ck_assert_ptr_nonnull(strstr(svg, "<title>c (3 events, 30% of all)"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>x (7 events, 70% of all)"));
	free(svg);
}
END_TEST

START_TEST(flame_should_keep_64_bit_counts_exact)
{
	char *svg = fl(FL_LINE("{'a': 18446744073709551614, 'b': 1}"));

	ck_assert_ptr_nonnull(strstr(svg, "<title>all (18446744073709551615 "
	    "events, 100% of all)"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>a (18446744073709551614 "
	    "events"));
	free(svg);
}
END_TEST

START_TEST(flame_should_escape_frames_and_title)
{
	md_flameopts_t o = { "<t&\x01\xff>", 0 };
	md_flame_t *f = md_flame_new(NULL);
	const char *line = FL_LINE("{'<a>&\\'\\u0001\\u007f\\\\\\\\xe9': 1}");
	char *svg;

	line = q(line);
	ck_assert_int_eq(md_flame_line(f, line, strlen(line), NULL), 0);
	svg = md_flame_svg(f, &o, NULL, NULL);
	ck_assert_ptr_nonnull(svg);
	ck_assert_ptr_nonnull(strstr(svg, "<title>&lt;a&gt;&amp;&quot;\\x01"
	    "\\x7f\\\\xe9 (1 event"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>&lt;t&amp;\\x01\\xff&gt;"
	    "</title>"));
	free(svg);
	md_flame_free(f);
}
END_TEST

START_TEST(flame_should_colour_the_kernel_apart)
{
	char *svg = fl(FL_LINE("{'ext4`w\\nvmlinux`f+0x1\\nprog`main': 1, "
	    "'prog`cb\\nlibc`qsort\\nprog`main': 1}"));
	const char *k = "<g class=\"k\"><title>";

	ck_assert_ptr_nonnull(strstr(svg, t_fmt("%sext4`w (", k)));
	ck_assert_ptr_nonnull(strstr(svg, t_fmt("%svmlinux`f (", k)));
	ck_assert_ptr_nonnull(strstr(svg, "<g><title>prog`main ("));
	ck_assert_ptr_nonnull(strstr(svg, "<g><title>prog`cb ("));
	free(svg);
}
END_TEST

/* A function is one box wherever in it its samples fell. */
START_TEST(flame_should_name_a_frame_without_its_offset)
{
	char *svg = fl(FL_LINE("{'vmlinux`f+0x1c\\nvmlinux`g+0x9': 2, "
	    "'vmlinux`f+0x20\\nvmlinux`g+0x9': 3, '0x7ff8\\nvmlinux`g': 1, "
	    "'a+0x\\nb+0xz\\n+0x1': 1}"));

	ck_assert_ptr_nonnull(strstr(svg, "<title>vmlinux`f (5 events"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>vmlinux`g (6 events"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>0x7ff8 (1 event"));
	ck_assert_ptr_null(strstr(svg, "+0x1c"));
	/* not an offset: no hex digit, not hex, no name before it */
	ck_assert_ptr_nonnull(strstr(svg, "<title>a+0x ("));
	ck_assert_ptr_nonnull(strstr(svg, "<title>b+0xz ("));
	ck_assert_ptr_nonnull(strstr(svg, "<title>+0x1 ("));
	free(svg);
}
END_TEST

START_TEST(flame_should_cut_labels_that_do_not_fit)
{
	char *svg = fl(FL_LINE("{'a_rather_long_function_name\\nm': 1, "
	    "'n': 99}"));

	/* 11.8 px: (10.8 - 6) / 7 is no room for 3 characters */
	ck_assert_ptr_nonnull(strstr(svg, "<title>a_rather_long_function_"
	    "name (1 event, 1% of all)</title><rect x=\"10\" y=\"64\" "
	    "width=\"10.8\" height=\"15\" rx=\"2\" fill=\"rgb("));
	ck_assert_ptr_null(strstr(svg, "\">a_"));
	free(svg);
	svg = fl(FL_LINE("{'a_rather_long_function_name\\nm': 5, 'n': 95}"));
	/* 59 px: 7 characters, 5 and ".." */
	ck_assert_ptr_nonnull(strstr(svg, ">a_rat..</text>"));
	free(svg);
}
END_TEST

/* Lines that must not draw: the line named and what is wrong. */
static const struct {
	const char	*lines;
	const char	*msg;
} fl_bad[] = {
	{ "x", "line 1, column 1: not JSON, not an object" },
	{ FL_LINE("{'a': 1}") "\n\n" FL_LINE("7"), "line 3, column 47: "
	    "\"value\" is a number: --flamegraph draws a request whose last "
	    "-s field is a stack" },
	{ FL_LINE("[]"), "line 1, column 47: \"value\" is an array" },
	{ FL_LINE("{'a': 1.5}"), "line 1, column 53: a value (a count or "
	    "sum): 1.5 is not an integer" },
	{ FL_LINE("{'a': -1}"), "column 53: a value (a count or sum): -1 is "
	    "negative" },
	{ FL_LINE("{'a': 'x'}"), "line 1, column 53: the value of key \"a\" "
	    "is a string, not a number" },
	{ FL_LINE("{'a': {'b': {}}}"), "column 59: the value of key \"b\" is "
	    "an object, not a number" },
	{ FL_LINE("{'a': 1}") "\n" FL_LINE("{'a': {'b': 1}}"), "line 2, "
	    "column 53: \"value\" is an object of objects, and line 1's an "
	    "object of numbers: the lines of two requests" },
	{ FL_LINE("{'a': 1, 'b': {'c': 1}}"), "line 1, column 61: \"value\" "
	    "is an object of objects, and line 1's an object of numbers" },
	{ FL_LINE("{'a': 1, 'a': 2}"), "line 1, column 56: the key \"a\" "
	    "twice in one value" },
	{ FL_LINE("{'k': {'a': 1}, 'k': {'a': 2}}"), "line 1, column 69: the "
	    "key \"a\" twice in one value" },
	{ FL_LINE("{'a': 18446744073709551615, 'b': 1}"), "line 1, column 75: "
	    "the values add up past 2^64 - 1" },
	{ "{'duration': 1, 'value': {}}", "line 1, column 29: no \"start\" "
	    "in the line" },
	{ FL_LINE("{'a': 1}") " x", "line 1, column 57: not JSON after the "
	    "end" },
	{ "", "no line: nothing to draw" }
};

START_TEST(flame_should_name_the_line_of_every_fault)
{
	md_error_t err;
	char *svg = fl_try(q(fl_bad[_i].lines), 0, &err);

	ck_assert_ptr_null(svg);
	ck_assert_int_eq(err.mde_code, MD_ERR_LINE);
	ck_assert_msg(strstr(err.mde_msg, fl_bad[_i].msg) != NULL,
	    "%s: %s", fl_bad[_i].lines, err.mde_msg);
}
END_TEST

START_TEST(flame_should_draw_again_with_more_lines)
{
	const char *l1 = q(FL_LINE("{'a': 1}")), *l2 = q(FL_LINE("{'a': 2}"));
	md_flame_t *f = md_flame_new(NULL);
	md_error_t err;
	char *svg;

	ck_assert_int_eq(md_flame_line(f, l1, strlen(l1), NULL), 0);
	svg = md_flame_svg(f, NULL, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(svg, "<title>a (1 event, 100% of all)"));
	free(svg);
	ck_assert_int_eq(md_flame_line(f, l2, strlen(l2), NULL), 0);
	svg = md_flame_svg(f, NULL, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(svg, "<title>a (3 events, 100% of all)"));
	free(svg);
	ck_assert_int_eq(md_flame_line(f, "x", 1, NULL), -1);
	ck_assert_ptr_null(md_flame_svg(f, NULL, NULL, &err));
	ck_assert_str_eq(err.mde_msg, "line 3, column 1: not JSON, not an "
	    "object: a line of meta-d --run is {\"start\": S, \"duration\": "
	    "D, \"value\": V}");
	ck_assert_int_eq(md_flame_line(f, l1, strlen(l1), &err), -1);
	ck_assert_str_eq(err.mde_msg, "line 3, column 1: not JSON, not an "
	    "object: a line of meta-d --run is {\"start\": S, \"duration\": "
	    "D, \"value\": V}");
	md_flame_free(f);
}
END_TEST

START_TEST(flame_should_take_a_width_within_bounds)
{
	md_error_t err;
	char *svg = fl_try(q(FL_LINE("{'a': 1}")), 200, &err);

	ck_assert_ptr_nonnull(strstr(svg, " width=\"200\" "));
	free(svg);
	ck_assert_ptr_null(fl_try(q(FL_LINE("{'a': 1}")), 199, &err));
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
}
END_TEST

Suite *
flame_suite(void)
{
	Suite *s = suite_create("flame");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, flame_should_make_boxes_as_wide_as_their_events);
	tcase_add_test(tc, flame_should_merge_paths_and_order_siblings_by_name);
	tcase_add_test(tc,
	    flame_should_leave_out_frames_narrower_than_a_thousandth);
	tcase_add_test(tc, flame_should_root_each_first_key_above_all);
	tcase_add_test(tc, flame_should_take_two_keys_that_end_at_one_frame);
	tcase_add_test(tc, flame_should_keep_64_bit_counts_exact);
	tcase_add_test(tc, flame_should_escape_frames_and_title);
	tcase_add_test(tc, flame_should_colour_the_kernel_apart);
	tcase_add_test(tc, flame_should_name_a_frame_without_its_offset);
	tcase_add_test(tc, flame_should_cut_labels_that_do_not_fit);
	tcase_add_loop_test(tc, flame_should_name_the_line_of_every_fault, 0,
	    (int)(sizeof (fl_bad) / sizeof (fl_bad[0])));
	tcase_add_test(tc, flame_should_draw_again_with_more_lines);
	tcase_add_test(tc, flame_should_take_a_width_within_bounds);
	suite_add_tcase(s, tc);
	return (s);
}

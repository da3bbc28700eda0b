/*
 * check_request.c: a request's pieces, checked one at a time as a program
 * takes them from its user: each fault says what is valid, in the words
 * meta-d's usage errors print.
 */

#include <string.h>

#include "check_md.h"

static const struct {
	int		(*pc_check)(const char *, md_error_t *);
	const char	*pc_arg;
	md_errcode_t	pc_code;
	const char	*pc_msg;
} pieces[] = {
	{ md_zone_check, "a b", MD_ERR_ZONE, "invalid zone name: \"a b\" (1 to "
	    "64 letters, digits, '-', '_' or '.', the first a letter or "
	    "digit)" },
	{ md_zone_check, "a\nb", MD_ERR_ZONE, "invalid zone name: "
	    "\"a\\012b\" (1 to 64 letters, digits, '-', '_' or '.', the first "
	    "a letter or digit)" },
	{ md_zone_check, NULL, MD_ERR_ZONE, "invalid zone name: \"(null)\" (1 "
	    "to 64 letters, digits, '-', '_' or '.', the first a letter or "
	    "digit)" },
	{ md_host_check, "a;b", MD_ERR_OPTION, "invalid host name: \"a;b\" (1 "
	    "to 255 letters, digits, '-' and '.')" },
	{ md_interval_check, "1.5s", MD_ERR_OPTION, "invalid interval: "
	    "\"1.5s\" (as dtrace's tick probes: 1s, 500ms, 10sec, 5hz; 200us, "
	    "or 5000hz, at least)" },
	{ md_duration_check, "10hz", MD_ERR_OPTION, "invalid duration: "
	    "\"10hz\" (a time, as 10s, 500ms or 2min; digits alone are "
	    "seconds; 200us at least)" },
};

START_TEST(request_pieces_should_say_what_is_valid)
{
	md_error_t err;

	ck_assert_int_eq(pieces[_i].pc_check(pieces[_i].pc_arg, &err), -1);
	ck_assert_int_eq(err.mde_code, pieces[_i].pc_code);
	ck_assert_str_eq(err.mde_msg, pieces[_i].pc_msg);
	/* err may be NULL: the answer alone */
	ck_assert_int_eq(pieces[_i].pc_check(pieces[_i].pc_arg, NULL), -1);
}
END_TEST

START_TEST(request_pieces_should_take_valid_ones)
{
	ck_assert_int_eq(md_zone_check("global", NULL), 0);
	ck_assert_int_eq(md_host_check("web-1.example.com", NULL), 0);
	ck_assert_int_eq(md_interval_check("5hz", NULL), 0);
	ck_assert_int_eq(md_duration_check("10", NULL), 0);
	ck_assert_int_eq(md_option_check("quiet", NULL, NULL), 0);
}
END_TEST

/* Room for one more zone or option, up to the limit and not past it. */
START_TEST(request_room_should_stop_at_the_limits)
{
	md_request_t req;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_nzones = MD_MAXZONES - 1;
	req.mdq_noptions = MD_MAXOPTIONS - 1;
	ck_assert_int_eq(md_request_room(&req, MD_REQ_ZONES, &err), 0);
	ck_assert_int_eq(md_request_room(&req, MD_REQ_OPTIONS, &err), 0);
	req.mdq_nzones = MD_MAXZONES;
	ck_assert_int_eq(md_request_room(&req, MD_REQ_ZONES, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("too many zones (at most %d)",
	    MD_MAXZONES));
	ck_assert_int_eq(md_request_room(&req, MD_REQ_OPTIONS, &err), 0);
	req.mdq_noptions = MD_MAXOPTIONS;
	ck_assert_int_eq(md_request_room(&req, MD_REQ_OPTIONS, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_LIMIT);
	ck_assert_str_eq(err.mde_msg, t_fmt("too many -x options (at most %d)",
	    MD_MAXOPTIONS));
}
END_TEST

START_TEST(request_room_should_refuse_a_misuse)
{
	md_request_t req;
	md_error_t err;

	(void) memset(&req, 0, sizeof (req));
	ck_assert_int_eq(md_request_room(NULL, MD_REQ_ZONES, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
	ck_assert_int_eq(md_request_room(&req, (md_reqlist_t)9, &err), -1);
	ck_assert_int_eq(err.mde_code, MD_ERR_ARG);
}
END_TEST

Suite *
request_suite(void)
{
	Suite *s = suite_create("request");
	TCase *tc = tcase_create("request");

	tcase_add_loop_test(tc, request_pieces_should_say_what_is_valid, 0,
	    (int)(sizeof (pieces) / sizeof (pieces[0])));
	tcase_add_test(tc, request_pieces_should_take_valid_ones);
	tcase_add_test(tc, request_room_should_stop_at_the_limits);
	tcase_add_test(tc, request_room_should_refuse_a_misuse);
	suite_add_tcase(s, tc);
	return (s);
}

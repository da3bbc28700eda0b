/*
 * check_utf8.c: md_utf8_len(), RFC 3629's well-formed sequences and no
 * others.
 */

#include <string.h>

#include "check_md.h"

static const struct {
	const char	*u_bytes;
	size_t		u_len;		/* what md_utf8_len() says */
} seqs[] = {
	{ "a", 1 },
	{ "\x7f", 1 },
	{ "\xc2\x80", 2 },		/* U+0080, the first of two bytes */
	{ "\xdf\xbf", 2 },
	{ "\xe0\xa0\x80", 3 },		/* U+0800 */
	{ "\xed\x9f\xbf", 3 },		/* U+D7FF, below the surrogates */
	{ "\xee\x80\x80", 3 },		/* U+E000, above them */
	{ "\xef\xbf\xbf", 3 },
	{ "\xf0\x90\x80\x80", 4 },	/* U+10000 */
	{ "\xf4\x8f\xbf\xbf", 4 },	/* U+10FFFF, the last */
	{ "\x80", 0 },			/* a continuation byte alone */
	{ "\xc0\x80", 0 },		/* overlong NUL */
	{ "\xc1\xbf", 0 },		/* overlong */
	{ "\xe0\x9f\xbf", 0 },		/* overlong */
	{ "\xf0\x8f\xbf\xbf", 0 },	/* overlong */
	{ "\xed\xa0\x80", 0 },		/* U+D800, a surrogate */
	{ "\xed\xbf\xbf", 0 },		/* U+DFFF */
	{ "\xf4\x90\x80\x80", 0 },	/* past U+10FFFF */
	{ "\xf5\x80\x80\x80", 0 },
	{ "\xff", 0 },
	{ "\xc2", 0 },			/* cut short */
	{ "\xe2\x82", 0 },
	{ "\xc2\x41", 0 },		/* not a continuation */
};

START_TEST(utf8_len_should_take_well_formed_sequences_only)
{
	const char *b = seqs[_i].u_bytes;

	ck_assert_uint_eq(md_utf8_len((const unsigned char *)b, strlen(b)),
	    seqs[_i].u_len);
}
END_TEST

/* It reads no further than it is told. */
START_TEST(utf8_len_should_read_only_its_length)
{
	const unsigned char euro[] = { 0xe2, 0x82, 0xac };

	ck_assert_uint_eq(md_utf8_len(euro, 3), 3);
	ck_assert_uint_eq(md_utf8_len(euro, 2), 0);
	ck_assert_uint_eq(md_utf8_len(euro, 1), 0);
}
END_TEST

Suite *
utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("utf8");

	tcase_add_loop_test(tc, utf8_len_should_take_well_formed_sequences_only,
	    0, (int)(sizeof (seqs) / sizeof (seqs[0])));
	tcase_add_test(tc, utf8_len_should_read_only_its_length);
	suite_add_tcase(s, tc);
	return (s);
}

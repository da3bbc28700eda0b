/*
 * fuzz_dparse.c: the D parser on any text, in any context.
 *
 * The first byte picks the context (md_dctx_t), the rest is the text.
 * Whatever the text: the parse ends, within the nesting bound's stack
 * (ASan would see an overflow); an error has a one-line message and an
 * offset within the text; the same text gives the same verdict twice;
 * as a program, md_d_check() agrees, with a line and column that point
 * into the text; and a program accepted stays accepted with a newline
 * or a comment after it, or with a newline before it.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "md_impl.h"

static int
fd_parse(const char *text, size_t len, md_dctx_t ctx, size_t *offp,
    char *msg, size_t msglen)
{
	int rv;

	*offp = (size_t)-1;
	msg[0] = '\0';
	rv = md_dparse(text, len, ctx, offp, msg, msglen);
	if (rv != 0 && rv != -1)
		fz_fail("md_dparse returned %d", rv);
	if (rv != 0) {
		if (*offp > len)
			fz_fail("error offset %zu past the end (%zu)", *offp,
			    len);
		fz_check_message(msg);
	}
	return (rv);
}

/* text with what before and after it, parsed as a program */
static int
fd_wrapped(const char *pre, const char *text, size_t len, const char *post)
{
	size_t lp = strlen(pre), la = strlen(post), off;
	char *buf = malloc(lp + len + la + 1), msg[MD_ERRMSGLEN];
	int rv;

	if (buf == NULL)
		fz_fail("out of memory");
	(void) memcpy(buf, pre, lp);
	(void) memcpy(buf + lp, text, len);
	(void) memcpy(buf + lp + len, post, la);
	rv = fd_parse(buf, lp + len + la, MD_DC_PROGRAM, &off, msg,
	    sizeof (msg));
	free(buf);
	return (rv);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[MD_ERRMSGLEN], msg2[MD_ERRMSGLEN];
	const char *text;
	size_t len, off, off2, line, col;
	md_error_t err;
	md_dctx_t ctx;
	int rv;

	if (size == 0)
		return (0);
	ctx = (md_dctx_t)(data[0] % (MD_DC_TYPE + 1));
	text = (const char *)data + 1;
	len = size - 1;

	rv = fd_parse(text, len, ctx, &off, msg, sizeof (msg));
	if (fd_parse(text, len, ctx, &off2, msg2, sizeof (msg2)) != rv ||
	    (rv != 0 && (off != off2 || strcmp(msg, msg2) != 0)))
		fz_fail("a second parse differs");
	if (ctx != MD_DC_PROGRAM)
		return (0);

	if ((md_d_check(text, len, &line, &col, &err) != 0) != (rv != 0))
		fz_fail("md_d_check and md_dparse disagree");
	if (rv != 0) {
		if (err.mde_code != MD_ERR_D)
			fz_fail("md_d_check: code %d", err.mde_code);
		if (line < 1 || col < 1 || line > len + 1 || col > len + 1)
			fz_fail("line %zu, column %zu of %zu bytes", line, col,
			    len);
		return (0);
	}
	if (memchr(text, '\0', len) != NULL)
		return (0);
	if (fd_wrapped("", text, len, "\n") != 0)
		fz_fail("valid, but not with a newline after it");
	if (fd_wrapped("", text, len, "\n/* c */\n") != 0)
		fz_fail("valid, but not with a comment after it");
	if ((len < 2 || memcmp(text, "#!", 2) != 0) &&
	    fd_wrapped("\n", text, len, "") != 0)
		fz_fail("valid, but not after a newline");
	return (0);
}

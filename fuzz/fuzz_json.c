/*
 * fuzz_json.c: md_json_valid() against cJSON itself.  md_json_parse()
 * takes a failure of cJSON for a lack of memory when md_json_valid() finds
 * no syntax error, so the two must agree on every text: what cJSON parses
 * (with only JSON white space after it), md_json_valid() takes, and what
 * cJSON refuses, it refuses.  Here memory never runs short, so any
 * disagreement is a bug in md_json_valid().
 *
 * A refused text's error (md_json_syntax()) is one line, and names the
 * first byte that cannot continue the document: the text before that
 * byte is refused nowhere before its end (or taken), and the text up to
 * and with it is refused at it.  Texts that start with a byte-order mark
 * are left out of this: cJSON skips one only in a text of five bytes or
 * more, so a shorter prefix reads differently.
 *
 * Texts nested deeper than cJSON's limit of 1000 are skipped: meta-d
 * refuses anything past 128 before either sees it.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "md_impl.h"

static int
fj_space(char c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/* cJSON's verdict, as md_json_cjson() asks for it. */
static int
fj_cjson(const char *buf, size_t len)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	size_t i;

	if (root == NULL)
		return (0);
	cJSON_Delete(root);
	for (i = (size_t)(end - buf); i < len && fj_space(buf[i]); i++)
		continue;
	return (i == len);
}

static void
fj_fail(const char *what, const char *buf, size_t len,
    const md_jsyntax_t *syn)
{
	(void) fprintf(stderr, "%s: offset %zu of %zu: %s: %.*s\n", what,
	    syn->js_off, len, syn->js_msg, (int)(len > 200 ? 200 : len), buf);
	abort();
}

/* The error names the first byte that cannot continue, in one line. */
static void
fj_first(const char *buf, size_t len)
{
	md_jsyntax_t syn, pre;
	const char *m;

	if (md_json_syntax(buf, len, &syn) == 0)
		fj_fail("md_json_syntax takes what md_json_valid refuses", buf,
		    len, &syn);
	if (syn.js_off > len || syn.js_msg[0] == '\0')
		fj_fail("no offset or no message", buf, len, &syn);
	for (m = syn.js_msg; *m != '\0'; m++) {
		if ((unsigned char)*m < 0x20 || *m == 0x7f)
			fj_fail("a control character in the message", buf, len,
			    &syn);
	}
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		return;
	if (md_json_syntax(buf, syn.js_off, &pre) != 0 &&
	    pre.js_off != syn.js_off)
		fj_fail("the text before the fault is refused before its end",
		    buf, len, &pre);
	if (syn.js_off < len && (md_json_syntax(buf, syn.js_off + 1,
	    &pre) == 0 || pre.js_off != syn.js_off))
		fj_fail("the text up to the fault is not refused there", buf,
		    len, &pre);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	size_t i, depth = 0, most = 0;
	int c, v;

	for (i = 0; i < size; i++) {
		if (buf[i] == '[' || buf[i] == '{') {
			if (++depth > most)
				most = depth;
		} else if ((buf[i] == ']' || buf[i] == '}') && depth > 0) {
			depth--;
		}
	}
	if (most >= 900 || size == 0)
		return (0);
	c = fj_cjson(buf, size);
	v = md_json_valid(buf, size);
	if (c != v) {
		(void) fprintf(stderr, "cJSON %s, md_json_valid %s: %.*s\n",
		    c ? "takes it" : "refuses it", v ? "takes it" :
		    "refuses it", (int)(size > 200 ? 200 : size), buf);
		abort();
	}
	if (!v)
		fj_first(buf, size);
	return (0);
}

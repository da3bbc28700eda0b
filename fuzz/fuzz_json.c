/*
 * fuzz_json.c: md_json_valid() against cJSON itself.  md_json_parse()
 * takes a failure of cJSON for a lack of memory when md_json_valid() finds
 * no syntax error, so the two must agree on every text: what cJSON parses
 * (with only JSON white space after it), md_json_valid() takes, and what
 * cJSON refuses, it refuses.  Here memory never runs short, so any
 * disagreement is a bug in md_json_valid().
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
	return (0);
}

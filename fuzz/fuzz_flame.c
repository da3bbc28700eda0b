/*
 * fuzz_flame.c: md_flame_*() on any text, cut into lines as --flamegraph
 * cuts it; a first byte 'w' asks for a width of 200 pixels.  Whatever the
 * text: no crash, leak or undefined behaviour (the sanitizers); a failure
 * is MD_ERR_LINE or MD_ERR_LIMIT, with one line of message that names a
 * line ("line N", "no line"); every line the reader takes is JSON as
 * cJSON takes it (md_json_valid()); and a graph drawn is a document of
 * UTF-8 text with no control byte but newline, from "<?xml" to
 * "</svg>\n", drawn again the same after a line more of white space.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"
#include "fuzz.h"

/* The text as lines into f: 0, or -1 when a line failed (checked). */
static int
ff_lines(md_flame_t *f, const char *p, const char *end)
{
	const char *nl, *q;
	md_error_t err;

	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (md_flame_line(f, p, (size_t)(nl - p), &err) != 0) {
			fz_check_line_error(&err);
			return (-1);
		}
		for (q = p; q < nl && strchr(" \t\r", *q) != NULL; q++)
			continue;
		if (q < nl && !md_json_valid(p, (size_t)(nl - p)))
			fz_fail("a line cJSON refuses was read: %.*s",
			    (int)(nl - p), p);
	}
	return (0);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	int narrow = size > 0 && data[0] == 'w';
	md_flameopts_t o = { "fuzz", narrow ? MD_FLAME_MINWIDTH : 0 };
	md_flame_t *f;
	md_error_t err;
	size_t len, len2;
	char *svg, *svg2;

	if ((f = md_flame_new(&err)) == NULL)
		return (0);
	if (ff_lines(f, p + narrow, p + size) == 0) {
		if ((svg = md_flame_svg(f, &o, &len, &err)) == NULL) {
			fz_check_line_error(&err);
		} else {
			fz_check_svg(svg, len);
			if (md_flame_line(f, " ", 1, &err) == 0 && (svg2 =
			    md_flame_svg(f, &o, &len2, &err)) != NULL) {
				if (len2 < len - 40 || len2 > len + 40)
					fz_fail("drawn again: %zu bytes, then "
					    "%zu", len, len2);
				free(svg2);
			}
		}
		free(svg);
	}
	md_flame_free(f);
	return (0);
}

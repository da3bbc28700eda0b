/*
 * fuzz_heatmap.c: md_heatmap_*() on any text, cut into lines as
 * --heatmap cuts it; a first byte 'k' asks for the key "a".  Whatever the
 * text: no crash, leak or undefined behaviour (the sanitizers); a failure
 * is MD_ERR_LINE or MD_ERR_LIMIT, with one line of message that names a
 * line ("line N", "lines 1 to N", "no line"); every line the reader takes
 * is JSON as cJSON takes it (md_json_valid(), which is cJSON's grammar):
 * md_linescan.c accepts nothing cJSON refuses; and a map drawn is a document
 * of UTF-8 text with no control byte but newline, from "<?xml" to
 * "</svg>\n", with a tooltip for each drawn cell: at most the map's
 * cells (bands and merged columns add some up), none only for none.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"
#include "fuzz.h"

/* The map drawn: its text, and its tooltips against the map's cells. */
static void
fh_check_svg(const md_heatmap_t *h, const char *svg, size_t len)
{
	const char *p;
	size_t n = 0;

	fz_check_svg(svg, len);
	for (p = svg; (p = strstr(p, "</title></rect>")) != NULL; p++)
		n++;
	if (n > h->hm_ncells || (n == 0) != (h->hm_ncells == 0))
		fz_fail("%zu tooltips for %zu cells", n, h->hm_ncells);
}

/* White space alone, as the reader skips it. */
static int
fh_blank(const char *p, const char *end)
{
	for (; p < end; p++) {
		if (*p != ' ' && *p != '\t' && *p != '\r')
			return (0);
	}
	return (1);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *nl;
	int key = size > 0 && data[0] == 'k';
	md_hmopts_t opts = { "fuzz", "nanoseconds", -1, MD_HM_RANK, 0, 0 };
	md_heatmap_t *h;
	md_error_t err;
	size_t len;
	char *svg;

	if ((h = md_heatmap_new(key ? "a" : NULL, &err)) == NULL)
		return (0);
	for (p += key; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (md_heatmap_line(h, p, (size_t)(nl - p), &err) != 0) {
			fz_check_line_error(&err);
			md_heatmap_free(h);
			return (0);
		}
		if (!fh_blank(p, nl) && !md_json_valid(p, (size_t)(nl - p)))
			fz_fail("a line cJSON refuses was read: %.*s",
			    (int)(nl - p), p);
	}
	if ((svg = md_heatmap_svg(h, &opts, &len, &err)) == NULL)
		fz_check_line_error(&err);
	else
		fh_check_svg(h, svg, len);
	free(svg);
	md_heatmap_free(h);
	return (0);
}

/*
 * cli_heatmap.c: --heatmap, the lines --run printed (FILE, or standard
 * input) drawn as one SVG document on standard output (SPEC 8.4).
 *
 * The text is cut at each newline and handed to libmetad a line at a
 * time (md_heatmap_line(), which numbers the lines); the document is
 * written by cli_modes.c only when every line was read and the map drawn, so a
 * bad line leaves standard output empty.  The title is --title's TEXT, or
 * else the file's name as given, or "standard input".
 */

#include <string.h>

#include "cli.h"

int
md_cli_heatmap(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	const char *p = j->cj_text, *end = p + j->cj_len, *nl;
	const char *title = o->o_title;
	md_heatmap_t *h;
	md_error_t err;
	int rv = MD_CLI_ERROR;

	if (title == NULL)
		title = o->o_path == NULL ? "standard input" : o->o_file;
	if ((h = md_heatmap_new(o->o_key, &err)) == NULL) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (md_heatmap_line(h, p, (size_t)(nl - p), &err) != 0)
			break;
	}
	if (p >= end && (j->cj_out = md_heatmap_svg(h, title, &j->cj_outlen,
	    &err)) != NULL)
		rv = MD_CLI_SUCCESS;
	else if (err.mde_code == MD_ERR_LINE)
		md_cli_err(o, "%s: %s", j->cj_name, err.mde_msg);
	else
		md_cli_err(o, "%s", err.mde_msg);
	md_heatmap_free(h);
	return (rv);
}

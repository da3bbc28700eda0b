/*
 * cli_flame.c: --flamegraph, the stacks of the lines --run printed (FILE,
 * or standard input) drawn as one flame graph, an SVG document on
 * standard output (SPEC 8.6).
 *
 * As cli_heatmap.c: the text is cut at each newline and handed to
 * libmetad a line at a time (md_flame_line(), which numbers the lines);
 * the document is written by cli_modes.c only when every line was read
 * and the graph drawn, so a bad line leaves standard output empty.  The
 * title is --title's TEXT, or else the file's name as given, or
 * "standard input"; --size's width is the graph's (its height follows
 * the depth of the stacks, and --size's height is not used).
 */

#include <string.h>

#include "cli.h"

int
md_cli_flame(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	const char *p = j->cj_text, *end = p + j->cj_len, *nl;
	md_flameopts_t fo;
	md_flame_t *f;
	md_error_t err;
	int rv = MD_CLI_ERROR;

	fo.mdf_title = o->o_title != NULL ? o->o_title : o->o_path == NULL ?
	    "standard input" : o->o_file;
	fo.mdf_width = o->o_width;
	if (fo.mdf_width != 0 && (fo.mdf_width < MD_FLAME_MINWIDTH ||
	    fo.mdf_width > MD_FLAME_MAXWIDTH)) {
		md_cli_err(o, "--size %ux%u: a flame graph is from %d to %d "
		    "pixels wide", o->o_width, o->o_height, MD_FLAME_MINWIDTH,
		    MD_FLAME_MAXWIDTH);
		return (md_cli_usage(o));
	}
	if ((f = md_flame_new(&err)) == NULL) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (md_flame_line(f, p, (size_t)(nl - p), &err) != 0)
			break;
	}
	if (p >= end && (j->cj_out = md_flame_svg(f, &fo, &j->cj_outlen,
	    &err)) != NULL)
		rv = MD_CLI_SUCCESS;
	else if (err.mde_code == MD_ERR_LINE)
		md_cli_err(o, "%s: %s", j->cj_name, err.mde_msg);
	else
		md_cli_err(o, "%s", err.mde_msg);
	md_flame_free(f);
	return (rv);
}

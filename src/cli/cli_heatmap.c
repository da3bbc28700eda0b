/*
 * cli_heatmap.c: --heatmap, the lines --run printed (FILE, or standard
 * input) drawn as one SVG document on standard output (SPEC 8.4).
 *
 * The text is cut at each newline and handed to libmetad a line at a
 * time (md_heatmap_line(), which numbers the lines) by md_cli_picture();
 * the document is written by cli_modes.c only when every line was read
 * and the map drawn, so a bad line leaves standard output empty.  The
 * title is --title's TEXT, or else the file's name as given, or
 * "standard input".
 */

#include "cli.h"

/* What md_cli_picture() hands the lines to, and draws with. */
typedef struct md_cli_hm {
	md_heatmap_t	*ch_h;
	const char	*ch_title;
} md_cli_hm_t;

static int
hm_line(void *arg, const char *line, size_t len, md_error_t *err)
{
	return (md_heatmap_line(((md_cli_hm_t *)arg)->ch_h, line, len, err));
}

static char *
hm_draw(void *arg, size_t *lenp, md_error_t *err)
{
	md_cli_hm_t *c = arg;

	return (md_heatmap_svg(c->ch_h, c->ch_title, lenp, err));
}

int
md_cli_heatmap(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_cli_hm_t c;
	md_error_t err;
	int rv;

	c.ch_title = o->o_title;
	if (c.ch_title == NULL)
		c.ch_title = o->o_path == NULL ? "standard input" : o->o_file;
	if ((c.ch_h = md_heatmap_new(o->o_key, &err)) == NULL) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	rv = md_cli_picture(j, hm_line, hm_draw, &c);
	md_heatmap_free(c.ch_h);
	return (rv);
}

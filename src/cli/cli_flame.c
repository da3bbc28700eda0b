/*
 * cli_flame.c: --flamegraph, the stacks of the lines --run printed (FILE,
 * or standard input) drawn as one flame graph, an SVG document on
 * standard output (SPEC 8.6).
 *
 * As cli_heatmap.c, through md_cli_picture(): the text is cut at each
 * newline and handed to libmetad a line at a time (md_flame_line(),
 * which numbers the lines); the document is written by cli_modes.c only
 * when every line was read and the graph drawn, so a bad line leaves
 * standard output empty.  The
 * title is --title's TEXT, or else the file's name as given, or
 * "standard input"; --size's width is the graph's (its height follows
 * the depth of the stacks, and --size's height is not used).
 */

#include "cli.h"

/* What md_cli_picture() hands the lines to, and draws with. */
typedef struct md_cli_fl {
	md_flame_t	*cf_f;
	md_flameopts_t	cf_o;
} md_cli_fl_t;

static int
fl_line(void *arg, const char *line, size_t len, md_error_t *err)
{
	return (md_flame_line(((md_cli_fl_t *)arg)->cf_f, line, len, err));
}

static char *
fl_draw(void *arg, size_t *lenp, md_error_t *err)
{
	md_cli_fl_t *c = arg;

	return (md_flame_svg(c->cf_f, &c->cf_o, lenp, err));
}

/* --size out of a flame graph's range: a usage error; else 0. */
int
md_cli_flsize(const md_cli_opts_t *o)
{
	if (o->o_width == 0 || (o->o_width >= MD_FLAME_MINWIDTH &&
	    o->o_width <= MD_FLAME_MAXWIDTH))
		return (0);
	md_cli_err(o, "--size %ux%u: a flame graph is from %d to %d pixels "
	    "wide", o->o_width, o->o_height, MD_FLAME_MINWIDTH,
	    MD_FLAME_MAXWIDTH);
	return (md_cli_usage(o));
}

int
md_cli_flame(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_cli_fl_t c;
	md_error_t err;
	int rv;

	c.cf_o.mdf_title = o->o_title != NULL ? o->o_title : o->o_path ==
	    NULL ? "standard input" : o->o_file;
	c.cf_o.mdf_width = o->o_width;
	if ((rv = md_cli_flsize(o)) != 0)
		return (rv);
	if ((c.cf_f = md_flame_new(&err)) == NULL) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	rv = md_cli_picture(j, fl_line, fl_draw, &c);
	md_flame_free(c.cf_f);
	return (rv);
}

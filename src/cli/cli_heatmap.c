/*
 * cli_heatmap.c: --heatmap, the lines --run printed (FILE, or standard
 * input) drawn as one SVG document on standard output (SPEC 8.4).
 *
 * md_cli_picture() reads the input as it comes and hands it to libmetad
 * a line at a time (md_heatmap_line(), which numbers the lines), then
 * draws; a bad line leaves standard output empty.  The title is
 * --title's TEXT, or else the file's name as given, or "standard input"
 * (the lines do not name their metric); the unit is --unit's.
 */

#include <string.h>

#include "cli.h"

/* What md_cli_picture() hands the lines to, and draws with. */
typedef struct md_cli_hm {
	md_heatmap_t	*ch_h;
	md_hmopts_t	ch_opts;
} md_cli_hm_t;

/* The heat map options of the command line, for md_heatmap_svg(). */
void
md_cli_hmopts(const md_cli_opts_t *o, md_hmopts_t *ho, const char *title,
    const char *unit)
{
	(void) memset(ho, 0, sizeof (*ho));
	ho->ho_title = o->o_title != NULL ? o->o_title : title;
	ho->ho_unit = o->o_unit != NULL ? o->o_unit : unit;
	ho->ho_crop = o->o_crop;
	ho->ho_shade = o->o_shade;
	ho->ho_width = o->o_width;
	ho->ho_height = o->o_height;
}

/* --size out of a heat map's range: a usage error; else 0. */
int
md_cli_hmsize(const md_cli_opts_t *o)
{
	if (o->o_width == 0 || (o->o_width >= MD_HM_MINW &&
	    o->o_width <= MD_HM_MAXWH && o->o_height >= MD_HM_MINH &&
	    o->o_height <= MD_HM_MAXWH))
		return (0);
	md_cli_err(o, "--size %ux%u: a heat map is from %dx%d to %dx%d "
	    "pixels (1000x400)", o->o_width, o->o_height, MD_HM_MINW,
	    MD_HM_MINH, MD_HM_MAXWH, MD_HM_MAXWH);
	return (md_cli_usage(o));
}

static int
hm_line(void *arg, const char *line, size_t len, md_error_t *err)
{
	return (md_heatmap_line(((md_cli_hm_t *)arg)->ch_h, line, len, err));
}

static char *
hm_draw(void *arg, size_t *lenp, md_error_t *err)
{
	md_cli_hm_t *c = arg;

	return (md_heatmap_svg(c->ch_h, &c->ch_opts, lenp, err));
}

int
md_cli_heatmap(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_cli_hm_t c;
	md_error_t err;
	int rv;

	if ((rv = md_cli_hmsize(o)) != 0)
		return (rv);
	md_cli_hmopts(o, &c.ch_opts, o->o_path == NULL ? "standard input" :
	    o->o_file, NULL);
	if ((c.ch_h = md_heatmap_new(o->o_key, &err)) == NULL) {
		md_cli_err(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	rv = md_cli_picture(j, hm_line, hm_draw, &c);
	md_heatmap_free(c.ch_h);
	return (rv);
}

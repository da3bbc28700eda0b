/*
 * cli_heatmap.c: --heatmap, the lines --run printed (FILE, or standard
 * input) drawn as one SVG document on standard output (SPEC 8.4).
 *
 * The input is read as it comes, a block at a time, and cut at each
 * newline, each line handed to libmetad (md_heatmap_line(), which numbers
 * the lines): what is held is the map and one line, never the whole
 * input, so that a day of lines (hundreds of MB) is no limit.  The
 * document is written by cli_modes.c only when every line was read and
 * the map drawn, so a bad line leaves standard output empty.  The title
 * is --title's TEXT, or else the file's name as given, or "standard
 * input" (the lines do not name their metric); the unit is --unit's.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define	MD_HM_BLOCK	(1 << 16)

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

/*
 * The lines of fd into h: *pendp holds the part of a line a block ended
 * in.  Returns 0, -1 with err set (a line), or an errno value (read).
 */
static int
md_hm_read(int fd, md_heatmap_t *h, char **pendp, md_error_t *err)
{
	char *buf = *pendp, *p, *nl, *end;
	size_t cap = MD_HM_BLOCK, have = 0;
	ssize_t n;

	for (;;) {
		if (cap - have < MD_HM_BLOCK / 2) {
			if ((p = realloc(buf, cap * 2)) == NULL)
				return (ENOMEM);
			*pendp = buf = p;
			cap *= 2;
		}
		if ((n = read(fd, buf + have, cap - have)) < 0) {
			if (errno == EINTR)
				continue;
			return (errno);
		}
		end = buf + have + n;
		for (p = buf; p < end; p = nl + 1) {
			if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL &&
			    n != 0)
				break;	/* the rest of it to come */
			nl = nl == NULL ? end : nl;
			if (md_heatmap_line(h, p, (size_t)(nl - p), err) != 0)
				return (-1);
		}
		if (n == 0)
			return (0);
		have = (size_t)(end - p);
		(void) memmove(buf, p, have);
	}
}

int
md_cli_heatmap(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	char *pend = malloc(MD_HM_BLOCK);
	md_hmopts_t ho;
	md_heatmap_t *h;
	md_error_t err;
	int rv = MD_CLI_ERROR, e;

	md_cli_hmopts(o, &ho, o->o_path == NULL ? "standard input" :
	    o->o_file, NULL);
	if (pend == NULL || (h = md_heatmap_new(o->o_key, &err)) == NULL) {
		free(pend);
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	if ((e = md_hm_read(j->cj_in, h, &pend, &err)) > 0)
		md_cli_err(o, "read \"%s\": %s", j->cj_name, strerror(e));
	else if (e == 0 && (j->cj_out = md_heatmap_svg(h, &ho,
	    &j->cj_outlen, &err)) != NULL)
		rv = MD_CLI_SUCCESS;
	else if (err.mde_code == MD_ERR_LINE)
		md_cli_err(o, "%s: %s", j->cj_name, err.mde_msg);
	else
		md_cli_err(o, "%s", err.mde_msg);
	free(pend);
	md_heatmap_free(h);
	return (rv);
}

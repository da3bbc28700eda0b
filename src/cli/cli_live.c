/*
 * cli_live.c: the pictures --run keeps current (the second forms of
 * SPEC 8.4 and 8.6: meta-d --run --heatmap SVGFILE, --run --flamegraph
 * SVGFILE): at the end of every interval the picture of the lines
 * printed so far replaces the file, atomically (a
 * fresh name in its directory, then a rename: cli_prom.c's
 * md_cli_repl_*(), under the rules of --prometheus's FILE), so that a
 * reader never sees part of one.
 *
 * A picture is an entry of md_cli_pictures: its option, the file it
 * keeps, and four functions: pc_new() makes its state from the options
 * and the metric, pc_line() reads an interval's JSON line (the one --run
 * prints, so that the live picture is the one --heatmap draws from the
 * same lines), pc_svg() draws the document, pc_free() frees.  Adding a
 * picture is adding an entry and its option's file.
 * A failure to draw or write is said on stderr; tracing goes on.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct md_cli_picture {
	const char	*pc_opt;	/* "--heatmap" */
	const char	*(*pc_file)(const md_cli_opts_t *);
	void		*(*pc_new)(const md_cli_job_t *);
	int		(*pc_line)(void *, const char *, size_t, md_error_t *);
	char		*(*pc_svg)(void *, size_t *, md_error_t *);
	void		(*pc_free)(void *);
} md_cli_picture_t;

/* The heat map: the lines, and how to draw them. */
typedef struct md_cli_hm {
	md_heatmap_t	*lh_map;
	md_hmopts_t	lh_opts;
	char		*lh_title;
} md_cli_hm_t;

static const char *
md_hm_file(const md_cli_opts_t *o)
{
	return (o->o_heatfile);
}

/*
 * A title's start, "LABEL: " (the metric's label, or its name), into a
 * stream of its own: *tp is the text once md_cli_mclose()d.  NULL when
 * out of memory.
 */
static FILE *
md_live_title(const md_cli_job_t *j, char **tp, size_t *lenp)
{
	const char *label = md_metric_label(j->cj_m);
	char *name = md_cli_metric_name(j->cj_o->o_path != NULL ?
	    j->cj_o->o_path : "metric");
	FILE *f;

	*tp = NULL;
	if (name == NULL || (f = open_memstream(tp, lenp)) == NULL) {
		free(name);
		return (NULL);
	}
	(void) fprintf(f, "%s: ", label != NULL && *label != '\0' ? label :
	    name);
	free(name);
	return (f);
}

/*
 * The title: the metric's label (or its name), the field and its unit,
 * and the key drawn or the keys summed ("system calls: latency (ns), by
 * execname = \"dd\"").
 */
static char *
md_hm_title(const md_cli_job_t *j, const char *unit)
{
	const md_cli_opts_t *o = j->cj_o;
	char *t;
	size_t len;
	FILE *f;

	if ((f = md_live_title(j, &t, &len)) == NULL)
		return (NULL);
	(void) fprintf(f, "%s", o->o_nfield);
	if (unit != NULL && *unit != '\0')
		(void) fprintf(f, " (%s)", md_unit_symbol(unit));
	if (o->o_nsfields > 0 && o->o_key != NULL)
		(void) fprintf(f, ", by %s = \"%s\"", o->o_sfields[0],
		    o->o_key);
	else if (o->o_nsfields > 0)
		(void) fprintf(f, ", all %s summed", o->o_sfields[0]);
	return (md_cli_mclose(f, &t) == 0 ? t : NULL);
}

static void
md_hm_free(void *arg)
{
	md_cli_hm_t *lh = arg;

	if (lh == NULL)
		return;
	md_heatmap_free(lh->lh_map);
	free(lh->lh_title);
	free(lh);
}

static void *
md_hm_new(const md_cli_job_t *j)
{
	const char *unit = md_metric_unit(j->cj_m, j->cj_o->o_nfield);
	md_cli_hm_t *lh = calloc(1, sizeof (*lh));
	md_error_t err;

	if (lh == NULL || (lh->lh_title = md_hm_title(j, unit)) == NULL ||
	    (lh->lh_map = md_heatmap_new(j->cj_o->o_key, &err)) == NULL) {
		md_hm_free(lh);
		return (NULL);
	}
	md_cli_hmopts(j->cj_o, &lh->lh_opts, lh->lh_title, unit);
	return (lh);
}

static int
md_hm_line(void *arg, const char *line, size_t len, md_error_t *err)
{
	return (md_heatmap_line(((md_cli_hm_t *)arg)->lh_map, line, len, err));
}

static char *
md_hm_svg(void *arg, size_t *lenp, md_error_t *err)
{
	md_cli_hm_t *lh = arg;

	return (md_heatmap_svg(lh->lh_map, &lh->lh_opts, lenp, err));
}

/* The flame graph: the lines, and how to draw them. */
typedef struct md_cli_fl {
	md_flame_t	*lf_graph;
	md_flameopts_t	lf_opts;
	char		*lf_title;
} md_cli_fl_t;

static const char *
md_fl_file(const md_cli_opts_t *o)
{
	return (o->o_flamefile);
}

/* The title: the metric's label (or its name) and the -s fields. */
static char *
md_fl_title(const md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	char *t;
	size_t len, i;
	FILE *f;

	if ((f = md_live_title(j, &t, &len)) == NULL)
		return (NULL);
	(void) fprintf(f, "by");
	for (i = 0; i < o->o_nsfields; i++)
		(void) fprintf(f, "%s %s", i > 0 ? "," : "", o->o_sfields[i]);
	return (md_cli_mclose(f, &t) == 0 ? t : NULL);
}

static void
md_fl_free(void *arg)
{
	md_cli_fl_t *lf = arg;

	if (lf == NULL)
		return;
	md_flame_free(lf->lf_graph);
	free(lf->lf_title);
	free(lf);
}

static void *
md_fl_new(const md_cli_job_t *j)
{
	md_cli_fl_t *lf = calloc(1, sizeof (*lf));
	md_error_t err;

	if (lf == NULL || (lf->lf_title = md_fl_title(j)) == NULL ||
	    (lf->lf_graph = md_flame_new(&err)) == NULL) {
		md_fl_free(lf);
		return (NULL);
	}
	lf->lf_opts.mdf_title = j->cj_o->o_title != NULL ? j->cj_o->o_title :
	    lf->lf_title;
	lf->lf_opts.mdf_width = j->cj_o->o_width;
	return (lf);
}

static int
md_fl_line(void *arg, const char *line, size_t len, md_error_t *err)
{
	return (md_flame_line(((md_cli_fl_t *)arg)->lf_graph, line, len, err));
}

static char *
md_fl_svg(void *arg, size_t *lenp, md_error_t *err)
{
	md_cli_fl_t *lf = arg;

	return (md_flame_svg(lf->lf_graph, &lf->lf_opts, lenp, err));
}

static const md_cli_picture_t md_cli_pictures[] = {
	{ "--heatmap", md_hm_file, md_hm_new, md_hm_line, md_hm_svg,
	    md_hm_free },
	{ "--flamegraph", md_fl_file, md_fl_new, md_fl_line, md_fl_svg,
	    md_fl_free }
};

#define	MD_CLI_NPICTURES	\
	(sizeof (md_cli_pictures) / sizeof (md_cli_pictures[0]))

int
md_cli_live_open(md_cli_live_t *lv, const md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	const md_cli_picture_t *pc;
	size_t i;
	int rv;

	(void) memset(lv, 0, sizeof (*lv));
	lv->lv_file.rf_dir.cd_fd = lv->lv_file.rf_dir.cd_pfd = -1;
	lv->lv_o = o;
	for (i = 0; i < MD_CLI_NPICTURES; i++) {
		pc = &md_cli_pictures[i];
		if (pc->pc_file(o) == NULL)
			continue;
		if ((rv = md_cli_repl_open(&lv->lv_file, o, pc->pc_opt,
		    pc->pc_file(o), "SVGFILE")) != 0)
			return (rv);
		if ((lv->lv_state = pc->pc_new(j)) == NULL) {
			md_cli_err(o, "out of memory");
			return (MD_CLI_ERROR);
		}
		lv->lv_pic = pc;
		return (0);	/* one picture a run */
	}
	return (0);
}

void
md_cli_live_line(md_cli_live_t *lv, const char *line, size_t len)
{
	const md_cli_picture_t *pc = lv->lv_pic;
	char why[MD_ERRMSGLEN], *svg;
	md_error_t err;
	size_t n;
	int e;

	if (pc == NULL)
		return;
	while (len > 0 && line[len - 1] == '\n')
		len--;
	if (pc->pc_line(lv->lv_state, line, len, &err) != 0 ||
	    (svg = pc->pc_svg(lv->lv_state, &n, &err)) == NULL) {
		md_cli_err(lv->lv_o, "%s: %s", pc->pc_opt, err.mde_msg);
		return;
	}
	why[0] = '\0';
	if ((e = md_cli_repl_put(&lv->lv_file, svg, n, why,
	    sizeof (why))) != 0)
		md_cli_err(lv->lv_o, "%s: write \"%s\": %s%s (tracing goes on)",
		    pc->pc_opt, lv->lv_file.rf_file, e == EPERM && why[0] !=
		    '\0' ? "refused: " : "", e == EPERM && why[0] != '\0' ?
		    why : strerror(e));
	free(svg);
}

void
md_cli_live_close(md_cli_live_t *lv)
{
	if (lv->lv_pic != NULL)
		lv->lv_pic->pc_free(lv->lv_state);
	lv->lv_pic = NULL;
	lv->lv_state = NULL;
	md_cli_dir_close(&lv->lv_file.rf_dir, 0);
}

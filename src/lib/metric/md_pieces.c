/*
 * md_pieces.c: each piece of D a metric holds, checked in its context
 * (md_dcheck_piece()): its probes, gathers and stores, locals, transforms,
 * aggregating functions, verify and clean values, and entry predicates.
 * md_metric_load() checks them once (a fault is kept, mm_dfault, for
 * md_metric_check() to report); md_metric_check() again, with each
 * aggregating function given its field's transform for $0, within the
 * check's budget of D (MD_MAXCHECK).
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

/*
 * An aggregating function with $0 (not $0N) replaced by the transform in
 * parentheses, as md_resolve_aggregate() puts it, into b.
 */
static void
md_pieces_subst(md_buf_t *b, const char *fn, const char *xform)
{
	const char *p;

	while ((p = strstr(fn, "$0")) != NULL) {
		md_buf_append(b, fn, (size_t)(p - fn));
		if (p[2] >= '0' && p[2] <= '9') {
			md_buf_append(b, p, 2);
		} else {
			md_buf_putc(b, '(');
			md_buf_puts(b, xform);
			md_buf_putc(b, ')');
		}
		fn = p + 2;
	}
	md_buf_puts(b, fn);
}

/*
 * The aggregating functions of an entry: each as written, then, with a
 * budget (budgetp not NULL), with its field's transform for $0, the bytes
 * of what is parsed taken from the budget.
 */
static int
md_pieces_aggregate(const md_probedesc_t *p, size_t pd, md_buf_t *b,
    size_t *budgetp, md_error_t *err)
{
	char place[MD_PLACELEN], msg[MD_ERRMSGLEN], where[64];
	const md_map_t *am = &p->pd_aggregate;
	const md_strv_t *t;
	size_t i, off;

	for (i = 0; i < am->ma_n; i++) {
		const char *f = am->ma_pairs[i].pr_key;
		const char *fn = am->ma_pairs[i].pr_val.msv_v[0];

		(void) snprintf(place, sizeof (place),
		    "probedesc[%zu].aggregate.%s", pd, f);
		if (md_dcheck_piece(fn, MD_DC_AGGFUNC, place, err) != 0)
			return (-1);
		if (budgetp == NULL || strstr(fn, "$0") == NULL ||
		    (t = md_map_get(&p->pd_transforms, f)) == NULL)
			continue;
		md_buf_reset(b);
		if ((b->mb_limit = *budgetp) == 0)
			return (md_dcheck_overbudget(err));
		md_pieces_subst(b, fn, t->msv_v[0]);
		if (md_buf_failed(b))
			return (b->mb_failed == MD_BUF_TOOBIG ?
			    md_dcheck_overbudget(err) : md_buf_error(b, err));
		*budgetp -= b->mb_len;
		if (md_dparse(b->mb_data, b->mb_len, MD_DC_AGGFUNC, &off, msg,
		    sizeof (msg)) == 0)
			continue;
		md_dcheck_where(where, sizeof (where), b->mb_data, off);
		return (md_error_set(err, MD_ERR_D, "%s: D %s %s, with "
		    "probedesc[%zu].transforms.%s for $0: \"%.*s\"%s", place,
		    msg, where, pd, f, b->mb_len > MD_QUOTEMAX ? MD_QUOTEMAX :
		    (int)b->mb_len, b->mb_data, b->mb_len > MD_QUOTEMAX ?
		    "..." : ""));
	}
	return (0);
}

/* Each string of each value of a map, parsed in context ctx. */
static int
md_pieces_map(const md_map_t *map, size_t pd, const char *sect,
    md_dctx_t ctx, md_error_t *err)
{
	char place[MD_PLACELEN];
	size_t i, j;

	for (i = 0; i < map->ma_n; i++) {
		const md_strv_t *v = &map->ma_pairs[i].pr_val;

		for (j = 0; j < v->msv_n; j++) {
			if (v->msv_n > 1)
				(void) snprintf(place, sizeof (place),
				    "probedesc[%zu].%s.%s[%zu]", pd, sect,
				    map->ma_pairs[i].pr_key, j);
			else
				(void) snprintf(place, sizeof (place),
				    "probedesc[%zu].%s.%s", pd, sect,
				    map->ma_pairs[i].pr_key);
			if (md_dcheck_piece(v->msv_v[j], ctx, place, err) != 0)
				return (-1);
		}
	}
	return (0);
}

static int
md_pieces_gathers(const md_gather_t *g, size_t n, size_t pd,
    const char *sect, md_error_t *err)
{
	char place[MD_PLACELEN], idx[32];
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < g[i].mg_n; j++) {
			idx[0] = '\0';
			if (g[i].mg_n > 1)
				(void) snprintf(idx, sizeof (idx), "[%zu]", j);
			(void) snprintf(place, sizeof (place),
			    "probedesc[%zu].%s.%s.gather%s", pd, sect,
			    g[i].mg_field, idx);
			if (md_dcheck_piece(g[i].mg_exprs[j], MD_DC_EXPR, place,
			    err) != 0)
				return (-1);
			if (g[i].mg_index[j][0] == '\0')
				continue;
			(void) snprintf(place, sizeof (place),
			    "probedesc[%zu].%s.%s.store%s", pd, sect,
			    g[i].mg_field, idx);
			if (md_dcheck_piece(g[i].mg_index[j], MD_DC_INDEX,
			    place, err) != 0)
				return (-1);
		}
	}
	return (0);
}

/*
 * Every piece of D of the metric, in its context; with a budget (budgetp
 * not NULL: md_metric_check()), also each aggregating function with its
 * transform for $0, within it.
 */
int
md_pieces_check(const md_metric_t *m, size_t *budgetp, md_error_t *err)
{
	char place[MD_PLACELEN];
	md_buf_t b;
	size_t pd, i;
	int rv = -1;

	for (i = 0; i < m->mm_nlocals; i++) {
		(void) snprintf(place, sizeof (place), "metad.locals[%zu].%s",
		    i, m->mm_locals[i].ml_name);
		if (md_dcheck_piece(m->mm_locals[i].ml_value, MD_DC_TYPE, place,
		    err) != 0)
			return (-1);
	}
	md_buf_init(&b);
	for (pd = 0; pd < m->mm_npds; pd++) {
		const md_probedesc_t *p = m->mm_pds[pd];

		for (i = 0; i < p->pd_nprobes; i++) {
			(void) snprintf(place, sizeof (place),
			    "probedesc[%zu].probes[%zu]", pd, i);
			if (md_dcheck_piece(p->pd_probes[i], MD_DC_PROBE, place,
			    err) != 0)
				goto out;
		}
		if (md_pieces_gathers(p->pd_always, p->pd_nalways, pd,
		    "alwaysgather", err) != 0 ||
		    md_pieces_gathers(p->pd_gather, p->pd_ngather, pd,
		    "gather", err) != 0)
			goto out;
		for (i = 0; i < p->pd_nlocals; i++) {
			(void) snprintf(place, sizeof (place),
			    "probedesc[%zu].local[%zu].%s", pd, i,
			    p->pd_locals[i].ml_name);
			if (md_dcheck_piece(p->pd_locals[i].ml_value,
			    MD_DC_EXPR, place, err) != 0)
				goto out;
		}
		if (md_pieces_map(&p->pd_transforms, pd, "transforms",
		    MD_DC_KEY, err) != 0 ||
		    md_pieces_aggregate(p, pd, &b, budgetp, err) != 0 ||
		    md_pieces_map(&p->pd_verify, pd, "verify", MD_DC_EXPR,
		    err) != 0 ||
		    md_pieces_map(&p->pd_clean, pd, "clean", MD_DC_EXPR,
		    err) != 0)
			goto out;
		if (p->pd_predicate != NULL) {
			(void) snprintf(place, sizeof (place),
			    "probedesc[%zu].predicate", pd);
			if (md_dcheck_piece(p->pd_predicate, MD_DC_PRED, place,
			    err) != 0)
				goto out;
		}
	}
	rv = 0;
out:
	md_buf_fini(&b);
	return (rv);
}

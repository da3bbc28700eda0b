/*
 * md_plan.c: which probedesc entries a script needs, what is gathered,
 * and the D variables it is gathered into.
 *
 * The entries are considered in order.  An entry is needed if it
 * aggregates, if it always gathers, if it gathers a requested field (one
 * the user decomposes by or filters on), or if it cleans a field that an
 * earlier needed entry gathered.  Each needed entry adds its gathers to the
 * gathered map before it is emitted: a field keeps the place of its first
 * gather, and a later gather of the same field replaces its variables in
 * place.
 *
 * The plan is an iterator, so that emission sees the map as it stands at
 * each entry, and the work is linear in the size of the metric.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

int
md_plan_init(md_plan_t *pl, const md_metric_t *m, const md_decomp_t *d,
    size_t nd, const md_pred_t *pred, md_error_t *err)
{
	size_t npf = md_pred_nfields(pred), i;

	/* Zeroed first, so that md_plan_fini() may undo a partial init. */
	(void) memset(pl, 0, sizeof (*pl));
	pl->pl_metric = m;
	pl->pl_gathered = calloc(m->mm_maxgathered + 1,
	    sizeof (pl->pl_gathered[0]));
	if (pl->pl_gathered == NULL ||
	    md_strtab_init(&pl->pl_requested, nd + npf, NULL) != 0 ||
	    md_strtab_init(&pl->pl_gindex, m->mm_maxgathered, NULL) != 0) {
		md_plan_fini(pl);
		return (md_error_nomem(err));
	}
	for (i = 0; i < nd; i++)
		(void) md_strtab_put(&pl->pl_requested, d[i].mdd_field, 0);
	for (i = 0; i < npf; i++)
		(void) md_strtab_put(&pl->pl_requested, md_pred_field(pred, i),
		    0);
	return (0);
}

void
md_plan_fini(md_plan_t *pl)
{
	free(pl->pl_gathered);
	pl->pl_gathered = NULL;
	md_strtab_fini(&pl->pl_requested);
	md_strtab_fini(&pl->pl_gindex);
}

int
md_plan_requested(const md_plan_t *pl, const char *field)
{
	return (md_strtab_get(&pl->pl_requested, field, NULL));
}

/* The field of len bytes at field (not NUL-terminated), if gathered. */
const md_gvar_t *
md_plan_gatheredn(const md_plan_t *pl, const char *field, size_t len)
{
	size_t i;

	if (!md_strtab_getn(&pl->pl_gindex, field, len, &i))
		return (NULL);
	return (&pl->pl_gathered[i]);
}

const md_gvar_t *
md_plan_gathered(const md_plan_t *pl, const char *field)
{
	return (md_plan_gatheredn(pl, field, strlen(field)));
}

static int
md_plan_needed(const md_plan_t *pl, const md_probedesc_t *p)
{
	size_t i;

	if (p->pd_aggregate.ma_present || p->pd_hasalways)
		return (1);
	for (i = 0; i < p->pd_clean.ma_n; i++) {
		if (md_plan_gathered(pl, p->pd_clean.ma_pairs[i].pr_key))
			return (1);
	}
	for (i = 0; i < p->pd_ngather; i++) {
		if (md_plan_requested(pl, p->pd_gather[i].mg_field))
			return (1);
	}
	return (0);
}

static void
md_plan_gather(md_plan_t *pl, const md_gather_t *g)
{
	size_t i;

	if (md_strtab_get(&pl->pl_gindex, g->mg_field, &i)) {
		pl->pl_gathered[i].gv_gather = g;
		return;
	}
	/* The metric counted every field a gather names: there is room. */
	i = pl->pl_ngathered++;
	pl->pl_gathered[i].gv_field = g->mg_field;
	pl->pl_gathered[i].gv_gather = g;
	(void) md_strtab_put(&pl->pl_gindex, g->mg_field, i);
}

/*
 * The next entry the script needs (its index in *idxp), with its gathers
 * applied; NULL after the last.
 */
const md_probedesc_t *
md_plan_next(md_plan_t *pl, size_t *idxp)
{
	const md_metric_t *m = pl->pl_metric;
	const md_probedesc_t *p;
	size_t i;

	while (pl->pl_next < m->mm_npds) {
		p = m->mm_pds[pl->pl_next++];
		if (!md_plan_needed(pl, p))
			continue;
		for (i = 0; i < p->pd_nalways; i++)
			md_plan_gather(pl, &p->pd_always[i]);
		for (i = 0; i < p->pd_ngather; i++) {
			if (md_plan_requested(pl, p->pd_gather[i].mg_field))
				md_plan_gather(pl, &p->pd_gather[i]);
		}
		*idxp = pl->pl_next - 1;
		return (p);
	}
	return (NULL);
}

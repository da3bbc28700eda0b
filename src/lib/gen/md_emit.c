/*
 * md_emit.c: the D text of one script (SPEC section 4).
 *
 * For each entry the plan says is needed, in order:
 *
 *	PROBE,
 *	PROBE
 *	/((PART) && (PART) ...)/{
 *		GATHER = EXPR;
 *		@[KEY,KEY] = FUNCTION;
 *		CLEAN = 0;
 *	}
 *
 * where the predicate parts are, in order: a verify test per gathered field,
 * the zones, the clause-local assignments, the entry's own predicate and the
 * user's predicate.  Every list of parts is printed the same way: each item
 * in parentheses, joined by && or ||, the whole in parentheses.
 *
 * With an interval, a clause prints and clears the aggregation at every
 * tick.  With a duration, a last clause ends tracing after it: dtrace
 * prints the aggregation as it exits (with an interval, what the last one
 * gathered).  It is a profile probe, not a tick: a profile probe exists
 * wherever tick does, and Oracle's DTrace for Linux can wait forever after
 * a tick probe calls exit().  All text goes into one buffer; on any error
 * the caller discards it.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/* The variable of the start of tracing, for a key by interval. */
#define	MD_EMIT_T0	"__metad_t0"

typedef struct md_emit {
	md_buf_t		*em_out;
	const md_emit_req_t	*em_req;
	md_plan_t		*em_plan;
	md_rctx_t		em_rc;
	md_error_t		*em_err;
	md_list_t		em_parts;	/* the clause's predicate */
	size_t			*em_order;	/* clean: gathered positions */
	size_t			em_norder;	/* room in em_order */
	char			em_place[64];	/* "probedesc[3].verify" */
	const md_probedesc_t	*em_pd;
	size_t			em_pdi;		/* its index */
} md_emit_t;

void
md_emit_spans_fini(md_emit_spans_t *sp)
{
	free(sp->sp_v);
	(void) memset(sp, 0, sizeof (*sp));
}

/* Room for one more span: 0, or -1 and the table failed. */
static int
md_emit_spans_grow(md_emit_spans_t *sp)
{
	size_t cap = sp->sp_cap == 0 ? 16 : sp->sp_cap * 2;
	md_emit_span_t *v;

	if (cap > SIZE_MAX / sizeof (*v) ||
	    (v = realloc(sp->sp_v, cap * sizeof (*v))) == NULL) {
		sp->sp_failed = 1;
		return (-1);
	}
	sp->sp_v = v;
	sp->sp_cap = cap;
	return (0);
}

/*
 * A piece of the metric, raw, was written from start to the end of the
 * output, and is parsed in context ctx: its span, if the request keeps
 * them (md_emit_span_t), with its place in the entry at hand: sect, then
 * key (or NULL), then the index i of an array value (or MD_NOINDEX).
 * Returns the span, for the parts of a place few pieces have; or NULL.
 */
static md_emit_span_t *
md_emit_mark(md_emit_t *em, size_t start, const char *raw, md_dctx_t ctx,
    const char *sect, const char *key, size_t i)
{
	md_emit_spans_t *sp = em->em_req->er_spans;
	md_emit_span_t *s;

	if (sp == NULL || sp->sp_failed || (sp->sp_n == sp->sp_cap &&
	    md_emit_spans_grow(sp) != 0))
		return (NULL);
	s = &sp->sp_v[sp->sp_n++];
	s->es_start = start;
	s->es_end = em->em_out->mb_len;
	s->es_raw = raw;
	s->es_ctx = ctx;
	s->es_pd = em->em_pdi;
	s->es_sect = sect;
	s->es_secti = MD_NOINDEX;
	s->es_key = key;
	s->es_what = NULL;
	s->es_i = i;
	return (s);
}

/* "probedesc[N].SECT" into em_place, for messages; it always fits. */
static const char *
md_emit_place(md_emit_t *em, size_t pd, const char *sect)
{
	(void) snprintf(em->em_place, sizeof (em->em_place), "probedesc[%zu]%s%s",
	    pd, sect != NULL ? "." : "", sect != NULL ? sect : "");
	return (em->em_place);
}

/*
 * A part of the clause's predicate, the AND of its parts, begins: the first
 * opens the predicate, "/(".  Each part ends with md_list_end(); parts go
 * straight into the output, so that nothing but the output grows with it.
 */
static md_buf_t *
md_emit_part(md_emit_t *em)
{
	if (em->em_parts.li_n == 0)
		md_buf_putc(em->em_out, '/');
	md_list_item(&em->em_parts);
	return (em->em_out);
}

/* AND of (v != NULL) for each verify value of each gathered field. */
static int
md_emit_verify(md_emit_t *em, size_t pd)
{
	const md_plan_t *pl = em->em_plan;
	const char *place = md_emit_place(em, pd, "verify");
	md_list_t l;
	size_t i, j;

	for (i = 0; i < pl->pl_ngathered; i++) {
		const char *f = pl->pl_gathered[i].gv_field;
		const md_strv_t *v = md_map_get(&em->em_pd->pd_verify, f);
		md_buf_t *b;

		if (v == NULL)
			return (md_error_set(em->em_err, MD_ERR_TRANSLATE,
			    "%s: \"%s\" is gathered, but this entry has no "
			    "verify for it", place, f));
		/* AND of (V != NULL), a part */
		md_list_init(&l, b = md_emit_part(em), " && ", 0);
		for (j = 0; j < v->msv_n; j++) {
			size_t start;

			md_list_item(&l);
			md_buf_putc(b, '(');
			start = b->mb_len;
			if (md_resolve(&em->em_rc, b, v->msv_v[j], f,
			    place) != 0)
				return (-1);
			(void) md_emit_mark(em, start, v->msv_v[j], MD_DC_EXPR,
			    "verify", f, v->msv_n > 1 ? j : MD_NOINDEX);
			md_buf_puts(b, " != NULL)");
			md_list_end(&l);
		}
		md_list_close(&l);
		md_list_end(&em->em_parts);
	}
	return (0);
}

/* OR of zonename == "Z", a part. */
static void
md_emit_zones(md_emit_t *em)
{
	const md_emit_req_t *req = em->em_req;
	md_buf_t *b = md_emit_part(em);
	md_list_t l;
	size_t i;

	md_list_init(&l, b, " || ", 0);
	for (i = 0; i < req->er_nzones; i++) {
		md_list_item(&l);
		md_buf_puts(b, "zonename == ");
		md_dstring(b, req->er_zones[i]);
		md_list_end(&l);
	}
	md_list_close(&l);
	md_list_end(&em->em_parts);
}

/* AND of ((this->N = V) != NULL || 1), a part: assignments always true. */
static void
md_emit_locals(md_emit_t *em)
{
	const md_probedesc_t *p = em->em_pd;
	md_buf_t *b = md_emit_part(em);
	md_list_t l;
	size_t i;

	md_list_init(&l, b, " && ", 0);
	for (i = 0; i < p->pd_nlocals; i++) {
		md_emit_span_t *sp;
		size_t start;

		md_list_item(&l);
		md_buf_puts(b, "((this->");
		md_buf_puts(b, p->pd_locals[i].ml_name);
		md_buf_puts(b, " = ");
		start = b->mb_len;
		md_buf_puts(b, p->pd_locals[i].ml_value);
		if ((sp = md_emit_mark(em, start, p->pd_locals[i].ml_value,
		    MD_DC_EXPR, "local", p->pd_locals[i].ml_name,
		    MD_NOINDEX)) != NULL)
			sp->es_secti = i;
		md_buf_puts(b, ") != NULL || 1)");
		md_list_end(&l);
	}
	md_list_close(&l);
	md_list_end(&em->em_parts);
}

typedef struct md_xfarg {
	md_emit_t	*xa_em;
	const char	*xa_place;
} md_xfarg_t;

/*
 * The user's predicate compares a field: print its transform here, and
 * refuse a value of the other kind where the transform's kind is certain
 * (SPEC 7.16), as dtrace would.
 */
static int
md_emit_xform_cb(md_buf_t *b, const md_pcmp_t *cmp, void *arg,
    md_error_t *err)
{
	md_xfarg_t *xa = arg;
	md_emit_t *em = xa->xa_em;
	const char *f = cmp->pc_field;
	const md_strv_t *t = md_map_get(&em->em_pd->pd_transforms, f);
	size_t start = b->mb_len;
	md_kind_t k;

	if (t == NULL)
		return (md_error_set(err, MD_ERR_TRANSLATE, "%s: the predicate "
		    "uses \"%s\", which has no transform here", xa->xa_place,
		    f));
	if (md_resolve(&em->em_rc, b, t->msv_v[0], f, xa->xa_place) != 0)
		return (-1);
	if (md_buf_failed(b))
		return (md_buf_error(b, err));
	(void) md_emit_mark(em, start, t->msv_v[0], MD_DC_KEY, "transforms",
	    f, MD_NOINDEX);
	k = md_kind(b->mb_data + start, b->mb_len - start, em->em_plan);
	if ((k == MD_KIND_NUMBER && cmp->pc_str != NULL) ||
	    (k == MD_KIND_STRING && cmp->pc_str == NULL))
		return (md_error_set(err, MD_ERR_TRANSLATE, "%s.%s: the "
		    "predicate compares \"%s\", %s here, with the %s %s%s%s, "
		    "which dtrace refuses; the transform is %.*s", xa->xa_place,
		    f, f, md_kind_name(k), cmp->pc_str != NULL ? "string" :
		    "number", cmp->pc_str != NULL ? "\"" : "", cmp->pc_str !=
		    NULL ? cmp->pc_str : cmp->pc_num, cmp->pc_str != NULL ?
		    "\"" : "", (int)(b->mb_len - start < MD_ERRMSGLEN ?
		    b->mb_len - start : MD_ERRMSGLEN), b->mb_data + start));
	return (0);
}

static int
md_emit_predicate(md_emit_t *em, size_t pd)
{
	const md_probedesc_t *p = em->em_pd;
	const md_emit_req_t *req = em->em_req;
	md_xfarg_t xa;
	md_buf_t *b;

	if (p->pd_aggregate.ma_present && md_emit_verify(em, pd) != 0)
		return (-1);
	if (p->pd_aggregate.ma_present && req->er_nzones > 0)
		md_emit_zones(em);
	if (p->pd_haslocal)
		md_emit_locals(em);
	if (p->pd_predicate != NULL) {
		size_t start;

		b = md_emit_part(em);
		start = b->mb_len;
		if (md_resolve_predicate(&em->em_rc, b, p->pd_predicate,
		    md_emit_place(em, pd, "predicate")) != 0)
			return (-1);
		(void) md_emit_mark(em, start, p->pd_predicate, MD_DC_PRED,
		    "predicate", NULL, MD_NOINDEX);
		md_list_end(&em->em_parts);
	}
	if (p->pd_aggregate.ma_present && !md_pred_trivial(req->er_pred)) {
		b = md_emit_part(em);
		xa.xa_em = em;
		xa.xa_place = md_emit_place(em, pd, "transforms");
		if (md_pred_print(b, req->er_pred, md_emit_xform_cb, &xa,
		    em->em_err) != 0)
			return (-1);
		md_list_end(&em->em_parts);
	}
	if (em->em_parts.li_n > 0) {
		md_list_close(&em->em_parts);
		md_buf_putc(em->em_out, '/');
	}
	return (0);
}

/* A gather's place: "gather.latency.store", and "[1]" of many. */
static void
md_emit_gmark(md_emit_t *em, size_t start, const md_gather_t *g, size_t j,
    const char *raw, md_dctx_t ctx, const char *sect, const char *what)
{
	md_emit_span_t *sp;

	if ((sp = md_emit_mark(em, start, raw, ctx, sect, g->mg_field,
	    g->mg_n > 1 ? j : MD_NOINDEX)) != NULL)
		sp->es_what = what;
}

static void
md_emit_gathers(md_emit_t *em, const md_gather_t *g, size_t n, int all)
{
	const char *sect = all ? "alwaysgather" : "gather";
	size_t i, j, start;

	for (i = 0; i < n; i++) {
		if (!all && !md_plan_requested(em->em_plan, g[i].mg_field))
			continue;
		for (j = 0; j < g[i].mg_n; j++) {
			md_buf_putc(em->em_out, '\t');
			md_buf_puts(em->em_out, g[i].mg_names[j]);
			start = em->em_out->mb_len;
			md_buf_puts(em->em_out, g[i].mg_index[j]);
			md_emit_gmark(em, start, &g[i], j, g[i].mg_index[j],
			    MD_DC_INDEX, sect, "store");
			md_buf_puts(em->em_out, " = ");
			start = em->em_out->mb_len;
			md_buf_puts(em->em_out, g[i].mg_exprs[j]);
			md_emit_gmark(em, start, &g[i], j, g[i].mg_exprs[j],
			    MD_DC_EXPR, sect, "gather");
			md_buf_puts(em->em_out, ";\n");
		}
	}
}

/*
 * The keys of "@[KEY,...]": the interval's, when keyed by interval, then
 * the transform of each discrete decomposition.  *fnfieldp is the field
 * whose aggregating function is the entry's: the numeric decomposition's,
 * else the first discrete one's, else none (NULL: the default).
 */
static int
md_emit_keys(md_emit_t *em, size_t pd, const char **fnfieldp)
{
	const md_probedesc_t *p = em->em_pd;
	const md_emit_req_t *req = em->em_req;
	const char *place = md_emit_place(em, pd, "transforms");
	const md_strv_t *t, *a;
	char key[64];
	size_t i, nkeys = 0, start;

	*fnfieldp = NULL;
	if (req->er_keyinterval != 0) {
		(void) snprintf(key, sizeof (key), "[(timestamp - %s) / %llu",
		    MD_EMIT_T0, (unsigned long long)req->er_keyinterval);
		md_buf_puts(em->em_out, key);
		nkeys++;
	}
	for (i = 0; i < req->er_ndecomps; i++) {
		const md_decomp_t *d = &req->er_decomps[i];

		t = md_map_get(&p->pd_transforms, d->mdd_field);
		a = md_map_get(&p->pd_aggregate, d->mdd_field);
		if (t == NULL || a == NULL)
			return (md_error_set(em->em_err, MD_ERR_TRANSLATE,
			    "probedesc[%zu]: cannot break down by \"%s\": "
			    "this entry has no %s for it", pd, d->mdd_field,
			    t == NULL ? "transform" : "aggregate"));
		if (d->mdd_kind == MD_DECOMP_NUMBER) {
			*fnfieldp = d->mdd_field;
			continue;
		}
		md_buf_puts(em->em_out, nkeys++ == 0 ? "[" : ",");
		start = em->em_out->mb_len;
		if (md_resolve(&em->em_rc, em->em_out, t->msv_v[0],
		    d->mdd_field, place) != 0)
			return (-1);
		(void) md_emit_mark(em, start, t->msv_v[0], MD_DC_KEY,
		    "transforms", d->mdd_field, MD_NOINDEX);
		if (*fnfieldp == NULL)
			*fnfieldp = d->mdd_field;
	}
	if (nkeys > 0)
		md_buf_putc(em->em_out, ']');
	return (0);
}

/*
 * The FUNCTION of "@[...] = FUNCTION": the entry's default, or fnfield's
 * with its transform for $0.  Only the function chosen is resolved, so a
 * broken one that is not used is no error.
 */
static int
md_emit_function(md_emit_t *em, size_t pd, const char *fnfield)
{
	const md_probedesc_t *p = em->em_pd;
	const md_emit_req_t *req = em->em_req;
	size_t start = em->em_out->mb_len;
	const md_strv_t *a;
	md_rpiece_t fn, xf;
	char xplace[64];

	if (fnfield == NULL) {
		a = md_map_get(&p->pd_aggregate, "default");
		md_buf_puts(em->em_out, a->msv_v[0]);
		(void) md_emit_mark(em, start, a->msv_v[0], MD_DC_AGGFUNC,
		    "aggregate", "default", MD_NOINDEX);
	} else {
		/* the transform's place, kept from the aggregate's */
		(void) snprintf(xplace, sizeof (xplace), "%s",
		    md_emit_place(em, pd, "transforms"));
		xf.rp_text = md_map_get(&p->pd_transforms, fnfield)->msv_v[0];
		xf.rp_key = fnfield;
		xf.rp_place = xplace;
		fn.rp_text = md_map_get(&p->pd_aggregate, fnfield)->msv_v[0];
		fn.rp_key = fnfield;
		fn.rp_place = md_emit_place(em, pd, "aggregate");
		if (md_resolve_aggregate(&em->em_rc, em->em_out, &fn, &xf) != 0)
			return (-1);
		(void) md_emit_mark(em, start, fn.rp_text, MD_DC_AGGFUNC,
		    "aggregate", fnfield, MD_NOINDEX);
	}
	if (req->er_fn != NULL && !md_buf_failed(em->em_out))
		*req->er_fn = md_aggfn_of(em->em_out->mb_data + start,
		    em->em_out->mb_len - start, NULL);
	return (0);
}

/*
 * The length of the first argument of the call text (len bytes, "NAME(")
 * begins with: to the first ',' or ')' outside parentheses, brackets and
 * D's string and character constants.  0: none.
 */
static size_t
md_emit_firstarg(const char *t, size_t len)
{
	size_t i, depth = 0;
	char q = 0;

	for (i = 0; i < len; i++) {
		if (q != 0) {
			if (t[i] == '\\')
				i++;
			else if (t[i] == q)
				q = 0;
		} else if (t[i] == '"' || t[i] == '\'') {
			q = t[i];
		} else if (t[i] == '(' || t[i] == '[') {
			depth++;
		} else if ((t[i] == ')' || t[i] == ']') && depth > 0) {
			depth--;
		} else if ((t[i] == ',' || t[i] == ')') && depth == 0) {
			return (i);
		}
	}
	return (0);
}

/*
 * Beside a quantization (er_sum), "@__metad_sum[KEY,...] = sum(VALUE);":
 * the keys (keys bytes at kstart) and the quantization's first argument
 * of the text at fstart, copied (the buffer moves as it grows).
 */
static int
md_emit_sum(md_emit_t *em, size_t kstart, size_t keys, size_t fstart)
{
	md_buf_t *out = em->em_out;
	size_t n, alen;
	char *t;

	if (md_buf_failed(out) || !MD_AGG_ISDIST(md_aggfn_of(out->mb_data +
	    fstart, out->mb_len - fstart, &n)) || out->mb_data[fstart + n] !=
	    '(' || (alen = md_emit_firstarg(out->mb_data + fstart + n + 1,
	    out->mb_len - fstart - n - 1)) == 0)
		return (0);
	if ((t = malloc(keys + alen + 1)) == NULL)
		return (md_error_nomem(em->em_err));
	(void) memcpy(t, out->mb_data + kstart, keys);
	(void) memcpy(t + keys, out->mb_data + fstart + n + 1, alen);
	md_buf_puts(out, "\t@" MD_SUM_AGGREGATION);
	md_buf_append(out, t, keys);
	md_buf_puts(out, " = sum(");
	md_buf_append(out, t + keys, alen);
	md_buf_puts(out, ");\n");
	free(t);
	return (0);
}

/*
 * @[KEY,...] = FUNCTION;  A discrete decomposition adds its transform to
 * the key; a numeric one picks the function (and, asked, a sum() of its
 * value beside a quantization: md_emit_sum()).
 */
static int
md_emit_aggregate(md_emit_t *em, size_t pd)
{
	const char *fnfield;
	size_t kstart, keys, fstart;

	md_buf_puts(em->em_out, "\t@");
	kstart = em->em_out->mb_len;
	if (md_emit_keys(em, pd, &fnfield) != 0)
		return (-1);
	keys = em->em_out->mb_len - kstart;
	md_buf_puts(em->em_out, " = ");
	fstart = em->em_out->mb_len;
	if (md_emit_function(em, pd, fnfield) != 0)
		return (-1);
	md_buf_puts(em->em_out, ";\n");
	if (em->em_req->er_sum && fnfield != NULL)
		return (md_emit_sum(em, kstart, keys, fstart));
	return (0);
}

static int
md_emit_cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x < y ? -1 : x > y);
}

static int
md_emit_clean_field(md_emit_t *em, const char *f, const md_strv_t *c,
    const char *place)
{
	size_t j;

	for (j = 0; j < c->msv_n; j++) {
		size_t start;

		md_buf_putc(em->em_out, '\t');
		start = em->em_out->mb_len;
		if (md_resolve(&em->em_rc, em->em_out, c->msv_v[j], f,
		    place) != 0)
			return (-1);
		(void) md_emit_mark(em, start, c->msv_v[j], MD_DC_EXPR, "clean",
		    f, c->msv_n > 1 ? j : MD_NOINDEX);
		md_buf_puts(em->em_out, " = 0;\n");
	}
	return (0);
}

/*
 * The zeroing lines of the gathered fields the entry cleans, in the order
 * they were first gathered.  Whichever of the two is shorter is walked:
 * the gathered fields, each looked up in the clean map, or the clean map's
 * keys, each looked up among the gathered and put in their order.  So the
 * work is never the product of the two (a metric of N gathered fields and
 * N entries cleaning one each is linear).
 */
static int
md_emit_clean(md_emit_t *em, size_t pd)
{
	const md_plan_t *pl = em->em_plan;
	const md_map_t *cm = &em->em_pd->pd_clean;
	const char *place = md_emit_place(em, pd, "clean");
	const md_gvar_t *gv;
	const md_strv_t *c;
	size_t i, n = 0;

	if (pl->pl_ngathered <= cm->ma_n) {
		for (i = 0; i < pl->pl_ngathered; i++) {
			const char *f = pl->pl_gathered[i].gv_field;

			if ((c = md_map_get(cm, f)) != NULL &&
			    md_emit_clean_field(em, f, c, place) != 0)
				return (-1);
		}
		return (0);
	}
	if (cm->ma_n > em->em_norder) {
		free(em->em_order);
		if ((em->em_order = malloc(cm->ma_n *
		    sizeof (em->em_order[0]))) == NULL) {
			em->em_norder = 0;
			return (md_error_nomem(em->em_err));
		}
		em->em_norder = cm->ma_n;
	}
	for (i = 0; i < cm->ma_n; i++) {
		if ((gv = md_plan_gathered(pl, cm->ma_pairs[i].pr_key)) != NULL)
			em->em_order[n++] = (size_t)(gv - pl->pl_gathered);
	}
	qsort(em->em_order, n, sizeof (em->em_order[0]), md_emit_cmp_size);
	for (i = 0; i < n; i++) {
		const char *f = pl->pl_gathered[em->em_order[i]].gv_field;

		if (md_emit_clean_field(em, f, md_map_get(cm, f), place) != 0)
			return (-1);
	}
	return (0);
}

static int
md_emit_clause(md_emit_t *em, const md_probedesc_t *p, size_t pd)
{
	size_t i;

	em->em_pd = p;
	em->em_pdi = pd;
	for (i = 0; i < p->pd_nprobes; i++) {
		size_t start;

		if (i > 0)
			md_buf_puts(em->em_out, ",\n");
		start = em->em_out->mb_len;
		md_buf_puts(em->em_out, p->pd_probes[i]);
		(void) md_emit_mark(em, start, p->pd_probes[i], MD_DC_PROBE,
		    "probes", NULL, i);
	}
	md_buf_putc(em->em_out, '\n');

	md_list_init(&em->em_parts, em->em_out, " && ", 0);
	if (md_emit_predicate(em, pd) != 0)
		return (-1);
	md_buf_puts(em->em_out, "{\n");

	md_emit_gathers(em, p->pd_always, p->pd_nalways, 1);
	md_emit_gathers(em, p->pd_gather, p->pd_ngather, 0);
	if (p->pd_aggregate.ma_present && md_emit_aggregate(em, pd) != 0)
		return (-1);
	if (p->pd_clean.ma_present && md_emit_clean(em, pd) != 0)
		return (-1);
	md_buf_puts(em->em_out, "}\n\n");
	return (0);
}

/* "this TYPE NAME;" for each of metad.locals, then a blank line. */
static void
md_emit_thislocals(md_emit_t *em, const md_metric_t *m)
{
	md_buf_t *out = em->em_out;
	md_emit_span_t *sp;
	size_t i, start;

	for (i = 0; i < m->mm_nlocals; i++) {
		md_buf_puts(out, "this ");
		start = out->mb_len;
		md_buf_puts(out, m->mm_locals[i].ml_value);
		if ((sp = md_emit_mark(em, start, m->mm_locals[i].ml_value,
		    MD_DC_TYPE, "locals", m->mm_locals[i].ml_name,
		    MD_NOINDEX)) != NULL)
			sp->es_secti = i;
		md_buf_putc(out, ' ');
		md_buf_puts(out, m->mm_locals[i].ml_name);
		md_buf_puts(out, ";\n");
	}
	md_buf_putc(out, '\n');
}

/* The clauses after the entries': the interval's, the duration's. */
static void
md_emit_ending(md_buf_t *out, const md_emit_req_t *req)
{
	if (req->er_interval != NULL) {
		/* print and clear the aggregation every interval */
		md_buf_puts(out, "tick-");
		md_buf_puts(out, req->er_interval);
		md_buf_puts(out, "\n{\n\tprinta(@);\n\ttrunc(@);\n}\n\n");
	}
	if (req->er_duration != NULL) {
		/* end tracing; digits alone are seconds */
		md_buf_puts(out, "profile-");
		md_buf_puts(out, req->er_duration);
		if (strspn(req->er_duration, "0123456789") ==
		    strlen(req->er_duration))
			md_buf_putc(out, 's');
		md_buf_puts(out, "\n{\n\texit(0);\n}\n\n");
	}
}

/*
 * Append the script for the request to out (no zone pragma).  Returns 0,
 * or -1 with *err set; out may then hold part of a script.
 */
int
md_emit(md_buf_t *out, const md_metric_t *m, const md_emit_req_t *req,
    md_error_t *err)
{
	const md_probedesc_t *p;
	md_plan_t plan;
	md_emit_t em;
	size_t i;
	int rv = 0;

	if (md_plan_init(&plan, m, req->er_decomps, req->er_ndecomps,
	    req->er_pred, err) != 0)
		return (-1);

	(void) memset(&em, 0, sizeof (em));
	em.em_out = out;
	em.em_req = req;
	em.em_plan = &plan;
	em.em_err = err;
	em.em_pdi = MD_NOINDEX;		/* metad's, until the first entry */
	md_rctx_init(&em.em_rc, &plan, req->er_host, err);

	if (m->mm_haslocals)
		md_emit_thislocals(&em, m);
	if (req->er_keyinterval != 0)	/* when the intervals begin */
		md_buf_puts(out, "BEGIN\n{\n\t" MD_EMIT_T0 " = timestamp;\n}\n\n");
	while (rv == 0 && (p = md_plan_next(&plan, &i)) != NULL)
		rv = md_emit_clause(&em, p, i);
	if (rv == 0)
		md_emit_ending(out, req);

	if (rv == 0 && md_buf_failed(out))
		rv = md_buf_error(out, err);
	if (rv == 0 && req->er_spans != NULL && req->er_spans->sp_failed)
		rv = md_error_nomem(err);

	free(em.em_order);
	md_plan_fini(&plan);
	return (rv);
}

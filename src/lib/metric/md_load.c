/*
 * md_load.c: md_metric_load(), the JSON tree turned into a metric.
 *
 * The JSON tree (cJSON) is turned into the structures of md_impl.h once,
 * each key checked as it is read (its type, its own rules) and the rules
 * that span keys and entries asked of md_rules.c, so that the later
 * stages can trust what they read.  The strings the metric keeps are copied
 * into its arena, and the tree is freed once the metric is loaded: a
 * metric held between requests takes its structures and strings, not the
 * 64 bytes per JSON value of cJSON's tree.
 *
 * Each message names the place at fault as a path from the top of the
 * document's "metad" object for probedesc entries ("probedesc[2].verify:
 * ...") and from the top for the rest ("fields[1]: ...").
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_rules.h"

static void *
md_load_alloc(md_load_t *ld, size_t n, size_t size)
{
	return (md_arena_alloc(&ld->ld_m->mm_arena, n, size));
}

/*
 * Keep a string of the document: a copy in the metric's arena, in *dstp.
 * Returns 0, or -1 with the error set when memory runs out, as every
 * allocation of the loader does.
 */
static int
md_load_keep(md_load_t *ld, const char **dstp, const char *s)
{
	if ((*dstp = md_arena_strdup(&ld->ld_m->mm_arena, s)) == NULL)
		return (md_error_nomem(ld->ld_err));
	return (0);
}

/*
 * Free a member of an object or array once it is loaded: its strings are
 * copied, and a large metric should not be held twice while it loads.
 */
static void
md_load_drop(cJSON *parent, cJSON *c)
{
	cJSON_Delete(cJSON_DetachItemViaPointer(parent, c));
}

/*
 * An array of strings.  what names it in messages; nonempty requires at
 * least one element, and each string to be non-empty as well.
 */
static int
md_load_strings(md_load_t *ld, cJSON *v, const char *what,
    int nonempty, const char ***vp, size_t *np)
{
	cJSON *c, *next;
	size_t n, i;

	if (!cJSON_IsArray(v))
		return (md_load_invalid(ld, "%s: must be an array of strings",
		    what));
	n = md_json_count(v);
	if (nonempty && n == 0)
		return (md_load_invalid(ld, "%s: must not be empty", what));
	if ((*vp = md_load_alloc(ld, n, sizeof (**vp))) == NULL)
		return (md_error_nomem(ld->ld_err));
	for (c = v->child, i = 0; c != NULL; c = next, i++) {
		next = c->next;
		if (!cJSON_IsString(c))
			return (md_load_invalid(ld,
			    "%s[%zu]: must be a string", what, i));
		if (nonempty && c->valuestring[0] == '\0')
			return (md_load_invalid(ld,
			    "%s[%zu]: must not be empty", what, i));
		if (md_load_keep(ld, &(*vp)[i], c->valuestring) != 0)
			return (-1);
		md_load_drop(v, c);
	}
	*np = n;
	return (0);
}

/* A string, or a non-empty array of strings (SPEC 7.1). */
static int
md_load_strv(md_load_t *ld, const cJSON *v, int arrays, md_strv_t *sv,
    size_t pd, const char *sect, const char *key)
{
	const cJSON *c;
	size_t i;

	if (cJSON_IsString(v)) {
		if (md_load_percent(ld, v->valuestring, pd, sect, key) != 0)
			return (-1);
		if (md_load_keep(ld, &sv->msv_one, v->valuestring) != 0)
			return (-1);
		sv->msv_v = &sv->msv_one;
		sv->msv_n = 1;
		return (0);
	}
	if (!arrays || !cJSON_IsArray(v) || (sv->msv_n = md_json_count(v)) == 0)
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: must be a "
		    "string%s", pd, sect, key,
		    arrays ? " or a non-empty array of strings" : ""));
	if ((sv->msv_v = md_load_alloc(ld, sv->msv_n, sizeof (char *))) == NULL)
		return (md_error_nomem(ld->ld_err));
	for (c = v->child, i = 0; c != NULL; c = c->next, i++) {
		if (!cJSON_IsString(c))
			return (md_load_invalid(ld, "probedesc[%zu].%s.%s[%zu]: "
			    "must be a string", pd, sect, key, i));
		if (md_load_percent(ld, c->valuestring, pd, sect, key) != 0)
			return (-1);
		if (md_load_keep(ld, &sv->msv_v[i], c->valuestring) != 0)
			return (-1);
	}
	return (0);
}

/*
 * One of the ordered maps of a probedesc entry: an object whose values are
 * strings (or, if arrays, arrays of strings too).
 */
static int
md_load_map(md_load_t *ld, cJSON *v, size_t pd, const char *sect,
    int arrays, md_map_t *map)
{
	cJSON *c, *next;
	size_t i;

	if (!cJSON_IsObject(v))
		return (md_load_invalid(ld, "probedesc[%zu].%s: must be an "
		    "object", pd, sect));
	map->ma_present = 1;
	map->ma_n = md_json_count(v);
	map->ma_pairs = md_load_alloc(ld, map->ma_n, sizeof (md_pair_t));
	if (map->ma_pairs == NULL)
		return (md_error_nomem(ld->ld_err));
	if (map->ma_n > MD_MAPINDEX && ((map->ma_index = md_load_alloc(ld, 1,
	    sizeof (md_strtab_t))) == NULL || md_strtab_init(map->ma_index,
	    map->ma_n, &ld->ld_m->mm_arena) != 0))
		return (md_error_nomem(ld->ld_err));

	for (c = v->child, i = 0; c != NULL; c = next, i++) {
		next = c->next;
		if (md_load_keep(ld, &map->ma_pairs[i].pr_key, c->string) != 0)
			return (-1);
		if (md_load_strv(ld, c, arrays, &map->ma_pairs[i].pr_val, pd,
		    sect, c->string) != 0)
			return (-1);
		if (map->ma_n > MD_MAPINDEX)
			(void) md_strtab_put(map->ma_index,
			    map->ma_pairs[i].pr_key, i);
		md_load_drop(v, c);
	}
	return (0);
}

/*
 * A store: "thread", "global", "thread[INDEX]" or "global[INDEX]".  The
 * index, from the first '[' to the end, is kept as written.
 */
static int
md_load_store(const char *store, int *threadp,
    const char **indexp)
{
	const char *br = strchr(store, '[');
	size_t len = br == NULL ? strlen(store) : (size_t)(br - store);

	if (len == 6 && strncmp(store, "thread", 6) == 0)
		*threadp = 1;
	else if (len == 6 && strncmp(store, "global", 6) == 0)
		*threadp = 0;
	else
		return (-1);
	if (br != NULL && store[strlen(store) - 1] != ']')
		return (-1);
	*indexp = br == NULL ? "" : br;
	return (0);
}

/*
 * Element j of field f's gather: its expression e, its store s, and the
 * D variable it goes into (md_metric_varname(), once for every request).
 */
static int
md_load_gather_one(md_load_t *ld, md_gather_t *g, size_t j, const cJSON *e,
    const cJSON *s, size_t pd, const char *sect)
{
	static const char *const stores[] = { "thread", "global" };
	char meant[MD_MEANTLEN];
	const char *index;
	int thread;

	if (!cJSON_IsString(e) || !cJSON_IsString(s))
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: gather and "
		    "store must both be strings or both arrays of strings of "
		    "the same length", pd, sect, g->mg_field));
	if (md_load_store(s->valuestring, &thread, &index) != 0)
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: store "
		    "\"%s\" is not thread, global, thread[INDEX] or "
		    "global[INDEX]%s", pd, sect, g->mg_field, s->valuestring,
		    md_load_meant(meant, sizeof (meant), s->valuestring, stores,
		    2)));
	if ((g->mg_names[j] = md_metric_varname(&ld->ld_m->mm_arena,
	    g->mg_field, j, thread)) == NULL)
		return (md_error_nomem(ld->ld_err));
	if (md_load_keep(ld, &g->mg_exprs[j], e->valuestring) != 0 ||
	    md_load_keep(ld, &g->mg_index[j], index) != 0)
		return (-1);
	return (0);
}

/*
 * Of a gather's keys, the first that is a likely slip for "gather" or
 * "store": " (\"gathr\": did you mean \"gather\"?)" into buf, or "".
 */
static const char *
md_load_gather_meant(const cJSON *c, char *buf, size_t len)
{
	static const char *const keys[] = { "gather", "store" };
	const char *near;

	buf[0] = '\0';
	for (c = cJSON_IsObject(c) ? c->child : NULL; c != NULL; c = c->next) {
		if ((near = md_suggest(c->string, keys, 2)) != NULL) {
			(void) snprintf(buf, len, " (\"%.32s\": did you mean "
			    "\"%s\"?)", c->string, near);
			break;
		}
	}
	return (buf);
}

/* Field f's gather: {"gather": E, "store": S}, each a string or an array. */
static int
md_load_gather(md_load_t *ld, md_gather_t *g, const cJSON *c, size_t pd,
    const char *sect)
{
	const char *f = c->string;
	const cJSON *ge, *st, *e, *s;
	char meant[MD_MEANTLEN];
	size_t kind, j;

	if (!md_strtab_get(&ld->ld_m->mm_fieldtab, f, &kind))
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: \"%s\" is "
		    "not a field of the metric%s", pd, sect, f, f,
		    md_load_meant_field(ld, meant, sizeof (meant), f)));
	if (!md_is_identifier(f))
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: a gathered "
		    "field must be a D identifier", pd, sect, f));
	ge = cJSON_IsObject(c) ? cJSON_GetObjectItemCaseSensitive(c,
	    "gather") : NULL;
	st = cJSON_IsObject(c) ? cJSON_GetObjectItemCaseSensitive(c,
	    "store") : NULL;
	if (ge == NULL || st == NULL)
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: must be an "
		    "object with \"gather\" and \"store\"%s", pd, sect, f,
		    md_load_gather_meant(c, meant, sizeof (meant))));
	if (md_load_keep(ld, &g->mg_field, f) != 0)
		return (-1);
	if (cJSON_IsString(ge) && cJSON_IsString(st))
		g->mg_n = 1;
	else if (!cJSON_IsArray(ge) || !cJSON_IsArray(st) || (g->mg_n =
	    md_json_count(ge)) != md_json_count(st) || g->mg_n == 0)
		return (md_load_invalid(ld, "probedesc[%zu].%s.%s: gather and "
		    "store must both be strings or both arrays of strings of "
		    "the same length", pd, sect, f));
	g->mg_exprs = md_load_alloc(ld, g->mg_n, sizeof (char *));
	g->mg_names = md_load_alloc(ld, g->mg_n, sizeof (char *));
	g->mg_index = md_load_alloc(ld, g->mg_n, sizeof (char *));
	if (g->mg_exprs == NULL || g->mg_names == NULL || g->mg_index == NULL)
		return (md_error_nomem(ld->ld_err));
	e = cJSON_IsString(ge) ? ge : ge->child;
	s = cJSON_IsString(st) ? st : st->child;
	for (j = 0; j < g->mg_n; j++, e = e->next, s = s->next) {
		if (md_load_gather_one(ld, g, j, e, s, pd, sect) != 0)
			return (-1);
	}
	/* the copy: entry pd's tree is freed once it is loaded */
	if (md_strtab_put(&ld->ld_gathered, g->mg_field, pd) < 0)
		return (md_error_nomem(ld->ld_err));
	return (0);
}

/*
 * The gather or alwaysgather object of entry pd.  Each member's subtree is
 * freed once loaded: one entry may gather thousands of fields.
 */
static int
md_load_gathers(md_load_t *ld, cJSON *v, size_t pd, const char *sect,
    md_gather_t **gp, size_t *np)
{
	cJSON *c, *next;
	size_t i;

	if (!cJSON_IsObject(v))
		return (md_load_invalid(ld, "probedesc[%zu].%s: must be an "
		    "object", pd, sect));
	*np = md_json_count(v);
	if ((*gp = md_load_alloc(ld, *np, sizeof (md_gather_t))) == NULL)
		return (md_error_nomem(ld->ld_err));
	for (c = v->child, i = 0; c != NULL; c = next, i++) {
		next = c->next;
		if (md_load_gather(ld, &(*gp)[i], c, pd, sect) != 0)
			return (-1);
		md_load_drop(v, c);
	}
	return (0);
}

/* probedesc[pd].local: [ { NAME: EXPR }, ... ], names from metad.locals */
static int
md_load_local(md_load_t *ld, const cJSON *v, size_t pd, md_probedesc_t *p)
{
	const cJSON *c;
	size_t i;

	if (!cJSON_IsArray(v) || (p->pd_nlocals = md_json_count(v)) == 0)
		return (md_load_invalid(ld, "probedesc[%zu].local: must be a "
		    "non-empty array of objects", pd));
	p->pd_locals = md_load_alloc(ld, p->pd_nlocals, sizeof (md_local_t));
	if (p->pd_locals == NULL)
		return (md_error_nomem(ld->ld_err));
	p->pd_haslocal = 1;

	for (c = v->child, i = 0; c != NULL; c = c->next, i++) {
		const cJSON *kv = cJSON_IsObject(c) ? c->child : NULL;

		if (kv == NULL || kv->next != NULL || !cJSON_IsString(kv))
			return (md_load_invalid(ld, "probedesc[%zu].local[%zu]:"
			    " must be an object with one key and a string "
			    "value", pd, i));
		if (!md_strtab_get(&ld->ld_localdecl, kv->string, NULL))
			return (md_load_invalid(ld, "probedesc[%zu].local[%zu]:"
			    " \"%s\" is not declared in metad.locals", pd, i,
			    kv->string));
		if (md_load_keep(ld, &p->pd_locals[i].ml_name, kv->string) != 0)
			return (-1);
		if (md_load_keep(ld, &p->pd_locals[i].ml_value,
		    kv->valuestring) != 0)
			return (-1);
	}
	return (0);
}

/*
 * aggregate and transforms have the same keys, and key is in one only.
 * Into buf, for a key K of map near it: " (transforms has \"K\": did you
 * mean \"key\"?)" if K is the slip (map is transforms), else " (did you
 * mean \"K\"?)"; "" if none is near.
 */
static const char *
md_load_stray(const md_map_t *map, int slip, const char *key, char *buf,
    size_t len)
{
	const char *k;
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < map->ma_n; i++) {
		k = map->ma_pairs[i].pr_key;
		if (strcmp(k, "default") == 0 || !md_suggest(k, &key, 1))
			continue;
		if (slip)
			(void) snprintf(buf, len, " (transforms has \"%.32s\": "
			    "did you mean \"%.32s\"?)", k, key);
		else
			(void) snprintf(buf, len, " (did you mean \"%.64s\"?)",
			    k);
		break;
	}
	return (buf);
}

/* aggregate and transforms of entry pd, and how they fit together. */
static int
md_load_aggregate(md_load_t *ld, cJSON *agg, cJSON *xf, size_t pd,
    md_probedesc_t *p)
{
	char meant[MD_MEANTLEN];
	size_t i, kind;

	if (xf != NULL && agg == NULL)
		return (md_load_invalid(ld, "probedesc[%zu].transforms: "
		    "requires aggregate", pd));
	if (agg == NULL)
		return (0);
	if (md_load_map(ld, agg, pd, "aggregate", 0, &p->pd_aggregate) != 0)
		return (-1);
	if (md_map_get(&p->pd_aggregate, "default") == NULL)
		return (md_load_invalid(ld, "probedesc[%zu].aggregate: needs "
		    "a \"default\" key", pd));
	if (xf == NULL)
		return (md_load_invalid(ld, "probedesc[%zu].aggregate: "
		    "requires transforms", pd));
	if (md_load_map(ld, xf, pd, "transforms", 0, &p->pd_transforms) != 0)
		return (-1);

	for (i = 0; i < p->pd_aggregate.ma_n; i++) {
		const char *k = p->pd_aggregate.ma_pairs[i].pr_key;

		if (strcmp(k, "default") == 0)
			continue;
		if (!md_strtab_get(&ld->ld_m->mm_fieldtab, k, &kind))
			return (md_load_invalid(ld, "probedesc[%zu].aggregate."
			    "%s: \"%s\" is not a field of the metric%s", pd, k,
			    k, md_load_meant_field(ld, meant, sizeof (meant),
			    k)));
		if (kind == MD_FIELD_INTERNAL)
			return (md_load_invalid(ld, "probedesc[%zu].aggregate."
			    "%s: internal fields cannot be aggregated", pd, k));
		if (md_map_get(&p->pd_transforms, k) == NULL)
			return (md_load_invalid(ld, "probedesc[%zu].aggregate."
			    "%s: no transform for \"%s\"%s", pd, k, k,
			    md_load_stray(&p->pd_transforms, 1, k,
			    meant, sizeof (meant))));
		if (md_strtab_put(&ld->ld_aggregated, k, pd) < 0)
			return (md_error_nomem(ld->ld_err));
	}
	for (i = 0; i < p->pd_transforms.ma_n; i++) {
		const char *k = p->pd_transforms.ma_pairs[i].pr_key;

		if (md_map_get(&p->pd_aggregate, k) == NULL)
			return (md_load_invalid(ld, "probedesc[%zu].transforms."
			    "%s: \"%s\" is not a key of aggregate%s", pd, k, k,
			    md_load_stray(&p->pd_aggregate, 0, k,
			    meant, sizeof (meant))));
	}
	ld->ld_anyaggregate = 1;
	return (0);
}

/* probes: required, a non-empty array of non-empty strings. */
static int
md_load_probes(md_load_t *ld, cJSON *probes, size_t pd, md_probedesc_t *p)
{
	char what[64];

	(void) snprintf(what, sizeof (what), "probedesc[%zu].probes", pd);
	if (probes == NULL)
		return (md_load_invalid(ld, "probedesc[%zu]: needs \"probes\"",
		    pd));
	if (md_load_strings(ld, probes, what, 1, &p->pd_probes,
	    &p->pd_nprobes) != 0)
		return (-1);
	if (p->pd_nprobes > MD_MAXPROBES)
		return (md_error_set(ld->ld_err, MD_ERR_LIMIT, "%s: more than "
		    "%d probes", what, MD_MAXPROBES));
	return (0);
}

/* verify: an object, only where the entry aggregates, of gathered fields. */
static int
md_load_verify(md_load_t *ld, cJSON *x, size_t pd, md_probedesc_t *p)
{
	if (!cJSON_IsObject(x))
		return (md_load_invalid(ld, "probedesc[%zu].verify: must be an "
		    "object", pd));
	if (!p->pd_aggregate.ma_present)
		return (md_load_invalid(ld, "probedesc[%zu].verify: requires "
		    "aggregate", pd));
	if (md_load_map(ld, x, pd, "verify", 1, &p->pd_verify) != 0 ||
	    md_load_gathered_keys(ld, &p->pd_verify, pd, "verify") != 0)
		return (-1);
	ld->ld_anyverify = 1;
	return (0);
}

/* clean: a non-empty object of gathered fields, each now cleaned. */
static int
md_load_clean(md_load_t *ld, cJSON *x, size_t pd, md_probedesc_t *p)
{
	size_t i;

	if (!cJSON_IsObject(x) || x->child == NULL)
		return (md_load_invalid(ld, "probedesc[%zu].clean: must be a "
		    "non-empty object", pd));
	if (md_load_map(ld, x, pd, "clean", 1, &p->pd_clean) != 0 ||
	    md_load_gathered_keys(ld, &p->pd_clean, pd, "clean") != 0)
		return (-1);
	for (i = 0; i < p->pd_clean.ma_n; i++) {
		if (md_strtab_put(&ld->ld_cleaned,
		    p->pd_clean.ma_pairs[i].pr_key, pd) < 0)
			return (md_error_nomem(ld->ld_err));
	}
	ld->ld_anyclean = 1;
	return (0);
}

/* Entry pd: each key in the order the rules need (gathers first). */
static int
md_load_probedesc(md_load_t *ld, cJSON *v, size_t pd, md_probedesc_t *p)
{
	cJSON *x;

	if (!cJSON_IsObject(v))
		return (md_load_invalid(ld, "probedesc[%zu]: must be an object",
		    pd));
	if (md_load_entry_keys(ld, v, pd) != 0 || md_load_probes(ld,
	    cJSON_GetObjectItemCaseSensitive(v, "probes"), pd, p) != 0)
		return (-1);
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "alwaysgather")) != NULL) {
		if (md_load_gathers(ld, x, pd, "alwaysgather", &p->pd_always,
		    &p->pd_nalways) != 0)
			return (-1);
		p->pd_hasalways = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "gather")) != NULL &&
	    md_load_gathers(ld, x, pd, "gather", &p->pd_gather,
	    &p->pd_ngather) != 0)
		return (-1);
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "local")) != NULL &&
	    md_load_local(ld, x, pd, p) != 0)
		return (-1);
	if (md_load_aggregate(ld,
	    cJSON_GetObjectItemCaseSensitive(v, "aggregate"),
	    cJSON_GetObjectItemCaseSensitive(v, "transforms"), pd, p) != 0)
		return (-1);
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "verify")) != NULL &&
	    md_load_verify(ld, x, pd, p) != 0)
		return (-1);
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "clean")) != NULL &&
	    md_load_clean(ld, x, pd, p) != 0)
		return (-1);
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "predicate")) == NULL)
		return (0);
	if (!cJSON_IsString(x))
		return (md_load_invalid(ld, "probedesc[%zu].predicate: must be "
		    "a string", pd));
	return (md_load_keep(ld, &p->pd_predicate, x->valuestring));
}

/* metad.locals: [ { NAME: TYPE }, ... ] */
static int
md_load_locals(md_load_t *ld, const cJSON *v)
{
	md_metric_t *m = ld->ld_m;
	const cJSON *c;
	size_t i;

	if (!md_json_truthy(v))
		return (0);
	if (!cJSON_IsArray(v))
		return (md_load_invalid(ld, "metad.locals: must be an array"));
	m->mm_haslocals = 1;
	m->mm_nlocals = md_json_count(v);
	if ((m->mm_locals = md_load_alloc(ld, m->mm_nlocals,
	    sizeof (md_local_t))) == NULL ||
	    md_strtab_init(&ld->ld_localdecl, m->mm_nlocals, NULL) != 0)
		return (md_error_nomem(ld->ld_err));

	for (c = v->child, i = 0; c != NULL; c = c->next, i++) {
		const cJSON *kv = cJSON_IsObject(c) ? c->child : NULL;

		if (kv == NULL || kv->next != NULL || !cJSON_IsString(kv))
			return (md_load_invalid(ld, "metad.locals[%zu]: must be "
			    "an object with one key and a string value", i));
		if (!md_is_identifier(kv->string))
			return (md_load_invalid(ld, "metad.locals[%zu]: \"%s\" "
			    "is not a D identifier", i, kv->string));
		if (md_strtab_put(&ld->ld_localdecl, kv->string, i) != 0)
			return (md_load_invalid(ld, "metad.locals[%zu]: \"%s\" "
			    "is declared twice", i, kv->string));
		if (md_load_keep(ld, &m->mm_locals[i].ml_name, kv->string) != 0)
			return (-1);
		if (md_load_keep(ld, &m->mm_locals[i].ml_value,
		    kv->valuestring) != 0)
			return (-1);
	}
	return (0);
}


/* fields and fields_internal, into the field table. */
static int
md_load_fields(md_load_t *ld, cJSON *root)
{
	md_metric_t *m = ld->ld_m;
	cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "fields");
	cJSON *fi = cJSON_GetObjectItemCaseSensitive(root, "fields_internal");
	size_t i;

	if (f == NULL)
		return (md_load_missing(ld, "fields", "fields",
		    cJSON_GetObjectItemCaseSensitive(root, "metad"),
		    "under \"metad\"", root));
	if (md_load_strings(ld, f, "fields", 0, &m->mm_fields,
	    &m->mm_nfields) != 0)
		return (-1);
	if (md_json_truthy(fi) && md_load_strings(ld, fi, "fields_internal",
	    0, &m->mm_internal, &m->mm_ninternal) != 0)
		return (-1);

	if (m->mm_nfields + m->mm_ninternal > MD_MAXFIELDS)
		return (md_error_set(ld->ld_err, MD_ERR_LIMIT, "fields: more "
		    "than %d fields, public and internal", MD_MAXFIELDS));
	if (md_strtab_init(&m->mm_fieldtab, m->mm_nfields + m->mm_ninternal,
	    &m->mm_arena) != 0)
		return (md_error_nomem(ld->ld_err));
	/*
	 * A field in both lists is internal (SPEC 7.11): the internal ones go
	 * in first, and stay internal when "fields" names them too.
	 */
	for (i = 0; i < m->mm_ninternal; i++)
		(void) md_strtab_put(&m->mm_fieldtab, m->mm_internal[i],
		    MD_FIELD_INTERNAL);
	for (i = 0; i < m->mm_nfields; i++)
		(void) md_strtab_put(&m->mm_fieldtab, m->mm_fields[i],
		    MD_FIELD_PUBLIC);
	return (0);
}

/*
 * Once the metric is checked, mm_fields keeps the public fields only (in
 * their order): those a user may ask for, and --list-fields lists.
 */
static void
md_load_public(md_metric_t *m)
{
	size_t i, n = 0;

	for (i = 0; i < m->mm_nfields; i++) {
		if (!md_metric_isinternal(m, m->mm_fields[i]))
			m->mm_fields[n++] = m->mm_fields[i];
	}
	m->mm_nfields = n;
}

/* metad's own keys but probedesc: usepragmazone, locals. */
static int
md_load_metad(md_load_t *ld, const cJSON *metad)
{
	const cJSON *upz;

	if (md_load_locals(ld,
	    cJSON_GetObjectItemCaseSensitive(metad, "locals")) != 0)
		return (-1);
	upz = cJSON_GetObjectItemCaseSensitive(metad, "usepragmazone");
	if (upz != NULL && !cJSON_IsNull(upz) && !cJSON_IsBool(upz))
		return (md_load_invalid(ld, "metad.usepragmazone: must be true "
		    "or false"));
	ld->ld_m->mm_pragmazone = cJSON_IsTrue(upz);
	return (0);
}

/*
 * metad.probedesc, entry by entry, each made as its subtree goes, so that
 * the two are never held whole at once.
 */
static int
md_load_entries(md_load_t *ld, const cJSON *root, const cJSON *metad)
{
	md_metric_t *m = ld->ld_m;
	size_t nf, i;
	cJSON *pds, *c;

	pds = cJSON_GetObjectItemCaseSensitive(metad, "probedesc");
	if (pds == NULL)
		return (md_load_missing(ld, "metad.probedesc", "probedesc",
		    root, "at the top level", metad));
	if (!cJSON_IsArray(pds) || pds->child == NULL)
		return (md_load_invalid(ld, "metad.probedesc: must be a "
		    "non-empty array"));
	if ((m->mm_npds = md_json_count(pds)) > MD_MAXENTRIES)
		return (md_error_set(ld->ld_err, MD_ERR_LIMIT, "metad.probedesc:"
		    " more than %d entries", MD_MAXENTRIES));
	nf = m->mm_nfields + m->mm_ninternal;
	if ((m->mm_pds = md_load_alloc(ld, m->mm_npds,
	    sizeof (md_probedesc_t *))) == NULL ||
	    md_strtab_init(&ld->ld_gathered, nf, NULL) != 0 ||
	    md_strtab_init(&ld->ld_cleaned, nf, NULL) != 0 ||
	    md_strtab_init(&ld->ld_aggregated, nf, NULL) != 0)
		return (md_error_nomem(ld->ld_err));
	for (c = pds->child, i = 0; c != NULL; c = c->next, i++) {
		if ((m->mm_pds[i] = md_load_alloc(ld, 1,
		    sizeof (md_probedesc_t))) == NULL)
			return (md_error_nomem(ld->ld_err));
		if (md_load_probedesc(ld, c, i, m->mm_pds[i]) != 0)
			return (-1);
		/* entry i is in its structures now: its tree can go */
		cJSON_Delete(c->child);
		c->child = NULL;
	}
	return (0);
}

/*
 * The strings a metric says of itself that the language ignores, kept for
 * the modes that show them: "description", "label", "module" (a string
 * of another type is ignored, as the language ignores them all).
 */
static int
md_load_words(md_load_t *ld, const cJSON *root)
{
	md_metric_t *m = ld->ld_m;
	static const char *const keys[] = { "description", "label", "module" };
	const char **dst[3];
	const cJSON *c;
	size_t i;

	dst[0] = &m->mm_description;
	dst[1] = &m->mm_label;
	dst[2] = &m->mm_module;
	for (i = 0; i < 3; i++) {
		if ((c = cJSON_GetObjectItemCaseSensitive(root, keys[i])) !=
		    NULL && cJSON_IsString(c) && md_load_keep(ld, dst[i],
		    c->valuestring) != 0)
			return (-1);
	}
	return (0);
}

/* Load the metric from root; each entry's subtree is freed once loaded. */
static int
md_load_metric(md_load_t *ld, cJSON *root)
{
	md_metric_t *m = ld->ld_m;
	const cJSON *metad;

	if (!cJSON_IsObject(root))
		return (md_load_invalid(ld, "the metric must be a JSON "
		    "object"));
	if (md_load_fields(ld, root) != 0)
		return (-1);
	if ((metad = cJSON_GetObjectItemCaseSensitive(root, "metad")) == NULL)
		return (md_load_missing(ld, "metad", "metad", NULL, NULL,
		    root));
	if (!cJSON_IsObject(metad))
		return (md_load_invalid(ld, "metad: must be an object"));
	if (md_load_misplaced(ld, root, metad) != 0)
		return (-1);
	if (md_load_words(ld, root) != 0)
		return (-1);
	if (md_load_metad(ld, metad) != 0 ||
	    md_load_entries(ld, root, metad) != 0 || md_load_across(ld) != 0)
		return (-1);
	md_load_public(m);
	m->mm_maxgathered = ld->ld_gathered.st_n;
	return (md_about_load(ld, root));
}

/*
 * Places in a metric's messages are written as the loader writes them: an
 * entry is "probedesc[N]", not "metad.probedesc[N]".
 */
static void
md_load_place(md_error_t *err)
{
	static const char full[] = "metad.probedesc[";
	const size_t cut = sizeof ("metad.") - 1;

	if (strncmp(err->mde_msg, full, sizeof (full) - 1) == 0)
		(void) memmove(err->mde_msg, err->mde_msg + cut,
		    strlen(err->mde_msg + cut) + 1);
}

/*
 * Each piece of the metric's D checked in its place, once (SPEC 7.18):
 * the first fault is kept for md_generate() to refuse every request
 * with, and for md_metric_check() to report.  The metric loads, so that
 * what needs no D (its fields) can still be read.  Returns -1 only when
 * memory ran out.
 */
static int
md_load_pieces(md_metric_t *m, md_error_t *err)
{
	md_error_t fault, *kept;

	if (md_pieces_check(m, NULL, &fault) == 0)
		return (0);
	if (fault.mde_code == MD_ERR_NOMEM ||
	    (kept = md_arena_alloc(&m->mm_arena, 1, sizeof (*kept))) == NULL)
		return (md_error_nomem(err));
	*kept = fault;
	m->mm_dfault = kept;
	return (0);
}

md_metric_t *
md_metric_load(const char *buf, size_t len, md_error_t *err)
{
	md_load_t ld;
	md_metric_t *m;
	cJSON *root;
	int rv;

	if (len > MD_MAXINPUT) {
		(void) md_error_set(err, MD_ERR_LIMIT, "the metric is larger "
		    "than the limit of %lu MiB", MD_MAXINPUT >> 20);
		return (NULL);
	}
	if ((m = calloc(1, sizeof (*m))) == NULL) {
		(void) md_error_nomem(err);
		return (NULL);
	}
	if ((root = md_json_parse(buf, len, "", err)) == NULL) {
		md_load_place(err);
		free(m);
		return (NULL);
	}

	(void) memset(&ld, 0, sizeof (ld));
	ld.ld_m = m;
	ld.ld_err = err;
	rv = md_load_metric(&ld, root);
	cJSON_Delete(root);
	md_strtab_fini(&ld.ld_gathered);
	md_strtab_fini(&ld.ld_cleaned);
	md_strtab_fini(&ld.ld_aggregated);
	md_strtab_fini(&ld.ld_localdecl);
	if (rv != 0 || md_load_pieces(m, err) != 0) {
		md_metric_free(m);
		return (NULL);
	}
	return (m);
}


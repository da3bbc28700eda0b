/*
 * md_rules.c: the rules of Meta-D that are not about one key's own value
 * (SPEC sections 2 and 7): where each key belongs, and what a misspelt or
 * misplaced key was meant to be; "%N" where "$N" was meant; gathered
 * fields as D identifiers; verify and clean naming fields gathered by
 * then; and the rules across all entries.  Messages and warnings are made
 * here, for md_load.c.
 */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "md_rules.h"

/* The keys of each level, for "did you mean" and keys out of place. */
static const char *const md_top_keys[] = {
	"fields", "fields_internal", "metad"
};
static const char *const md_metad_keys[] = {
	"probedesc", "locals", "usepragmazone"
};
static const char *const md_pd_keys[] = {
	"probes", "gather", "alwaysgather", "local", "aggregate",
	"transforms", "predicate", "clean", "verify"
};

#define	MD_NKEYS(a)	(sizeof (a) / sizeof ((a)[0]))

/* Where a key belongs, as messages say it. */
static const char md_at_top[] = "at the top level";
static const char md_in_metad[] = "under \"metad\"";
static const char md_in_pd[] = "in a probedesc entry";

/* An invalid metric: the message, and -1. */
int
md_load_invalid(md_load_t *ld, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) md_error_vset(ld->ld_err, MD_ERR_INVALID, fmt, ap);
	va_end(ap);
	return (-1);
}

/*
 * " (did you mean \"NAME\"?)" into buf (len bytes) for the name of n
 * that word is a likely slip for; "" if none is.  Returns buf.
 */
const char *
md_load_meant(char *buf, size_t len, const char *word,
    const char *const *names, size_t n)
{
	const char *near = md_suggest(word, names, n);

	buf[0] = '\0';
	if (near != NULL)
		(void) snprintf(buf, len, " (did you mean \"%s\"?)", near);
	return (buf);
}

/* md_load_meant() of the metric's fields, public or internal. */
const char *
md_load_meant_field(md_load_t *ld, char *buf, size_t len, const char *word)
{
	const md_metric_t *m = ld->ld_m;

	if (md_load_meant(buf, len, word, m->mm_fields, m->mm_nfields)[0] ==
	    '\0')
		(void) md_load_meant(buf, len, word, m->mm_internal,
		    m->mm_ninternal);
	return (buf);
}

/* Where the Meta-D key belongs (md_at_top...), or NULL for no such key. */
static const char *
md_key_home(const char *key)
{
	size_t i;

	for (i = 0; i < MD_NKEYS(md_top_keys); i++) {
		if (strcmp(key, md_top_keys[i]) == 0)
			return (md_at_top);
	}
	for (i = 0; i < MD_NKEYS(md_metad_keys); i++) {
		if (strcmp(key, md_metad_keys[i]) == 0)
			return (md_in_metad);
	}
	for (i = 0; i < MD_NKEYS(md_pd_keys); i++) {
		if (strcmp(key, md_pd_keys[i]) == 0)
			return (md_in_pd);
	}
	return (NULL);
}

/* The first key of obj that looks like a misspelt want, or NULL. */
static const char *
md_key_near(const cJSON *obj, const char *want)
{
	const cJSON *c;

	for (c = cJSON_IsObject(obj) ? obj->child : NULL; c != NULL;
	    c = c->next) {
		if (md_suggest(c->string, &want, 1) != NULL)
			return (c->string);
	}
	return (NULL);
}

/* [A-Za-z_][A-Za-z0-9_]*: what can follow "self->" in D (SPEC 7.5). */
int
md_is_identifier(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	    *s == '_'))
		return (0);
	for (s++; *s != '\0'; s++) {
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '_'))
			return (0);
	}
	return (1);
}

/*
 * "%0" where "$0" was meant: the original README's reference writes
 * quantize(%0).  A '%' followed by a digit where an operand must be (at the
 * start, after '(', ',' or an operator; not in a string) is no D, and is
 * refused with the fix; "x %10" is a remainder and stays.
 */
int
md_load_percent(md_load_t *ld, const char *s, size_t pd, const char *sect,
    const char *key)
{
	char prev = '(', quote = 0;
	size_t i;

	for (i = 0; s[i] != '\0'; i++) {
		if (quote != 0) {
			if (s[i] == '\\' && s[i + 1] != '\0')
				i++;
			else if (s[i] == quote)
				prev = quote, quote = 0;	/* an operand */
		} else if (s[i] == '"' || s[i] == '\'') {
			quote = s[i];
		} else if (s[i] == '%' && s[i + 1] >= '0' && s[i + 1] <= '9' &&
		    strchr("(,=+-*/%<>!&|^~?:[", prev) != NULL) {
			int n = (int)strspn(s + i + 1, "0123456789");

			return (md_load_invalid(ld, "probedesc[%zu].%s.%s: "
			    "\"%%%.*s\" is not Meta-D: did you mean \"$%.*s\"?",
			    pd, sect, key, n, s + i + 1, n, s + i + 1));
		} else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n') {
			prev = s[i];
		}
	}
	return (0);
}

/*
 * verify and clean keys must name fields gathered by this entry or an
 * earlier one.
 */
int
md_load_gathered_keys(md_load_t *ld, const md_map_t *map, size_t pd,
    const char *sect)
{
	char meant[MD_MEANTLEN];
	size_t i;

	for (i = 0; i < map->ma_n; i++) {
		const char *k = map->ma_pairs[i].pr_key;

		if (!md_strtab_get(&ld->ld_gathered, k, NULL))
			return (md_load_invalid(ld, "probedesc[%zu].%s.%s: "
			    "\"%s\" is not gathered by this or an earlier "
			    "entry%s", pd, sect, k, k, md_load_meant_field(ld,
			    meant, sizeof (meant), k)));
	}
	return (0);
}

/* A key a probedesc entry may not have: where it belongs, or its likeness. */
static int
md_load_unknown(md_load_t *ld, size_t pd, const char *key)
{
	const char *home = md_key_home(key), *near;

	if (home != NULL)
		return (md_load_invalid(ld, "probedesc[%zu]: unknown key "
		    "\"%s\": it belongs %s", pd, key, home));
	if ((near = md_suggest(key, md_pd_keys, MD_NKEYS(md_pd_keys))) != NULL)
		return (md_load_invalid(ld, "probedesc[%zu]: unknown key "
		    "\"%s\" (did you mean \"%s\"?)", pd, key, near));
	return (md_load_invalid(ld, "probedesc[%zu]: unknown key \"%s\"",
	    pd, key));
}

/* An entry's keys: only those of md_pd_keys. */
int
md_load_entry_keys(md_load_t *ld, const cJSON *v, size_t pd)
{
	const cJSON *c;
	size_t i;

	for (c = v->child; c != NULL; c = c->next) {
		for (i = 0; i < MD_NKEYS(md_pd_keys); i++) {
			if (strcmp(c->string, md_pd_keys[i]) == 0)
				break;
		}
		if (i == MD_NKEYS(md_pd_keys))
			return (md_load_unknown(ld, pd, c->string));
	}
	return (0);
}

/* Rules that span all the entries (SPEC 2, "Across all entries"). */
int
md_load_across(md_load_t *ld)
{
	const md_metric_t *m = ld->ld_m;
	size_t i, j;

	if (ld->ld_gathered.st_n > 0) {
		if (!ld->ld_anyclean)
			return (md_load_invalid(ld, "probedesc: fields are "
			    "gathered but no entry has clean"));
		if (!ld->ld_anyverify)
			return (md_load_invalid(ld, "probedesc: fields are "
			    "gathered but no entry has verify"));
	}
	for (i = 0; i < m->mm_npds; i++) {
		const md_probedesc_t *p = m->mm_pds[i];

		for (j = 0; j < p->pd_nalways + p->pd_ngather; j++) {
			const md_gather_t *g = j < p->pd_nalways ?
			    &p->pd_always[j] : &p->pd_gather[j - p->pd_nalways];

			if (!md_strtab_get(&ld->ld_cleaned, g->mg_field, NULL))
				return (md_load_invalid(ld, "probedesc[%zu].%s."
				    "%s: \"%s\" is gathered but never cleaned",
				    i, j < p->pd_nalways ? "alwaysgather" :
				    "gather", g->mg_field, g->mg_field));
		}
	}
	if (!ld->ld_anyaggregate)
		return (md_load_invalid(ld, "probedesc: no entry has "
		    "aggregate"));
	for (i = 0; i < m->mm_nfields; i++) {
		if (!md_metric_isinternal(m, m->mm_fields[i]) &&
		    !md_strtab_get(&ld->ld_aggregated, m->mm_fields[i], NULL))
			return (md_load_invalid(ld, "fields[%zu]: \"%s\" is not "
			    "a key of any aggregate", i, m->mm_fields[i]));
	}
	return (0);
}

/*
 * Why a required key may be missing: the user put it at another level
 * (home names where it is), or misspelt it.  Appends to the message.
 */
int
md_load_missing(md_load_t *ld, const char *place, const char *key,
    const cJSON *elsewhere, const char *where, const cJSON *here)
{
	const char *near;

	if (cJSON_GetObjectItemCaseSensitive(elsewhere, key) != NULL)
		return (md_load_invalid(ld, "%s: missing (\"%s\" is %s: it "
		    "belongs %s)", place, key, where, md_key_home(key)));
	if ((near = md_key_near(here, key)) != NULL)
		return (md_load_invalid(ld, "%s: missing (did you mean \"%s\" "
		    "to be \"%s\"?)", place, near, key));
	return (md_load_invalid(ld, "%s: missing", place));
}

/*
 * Keep a warning for the caller (md_metric_warning()), one line, what it
 * quotes escaped as an error's message is; -1 if no memory.
 */
int
md_load_warn(md_load_t *ld, const char *fmt, ...)
{
	md_metric_t *m = ld->ld_m;
	md_error_t msg;
	va_list ap;

	if (m->mm_nwarnings == MD_MAXWARNINGS)
		return (0);
	va_start(ap, fmt);
	(void) md_error_vset(&msg, MD_ERR_NONE, fmt, ap);
	va_end(ap);
	if ((m->mm_warnings[m->mm_nwarnings] = md_arena_strdup(&m->mm_arena,
	    msg.mde_msg)) == NULL)
		return (md_error_nomem(ld->ld_err));
	m->mm_nwarnings++;
	return (0);
}

/*
 * Meta-D keys at a level they do not belong to, and keys under metad that
 * look like misspelt ones: the language ignores them, and a user should
 * hear of it.  Other keys of the top level are for other tools: silent.
 */
int
md_load_misplaced(md_load_t *ld, const cJSON *root, const cJSON *metad)
{
	const char *home, *near;
	const cJSON *c;
	int rv = 0;

	for (c = root->child; c != NULL && rv == 0; c = c->next) {
		home = md_key_home(c->string);
		if (home != NULL && home != md_at_top)
			rv = md_load_warn(ld, "%s: ignored at the top level: "
			    "it belongs %s", c->string, home);
	}
	for (c = metad->child; c != NULL && rv == 0; c = c->next) {
		home = md_key_home(c->string);
		if (home != NULL && home != md_in_metad)
			rv = md_load_warn(ld, "metad.%s: ignored: it belongs "
			    "%s", c->string, home);
		else if (home == NULL && (near = md_suggest(c->string,
		    md_metad_keys, MD_NKEYS(md_metad_keys))) != NULL)
			rv = md_load_warn(ld, "metad.%s: ignored: did you mean "
			    "\"%s\"?", c->string, near);
	}
	return (rv);
}

/*
 * md_about.c: what a metric says about its numbers and the systems it
 * is for (SPEC section 1): "units", from public fields to units, and
 * "os", the systems its probes and names exist on.
 *
 * Neither changes a script, so neither stops a metric from loading: the
 * first thing wrong in them is kept (mm_aboutfault) for --check to report
 * and for the modes that trace to refuse (md_metric_about()), and what
 * is wrong is read as absent (no unit, any system).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_rules.h"

static const char *const md_os_names[] = { MD_OS_NAMES };

#define	MD_OS_LIST	"illumos, linux, freebsd or macos"

/*
 * A unit is shown as it is, on terminals and in files: at most
 * MD_UNITLEN bytes, none a control character.
 */
static int
md_about_word(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || n > MD_UNITLEN)
		return (0);
	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return (0);
	}
	return (1);
}

/* "units": each key a public field, each value a unit. */
static int
md_about_units(md_load_t *ld, const cJSON *u)
{
	md_metric_t *m = ld->ld_m;
	char meant[MD_MEANTLEN];
	const cJSON *c;
	size_t n = 0, kind;

	if (!cJSON_IsObject(u))
		return (md_load_invalid(ld, "units: must be an object from "
		    "fields to their units (\"latency\": \"nanoseconds\")"));
	for (c = u->child; c != NULL; c = c->next)
		n++;
	if (n == 0)
		return (0);
	if ((m->mm_unitfields = md_arena_alloc(&m->mm_arena, n,
	    sizeof (char *))) == NULL || (m->mm_units = md_arena_alloc(
	    &m->mm_arena, n, sizeof (char *))) == NULL)
		return (md_error_nomem(ld->ld_err));
	for (c = u->child; c != NULL; c = c->next) {
		if (!md_strtab_get(&m->mm_fieldtab, c->string, &kind))
			return (md_load_invalid(ld, "units.%s: \"%s\" is not a "
			    "field of the metric%s", c->string, c->string,
			    md_load_meant_field(ld, meant, sizeof (meant),
			    c->string)));
		if (kind == MD_FIELD_INTERNAL)
			return (md_load_invalid(ld, "units.%s: an internal "
			    "field has no unit: it is never aggregated",
			    c->string));
		if (!cJSON_IsString(c) || !md_about_word(c->valuestring))
			return (md_load_invalid(ld, "units.%s: must be a "
			    "non-empty string of at most %d characters and "
			    "no control character: nanoseconds, "
			    "microseconds, milliseconds, seconds, bytes, or "
			    "a word of your own (\"requests\")", c->string,
			    MD_UNITLEN));
		if ((m->mm_unitfields[m->mm_nunits] = md_arena_strdup(
		    &m->mm_arena, c->string)) == NULL ||
		    (m->mm_units[m->mm_nunits] = md_arena_strdup(
		    &m->mm_arena, c->valuestring)) == NULL)
			return (md_error_nomem(ld->ld_err));
		m->mm_nunits++;
	}
	return (0);
}

/* The name of a system as md_os_names holds it (static), or NULL. */
static const char *
md_about_system(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof (md_os_names) / sizeof (md_os_names[0]); i++) {
		if (strcmp(name, md_os_names[i]) == 0)
			return (md_os_names[i]);
	}
	return (NULL);
}

/* "os": an array of at least one known system. */
static int
md_about_os(md_load_t *ld, const cJSON *os)
{
	md_metric_t *m = ld->ld_m;
	const cJSON *c;
	const char *s;
	size_t n = 0, i;

	if (!cJSON_IsArray(os))
		return (md_load_invalid(ld, "os: must be an array of the "
		    "systems the metric is for: " MD_OS_LIST));
	for (c = os->child; c != NULL; c = c->next)
		n++;
	if (n == 0)
		return (md_load_invalid(ld, "os: must name a system at least "
		    "(" MD_OS_LIST "); without \"os\", a metric is for "
		    "any"));
	if ((m->mm_os = md_arena_alloc(&m->mm_arena, n,
	    sizeof (char *))) == NULL)
		return (md_error_nomem(ld->ld_err));
	for (c = os->child, i = 0; c != NULL; c = c->next, i++) {
		if (!cJSON_IsString(c))
			return (md_load_invalid(ld, "os[%zu]: must be a string: "
			    MD_OS_LIST, i));
		if ((s = md_about_system(c->valuestring)) == NULL) {
			s = md_suggest(c->valuestring, md_os_names,
			    sizeof (md_os_names) / sizeof (md_os_names[0]));
			return (md_load_invalid(ld, "os[%zu]: \"%s\" is not a "
			    "system meta-d knows: %s%s%s", i, c->valuestring,
			    s != NULL ? "did you mean \"" : MD_OS_LIST,
			    s != NULL ? s : "", s != NULL ? "\"?" : ""));
		}
		m->mm_os[i] = s;
	}
	m->mm_nos = n;
	return (0);
}

int
md_about_load(md_load_t *ld, const cJSON *root)
{
	md_metric_t *m = ld->ld_m;
	md_error_t fault, *kept, *err = ld->ld_err;
	const cJSON *c;
	int rv = 0;

	ld->ld_err = &fault;
	if ((c = cJSON_GetObjectItemCaseSensitive(root, "units")) != NULL)
		rv = md_about_units(ld, c);
	if (rv == 0 && (c = cJSON_GetObjectItemCaseSensitive(root, "os")) !=
	    NULL)
		rv = md_about_os(ld, c);
	ld->ld_err = err;
	if (rv == 0)
		return (0);
	if (fault.mde_code == MD_ERR_NOMEM || (kept = md_arena_alloc(
	    &m->mm_arena, 1, sizeof (*kept))) == NULL)
		return (md_error_nomem(err));
	*kept = fault;
	m->mm_aboutfault = kept;
	m->mm_nunits = m->mm_nos = 0;	/* read as absent */
	return (0);
}

int
md_metric_about(const md_metric_t *m, md_error_t *err)
{
	if (m->mm_aboutfault == NULL)
		return (0);
	if (err != NULL)
		*err = *m->mm_aboutfault;
	return (-1);
}

const char *
md_metric_unit(const md_metric_t *m, const char *field)
{
	size_t i;

	for (i = 0; i < m->mm_nunits; i++) {
		if (strcmp(m->mm_unitfields[i], field) == 0)
			return (m->mm_units[i]);
	}
	return (NULL);
}

size_t
md_metric_nos(const md_metric_t *m)
{
	return (m->mm_nos);
}

const char *
md_metric_os(const md_metric_t *m, size_t i)
{
	return (i < m->mm_nos ? m->mm_os[i] : NULL);
}

int
md_metric_runs_on(const md_metric_t *m, const char *sys)
{
	size_t i;

	if (m->mm_nos == 0)
		return (1);
	for (i = 0; i < m->mm_nos; i++) {
		if (strcmp(m->mm_os[i], sys) == 0)
			return (1);
	}
	return (0);
}

/*
 * md_metric.c: a loaded metric, as the rest of libmetad and its users
 * read it (md_load.c makes it), and freed.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

const md_strv_t *
md_map_get(const md_map_t *map, const char *key)
{
	size_t i;

	if (map->ma_index != NULL) {
		if (!md_strtab_get(map->ma_index, key, &i))
			return (NULL);
		return (&map->ma_pairs[i].pr_val);
	}
	for (i = 0; i < map->ma_n; i++) {
		if (strcmp(map->ma_pairs[i].pr_key, key) == 0)
			return (&map->ma_pairs[i].pr_val);
	}
	return (NULL);
}

void
md_metric_free(md_metric_t *m)
{
	if (m == NULL)
		return;
	md_arena_free(&m->mm_arena);
	free(m);
}

const char *
md_metric_description(const md_metric_t *m)
{
	return (m->mm_description);
}

const char *
md_metric_label(const md_metric_t *m)
{
	return (m->mm_label);
}

const char *
md_metric_module(const md_metric_t *m)
{
	return (m->mm_module);
}

size_t
md_metric_nwarnings(const md_metric_t *m)
{
	return (m->mm_nwarnings);
}

const char *
md_metric_warning(const md_metric_t *m, size_t i)
{
	return (i < m->mm_nwarnings ? m->mm_warnings[i] : NULL);
}

size_t
md_metric_nfields(const md_metric_t *m)
{
	return (m->mm_nfields);
}

const char *
md_metric_field(const md_metric_t *m, size_t i)
{
	return (i < m->mm_nfields ? m->mm_fields[i] : NULL);
}

/* Is name an internal field (one no aggregate may take)? */
int
md_metric_isinternal(const md_metric_t *m, const char *name)
{
	size_t kind;

	return (md_strtab_get(&m->mm_fieldtab, name, &kind) &&
	    kind == MD_FIELD_INTERNAL);
}

/* Is name a public field (one a user may decompose by)? */
int
md_metric_has_field(const md_metric_t *m, const char *name)
{
	size_t kind;

	return (md_strtab_get(&m->mm_fieldtab, name, &kind) &&
	    kind == MD_FIELD_PUBLIC);
}

/*
 * The D variable element n of field f is gathered into: "self->F<n>" for
 * a thread store, "F<n>" for a global one (an index, if the store has
 * one, follows it where it is used).  In arena a; NULL if out of memory.
 */
const char *
md_metric_varname(md_arena_t *a, const char *f, size_t n, int thread)
{
	size_t len = strlen(f) + 32;
	char *name;

	if ((name = md_arena_alloc(a, len, 1)) != NULL)
		(void) snprintf(name, len, "%s%s%zu", thread ? "self->" : "",
		    f, n);
	return (name);
}

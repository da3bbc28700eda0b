/*
 * md_hash.c: a fixed-size table from strings to indexes.
 *
 * Metrics can have thousands of fields and probedesc entries, and every
 * "is this a field", "was this gathered", "what is its transform" question
 * would otherwise be a linear scan inside a loop.  The table is sized once
 * for the most keys it will hold (open addressing, at most three quarters
 * full), so it never grows; keys are borrowed, not copied, and values are
 * 32 bits (they are indexes, far below MD_MAXFIELDS and MD_MAXENTRIES).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

/* FNV-1a of len bytes: the tables' hash, and md_series.c's. */
size_t
md_hash_bytes(const void *p, size_t len)
{
	const unsigned char *s = p;
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= s[i];
		h *= 16777619u;
	}
	return ((size_t)h);
}

/*
 * Make room for up to max keys, in the arena if a is not NULL (freed with
 * it) or with malloc (freed by md_strtab_fini()).
 */
int
md_strtab_init(md_strtab_t *t, size_t max, md_arena_t *a)
{
	size_t cap = 8;

	while (cap / 4 * 3 < max) {
		if (cap > SIZE_MAX / 4)
			return (-1);
		cap *= 2;
	}
	t->st_cap = cap;
	t->st_n = 0;
	t->st_arena = a != NULL;
	if (a != NULL) {
		t->st_keys = md_arena_alloc(a, cap, sizeof (t->st_keys[0]));
		t->st_vals = md_arena_alloc(a, cap, sizeof (t->st_vals[0]));
	} else {
		t->st_keys = calloc(cap, sizeof (t->st_keys[0]));
		t->st_vals = calloc(cap, sizeof (t->st_vals[0]));
	}
	if (t->st_keys == NULL || t->st_vals == NULL) {
		md_strtab_fini(t);
		return (-1);
	}
	return (0);
}

void
md_strtab_fini(md_strtab_t *t)
{
	if (!t->st_arena) {
		free(t->st_keys);
		free(t->st_vals);
	}
	t->st_keys = NULL;
	t->st_vals = NULL;
	t->st_cap = 0;
	t->st_n = 0;
}

/* The slot of key (len bytes, not NUL-terminated), or the empty one. */
static size_t
md_strtab_slot(const md_strtab_t *t, const char *key, size_t len)
{
	size_t i = md_hash_bytes(key, len) & (t->st_cap - 1);

	while (t->st_keys[i] != NULL &&
	    (strncmp(t->st_keys[i], key, len) != 0 ||
	    t->st_keys[i][len] != '\0'))
		i = (i + 1) & (t->st_cap - 1);
	return (i);
}

/*
 * Add key with value val.  Returns 0 if it was added, 1 if it was already
 * there (its value is left alone), -1 if the table is full.
 */
int
md_strtab_put(md_strtab_t *t, const char *key, size_t val)
{
	size_t i;

	if (t->st_cap == 0)
		return (-1);
	i = md_strtab_slot(t, key, strlen(key));
	if (t->st_keys[i] != NULL)
		return (1);
	if (t->st_n + 1 > t->st_cap / 4 * 3 || val > UINT32_MAX)
		return (-1);
	t->st_keys[i] = key;
	t->st_vals[i] = (uint32_t)val;
	t->st_n++;
	return (0);
}

/*
 * Is the key of len bytes at key (not NUL-terminated) present?  Returns 1
 * and sets *valp (if not NULL) when it is, else 0.
 */
int
md_strtab_getn(const md_strtab_t *t, const char *key, size_t len,
    size_t *valp)
{
	size_t i;

	if (t->st_cap == 0)
		return (0);
	i = md_strtab_slot(t, key, len);
	if (t->st_keys[i] == NULL)
		return (0);
	if (valp != NULL)
		*valp = t->st_vals[i];
	return (1);
}

int
md_strtab_get(const md_strtab_t *t, const char *key, size_t *valp)
{
	return (md_strtab_getn(t, key, strlen(key), valp));
}

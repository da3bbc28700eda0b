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

/* FNV-1a of len bytes, finalized: the tables' hash. */
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
	/*
	 * FNV's low bits hang on the input's low bits alone, and the tables
	 * take their slot from the low bits: keys that differ only in digits
	 * (p1, p2, ...) crowd together.  A finalizer mixes the high bits in.
	 */
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
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

/*
 * Byte tables: keys of any bytes (copied) -> indexes, growing by doubling
 * (open addressing, at most half full): the records of an aggregation
 * (md_series.c), the series of an exposition (md_prom.c).  A slot holds
 * the key's hash beside it, so that a probe reads one slot, and a key
 * only when the hashes agree.
 */
static size_t
md_btab_slot(const md_btab_t *t, const void *key, size_t len, size_t h)
{
	size_t i = h & (t->bt_cap - 1);

	while (t->bt_e[i].be_key != NULL && (t->bt_e[i].be_hash != h ||
	    t->bt_e[i].be_len != len || memcmp(t->bt_e[i].be_key, key,
	    len) != 0))
		i = (i + 1) & (t->bt_cap - 1);
	return (i);
}

static int
md_btab_grow(md_btab_t *t)
{
	size_t cap = t->bt_cap == 0 ? 64 : t->bt_cap * 2, i, j;
	md_bentry_t *e;

	if ((t->bt_n + 1) * 2 <= t->bt_cap)
		return (0);
	if (cap > SIZE_MAX / sizeof (*e) || (e = calloc(cap,
	    sizeof (*e))) == NULL)
		return (-1);
	for (i = 0; i < t->bt_cap; i++) {
		if (t->bt_e[i].be_key == NULL)
			continue;
		for (j = t->bt_e[i].be_hash & (cap - 1); e[j].be_key != NULL;
		    j = (j + 1) & (cap - 1))
			continue;
		e[j] = t->bt_e[i];
	}
	free(t->bt_e);
	t->bt_e = e;
	t->bt_cap = cap;
	return (0);
}

/*
 * The value of key (len bytes) in *valp: 0 if it was there; else it is
 * added with value val, and 1.  -1 when out of memory.
 */
int
md_btab_lookup(md_btab_t *t, const void *key, size_t len, size_t val,
    size_t *valp)
{
	size_t h = md_hash_bytes(key, len), i;
	md_bentry_t *e;

	if (md_btab_grow(t) != 0)
		return (-1);
	i = md_btab_slot(t, key, len, h);
	e = &t->bt_e[i];
	if (e->be_key != NULL) {
		*valp = e->be_val;
		return (0);
	}
	if ((e->be_key = malloc(len + 1)) == NULL)
		return (-1);
	(void) memcpy(e->be_key, key, len);
	e->be_len = len;
	e->be_hash = h;
	e->be_val = *valp = val;
	t->bt_n++;
	return (1);
}

void
md_btab_fini(md_btab_t *t)
{
	size_t i;

	for (i = 0; i < t->bt_cap; i++)
		free(t->bt_e[i].be_key);
	free(t->bt_e);
	(void) memset(t, 0, sizeof (*t));
}

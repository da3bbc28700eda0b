/*
 * md_hash.c: tables from keys to indexes, and their hashes.
 *
 * String tables: metrics can have thousands of fields and probedesc
 * entries, and every "is this a field", "was this gathered", "what is its
 * transform" question would otherwise be a linear scan inside a loop.  The
 * table is sized once for the most keys it will hold (open addressing, at
 * most three quarters full), so it never grows; keys are borrowed, not
 * copied, and values are 32 bits (they are indexes, far below
 * MD_MAXFIELDS and MD_MAXENTRIES).  The metric is the caller's: its hash
 * is FNV-1a, the same in every run.
 *
 * Byte tables hold what the traced system chooses: an aggregation's keys
 * (any local user names a process, 15 bytes of any kind, as often as it
 * likes).  A hash anyone can compute lets such a user choose keys that
 * all land in one chain, and every interval's read then costs the square
 * of their number (29,000 chosen names kept a core busy).  So their hash
 * is keyed, SipHash-1-3 (Aumasson and Bernstein; the hash of Rust's and
 * Python's tables), under 128 bits drawn from the system's random source
 * for each table: no one outside the process can tell which keys collide.
 */

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

#define	MD_ROTL(x, b)	(uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

/* One round of SipHash over its state v. */
static void
md_sipround(uint64_t *v)
{
	v[0] += v[1];
	v[1] = MD_ROTL(v[1], 13);
	v[1] ^= v[0];
	v[0] = MD_ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = MD_ROTL(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = MD_ROTL(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = MD_ROTL(v[1], 17);
	v[1] ^= v[2];
	v[2] = MD_ROTL(v[2], 32);
}

/* n (at most 8) bytes at p as a little-endian word. */
static uint64_t
md_sipword(const unsigned char *p, size_t n)
{
	uint64_t w = 0;

	while (n-- > 0)
		w = (w << 8) | p[n];
	return (w);
}

/*
 * SipHash-c-d of len bytes at p under the key k: c rounds a word, d at
 * the end.  md_hash_keyed() is SipHash-1-3; the unit tests hold this to
 * SipHash-2-4's published vectors.
 */
uint64_t
md_siphash(const md_hashkey_t *k, const void *p, size_t len, int c, int d)
{
	const unsigned char *s = p;
	uint64_t v[4], m;
	size_t i;
	int r;

	v[0] = k->mhk_k0 ^ 0x736f6d6570736575ULL;
	v[1] = k->mhk_k1 ^ 0x646f72616e646f6dULL;
	v[2] = k->mhk_k0 ^ 0x6c7967656e657261ULL;
	v[3] = k->mhk_k1 ^ 0x7465646279746573ULL;
	for (i = 0; i + 8 <= len; i += 8) {
		m = md_sipword(s + i, 8);
		v[3] ^= m;
		for (r = 0; r < c; r++)
			md_sipround(v);
		v[0] ^= m;
	}
	m = ((uint64_t)len << 56) | md_sipword(s + i, len - i);
	v[3] ^= m;
	for (r = 0; r < c; r++)
		md_sipround(v);
	v[0] ^= m;
	v[2] ^= 0xff;
	for (r = 0; r < d; r++)
		md_sipround(v);
	return (v[0] ^ v[1] ^ v[2] ^ v[3]);
}

uint64_t
md_hash_keyed(const md_hashkey_t *k, const void *p, size_t len)
{
	return (md_siphash(k, p, len, 1, 3));
}

/*
 * A key no one outside this process knows: 128 bits of /dev/urandom
 * (every system meta-d is for has it), or, where it cannot be read (a
 * chroot without /dev), the clock, the process and this call's stack
 * mixed: weaker, but still not known in advance.
 */
void
md_hashkey_init(md_hashkey_t *k)
{
	static const md_hashkey_t mix = { 0x6d6574612d642031ULL,
	    0x7461626c65206b65ULL };
	unsigned char r[16];
	struct timespec ts[2];
	uint64_t w[4];
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	if (fd >= 0 && read(fd, r, sizeof (r)) == (ssize_t)sizeof (r)) {
		k->mhk_k0 = md_sipword(r, 8);
		k->mhk_k1 = md_sipword(r + 8, 8);
	} else {
		(void) clock_gettime(CLOCK_REALTIME, &ts[0]);
		(void) clock_gettime(CLOCK_MONOTONIC, &ts[1]);
		w[0] = (uint64_t)ts[0].tv_sec ^ ((uint64_t)ts[0].tv_nsec << 32);
		w[1] = (uint64_t)ts[1].tv_nsec ^ ((uint64_t)ts[1].tv_sec << 32);
		w[2] = (uint64_t)getpid();
		w[3] = (uint64_t)(uintptr_t)&w;
		k->mhk_k0 = md_siphash(&mix, w, sizeof (w), 2, 4);
		w[0] = ~w[0];
		k->mhk_k1 = md_siphash(&mix, w, sizeof (w), 2, 4);
	}
	if (fd >= 0)
		(void) close(fd);
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
 * (open addressing, linear probing, at most half full): the records of an
 * aggregation (md_delta.c), the series of an exposition (md_prom.c).  A
 * slot holds the key's hash beside it, so that a probe reads one slot,
 * and a key only when the hashes agree.  The hash is keyed (above), the
 * key drawn when the table first grows; a removal shifts the slots after
 * it back (Knuth's algorithm R), so that no tombstone is left.
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
	if (t->bt_cap == 0)
		md_hashkey_init(&t->bt_key);
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

static size_t
md_btab_hash(const md_btab_t *t, const void *key, size_t len)
{
	return ((size_t)md_hash_keyed(&t->bt_key, key, len));
}

/*
 * The value of key (len bytes) in *valp: 0 if it was there; else it is
 * added with value val, and 1.  -1 when out of memory.
 */
int
md_btab_lookup(md_btab_t *t, const void *key, size_t len, size_t val,
    size_t *valp)
{
	size_t h, i;
	md_bentry_t *e;

	if (md_btab_grow(t) != 0)
		return (-1);
	h = md_btab_hash(t, key, len);
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

/* The value of key in *valp, if it is there: 1; else 0. */
int
md_btab_find(const md_btab_t *t, const void *key, size_t len, size_t *valp)
{
	size_t i;

	if (t->bt_cap == 0)
		return (0);
	i = md_btab_slot(t, key, len, md_btab_hash(t, key, len));
	if (t->bt_e[i].be_key == NULL)
		return (0);
	*valp = t->bt_e[i].be_val;
	return (1);
}

/*
 * key taken out, its value in *valp (if not NULL): 1, or 0 if it was not
 * there.  Each slot after it up to
 * the next empty one moves back into the hole when its home does not lie
 * (cyclically) between the hole and itself.
 */
int
md_btab_remove(md_btab_t *t, const void *key, size_t len, size_t *valp)
{
	size_t m = t->bt_cap - 1, i, j, home;

	if (t->bt_cap == 0)
		return (0);
	i = md_btab_slot(t, key, len, md_btab_hash(t, key, len));
	if (t->bt_e[i].be_key == NULL)
		return (0);
	if (valp != NULL)
		*valp = t->bt_e[i].be_val;
	free(t->bt_e[i].be_key);
	t->bt_e[i].be_key = NULL;
	t->bt_n--;
	for (j = (i + 1) & m; t->bt_e[j].be_key != NULL; j = (j + 1) & m) {
		home = t->bt_e[j].be_hash & m;
		if (((j - home) & m) < ((j - i) & m))
			continue;	/* home is after the hole: it stays */
		t->bt_e[i] = t->bt_e[j];
		t->bt_e[j].be_key = NULL;
		i = j;
	}
	return (1);
}

/*
 * Every key's value made map(value, arg), and the keys whose new value is
 * SIZE_MAX let go, in one pass: the table is laid out again from the
 * hashes it holds.  Returns 0, or -1 when out of memory, the table as it
 * was.
 */
int
md_btab_filter(md_btab_t *t, size_t (*map)(size_t, void *), void *arg)
{
	md_bentry_t *e;
	size_t i, j, v;

	if (t->bt_cap == 0)
		return (0);
	if ((e = calloc(t->bt_cap, sizeof (*e))) == NULL)
		return (-1);
	for (i = 0; i < t->bt_cap; i++) {
		if (t->bt_e[i].be_key == NULL)
			continue;
		if ((v = map(t->bt_e[i].be_val, arg)) == SIZE_MAX) {
			free(t->bt_e[i].be_key);
			t->bt_n--;
			continue;
		}
		for (j = t->bt_e[i].be_hash & (t->bt_cap - 1);
		    e[j].be_key != NULL; j = (j + 1) & (t->bt_cap - 1))
			continue;
		e[j] = t->bt_e[i];
		e[j].be_val = v;
	}
	free(t->bt_e);
	t->bt_e = e;
	return (0);
}

/* The longest way from a key's home slot to its own (the tests'). */
size_t
md_btab_maxprobe(const md_btab_t *t)
{
	size_t i, d, max = 0;

	for (i = 0; i < t->bt_cap; i++) {
		if (t->bt_e[i].be_key == NULL)
			continue;
		d = (i - t->bt_e[i].be_hash) & (t->bt_cap - 1);
		if (d > max)
			max = d;
	}
	return (max);
}

/* Every key let go; the slots and the hash's key kept, for the next. */
void
md_btab_clear(md_btab_t *t)
{
	size_t i;

	for (i = 0; i < t->bt_cap; i++) {
		free(t->bt_e[i].be_key);
		t->bt_e[i].be_key = NULL;
	}
	t->bt_n = 0;
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

/*
 * md_buf.c: the output buffer and the arena.
 *
 * A script is built whole in an md_buf_t and written only once everything
 * has succeeded.  The buffer has a sticky error, as libdtrace's dt_buf_t:
 * when an append cannot grow the buffer, it marks the buffer failed and
 * every later append does nothing, so emitting code appends freely and the
 * owner checks md_buf_failed() once.
 *
 * The arena holds the many small arrays of a loaded metric or predicate;
 * they are freed together.  Paths name places in a document for messages,
 * in fixed storage.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

void
md_buf_init(md_buf_t *b)
{
	b->mb_data = NULL;
	b->mb_len = 0;
	b->mb_cap = 0;
	b->mb_limit = 0;
	b->mb_failed = 0;
}

void
md_buf_fini(md_buf_t *b)
{
	free(b->mb_data);
	md_buf_init(b);
}

/* Empty the buffer, keeping its memory; a failed buffer stays failed. */
void
md_buf_reset(md_buf_t *b)
{
	b->mb_len = 0;
	if (b->mb_data != NULL)
		b->mb_data[0] = '\0';
}

/*
 * Room for need more bytes and the NUL: the capacity doubles, but never
 * past the limit (and its NUL), so that a buffer near its limit does not
 * ask for twice the memory it may ever hold.
 */
static int
md_buf_grow(md_buf_t *b, size_t need)
{
	size_t cap = b->mb_cap == 0 ? 256 : b->mb_cap;
	char *p;

	while (cap - b->mb_len <= need) {
		if (cap > SIZE_MAX / 2)
			return (-1);
		cap *= 2;
	}
	if (b->mb_limit != 0 && cap > b->mb_limit + 1 &&
	    b->mb_limit + 1 > b->mb_len + need)
		cap = b->mb_limit + 1;
	if ((p = realloc(b->mb_data, cap)) == NULL)
		return (-1);
	b->mb_data = p;
	b->mb_cap = cap;
	return (0);
}

void
md_buf_append(md_buf_t *b, const char *s, size_t len)
{
	if (b->mb_failed)
		return;
	if (b->mb_limit != 0 && len > b->mb_limit - b->mb_len) {
		b->mb_failed = MD_BUF_TOOBIG;
		return;
	}
	if (b->mb_cap - b->mb_len <= len && md_buf_grow(b, len) != 0) {
		b->mb_failed = MD_BUF_NOMEM;
		return;
	}
	(void) memcpy(b->mb_data + b->mb_len, s, len);
	b->mb_len += len;
	b->mb_data[b->mb_len] = '\0';
}

void
md_buf_puts(md_buf_t *b, const char *s)
{
	md_buf_append(b, s, strlen(s));
}

void
md_buf_putc(md_buf_t *b, char c)
{
	md_buf_append(b, &c, 1);
}

int
md_buf_failed(const md_buf_t *b)
{
	return (b->mb_failed);
}

/* The error for a failed buffer: out of memory, or past its limit. */
int
md_buf_error(const md_buf_t *b, md_error_t *err)
{
	if (b->mb_failed == MD_BUF_TOOBIG)
		return (md_error_set(err, MD_ERR_LIMIT, "the scripts would be "
		    "larger than the limit of %lu MiB", MD_MAXOUTPUT >> 20));
	return (md_error_nomem(err));
}

/*
 * How much more the buffer may take before its limit, as a limit for a
 * buffer whose text will go into this one: 0 (none) for a buffer without
 * a limit, and at least 1, since a limit of 0 is none.
 */
size_t
md_buf_room(const md_buf_t *b)
{
	if (b->mb_limit == 0)
		return (0);
	return (b->mb_limit - b->mb_len > 0 ? b->mb_limit - b->mb_len : 1);
}

/* The contents as a string ("" when empty); NULL if the buffer failed. */
const char *
md_buf_str(md_buf_t *b)
{
	if (b->mb_failed)
		return (NULL);
	return (b->mb_data == NULL ? "" : b->mb_data);
}

/*
 * Paths.  Each step returns the length before it, for md_path_cut().
 */
void
md_path_init(md_path_t *p)
{
	p->mp_buf[0] = '\0';
	p->mp_len = 0;
}

static size_t
md_path_add(md_path_t *p, const char *sep, const char *s)
{
	size_t len = p->mp_len;
	int n;

	n = snprintf(p->mp_buf + len, sizeof (p->mp_buf) - len, "%s%s",
	    len > 0 ? sep : "", s);
	if (n < 0 || (size_t)n >= sizeof (p->mp_buf) - len)
		p->mp_len = sizeof (p->mp_buf) - 1;
	else
		p->mp_len = len + (size_t)n;
	return (len);
}

/* Append ".key" (or "key" at the start). */
size_t
md_path_key(md_path_t *p, const char *key)
{
	return (md_path_add(p, ".", key));
}

/* Append "[i]". */
size_t
md_path_index(md_path_t *p, size_t i)
{
	char idx[32];

	(void) snprintf(idx, sizeof (idx), "[%zu]", i);
	return (md_path_add(p, "", idx));
}

void
md_path_cut(md_path_t *p, size_t len)
{
	if (len < p->mp_len) {
		p->mp_len = len;
		p->mp_buf[len] = '\0';
	}
}

/*
 * Arena.  Blocks are chained; each allocation is carved from the head block
 * or, if it does not fit, from a new block at least as large as it.
 */
#define	MD_ABLOCK	4096

typedef struct md_ablock {
	struct md_ablock	*mab_next;
	size_t			mab_used;
	size_t			mab_size;
	/*
	 * What the arena holds: pointers, sizes and doubles (predicate
	 * values), so their alignment is enough.
	 */
	union {
		double		mab_d;
		void		*mab_p;
		size_t		mab_z;
	} mab_data[];
} md_ablock_t;

void *
md_arena_alloc(md_arena_t *a, size_t n, size_t size)
{
	const size_t align = sizeof (((md_ablock_t *)0)->mab_data[0]);
	md_ablock_t *blk = a->ma_head;
	size_t bytes, off;
	char *p;

	if (size != 0 && n > SIZE_MAX / size)
		return (NULL);
	bytes = n * size;
	if (bytes > SIZE_MAX - align - sizeof (md_ablock_t))
		return (NULL);
	bytes = (bytes + align - 1) / align * align;
	if (bytes == 0)
		bytes = align;

	if (blk == NULL || blk->mab_size - blk->mab_used < bytes) {
		size_t size2 = bytes > MD_ABLOCK ? bytes : MD_ABLOCK;

		if ((blk = malloc(sizeof (md_ablock_t) + size2)) == NULL)
			return (NULL);
		blk->mab_used = 0;
		blk->mab_size = size2;
		/*
		 * A block made for one large allocation goes behind the head,
		 * so the head's free space stays in use.
		 */
		if (a->ma_head != NULL && size2 > MD_ABLOCK) {
			blk->mab_next = a->ma_head->mab_next;
			a->ma_head->mab_next = blk;
		} else {
			blk->mab_next = a->ma_head;
			a->ma_head = blk;
		}
	}
	off = blk->mab_used;
	blk->mab_used += bytes;
	p = (char *)blk->mab_data + off;
	(void) memset(p, 0, bytes);
	return (p);
}

void
md_arena_free(md_arena_t *a)
{
	md_ablock_t *blk, *next;

	for (blk = a->ma_head; blk != NULL; blk = next) {
		next = blk->mab_next;
		free(blk);
	}
	a->ma_head = NULL;
}

/*
 * md_arena.c: many small allocations freed at once, for the arrays and
 * strings of a loaded metric or predicate.  Blocks are chained; each
 * allocation is carved from the head block or, if it does not fit, from a
 * new block at least as large as it.  Memory is zeroed.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

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
	md_ablock_t *blk = a->ar_head;
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
		if (a->ar_head != NULL && size2 > MD_ABLOCK) {
			blk->mab_next = a->ar_head->mab_next;
			a->ar_head->mab_next = blk;
		} else {
			blk->mab_next = a->ar_head;
			a->ar_head = blk;
		}
	}
	off = blk->mab_used;
	blk->mab_used += bytes;
	p = (char *)blk->mab_data + off;
	(void) memset(p, 0, bytes);
	return (p);
}

/* A copy of s in the arena; NULL when out of memory. */
char *
md_arena_strdup(md_arena_t *a, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;

	if ((p = md_arena_alloc(a, n, 1)) != NULL)
		(void) memcpy(p, s, n);
	return (p);
}

void
md_arena_free(md_arena_t *a)
{
	md_ablock_t *blk, *next;

	for (blk = a->ar_head; blk != NULL; blk = next) {
		next = blk->mab_next;
		free(blk);
	}
	a->ar_head = NULL;
}

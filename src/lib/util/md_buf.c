/*
 * md_buf.c: the output buffer.
 *
 * A script is built whole in an md_buf_t and written only once everything
 * has succeeded.  The buffer has a sticky error, as libdtrace's dt_buf_t:
 * when an append cannot grow the buffer, it marks the buffer failed and
 * every later append does nothing, so emitting code appends freely and the
 * owner checks md_buf_failed() once.
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

/*
 * Room for n more bytes at once (but past the limit), for a buffer whose
 * size is known ahead: it is allocated once, not doubled into.  A failure
 * is the buffer's sticky error, as an append's would be.
 */
void
md_buf_reserve(md_buf_t *b, size_t n)
{
	char *p;

	if (b->mb_failed || b->mb_cap - b->mb_len > n)
		return;
	if (b->mb_limit != 0 && n > b->mb_limit - b->mb_len)
		n = b->mb_limit - b->mb_len;
	if (n >= SIZE_MAX - b->mb_len ||
	    (p = realloc(b->mb_data, b->mb_len + n + 1)) == NULL) {
		b->mb_failed = MD_BUF_NOMEM;
		return;
	}
	p[b->mb_len] = '\0';
	b->mb_data = p;
	b->mb_cap = b->mb_len + n + 1;
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
 * Hand the contents over: a NUL-terminated string ("" for an empty
 * buffer), shrunk to fit, that the caller frees, and its length in *lenp.
 * The buffer is left as md_buf_init() makes it.  NULL if the buffer failed
 * or memory ran short.
 */
char *
md_buf_claim(md_buf_t *b, size_t *lenp)
{
	char *s = NULL;

	if (!b->mb_failed) {
		if (b->mb_data == NULL) {
			s = calloc(1, 1);
		} else {
			if ((s = realloc(b->mb_data, b->mb_len + 1)) == NULL)
				s = b->mb_data;		/* as it is, then */
			b->mb_data = NULL;		/* s has it now */
		}
		*lenp = b->mb_len;
	}
	md_buf_fini(b);
	return (s);
}

/*
 * Lists as SPEC section 4 prints them: AND(list) is "(" + each item in
 * parentheses, joined by " && " + ")", and OR(list) the same with " || ".
 * md_list_item() opens an item (and the list, before the first), the
 * caller writes it, md_list_end() ends it, and md_list_close() closes the
 * list if it has items.  A bare list prints no parentheses of its own: its
 * caller's item holds it.
 */
void
md_list_init(md_list_t *l, md_buf_t *b, const char *sep, int bare)
{
	l->li_buf = b;
	l->li_sep = sep;
	l->li_n = 0;
	l->li_bare = bare;
}

void
md_list_item(md_list_t *l)
{
	md_buf_puts(l->li_buf, l->li_n++ > 0 ? l->li_sep : l->li_bare ? "" :
	    "(");
	md_buf_putc(l->li_buf, '(');
}

void
md_list_end(md_list_t *l)
{
	md_buf_putc(l->li_buf, ')');
}

void
md_list_close(md_list_t *l)
{
	if (l->li_n > 0 && !l->li_bare)
		md_buf_putc(l->li_buf, ')');
}

/*
 * md_where.c: places, for messages.
 *
 * In a document (md_path_*): "probedesc[1].verify", in fixed storage, so
 * that reporting an error never needs memory.  Each step returns the
 * length before it, for md_path_cut().
 *
 * In a text (md_text_where()): the line and column of a byte, as every
 * position meta-d reports is given (a JSON document's, a piece of D's, a
 * script's).  Both count bytes, from 1: a tab is one column, and so is
 * each byte of a character of several.
 */

#include <stdio.h>

#include "md_impl.h"

void
md_path_init(md_path_t *p)
{
	p->pa_buf[0] = '\0';
	p->pa_len = 0;
}

static size_t
md_path_add(md_path_t *p, const char *sep, const char *s)
{
	size_t len = p->pa_len;
	int n;

	n = snprintf(p->pa_buf + len, sizeof (p->pa_buf) - len, "%s%s",
	    len > 0 ? sep : "", s);
	if (n < 0 || (size_t)n >= sizeof (p->pa_buf) - len)
		p->pa_len = sizeof (p->pa_buf) - 1;
	else
		p->pa_len = len + (size_t)n;
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
	if (len < p->pa_len) {
		p->pa_len = len;
		p->pa_buf[len] = '\0';
	}
}

/* The line and column (from 1, in bytes) of offset off of text. */
void
md_text_where(const char *text, size_t off, size_t *linep, size_t *colp)
{
	size_t line = 1, col = 1, i;

	for (i = 0; i < off; i++) {
		if (text[i] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	*linep = line;
	*colp = col;
}

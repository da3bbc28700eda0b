/*
 * md_text.c: places in a text, for messages: the line and column of a
 * byte, as every position meta-d reports is given (a JSON document's, a
 * piece of D's, a script's).  Both count bytes, from 1: a tab is one
 * column, and so is each byte of a character of several.
 */

#include "md_impl.h"

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

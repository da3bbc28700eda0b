/*
 * md_suggest.c: "did you mean": the name a mistyped word was meant to be.
 *
 * md_suggest() returns the name closest to the word by edit distance (a
 * letter inserted, deleted, changed, or two swapped: "exename" is one
 * from "execname"), if it is close enough to be a likely slip: at most a
 * third of the longer of the two, or a prefix of at least three letters
 * either way ("zone" for "zonename").  The first of equally close names
 * wins.  Words and names longer than MD_SUGGESTMAX are never close, which
 * bounds the work to MD_SUGGESTMAX squared per name.
 */

#include <string.h>

#include "md_impl.h"

#define	MD_SUGGESTMAX	64

/*
 * Optimal string alignment distance of a (la bytes) and b (lb), row by
 * row: row i needs rows i-1 and i-2 only.
 */
static size_t
md_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t rows[3][MD_SUGGESTMAX + 1], *cur, *up, *up2, i, j, x;

	for (j = 0; j <= lb; j++)
		rows[0][j] = j;
	for (i = 1; i <= la; i++) {
		cur = rows[i % 3];
		up = rows[(i - 1) % 3];
		up2 = rows[(i + 1) % 3];	/* row i-2 */
		cur[0] = i;
		for (j = 1; j <= lb; j++) {
			x = up[j - 1] + (a[i - 1] != b[j - 1]);
			if (up[j] + 1 < x)
				x = up[j] + 1;
			if (cur[j - 1] + 1 < x)
				x = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && up2[j - 2] + 1 < x)
				x = up2[j - 2] + 1;
			cur[j] = x;
		}
	}
	return (rows[la % 3][lb]);
}

const char *
md_suggest(const char *word, const char *const *names, size_t n)
{
	size_t lw = strlen(word), ln, i, d, best = (size_t)-1;
	const char *found = NULL;

	if (lw > MD_SUGGESTMAX)
		return (NULL);
	for (i = 0; i < n; i++) {
		if ((ln = strlen(names[i])) > MD_SUGGESTMAX ||
		    strcmp(word, names[i]) == 0)
			continue;
		d = md_distance(word, lw, names[i], ln);
		if (d * 3 > (lw > ln ? lw : ln) && !(lw >= 3 && ln >= 3 &&
		    strncmp(word, names[i], lw < ln ? lw : ln) == 0))
			continue;
		if (d < best) {
			best = d;
			found = names[i];
		}
	}
	return (found);
}

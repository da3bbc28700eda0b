/*
 * md_json.c: one JSON document from a buffer, through cJSON.
 *
 * cJSON accepts an object with the same key twice and keeps both members;
 * Meta-D makes that an error (SPEC 7.4), so the tree is walked once after
 * parsing.  Syntax errors are reported with the line and column (in bytes,
 * from 1) where cJSON stopped.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_SMALLOBJ	16

static int
md_json_cmpkey(const void *a, const void *b)
{
	return (strcmp(*(const char *const *)a, *(const char *const *)b));
}

/*
 * The first key that an object repeats, or NULL.  Small objects are
 * compared pairwise; large ones sorted, so that the walk stays linear in
 * the size of the document times a logarithm.
 */
static const char *
md_json_dupkey(const cJSON *obj, int *nomem)
{
	const char *small[MD_SMALLOBJ], **keys = small, *dup = NULL;
	const cJSON *c;
	size_t n = 0, i, j;

	for (c = obj->child; c != NULL; c = c->next)
		n++;
	if (n > MD_SMALLOBJ &&
	    (keys = malloc(n * sizeof (keys[0]))) == NULL) {
		*nomem = 1;
		return (NULL);
	}
	for (c = obj->child, i = 0; c != NULL; c = c->next, i++)
		keys[i] = c->string;

	if (keys == small) {
		for (i = 0; i < n && dup == NULL; i++) {
			for (j = i + 1; j < n; j++) {
				if (strcmp(keys[i], keys[j]) == 0) {
					dup = keys[i];
					break;
				}
			}
		}
		return (dup);
	}

	qsort(keys, n, sizeof (keys[0]), md_json_cmpkey);
	for (i = 1; i < n; i++) {
		if (strcmp(keys[i - 1], keys[i]) == 0) {
			dup = keys[i];
			break;
		}
	}
	free(keys);
	return (dup);
}

/*
 * Walk the tree; on a repeated key, report it with the path of the object
 * that repeats it.  The path is built in a buffer as the walk descends.
 */
static int
md_json_walk(const cJSON *node, md_buf_t *path, const char *what,
    md_error_t *err)
{
	const cJSON *c;
	size_t len = path->mb_len, i = 0;
	int nomem = 0;

	if (cJSON_IsObject(node)) {
		const char *dup = md_json_dupkey(node, &nomem);

		if (nomem)
			return (md_error_nomem(err));
		if (dup != NULL) {
			return (md_error_set(err, MD_ERR_JSON,
			    "%s%s%sduplicate key \"%s\"", what,
			    path->mb_len > 0 ? md_buf_str(path) : "",
			    path->mb_len > 0 ? ": " : "", dup));
		}
	}
	if (!cJSON_IsObject(node) && !cJSON_IsArray(node))
		return (0);

	for (c = node->child; c != NULL; c = c->next, i++) {
		char idx[32];

		if (cJSON_IsObject(node)) {
			if (len > 0)
				md_buf_putc(path, '.');
			md_buf_puts(path, c->string);
		} else {
			(void) snprintf(idx, sizeof (idx), "[%zu]", i);
			md_buf_puts(path, idx);
		}
		if (md_buf_failed(path))
			return (md_error_nomem(err));
		if (md_json_walk(c, path, what, err) != 0)
			return (-1);
		md_buf_truncate(path, len);
	}
	return (0);
}

static void
md_json_position(const char *buf, size_t off, size_t *linep, size_t *colp)
{
	size_t line = 1, col = 1, i;

	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	*linep = line;
	*colp = col;
}

static int
md_json_isspace(char c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/*
 * Where parsing failed.  cJSON reports a failure at the end of the input
 * as one at its last byte; when that is what it said, parse a copy that
 * ends in a NUL, which it reads past, to tell the two apart.  Only the
 * failure path pays for the copy.
 */
static size_t
md_json_erroff(const char *buf, size_t len, size_t off)
{
	const char *end = NULL;
	cJSON *again;
	char *copy;

	if (off + 1 != len || (copy = malloc(len + 1)) == NULL)
		return (off > len ? len : off);
	(void) memcpy(copy, buf, len);
	copy[len] = '\0';
	again = cJSON_ParseWithLengthOpts(copy, len + 1, &end, 1);
	if (again == NULL && end != NULL && end >= copy &&
	    (size_t)(end - copy) <= len)
		off = (size_t)(end - copy);
	cJSON_Delete(again);
	free(copy);
	return (off);
}

/*
 * Parse len bytes as exactly one JSON document.  what starts every message
 * ("" for a metric, "predicate: " for a predicate).
 */
cJSON *
md_json_parse(const char *buf, size_t len, const char *what, md_error_t *err)
{
	const char *end = NULL;
	size_t i, line, col;
	md_buf_t path;
	cJSON *root;

	for (i = 0; i < len && md_json_isspace(buf[i]); i++)
		continue;
	if (i == len) {
		(void) md_error_set(err, MD_ERR_JSON,
		    "%sempty document", what);
		return (NULL);
	}
	if ((end = memchr(buf, '\0', len)) != NULL) {
		md_json_position(buf, (size_t)(end - buf), &line, &col);
		(void) md_error_set(err, MD_ERR_JSON, "%sJSON syntax error at "
		    "line %zu, column %zu: NUL byte", what, line, col);
		return (NULL);
	}

	root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (root != NULL) {
		/* Only white space may follow the document. */
		for (i = (size_t)(end - buf); i < len; i++) {
			if (!md_json_isspace(buf[i]))
				break;
		}
		if (i < len)
			end = buf + i;
	}
	if (root == NULL || i < len) {
		size_t off = end == NULL || end < buf ? 0 :
		    (size_t)(end - buf);

		cJSON_Delete(root);
		if (root == NULL)
			off = md_json_erroff(buf, len, off);
		md_json_position(buf, off, &line, &col);
		(void) md_error_set(err, MD_ERR_JSON,
		    "%sJSON syntax error at line %zu, column %zu%s", what,
		    line, col, off == len ? ": unexpected end of input" : "");
		return (NULL);
	}

	md_buf_init(&path);
	if (md_json_walk(root, &path, what, err) != 0) {
		md_buf_fini(&path);
		cJSON_Delete(root);
		return (NULL);
	}
	md_buf_fini(&path);
	return (root);
}

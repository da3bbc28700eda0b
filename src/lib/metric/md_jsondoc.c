/*
 * md_jsondoc.c: one JSON document from a buffer, through cJSON.
 *
 * cJSON accepts an object with the same key twice and keeps both members;
 * Meta-D makes that an error (SPEC 7.4), so the tree is walked once after
 * parsing.
 *
 * Before cJSON sees the text, one pass over its bytes rejects what cJSON
 * would let through unnoticed: bytes that are not UTF-8 (RFC 8259 requires
 * it) and the escape \u0000, at which cJSON silently cuts a string short;
 * surrogate escapes that are not a pair, which cJSON refuses without
 * saying why; and nesting deeper than MD_MAXJSONDEPTH, far below cJSON's
 * own 1000 levels, which need more stack than a small thread may have.
 *
 * cJSON reports a failed allocation as it reports a syntax error, and says
 * only where it stopped.  When it fails, md_json_syntax() (md_jsonlint.c)
 * reads the text again as cJSON's grammar has it, leniencies and all,
 * without allocating: if that finds no error, memory ran short; if it
 * does, it names the line and column (in bytes, from 1) of the first byte
 * that cannot continue the document, and what was expected and found
 * there.  Only the failure path pays for it.
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
 * The first object (depth first) that repeats a key, and the key; NULL if
 * none does.  *nomem is set if the check could not get memory.
 */
static const cJSON *
md_json_walk(const cJSON *node, const char **dupp, int *nomem)
{
	const cJSON *c, *bad;

	if (cJSON_IsObject(node) &&
	    (*dupp = md_json_dupkey(node, nomem)) != NULL)
		return (node);
	if (*nomem || (!cJSON_IsObject(node) && !cJSON_IsArray(node)))
		return (NULL);
	for (c = node->child; c != NULL; c = c->next) {
		if ((bad = md_json_walk(c, dupp, nomem)) != NULL || *nomem)
			return (bad);
	}
	return (NULL);
}

/*
 * The path from node to target ("a[0].b") into path; for the message
 * about a repeated key only, so that the walk above need not build paths.
 */
static int
md_json_pathto(const cJSON *node, const cJSON *target, md_path_t *path)
{
	const cJSON *c;
	size_t i = 0, len;

	if (node == target)
		return (1);
	for (c = node->child; c != NULL; c = c->next, i++) {
		len = cJSON_IsObject(node) ? md_path_key(path, c->string) :
		    md_path_index(path, i);
		if (md_json_pathto(c, target, path))
			return (1);
		md_path_cut(path, len);
	}
	return (0);
}

/*
 * Text, JSON or JavaScript, must be UTF-8 without NUL bytes.  what starts
 * the message, before "line L, column C: ..."; for JSON it is "JSON
 * syntax error at ".
 */
int
md_text_check(const char *buf, size_t len, const char *what, md_error_t *err)
{
	const unsigned char *p = (const unsigned char *)buf;
	size_t i, n, line, col;
	const char *why = NULL;

	for (i = 0; i < len; i += n) {
		if (p[i] > 0 && p[i] < 0x80) {		/* most of it */
			n = 1;
			continue;
		}
		if (p[i] == '\0') {
			why = "NUL byte";
			break;
		}
		if ((n = md_utf8_len(p + i, len - i)) == 0) {
			why = "not UTF-8";
			break;
		}
	}
	if (why == NULL)
		return (0);
	md_text_where(buf, i, &line, &col);
	return (md_error_set(err, MD_ERR_JSON, "%sline %zu, column %zu: %s",
	    what, line, col, why));
}

/* The value of the 4 hex digits at p, or -1. */
static long
md_json_hex4(const char *p)
{
	long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return (-1);
	}
	return (v);
}

/*
 * The escape \uXXXX whose u is at buf[i]: why it is refused, or NULL.
 * \u0000 would end a D string (and cJSON cuts the string there), and a
 * surrogate that is not half of a pair is not text (SPEC 7.10).  For a
 * pair, *skipp is how far its second escape reaches past the u.
 */
static const char *
md_json_uescape(const char *buf, size_t len, size_t i, size_t *skipp)
{
	long cp, lo;

	*skipp = 0;
	if (len - i < 5 || (cp = md_json_hex4(buf + i + 1)) < 0)
		return ("\\u must be followed by four hexadecimal digits "
		    "(cJSON would read a NUL)");
	if (cp == 0)
		return ("\\u0000 is not allowed in a string: a D string ends "
		    "at a NUL");
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return ("a lone surrogate (\\udc00 to \\udfff without \\ud800 "
		    "to \\udbff before it) is not text");
	if (cp < 0xd800 || cp > 0xdbff)
		return (NULL);
	if (len - i < 11 || buf[i + 5] != '\\' || buf[i + 6] != 'u' ||
	    (lo = md_json_hex4(buf + i + 7)) < 0xdc00 || lo > 0xdfff)
		return ("a lone surrogate (\\ud800 to \\udbff without \\udc00 "
		    "to \\udfff after it) is not text");
	*skipp = 10;
	return (NULL);
}

/*
 * What cJSON would let through unnoticed, once the text is UTF-8: the
 * escape \u0000, and arrays and objects nested deeper than
 * MD_MAXJSONDEPTH, so that neither cJSON nor the walks here recurse deeper
 * than that.  Brackets count only outside strings; in a string, an odd run
 * of backslashes escapes what follows.  All of it is ASCII, so the scan
 * goes byte by byte.
 */
static int
md_json_scan(const char *buf, size_t len, const char *what, md_error_t *err)
{
	size_t i, bs = 0, depth = 0, line, col, skip = 0;
	const char *why;
	int instr = 0;

	for (i = 0; i < len; i++) {
		char c = buf[i];

		if (instr) {
			if (c == 'u' && bs % 2 == 1 && (why =
			    md_json_uescape(buf, len, i, &skip)) != NULL) {
				md_text_where(buf, i - 1, &line, &col);
				return (md_error_set(err, MD_ERR_JSON, "%sJSON "
				    "syntax error at line %zu, column %zu: %s",
				    what, line, col, why));
			}
			if (skip > 0) {
				/* a surrogate pair: skip its second half */
				i += skip;
				bs = 0;
				skip = 0;
				continue;
			}
			if (c == '"' && bs % 2 == 0)
				instr = 0;
			bs = c == '\\' ? bs + 1 : 0;
		} else if (c == '"') {
			instr = 1;
			bs = 0;
		} else if (c == '[' || c == '{') {
			if (++depth > MD_MAXJSONDEPTH) {
				md_text_where(buf, i, &line, &col);
				return (md_error_set(err, MD_ERR_LIMIT, "%sJSON "
				    "nested deeper than %d levels at line %zu, "
				    "column %zu", what, MD_MAXJSONDEPTH, line,
				    col));
			}
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
		}
	}
	return (0);
}

static int
md_json_isspace(char c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/* Parse with cJSON: one document, and only white space after it. */
static cJSON *
md_json_cjson(const char *buf, size_t len)
{
	const char *end = NULL;
	cJSON *root;
	size_t i;

	if ((root = cJSON_ParseWithLengthOpts(buf, len, &end, 0)) == NULL)
		return (NULL);
	for (i = (size_t)(end - buf); i < len && md_json_isspace(buf[i]); i++)
		continue;
	if (i < len) {
		cJSON_Delete(root);
		return (NULL);
	}
	return (root);
}

/*
 * cJSON failed: the syntax error, where the text stops being JSON and
 * why, or out of memory if there is none.
 */
static void
md_json_fail(const char *buf, size_t len, const char *what, md_error_t *err)
{
	md_jsyntax_t syn;
	size_t line, col;

	if (md_json_syntax(buf, len, &syn) == 0) {
		(void) md_error_nomem(err);
		return;
	}
	md_text_where(buf, syn.js_off, &line, &col);
	(void) md_error_set(err, MD_ERR_JSON, "%sJSON syntax error at line "
	    "%zu, column %zu: %s", what, line, col, syn.js_msg);
}

/*
 * Parse len bytes as exactly one JSON document.  name is the document's
 * place in messages ("" for a metric, "predicate" for a predicate): every
 * message starts with the place at fault, as "predicate.and[1]: ...",
 * "predicate: JSON syntax error ...", or for a metric "metad: ...".
 */
cJSON *
md_json_parse(const char *buf, size_t len, const char *name,
    md_error_t *err)
{
	size_t i;
	const cJSON *bad;
	const char *dup = NULL;
	char what[64], prefix[96];
	md_path_t path;
	int nomem = 0;
	cJSON *root;

	(void) snprintf(what, sizeof (what), "%s%s", name, *name != '\0' ?
	    ": " : "");
	for (i = 0; i < len && md_json_isspace(buf[i]); i++)
		continue;
	if (i == len) {
		(void) md_error_set(err, MD_ERR_JSON,
		    "%sempty document", what);
		return (NULL);
	}
	(void) snprintf(prefix, sizeof (prefix), "%sJSON syntax error at ",
	    what);
	if (md_text_check(buf, len, prefix, err) != 0 ||
	    md_json_scan(buf, len, what, err) != 0)
		return (NULL);

	if ((root = md_json_cjson(buf, len)) == NULL) {
		md_json_fail(buf, len, what, err);
		return (NULL);
	}

	if ((bad = md_json_walk(root, &dup, &nomem)) != NULL || nomem) {
		if (nomem) {
			(void) md_error_nomem(err);
		} else {
			md_path_init(&path);
			if (*name != '\0')
				(void) md_path_key(&path, name);
			(void) md_json_pathto(root, bad, &path);
			(void) md_error_set(err, MD_ERR_JSON, "%s%sduplicate "
			    "key \"%s\"", path.pa_buf,
			    path.pa_len > 0 ? ": " : "", dup);
		}
		cJSON_Delete(root);
		return (NULL);
	}
	return (root);
}

int
md_json_check(const char *buf, size_t len, md_error_t *err)
{
	cJSON *doc;

	if ((doc = md_json_parse(buf, len, "", err)) == NULL)
		return (-1);
	cJSON_Delete(doc);
	return (0);
}

/* JavaScript's truthiness, for keys the original tested with "if (x)". */
int
md_json_truthy(const cJSON *v)
{
	if (v == NULL || cJSON_IsNull(v) || cJSON_IsFalse(v))
		return (0);
	if (cJSON_IsNumber(v))
		return (v->valuedouble != 0 && v->valuedouble == v->valuedouble);
	if (cJSON_IsString(v))
		return (v->valuestring[0] != '\0');
	return (1);
}

size_t
md_json_count(const cJSON *v)
{
	const cJSON *c;
	size_t n = 0;

	for (c = v->child; c != NULL; c = c->next)
		n++;
	return (n);
}

/*
 * Append s (len bytes) to b as a JSON string: quotes, backslashes and
 * control characters escaped as RFC 8259 asks, and each byte that is not
 * part of UTF-8 as \u00XX (SPEC 8.1: a key may hold any bytes).
 */
void
md_json_putstr(md_buf_t *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	char esc[7];
	size_t i = 0, n;

	md_buf_putc(b, '"');
	while (i < len) {
		n = md_utf8_len(p + i, len - i);
		if (n > 1) {
			md_buf_append(b, s + i, n);
			i += n;
			continue;
		}
		if (p[i] == '"' || p[i] == '\\') {
			esc[0] = '\\';
			esc[1] = (char)p[i];
			md_buf_append(b, esc, 2);
		} else if (n == 1 && p[i] >= 0x20) {
			md_buf_putc(b, (char)p[i]);
		} else if (p[i] == '\n' || p[i] == '\t') {
			md_buf_append(b, p[i] == '\n' ? "\\n" : "\\t", 2);
		} else {
			(void) memcpy(esc, "\\u00", 4);
			esc[4] = hex[p[i] >> 4];
			esc[5] = hex[p[i] & 0xf];
			md_buf_append(b, esc, 6);
		}
		i++;
	}
	md_buf_putc(b, '"');
}

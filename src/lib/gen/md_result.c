/*
 * md_result.c: what md_generate() made, built and freed here, and the two
 * ways meta-d prints it: the scripts joined as the original printed them,
 * and one JSON document for a program that reads the aggregation (--json).
 *
 * A result's strings are one text, made in an md_buf_t: the scripts, each
 * ended by a NUL, then the fields of the aggregation's key, then (when
 * the scripts are one per zone) the zones, each ended by a NUL.  Its
 * arrays point into the text once it has stopped moving (md_buf_claim()),
 * so mdr_scripts[0] is where the text begins, and md_result_free() frees
 * it and the arrays.  When the body md_emit() wrote is the one script as
 * it is, the body's buffer becomes the text: the script is not copied.
 * Each warning is a string of its own.
 */

#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_SEPARATOR	"---------------------------------------------\n\n"
#define	MD_ZPRAGMA	"#pragma D option zone="

void
md_result_free(md_result_t *r)
{
	size_t i;

	if (r == NULL)
		return;
	if (r->mdr_scripts != NULL)
		free(r->mdr_scripts[0]);	/* the text */
	free(r->mdr_scripts);
	free(r->mdr_lens);
	free(r->mdr_keys);
	free(r->mdr_zones);
	for (i = 0; i < r->mdr_nwarnings; i++)
		free(r->mdr_warnings[i]);
	free(r->mdr_warnings);
	free(r);
}

/* A result of n scripts, its arrays made and empty; NULL: no memory. */
static md_result_t *
md_result_alloc(size_t n, size_t nd, int perzone)
{
	md_result_t *r;

	if ((r = calloc(1, sizeof (*r))) == NULL)
		return (NULL);
	if ((r->mdr_scripts = calloc(n, sizeof (char *))) == NULL ||
	    (r->mdr_lens = calloc(n, sizeof (size_t))) == NULL ||
	    (r->mdr_keys = calloc(nd + 1, sizeof (char *))) == NULL ||
	    (perzone && (r->mdr_zones = calloc(n, sizeof (char *))) ==
	    NULL)) {
		md_result_free(r);
		return (NULL);
	}
	r->mdr_nscripts = n;
	r->mdr_perzone = perzone;
	return (r);
}

/* "#pragma D option ..." lines of the options, into b. */
static void
md_result_pragmas(md_buf_t *b, const md_request_t *req)
{
	size_t i;

	for (i = 0; i < req->mdq_noptions; i++) {
		md_buf_puts(b, "#pragma D option ");
		md_buf_puts(b, req->mdq_options[i].mdo_name);
		if (req->mdq_options[i].mdo_value != NULL) {
			md_buf_putc(b, '=');
			md_buf_puts(b, req->mdq_options[i].mdo_value);
		}
		md_buf_putc(b, '\n');
	}
}

/* The bytes of n scripts: pragmas, blank line, body, NUL each. */
static size_t
md_result_total(const md_request_t *req, size_t n, int perzone,
    size_t optlen, size_t bodylen)
{
	size_t total = 0, i;

	for (i = 0; i < n; i++) {
		total += bodylen + optlen + 2;
		if (perzone)
			total += sizeof (MD_ZPRAGMA) +
			    strlen(req->mdq_zones[i]);
	}
	return (total);
}

/* Name s and its NUL, into text unless it is NULL: their bytes. */
static size_t
md_result_name(md_buf_t *text, const char *s)
{
	size_t n = strlen(s) + 1;

	if (text != NULL)
		md_buf_append(text, s, n);
	return (n);
}

/*
 * The names after the scripts: the fields of the key (the string
 * decompositions), then the zones if the scripts are one per zone.  With
 * text NULL, only their bytes are counted.
 */
static size_t
md_result_names(md_buf_t *text, const md_request_t *req,
    const md_decomp_t *d, size_t nd, int perzone)
{
	size_t bytes = 0, i;

	for (i = 0; i < nd; i++) {
		if (d[i].mdd_kind == MD_DECOMP_STRING)
			bytes += md_result_name(text, d[i].mdd_field);
	}
	for (i = 0; perzone && i < req->mdq_nzones; i++)
		bytes += md_result_name(text, req->mdq_zones[i]);
	return (bytes);
}

/* Script i, into text: its zone's pragma, the options, the body. */
static void
md_result_script(md_buf_t *text, const md_request_t *req, size_t i,
    int perzone, const md_buf_t *opts, const md_buf_t *body)
{
	size_t start = text->mb_len;

	if (perzone) {
		md_buf_puts(text, MD_ZPRAGMA);
		md_buf_puts(text, req->mdq_zones[i]);
		md_buf_putc(text, '\n');
	}
	if (opts->mb_len > 0)
		md_buf_append(text, opts->mb_data, opts->mb_len);
	if (text->mb_len != start)
		md_buf_putc(text, '\n');
	if (body->mb_len > 0)
		md_buf_append(text, body->mb_data, body->mb_len);
}

/*
 * Point r's arrays into its text, which has stopped moving: the scripts
 * (their lengths known), the key's fields, the zones.
 */
static void
md_result_point(md_result_t *r, char *text, const md_decomp_t *d,
    size_t nd)
{
	char *p = text;
	size_t i;

	for (i = 0; i < r->mdr_nscripts; i++) {
		r->mdr_scripts[i] = p;
		p += r->mdr_lens[i] + 1;
	}
	for (i = 0; i < nd; i++) {
		if (d[i].mdd_kind != MD_DECOMP_STRING)
			continue;
		r->mdr_keys[r->mdr_nkeys++] = p;
		p += strlen(p) + 1;
	}
	r->mdr_keys[r->mdr_nkeys] = NULL;
	for (i = 0; r->mdr_zones != NULL && i < r->mdr_nscripts; i++) {
		r->mdr_zones[i] = p;
		p += strlen(p) + 1;
	}
}

/* What a consumer reads from the aggregation: 0, [] or {}. */
static void
md_result_zero(md_result_t *r, const md_decomp_t *d, size_t nd)
{
	size_t i;

	for (i = 0; i < nd; i++) {
		if (d[i].mdd_kind == MD_DECOMP_NUMBER)
			r->mdr_hasdists = 1;
		else
			r->mdr_hasdecomps = 1;
	}
	r->mdr_zero = r->mdr_hasdecomps ? MD_ZERO_DECOMP :
	    r->mdr_hasdists ? MD_ZERO_DIST : MD_ZERO_SCALAR;
}

/*
 * r's text, into *textp: the body itself when it is the one script as it
 * is, else a buffer with a copy of it per script; then the names.  The
 * scripts' lengths go into r.  Returns the text's buffer, to be claimed.
 */
static md_buf_t *
md_result_text(md_result_t *r, md_buf_t *text, const md_request_t *req,
    const md_decomp_t *d, size_t nd, const md_buf_t *opts, md_buf_t *body,
    size_t total)
{
	int perzone = r->mdr_zones != NULL;
	size_t names = md_result_names(NULL, req, d, nd, perzone), i, start;

	if (!perzone && opts->mb_len == 0) {
		text = body;		/* the body is the script: no copy */
		text->mb_limit = 0;	/* the scripts are within total */
		r->mdr_lens[0] = text->mb_len;
		md_buf_reserve(text, 1 + names);
		md_buf_putc(text, '\0');
	} else {
		md_buf_reserve(text, total + names);
		for (i = 0; i < r->mdr_nscripts; i++) {
			start = text->mb_len;
			md_result_script(text, req, i, perzone, opts, body);
			r->mdr_lens[i] = text->mb_len - start;
			md_buf_putc(text, '\0');
		}
	}
	(void) md_result_names(text, req, d, nd, perzone);
	return (text);
}

md_result_t *
md_result_make(const md_request_t *req, const md_decomp_t *d, size_t nd,
    md_buf_t *body, int perzone, md_error_t *err)
{
	size_t n = perzone ? req->mdq_nzones : 1, total, len;
	md_buf_t opts, copy, *text;
	md_result_t *r = NULL;
	char *s;

	md_buf_init(&opts);
	md_buf_init(&copy);
	md_result_pragmas(&opts, req);
	total = md_result_total(req, n, perzone, opts.mb_len, body->mb_len);
	if (!md_buf_failed(&opts) && total > MD_MAXOUTPUT) {
		(void) md_error_set(err, MD_ERR_LIMIT, "the scripts would be "
		    "larger than the limit of %lu MiB", MD_MAXOUTPUT >> 20);
		goto fail;
	}
	if (md_buf_failed(&opts) || (r = md_result_alloc(n, nd,
	    perzone)) == NULL)
		goto nomem;
	text = md_result_text(r, &copy, req, d, nd, &opts, body, total);
	if ((s = md_buf_claim(text, &len)) == NULL)
		goto nomem;
	md_result_point(r, s, d, nd);
	md_result_zero(r, d, nd);
	md_buf_fini(&opts);
	return (r);
nomem:
	(void) md_error_nomem(err);
fail:
	md_buf_fini(&opts);
	md_buf_fini(&copy);
	md_result_free(r);
	return (NULL);
}

int
md_result_warn(md_result_t *r, const char *msg)
{
	char **v, *w;

	if ((v = realloc(r->mdr_warnings, (r->mdr_nwarnings + 1) *
	    sizeof (*v))) == NULL)
		return (-1);
	r->mdr_warnings = v;
	if ((w = strdup(msg)) == NULL)
		return (-1);
	r->mdr_warnings[r->mdr_nwarnings++] = w;
	return (0);
}

char *
md_result_join(const md_result_t *r, size_t *lenp)
{
	const size_t seplen = sizeof (MD_SEPARATOR) - 1;
	size_t total = 1, i;
	char *text, *o;

	for (i = 0; i < r->mdr_nscripts; i++)
		total += r->mdr_lens[i] + (i > 0 ? seplen : 0);
	if ((o = text = malloc(total)) == NULL)
		return (NULL);
	for (i = 0; i < r->mdr_nscripts; i++) {
		if (i > 0) {
			(void) memcpy(o, MD_SEPARATOR, seplen);
			o += seplen;
		}
		(void) memcpy(o, r->mdr_scripts[i], r->mdr_lens[i]);
		o += r->mdr_lens[i];
	}
	*o = '\0';
	if (lenp != NULL)
		*lenp = (size_t)(o - text);
	return (text);
}

char *
md_result_json(const md_result_t *r, size_t *lenp)
{
	cJSON *doc = cJSON_CreateObject(), *scripts, *fields, *zero;
	char *text = NULL, *out = NULL;
	size_t i, len;

	if (doc == NULL)
		return (NULL);
	if ((scripts = cJSON_AddArrayToObject(doc, "scripts")) == NULL)
		goto out;
	zero = r->mdr_zero == MD_ZERO_DECOMP ? cJSON_CreateObject() :
	    r->mdr_zero == MD_ZERO_DIST ? cJSON_CreateArray() :
	    cJSON_CreateNumber(0);
	/* once added, zero belongs to doc */
	if (zero == NULL || !cJSON_AddItemToObject(doc, "zero", zero)) {
		cJSON_Delete(zero);
		goto out;
	}
	if (cJSON_AddBoolToObject(doc, "hasdists", r->mdr_hasdists) == NULL ||
	    cJSON_AddBoolToObject(doc, "hasdecomps", r->mdr_hasdecomps) ==
	    NULL || (fields = cJSON_AddArrayToObject(doc, "fields")) == NULL)
		goto out;
	for (i = 0; i < r->mdr_nscripts; i++) {
		cJSON *s = cJSON_CreateString(r->mdr_scripts[i]);

		if (s == NULL || !cJSON_AddItemToArray(scripts, s)) {
			cJSON_Delete(s);
			goto out;
		}
	}
	for (i = 0; i < r->mdr_nkeys; i++) {
		cJSON *f = cJSON_CreateString(r->mdr_keys[i]);

		if (f == NULL || !cJSON_AddItemToArray(fields, f)) {
			cJSON_Delete(f);
			goto out;
		}
	}
	if ((text = cJSON_PrintUnformatted(doc)) == NULL)
		goto out;
	len = strlen(text);
	if ((out = malloc(len + 2)) != NULL) {
		(void) memcpy(out, text, len);
		out[len] = '\n';
		out[len + 1] = '\0';
		*lenp = len + 1;
	}
out:
	cJSON_Delete(doc);
	cJSON_free(text);
	return (out);
}

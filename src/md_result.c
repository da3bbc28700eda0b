/*
 * md_result.c: what md_generate() made, and the two ways meta-d prints it:
 * the scripts joined as the original printed them, and one JSON document
 * for a program that reads the aggregation (--json).
 */

#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MD_SEPARATOR	"---------------------------------------------\n\n"

void
md_result_free(md_result_t *r)
{
	size_t i;

	if (r == NULL)
		return;
	if (r->mdr_scripts != NULL)
		free(r->mdr_scripts[0]);
	free(r->mdr_scripts);
	free(r->mdr_lens);
	free(r->mdr_keys);
	for (i = 0; i < r->mdr_nwarnings; i++)
		free(r->mdr_warnings[i]);
	free(r->mdr_warnings);
	free(r);
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

/*
 * fuzz_metric.c: metric text -> md_metric_load() -> md_generate() for a
 * few requests built from the metric's own fields: none, -s, -n, both, a
 * predicate with a quote in its string, and zones.
 *
 * A metric's D expressions can hold anything, so the scan of the scripts
 * is only for the words the original leaked (undefined, NaN, ...) that
 * the metric does not hold itself; and the predicate's string must come
 * out escaped.  Every script must be D (fz_generate()), and a metric
 * md_metric_check() passes must give D for each of these requests: it
 * claims to have made them all (all but the predicate, whose value's
 * kind it picks itself).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "fuzz.h"
#include "metad.h"

#define	FM_LITERAL	"\"x\\\"y\""	/* "x\"y", as D prints it */

typedef struct fm_case {
	md_decomp_t	fc_d[2];
	size_t		fc_nd;
	const char	*fc_zones[4];
	size_t		fc_nzones;
	int		fc_pred;
} fm_case_t;

static void
fm_check(const md_metric_t *m, const fm_case_t *c, const md_pred_t *p,
    const uint8_t *data, size_t size, char **textp)
{
	md_request_t req;
	md_result_t *r;
	size_t i, n;
	char *text;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = c->fc_d;
	req.mdq_ndecomps = c->fc_nd;
	req.mdq_zones = c->fc_zones;
	req.mdq_nzones = c->fc_nzones;
	req.mdq_pred = c->fc_pred ? p : NULL;
	req.mdq_hostname = "fuzzhost";
	*textp = NULL;
	if ((r = fz_generate(m, &req)) == NULL)
		return;
	if (r->mdr_nscripts == 0)
		fz_fail("no script");
	for (i = 0; i < r->mdr_nscripts; i++) {
		const char *s = r->mdr_scripts[i];
		size_t len = r->mdr_lens[i];

		if (strlen(s) != len)
			fz_fail("script %zu: length %zu, strlen %zu", i, len,
			    strlen(s));
		if (len < 3 || strcmp(s + len - 3, "}\n\n") != 0)
			fz_fail("script %zu does not end a clause", i);
		if (r->mdr_nscripts > 1 &&
		    strncmp(s, "#pragma D option zone=", 22) != 0)
			fz_fail("script %zu of %zu without its zone pragma", i,
			    r->mdr_nscripts);
		fz_check_words(s, len, (const char *)data, size);
	}
	if (c->fc_pred && strstr(r->mdr_scripts[0], FM_LITERAL) == NULL)
		fz_fail("the predicate's string is not in the script");
	if ((text = md_result_join(r, &n)) == NULL)
		fz_fail("join: out of memory");
	*textp = text;
	md_result_free(r);
}

/* {"eq": [FIELD, "x\"y"]}, FIELD escaped by cJSON. */
static md_pred_t *
fm_pred(const char *field)
{
	cJSON *o = cJSON_CreateObject(), *a = cJSON_AddArrayToObject(o, "eq");
	md_error_t err;
	md_pred_t *p;
	char *text;

	cJSON_AddItemToArray(a, cJSON_CreateString(field));
	cJSON_AddItemToArray(a, cJSON_CreateString("x\"y"));
	if ((text = cJSON_PrintUnformatted(o)) == NULL)
		fz_fail("out of memory");
	if ((p = md_pred_parse(text, strlen(text), &err)) == NULL)
		fz_fail("predicate %s: %s", text, err.mde_msg);
	free(text);
	cJSON_Delete(o);
	return (p);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fm_case_t cases[7];
	md_metric_t *m;
	md_pred_t *p;
	md_error_t err;
	const char *f0, *f1;
	char *text, *again;
	size_t i;
	int checked;

	if ((m = md_metric_load((const char *)data, size, &err)) == NULL) {
		if (err.mde_code != MD_ERR_JSON && err.mde_code != MD_ERR_INVALID &&
		    err.mde_code != MD_ERR_LIMIT && err.mde_code != MD_ERR_NOMEM &&
		    err.mde_code != MD_ERR_D)
			fz_fail("load: code %d: %s", err.mde_code, err.mde_msg);
		fz_check_message(err.mde_msg);
		return (0);
	}
	if (md_metric_nfields(m) == 0) {
		md_metric_free(m);
		return (0);
	}
	f0 = md_metric_field(m, 0);
	f1 = md_metric_nfields(m) > 1 ? md_metric_field(m, 1) : f0;
	p = fm_pred(f0);

	(void) memset(cases, 0, sizeof (cases));
	cases[1].fc_d[0] = (md_decomp_t){ f0, MD_DECOMP_STRING };
	cases[1].fc_nd = 1;
	cases[2].fc_d[0] = (md_decomp_t){ f0, MD_DECOMP_NUMBER };
	cases[2].fc_nd = 1;
	cases[3].fc_d[0] = (md_decomp_t){ f0, MD_DECOMP_STRING };
	cases[3].fc_d[1] = (md_decomp_t){ f1, MD_DECOMP_NUMBER };
	cases[3].fc_nd = 2;
	cases[4].fc_pred = 1;
	cases[5].fc_zones[0] = "z1";
	cases[5].fc_nzones = 1;
	cases[6].fc_zones[0] = "a";
	cases[6].fc_zones[1] = "b";
	cases[6].fc_zones[2] = "c";
	cases[6].fc_zones[3] = "d";
	cases[6].fc_nzones = 4;

	checked = md_metric_check(m, NULL, &err) == 0;
	if (!checked)
		fz_check_message(err.mde_msg);
	for (i = 0; i < sizeof (cases) / sizeof (cases[0]); i++) {
		fm_check(m, &cases[i], p, data, size, &text);
		if (checked && fz_gencode == MD_ERR_D && i != 4 &&
		    (i != 3 || md_metric_nfields(m) <= MD_MAXCHECKPAIRS))
			fz_fail("case %zu is not D, but the check passed", i);
		if (i == 3 && text != NULL) {
			/* the same request gives the same script */
			fm_check(m, &cases[i], p, data, size, &again);
			if (again == NULL || strcmp(text, again) != 0)
				fz_fail("a second generation differs");
			free(again);
		}
		free(text);
	}
	md_pred_free(p);
	md_metric_free(m);
	return (0);
}

/*
 * fuzz_pred.c: predicate text -> md_pred_parse() -> md_generate() with a
 * fixed metric, whose transforms hold no string literals and no words to
 * check.  So every string literal of a script comes from the predicate:
 * unescaped, the literals must be the predicate's string values in order,
 * and the whole script must scan as D (fuzz_check.c).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "fuzz.h"
#include "metad.h"

static const char fp_metric[] =
	"{ \"fields\": [\"a\", \"b\", \"execname\", \"latency\"],"
	"  \"metad\": { \"probedesc\": ["
	"    { \"probes\": [\"syscall:::entry\"], \"gather\": {"
	"        \"latency\": { \"gather\": \"timestamp\", \"store\": \"thread\" },"
	"        \"b\": { \"gather\": \"arg1\", \"store\": \"global[tid]\" } } },"
	"    { \"probes\": [\"syscall:::return\"],"
	"      \"aggregate\": { \"default\": \"count()\", \"a\": \"count()\","
	"          \"b\": \"sum($0)\", \"execname\": \"count()\","
	"          \"latency\": \"quantize($0)\" },"
	"      \"transforms\": { \"a\": \"arg0 + 1\", \"b\": \"$0[tid]\","
	"          \"execname\": \"execname\", \"latency\": \"timestamp - $0\" },"
	"      \"verify\": { \"latency\": \"$0\", \"b\": \"$0[tid]\" } },"
	"    { \"probes\": [\"syscall:::return\"],"
	"      \"clean\": { \"latency\": \"$0\", \"b\": \"$0[tid]\" } } ] } }";

static md_metric_t *fp_m;

typedef struct fp_lits {
	const char	**fl_v;
	size_t		fl_n;
	size_t		fl_next;
} fp_lits_t;

/* The string values of the comparisons, in order. */
static void
fp_collect(const cJSON *v, fp_lits_t *l)
{
	const cJSON *kv, *c;

	if (!cJSON_IsObject(v) || (kv = v->child) == NULL)
		return;
	if (strcmp(kv->string, "and") == 0 || strcmp(kv->string, "or") == 0) {
		for (c = kv->child; c != NULL; c = c->next)
			fp_collect(c, l);
		return;
	}
	c = kv->child->next;
	if (cJSON_IsString(c))
		l->fl_v[l->fl_n++] = c->valuestring;
}

static void
fp_lit(const char *s, size_t len, void *arg)
{
	fp_lits_t *l = arg;
	const char *want;

	if (l->fl_next >= l->fl_n)
		fz_fail("more string literals than predicate strings");
	want = l->fl_v[l->fl_next++];
	if (strlen(want) != len || memcmp(want, s, len) != 0)
		fz_fail("literal %zu is not the predicate's string", l->fl_next);
}

static void
fp_generate(const md_pred_t *p, const md_decomp_t *d, size_t nd,
    const cJSON *json, const uint8_t *data, size_t size)
{
	md_request_t req;
	md_result_t *r;
	fp_lits_t lits;
	size_t n = 0;
	char *text;

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = d;
	req.mdq_ndecomps = nd;
	req.mdq_pred = p;
	req.mdq_hostname = "fuzzhost";
	if ((r = fz_generate(fp_m, &req)) == NULL)
		return;
	if ((text = md_result_join(r, &n)) == NULL)
		fz_fail("join: out of memory");

	(void) memset(&lits, 0, sizeof (lits));
	lits.fl_v = calloc(size + 1, sizeof (char *));
	if (lits.fl_v == NULL)
		fz_fail("out of memory");
	fp_collect(json, &lits);
	fz_check_d(text, n, (const char *)data, size, fp_lit, &lits);
	if (lits.fl_next != lits.fl_n)
		fz_fail("%zu predicate strings, %zu literals", lits.fl_n,
		    lits.fl_next);
	if (!md_pred_trivial(p) && strstr(text, "/(") == NULL)
		fz_fail("a predicate, and no clause predicate");

	free(lits.fl_v);
	free(text);
	md_result_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const md_decomp_t d[] = {
		{ "execname", MD_DECOMP_STRING }, { "latency", MD_DECOMP_NUMBER }
	};
	md_error_t err;
	md_pred_t *p;
	cJSON *json;

	if (fp_m == NULL && (fp_m = md_metric_load(fp_metric,
	    sizeof (fp_metric) - 1, &err)) == NULL)
		fz_fail("the fixed metric: %s", err.mde_msg);

	if ((p = md_pred_parse((const char *)data, size, &err)) == NULL) {
		if (err.mde_code != MD_ERR_PREDICATE &&
		    err.mde_code != MD_ERR_LIMIT && err.mde_code != MD_ERR_NOMEM)
			fz_fail("parse: code %d: %s", err.mde_code, err.mde_msg);
		fz_check_message(err.mde_msg);
		return (0);
	}
	if ((json = cJSON_ParseWithLength((const char *)data, size)) == NULL)
		fz_fail("md_pred_parse() took what cJSON refuses");

	fp_generate(p, NULL, 0, json, data, size);
	fp_generate(p, d, 2, json, data, size);

	cJSON_Delete(json);
	md_pred_free(p);
	return (0);
}

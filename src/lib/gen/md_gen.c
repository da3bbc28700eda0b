/*
 * md_gen.c: md_generate(), from a request to the finished scripts.
 *
 * Has md_request.c check the request and make md_emit()'s request of it
 * (repeated decompositions folded into one, the host name), has md_emit()
 * write the script once, and md_result.c make the scripts of it: one per
 * zone, each behind its zone pragma, when the metric allows "#pragma D
 * option zone=" and fewer than four zones are given; otherwise the one
 * script.  Option pragmas follow the zone pragma in each script.  Each
 * script is parsed as D before it is handed out (md_dcheck_result()):
 * what is not D is an error naming the piece of the metric at fault,
 * found in the spans md_emit() recorded as it wrote the body.
 * Last come the warnings: what the request gets that its user may not
 * have meant.
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

#define	MD_PRAGMAZONES	4	/* per-zone scripts below this many zones */

/*
 * Warn of decomposition d if each entry that aggregates aggregates its
 * field as the request likely did not mean: quantized by F with a
 * function that takes no $0, by F with a quantization.  Returns -1 when
 * out of memory.
 */
static int
md_gen_warn(const md_metric_t *m, const md_decomp_t *d, md_result_t *r)
{
	const char *f = d->mdd_field, *text = NULL;
	const md_strv_t *a;
	char msg[MD_ERRMSGLEN];
	size_t i, n;
	int odd = 0;

	for (i = 0; i < m->mm_npds; i++) {
		if ((a = md_map_get(&m->mm_pds[i]->pd_aggregate, f)) == NULL)
			continue;
		text = a->msv_v[0];
		odd = d->mdd_kind == MD_DECOMP_NUMBER ?
		    strstr(text, "$0") == NULL :
		    MD_AGG_ISDIST(md_aggfn_of(text, strlen(text), NULL));
		if (!odd)
			return (0);
	}
	if (!odd)
		return (0);
	(void) md_aggfn_of(text, strlen(text), &n);
	if (d->mdd_kind == MD_DECOMP_NUMBER)
		(void) snprintf(msg, sizeof (msg), "quantized by %s: the "
		    "metric aggregates %s with %.*s(), which takes no value of "
		    "it, so quantizing by it changes nothing; break the values "
		    "down by %s instead", f, f, (int)n, text, f);
	else
		(void) snprintf(msg, sizeof (msg), "by %s: every value of %s "
		    "becomes a key of its own, as the metric aggregates %s "
		    "with %.*s(); quantize by %s to see its distribution", f,
		    f, f, (int)n, text, f);
	return (md_result_warn(r, msg));
}

md_result_t *
md_generate(const md_metric_t *m, const md_request_t *req, md_error_t *err)
{
	md_decomp_t folded[MD_MAXDECOMPS];
	char host[MD_MAXHOSTNAME + 1];
	md_aggfn_t fn = MD_AGG_NONE;
	md_emit_spans_t spans = { NULL, 0, 0, 0 };
	md_emit_req_t er;
	md_result_t *r = NULL;
	md_buf_t body;
	size_t i, bodylen = 0;

	if (m == NULL || req == NULL) {
		(void) md_error_set(err, MD_ERR_ARG, "no metric or "
		    "request");
		return (NULL);
	}
	if (m->mm_dfault != NULL) {	/* a piece not D in its place */
		if (err != NULL)
			*err = *m->mm_dfault;
		return (NULL);
	}
	if (md_request_check(m, req, err) != 0 ||
	    md_request_emit(req, folded, host, sizeof (host), &er, err) != 0)
		return (NULL);
	md_buf_init(&body);
	body.mb_limit = MD_MAXOUTPUT;
	er.er_fn = &fn;
	er.er_spans = &spans;
	if (md_emit(&body, m, &er, err) == 0) {
		bodylen = body.mb_len;
		r = md_result_make(req, folded, er.er_ndecomps, &body,
		    m->mm_pragmazone && req->mdq_nzones > 0 &&
		    req->mdq_nzones < MD_PRAGMAZONES, err);
	}
	md_buf_fini(&body);
	/* never broken D (SPEC rule 2): each script is parsed whole */
	if (r != NULL && md_dcheck_result(r, bodylen, &spans, err) != 0) {
		md_result_free(r);
		r = NULL;
	}
	md_emit_spans_fini(&spans);
	if (r == NULL)
		return (NULL);
	r->mdr_fn = fn;
	for (i = 0; i < req->mdq_ndecomps; i++) {
		if (md_gen_warn(m, &req->mdq_decomps[i], r) != 0) {
			md_result_free(r);
			(void) md_error_set(err, MD_ERR_NOMEM, "out of memory");
			return (NULL);
		}
	}
	return (r);
}

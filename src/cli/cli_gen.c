/*
 * cli_gen.c: the scripts a request makes, as text (the default: joined
 * as the original printed them) or as one JSON document (--json: the
 * scripts and what a consumer needs to read their aggregation).
 */

#include <stdlib.h>

#include "cli.h"

/*
 * The result of req (the job's, if NULL), its warnings said, or NULL once
 * the error is said.  The caller frees it.
 */
md_result_t *
md_cli_generate(const md_cli_job_t *j, const md_request_t *req)
{
	md_result_t *r;
	md_error_t err;
	size_t i;

	if ((r = md_generate(j->cj_m, req != NULL ? req : j->cj_req,
	    &err)) == NULL) {
		md_cli_request_err(j->cj_o, &err);
		return (NULL);
	}
	for (i = 0; i < r->mdr_nwarnings; i++)
		md_cli_err(j->cj_o, "warning: %s", r->mdr_warnings[i]);
	return (r);
}

/* Make what mode makes of the result: text (0) or JSON (1). */
static int
md_cli_gen(md_cli_job_t *j, int json)
{
	md_result_t *r;

	if ((r = md_cli_generate(j, NULL)) == NULL)
		return (MD_CLI_ERROR);
	j->cj_out = json ? md_result_json(r, &j->cj_outlen) :
	    md_result_join(r, &j->cj_outlen);
	md_result_free(r);
	if (j->cj_out == NULL) {
		md_cli_err(j->cj_o, "out of memory");
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

int
md_cli_scripts(md_cli_job_t *j)
{
	return (md_cli_gen(j, 0));
}

int
md_cli_json(md_cli_job_t *j)
{
	return (md_cli_gen(j, 1));
}

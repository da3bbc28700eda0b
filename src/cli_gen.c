/*
 * cli_gen.c: the scripts a request makes, as text (the default: joined
 * as the original printed them) or as one JSON document (--json: the
 * scripts and what a consumer needs to read their aggregation).
 */

#include <stdlib.h>

#include "cli.h"

/*
 * The request's result, or NULL once the error is said.  The caller
 * frees it.
 */
static md_result_t *
md_cli_generate(const md_cli_job_t *j)
{
	md_result_t *r;
	md_error_t err;

	if ((r = md_generate(j->cj_m, j->cj_req, &err)) == NULL)
		md_cli_request_err(j->cj_o, &err);
	return (r);
}

/* Make what mode makes of the result: text (0) or JSON (1). */
static int
md_cli_gen(md_cli_job_t *j, int json)
{
	md_result_t *r;

	if ((r = md_cli_generate(j)) == NULL)
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

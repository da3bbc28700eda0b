/*
 * cli_check.c: checking without generating.  --check judges a metric's
 * D, every request a user can make of it or the one the options make;
 * --check-d judges a file of D, as compilers report: FILE:LINE:COLUMN:
 * MESSAGE.  Neither writes anything on standard output.  --check
 * --compile goes on to the real compiler (cli_compile.c).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Does the command line ask for one request (-s, -n, -p, -z, ...)? */
static int
md_cli_has_request(const md_cli_opts_t *o)
{
	const md_request_t *req = &o->o_req;

	return (req->mdq_ndecomps > 0 || req->mdq_pred != NULL ||
	    req->mdq_nzones > 0 || req->mdq_noptions > 0 ||
	    req->mdq_interval != NULL || req->mdq_duration != NULL);
}

/* What --check found; with --compile, then the compiler's verdicts. */
static int
md_cli_checked(md_cli_job_t *j, const md_request_t *req)
{
	char *label;
	int rv;

	if (!j->cj_o->o_compile)
		return (MD_CLI_SUCCESS);
	if (req == NULL)
		return (md_cli_compile(j, NULL, NULL));
	if ((label = md_cli_request_label(req, j->cj_o->o_predarg,
	    "the request")) == NULL) {
		md_cli_err(j->cj_o, "out of memory");
		return (MD_CLI_ERROR);
	}
	rv = md_cli_compile(j, req, label);
	free(label);
	return (rv);
}

int
md_cli_check(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_error_t err;

	if (md_cli_has_request(o)) {
		if (md_metric_check(j->cj_m, j->cj_req, &err) == 0)
			return (md_cli_checked(j, j->cj_req));
		md_cli_request_err(o, &err);
		return (MD_CLI_ERROR);
	}
	if (md_metric_check(j->cj_m, NULL, &err) == 0)
		return (md_cli_checked(j, NULL));
	if (err.mde_code == MD_ERR_NOMEM)
		md_cli_err(o, "%s", err.mde_msg);
	else if (err.mde_code == MD_ERR_LIMIT)
		md_cli_err(o, "checking: %s (-s, -n, -p)", err.mde_msg);
	else
		md_cli_err(o, "meta-D is invalid: %s", err.mde_msg);
	return (MD_CLI_ERROR);
}

int
md_cli_checkd(md_cli_job_t *j)
{
	md_error_t err;
	size_t line, col;

	if (md_d_check(j->cj_text, j->cj_len, &line, &col, &err) == 0)
		return (MD_CLI_SUCCESS);
	md_cli_err(j->cj_o, "%s:%zu:%zu: %s", j->cj_name, line, col,
	    err.mde_msg);
	return (MD_CLI_ERROR);
}

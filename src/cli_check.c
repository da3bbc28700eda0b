/*
 * cli_check.c: checking without generating.  --check judges a metric's
 * D, every request a user can make of it or the one the options make;
 * --check-d judges a file of D, as compilers report: FILE:LINE:COLUMN:
 * MESSAGE.  Neither writes anything on standard output.
 */

#include "cli.h"

/* Does the command line ask for one request (-s, -n, -p, -z, ...)? */
static int
md_cli_has_request(const md_cli_opts_t *o)
{
	return (o->o_nsfields > 0 || o->o_nfield != NULL || o->o_pred !=
	    NULL || o->o_nzones > 0 || o->o_noptions > 0 || o->o_interval !=
	    NULL || o->o_duration != NULL);
}

int
md_cli_check(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_error_t err;

	if (md_cli_has_request(o)) {
		if (md_metric_check(j->cj_m, j->cj_req, &err) == 0)
			return (MD_CLI_SUCCESS);
		md_cli_request_err(o, &err);
		return (MD_CLI_ERROR);
	}
	if (md_metric_check(j->cj_m, NULL, &err) == 0)
		return (MD_CLI_SUCCESS);
	if (err.mde_code == MD_ERR_NOMEM)
		md_cli_err(o, "%s", err.mde_msg);
	else if (err.mde_code == MD_ERR_LIMIT)
		md_cli_err(o, "checking: %s", err.mde_msg);
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

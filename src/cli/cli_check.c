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

/*
 * The request's -s, -n and -p options as typed, each after a space: what
 * names and types what it measures.
 */
void
md_cli_request_words(FILE *f, const md_cli_opts_t *o)
{
	size_t i;

	for (i = 0; i < o->o_nsfields; i++)
		(void) fprintf(f, " -s %s", o->o_sfields[i]);
	if (o->o_nfield != NULL)
		(void) fprintf(f, " -n %s", o->o_nfield);
	if (o->o_predarg != NULL)
		(void) fprintf(f, " -p '%s'", o->o_predarg);
}

/*
 * The request the options make, in words, as --compile names it: its -s,
 * -n, -p and -z options (the rest change no name or type).
 */
static char *
md_cli_label(const md_cli_opts_t *o)
{
	char *text = NULL;
	size_t len, i;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return (NULL);
	md_cli_request_words(f, o);
	for (i = 0; i < o->o_req.mdq_nzones; i++)
		(void) fprintf(f, " -z %s", o->o_req.mdq_zones[i]);
	if (md_cli_mclose(f, &text) != 0)
		return (NULL);
	if (len == 0) {
		free(text);
		return (strdup("the request"));
	}
	(void) memmove(text, text + 1, len);
	return (text);
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
	if ((label = md_cli_label(j->cj_o)) == NULL) {
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

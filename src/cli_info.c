/*
 * cli_info.c: what a metric is, rather than what it makes: its fields
 * (--list-fields), and its JSON (--to-json: as it came, or as a
 * JavaScript metric registered it).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* --list-fields: the metric's public fields, one a line. */
int
md_cli_fields(md_cli_job_t *j)
{
	size_t n = md_metric_nfields(j->cj_m), i;
	FILE *f;

	if ((f = open_memstream(&j->cj_out, &j->cj_outlen)) != NULL) {
		for (i = 0; i < n; i++)
			(void) fprintf(f, "%s\n", md_metric_field(j->cj_m, i));
		if (md_cli_mclose(f, &j->cj_out) == 0)
			return (MD_CLI_SUCCESS);
	}
	md_cli_err(j->cj_o, "out of memory");
	return (MD_CLI_ERROR);
}

/*
 * --to-json: the metric's JSON, checked to be JSON, not to be a valid
 * metric, and ended by a newline.
 */
int
md_cli_tojson(md_cli_job_t *j)
{
	size_t len = j->cj_len;
	md_error_t err;

	if (md_json_check(j->cj_text, len, &err) != 0) {
		if (err.mde_code == MD_ERR_NOMEM)
			md_cli_err(j->cj_o, "%s", err.mde_msg);
		else
			md_cli_err(j->cj_o, "processing \"%s\": %s",
			    j->cj_name, err.mde_msg);
		return (MD_CLI_ERROR);
	}
	if ((j->cj_out = malloc(len + 2)) == NULL) {
		md_cli_err(j->cj_o, "out of memory");
		return (MD_CLI_ERROR);
	}
	(void) memcpy(j->cj_out, j->cj_text, len);
	if (len == 0 || j->cj_text[len - 1] != '\n')
		j->cj_out[len++] = '\n';
	j->cj_outlen = len;
	return (MD_CLI_SUCCESS);
}

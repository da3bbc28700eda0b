/*
 * cli_info.c: what a metric is, rather than what it makes: its fields
 * (--list-fields), and its JSON (--to-json: as it came, or as a
 * JavaScript metric registered it).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * --list-fields: the metric's public fields, one a line, each with its
 * unit where it has one (SPEC 1), after the names padded to the longest:
 * the first word of a line is the field.
 */
int
md_cli_fields(md_cli_job_t *j)
{
	const md_metric_t *m = j->cj_m;
	size_t n = md_metric_nfields(m), i, w = 0;
	const char *f, *u;
	FILE *fp;

	for (i = 0; i < n; i++) {
		if (md_metric_unit(m, md_metric_field(m, i)) != NULL &&
		    strlen(md_metric_field(m, i)) > w)
			w = strlen(md_metric_field(m, i));
	}
	if ((fp = open_memstream(&j->cj_out, &j->cj_outlen)) != NULL) {
		for (i = 0; i < n; i++) {
			f = md_metric_field(m, i);
			if ((u = md_metric_unit(m, f)) == NULL)
				(void) fprintf(fp, "%s\n", f);
			else
				(void) fprintf(fp, "%-*s  %s\n", (int)w, f, u);
		}
		if (md_cli_mclose(fp, &j->cj_out) == 0)
			return (MD_CLI_SUCCESS);
	}
	md_cli_err(j->cj_o, "out of memory");
	return (MD_CLI_ERROR);
}

/*
 * Copy JSON text (len bytes) to out, each control character inside a
 * string (which RFC 8259 forbids raw, and a terminal obeys) written as
 * \u00XX; out has room for 6 * len bytes.  Returns the length of out.
 */
static size_t
md_cli_json_escape(const char *text, size_t len, char *out)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, n = 0;
	int instr = 0, esc = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (instr && c < 0x20) {
			(void) memcpy(out + n, "\\u00", 4);
			out[n + 4] = hex[c >> 4];
			out[n + 5] = hex[c & 0xf];
			n += 6;
			esc = 0;
			continue;
		}
		out[n++] = (char)c;
		if (esc)
			esc = 0;
		else if (instr && c == '\\')
			esc = 1;
		else if (c == '"')
			instr = !instr;
	}
	return (n);
}

/*
 * --to-json: the metric's JSON, checked to be JSON, not to be a valid
 * metric, and ended by a newline; what RFC 8259 forbids raw in a string
 * escaped (control characters a JSON reader would refuse).
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
	if (len > (SIZE_MAX - 2) / 6 ||
	    (j->cj_out = malloc(6 * len + 2)) == NULL) {
		md_cli_err(j->cj_o, "out of memory");
		return (MD_CLI_ERROR);
	}
	len = md_cli_json_escape(j->cj_text, len, j->cj_out);
	if (len == 0 || j->cj_out[len - 1] != '\n')
		j->cj_out[len++] = '\n';
	j->cj_outlen = len;
	return (MD_CLI_SUCCESS);
}

/*
 * embed.c: generate a D script with libmetad, as a service would.
 *
 *	cc -o embed embed.c $(pkg-config --cflags --libs metad)
 *	./embed examples/syscall-ops.json execname latency
 *
 * Loads the metric in FILE and prints the script that breaks it down by
 * FIELD (-s) and aggregates NUMBER (-n), with what a consumer needs to read
 * the aggregation.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <metad.h>

static char *
slurp(const char *path, size_t *lenp)
{
	FILE *fp = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, len = 0, n;

	if (fp == NULL)
		return (NULL);
	do {
		char *nbuf;

		if (len == cap) {
			cap = cap == 0 ? 4096 : cap * 2;
			if ((nbuf = realloc(buf, cap)) == NULL) {
				free(buf);
				(void) fclose(fp);
				return (NULL);
			}
			buf = nbuf;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
	} while (n > 0);
	(void) fclose(fp);
	*lenp = len;
	return (buf);
}

int
main(int argc, char **argv)
{
	static const char *const zero[] = { "0", "[]", "{}" };
	md_decomp_t d[2];
	md_request_t req;
	md_metric_t *m;
	md_result_t *r;
	md_error_t err;
	size_t len, i;
	char *text;

	if (argc != 4) {
		(void) fprintf(stderr, "usage: embed FILE FIELD NUMBER\n");
		return (2);
	}
	if ((text = slurp(argv[1], &len)) == NULL) {
		perror(argv[1]);
		return (1);
	}
	m = md_metric_load(text, len, &err);
	free(text);
	if (m == NULL) {
		(void) fprintf(stderr, "embed: %s: %s\n", md_errstr(err.mde_code),
		    err.mde_msg);
		return (1);
	}

	d[0].mdd_field = argv[2];
	d[0].mdd_kind = MD_DECOMP_STRING;
	d[1].mdd_field = argv[3];
	d[1].mdd_kind = MD_DECOMP_NUMBER;
	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = d;
	req.mdq_ndecomps = 2;
	if ((r = md_generate(m, &req, &err)) == NULL) {
		(void) fprintf(stderr, "embed: %s\n", err.mde_msg);
		md_metric_free(m);
		return (1);
	}

	for (i = 0; i < r->mdr_nscripts; i++)
		(void) fputs(r->mdr_scripts[i], stdout);
	(void) printf("/* zero %s, key", zero[r->mdr_zero]);
	for (i = 0; i < r->mdr_nkeys; i++)
		(void) printf(" %s", r->mdr_keys[i]);
	(void) printf(" */\n");

	md_result_free(r);
	md_metric_free(m);
	return (0);
}

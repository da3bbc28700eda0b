/*
 * dcases.c: the refused programs of the unit tests (tests/drefused.h), as
 * files for a real dtrace to judge (tests/ddiff.sh).
 *
 *	dcases PREFIX
 *
 * Writes each case as PREFIX.N.d (N from 1) and prints one line per case:
 * the file's name, what dtrace must say of it and what meta-d --check-d
 * must say ("LINE:COLUMN: MESSAGE"), separated by tabs.
 */

#include <stdio.h>
#include <string.h>

#include "drefused.h"

int
main(int argc, char **argv)
{
	char name[4096];
	size_t i;
	FILE *fp;

	if (argc != 2) {
		(void) fprintf(stderr, "usage: dcases PREFIX\n");
		return (2);
	}
	for (i = 0; i < sizeof (t_drefused) / sizeof (t_drefused[0]); i++) {
		const t_drefused_t *r = &t_drefused[i];

		(void) snprintf(name, sizeof (name), "%s.%zu.d", argv[1],
		    i + 1);
		if ((fp = fopen(name, "w")) == NULL ||
		    fwrite(r->r_in, 1, strlen(r->r_in), fp) !=
		    strlen(r->r_in) || fclose(fp) != 0) {
			perror(name);
			return (1);
		}
		(void) printf("%s\t%s\t%s\n", name, r->r_dtrace, r->r_out);
	}
	return (0);
}

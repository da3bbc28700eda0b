/*
 * main.c: the meta-d command; the work is in cli_modes.c and libmetad.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int
main(int argc, char **argv)
{
	int rv;

	/*
	 * A closed pipe, or a file past its size limit, is a write error to
	 * report (and, for -o, to undo), not a silent death.
	 */
	(void) signal(SIGPIPE, SIG_IGN);
	(void) signal(SIGXFSZ, SIG_IGN);

	rv = md_cli_main(argc, argv, STDIN_FILENO, STDOUT_FILENO, stderr, 0);

	/* Some file systems report a failed write only when it is closed. */
	if (rv == MD_CLI_SUCCESS && close(STDOUT_FILENO) != 0) {
		(void) fprintf(stderr, "meta-d: write: %s\n", strerror(errno));
		rv = MD_CLI_ERROR;
	}
	return (rv);
}

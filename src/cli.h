/*
 * cli.h: the meta-d command line, callable in-process.
 */

#ifndef	MD_CLI_H
#define	MD_CLI_H

#include <stdio.h>

#define	MD_CLI_SUCCESS	0
#define	MD_CLI_ERROR	1
#define	MD_CLI_USAGE	2

/*
 * Run meta-d with the given arguments, reading standard input from in,
 * writing scripts to out and messages to err.  Returns the exit status.
 * Writes nothing to out unless it succeeds.
 */
extern int md_cli_main(int, char **, int, int, FILE *);
extern void md_cli_usage(FILE *);

#endif	/* MD_CLI_H */

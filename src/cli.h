/*
 * cli.h: the meta-d command line, callable in-process.
 *
 *	cli.c		options, reading the metric, running libmetad
 *	cli_out.c	writing what it made: text, JSON, or files
 */

#ifndef	MD_CLI_H
#define	MD_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "metad.h"

#define	MD_CLI_SUCCESS	0
#define	MD_CLI_ERROR	1
#define	MD_CLI_USAGE	2

/*
 * Run meta-d with the given arguments, reading standard input from in,
 * writing results to out and messages to err.  Returns the exit status.
 * Writes nothing to out unless it succeeds.
 */
extern int md_cli_main(int, char **, int, int, FILE *);

/* Between cli.c and cli_out.c. */
extern int md_cli_write(int, const char *, size_t);
extern char *md_cli_json(const md_result_t *, size_t *);
extern int md_cli_files(const md_result_t *, const char *const *,
    const char *, const char *, char **, size_t *, char *, size_t);

#endif	/* MD_CLI_H */

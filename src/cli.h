/*
 * cli.h: the meta-d command line, callable in-process.
 *
 *	cli.c		options, reading the metric, running libmetad
 *	cli_js.c	metrics in JavaScript, evaluated in a sandbox
 *	cli_out.c	writing what it made: text, JSON, or files
 *	cli_find.c	metrics found by name in METAD_PATH; --list
 */

#ifndef	MD_CLI_H
#define	MD_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "metad.h"

#if defined(__GNUC__) || defined(__clang__)
#define	MD_CLI_PRINTFLIKE(f, a)	__attribute__((format(printf, f, a)))
#else
#define	MD_CLI_PRINTFLIKE(f, a)
#endif

#define	MD_CLI_SUCCESS	0
#define	MD_CLI_ERROR	1
#define	MD_CLI_USAGE	2

/* md_cli_main() flags */
#define	MD_CLI_NOJS	0x1	/* refuse JavaScript metrics (no fork) */

/*
 * Run meta-d with the given arguments, reading standard input from in,
 * writing results to out and messages to err.  Returns the exit status.
 * Writes nothing to out unless it succeeds.
 */
extern int md_cli_main(int, char **, int, int, FILE *, int);

/* Between cli.c, cli_out.c and cli_js.c. */
extern int md_cli_isjs(const char *, size_t);
extern int md_cli_js(const char *, size_t, const char *, char **, size_t *,
    char *, size_t);
extern int md_cli_write(int, const char *, size_t);
extern int md_cli_mclose(FILE *, char **);
extern int md_cli_read_fd(int, char **, size_t *);
extern const char *md_cli_metad_path(void);
extern char *md_cli_find(const char *);
extern char *md_cli_list(size_t *);
extern int md_cli_files(const md_result_t *, const char *const *,
    const char *, const char *, char **, size_t *, char *, size_t);

#endif	/* MD_CLI_H */

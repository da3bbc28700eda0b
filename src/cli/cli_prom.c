/*
 * cli_prom.c: meta-d --run --prometheus FILE (SPEC 8.3): at the end of
 * every interval, FILE replaced by the exposition of the values since
 * tracing began (md_prom.c), for a node exporter's textfile collector.
 *
 * FILE is data, not a script: its directory may belong to the service
 * that reads it (user prometheus), so it is not held to -o's rules; but
 * every directory above it, and every link on the way, is (cli_safedir.c,
 * MD_CLI_DIR_ABOVE), at the start and whenever the directory is opened
 * again: the owner of a directory above could swap what is in it for a
 * link to one of root's.  What must not happen is root writing through a
 * link someone placed: the directory is opened once, without following a
 * link at its end, and each exposition is written to a fresh name made
 * exclusively there (a dot first, not ending in .prom: the collector
 * passes it over), then renamed onto FILE's name within that directory.
 * A reader sees a whole exposition or the one before, never part of one.
 * What is at FILE must be a regular file (or nothing): a device, a FIFO,
 * a socket, a directory or a symbolic link there (--prometheus /dev/null,
 * or /dev/stdout) is refused before tracing, and at an interval's end
 * FILE is not written (tracing goes on) while one is; nothing is ever
 * written through a link, and nothing but a regular file replaced.  A
 * write that fails is said, and tracing goes on; the next interval tries
 * again (in the directory of that name again, if the one opened was
 * removed).
 *
 * Bounded (SPEC 8.3): at most --max-series series, the busiest, and
 * series idle for --evict intervals let go (md_prom_bound()).  Base units
 * (SPEC 8.3): the -n field's unit (the metric's "units") names the family
 * (_seconds, _bytes), and a time is exposed in seconds (md_prom_scale()).
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define	MD_PROM_MODE	0644	/* the collector reads it as another user */

/*
 * The family's name: --name, or metad_ and the metric's name (its file's
 * base name without extension) and _ and the -n field, and _seconds or
 * _bytes where the -n field's unit is a time or bytes, each character
 * outside [A-Za-z0-9_] made _.
 */
static char *
md_prom_family_name(const md_cli_opts_t *o, md_unitkind_t kind)
{
	const char *unit = kind == MD_UNIT_TIME ? "_seconds" :
	    kind == MD_UNIT_BYTES ? "_bytes" : "";
	char *stem, *name;
	size_t n, i;

	if (o->o_promname != NULL)
		return (strdup(o->o_promname));
	if ((stem = md_cli_metric_name(o->o_path != NULL ? o->o_path :
	    "stdin")) == NULL)
		return (NULL);
	n = 6 + strlen(stem) + (o->o_nfield != NULL ?
	    strlen(o->o_nfield) + 1 : 0) + strlen(unit);
	if ((name = malloc(n + 1)) != NULL)
		(void) snprintf(name, n + 1, "metad_%s%s%s%s", stem,
		    o->o_nfield != NULL ? "_" : "", o->o_nfield != NULL ?
		    o->o_nfield : "", unit);
	free(stem);
	for (i = 0; name != NULL && name[i] != '\0'; i++) {
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' &&
		    name[i] <= 'Z') || (name[i] >= '0' && name[i] <= '9')))
			name[i] = '_';
	}
	return (name);
}

/* The family's help: the description's first line, or the request. */
static char *
md_prom_help(const md_cli_opts_t *o, const md_metric_t *m)
{
	const char *d = md_metric_description(m);
	char *h = NULL;
	size_t len;
	FILE *f;

	if (d != NULL && *d != '\0')
		return (strndup(d, strcspn(d, "\n")));
	if ((f = open_memstream(&h, &len)) == NULL)
		return (NULL);
	(void) fprintf(f, "meta-d --run");
	if (md_cli_request_words(f, &o->o_req, o->o_predarg, 0) != 0) {
		(void) fclose(f);
		free(h);
		return (NULL);
	}
	(void) fprintf(f, " %s", o->o_path != NULL ? o->o_path : "-");
	return (md_cli_mclose(f, &h) == 0 ? h : NULL);
}

/* What a file of mode m is, for messages. */
static const char *
md_cli_prom_kind(mode_t m)
{
	if (S_ISCHR(m))
		return ("a character device");
	if (S_ISBLK(m))
		return ("a block device");
	if (S_ISFIFO(m))
		return ("a FIFO");
	if (S_ISSOCK(m))
		return ("a socket");
	if (S_ISDIR(m))
		return ("a directory");
	if (S_ISLNK(m))
		return ("a symbolic link");
	return ("no regular file");
}

/*
 * What is at FILE's name may be replaced: nothing, or a regular file (a
 * link, /dev/stdout among them, is not followed, nor replaced).  Else
 * EPERM, and why says what is there.
 */
static int
md_cli_repl_what(md_cli_repl_t *rf, char *why, size_t whylen)
{
	struct stat st;

	if (fstatat(rf->rf_dir.cd_fd, rf->rf_base, &st,
	    AT_SYMLINK_NOFOLLOW) != 0)
		return (errno == ENOENT ? 0 : errno);
	if (S_ISREG(st.st_mode))
		return (0);
	(void) snprintf(why, whylen, "%s is there, not a regular file: %s "
	    "is replaced at every interval's end, and only a regular file "
	    "may be", md_cli_prom_kind(st.st_mode), rf->rf_what);
	return (EPERM);
}

/*
 * Set up FILE's exposition for the request's values (nkeys -s fields,
 * function fn): the names checked (a usage error: status 2), FILE's
 * directory opened (it must be there: status 1).  Returns 0, or the
 * status with the message said.
 */
int
md_cli_prom_open(md_cli_prom_t *cp, const md_cli_opts_t *o,
    const md_metric_t *m, md_aggfn_t fn)
{
	uint64_t ns = 0;
	md_unitkind_t kind = o->o_nfield == NULL ? MD_UNIT_NONE :
	    md_unit_kind(md_metric_unit(m, o->o_nfield), &ns);
	char *name = md_prom_family_name(o, kind), *help = md_prom_help(o, m);
	md_error_t err;

	(void) memset(cp, 0, sizeof (*cp));
	cp->cp_file.rf_dir.cd_fd = cp->cp_file.rf_dir.cd_pfd = -1;
	if (name == NULL || help == NULL) {
		free(name);
		free(help);
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	cp->cp_prom = md_prom_new(name, help, o->o_sfields, o->o_nsfields, fn,
	    &err);
	cp->cp_name = name;
	free(help);
	if (cp->cp_prom == NULL) {
		md_cli_err(o, "--prometheus: %s", err.mde_msg);
		return (err.mde_code == MD_ERR_NOMEM ? MD_CLI_ERROR :
		    md_cli_usage(o));
	}
	md_prom_bound(cp->cp_prom, o->o_maxseries, o->o_evict);
	if (kind == MD_UNIT_TIME && md_prom_scale(cp->cp_prom, ns, &err) != 0) {
		md_cli_err(o, "--prometheus: %s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	return (md_cli_repl_open(&cp->cp_file, o, "--prometheus",
	    o->o_promfile, "FILE"));
}

/*
 * A file replaced at every interval's end (--prometheus FILE, --heatmap
 * SVGFILE: opt and what name them in messages): its directory opened
 * (it must be there) and what is at its name checked.  Returns 0, or the
 * status with the message said.
 */
int
md_cli_repl_open(md_cli_repl_t *rf, const md_cli_opts_t *o, const char *opt,
    const char *file, const char *what)
{
	char why[MD_ERRMSGLEN], *dir;
	int e;

	rf->rf_dir.cd_fd = rf->rf_dir.cd_pfd = -1;
	rf->rf_file = file;
	rf->rf_what = what;
	if (md_cli_path_split(file, &dir, &rf->rf_base) != 0)
		dir = NULL;
	if (dir == NULL || *rf->rf_base == '\0') {
		md_cli_err(o, "%s \"%s\": %s", opt, file, dir == NULL ?
		    strerror(ENOMEM) : "names no file");
		free(dir);
		return (dir == NULL ? MD_CLI_ERROR : md_cli_usage(o));
	}
	e = md_cli_dir_open(&rf->rf_dir, dir, MD_CLI_DIR_ABOVE, why,
	    sizeof (why));
	free(dir);
	if (e == EPERM) {
		md_cli_err(o, "%s \"%s\": %s: %s's own directory may be "
		    "another user's, but no directory above it and no link on "
		    "the way (meta-d(1), %s)", opt, file, why, what, opt);
		return (MD_CLI_ERROR);
	}
	if (e != 0 || (e = md_cli_repl_what(rf, why, sizeof (why))) != 0) {
		md_cli_err(o, "%s \"%s\": %s%s%s", opt, file, why,
		    e == EPERM ? "" : ": ", e == EPERM ? "" : strerror(e));
		return (MD_CLI_ERROR);
	}
	return (0);
}

int
md_cli_prom_add(md_cli_prom_t *cp, const char *const *keys,
    const size_t *lens, const md_value_t *v, md_error_t *err)
{
	if (cp->cp_prom == NULL)
		return (0);
	return (md_prom_add(cp->cp_prom, keys, lens, v, err));
}

/*
 * FILE's directory, removed while tracing (rm -r, a package purged and
 * installed again), opened again by its name as at the start (its last
 * name no link, no directory above it another user's): if it is back,
 * the next exposition goes there.  Only a directory that is gone (no link
 * left to it) is given up; one renamed is still the one opened.  Returns
 * 0 if the directory is another now; EPERM, why saying why, if the one
 * there now is refused; else ENOENT.
 */
static int
md_cli_repl_reopen(md_cli_repl_t *rf, char *why, size_t whylen)
{
	struct stat st;
	md_cli_dir_t d;
	int e;

	if (fstat(rf->rf_dir.cd_fd, &st) != 0 || st.st_nlink > 0)
		return (ENOENT);
	if ((e = md_cli_dir_open(&d, rf->rf_dir.cd_path, MD_CLI_DIR_ABOVE,
	    why, whylen)) != 0)
		return (e == EPERM ? EPERM : ENOENT);
	md_cli_dir_close(&rf->rf_dir, 0);
	rf->rf_dir = d;
	return (0);
}

/*
 * text (len bytes) written as a fresh file, renamed onto the file's name,
 * if what is there may be replaced (why says what is there, if not).
 */
int
md_cli_repl_put(md_cli_repl_t *rf, const char *text, size_t len, char *why,
    size_t whylen)
{
	char *tmp = NULL;
	int fd, e, r;

	e = md_cli_dir_tmpfile(&rf->rf_dir, MD_PROM_MODE, &tmp, &fd);
	if (e == ENOENT && (r = md_cli_repl_reopen(rf, why, whylen)) != ENOENT)
		e = r != 0 ? r : md_cli_dir_tmpfile(&rf->rf_dir, MD_PROM_MODE,
		    &tmp, &fd);
	if (e != 0)
		return (e);
	if (md_cli_write(fd, text, len) != 0) {
		e = errno;
		(void) close(fd);
	} else if (close(fd) != 0) {	/* never closed twice */
		e = errno;
	} else if ((e = md_cli_repl_what(rf, why, whylen)) == 0 &&
	    renameat(rf->rf_dir.cd_fd, tmp, rf->rf_dir.cd_fd,
	    rf->rf_base) != 0) {
		e = errno;
	}
	if (e != 0)
		(void) unlinkat(rf->rf_dir.cd_fd, tmp, 0);
	free(tmp);
	return (e);
}

/*
 * The end of an interval: FILE replaced by the exposition so far, with
 * the interval's drops and errors.  A failure is said; tracing goes on.
 */
void
md_cli_prom_write(md_cli_prom_t *cp, const md_cli_opts_t *o,
    uint64_t drops, uint64_t errors)
{
	char why[MD_ERRMSGLEN];
	md_error_t err;
	size_t len;
	char *text;
	int e;

	if (cp->cp_prom == NULL)
		return;
	if ((text = md_prom_text(cp->cp_prom, drops, errors, &len,
	    &err)) == NULL) {
		md_cli_err(o, "--prometheus: %s", err.mde_msg);
		return;
	}
	why[0] = '\0';
	if ((e = md_cli_repl_put(&cp->cp_file, text, len, why,
	    sizeof (why))) != 0)
		md_cli_err(o, "--prometheus: write \"%s\": %s%s (tracing goes "
		    "on)", cp->cp_file.rf_file, e == EPERM && why[0] != '\0' ?
		    "refused: " : "", e == EPERM && why[0] != '\0' ? why :
		    strerror(e));
	free(text);
	if (md_prom_left_out(cp->cp_prom) > 0 && !cp->cp_saidmax) {
		cp->cp_saidmax = 1;
		md_cli_err(o, "--prometheus: more than %zu series: \"%s\" holds "
		    "the %zu with the largest counts, and counts the samples "
		    "of the others in %s_series_dropped (--max-series)",
		    o->o_maxseries, cp->cp_file.rf_file, o->o_maxseries,
		    cp->cp_name);
	}
}

void
md_cli_prom_close(md_cli_prom_t *cp)
{
	md_prom_free(cp->cp_prom);
	cp->cp_prom = NULL;
	free(cp->cp_name);
	cp->cp_name = NULL;
	md_cli_dir_close(&cp->cp_file.rf_dir, 0);
}

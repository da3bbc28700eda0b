/*
 * cli_outdir.c: what meta-d writes once it has its scripts.
 *
 * Text (the default) is the scripts joined as the original printed them;
 * JSON (--json) is one document with the scripts and what a consumer needs
 * to read their aggregation; files (-o DIR) are one script each, written
 * under a temporary name and renamed, so no partial file is ever left.
 * Each file is runnable, as DTraceToolkit ships its scripts: a "#!" line
 * that runs dtrace -s (which ignores the line), and mode 0777 less the
 * umask.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define	MD_CLI_SHEBANG	"#!/usr/sbin/dtrace -s\n"

/* Write buf to a new temporary file in d; its name in *tmpp. */
static int
md_cli_tmpfile(md_cli_dir_t *d, const char *buf, size_t len, char **tmpp,
    mode_t mode)
{
	int fd, e;

	if ((e = md_cli_dir_tmpfile(d, mode, tmpp, &fd)) != 0) {
		errno = e;
		return (-1);
	}
	if (md_cli_write(fd, MD_CLI_SHEBANG, sizeof (MD_CLI_SHEBANG) - 1) !=
	    0 || md_cli_write(fd, buf, len) != 0 || fsync(fd) != 0) {
		e = errno;
		(void) close(fd);
	} else if (close(fd) != 0) {	/* closed, if it failed: not again */
		e = errno;
	} else {
		return (0);
	}
	(void) unlinkat(d->cd_fd, *tmpp, 0);
	errno = e;
	return (-1);
}

/*
 * Append path to the list, as messages show what they quote: control
 * characters, DEL and bytes that are not UTF-8 as \ooo, and no more cut.
 */
static int
md_cli_putpath(FILE *list, const char *path)
{
	size_t len = 4 * strlen(path) + 4;
	char *shown = malloc(len);

	if (shown == NULL)
		return (-1);
	md_msg_escape(shown, len, path, 0);
	(void) fprintf(list, "%s\n", shown);
	free(shown);
	return (0);
}

/* The signals that end meta-d by default, held off while files change. */
static void
md_cli_sigset(sigset_t *set)
{
	(void) sigemptyset(set);
	(void) sigaddset(set, SIGHUP);
	(void) sigaddset(set, SIGINT);
	(void) sigaddset(set, SIGQUIT);
	(void) sigaddset(set, SIGTERM);
}

/* Is one of those signals waiting? */
static int
md_cli_sigpending(const sigset_t *set)
{
	sigset_t pend;
	int sig[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };
	size_t i;

	if (sigpending(&pend) != 0)
		return (0);
	for (i = 0; i < sizeof (sig) / sizeof (sig[0]); i++) {
		if (sigismember(set, sig[i]) && sigismember(&pend, sig[i]))
			return (1);
	}
	return (0);
}

typedef struct md_cli_file {
	char	*cf_name;	/* NAME.d, in the directory */
	char	*cf_tmp;	/* the new script, until renamed */
	char	*cf_old;	/* a link to what cf_name was, if anything */
	int	cf_done;	/* renamed */
} md_cli_file_t;

/* The files of one -o, and the path at fault when it fails. */
typedef struct md_cli_files {
	md_cli_file_t	*cs_f;
	size_t		cs_n;		/* targets, each once */
	md_cli_dir_t	cs_dir;
	char		*cs_what;
	size_t		cs_whatlen;
} md_cli_files_t;

/* Fail with errno e at name in the directory: DIR/name goes to what. */
static int
md_files_fail(md_cli_files_t *cs, int e, const char *name)
{
	(void) snprintf(cs->cs_what, cs->cs_whatlen, "%s/%s",
	    cs->cs_dir.cd_path, name);
	return (e);
}

/*
 * The targets, each once and none a directory, each with its script in a
 * temporary file.  Returns 0 or an errno.
 */
static int
md_files_stage(md_cli_files_t *cs, const md_result_t *r, const char *name,
    mode_t mode)
{
	int dfd = cs->cs_dir.cd_fd;
	const char *zone;
	md_cli_file_t *t;
	struct stat st;
	size_t i, j, len;

	for (i = 0; i < r->mdr_nscripts; i++) {
		t = &cs->cs_f[cs->cs_n];
		zone = r->mdr_zones != NULL ? r->mdr_zones[i] : NULL;
		len = strlen(name) + 4 + (zone != NULL ? strlen(zone) + 1 : 0);
		if ((t->cf_name = malloc(len)) == NULL)
			return (ENOMEM);
		(void) snprintf(t->cf_name, len, "%s%s%s.d", name,
		    zone != NULL ? "-" : "", zone != NULL ? zone : "");
		for (j = 0; j < cs->cs_n; j++) {
			if (strcmp(cs->cs_f[j].cf_name, t->cf_name) == 0)
				break;
		}
		if (j < cs->cs_n) {	/* a zone given twice */
			free(t->cf_name);
			t->cf_name = NULL;
			continue;
		}
		cs->cs_n++;
		if (fstatat(dfd, t->cf_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode))
			return (md_files_fail(cs, EISDIR, t->cf_name));
		/* the script of this target (zones repeat scripts) */
		if (md_cli_tmpfile(&cs->cs_dir, r->mdr_scripts[i],
		    r->mdr_lens[i], &t->cf_tmp, mode) != 0)
			return (md_files_fail(cs, errno, t->cf_name));
	}
	return (0);
}

/* DIR/name, a line of the list, as messages show what they quote. */
static int
md_files_list(md_cli_files_t *cs, FILE *list, const char *name)
{
	size_t len = strlen(cs->cs_dir.cd_path) + strlen(name) + 2;
	char *path = malloc(len);
	int rv;

	if (path == NULL)
		return (-1);
	(void) snprintf(path, len, "%s/%s", cs->cs_dir.cd_path, name);
	rv = md_cli_putpath(list, path);
	free(path);
	return (rv);
}

/*
 * Each temporary file renamed to its target, what the target was kept
 * under a name of its own; the paths listed.  Returns 0 or an errno.
 */
static int
md_files_swap(md_cli_files_t *cs, FILE *list)
{
	int dfd = cs->cs_dir.cd_fd, fd;
	md_cli_file_t *t;
	struct stat st;
	size_t i;

	for (i = 0; i < cs->cs_n; i++) {
		t = &cs->cs_f[i];
		/* keep what the target was, to put it back on a failure */
		if (fstatat(dfd, t->cf_name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			if (md_cli_dir_tmpfile(&cs->cs_dir, 0600, &t->cf_old,
			    &fd) != 0)
				return (md_files_fail(cs, errno, t->cf_name));
			(void) close(fd);
			(void) unlinkat(dfd, t->cf_old, 0);
			if (linkat(dfd, t->cf_name, dfd, t->cf_old, 0) != 0) {
				free(t->cf_old);
				t->cf_old = NULL;
			}
		}
		if (renameat(dfd, t->cf_tmp, dfd, t->cf_name) != 0)
			return (md_files_fail(cs, errno, t->cf_name));
		t->cf_done = 1;
		if (md_files_list(cs, list, t->cf_name) != 0)
			return (ENOMEM);
	}
	return (0);
}

/*
 * The list (len bytes of text) written to out, while the renames can
 * still be undone: status 1 then means that nothing was done.  Signals
 * are held meanwhile, so the write must not block for good (a stopped
 * terminal, a full pipe nobody reads): it waits for out by poll(), a
 * tenth of a second at a time, writes at most PIPE_BUF bytes once out
 * takes some, and gives up (EINTR) on a held signal.  Returns 0 or an
 * errno.
 */
static int
md_files_tell(int out, const char *text, size_t len, const sigset_t *hold)
{
	struct pollfd pfd;
	ssize_t n;

	pfd.fd = out;
	pfd.events = POLLOUT;
	while (len > 0) {
		if (md_cli_sigpending(hold))
			return (EINTR);
		pfd.revents = 0;
		if (poll(&pfd, 1, 100) < 0 && errno != EINTR)
			return (errno);
		if (pfd.revents == 0)
			continue;
		/* POLLERR, POLLHUP: the write says what went wrong */
		n = write(out, text, len > PIPE_BUF ? PIPE_BUF : len);
		if (n < 0 && errno != EINTR && errno != EAGAIN &&
		    errno != EWOULDBLOCK)
			return (errno);
		if (n > 0) {
			text += n;
			len -= (size_t)n;
		}
	}
	return (0);
}

/*
 * Clean up: after a failure (e), what was renamed goes back as it was;
 * temporary files and kept links go; memory is freed.
 */
static void
md_files_settle(md_cli_files_t *cs, int e)
{
	int dfd = cs->cs_dir.cd_fd;
	md_cli_file_t *t;
	size_t i;

	for (i = cs->cs_n; i-- > 0; ) {
		t = &cs->cs_f[i];
		if (e != 0 && t->cf_done) {
			if (t->cf_old == NULL)
				(void) unlinkat(dfd, t->cf_name, 0);
			else if (renameat(dfd, t->cf_old, dfd, t->cf_name) ==
			    0) {
				free(t->cf_old);
				t->cf_old = NULL;
			}
		}
		if (!t->cf_done && t->cf_tmp != NULL)
			(void) unlinkat(dfd, t->cf_tmp, 0);
		if (t->cf_old != NULL)
			(void) unlinkat(dfd, t->cf_old, 0);
		free(t->cf_tmp);
		free(t->cf_old);
		free(t->cf_name);
	}
	free(cs->cs_f);
}

/*
 * Write each script of r to DIR/NAME.d, or DIR/NAME-ZONE.d when the
 * scripts are per zone (the result's mdr_zones; a zone given twice is one
 * file), and the paths written, a line each, to out.  DIR is a directory
 * no other user can change (cli_safedir.c), made if it is not there, opened
 * once; everything in it is done through that descriptor.  All or
 * nothing: every target is checked first, every script is written to a
 * temporary file, and only then are they renamed, each target first
 * linked to a name of its own so that a failed rename can put back what
 * was there; the paths are written while that can still be done
 * (md_files_tell()); on any failure DIR is as it was (and gone, if this
 * made it).  HUP, INT, QUIT and TERM are held off meanwhile, and one that
 * came ends meta-d once DIR is as it was (before the paths are all
 * written) or all is done.  Scripts are mode 0755 less the umask, never
 * writable by group or others.  Returns 0; or -1 with errno set and the
 * path at fault in what (whatlen bytes), or EPERM and why DIR was refused;
 * or -2 with errno set if out did not take the paths.
 */
static int
md_cli_files(const md_result_t *r, const char *dir, const char *name,
    int out, char *what, size_t whatlen)
{
	md_cli_files_t cs;
	sigset_t hold, old;
	char *text = NULL;
	FILE *list = NULL;
	size_t len = 0;
	mode_t mask;
	int e, told = 1;

	(void) memset(&cs, 0, sizeof (cs));
	cs.cs_what = what;
	cs.cs_whatlen = whatlen;
	if ((cs.cs_f = calloc(r->mdr_nscripts, sizeof (*cs.cs_f))) == NULL ||
	    (list = open_memstream(&text, &len)) == NULL) {
		free(cs.cs_f);
		errno = ENOMEM;
		return (-1);
	}
	md_cli_sigset(&hold);
	(void) sigprocmask(SIG_BLOCK, &hold, &old);
	mask = umask(0);
	(void) umask(mask);
	if ((e = md_cli_dir_open(&cs.cs_dir, dir, MD_CLI_DIR_TRUST |
	    MD_CLI_DIR_CREATE, what, whatlen)) == 0 &&
	    (e = md_files_stage(&cs, r, name, 0755 & ~mask)) == 0 &&
	    (e = md_cli_sigpending(&hold) ? EINTR : 0) == 0 &&
	    (e = md_files_swap(&cs, list)) == 0) {
		/* the list is whole, or memory ran short and all goes back */
		e = md_cli_mclose(list, &text) != 0 ? ENOMEM : 0;
		list = NULL;
		if (e == 0 && (e = md_files_tell(out, text, len, &hold)) != 0)
			told = e == EINTR;
	}
	if (cs.cs_dir.cd_path != NULL)
		md_files_settle(&cs, e);
	else
		free(cs.cs_f);
	md_cli_dir_close(&cs.cs_dir, e != 0);
	/* a signal that came meanwhile ends meta-d now, as it would have */
	(void) sigprocmask(SIG_SETMASK, &old, NULL);
	if (list != NULL)
		(void) fclose(list);
	free(text);
	errno = e;
	return (e == 0 ? 0 : told ? -1 : -2);
}

/*
 * -o DIR: the scripts written; the paths written, a line each, printed.
 * Standard output must take them: if it cannot, nothing is written (or
 * what was is undone).
 */
int
md_cli_outdir(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	char what[MD_ERRMSGLEN], *name;
	md_result_t *r;
	int rv = MD_CLI_ERROR, fv = -1;

	if ((r = md_cli_generate(j, NULL)) == NULL)
		return (MD_CLI_ERROR);
	if ((name = md_cli_metric_name(o->o_path)) == NULL) {
		md_cli_err(o, "out of memory");
	} else if (md_cli_writable(j->cj_fd) != 0 ||
	    (fv = md_cli_files(r, o->o_dir, name, j->cj_fd, what,
	    sizeof (what))) == -2) {
		md_cli_err(o, "write: %s: nothing written to \"%s\"",
		    strerror(errno), o->o_dir);
	} else if (fv == 0) {
		rv = MD_CLI_SUCCESS;
	} else if (errno == EPERM && *what != '\0') {
		md_cli_err(o, "-o \"%s\": refused: %s (meta-d writes scripts "
		    "only where no other user can change them)", o->o_dir,
		    what);
	} else {
		md_cli_err(o, "write \"%s\": %s", *what != '\0' ? what :
		    o->o_dir, strerror(errno));
	}
	free(name);
	md_result_free(r);
	return (rv);
}

/*
 * cli_out.c: what meta-d writes once it has its scripts.
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
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/*
 * Write all of buf to fd.  Returns 0, or -1 with errno set.  A descriptor
 * set non-blocking (a pipe, by the program reading it) is waited for
 * until it takes the rest.
 */
int
md_cli_write(int fd, const char *buf, size_t len)
{
	struct pollfd pfd;
	ssize_t n;

	pfd.fd = fd;
	pfd.events = POLLOUT;
	while (len > 0) {
		if ((n = write(fd, buf, len)) < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
					return (-1);
				continue;
			}
			return (-1);
		}
		buf += n;
		len -= (size_t)n;
	}
	return (0);
}

/*
 * Close a stream of open_memstream(): 0, or -1 with its text freed and
 * *textp NULL if a write to it or the close failed (out of memory).
 */
int
md_cli_mclose(FILE *f, char **textp)
{
	int failed = ferror(f) != 0;

	if (fclose(f) != 0 || failed) {
		free(*textp);
		*textp = NULL;
		return (-1);
	}
	return (0);
}

/*
 * A temporary name in dir, made by mkstemp() (the file exists, empty,
 * when it returns 0), short whatever the name it stands for, so that a
 * name that fits NAME_MAX always has a temporary one that does.
 */
static int
md_cli_tmpname(const char *dir, char **tmpp, int *fdp)
{
	size_t len = strlen(dir) + sizeof ("/.meta-d-XXXXXX");

	if ((*tmpp = malloc(len)) == NULL) {
		errno = ENOMEM;
		return (-1);
	}
	(void) snprintf(*tmpp, len, "%s/.meta-d-XXXXXX", dir);
	if ((*fdp = mkstemp(*tmpp)) < 0) {
		free(*tmpp);
		*tmpp = NULL;
		return (-1);
	}
	return (0);
}

#define	MD_CLI_SHEBANG	"#!/usr/sbin/dtrace -s\n"

/* Write buf to a new temporary file in dir; its name in *tmpp. */
static int
md_cli_tmpfile(const char *dir, const char *buf, size_t len, char **tmpp,
    mode_t mode)
{
	int fd, e;

	if (md_cli_tmpname(dir, tmpp, &fd) != 0)
		return (-1);
	if (fchmod(fd, mode) != 0 || md_cli_write(fd, MD_CLI_SHEBANG,
	    sizeof (MD_CLI_SHEBANG) - 1) != 0 || md_cli_write(fd, buf,
	    len) != 0 || fsync(fd) != 0) {
		e = errno;
		(void) close(fd);
		(void) unlink(*tmpp);
		errno = e;
		return (-1);
	}
	if (close(fd) != 0) {
		e = errno;
		(void) unlink(*tmpp);
		errno = e;
		return (-1);
	}
	return (0);
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
	char	*cf_path;	/* DIR/NAME.d */
	char	*cf_tmp;	/* the new script, until renamed */
	char	*cf_old;	/* a link to what cf_path was, if anything */
	int	cf_done;	/* renamed */
} md_cli_file_t;

/*
 * Write each script of r to DIR/NAME.d, or DIR/NAME-ZONE.d when the
 * scripts are per zone (zones are the request's; a zone given twice is one
 * file).  All or nothing: every target is checked first, every script is
 * written to a temporary file, and only then are they renamed, each target
 * first linked to a name of its own so that a failed rename can put back
 * what was there; on any failure DIR is as it was.  HUP, INT, QUIT and
 * TERM are held off meanwhile, and one that came ends meta-d once the
 * temporary files are gone (before any rename) or the renames done.  The
 * paths written, a line each, go to *listp (*listlenp bytes; the caller
 * frees it).  Returns 0, or -1 with errno set and the path at fault in
 * what (whatlen bytes).
 */
int
md_cli_files(const md_result_t *r, const char *const *zones, const char *dir,
    const char *name, char **listp, size_t *listlenp, char *what,
    size_t whatlen)
{
	size_t n = r->mdr_nscripts, nf = 0, i, j;
	md_cli_file_t *f = calloc(n, sizeof (*f));
	sigset_t hold, old;
	struct stat st;
	char *text = NULL;
	FILE *list;
	mode_t mask;
	int e = 0, fd;

	*what = '\0';
	if (f == NULL || (list = open_memstream(&text, listlenp)) == NULL) {
		free(f);
		errno = ENOMEM;
		return (-1);
	}
	md_cli_sigset(&hold);
	(void) sigprocmask(SIG_BLOCK, &hold, &old);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		e = errno;
		(void) snprintf(what, whatlen, "%s", dir);
		goto out;
	}
	mask = umask(0);
	(void) umask(mask);

	/* the targets, each once, and none a directory */
	for (i = 0; i < n; i++) {
		size_t plen = strlen(dir) + strlen(name) + 4 +
		    (r->mdr_perzone ? strlen(zones[i]) + 1 : 0);

		if ((f[nf].cf_path = malloc(plen)) == NULL) {
			e = ENOMEM;
			goto out;
		}
		(void) snprintf(f[nf].cf_path, plen, "%s/%s%s%s.d", dir, name,
		    r->mdr_perzone ? "-" : "", r->mdr_perzone ? zones[i] : "");
		for (j = 0; j < nf; j++) {
			if (strcmp(f[j].cf_path, f[nf].cf_path) == 0)
				break;
		}
		if (j < nf) {
			free(f[nf].cf_path);
			f[nf].cf_path = NULL;
			continue;
		}
		if (lstat(f[nf].cf_path, &st) == 0 && S_ISDIR(st.st_mode)) {
			e = EISDIR;
			(void) snprintf(what, whatlen, "%s", f[nf].cf_path);
			nf++;
			goto out;
		}
		/* the script of this target (zones repeat scripts) */
		if (md_cli_tmpfile(dir, r->mdr_scripts[i], r->mdr_lens[i],
		    &f[nf].cf_tmp, 0777 & ~mask) != 0) {
			e = errno;
			(void) snprintf(what, whatlen, "%s", f[nf].cf_path);
			nf++;
			goto out;
		}
		nf++;
	}
	if (md_cli_sigpending(&hold)) {
		e = EINTR;
		goto out;
	}

	for (i = 0; i < nf; i++) {
		/* keep what the target was, to put it back on a failure */
		if (lstat(f[i].cf_path, &st) == 0) {
			if (md_cli_tmpname(dir, &f[i].cf_old, &fd) != 0) {
				e = errno;
				(void) snprintf(what, whatlen, "%s",
				    f[i].cf_path);
				goto out;
			}
			(void) close(fd);
			(void) unlink(f[i].cf_old);
			if (link(f[i].cf_path, f[i].cf_old) != 0) {
				free(f[i].cf_old);
				f[i].cf_old = NULL;
			}
		}
		if (rename(f[i].cf_tmp, f[i].cf_path) != 0) {
			e = errno;
			(void) snprintf(what, whatlen, "%s", f[i].cf_path);
			goto out;
		}
		f[i].cf_done = 1;
		if (md_cli_putpath(list, f[i].cf_path) != 0) {
			e = ENOMEM;
			goto out;
		}
	}
	/* the list is whole, or memory ran short and all goes back */
	if (md_cli_mclose(list, &text) != 0)
		e = ENOMEM;
	list = NULL;
out:
	for (i = nf; i-- > 0; ) {
		/* on a failure, what was renamed goes back as it was */
		if (e != 0 && f[i].cf_done) {
			if (f[i].cf_old != NULL) {
				if (rename(f[i].cf_old, f[i].cf_path) == 0) {
					free(f[i].cf_old);
					f[i].cf_old = NULL;
				}
			} else {
				(void) unlink(f[i].cf_path);
			}
		}
		if (!f[i].cf_done && f[i].cf_tmp != NULL)
			(void) unlink(f[i].cf_tmp);
		if (f[i].cf_old != NULL)
			(void) unlink(f[i].cf_old);
		free(f[i].cf_tmp);
		free(f[i].cf_old);
		free(f[i].cf_path);
	}
	for (i = nf; i < n; i++)
		free(f[i].cf_path);
	free(f);
	/* a signal that came meanwhile ends meta-d now, as it would have */
	(void) sigprocmask(SIG_SETMASK, &old, NULL);
	if (list != NULL)
		(void) fclose(list);
	if (e != 0) {
		free(text);
		errno = e;
		return (-1);
	}
	*listp = text;
	return (0);
}

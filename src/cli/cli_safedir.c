/*
 * cli_safedir.c: a directory meta-d writes into, opened once.
 *
 * meta-d runs as root (dtrace needs root), often for services that take
 * paths from others.  A directory named by a path is opened once, without
 * following a link at its last component (O_DIRECTORY | O_NOFOLLOW), and
 * everything in it is made relative to that descriptor (openat(),
 * renameat(), linkat(), unlinkat()), so that no link placed later sends a
 * file elsewhere.  New files are created exclusively (O_EXCL |
 * O_NOFOLLOW): nothing already there is written through.
 *
 * A directory of scripts, which root will run (MD_CLI_DIR_TRUST), must be
 * one that no other user can change, as OpenSSH's StrictModes has it: it
 * and every directory above it owned by root or the caller, and writable
 * by neither group nor others unless sticky (as /tmp); every symbolic link
 * on the way, and in the way a link leads, owned by root or the caller
 * (the way is walked as the kernel walks it, not by realpath(), which
 * would hide the links it met); the directory itself no link.
 * A directory of data that another service reads (a Prometheus textfile
 * directory may belong to user prometheus: MD_CLI_DIR_ABOVE) may be that
 * user's, but every directory above it, and every link on the way, is
 * held to the rules above: its owner could otherwise swap a directory on
 * the way for a link to one of root's (a link at the directory itself is
 * refused by O_NOFOLLOW).
 *
 * A directory that does not exist is made (MD_CLI_DIR_CREATE) in its
 * parent, which must pass the same checks, without group or other write
 * permission; md_cli_dir_close() removes it again after a failure.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#ifndef	O_DIRECTORY
#define	O_DIRECTORY	0
#endif

static int md_dir_why(char *, size_t, int, const char *, ...)
    MD_CLI_PRINTFLIKE(4, 5);

/*
 * What is wrong, into why; returns the errno e.  With EPERM (refused),
 * why says why; with another, it is the path at fault.
 */
static int
md_dir_why(char *why, size_t whylen, int e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return (e);
}

/*
 * Can no user but root and the caller change st (a directory, or a link
 * when link is set)?  0, or EPERM with the reason about path in why.
 */
static int
md_dir_trusted(const struct stat *st, const char *path, int link, char *why,
    size_t whylen)
{
	uid_t me = getuid();

	if (st->st_uid != 0 && st->st_uid != me)
		return (md_dir_why(why, whylen, EPERM, "\"%s\" belongs to uid "
		    "%lu, neither root nor you", path,
		    (unsigned long)st->st_uid));
	if (!link && (st->st_mode & (S_IWGRP | S_IWOTH)) != 0 &&
	    (st->st_mode & S_ISVTX) == 0)
		return (md_dir_why(why, whylen, EPERM, "\"%s\" is writable by "
		    "its group or others (mode %04lo) and not sticky", path,
		    (unsigned long)(st->st_mode & 07777)));
	return (0);
}

#define	MD_DIR_MAXLINKS	40	/* links on one way, as the kernel's ELOOP */

/*
 * The next component of *restp, its length in *lenp; *restp moves past
 * it.  NULL at the end.
 */
static const char *
md_dir_next(const char **restp, size_t *lenp)
{
	const char *s = *restp + strspn(*restp, "/");

	*lenp = strcspn(s, "/");
	*restp = s + *lenp;
	return (*lenp == 0 ? NULL : s);
}

/*
 * The link at cand (count: one more met) read, and the rest of the way
 * after it (a part of rest) put behind its target, into rest (PATH_MAX
 * bytes); an absolute target starts real (the way so far) again at "/".
 */
static int
md_dir_readlink(const char *cand, int *count, char *real, char *rest,
    const char *after, char *why, size_t whylen)
{
	char target[PATH_MAX], next[PATH_MAX];
	ssize_t n;

	if (++*count > MD_DIR_MAXLINKS)
		return (md_dir_why(why, whylen, ELOOP, "%s", cand));
	if ((n = readlink(cand, target, sizeof (target) - 1)) < 0)
		return (md_dir_why(why, whylen, errno, "%s", cand));
	target[n] = '\0';
	if ((size_t)snprintf(next, sizeof (next), "%s%s", target, after) >=
	    sizeof (next))
		return (md_dir_why(why, whylen, ENAMETOOLONG, "%s", cand));
	(void) memcpy(rest, next, strlen(next) + 1);
	if (target[0] == '/')
		real[0] = '\0';
	return (0);
}

/*
 * path resolved as the kernel resolves it, into real (PATH_MAX bytes): an
 * absolute path without links ("" for "/").  Every link met on the way,
 * in path or in a link's target at any depth, must belong to root or the
 * caller, since its owner chose where it leads (who may change a link is
 * the owner of the directory it is in: md_dir_ancestors() checks those of
 * the way it ends on); MD_DIR_MAXLINKS at most.
 */
static int
md_dir_resolve(const char *path, char *real, char *why, size_t whylen)
{
	char rest[PATH_MAX], cand[PATH_MAX], *slash;
	const char *way = rest, *c;
	struct stat st;
	size_t len;
	int count = 0, e;

	if ((size_t)snprintf(rest, sizeof (rest), "%s", path) >= sizeof (rest))
		return (md_dir_why(why, whylen, ENAMETOOLONG, "%s", path));
	real[0] = '\0';
	if (path[0] != '/' && getcwd(real, PATH_MAX) == NULL)
		return (md_dir_why(why, whylen, errno, "%s", path));
	if (strcmp(real, "/") == 0)
		real[0] = '\0';
	while ((c = md_dir_next(&way, &len)) != NULL) {
		if (len == 1 && c[0] == '.')
			continue;
		if (len == 2 && c[0] == '.' && c[1] == '.') {
			if ((slash = strrchr(real, '/')) != NULL)
				*slash = '\0';
			continue;
		}
		if ((size_t)snprintf(cand, sizeof (cand), "%s/%.*s", real,
		    (int)len, c) >= sizeof (cand))
			return (md_dir_why(why, whylen, ENAMETOOLONG, "%s",
			    path));
		if (lstat(cand, &st) != 0)
			return (md_dir_why(why, whylen, errno, "%s", path));
		if (!S_ISLNK(st.st_mode) && !S_ISDIR(st.st_mode) &&
		    *way != '\0')
			return (md_dir_why(why, whylen, ENOTDIR, "%s", path));
		if (!S_ISLNK(st.st_mode)) {
			(void) memcpy(real, cand, strlen(cand) + 1);
			continue;
		}
		if ((e = md_dir_trusted(&st, cand, 1, why, whylen)) != 0 ||
		    (e = md_dir_readlink(cand, &count, real, rest, way, why,
		    whylen)) != 0)
			return (e);
		way = rest;
	}
	return (0);
}

/*
 * The directory real (an absolute path without links) and each one above
 * it: trusted.
 */
static int
md_dir_ancestors(char *real, char *why, size_t whylen)
{
	struct stat st;
	char *slash;
	int e;

	for (;;) {
		if (stat(*real == '\0' ? "/" : real, &st) != 0)
			return (md_dir_why(why, whylen, errno, "%s",
			    *real == '\0' ? "/" : real));
		if ((e = md_dir_trusted(&st, *real == '\0' ? "/" : real, 0,
		    why, whylen)) != 0 || *real == '\0')
			return (e);
		if ((slash = strrchr(real, '/')) == NULL)
			return (0);
		*slash = '\0';
	}
}

/*
 * path (and its links, and the directories above it, and, unless above,
 * path itself) trusted; if st is not NULL, path must still be the
 * directory st describes (the one opened).
 */
static int
md_dir_check(const char *path, const struct stat *st, int above, char *why,
    size_t whylen)
{
	char real[PATH_MAX], *slash;
	struct stat now;
	int e;

	if ((e = md_dir_resolve(path, real, why, whylen)) != 0)
		return (e);
	if (stat(*real == '\0' ? "/" : real, &now) != 0)
		return (md_dir_why(why, whylen, errno, "%s", path));
	if (st != NULL && (now.st_dev != st->st_dev ||
	    now.st_ino != st->st_ino))
		return (md_dir_why(why, whylen, EPERM, "\"%s\" changed while "
		    "it was checked", path));
	if (above && *real == '\0')
		return (0);	/* "/": nothing above it */
	if (above && (slash = strrchr(real, '/')) != NULL)
		*slash = '\0';
	return (md_dir_ancestors(real, why, whylen));
}

/* Make path, a directory, in its parent (which must be trusted). */
static int
md_dir_make(md_cli_dir_t *d, const char *path, int flags, char *why,
    size_t whylen)
{
	char *parent = NULL;
	const char *base;
	int pfd = -1, e;

	if ((e = md_cli_path_split(path, &parent, &base)) != 0)
		return (e);
	if ((flags & MD_CLI_DIR_TRUST) &&
	    (e = md_dir_check(parent, NULL, 0, why, whylen)) != 0) {
		free(parent);
		return (e);
	}
	if ((pfd = open(parent, O_RDONLY | O_DIRECTORY)) < 0 ||
	    mkdirat(pfd, base, 0755) != 0) {
		e = errno;
		if (pfd >= 0)
			(void) close(pfd);
		free(parent);
		return (e == EEXIST ? e : md_dir_why(why, whylen, e, "%s",
		    path));
	}
	free(parent);
	d->cd_pfd = pfd;
	d->cd_base = base;
	d->cd_made = 1;
	return (0);
}

int
md_cli_dir_open(md_cli_dir_t *d, const char *path, int flags, char *why,
    size_t whylen)
{
	struct stat st;
	size_t n = strlen(path);
	int e;

	(void) memset(d, 0, sizeof (*d));
	d->cd_fd = d->cd_pfd = -1;
	*why = '\0';
	/* "d/" is d, and its link is not followed: no slash at the end */
	while (n > 1 && path[n - 1] == '/')
		n--;
	if ((d->cd_path = strndup(path, n)) == NULL)
		return (ENOMEM);
	path = d->cd_path;
	if ((flags & MD_CLI_DIR_CREATE) && lstat(path, &st) != 0 &&
	    errno == ENOENT && (e = md_dir_make(d, path, flags, why,
	    whylen)) != 0 && e != EEXIST) {
		md_cli_dir_close(d, 1);
		return (e);
	}
	if ((d->cd_fd = d->cd_pfd >= 0 ? openat(d->cd_pfd, d->cd_base,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW) : open(path, O_RDONLY |
	    O_DIRECTORY | O_NOFOLLOW)) < 0) {
		e = errno;
		/* ELOOP is also too many links on the way, not one at DIR */
		if ((e == ELOOP || e == ENOTDIR) && lstat(path, &st) == 0 &&
		    S_ISLNK(st.st_mode))
			e = md_dir_why(why, whylen, EPERM, "\"%s\" is a "
			    "symbolic link", path);
		else
			(void) md_dir_why(why, whylen, e, "%s", path);
		md_cli_dir_close(d, 1);
		return (e);
	}
	if (fstat(d->cd_fd, &st) != 0)
		e = md_dir_why(why, whylen, errno, "%s", path);
	else if (flags & (MD_CLI_DIR_TRUST | MD_CLI_DIR_ABOVE))
		e = md_dir_check(path, &st, !(flags & MD_CLI_DIR_TRUST), why,
		    whylen);
	else
		e = 0;
	if (e != 0)
		md_cli_dir_close(d, 1);
	return (e);
}

/*
 * 64 bits no other user can guess (/dev/urandom, which every system
 * meta-d is for has), for temporary names in a directory that others may
 * write to: a name planted in advance never matches, so the exclusive
 * create succeeds at once.  Without /dev/urandom, the clock's nanoseconds.
 */
static unsigned long long
md_cli_dir_random(void)
{
	unsigned long long r = 0;
	struct timespec ts;
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd < 0 || read(fd, &r, sizeof (r)) != (ssize_t)sizeof (r)) {
		(void) clock_gettime(CLOCK_REALTIME, &ts);
		r = (unsigned long long)ts.tv_sec * 1000000000ULL +
		    (unsigned long long)ts.tv_nsec;
	}
	if (fd >= 0)
		(void) close(fd);
	return (r);
}

/*
 * A new file in d, created exclusively as a name of its own that starts
 * with a dot and does not end in ".prom" or ".d" (readers of the
 * directory pass it over); mode as given.  Its name in *namep (the caller
 * frees it), its descriptor in *fdp.  Returns 0 or an errno.
 */
int
md_cli_dir_tmpfile(md_cli_dir_t *d, mode_t mode, char **namep, int *fdp)
{
	static unsigned long seq;
	char name[64];
	int tries, fd;

	for (tries = 0; tries < 100; tries++) {
		(void) snprintf(name, sizeof (name), ".meta-d-%lu-%lu-%016llx.tmp",
		    (unsigned long)getpid(), seq++, md_cli_dir_random());
		fd = openat(d->cd_fd, name, O_WRONLY | O_CREAT | O_EXCL |
		    O_NOFOLLOW, mode);
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd < 0)
			return (errno);
		if (fchmod(fd, mode) != 0 || (*namep = strdup(name)) == NULL) {
			int e = errno == 0 ? ENOMEM : errno;

			(void) close(fd);
			(void) unlinkat(d->cd_fd, name, 0);
			return (e);
		}
		*fdp = fd;
		return (0);
	}
	return (EEXIST);
}

/*
 * Close d; after a failure (failed), a directory md_cli_dir_open() made
 * is removed again (when empty).
 */
void
md_cli_dir_close(md_cli_dir_t *d, int failed)
{
	if (d->cd_fd >= 0)
		(void) close(d->cd_fd);
	if (d->cd_pfd >= 0) {
		if (failed && d->cd_made)
			(void) unlinkat(d->cd_pfd, d->cd_base, AT_REMOVEDIR);
		(void) close(d->cd_pfd);
	}
	d->cd_fd = d->cd_pfd = -1;
	free(d->cd_path);
	d->cd_path = NULL;
}

/*
 * cli_find.c: metrics named rather than given as paths, and --list.
 *
 * A METRIC that is not there, and is a name rather than a file's (it has
 * no "." in its last part, starts with neither "/" nor ".", and has no
 * empty, "." or ".." part), is looked for in each directory of METAD_PATH
 * (colon-separated, as PATH; unset or empty: the installed examples,
 * MD_EXAMPLES_DIR), as DIR/NAME, DIR/NAME.json and DIR/NAME.js, the first
 * that is a regular file winning: "meta-d syscall-ops" finds
 * syscall-ops.json, "meta-d linux/io" finds linux/io.json.
 *
 * meta-d runs as root for others: a name never leaves its directory of
 * METAD_PATH (what a candidate resolves to must be inside it), and each
 * candidate is opened once, without following a link at its end and
 * without waiting (a FIFO put there hangs nothing), then taken only if
 * the descriptor is a regular file.  That descriptor is the one read.
 *
 * --list names each metric found that way: the .json and .js files of
 * each directory and of its subdirectories, one level down (not through
 * links), the first of a name winning as above, sorted in each directory,
 * with the first line of each JSON metric's "description", the names
 * and descriptions escaped as messages are.  A JavaScript metric's
 * description is not read: that would run it.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#ifndef	MD_EXAMPLES_DIR
#define	MD_EXAMPLES_DIR	"/usr/local/share/meta-d/examples"
#endif

/* The examples in meta-d's sources, relative to their top. */
#define	MD_FIND_SOURCES	"examples"

/* A metric file's extensions, in the order they are tried. */
static const char *const md_find_ext[] = { "", ".json", ".js" };

const char *
md_cli_metad_path(void)
{
	const char *p = getenv("METAD_PATH");

	return (p == NULL || *p == '\0' ? MD_EXAMPLES_DIR : p);
}

/* Is path a regular file, itself, not a link to one? */
static int
md_find_isfile(const char *path)
{
	struct stat st;

	return (lstat(path, &st) == 0 && S_ISREG(st.st_mode));
}

/* Is path a directory, itself, not a link to one? */
static int
md_find_isdir(const char *path)
{
	struct stat st;

	return (lstat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/*
 * Open path, a candidate: without following a link at its end, without
 * waiting, and only if it is a regular file (then blocking again).
 * Returns the descriptor, or -1.
 */
static int
md_find_open(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK), fl;

	if (fd < 0)
		return (-1);
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (fl = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
		(void) close(fd);
		return (-1);
	}
	return (fd);
}

/*
 * Is name a metric's name: not empty, no part of it empty, "." or "..",
 * and no "." in its last part?
 */
static int
md_find_isname(const char *name)
{
	const char *p = name, *end;
	size_t n;

	if (*name == '\0' || *name == '/' || *name == '.')
		return (0);
	for (;;) {
		end = strchr(p, '/');
		n = end == NULL ? strlen(p) : (size_t)(end - p);
		if (n == 0 || (n == 1 && *p == '.') ||
		    (n == 2 && p[0] == '.' && p[1] == '.'))
			return (0);
		if (end == NULL)
			return (memchr(p, '.', n) == NULL);
		p = end + 1;
	}
}

/*
 * Does path (a candidate, opened as fd) resolve to a file inside dir
 * (dlen bytes)?  A link in its way may point elsewhere: what the name
 * becomes must stay in its directory of METAD_PATH.
 */
static int
md_find_inside(const char *dir, size_t dlen, const char *path, int fd)
{
	char *top = strndup(dir, dlen), rtop[PATH_MAX], rpath[PATH_MAX];
	struct stat a, b;
	size_t n;
	int in;

	if (top == NULL)
		return (0);
	in = realpath(top, rtop) != NULL && realpath(path, rpath) != NULL &&
	    (n = strlen(rtop), strncmp(rpath, rtop, n) == 0) &&
	    (rpath[n] == '/' || (n == 1 && *rtop == '/')) &&
	    stat(rpath, &a) == 0 && fstat(fd, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
	free(top);
	return (in);
}

/*
 * dir (dlen bytes) + "/" + name + ext, or name + ext when dlen is 0;
 * allocated, NULL when out of memory.
 */
static char *
md_find_join(const char *dir, size_t dlen, const char *name, const char *ext)
{
	size_t len = dlen + strlen(name) + strlen(ext) + 2;
	char *path = malloc(len);

	if (path != NULL)
		(void) snprintf(path, len, "%.*s%s%s%s", (int)dlen, dir,
		    dlen > 0 ? "/" : "", name, ext);
	return (path);
}

/*
 * The next directory of METAD_PATH from *pathp on, empty ones passed over:
 * its start, its length in *lenp, and *pathp moved past it; NULL at the
 * end.
 */
static const char *
md_find_nextdir(const char **pathp, size_t *lenp)
{
	const char *dir = *pathp, *end;

	for (; *dir != '\0'; dir = *pathp) {
		if ((end = strchr(dir, ':')) == NULL)
			end = dir + strlen(dir);
		*pathp = *end == ':' ? end + 1 : end;
		if (end > dir) {
			*lenp = (size_t)(end - dir);
			return (dir);
		}
	}
	return (NULL);
}

/*
 * The metric name (a name, not a path) in the directories dirs (as
 * METAD_PATH lists them), as md_cli_find() returns it.
 */
static char *
md_find_in(const char *dirs, const char *file, int *fdp)
{
	const char *dir;
	size_t i, dlen;
	char *path;
	int fd;

	while ((dir = md_find_nextdir(&dirs, &dlen)) != NULL) {
		for (i = 0; i < sizeof (md_find_ext) / sizeof (*md_find_ext);
		    i++) {
			if ((path = md_find_join(dir, dlen, file,
			    md_find_ext[i])) == NULL) {
				errno = ENOMEM;
				return (NULL);
			}
			if ((fd = md_find_open(path)) >= 0 &&
			    md_find_inside(dir, dlen, path, fd)) {
				*fdp = fd;
				return (path);
			}
			if (fd >= 0)
				(void) close(fd);
			free(path);
		}
	}
	errno = ENOENT;
	return (NULL);
}

/*
 * Find file: as it is, if it is there or is no metric's name; else in
 * METAD_PATH.  Returns the path (allocated), or NULL with errno set
 * (ENOENT: found nowhere).  *fdp is the candidate found in METAD_PATH,
 * open, or -1 for a path given as it is (opened by the caller).
 */
char *
md_cli_find(const char *file, int *fdp)
{
	struct stat st;
	char *path;

	*fdp = -1;
	if (stat(file, &st) == 0 || errno != ENOENT || !md_find_isname(file)) {
		if ((path = strdup(file)) == NULL)
			errno = ENOMEM;
		return (path);
	}
	return (md_find_in(md_cli_metad_path(), file, fdp));
}

/* The metrics found, names and paths, in the order --list prints them. */
typedef struct md_found {
	char	**fd_names;
	char	**fd_paths;
	size_t	fd_n;
	size_t	fd_cap;
	int	fd_nomem;
} md_found_t;

static int
md_found_has(const md_found_t *fd, const char *name)
{
	size_t i;

	for (i = 0; i < fd->fd_n; i++) {
		if (strcmp(fd->fd_names[i], name) == 0)
			return (1);
	}
	return (0);
}

/*
 * *sp, escaped as messages quote what users give (md_msg_escape()): a
 * file name or a description holds what its author put there, a newline
 * or a terminal's escapes, and --list prints it.  Returns -1 when out of
 * memory (*sp freed).
 */
static int
md_find_escape(char **sp)
{
	size_t len = 4 * strlen(*sp) + 4;
	char *e = malloc(len);

	if (e != NULL)
		md_msg_escape(e, len, *sp, 0);
	free(*sp);
	*sp = e;
	return (e == NULL ? -1 : 0);
}

/* Add name (path its file) unless a metric of that name came first. */
static void
md_found_add(md_found_t *fd, const char *name, size_t namelen,
    const char *path)
{
	char *n, *p, **v;

	if ((n = strndup(name, namelen)) == NULL || md_find_escape(&n) != 0) {
		fd->fd_nomem = 1;
		return;
	}
	if (md_found_has(fd, n)) {
		free(n);
		return;
	}
	if (fd->fd_n == fd->fd_cap) {
		size_t cap = fd->fd_cap == 0 ? 16 : fd->fd_cap * 2;

		if ((v = realloc(fd->fd_names, cap * sizeof (*v))) != NULL)
			fd->fd_names = v;
		if (v == NULL || (v = realloc(fd->fd_paths,
		    cap * sizeof (*v))) == NULL) {
			free(n);
			fd->fd_nomem = 1;
			return;
		}
		fd->fd_paths = v;
		fd->fd_cap = cap;
	}
	if ((p = strdup(path)) == NULL) {
		free(n);
		fd->fd_nomem = 1;
		return;
	}
	fd->fd_names[fd->fd_n] = n;
	fd->fd_paths[fd->fd_n++] = p;
}

static int
md_found_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * The entries of dir, sorted, without "." files, in *vp (*np of them; none
 * when there is no such directory).  Returns -1 when out of memory.
 */
static int
md_find_entries(const char *dir, char ***vp, size_t *np)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL, **nv;
	size_t n = 0;
	int rv = 0;

	*vp = NULL;
	*np = 0;
	if (d == NULL)
		return (0);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if ((nv = realloc(v, (n + 1) * sizeof (*v))) == NULL) {
			rv = -1;
			break;
		}
		v = nv;
		if ((v[n] = strdup(e->d_name)) == NULL) {
			rv = -1;
			break;
		}
		n++;
	}
	(void) closedir(d);
	if (v != NULL)
		qsort(v, n, sizeof (*v), md_found_cmp);
	*vp = v;
	*np = n;
	return (rv);
}

static void
md_find_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * Is the file name (in dir) a metric's, and not shadowed by its JSON twin
 * (X.js beside X.json: md_cli_find() finds X.json)?  Returns the length
 * of its name without the extension, or 0 (and fd_nomem set when out of
 * memory).
 */
static size_t
md_find_metric(md_found_t *fd, const char *dir, const char *file)
{
	const char *dot = strrchr(file, '.');
	size_t base;
	char *twin;
	int shadowed;

	if (dot == NULL || dot == file)
		return (0);
	base = (size_t)(dot - file);
	if (strcmp(dot, ".json") == 0)
		return (base);
	if (strcmp(dot, ".js") != 0)
		return (0);
	if ((twin = md_find_join(dir, strlen(dir), file, "on")) == NULL) {
		fd->fd_nomem = 1;
		return (0);
	}
	shadowed = md_find_isfile(twin);
	free(twin);
	return (shadowed ? 0 : base);
}

/*
 * The metrics in dir, named prefix/NAME (NAME when prefix is ""), and,
 * for the top directory, those of its subdirectories.
 */
static void
md_find_dir(md_found_t *fd, const char *dir, const char *prefix)
{
	size_t n, i, base, plen = strlen(prefix);
	char **v, *path, *name;

	if (md_find_entries(dir, &v, &n) != 0)
		fd->fd_nomem = 1;
	for (i = 0; i < n && !fd->fd_nomem; i++) {
		path = md_find_join(dir, strlen(dir), v[i], "");
		name = md_find_join(prefix, plen, v[i], "");
		if (path == NULL || name == NULL) {
			fd->fd_nomem = 1;
		} else if (md_find_isfile(path)) {
			if ((base = md_find_metric(fd, dir, v[i])) > 0)
				md_found_add(fd, name, plen + (plen > 0) + base,
				    path);
		} else if (plen == 0 && md_find_isdir(path)) {
			md_find_dir(fd, path, v[i]);
		}
		free(path);
		free(name);
	}
	md_find_free(v, n);
}

/*
 * A metric whose "os" leaves out the system at hand is marked in --list
 * (SPEC 1): "(for illumos) " before its description, *linep (or NULL:
 * none) replaced.  0, or -1 when out of memory (*linep freed).
 */
static int
md_find_elsewhere(const md_metric_t *m, char **linep)
{
	const char *sys = md_cli_os();
	char *mark = NULL;
	FILE *f;
	size_t len;

	if (md_metric_runs_on(m, sys != NULL ? sys : ""))
		return (0);
	if ((f = open_memstream(&mark, &len)) != NULL) {
		(void) fputs("(for ", f);
		md_cli_systems(f, m);
		(void) fprintf(f, ")%s%s", *linep != NULL ? " " : "",
		    *linep != NULL ? *linep : "");
		(void) md_cli_mclose(f, &mark);
	}
	free(*linep);
	*linep = mark;
	return (mark == NULL ? -1 : 0);
}

/*
 * The first line of a JSON metric's description, to print, in *linep (NULL
 * when it has none, is not JSON, cannot be read), after the mark of a
 * metric for other systems; its "module" (the subject --list groups it
 * under), escaped, in *modp (NULL: none).  Returns -1 when out of memory.
 */
static int
md_find_describe(const char *path, char **linep, char **modp)
{
	const char *d = strrchr(path, '.');
	char *buf;
	size_t len;
	md_metric_t *m;
	md_error_t err;
	int fd, e;

	*linep = *modp = NULL;
	if (d == NULL || strcmp(d, ".json") != 0 ||
	    (fd = md_find_open(path)) < 0)
		return (0);
	e = md_cli_read_fd(fd, &buf, &len);
	(void) close(fd);
	if (e != 0)
		return (e == ENOMEM ? -1 : 0);
	m = md_metric_load(buf, len, &err);
	free(buf);
	if (m == NULL && err.mde_code == MD_ERR_NOMEM)
		return (-1);
	if (m == NULL)
		return ((*linep = strdup("(not a valid metric)")) == NULL ?
		    -1 : 0);
	e = 0;
	if ((d = md_metric_module(m)) != NULL && *d != '\0' &&
	    ((*modp = strdup(d)) == NULL || md_find_escape(modp) != 0))
		e = -1;
	else if ((d = md_metric_description(m)) != NULL &&
	    (*linep = strndup(d, strcspn(d, "\n"))) == NULL)
		e = -1;
	else
		e = md_find_elsewhere(m, linep);
	md_metric_free(m);
	if (e != 0 || *linep == NULL)
		return (e);
	return (md_find_escape(linep));
}

/* Every metric dirs (as METAD_PATH lists them) hold, as --list names them. */
static void
md_find_all(md_found_t *fd, const char *dirs)
{
	const char *dir;
	size_t dlen;
	char *top;

	(void) memset(fd, 0, sizeof (*fd));
	while (!fd->fd_nomem && (dir = md_find_nextdir(&dirs, &dlen)) != NULL) {
		if ((top = strndup(dir, dlen)) == NULL) {
			fd->fd_nomem = 1;
			break;
		}
		md_find_dir(fd, top, "");
		free(top);
	}
}

static void
md_found_free(md_found_t *fd)
{
	size_t i;

	for (i = 0; i < fd->fd_n; i++) {
		free(fd->fd_names[i]);
		free(fd->fd_paths[i]);
	}
	free(fd->fd_names);
	free(fd->fd_paths);
}

/* A metric as --list shows it: its name, subject and description. */
typedef struct md_listed {
	const char	*ls_name;
	size_t		ls_i;		/* where it was found: the order */
	char		*ls_module;	/* NULL: none ("other") */
	char		*ls_desc;	/* NULL: none */
} md_listed_t;

/*
 * --list's order: by subject (module), the metrics of none last, and in
 * a subject as found (sorted per directory, first directory first).
 */
static int
md_listed_cmp(const void *a, const void *b)
{
	const md_listed_t *x = a, *y = b;
	int c;

	if (x->ls_module == NULL || y->ls_module == NULL)
		c = (x->ls_module == NULL) - (y->ls_module == NULL);
	else
		c = strcmp(x->ls_module, y->ls_module);
	if (c == 0)
		c = x->ls_i < y->ls_i ? -1 : x->ls_i > y->ls_i;
	return (c);
}

/*
 * Print the metrics ls[0..n-1] to f, a heading line for each subject
 * ("cpu:"; "other:" for the metrics of none), a blank line before each
 * but the first, and under it "  NAME  DESCRIPTION" a line, the names
 * padded to the longest.
 */
static void
md_listed_print(FILE *f, const md_listed_t *ls, size_t n)
{
	size_t i, width = 0;
	const char *mod;

	for (i = 0; i < n; i++) {
		if (strlen(ls[i].ls_name) > width)
			width = strlen(ls[i].ls_name);
	}
	for (i = 0; i < n; i++) {
		mod = ls[i].ls_module != NULL ? ls[i].ls_module : "other";
		if (i == 0 || (ls[i - 1].ls_module == NULL) !=
		    (ls[i].ls_module == NULL) || (ls[i].ls_module != NULL &&
		    strcmp(ls[i - 1].ls_module, ls[i].ls_module) != 0))
			(void) fprintf(f, "%s%s:\n", i == 0 ? "" : "\n", mod);
		if (ls[i].ls_desc == NULL)
			(void) fprintf(f, "  %s\n", ls[i].ls_name);
		else
			(void) fprintf(f, "  %-*s  %s\n", (int)width,
			    ls[i].ls_name, ls[i].ls_desc);
	}
}

/*
 * --list: the metrics by subject (md_listed_print()).  Returns the text
 * (*lenp bytes; NULL with errno ENOMEM, or ENOENT when there is no
 * metric).
 */
static char *
md_cli_list(size_t *lenp)
{
	md_found_t fd;
	md_listed_t *ls;
	size_t i;
	char *out = NULL;
	FILE *f;

	md_find_all(&fd, md_cli_metad_path());
	if ((ls = calloc(fd.fd_n + 1, sizeof (*ls))) == NULL)
		fd.fd_nomem = 1;
	for (i = 0; i < fd.fd_n && !fd.fd_nomem; i++) {
		ls[i].ls_name = fd.fd_names[i];
		ls[i].ls_i = i;
		if (md_find_describe(fd.fd_paths[i], &ls[i].ls_desc,
		    &ls[i].ls_module) != 0)
			fd.fd_nomem = 1;
	}
	if (!fd.fd_nomem && fd.fd_n > 0 &&
	    (f = open_memstream(&out, lenp)) != NULL) {
		qsort(ls, fd.fd_n, sizeof (*ls), md_listed_cmp);
		md_listed_print(f, ls, fd.fd_n);
		if (md_cli_mclose(f, &out) != 0) {
			free(out);
			out = NULL;
		}
	}
	for (i = 0; ls != NULL && i < fd.fd_n; i++) {
		free(ls[i].ls_module);
		free(ls[i].ls_desc);
	}
	free(ls);
	errno = fd.fd_n == 0 && !fd.fd_nomem ? ENOENT : ENOMEM;
	md_found_free(&fd);
	return (out);
}

/*
 * The metric a name found nowhere may have meant, allocated: the one of
 * that name in a subdirectory ("syscall": "linux/syscall"), else the
 * closest by md_suggest(), by whole name or by the name in its
 * subdirectory.  NULL if none is close (or out of memory).
 */
char *
md_cli_near(const char *file)
{
	const char **base, *meant = NULL, *slash;
	md_found_t fd;
	size_t i;
	char *near = NULL;

	md_find_all(&fd, md_cli_metad_path());
	if (fd.fd_nomem || fd.fd_n == 0 ||
	    (base = malloc(fd.fd_n * sizeof (*base))) == NULL) {
		md_found_free(&fd);
		return (NULL);
	}
	for (i = 0; i < fd.fd_n; i++) {
		slash = strrchr(fd.fd_names[i], '/');
		base[i] = slash == NULL ? fd.fd_names[i] : slash + 1;
		if (meant == NULL && strcmp(base[i], file) == 0)
			meant = fd.fd_names[i];
	}
	if (meant == NULL && (meant = md_suggest(file,
	    (const char *const *)fd.fd_names, fd.fd_n)) == NULL &&
	    (meant = md_suggest(file, base, fd.fd_n)) != NULL) {
		for (i = 0; base[i] != meant; i++)
			continue;
		meant = fd.fd_names[i];
	}
	if (meant != NULL)
		near = strdup(meant);
	free(base);
	md_found_free(&fd);
	return (near);
}

/*
 * meta-d in its sources, METAD_PATH unset or empty (the installed
 * examples): what METAD_PATH=examples would find there, name's file, or
 * for NULL the directory if it holds any metric (allocated); NULL when
 * METAD_PATH is set, or examples/ holds nothing of the kind.
 */
char *
md_cli_sources(const char *name)
{
	const char *p = getenv("METAD_PATH");
	md_found_t fd;
	char *path = NULL;
	int f;

	if (p != NULL && *p != '\0')
		return (NULL);
	if (name != NULL) {
		if (md_find_isname(name) && (path = md_find_in(MD_FIND_SOURCES,
		    name, &f)) != NULL)
			(void) close(f);
		return (path);
	}
	md_find_all(&fd, MD_FIND_SOURCES);
	if (fd.fd_n > 0)
		path = strdup(MD_FIND_SOURCES);
	md_found_free(&fd);
	return (path);
}

/* --list: the metrics METAD_PATH holds. */
int
md_cli_metrics(md_cli_job_t *j)
{
	char *here;

	if ((j->cj_out = md_cli_list(&j->cj_outlen)) != NULL)
		return (MD_CLI_SUCCESS);
	if (errno == ENOMEM) {
		md_cli_err(j->cj_o, "out of memory");
	} else if ((here = md_cli_sources(NULL)) != NULL) {
		md_cli_err(j->cj_o, "no metrics in METAD_PATH (%s); %s/ here "
		    "has some: METAD_PATH=%s lists them", md_cli_metad_path(),
		    here, here);
		free(here);
	} else {
		md_cli_err(j->cj_o, "no metrics in METAD_PATH (%s)",
		    md_cli_metad_path());
	}
	return (MD_CLI_ERROR);
}

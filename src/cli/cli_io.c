/*
 * cli_io.c: what every part of the command line shares: its messages, a
 * request in its options' words ("-s execname -n latency"), a metric's
 * name and a path's parent from their paths, whole files read and
 * written, and the lines of a picture (--heatmap, --flamegraph) handed
 * to the library one at a time.
 *
 * Every message starts with "meta-d: ", and what it quotes from users is
 * escaped as the library's messages are (md_msg_escape()), so that no
 * argument or file name reaches a terminal raw.  A usage error ends with
 * the short usage text.
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cli.h"

#define	MD_CLI_BLOCK	(1 << 16)	/* md_cli_lines() reads this much */

/* After a usage error: the message said what; this, how. */
static const char md_cli_usage_short[] =
	"usage: meta-d [-s FIELD] [-n FIELD] [-p PREDICATE] [-z ZONE] "
	"[OPTION ...] [METRIC]\n"
	"       (meta-d -h lists every option)\n";

/*
 * Where messages go: o_err, or, while --run traces, through its own
 * writer (md_cli_err_through()), which bounds its wait for a standard
 * error that takes nothing as it does for standard output's lines.
 */
static md_cli_say_f *md_cli_sayer;
static void *md_cli_sayarg;

void
md_cli_err_through(md_cli_say_f *f, void *arg)
{
	md_cli_sayer = f;
	md_cli_sayarg = arg;
}

/* "meta-d: ", msg and a newline, said. */
static void
md_cli_say(const md_cli_opts_t *o, const char *msg)
{
	char line[MD_ERRMSGLEN + 16];
	int n;

	if (md_cli_sayer == NULL) {
		(void) fprintf(o->o_err, "meta-d: %s\n", msg);
		return;
	}
	n = snprintf(line, sizeof (line), "meta-d: %s\n", msg);
	if (n > 0)
		md_cli_sayer(md_cli_sayarg, line, (size_t)n < sizeof (line) ?
		    (size_t)n : sizeof (line) - 1);
}

void
md_cli_err(const md_cli_opts_t *o, const char *fmt, ...)
{
	char raw[MD_ERRMSGLEN], msg[MD_ERRMSGLEN];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(raw, sizeof (raw), fmt, ap);
	va_end(ap);
	md_msg_escape(msg, sizeof (msg), raw, n < 0 ||
	    (size_t)n >= sizeof (raw));
	md_cli_say(o, msg);
}

/*
 * A message of libmetad's, as it wrote it: it escaped what it quotes
 * already, and escaping again could cut a message that ends in "..."
 * short of where the library cut it.
 */
void
md_cli_liberr(const md_cli_opts_t *o, const md_error_t *err)
{
	md_cli_say(o, err->mde_msg);
}

/* The short usage text; the status of a usage error. */
int
md_cli_usage(const md_cli_opts_t *o)
{
	(void) fputs(md_cli_usage_short, o->o_err);
	return (MD_CLI_USAGE);
}

/*
 * A failed request: "translating: " leads what translating found (SPEC
 * 5), and what stopped it on the way (a limit, the host name the system
 * would not give, a call the library refused); a fault of the request's
 * own pieces (a field, a zone, an option) speaks for itself.
 */
void
md_cli_request_err(const md_cli_opts_t *o, const md_error_t *err)
{
	switch (err->mde_code) {
	case MD_ERR_TRANSLATE:
	case MD_ERR_LIMIT:
	case MD_ERR_D:
	case MD_ERR_SYSTEM:
	case MD_ERR_ARG:
		md_cli_err(o, "translating: %s", err->mde_msg);
		break;
	default:
		md_cli_err(o, "%s", err->mde_msg);
		break;
	}
}

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
 * Can fd be written to?  0, or -1 with errno set (EBADF: closed, or open
 * for reading only).
 */
int
md_cli_writable(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return (-1);
	if ((fl & O_ACCMODE) == O_RDONLY) {
		errno = EBADF;
		return (-1);
	}
	return (0);
}

/* Now, in seconds, on the clock named (CLOCK_MONOTONIC, CLOCK_REALTIME). */
double
md_cli_seconds(clockid_t clock)
{
	struct timespec ts;

	(void) clock_gettime(clock, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/*
 * The system at hand as a metric's "os" names systems (SPEC 1): "linux",
 * "illumos", "freebsd", "macos", or NULL for another.
 */
const char *
md_cli_os(void)
{
	static const char *const map[][2] = {
		{ "Linux", "linux" }, { "SunOS", "illumos" },
		{ "FreeBSD", "freebsd" }, { "Darwin", "macos" }
	};
	struct utsname u;
	size_t i;

	if (uname(&u) < 0)
		return (NULL);
	for (i = 0; i < sizeof (map) / sizeof (map[0]); i++) {
		if (strcmp(u.sysname, map[i][0]) == 0)
			return (map[i][1]);
	}
	return (NULL);
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

/* Read all of fd into *bufp (*lenp bytes).  Returns 0 or an errno. */
int
md_cli_read_fd(int fd, char **bufp, size_t *lenp)
{
	size_t cap = 8192, len = 0;
	char *buf = NULL, *nbuf;
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return (EISDIR);
		if (S_ISREG(st.st_mode) && st.st_size > 0 &&
		    (unsigned long long)st.st_size < MD_MAXINPUT)
			cap = (size_t)st.st_size + 1;
	}

	for (;;) {
		if (buf == NULL || len == cap) {
			if (buf != NULL)
				cap *= 2;
			if ((nbuf = realloc(buf, cap)) == NULL) {
				free(buf);
				return (ENOMEM);
			}
			buf = nbuf;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			free(buf);
			return (e);
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > MD_MAXINPUT) {
			free(buf);
			return (EFBIG);
		}
	}
	*bufp = buf;
	*lenp = len;
	return (0);
}

/*
 * A request as meta-d's options ask for it, each option after a space: its
 * -s and -n, its -p (pred as typed, or NULL: the request's predicate as
 * JSON), and, with all, its -z, -i and -T (the -x options change no name
 * or type).  Returns 0, or -1 when out of memory.
 */
int
md_cli_request_words(FILE *f, const md_request_t *req, const char *pred,
    int all)
{
	char *json = NULL;
	size_t i;

	for (i = 0; i < req->mdq_ndecomps; i++)
		(void) fprintf(f, " %s %s", req->mdq_decomps[i].mdd_kind ==
		    MD_DECOMP_NUMBER ? "-n" : "-s",
		    req->mdq_decomps[i].mdd_field);
	if (pred == NULL && !md_pred_trivial(req->mdq_pred) &&
	    (pred = json = md_pred_json(req->mdq_pred)) == NULL)
		return (-1);
	if (pred != NULL)
		(void) fprintf(f, " -p '%s'", pred);
	free(json);
	for (i = 0; all && i < req->mdq_nzones; i++)
		(void) fprintf(f, " -z %s", req->mdq_zones[i]);
	if (all && req->mdq_interval != NULL)
		(void) fprintf(f, " -i %s", req->mdq_interval);
	if (all && req->mdq_duration != NULL)
		(void) fprintf(f, " -T %s", req->mdq_duration);
	return (0);
}

/*
 * A request in words, as --compile names it: "-s execname -n latency",
 * "-z global"; none when it has no option.  The caller frees it; NULL
 * when out of memory.
 */
char *
md_cli_request_label(const md_request_t *req, const char *pred,
    const char *none)
{
	char *text = NULL;
	size_t len;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return (NULL);
	if (md_cli_request_words(f, req, pred, 1) != 0) {
		(void) fclose(f);
		free(text);
		return (NULL);
	}
	if (md_cli_mclose(f, &text) != 0)
		return (NULL);
	if (len == 0) {
		free(text);
		return (strdup(none));
	}
	(void) memmove(text, text + 1, len);
	return (text);
}

/*
 * A path's parent ("." for a name alone, "/" for a name under it) and its
 * last name, which points into path: the parent is the caller's to free.
 * Returns 0, or ENOMEM.
 */
int
md_cli_path_split(const char *path, char **parentp, const char **basep)
{
	const char *slash = strrchr(path, '/');

	*basep = slash == NULL ? path : slash + 1;
	*parentp = slash == NULL ? strdup(".") : slash == path ?
	    strdup("/") : strndup(path, (size_t)(slash - path));
	return (*parentp == NULL ? ENOMEM : 0);
}

/*
 * A metric's name, as its scripts and its Prometheus family are named:
 * its file's last name without the extension ("fs-ops" for
 * examples/fs-ops.json; a name that starts with its only dot is kept
 * whole).  The caller frees it; NULL when out of memory.
 */
char *
md_cli_metric_name(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base == NULL ? path : base + 1;
	if ((dot = strrchr(base, '.')) == NULL || dot == base)
		dot = base + strlen(base);
	return (strndup(base, (size_t)(dot - base)));
}

/*
 * The lines of fd handed to line(arg, ...) as they come, a block at a
 * time: *pendp holds the part of a line a block ended in, so that what
 * is held is one line, never the whole input (a day of --run's lines is
 * hundreds of MB).  Returns 0, -1 with err set (a line), or an errno
 * value (read).
 */
static int
md_cli_lines(int fd, md_cli_line_f *line, void *arg, char **pendp,
    md_error_t *err)
{
	char *buf = *pendp, *p, *nl, *end;
	size_t cap = MD_CLI_BLOCK, have = 0;
	ssize_t n;

	for (;;) {
		if (cap - have < MD_CLI_BLOCK / 2) {
			if ((p = realloc(buf, cap * 2)) == NULL)
				return (ENOMEM);
			*pendp = buf = p;
			cap *= 2;
		}
		if ((n = read(fd, buf + have, cap - have)) < 0) {
			if (errno == EINTR)
				continue;
			return (errno);
		}
		end = buf + have + n;
		for (p = buf; p < end; p = nl + 1) {
			if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL &&
			    n != 0)
				break;	/* the rest of it to come */
			nl = nl == NULL ? end : nl;
			if (line(arg, p, (size_t)(nl - p), err) != 0)
				return (-1);
		}
		if (n == 0)
			return (0);
		have = (size_t)(end - p);
		(void) memmove(buf, p, have);
	}
}

/*
 * A picture mode (--heatmap, --flamegraph): the input's lines to line(),
 * then the document draw() makes into cj_out, for cli_modes.c to write
 * only when every line was read and the picture drawn (a bad line leaves
 * standard output empty).
 */
int
md_cli_picture(md_cli_job_t *j, md_cli_line_f *line, md_cli_draw_f *draw,
    void *arg)
{
	char *pend = malloc(MD_CLI_BLOCK);
	md_error_t err;
	int e;

	if (pend == NULL) {
		md_cli_err(j->cj_o, "out of memory");
		return (MD_CLI_ERROR);
	}
	e = md_cli_lines(j->cj_in, line, arg, &pend, &err);
	free(pend);
	if (e > 0) {
		md_cli_err(j->cj_o, "read \"%s\": %s", j->cj_name, strerror(e));
		return (MD_CLI_ERROR);
	}
	if (e == 0 && (j->cj_out = draw(arg, &j->cj_outlen, &err)) != NULL)
		return (MD_CLI_SUCCESS);
	if (err.mde_code == MD_ERR_LINE)
		md_cli_err(j->cj_o, "%s: %s", j->cj_name, err.mde_msg);
	else
		md_cli_err(j->cj_o, "%s", err.mde_msg);
	return (MD_CLI_ERROR);
}

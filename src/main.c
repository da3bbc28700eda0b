/*
 * main.c: the meta-d command.
 *
 *	meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...] [FILE]
 *
 * Parses the options, reads the metric, and hands the rest to libmetad.
 * Output is all or nothing: the scripts are written with one write loop
 * once everything has succeeded, and a failed write is an error.
 *
 * Exit status: 0 success, 1 error, 2 usage (including an invalid predicate
 * or zone name).  Every message starts with "meta-d: ".
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "metad.h"

#define	E_SUCCESS	0
#define	E_ERROR		1
#define	E_USAGE		2

#define	STDIN_NAME	"<stdin>"
#define	MAXINPUT	(64UL * 1024 * 1024)

typedef struct opts {
	const char	**o_sfields;	/* -s, in order */
	size_t		o_nsfields;
	const char	*o_nfield;	/* -n, the last one */
	const char	*o_predarg;	/* -p, the last one */
	md_pred_t	*o_pred;
	const char	**o_zones;	/* -z, in order */
	size_t		o_nzones;
	const char	*o_file;	/* NULL or "-": stdin */
} opts_t;

static void errmsg(const char *, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void
errmsg(const char *fmt, ...)
{
	va_list ap;

	(void) fputs("meta-d: ", stderr);
	va_start(ap, fmt);
	(void) vfprintf(stderr, fmt, ap);
	va_end(ap);
	(void) fputc('\n', stderr);
}

static void
usage(FILE *fp)
{
	(void) fprintf(fp,
	    "usage: meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] "
	    "[-z ZONE ...] [FILE]\n"
	    "\n"
	    "  -s FIELD              break the results down by FIELD "
	    "(at most two -s/-n)\n"
	    "  -n FIELD              aggregate the numeric FIELD "
	    "(e.g. quantize latency)\n"
	    "  -p, --predicate PRED  count only what matches the krill "
	    "predicate PRED (JSON)\n"
	    "  -z, --zone ZONE       only zone ZONE (repeatable)\n"
	    "  FILE                  the metric (JSON); none or - reads "
	    "standard input\n");
}

static int
usage_error(void)
{
	usage(stderr);
	return (E_USAGE);
}

/* Parse the command line into o.  Returns E_SUCCESS or E_USAGE. */
static int
parse_args(int argc, char **argv, opts_t *o)
{
	static const struct option longopts[] = {
		{ "predicate", required_argument, NULL, 'p' },
		{ "zone", required_argument, NULL, 'z' },
		{ NULL, 0, NULL, 0 }
	};
	md_error_t err;
	int c;

	if ((o->o_sfields = calloc((size_t)argc, sizeof (char *))) == NULL ||
	    (o->o_zones = calloc((size_t)argc, sizeof (char *))) == NULL) {
		errmsg("out of memory");
		return (E_ERROR);
	}

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:n:p:z:", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 's':
			o->o_sfields[o->o_nsfields++] = optarg;
			break;
		case 'n':
			o->o_nfield = optarg;
			break;
		case 'p':
			o->o_predarg = optarg;
			break;
		case 'z':
			if (!md_zone_valid(optarg)) {
				errmsg("invalid zone name: \"%s\" (1 to 64 "
				    "letters, digits, '-', '_' or '.', the "
				    "first a letter or digit)", optarg);
				return (usage_error());
			}
			o->o_zones[o->o_nzones++] = optarg;
			break;
		case ':':
			if (strncmp(argv[optind - 1], "--", 2) == 0)
				errmsg("option requires an argument: %s",
				    argv[optind - 1]);
			else
				errmsg("option requires an argument: -%c",
				    optopt);
			return (usage_error());
		default:
			/* optopt is 0 for an unknown long option */
			if (optopt == 0)
				errmsg("unknown option: %s", argv[optind - 1]);
			else
				errmsg("unknown option: -%c", optopt);
			return (usage_error());
		}
	}

	if (argc - optind > 1) {
		errmsg("too many files: give one metric (or none to read "
		    "standard input)");
		return (usage_error());
	}
	o->o_file = optind < argc ? argv[optind] : NULL;

	if (o->o_predarg != NULL) {
		o->o_pred = md_pred_parse(o->o_predarg, strlen(o->o_predarg),
		    &err);
		if (o->o_pred == NULL) {
			if (err.mde_code == MD_ERR_NOMEM) {
				errmsg("%s", err.mde_msg);
				return (E_ERROR);
			}
			errmsg("invalid predicate: %s", o->o_predarg);
			errmsg("%s", err.mde_msg);
			return (usage_error());
		}
	}
	return (E_SUCCESS);
}

/* Read all of fd into *bufp (*lenp bytes).  Returns 0 or an errno. */
static int
read_fd(int fd, char **bufp, size_t *lenp)
{
	size_t cap = 8192, len = 0;
	char *buf = NULL, *nbuf;
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return (EISDIR);
		if (S_ISREG(st.st_mode) && st.st_size > 0 &&
		    (unsigned long long)st.st_size < MAXINPUT)
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
		if (len > MAXINPUT) {
			free(buf);
			return (EFBIG);
		}
	}
	*bufp = buf;
	*lenp = len;
	return (0);
}

static int
read_input(const char *file, char **bufp, size_t *lenp)
{
	const char *name = file == NULL ? STDIN_NAME : file;
	int fd = STDIN_FILENO, e;

	if (file == NULL || strcmp(file, "-") == 0) {
		name = STDIN_NAME;
		if (isatty(STDIN_FILENO))
			(void) fprintf(stderr, "reading from stdin\n");
	} else if ((fd = open(file, O_RDONLY)) < 0) {
		errmsg("read \"%s\": %s", name, strerror(errno));
		return (E_ERROR);
	}
	e = read_fd(fd, bufp, lenp);
	if (fd != STDIN_FILENO)
		(void) close(fd);
	if (e == EFBIG) {
		errmsg("read \"%s\": larger than the limit of %lu MiB", name,
		    MAXINPUT >> 20);
		return (E_ERROR);
	}
	if (e != 0) {
		errmsg("read \"%s\": %s", name, strerror(e));
		return (E_ERROR);
	}
	return (E_SUCCESS);
}

static int
write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, buf, len)) < 0) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		buf += n;
		len -= (size_t)n;
	}
	return (0);
}

/* Load the metric, generate, write.  Returns the exit status. */
static int
run(const opts_t *o, const char *buf, size_t len)
{
	const char *name = o->o_file == NULL || strcmp(o->o_file, "-") == 0 ?
	    STDIN_NAME : o->o_file;
	md_decomp_t decomps[MD_MAXDECOMPS + 1];
	md_request_t req;
	md_metric_t *m;
	md_result_t *r;
	md_error_t err;
	size_t nd = 0, i, outlen;
	char *out;
	int rv = E_ERROR;

	if ((m = md_metric_load(buf, len, &err)) == NULL) {
		if (err.mde_code == MD_ERR_INVALID)
			errmsg("meta-D is invalid: %s", err.mde_msg);
		else if (err.mde_code == MD_ERR_NOMEM)
			errmsg("%s", err.mde_msg);
		else
			errmsg("processing \"%s\": %s", name, err.mde_msg);
		return (E_ERROR);
	}

	/*
	 * -s fields, then the -n field.  Unknown fields are reported before
	 * too many decompositions; md_generate() checks in that order, so
	 * only the count it needs to see is passed on.
	 */
	for (i = 0; i < o->o_nsfields + (o->o_nfield != NULL); i++) {
		const char *f = i < o->o_nsfields ? o->o_sfields[i] :
		    o->o_nfield;

		if (!md_metric_has_field(m, f)) {
			errmsg("unknown field: \"%s\"", f);
			goto out;
		}
		if (nd <= MD_MAXDECOMPS) {
			decomps[nd].mdd_field = f;
			decomps[nd++].mdd_kind = i < o->o_nsfields ?
			    MD_DECOMP_STRING : MD_DECOMP_NUMBER;
		}
	}

	(void) memset(&req, 0, sizeof (req));
	req.mdq_decomps = decomps;
	req.mdq_ndecomps = nd;
	req.mdq_pred = o->o_pred;
	req.mdq_zones = o->o_zones;
	req.mdq_nzones = o->o_nzones;
	if ((r = md_generate(m, &req, &err)) == NULL) {
		if (err.mde_code == MD_ERR_TRANSLATE)
			errmsg("translating: %s", err.mde_msg);
		else
			errmsg("%s", err.mde_msg);
		goto out;
	}

	out = md_result_join(r, &outlen);
	md_result_free(r);
	if (out == NULL) {
		errmsg("out of memory");
		goto out;
	}
	if (write_all(STDOUT_FILENO, out, outlen) != 0 ||
	    close(STDOUT_FILENO) != 0)
		errmsg("write: %s", strerror(errno));
	else
		rv = E_SUCCESS;
	free(out);
out:
	md_metric_free(m);
	return (rv);
}

int
main(int argc, char **argv)
{
	opts_t o;
	char *buf = NULL;
	size_t len = 0;
	int rv;

	/* A closed pipe is a write error to report, not a silent death. */
	(void) signal(SIGPIPE, SIG_IGN);

	(void) memset(&o, 0, sizeof (o));
	if ((rv = parse_args(argc, argv, &o)) == E_SUCCESS &&
	    (rv = read_input(o.o_file, &buf, &len)) == E_SUCCESS)
		rv = run(&o, buf, len);

	free(buf);
	md_pred_free(o.o_pred);
	free(o.o_sfields);
	free(o.o_zones);
	return (rv);
}

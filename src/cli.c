/*
 * cli.c: the meta-d command line.
 *
 *	meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...] [FILE]
 *
 * Parses the options, reads the metric, and hands the rest to libmetad.
 * Output is all or nothing: the scripts are written with one write loop
 * once everything has succeeded, and a failed write is an error.
 *
 * Exit status: 0 success, 1 error, 2 usage (including an invalid predicate
 * or zone name).  Every message starts with "meta-d: ".
 *
 * md_cli_main() takes its input, output and error streams as arguments and
 * keeps no state between calls, so that a fuzzer can run the whole command
 * line in-process; main.c calls it with the standard ones.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "md_impl.h"

#define	STDIN_NAME	"<stdin>"

typedef struct opts {
	int		o_in;		/* standard input */
	int		o_out;		/* standard output */
	FILE		*o_err;		/* standard error */
	const char	**o_sfields;	/* -s, in order */
	size_t		o_nsfields;
	const char	*o_nfield;	/* -n, the last one */
	const char	*o_predarg;	/* -p, the last one */
	md_pred_t	*o_pred;
	const char	**o_zones;	/* -z, in order */
	size_t		o_nzones;
	const char	*o_file;	/* NULL or "-": stdin */
} opts_t;

static void errmsg(const opts_t *, const char *, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * "meta-d: " and the message, escaped as the library's are: arguments and
 * file names come from users, and must not reach a terminal raw.
 */
static void
errmsg(const opts_t *o, const char *fmt, ...)
{
	char raw[MD_ERRMSGLEN], msg[MD_ERRMSGLEN];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(raw, sizeof (raw), fmt, ap);
	va_end(ap);
	md_msg_escape(msg, sizeof (msg), raw, n < 0 ||
	    (size_t)n >= sizeof (raw));
	(void) fprintf(o->o_err, "meta-d: %s\n", msg);
}

void
md_cli_usage(FILE *fp)
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
usage_error(const opts_t *o)
{
	md_cli_usage(o->o_err);
	return (MD_CLI_USAGE);
}

/* Parse the command line into o.  Returns an MD_CLI_* exit status. */
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

	/* at most one -s or -z per argument; argc may be 0 */
	if ((o->o_sfields = calloc((size_t)argc + 1, sizeof (char *))) ==
	    NULL || (o->o_zones = calloc((size_t)argc + 1,
	    sizeof (char *))) == NULL) {
		errmsg(o, "out of memory");
		return (MD_CLI_ERROR);
	}

	opterr = 0;
#ifdef __GLIBC__
	optind = 0;	/* start over, as for a new process */
#else
	optind = 1;
#endif
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
				errmsg(o, "invalid zone name: \"%s\" (1 to 64 "
				    "letters, digits, '-', '_' or '.', the "
				    "first a letter or digit)", optarg);
				return (usage_error(o));
			}
			if (o->o_nzones == MD_MAXZONES) {
				errmsg(o, "too many zones (at most %d)",
				    MD_MAXZONES);
				return (usage_error(o));
			}
			o->o_zones[o->o_nzones++] = optarg;
			break;
		case ':':
			if (strncmp(argv[optind - 1], "--", 2) == 0)
				errmsg(o, "option requires an argument: %s",
				    argv[optind - 1]);
			else
				errmsg(o, "option requires an argument: -%c",
				    optopt);
			return (usage_error(o));
		default:
			/* optopt is 0 for an unknown long option */
			if (optopt == 0)
				errmsg(o, "unknown option: %s", argv[optind - 1]);
			else
				errmsg(o, "unknown option: -%c", optopt);
			return (usage_error(o));
		}
	}

	if (argc - optind > 1) {
		errmsg(o, "too many files: give one metric (or none to read "
		    "standard input)");
		return (usage_error(o));
	}
	o->o_file = optind < argc ? argv[optind] : NULL;

	if (o->o_predarg != NULL) {
		o->o_pred = md_pred_parse(o->o_predarg, strlen(o->o_predarg),
		    &err);
		if (o->o_pred == NULL) {
			if (err.mde_code == MD_ERR_NOMEM) {
				errmsg(o, "%s", err.mde_msg);
				return (MD_CLI_ERROR);
			}
			errmsg(o, "invalid predicate: %s", o->o_predarg);
			errmsg(o, "%s", err.mde_msg);
			return (usage_error(o));
		}
	}
	return (MD_CLI_SUCCESS);
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

static int
read_input(const opts_t *o, char **bufp, size_t *lenp)
{
	const char *file = o->o_file;
	const char *name = file == NULL ? STDIN_NAME : file;
	int fd = o->o_in, e;

	if (file == NULL || strcmp(file, "-") == 0) {
		name = STDIN_NAME;
		if (isatty(fd))
			(void) fprintf(o->o_err, "reading from stdin\n");
	} else if ((fd = open(file, O_RDONLY)) < 0) {
		errmsg(o, "read \"%s\": %s", name, strerror(errno));
		return (MD_CLI_ERROR);
	}
	e = read_fd(fd, bufp, lenp);
	if (fd != o->o_in)
		(void) close(fd);
	if (e == EFBIG) {
		errmsg(o, "read \"%s\": larger than the limit of %lu MiB", name,
		    MD_MAXINPUT >> 20);
		return (MD_CLI_ERROR);
	}
	if (e != 0) {
		errmsg(o, "read \"%s\": %s", name, strerror(e));
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
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
	int rv = MD_CLI_ERROR;

	if ((m = md_metric_load(buf, len, &err)) == NULL) {
		if (err.mde_code == MD_ERR_INVALID)
			errmsg(o, "meta-D is invalid: %s", err.mde_msg);
		else if (err.mde_code == MD_ERR_NOMEM)
			errmsg(o, "%s", err.mde_msg);
		else
			errmsg(o, "processing \"%s\": %s", name, err.mde_msg);
		return (MD_CLI_ERROR);
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
			errmsg(o, "unknown field: \"%s\"", f);
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
		if (err.mde_code == MD_ERR_TRANSLATE ||
		    err.mde_code == MD_ERR_LIMIT)
			errmsg(o, "translating: %s", err.mde_msg);
		else
			errmsg(o, "%s", err.mde_msg);
		goto out;
	}

	out = md_result_join(r, &outlen);
	md_result_free(r);
	if (out == NULL) {
		errmsg(o, "out of memory");
		goto out;
	}
	if (write_all(o->o_out, out, outlen) != 0)
		errmsg(o, "write: %s", strerror(errno));
	else
		rv = MD_CLI_SUCCESS;
	free(out);
out:
	md_metric_free(m);
	return (rv);
}

int
md_cli_main(int argc, char **argv, int in, int out, FILE *err)
{
	opts_t o;
	char *buf = NULL;
	size_t len = 0;
	int rv;

	(void) memset(&o, 0, sizeof (o));
	o.o_in = in;
	o.o_out = out;
	o.o_err = err;
	if ((rv = parse_args(argc, argv, &o)) == MD_CLI_SUCCESS &&
	    (rv = read_input(&o, &buf, &len)) == MD_CLI_SUCCESS)
		rv = run(&o, buf, len);

	free(buf);
	md_pred_free(o.o_pred);
	free(o.o_sfields);
	free(o.o_zones);
	return (rv);
}

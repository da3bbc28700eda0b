/*
 * cli.c: the meta-d command line.
 *
 *	meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...]
 *	    [-x NAME[=VALUE] ...] [--quiet] [-i INTERVAL] [-T DURATION]
 *	    [-H HOSTNAME] [--json | -o DIR] [METRIC]
 *	meta-d --check | --list-fields | --to-json [METRIC]
 *	meta-d --check-d [FILE]
 *	meta-d --list | -h | -V
 *
 * Parses the options, finds the metric (a path, or a name in METAD_PATH:
 * cli_find.c) and reads it (a JavaScript metric goes through cli_js.c
 * first), and hands the rest to libmetad; cli_out.c writes what it made.
 * Output is all or nothing: it is written once everything has succeeded,
 * and a failed write is an error.
 *
 * Exit status: 0 success, 1 error, 2 usage (including an invalid
 * predicate, zone name, option or interval).  Every message starts with
 * "meta-d: "; what it quotes from the user is escaped (md_msg_escape()).
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

#define	STDIN_NAME	"<stdin>"

/* What the command does; at most one of these is asked for. */
typedef enum md_cli_mode {
	MODE_TEXT,		/* the scripts, joined, on stdout */
	MODE_JSON,		/* --json */
	MODE_FILES,		/* -o DIR */
	MODE_CHECK,		/* --check */
	MODE_LIST,		/* --list-fields */
	MODE_TOJSON,		/* --to-json */
	MODE_CHECKD,		/* --check-d: the input is D */
	MODE_METRICS		/* --list: the metrics in METAD_PATH */
} md_cli_mode_t;

/* Long options without a short form. */
#define	OPT_JSON	256
#define	OPT_CHECK	257
#define	OPT_LIST	258
#define	OPT_TOJSON	259
#define	OPT_CHECKD	260
#define	OPT_QUIET	261
#define	OPT_METRICS	262

typedef struct opts {
	int		o_in;		/* standard input */
	int		o_out;		/* standard output */
	FILE		*o_err;		/* standard error */
	int		o_flags;	/* MD_CLI_* */
	md_cli_mode_t	o_mode;
	const char	*o_modeopt;	/* the option that set o_mode */
	int		o_done;		/* -h or -V answered */
	const char	**o_sfields;	/* -s, in order */
	size_t		o_nsfields;
	const char	*o_nfield;	/* -n, the last one */
	const char	*o_predarg;	/* -p, the last one */
	md_pred_t	*o_pred;
	const char	**o_zones;	/* -z, in order */
	size_t		o_nzones;
	md_option_t	*o_options;	/* -x, names allocated */
	size_t		o_noptions;
	const char	*o_interval;	/* -i */
	const char	*o_duration;	/* -T */
	const char	*o_hostname;	/* -H */
	const char	*o_dir;		/* -o */
	const char	*o_file;	/* NULL or "-": stdin */
	char		*o_path;	/* o_file, found (cli_find.c) */
} opts_t;

static const char md_cli_usage_text[] =
	"usage: meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...]\n"
	"              [-x NAME[=VALUE] ...] [--quiet] [-i INTERVAL] "
	"[-T DURATION]\n"
	"              [-H HOSTNAME] [--json | -o DIR] [METRIC]\n"
	"       meta-d --check | --list-fields | --to-json [METRIC]\n"
	"       meta-d --check-d [FILE]\n"
	"       meta-d --list | -h | -V\n"
	"\n"
	"  -s FIELD               break the results down by FIELD "
	"(at most two -s/-n)\n"
	"  -n FIELD               aggregate the numeric FIELD "
	"(e.g. quantize latency)\n"
	"  -p, --predicate PRED   count only what matches the krill "
	"predicate PRED (JSON)\n"
	"  -z, --zone ZONE        only zone ZONE (repeatable)\n"
	"  -x NAME[=VALUE]        add #pragma D option NAME=VALUE, as "
	"dtrace -x (repeatable)\n"
	"  --quiet                -x quiet: dtrace prints only what the "
	"script does\n"
	"  -i, --interval TIME    print and clear the aggregation every "
	"TIME (1s, 500ms, 5hz)\n"
	"  -T, --duration TIME    stop tracing after TIME (10s, 2min; 10 "
	"is 10s) and print\n"
	"  -H, --hostname NAME    the host name $hostname stands for "
	"(default: this one's)\n"
	"  --json                 print one JSON document: scripts, zero, "
	"hasdists, ...\n"
	"  -o, --output-dir DIR   write each script to DIR/NAME.d "
	"(NAME-ZONE.d per zone),\n"
	"                         runnable: #!/usr/sbin/dtrace -s, mode 0755\n"
	"  --check                only check the metric and its D (with -s, -n,\n"
	"                         -p, -z...: that request's scripts only)\n"
	"  --check-d              check that FILE is D, without dtrace\n"
	"  --list-fields          print the metric's fields, one a line\n"
	"  --to-json              print the metric as JSON (from JavaScript)\n"
	"  --list                 name the metrics in METAD_PATH, with their "
	"descriptions\n"
	"  -h, --help             print this and exit\n"
	"  -V, --version          print the version and exit\n"
	"  METRIC                 the metric's file, JSON or the original's "
	"JavaScript,\n"
	"                         or its name in METAD_PATH (syscall-ops); "
	"none or -\n"
	"                         reads standard input\n";

/* After a usage error: the message said what; this, how. */
static const char md_cli_usage_short[] =
	"usage: meta-d [-s FIELD] [-n FIELD] [-p PREDICATE] [-z ZONE] "
	"[OPTION ...] [METRIC]\n"
	"       (meta-d -h lists every option)\n";

static void errmsg(const opts_t *, const char *, ...) MD_CLI_PRINTFLIKE(2, 3);

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

static int
usage_error(const opts_t *o)
{
	(void) fputs(md_cli_usage_short, o->o_err);
	return (MD_CLI_USAGE);
}

/* -h and -V: the answer on stdout, and nothing more to do. */
static int
answer(opts_t *o, const char *text)
{
	o->o_done = 1;
	if (md_cli_write(o->o_out, text, strlen(text)) != 0) {
		errmsg(o, "write: %s", strerror(errno));
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

static int
set_mode(opts_t *o, md_cli_mode_t mode, const char *opt)
{
	if (o->o_mode != MODE_TEXT && o->o_mode != mode) {
		errmsg(o, "%s and %s cannot be used together", o->o_modeopt,
		    opt);
		return (usage_error(o));
	}
	o->o_mode = mode;
	o->o_modeopt = opt;
	return (MD_CLI_SUCCESS);
}

/*
 * -x NAME or -x NAME=VALUE, checked as libmetad will; one given twice
 * (--quiet and -x quiet) is one pragma.
 */
static int
add_option(opts_t *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	md_option_t *opt = &o->o_options[o->o_noptions];
	md_error_t err;
	size_t i, n = eq == NULL ? strlen(arg) : (size_t)(eq - arg);

	for (i = 0; i < o->o_noptions; i++) {
		const md_option_t *p = &o->o_options[i];

		if (strlen(p->mdo_name) == n && strncmp(p->mdo_name, arg, n) ==
		    0 && (eq == NULL ? p->mdo_value == NULL : p->mdo_value !=
		    NULL && strcmp(p->mdo_value, eq + 1) == 0))
			return (MD_CLI_SUCCESS);
	}

	if (o->o_noptions == MD_MAXOPTIONS) {
		errmsg(o, "too many -x options (at most %d)", MD_MAXOPTIONS);
		return (usage_error(o));
	}
	opt->mdo_name = eq == NULL ? strdup(arg) :
	    strndup(arg, (size_t)(eq - arg));
	opt->mdo_value = eq == NULL ? NULL : eq + 1;
	if (opt->mdo_name == NULL) {
		errmsg(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	o->o_noptions++;
	if (md_option_check(opt->mdo_name, opt->mdo_value, &err) != 0) {
		errmsg(o, "-x %s: %s", arg, err.mde_msg);
		return (usage_error(o));
	}
	return (MD_CLI_SUCCESS);
}

/* What the options ask of METRIC and of one another. */
static int
check_args(const opts_t *o)
{
	size_t n;

	if (o->o_mode == MODE_METRICS && o->o_file != NULL) {
		errmsg(o, "--list takes no METRIC");
		return (usage_error(o));
	}
	if (o->o_mode != MODE_FILES)
		return (MD_CLI_SUCCESS);
	if (o->o_file == NULL || strcmp(o->o_file, "-") == 0) {
		errmsg(o, "-o names the scripts after METRIC: give one");
		return (usage_error(o));
	}
	n = strlen(o->o_dir);
	if (n >= 2 && strcmp(o->o_dir + n - 2, ".d") == 0) {
		errmsg(o, "-o \"%s\": -o takes a directory, and names the "
		    "scripts in it after METRIC; for one file, redirect: "
		    "meta-d ... > %s", o->o_dir, o->o_dir);
		return (usage_error(o));
	}
	return (MD_CLI_SUCCESS);
}

/*
 * -p: the predicate, parsed.  A mistake gets the parser's message, what a
 * predicate looks like, and, for the common slip, that JSON quotes keys.
 */
static int
parse_pred(opts_t *o)
{
	const char *p = o->o_predarg;
	md_error_t err;

	o->o_pred = md_pred_parse(p, strlen(p), &err);
	if (o->o_pred != NULL)
		return (MD_CLI_SUCCESS);
	if (err.mde_code == MD_ERR_NOMEM) {
		errmsg(o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	errmsg(o, "invalid predicate: %s", p);
	errmsg(o, "%s", err.mde_msg);
	p += strspn(p, " \t\n\r");
	if (*p == '{') {
		p += 1 + strspn(p + 1, " \t\n\r");
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
			errmsg(o, "JSON needs double quotes around keys: "
			    "-p '{\"eq\": [\"execname\", \"sshd\"]}'");
	}
	errmsg(o, "a predicate is {\"OP\": [FIELD, VALUE]}, OP one of eq ne "
	    "lt le gt ge; or {\"and\": [P, P, ...]}, {\"or\": [...]}, {}");
	return (usage_error(o));
}

/*
 * An option's argument that libmetad checks: a usage error, saying what
 * is valid, when it is not.
 */
static int
opt_valid(const opts_t *o, int c, const char *arg)
{
	static const struct {
		int		v_opt;
		int		(*v_valid)(const char *);
		const char	*v_what;
		const char	*v_rule;
	} v[] = {
		{ 'z', md_zone_valid, "zone name", "1 to 64 letters, digits, "
		    "'-', '_' or '.', the first a letter or digit" },
		{ 'i', md_interval_valid, "interval", "as dtrace's tick "
		    "probes: 1s, 500ms, 10sec, 5hz; 200us, or 5000hz, at "
		    "least" },
		{ 'T', md_duration_valid, "duration", "a time, as 10s, 500ms "
		    "or 2min; digits alone are seconds; 200us at least" },
		{ 'H', md_host_valid, "host name", "1 to 255 letters, digits, "
		    "'-' and '.'" }
	};
	size_t i;

	for (i = 0; v[i].v_opt != c; i++)
		continue;
	if (v[i].v_valid(arg))
		return (MD_CLI_SUCCESS);
	errmsg(o, "invalid %s: \"%s\" (%s)", v[i].v_what, arg, v[i].v_rule);
	return (usage_error(o));
}

/* getopt's complaint: a missing argument, or an unknown option. */
static int
opt_bad(const opts_t *o, int c, char **argv)
{
	const char *arg = argv[optind - 1];

	if (c == ':' && strncmp(arg, "--", 2) == 0)
		errmsg(o, "option requires an argument: %s", arg);
	else if (c == ':')
		errmsg(o, "option requires an argument: -%c", optopt);
	else if (optopt == 0)	/* an unknown long option */
		errmsg(o, "unknown option: %s", arg);
	else if (optopt == 'q')
		errmsg(o, "unknown option: -q (--quiet is -x quiet)");
	else
		errmsg(o, "unknown option: -%c", optopt);
	return (usage_error(o));
}

/* The modes, by option, and the option that names each in messages. */
static const struct {
	int		m_opt;
	md_cli_mode_t	m_mode;
	const char	*m_name;
} modes[] = {
	{ 'o', MODE_FILES, "-o" },
	{ OPT_JSON, MODE_JSON, "--json" },
	{ OPT_CHECK, MODE_CHECK, "--check" },
	{ OPT_LIST, MODE_LIST, "--list-fields" },
	{ OPT_TOJSON, MODE_TOJSON, "--to-json" },
	{ OPT_CHECKD, MODE_CHECKD, "--check-d" },
	{ OPT_METRICS, MODE_METRICS, "--list" }
};

/* One option c (its argument arg) into o.  Returns an MD_CLI_* status. */
static int
take_option(opts_t *o, int c, const char *arg, char **argv)
{
	size_t i;

	switch (c) {
	case 's':
		o->o_sfields[o->o_nsfields++] = arg;
		return (MD_CLI_SUCCESS);
	case 'n':
		o->o_nfield = arg;
		return (MD_CLI_SUCCESS);
	case 'p':
		o->o_predarg = arg;
		return (MD_CLI_SUCCESS);
	case 'z':
		if (opt_valid(o, c, arg) != MD_CLI_SUCCESS)
			return (MD_CLI_USAGE);
		if (o->o_nzones == MD_MAXZONES) {
			errmsg(o, "too many zones (at most %d)", MD_MAXZONES);
			return (usage_error(o));
		}
		o->o_zones[o->o_nzones++] = arg;
		return (MD_CLI_SUCCESS);
	case 'i':
	case 'T':
	case 'H':
		if (opt_valid(o, c, arg) != MD_CLI_SUCCESS)
			return (MD_CLI_USAGE);
		if (c == 'i')
			o->o_interval = arg;
		else if (c == 'T')
			o->o_duration = arg;
		else
			o->o_hostname = arg;
		return (MD_CLI_SUCCESS);
	case 'x':
		return (add_option(o, arg));
	case OPT_QUIET:
		return (add_option(o, "quiet"));
	case 'h':
		return (answer(o, md_cli_usage_text));
	case 'V':
		return (answer(o, "meta-d " MD_VERSION "\n"));
	}
	for (i = 0; i < sizeof (modes) / sizeof (modes[0]); i++) {
		if (modes[i].m_opt == c) {
			if (c == 'o')
				o->o_dir = arg;
			return (set_mode(o, modes[i].m_mode, modes[i].m_name));
		}
	}
	return (opt_bad(o, c, argv));
}

/* Parse the command line into o.  Returns an MD_CLI_* exit status. */
static int
parse_args(int argc, char **argv, opts_t *o)
{
	static const struct option longopts[] = {
		{ "predicate", required_argument, NULL, 'p' },
		{ "zone", required_argument, NULL, 'z' },
		{ "interval", required_argument, NULL, 'i' },
		{ "duration", required_argument, NULL, 'T' },
		{ "output-dir", required_argument, NULL, 'o' },
		{ "hostname", required_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, OPT_QUIET },
		{ "list", no_argument, NULL, OPT_METRICS },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "list-fields", no_argument, NULL, OPT_LIST },
		{ "to-json", no_argument, NULL, OPT_TOJSON },
		{ "check-d", no_argument, NULL, OPT_CHECKD },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rv = MD_CLI_SUCCESS;

	/* at most one -s, -z or -x per argument; argc may be 0 */
	if ((o->o_sfields = calloc((size_t)argc + 1, sizeof (char *))) ==
	    NULL || (o->o_zones = calloc((size_t)argc + 1,
	    sizeof (char *))) == NULL || (o->o_options = calloc(
	    MD_MAXOPTIONS, sizeof (md_option_t))) == NULL) {
		errmsg(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	opterr = 0;
#ifdef __GLIBC__
	optind = 0;	/* start over, as for a new process */
#else
	optind = 1;
#endif
	while (rv == MD_CLI_SUCCESS && !o->o_done && (c = getopt_long(argc,
	    argv, ":s:n:p:z:x:i:T:H:o:hV", longopts, NULL)) != -1)
		rv = take_option(o, c, optarg, argv);
	if (rv != MD_CLI_SUCCESS || o->o_done)
		return (rv);

	if (argc - optind > 1) {
		errmsg(o, "too many files: give one metric (or none to read "
		    "standard input)");
		return (usage_error(o));
	}
	o->o_file = optind < argc ? argv[optind] : NULL;
	if ((rv = check_args(o)) != MD_CLI_SUCCESS)
		return (rv);
	if (o->o_predarg != NULL)
		return (parse_pred(o));
	return (MD_CLI_SUCCESS);
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
 * The metric's file: METRIC as given, or found by name in METAD_PATH
 * (cli_find.c); o_path stays NULL for standard input.
 */
static int
find_input(opts_t *o)
{
	if (o->o_file == NULL || strcmp(o->o_file, "-") == 0)
		return (MD_CLI_SUCCESS);
	if (o->o_mode == MODE_CHECKD)	/* D, not a metric */
		o->o_path = strdup(o->o_file);
	else
		o->o_path = md_cli_find(o->o_file);
	if (o->o_path != NULL)
		return (MD_CLI_SUCCESS);
	if (errno == ENOMEM)
		errmsg(o, "out of memory");
	else
		errmsg(o, "read \"%s\": %s, and METAD_PATH (%s) has no "
		    "metric of that name", o->o_file, strerror(ENOENT),
		    md_cli_metad_path());
	return (MD_CLI_ERROR);
}

/* --list: the metrics METAD_PATH holds. */
static int
list_metrics(const opts_t *o)
{
	size_t len;
	char *text;
	int rv = MD_CLI_SUCCESS;

	if ((text = md_cli_list(&len)) == NULL) {
		if (errno == ENOMEM)
			errmsg(o, "out of memory");
		else
			errmsg(o, "no metrics in METAD_PATH (%s)",
			    md_cli_metad_path());
		return (MD_CLI_ERROR);
	}
	if (md_cli_write(o->o_out, text, len) != 0) {
		errmsg(o, "write: %s", strerror(errno));
		rv = MD_CLI_ERROR;
	}
	free(text);
	return (rv);
}

static int
read_input(const opts_t *o, char **bufp, size_t *lenp)
{
	const char *file = o->o_path;
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
	e = md_cli_read_fd(fd, bufp, lenp);
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

/* --list-fields: the metric's public fields, one a line. */
static char *
list_fields(const md_metric_t *m, size_t *lenp)
{
	size_t n = md_metric_nfields(m), i;
	char *text = NULL;
	FILE *f;

	if ((f = open_memstream(&text, lenp)) == NULL)
		return (NULL);
	for (i = 0; i < n; i++)
		(void) fprintf(f, "%s\n", md_metric_field(m, i));
	return (md_cli_mclose(f, &text) == 0 ? text : NULL);
}

/* The name of the scripts for -o: FILE's base name without extension. */
static char *
script_name(const char *file)
{
	const char *base = strrchr(file, '/'), *dot;

	base = base == NULL ? file : base + 1;
	if ((dot = strrchr(base, '.')) == NULL || dot == base)
		dot = base + strlen(base);
	return (strndup(base, (size_t)(dot - base)));
}

/*
 * The request the options make: -s fields, then the -n field (into
 * decomps, which the caller frees).  md_generate() reports an unknown
 * field before too many decompositions.
 */
static int
make_request(const opts_t *o, md_request_t *req, md_decomp_t **decomps)
{
	size_t nd = o->o_nsfields + (o->o_nfield != NULL), i;

	if ((*decomps = calloc(nd + 1, sizeof (**decomps))) == NULL) {
		errmsg(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	for (i = 0; i < nd; i++) {
		(*decomps)[i].mdd_field = i < o->o_nsfields ? o->o_sfields[i] :
		    o->o_nfield;
		(*decomps)[i].mdd_kind = i < o->o_nsfields ?
		    MD_DECOMP_STRING : MD_DECOMP_NUMBER;
	}
	(void) memset(req, 0, sizeof (*req));
	req->mdq_decomps = *decomps;
	req->mdq_ndecomps = nd;
	req->mdq_pred = o->o_pred;
	req->mdq_zones = o->o_zones;
	req->mdq_nzones = o->o_nzones;
	req->mdq_options = o->o_options;
	req->mdq_noptions = o->o_noptions;
	req->mdq_interval = o->o_interval;
	req->mdq_duration = o->o_duration;
	req->mdq_hostname = o->o_hostname;
	return (MD_CLI_SUCCESS);
}

/* Does the command line ask for one request (-s, -n, -p, -z, ...)? */
static int
has_request(const opts_t *o)
{
	return (o->o_nsfields > 0 || o->o_nfield != NULL || o->o_pred !=
	    NULL || o->o_nzones > 0 || o->o_noptions > 0 || o->o_interval !=
	    NULL || o->o_duration != NULL);
}

/* A failed request: "translating: " leads what translating found. */
static void
request_error(const opts_t *o, const md_error_t *err)
{
	if (err->mde_code == MD_ERR_TRANSLATE || err->mde_code == MD_ERR_LIMIT ||
	    err->mde_code == MD_ERR_D)
		errmsg(o, "translating: %s", err->mde_msg);
	else
		errmsg(o, "%s", err->mde_msg);
}

/*
 * --check: the metric's D, every request a user can make of it, or the
 * one the command line makes.
 */
static int
check(const opts_t *o, const md_metric_t *m)
{
	md_decomp_t *decomps = NULL;
	md_request_t req;
	md_error_t err;
	int rv;

	if (has_request(o)) {
		if ((rv = make_request(o, &req, &decomps)) != MD_CLI_SUCCESS)
			return (rv);
		rv = md_metric_check(m, &req, &err);
		free(decomps);
		if (rv != 0) {
			request_error(o, &err);
			return (MD_CLI_ERROR);
		}
		return (MD_CLI_SUCCESS);
	}
	if (md_metric_check(m, NULL, &err) != 0) {
		if (err.mde_code == MD_ERR_NOMEM)
			errmsg(o, "%s", err.mde_msg);
		else
			errmsg(o, "meta-D is invalid: %s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

/* Generate, and make what the mode writes into *outp (*outlenp bytes). */
static int
generate(const opts_t *o, const md_metric_t *m, char **outp, size_t *outlenp)
{
	char what[MD_ERRMSGLEN], *name;
	md_decomp_t *decomps;
	md_request_t req;
	md_result_t *r;
	md_error_t err;
	int rv = MD_CLI_ERROR;

	if ((rv = make_request(o, &req, &decomps)) != MD_CLI_SUCCESS)
		return (rv);
	rv = MD_CLI_ERROR;
	r = md_generate(m, &req, &err);
	free(decomps);
	if (r == NULL) {
		request_error(o, &err);
		return (MD_CLI_ERROR);
	}

	switch (o->o_mode) {
	case MODE_JSON:
		if ((*outp = md_result_json(r, outlenp)) == NULL)
			errmsg(o, "out of memory");
		else
			rv = MD_CLI_SUCCESS;
		break;
	case MODE_FILES:
		if ((name = script_name(o->o_path)) == NULL) {
			errmsg(o, "out of memory");
			break;
		}
		if (md_cli_files(r, o->o_zones, o->o_dir, name, outp, outlenp,
		    what, sizeof (what)) != 0)
			errmsg(o, "write \"%s\": %s", *what != '\0' ? what :
			    o->o_dir, strerror(errno));
		else
			rv = MD_CLI_SUCCESS;
		free(name);
		break;
	default:
		if ((*outp = md_result_join(r, outlenp)) == NULL)
			errmsg(o, "out of memory");
		else
			rv = MD_CLI_SUCCESS;
		break;
	}
	md_result_free(r);
	return (rv);
}

/*
 * --to-json: the metric as JSON, as it came or as a JavaScript metric
 * registered it; checked to be JSON, not to be a valid metric.
 */
static char *
to_json(const char *buf, size_t len, size_t *lenp, md_error_t *err)
{
	char *out;

	if (md_json_check(buf, len, err) != 0)
		return (NULL);
	if ((out = malloc(len + 2)) == NULL) {
		err->mde_code = MD_ERR_NOMEM;
		(void) snprintf(err->mde_msg, sizeof (err->mde_msg),
		    "out of memory");
		return (NULL);
	}
	(void) memcpy(out, buf, len);
	if (len == 0 || buf[len - 1] != '\n')
		out[len++] = '\n';
	*lenp = len;
	return (out);
}

/*
 * --check-d: the input is D.  A fault is reported as editors and
 * compilers do, FILE:LINE:COLUMN: MESSAGE.
 */
static int
check_d(const opts_t *o, const char *name, const char *buf, size_t len)
{
	md_error_t err;
	size_t line, col;

	if (md_d_check(buf, len, &line, &col, &err) == 0)
		return (MD_CLI_SUCCESS);
	errmsg(o, "%s:%zu:%zu: %s", name, line, col, err.mde_msg);
	return (MD_CLI_ERROR);
}

/*
 * The metric's JSON text: buf without a UTF-8 byte-order mark (no part of
 * the metric, JSON or not), or what a JavaScript metric registered (in
 * *jsonp, for the caller to free).  NULL when it cannot be had.
 */
static const char *
metric_text(const opts_t *o, const char *name, const char *buf,
    size_t *lenp, char **jsonp)
{
	char msg[MD_ERRMSGLEN];
	md_error_t err;
	size_t len = *lenp;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	*lenp = len;
	if (!md_cli_isjs(buf, len))
		return (buf);
	if (o->o_flags & MD_CLI_NOJS) {
		errmsg(o, "processing \"%s\": JavaScript metrics are not "
		    "read here", name);
		return (NULL);
	}
	if (md_text_check(buf, len, "", &err) != 0) {
		errmsg(o, "processing \"%s\": %s", name, err.mde_msg);
		return (NULL);
	}
	if (md_cli_js(buf, len, name, jsonp, lenp, msg, sizeof (msg)) != 0) {
		errmsg(o, "processing \"%s\": %s", name, msg);
		return (NULL);
	}
	return (*jsonp);
}

/* The metric loaded, its warnings said; NULL and a message if it fails. */
static md_metric_t *
load_metric(const opts_t *o, const char *name, const char *text, size_t len)
{
	md_metric_t *m;
	md_error_t err;
	size_t i;

	if ((m = md_metric_load(text, len, &err)) == NULL) {
		if (err.mde_code == MD_ERR_INVALID)
			errmsg(o, "meta-D is invalid: %s", err.mde_msg);
		else if (err.mde_code == MD_ERR_NOMEM)
			errmsg(o, "%s", err.mde_msg);
		else
			errmsg(o, "processing \"%s\": %s", name, err.mde_msg);
		return (NULL);
	}
	for (i = 0; i < md_metric_nwarnings(m); i++)
		errmsg(o, "warning: %s", md_metric_warning(m, i));
	return (m);
}

/* What the mode makes of the metric, into *outp: fields, a check, scripts. */
static int
use_metric(const opts_t *o, const md_metric_t *m, char **outp,
    size_t *outlenp)
{
	if (o->o_mode == MODE_CHECK)
		return (check(o, m));
	if (o->o_mode != MODE_LIST)
		return (generate(o, m, outp, outlenp));
	if ((*outp = list_fields(m, outlenp)) == NULL) {
		errmsg(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

/* Write out (outlen bytes) if all went well; free it.  The status. */
static int
finish(const opts_t *o, int rv, char *out, size_t outlen)
{
	if (rv == MD_CLI_SUCCESS && md_cli_write(o->o_out, out, outlen) != 0) {
		errmsg(o, "write: %s", strerror(errno));
		rv = MD_CLI_ERROR;
	}
	free(out);
	return (rv);
}

/* Do what the mode asks of the input, and write.  Returns the status. */
static int
run(const opts_t *o, const char *buf, size_t len)
{
	const char *name = o->o_path == NULL ? STDIN_NAME : o->o_path, *text;
	char *json = NULL, *out = NULL;
	md_metric_t *m;
	md_error_t err;
	size_t outlen = 0;
	int rv = MD_CLI_ERROR;

	if (o->o_mode == MODE_CHECKD)
		return (check_d(o, name, buf, len));
	if ((text = metric_text(o, name, buf, &len, &json)) == NULL)
		return (MD_CLI_ERROR);
	if (o->o_mode == MODE_TOJSON) {
		if ((out = to_json(text, len, &outlen, &err)) == NULL)
			errmsg(o, "processing \"%s\": %s", name, err.mde_msg);
		else
			rv = MD_CLI_SUCCESS;
	} else if ((m = load_metric(o, name, text, len)) != NULL) {
		rv = use_metric(o, m, &out, &outlen);
		md_metric_free(m);
	}
	free(json);
	return (finish(o, rv, out, outlen));
}

int
md_cli_main(int argc, char **argv, int in, int out, FILE *err, int flags)
{
	opts_t o;
	char *buf = NULL;
	size_t len = 0, i;
	int rv;

	(void) memset(&o, 0, sizeof (o));
	o.o_in = in;
	o.o_out = out;
	o.o_err = err;
	o.o_flags = flags;
	if ((rv = parse_args(argc, argv, &o)) == MD_CLI_SUCCESS && !o.o_done) {
		if (o.o_mode == MODE_METRICS)
			rv = list_metrics(&o);
		else if ((rv = find_input(&o)) == MD_CLI_SUCCESS &&
		    (rv = read_input(&o, &buf, &len)) == MD_CLI_SUCCESS)
			rv = run(&o, buf, len);
	}

	free(o.o_path);
	free(buf);
	md_pred_free(o.o_pred);
	free(o.o_sfields);
	free(o.o_zones);
	for (i = 0; i < o.o_noptions; i++)
		free((char *)o.o_options[i].mdo_name);
	free(o.o_options);
	return (rv);
}

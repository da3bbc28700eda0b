/*
 * cli_modes.c: the meta-d command line.
 *
 *	meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...]
 *	    [-x NAME[=VALUE] ...] [-q] [-i INTERVAL] [-T DURATION]
 *	    [-H HOSTNAME] [--json | -o DIR] [METRIC]
 *	meta-d --top [-s FIELD ...] [-n FIELD] [...] [METRIC]
 *	meta-d --check [--compile [-L DIR ...] [-v]] [METRIC ...]
 *	meta-d --list-fields | --to-json [METRIC]
 *	meta-d --check-d [FILE]
 *	meta-d --heatmap [--title TEXT] [--key KEY] [--unit UNIT] [--crop PCT]
 *	    [--shade rank|log|linear] [--size WxH] [FILE]
 *	meta-d --flamegraph [--title TEXT] [--size WxH] [FILE]
 *	meta-d --list | -h | -V
 *
 * Parses the options, picks the mode (the table md_cli_modes[]: each mode
 * its option, the input it reads, the options it takes, whether it
 * streams, and its handler in a file of its own), finds the input (a
 * path, or a metric's name in METAD_PATH: cli_find.c), reads it (a
 * JavaScript metric goes through cli_js.c first), loads the metric and
 * makes the request the options ask for, and calls the handler.  What a
 * buffered mode made is written once everything has succeeded (all or
 * nothing), and a failed write is an error.
 *
 * Exit status: 0 success, 1 error, 2 usage (including an invalid
 * predicate, zone name, option or interval, and an option the mode does
 * not take).  Every message starts with "meta-d: "; what it quotes from
 * the user is escaped (md_cli_err()).
 *
 * md_cli_main() takes its input, output and error streams as arguments and
 * keeps no state between calls, so that a fuzzer can run the whole command
 * line in-process; main.c calls it with the standard ones.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* Long options without a short form. */
#define	OPT_JSON	256
#define	OPT_CHECK	257
#define	OPT_LIST	258
#define	OPT_TOJSON	259
#define	OPT_CHECKD	260
#define	OPT_METRICS	262
#define	OPT_RUN		263
#define	OPT_COMPILE	264
#define	OPT_PROM	265
#define	OPT_NAME	266
#define	OPT_HEATMAP	270
#define	OPT_TITLE	271
#define	OPT_KEY		272
#define	OPT_EVICT	273
#define	OPT_MAXSERIES	274
#define	OPT_TOP		275
#define	OPT_UNIT	276
#define	OPT_CROP	277
#define	OPT_SHADE	278
#define	OPT_SIZE	279
#define	OPT_FLAME	280

/* --evict's and --max-series' defaults (SPEC 8.1, 8.3), and their most. */
#define	MD_CLI_EVICT		60
#define	MD_CLI_MAXSERIES	10000
#define	MD_CLI_COUNTMAX		100000000
#define	MD_CLI_SIZEMAX		100000	/* --size's most, each way */

/*
 * The modes.  The first is the default; any other is asked for by its
 * option, and excludes every other mode.  A mode reads its input
 * (cm_in), takes the options of its groups (cm_takes: any other given is
 * a usage error), and its handler either leaves what it makes for
 * md_cli_main() to write once all went well, or (cm_writes: --run, which
 * streams, and -o, whose stdout is part of what it undoes on failure)
 * writes it to cj_fd, which only such a mode is given.
 */
static const md_cli_mode_t md_cli_modes[] = {
	{ 0, "the scripts", MD_CLI_INMETRIC, MD_CLI_TREQ, 0, md_cli_scripts },
	{ OPT_JSON, "--json", MD_CLI_INMETRIC, MD_CLI_TREQ, 0, md_cli_json },
	{ 'o', "-o", MD_CLI_INMETRIC, MD_CLI_TREQ, 1, md_cli_outdir },
	{ OPT_CHECK, "--check", MD_CLI_INMETRIC, MD_CLI_TREQ | MD_CLI_TCOMPILE |
	    MD_CLI_TVERB | MD_CLI_TLIB, 0, md_cli_check },
	{ OPT_CHECKD, "--check-d", MD_CLI_INTEXT, 0, 0, md_cli_checkd },
	{ OPT_LIST, "--list-fields", MD_CLI_INMETRIC, 0, 0, md_cli_fields },
	{ OPT_TOJSON, "--to-json", MD_CLI_INJSON, 0, 0, md_cli_tojson },
	{ OPT_METRICS, "--list", MD_CLI_INNONE, 0, 0, md_cli_metrics },
	{ OPT_RUN, "--run", MD_CLI_INMETRIC, MD_CLI_TREQ | MD_CLI_TPROM |
	    MD_CLI_TRUN | MD_CLI_THEAT | MD_CLI_TTITLE | MD_CLI_TSIZE |
	    MD_CLI_TVERB | MD_CLI_TLIB, 1, md_cli_run },
	{ OPT_HEATMAP, "--heatmap", MD_CLI_INLINES, MD_CLI_THEAT |
	    MD_CLI_TTITLE | MD_CLI_TSIZE, 0, md_cli_heatmap },
	{ OPT_FLAME, "--flamegraph", MD_CLI_INLINES, MD_CLI_TTITLE |
	    MD_CLI_TSIZE, 0, md_cli_flame },
	{ OPT_TOP, "--top", MD_CLI_INMETRIC, MD_CLI_TREQ | MD_CLI_TRUN |
	    MD_CLI_TVERB, 1, md_cli_top }
};

#define	MD_CLI_NMODES	(sizeof (md_cli_modes) / sizeof (md_cli_modes[0]))
static const char md_cli_usage_text[] =
	"usage: meta-d [-s FIELD ...] [-n FIELD] [-p PREDICATE] [-z ZONE ...]\n"
	"              [-x NAME[=VALUE] ...] [-q] [-i INTERVAL] "
	"[-T DURATION]\n"
	"              [-H HOSTNAME] [--json | -o DIR | --run] [METRIC]\n"
	"       meta-d --run [--evict N] [-v] [-L DIR ...] [--prometheus FILE\n"
	"              [--name NAME] [--max-series N]] [--heatmap SVGFILE\n"
	"              [HEATMAP OPTIONS] | --flamegraph SVGFILE [--title TEXT]\n"
	"              [--size WxH]]"
	" [-s FIELD ...] [...] [METRIC]\n"
	"       meta-d --top [-i TIME] [-T TIME] [-s FIELD ...] [-n FIELD]\n"
	"              "
	"[...] [METRIC]\n"
	"       meta-d --check [-s FIELD ...] [-n FIELD] [...] [METRIC]\n"
	"       meta-d --check --compile [-L DIR ...] [-v] [-s FIELD ...] "
	"[...]\n"
	"              [METRIC ...]\n"
	"       meta-d --list-fields | --to-json [METRIC]\n"
	"       meta-d --check-d [FILE]\n"
	"       meta-d --heatmap [--title TEXT] [--key KEY] [--unit UNIT] "
	"[--crop PCT]\n"
	"              [--shade rank|log|linear] [--size WxH] [FILE]\n"
	"       meta-d --flamegraph [--title TEXT] [--size WxH] [FILE]\n"
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
	"  -q, --quiet            -x quiet: dtrace prints only what the "
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
	"  --run                  trace with libdtrace, and print the values as "
	"JSON,\n"
	"                         a line every -i (1s), until -T or a signal\n"
	"  --top                  trace as --run, and show each interval "
	"as a live view,\n"
	"                         as top does (redrawn on a terminal, "
	"else appended)\n"
	"  --evict N              with --run: take a key out of dtrace's "
	"aggregation after\n"
	"                         N intervals without an event (60; 0: "
	"never)\n"
	"  -v, --verbose          with --run: say how it reads the "
	"aggregation; with\n"
	"                         --compile: name every refused request\n"
	"  --prometheus FILE      with --run: keep FILE a Prometheus textfile "
	"of the values\n"
	"  --name NAME            its name (metad_METRIC_NFIELD, and _seconds "
	"or _bytes)\n"
	"  --max-series N         at most N series in FILE, the busiest "
	"(10000; 0: all)\n"
	"  --check                only check the metric and its D (with -s, -n,\n"
	"                         -p, -z...: that request's scripts only)\n"
	"  --compile              with --check: compile each script with "
	"libdtrace too,\n"
	"                         of each METRIC given (one line per cause)\n"
	"  -L DIR                 with --compile or --run: add DIR's D "
	"libraries (a\n"
	"                         provider's translators), as dtrace -L "
	"(repeatable)\n"
	"  --check-d              check that FILE is D, without dtrace\n"
	"  --list-fields          print the metric's fields, one a line, "
	"and their units\n"
	"  --to-json              print the metric as JSON (from JavaScript)\n"
	"  --heatmap              draw the lines meta-d --run printed (FILE, "
	"or stdin)\n"
	"                         as a heat map: one SVG document on stdout;\n"
	"                         --run --heatmap SVGFILE: keep SVGFILE "
	"current (needs -n)\n"
	"  --title TEXT           the picture's title (default: the metric, "
	"or FILE)\n"
	"  --key KEY              draw only KEY's distributions (default: "
	"keys summed)\n"
	"  --unit UNIT            the values' unit (nanoseconds, bytes, any "
	"word)\n"
	"  --crop PCT             leave the top PCT% of events above the axis "
	"(0.1; 0: none)\n"
	"  --shade rank|log|linear  a cell's shade by its count's rank "
	"(default), log, count\n"
	"  --flamegraph           draw the stacks of the lines meta-d --run "
	"printed (FILE,\n"
	"                         or stdin) as a flame graph: one SVG "
	"document on stdout;\n"
	"                         --run --flamegraph SVGFILE: keep SVGFILE "
	"current (needs -s)\n"
	"  --size WxH             the picture's size in pixels (heat map: "
	"1000x400;\n"
	"                         flame graph: 1200 wide, its height the "
	"stacks' depth)\n"
	"  --list                 name the metrics in METAD_PATH, with their "
	"descriptions\n"
	"  -h, --help             print this and exit\n"
	"  -V, --version          print the version and exit\n"
	"  METRIC                 the metric's file, JSON or the original's "
	"JavaScript,\n"
	"                         or its name in METAD_PATH (syscall-ops); "
	"none or -\n"
	"                         reads standard input\n";

/* -h and -V: the answer on stdout, and nothing more to do. */
static int
answer(md_cli_opts_t *o, const char *text)
{
	o->o_done = 1;
	if (md_cli_write(o->o_out, text, strlen(text)) != 0) {
		md_cli_err(o, "write: %s", strerror(errno));
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

/* The mode of option c: at most one is asked for. */
static int
set_mode(md_cli_opts_t *o, const md_cli_mode_t *mode)
{
	if (o->o_mode != &md_cli_modes[0] && o->o_mode != mode) {
		md_cli_err(o, "%s and %s cannot be used together",
		    o->o_mode->cm_name, mode->cm_name);
		return (md_cli_usage(o));
	}
	o->o_mode = mode;
	return (MD_CLI_SUCCESS);
}

/* An option of group g was given (its name c, for messages). */
static void
given(md_cli_opts_t *o, unsigned g, int c)
{
	size_t i;

	for (i = 0; i < MD_CLI_NGROUPS && (1U << i) != g; i++)
		continue;
	if ((o->o_given & g) == 0 && i < MD_CLI_NGROUPS)
		o->o_givenopt[i] = c;
	o->o_given |= g;
}

/* Option c's name, for messages: "-s", or a long option's. */
static const char *
opt_name(int c, char *buf)
{
	if (c == OPT_TITLE)
		return ("--title");
	if (c == OPT_COMPILE)
		return ("--compile");
	if (c == OPT_PROM)
		return ("--prometheus");
	if (c == OPT_NAME)
		return ("--name");
	if (c == OPT_KEY)
		return ("--key");
	if (c == OPT_SIZE)
		return ("--size");
	if (c == OPT_EVICT)
		return ("--evict");
	if (c == OPT_MAXSERIES)
		return ("--max-series");
	if (c == OPT_UNIT || c == OPT_CROP || c == OPT_SHADE)
		return (c == OPT_UNIT ? "--unit" : c == OPT_CROP ? "--crop" :
		    "--shade");
	if (c == OPT_SIZE)
		return ("--size");
	buf[0] = '-';
	buf[1] = (char)c;
	buf[2] = '\0';
	return (buf);
}

/*
 * -x NAME or -x NAME=VALUE, checked by libmetad; one given twice (-q and
 * -x quiet) is one pragma.
 */
static int
add_option(md_cli_opts_t *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	md_request_t *req = &o->o_req;
	md_option_t *opt = &o->o_optv[req->mdq_noptions];
	md_error_t err;
	size_t i, n = eq == NULL ? strlen(arg) : (size_t)(eq - arg);

	for (i = 0; i < req->mdq_noptions; i++) {
		const md_option_t *p = &req->mdq_options[i];

		if (strlen(p->mdo_name) == n && strncmp(p->mdo_name, arg, n) ==
		    0 && (eq == NULL ? p->mdo_value == NULL : p->mdo_value !=
		    NULL && strcmp(p->mdo_value, eq + 1) == 0))
			return (MD_CLI_SUCCESS);
	}

	if (md_request_room(req, MD_REQ_OPTIONS, &err) != 0) {
		md_cli_liberr(o, &err);
		return (md_cli_usage(o));
	}
	opt->mdo_name = eq == NULL ? strdup(arg) :
	    strndup(arg, (size_t)(eq - arg));
	opt->mdo_value = eq == NULL ? NULL : eq + 1;
	if (opt->mdo_name == NULL) {
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	req->mdq_noptions++;
	if (md_option_check(opt->mdo_name, opt->mdo_value, &err) != 0) {
		md_cli_err(o, "-x %s: %s", arg, err.mde_msg);
		return (md_cli_usage(o));
	}
	return (MD_CLI_SUCCESS);
}

/*
 * An option of group g given to a mode that does not take it: the
 * modes that do ("--run", "--run or --top"), in buf; empty when the
 * default does (it is a request's option) or none does.
 */
static void
group_modes(unsigned g, char *buf, size_t len)
{
	size_t i, n = 0, k;

	buf[0] = '\0';
	if (md_cli_modes[0].cm_takes & g)	/* a request's: taken as is */
		return;
	for (i = 1; i < MD_CLI_NMODES; i++) {
		if ((md_cli_modes[i].cm_takes & g) == 0)
			continue;
		for (k = i + 1; k < MD_CLI_NMODES &&
		    !(md_cli_modes[k].cm_takes & g); k++)
			continue;
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s",
		    buf[0] == '\0' ? "" : k < MD_CLI_NMODES ? ", " : " or ",
		    md_cli_modes[i].cm_name);
	}
}

/*
 * Option c of group g given to a mode that does not take it: "--evict
 * needs --run", or "--key cannot be used with --check: it needs
 * --heatmap".
 */
static int
not_taken(const md_cli_opts_t *o, int c, unsigned g)
{
	const md_cli_mode_t *mode = o->o_mode;
	char name[3], home[128];

	group_modes(g, home, sizeof (home));
	if (g == MD_CLI_THEAT)	/* --run takes them after --heatmap only */
		(void) snprintf(home, sizeof (home), "--heatmap");
	else if (g == MD_CLI_TTITLE || g == MD_CLI_TSIZE)
		(void) snprintf(home, sizeof (home), "--heatmap or --flamegraph");
	else if (g == MD_CLI_TLIB)
		(void) snprintf(home, sizeof (home), "--check --compile or "
		    "--run");
	else if (g == MD_CLI_TVERB)
		(void) snprintf(home, sizeof (home), "--check --compile, --run "
		    "or --top");
	if (home[0] == '\0')
		md_cli_err(o, "%s cannot be used with %s", opt_name(c, name),
		    mode->cm_name);
	else if (mode == &md_cli_modes[0])
		md_cli_err(o, "%s needs %s", opt_name(c, name), home);
	else
		md_cli_err(o, "%s cannot be used with %s: it needs %s",
		    opt_name(c, name), mode->cm_name, home);
	return (md_cli_usage(o));
}

/*
 * --run's live picture: the heat map's options need --heatmap SVGFILE
 * (which needs -n), a picture's need one of the two (--flamegraph
 * SVGFILE needs -s and takes no -n), and a run keeps one picture.
 */
static int
check_live(const md_cli_opts_t *o)
{
	const char *why = NULL;
	char name[3];
	int c = 0;

	if (o->o_heatfile == NULL && (o->o_given & MD_CLI_THEAT)) {
		why = "with --run draws the live heat map: it needs --heatmap "
		    "SVGFILE";
		c = o->o_givenopt[2];
	} else if (o->o_heatfile == NULL && o->o_flamefile == NULL &&
	    (o->o_given & (MD_CLI_TTITLE | MD_CLI_TSIZE))) {
		why = "with --run draws a live picture: it needs --heatmap "
		    "SVGFILE or --flamegraph SVGFILE";
		c = o->o_givenopt[(o->o_given & MD_CLI_TTITLE) ? 5 : 6];
	} else if (o->o_heatfile != NULL && o->o_flamefile != NULL)
		why = "--run keeps one picture: --heatmap SVGFILE or "
		    "--flamegraph SVGFILE, not both";
	else if (o->o_heatfile != NULL && o->o_nfield == NULL)
		why = "--run --heatmap SVGFILE draws a distribution: give -n "
		    "FIELD";
	else if (o->o_flamefile != NULL && (o->o_nsfields == 0 ||
	    o->o_nfield != NULL))
		why = "--run --flamegraph SVGFILE draws stacks: give -s FIELD "
		    "(a stack field last) and no -n";
	if (why == NULL)
		return (o->o_heatfile != NULL ? md_cli_hmsize(o) :
		    o->o_flamefile != NULL ? md_cli_flsize(o) : MD_CLI_SUCCESS);
	md_cli_err(o, "%s%s%s", c != 0 ? opt_name(c, name) : "", c != 0 ?
	    " " : "", why);
	return (md_cli_usage(o));
}

/* What the mode asks of the other options and of METRIC. */
static int
check_args(const md_cli_opts_t *o)
{
	const md_cli_mode_t *mode = o->o_mode;
	unsigned bad = o->o_given & ~mode->cm_takes;
	size_t n;
	int rv;

	if (bad != 0) {
		for (n = 0; !(bad & (1U << n)); n++)
			continue;
		return (not_taken(o, o->o_givenopt[n], 1U << n));
	}
	if ((o->o_promname != NULL || o->o_maxgiven) &&
	    o->o_promfile == NULL) {
		md_cli_err(o, "%s: it cannot be used without --prometheus "
		    "FILE", o->o_promname != NULL ? "--name names the "
		    "--prometheus family" : "--max-series bounds the "
		    "--prometheus file");
		return (md_cli_usage(o));
	}
	if (mode->cm_opt == OPT_RUN && (rv = check_live(o)) != MD_CLI_SUCCESS)
		return (rv);
	if (mode->cm_opt == OPT_CHECK && !o->o_compile &&
	    (o->o_given & (MD_CLI_TLIB | MD_CLI_TVERB))) {
		md_cli_err(o, "%s with --check needs --compile",
		    (o->o_given & MD_CLI_TLIB) ? "-L" : "-v");
		return (md_cli_usage(o));
	}
	if (mode->cm_in == MD_CLI_INNONE && o->o_file != NULL) {
		md_cli_err(o, "%s takes no METRIC", mode->cm_name);
		return (md_cli_usage(o));
	}
	if (mode->cm_opt != 'o')
		return (MD_CLI_SUCCESS);
	if (o->o_file == NULL || strcmp(o->o_file, "-") == 0) {
		md_cli_err(o, "-o names the scripts after METRIC: give one");
		return (md_cli_usage(o));
	}
	n = strlen(o->o_dir);
	if (n >= 2 && strcmp(o->o_dir + n - 2, ".d") == 0) {
		md_cli_err(o, "-o \"%s\": -o takes a directory, and names the "
		    "scripts in it after METRIC; for one file, redirect: "
		    "meta-d ... > %s", o->o_dir, o->o_dir);
		return (md_cli_usage(o));
	}
	return (MD_CLI_SUCCESS);
}

/* getopt's complaint: a missing argument, or an unknown short option. */
static int
opt_bad(const md_cli_opts_t *o, int c, char **argv)
{
	const char *arg = argv[optind - 1];

	if (c == ':' && strncmp(arg, "--", 2) == 0)
		md_cli_err(o, "option requires an argument: %s", arg);
	else if (c == ':')
		md_cli_err(o, "option requires an argument: -%c", optopt);
	else	/* a long one is opt_unknown()'s */
		md_cli_err(o, "unknown option: -%c", optopt);
	return (md_cli_usage(o));
}

/*
 * An unknown long option, arg (--promethus or --promethus=FILE), and the
 * one of longopts it is likely a slip for (md_suggest()).
 */
static int
opt_unknown(const md_cli_opts_t *o, const char *arg,
    const struct option *longopts)
{
	const char *names[64], *meant;
	char word[64];
	size_t n;

	for (n = 0; n < 64 && longopts[n].name != NULL; n++)
		names[n] = longopts[n].name;
	(void) snprintf(word, sizeof (word), "%.*s", (int)strcspn(arg + 2,
	    "="), arg + 2);
	if ((meant = md_suggest(word, names, n)) != NULL)
		md_cli_err(o, "unknown option: %s; did you mean --%s?", arg,
		    meant);
	else
		md_cli_err(o, "unknown option: %s", arg);
	return (md_cli_usage(o));
}

/*
 * An option of the request, c with its argument arg, into o.  What it
 * gives, libmetad checks: a usage error in the library's words, which say
 * what is valid, when it is not.
 */
static int
take_request(md_cli_opts_t *o, int c, const char *arg)
{
	md_request_t *req = &o->o_req;
	md_error_t err;

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
	case 'x':
		return (add_option(o, arg));
	case 'q':
		return (add_option(o, "quiet"));
	}
	if ((c == 'z' && (md_zone_check(arg, &err) != 0 ||
	    md_request_room(req, MD_REQ_ZONES, &err) != 0)) ||
	    (c == 'i' && md_interval_check(arg, &err) != 0) ||
	    (c == 'T' && md_duration_check(arg, &err) != 0) ||
	    (c == 'H' && md_host_check(arg, &err) != 0)) {
		md_cli_liberr(o, &err);
		return (md_cli_usage(o));
	}
	if (c == 'z')
		o->o_zonev[req->mdq_nzones++] = arg;
	else if (c == 'i')
		req->mdq_interval = arg;
	else if (c == 'T')
		req->mdq_duration = arg;
	else
		req->mdq_hostname = arg;
	return (MD_CLI_SUCCESS);
}

/*
 * A count (--evict, --max-series): decimal digits, at most
 * MD_CLI_COUNTMAX.  Else a usage error.
 */
static int
take_count(md_cli_opts_t *o, int c, const char *arg, size_t *np)
{
	char name[3];
	size_t n = 0;
	const char *p;

	for (p = arg; *p >= '0' && *p <= '9' && n <= MD_CLI_COUNTMAX; p++)
		n = n * 10 + (size_t)(*p - '0');
	if (p == arg || *p != '\0' || n > MD_CLI_COUNTMAX) {
		md_cli_err(o, "%s \"%s\": give a whole number from 0 to %d",
		    opt_name(c, name), arg, MD_CLI_COUNTMAX);
		return (md_cli_usage(o));
	}
	*np = n;
	return (MD_CLI_SUCCESS);
}

/*
 * --size WxH: two whole numbers of pixels, each from 1 to MD_CLI_SIZEMAX,
 * into o_width and o_height (what a mode does with them is its own: a
 * flame graph's height follows its depth).  Else a usage error.
 */
int
md_cli_size(md_cli_opts_t *o, const char *arg)
{
	unsigned long v[2] = { 0, 0 };
	const char *p = arg;
	int i;

	for (i = 0; i < 2; i++) {
		if (*p < '0' || *p > '9')
			break;
		for (; *p >= '0' && *p <= '9' && v[i] <= MD_CLI_SIZEMAX; p++)
			v[i] = v[i] * 10 + (unsigned long)(*p - '0');
		if (i == 0 && *p++ != 'x')
			break;
	}
	if (i < 2 || *p != '\0' || v[0] < 1 || v[1] < 1 ||
	    v[0] > MD_CLI_SIZEMAX || v[1] > MD_CLI_SIZEMAX) {
		md_cli_err(o, "--size \"%s\": give WxH, the width and height "
		    "in pixels, each from 1 to %d", arg, MD_CLI_SIZEMAX);
		return (md_cli_usage(o));
	}
	o->o_width = (unsigned)v[0];
	o->o_height = (unsigned)v[1];
	return (MD_CLI_SUCCESS);
}

/* --crop PCT: a percentage from 0 to less than 100. */
static int
take_crop(md_cli_opts_t *o, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || !(v >= 0 && v < 100) ||
	    strspn(arg, "0123456789.") != strlen(arg)) {
		md_cli_err(o, "--crop \"%s\": give the percentage of events to "
		    "leave above the axis, from 0 to less than 100 (0.1)", arg);
		return (md_cli_usage(o));
	}
	o->o_crop = v;
	return (MD_CLI_SUCCESS);
}

/* A heat map's option c, its argument arg. */
static int
take_heat(md_cli_opts_t *o, int c, const char *arg)
{
	given(o, MD_CLI_THEAT, c);
	if (c == OPT_KEY)
		o->o_key = arg;
	else if (c == OPT_UNIT)
		o->o_unit = arg;
	else if (c == OPT_CROP)
		return (take_crop(o, arg));
	else if (strcmp(arg, "rank") == 0 || strcmp(arg, "log") == 0 ||
	    strcmp(arg, "linear") == 0)
		o->o_shade = *arg == 'r' ? MD_HM_RANK : arg[1] == 'o' ?
		    MD_HM_LOG : MD_HM_LINEAR;
	else {
		md_cli_err(o, "--shade \"%s\": give rank, log or linear", arg);
		return (md_cli_usage(o));
	}
	return (MD_CLI_SUCCESS);
}

/*
 * --heatmap or --flamegraph (c) where --run is given too: the live form,
 * --heatmap SVGFILE, its argument the next one.
 */
static int
take_livefile(md_cli_opts_t *o, int c, char **argv)
{
	const char *arg = argv[optind], *opt = c == OPT_HEATMAP ?
	    "--heatmap" : "--flamegraph";

	if (arg == NULL || *arg == '\0' || (*arg == '-' && arg[1] != '\0')) {
		md_cli_err(o, "--run %s SVGFILE: give the file to keep the "
		    "%s in", opt, c == OPT_HEATMAP ? "heat map" :
		    "flame graph");
		return (md_cli_usage(o));
	}
	if (c == OPT_HEATMAP)
		o->o_heatfile = arg;
	else
		o->o_flamefile = arg;
	optind++;
	return (MD_CLI_SUCCESS);
}

/*
 * -L DIR: a directory of D libraries, read by the compiler (libdtrace's
 * libdir, as dtrace -L).  One that is not a readable directory is a usage
 * error, said in one line.
 */
static int
take_libdir(md_cli_opts_t *o, int c, const char *arg)
{
	struct stat st;
	const char *why = NULL;

	given(o, MD_CLI_TLIB, c);
	if (stat(arg, &st) != 0)
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = strerror(ENOTDIR);
	else if (access(arg, R_OK | X_OK) != 0)
		why = strerror(errno);
	if (why != NULL) {
		md_cli_err(o, "-L \"%s\": not a readable directory of D "
		    "libraries: %s", arg, why);
		return (MD_CLI_USAGE);
	}
	o->o_libdirs[o->o_nlibdirs++] = arg;
	return (MD_CLI_SUCCESS);
}

/* One option c (its argument arg) into o.  Returns an MD_CLI_* status. */
static int
take_option(md_cli_opts_t *o, int c, const char *arg, char **argv)
{
	size_t i;

	if (c > 0 && c < 128 && strchr("snpzxqiTH", c) != NULL) {
		given(o, MD_CLI_TREQ, c);
		return (take_request(o, c, arg));
	}
	if (c == OPT_COMPILE || c == 'v') {	/* the flags */
		given(o, c == 'v' ? MD_CLI_TVERB : MD_CLI_TCOMPILE, c);
		if (c == 'v')
			o->o_verbose = 1;
		else
			o->o_compile = 1;
		return (MD_CLI_SUCCESS);
	}
	if (c == OPT_PROM || c == OPT_NAME || c == OPT_MAXSERIES) {
		given(o, MD_CLI_TPROM, c);
		if (c == OPT_PROM)
			o->o_promfile = arg;
		else if (c == OPT_NAME)
			o->o_promname = arg;
		else
			o->o_maxgiven = 1;
		return (c == OPT_MAXSERIES ? take_count(o, c, arg,
		    &o->o_maxseries) : MD_CLI_SUCCESS);
	}
	if (c == OPT_EVICT) {
		given(o, MD_CLI_TRUN, c);
		return (take_count(o, c, arg, &o->o_evict));
	}
	if (c == 'L')
		return (take_libdir(o, c, arg));
	if (c == OPT_KEY || c == OPT_UNIT || c == OPT_CROP ||
	    c == OPT_SHADE)
		return (take_heat(o, c, arg));
	if (c == OPT_TITLE) {
		given(o, MD_CLI_TTITLE, c);
		o->o_title = arg;
		return (MD_CLI_SUCCESS);
	}
	if (c == OPT_SIZE) {
		given(o, MD_CLI_TSIZE, c);
		return (md_cli_size(o, arg));
	}
	if ((c == OPT_HEATMAP || c == OPT_FLAME) && o->o_runfirst)
		return (take_livefile(o, c, argv));
	if (c == 'h')
		return (answer(o, md_cli_usage_text));
	if (c == 'V')
		return (answer(o, "meta-d " MD_VERSION "\n"));
	for (i = 1; i < MD_CLI_NMODES; i++) {
		if (md_cli_modes[i].cm_opt == c) {
			if (c == 'o')
				o->o_dir = arg;
			return (set_mode(o, &md_cli_modes[i]));
		}
	}
	return (opt_bad(o, c, argv));
}

/*
 * The request's decompositions: the -s fields, then the -n field.
 * md_generate() reports an unknown field before too many decompositions.
 */
static void
take_decomps(md_cli_opts_t *o)
{
	md_decomp_t *d = o->o_decomps;
	size_t i;

	for (i = 0; i < o->o_nsfields; i++) {
		d[i].mdd_field = o->o_sfields[i];
		d[i].mdd_kind = MD_DECOMP_STRING;
	}
	if (o->o_nfield != NULL) {
		d[i].mdd_field = o->o_nfield;
		d[i++].mdd_kind = MD_DECOMP_NUMBER;
	}
	o->o_req.mdq_ndecomps = i;
}

/*
 * The arrays o_req's options fill, of the room they can take: at most one
 * -s, -n, -z or -x per argument (argc may be 0).
 */
static int
alloc_request(md_cli_opts_t *o, int argc)
{
	size_t n = (size_t)argc + 1;

	if ((o->o_sfields = calloc(n, sizeof (char *))) == NULL ||
	    (o->o_decomps = calloc(n, sizeof (md_decomp_t))) == NULL ||
	    (o->o_zonev = calloc(n, sizeof (char *))) == NULL ||
	    (o->o_libdirs = calloc(n, sizeof (char *))) == NULL ||
	    (o->o_optv = calloc(MD_MAXOPTIONS, sizeof (md_option_t))) ==
	    NULL) {
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	o->o_req.mdq_decomps = o->o_decomps;
	o->o_req.mdq_zones = o->o_zonev;
	o->o_req.mdq_options = o->o_optv;
	return (MD_CLI_SUCCESS);
}

/* The long options, and the short ones they stand for. */
static const struct option longopts[] = {
	{ "predicate", required_argument, NULL, 'p' },
	{ "zone", required_argument, NULL, 'z' },
	{ "interval", required_argument, NULL, 'i' },
	{ "duration", required_argument, NULL, 'T' },
	{ "output-dir", required_argument, NULL, 'o' },
	{ "hostname", required_argument, NULL, 'H' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "list", no_argument, NULL, OPT_METRICS },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "list-fields", no_argument, NULL, OPT_LIST },
	{ "to-json", no_argument, NULL, OPT_TOJSON },
	{ "check-d", no_argument, NULL, OPT_CHECKD },
	{ "run", no_argument, NULL, OPT_RUN },
	{ "top", no_argument, NULL, OPT_TOP },
	{ "compile", no_argument, NULL, OPT_COMPILE },
	{ "prometheus", required_argument, NULL, OPT_PROM },
	{ "name", required_argument, NULL, OPT_NAME },
	{ "heatmap", no_argument, NULL, OPT_HEATMAP },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "unit", required_argument, NULL, OPT_UNIT },
	{ "crop", required_argument, NULL, OPT_CROP },
	{ "shade", required_argument, NULL, OPT_SHADE },
	{ "flamegraph", no_argument, NULL, OPT_FLAME },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "evict", required_argument, NULL, OPT_EVICT },
	{ "max-series", required_argument, NULL, OPT_MAXSERIES },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Parse the command line into o.  Returns an MD_CLI_* exit status. */
static int
parse_args(int argc, char **argv, md_cli_opts_t *o)
{
	int c, rv;

	if ((rv = alloc_request(o, argc)) != MD_CLI_SUCCESS)
		return (rv);
	for (c = 1; c < argc && strcmp(argv[c], "--") != 0; c++)
		o->o_runfirst |= strcmp(argv[c], "--run") == 0;
	opterr = 0;
#ifdef __GLIBC__
	optind = 0;	/* start over, as for a new process */
#else
	optind = 1;
#endif
	while (rv == MD_CLI_SUCCESS && !o->o_done && (c = getopt_long(argc,
	    argv, ":s:n:p:z:x:qi:T:H:o:L:hVv", longopts, NULL)) != -1)
		rv = c == '?' && optopt == 0 ? opt_unknown(o, argv[optind - 1],
		    longopts) : take_option(o, c, optarg, argv);
	if (rv != MD_CLI_SUCCESS || o->o_done)
		return (rv);

	if (argc - optind > 1 && !(o->o_compile && o->o_mode->cm_opt ==
	    OPT_CHECK)) {
		md_cli_err(o, "too many files: give one metric (or none to "
		    "read standard input)");
		return (md_cli_usage(o));
	}
	o->o_file = optind < argc ? argv[optind] : NULL;
	o->o_files = argv + optind;
	o->o_nfiles = (size_t)(argc - optind);
	if ((rv = check_args(o)) != MD_CLI_SUCCESS)
		return (rv);
	take_decomps(o);
	if (o->o_predarg != NULL)
		return (md_cli_pred(o));
	return (MD_CLI_SUCCESS);
}

/*
 * The input's file: FILE as given, or a metric found by name in
 * METAD_PATH (cli_find.c), then open in *fdp; o_path stays NULL for
 * standard input.
 */
static int
find_input(md_cli_opts_t *o, int *fdp)
{
	char *near;

	*fdp = -1;
	if (o->o_file == NULL || strcmp(o->o_file, "-") == 0)
		return (MD_CLI_SUCCESS);
	if (o->o_mode->cm_in == MD_CLI_INTEXT ||
	    o->o_mode->cm_in == MD_CLI_INLINES)	/* not a metric */
		o->o_path = strdup(o->o_file);
	else
		o->o_path = md_cli_find(o->o_file, fdp);
	if (o->o_path != NULL)
		return (MD_CLI_SUCCESS);
	if (errno == ENOMEM) {
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	if ((near = md_cli_sources(o->o_file)) != NULL) {
		md_cli_err(o, "read \"%s\": %s, and METAD_PATH (%s) has no "
		    "metric of that name; %s is one: METAD_PATH=examples "
		    "finds it", o->o_file, strerror(ENOENT),
		    md_cli_metad_path(), near);
		free(near);
		return (MD_CLI_ERROR);
	}
	near = md_cli_near(o->o_file);
	md_cli_err(o, "read \"%s\": %s, and METAD_PATH (%s) has no metric of "
	    "that name%s%s%s (meta-d --list lists them)", o->o_file,
	    strerror(ENOENT), md_cli_metad_path(), near != NULL ?
	    "; did you mean \"" : "", near != NULL ? near : "",
	    near != NULL ? "\"?" : "");
	free(near);
	return (MD_CLI_ERROR);
}

/* Read the input (fd, if find_input() opened it) into *bufp. */
static int
read_input(const md_cli_opts_t *o, int fd, char **bufp, size_t *lenp)
{
	const char *file = o->o_path;
	const char *name = file == NULL ? MD_CLI_STDIN : file;
	int e;

	if (file == NULL) {
		fd = o->o_in;
		if (isatty(fd))
			(void) fprintf(o->o_err, "meta-d: reading from stdin\n");
	} else if (fd < 0 && (fd = open(file, O_RDONLY)) < 0) {
		md_cli_err(o, "read \"%s\": %s", name, strerror(errno));
		return (MD_CLI_ERROR);
	}
	e = md_cli_read_fd(fd, bufp, lenp);
	if (fd != o->o_in)
		(void) close(fd);
	if (e == EFBIG) {
		md_cli_err(o, "read \"%s\": larger than the limit of %lu MiB",
		    name, MD_MAXINPUT >> 20);
		return (MD_CLI_ERROR);
	}
	if (e == ENOMEM)
		md_cli_err(o, "out of memory");
	else if (e != 0)
		md_cli_err(o, "read \"%s\": %s", name, strerror(e));
	return (e == 0 ? MD_CLI_SUCCESS : MD_CLI_ERROR);
}

/*
 * Was the text, which JavaScript refused (msg), likely meant as no
 * JavaScript at all (a file given by mistake, a metric's JSON broken
 * before its first '{')?  Its file's name does not end in ".js", it does
 * not read as JavaScript or runs without registering, and it never names
 * register().
 */
static int
maybe_notjs(const char *name, const char *buf, size_t len, const char *msg)
{
	static const char word[] = "register";
	size_t i, n = sizeof (word) - 1;

	if ((i = strlen(name)) >= 3 && strcmp(name + i - 3, ".js") == 0)
		return (0);
	if (strncmp(msg, "SyntaxError", 11) != 0 && strncmp(msg,
	    "ReferenceError", 14) != 0 && strncmp(msg, "didn't register", 15))
		return (0);
	for (i = 0; i + n <= len; i++) {
		if (memcmp(buf + i, word, n) == 0)
			return (0);
	}
	return (1);
}

/*
 * The metric's JSON text: buf without a UTF-8 byte-order mark (no part of
 * the metric, JSON or not), or what a JavaScript metric registered (in
 * *jsonp, for the caller to free).  NULL when it cannot be had.
 */
static const char *
metric_text(const md_cli_opts_t *o, const char *name, const char *buf,
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
		md_cli_err(o, "processing \"%s\": JavaScript metrics are not "
		    "read here", name);
		return (NULL);
	}
	if (md_text_check(buf, len, "", &err) != 0) {
		md_cli_err(o, "processing \"%s\": %s", name, err.mde_msg);
		return (NULL);
	}
	if (md_cli_js(buf, len, name, jsonp, lenp, msg, sizeof (msg)) != 0) {
		md_cli_err(o, "processing \"%s\": %s%s", name, msg,
		    maybe_notjs(name, buf, len, msg) ? "; it was run as a "
		    "JavaScript "
		    "metric, as it does not begin with '{' (a JSON metric does)" :
		    "");
		return (NULL);
	}
	return (*jsonp);
}

/* The metric loaded, its warnings said; NULL and a message if it fails. */
static md_metric_t *
load_metric(const md_cli_opts_t *o, const char *name, const char *text,
    size_t len)
{
	md_metric_t *m;
	md_error_t err;
	size_t i;

	if ((m = md_metric_load(text, len, &err)) == NULL) {
		if (err.mde_code == MD_ERR_INVALID)
			md_cli_err(o, "meta-D is invalid: %s", err.mde_msg);
		else if (err.mde_code == MD_ERR_NOMEM)
			md_cli_err(o, "%s", err.mde_msg);
		else
			md_cli_err(o, "processing \"%s\": %s", name,
			    err.mde_msg);
		return (NULL);
	}
	for (i = 0; i < md_metric_nwarnings(m); i++)
		md_cli_err(o, "warning: %s", md_metric_warning(m, i));
	return (m);
}

/* Is field (len bytes) one of m's? */
static int
has_field(const md_metric_t *m, const char *field, size_t len)
{
	size_t i;

	for (i = 0; i < md_metric_nfields(m); i++) {
		if (strlen(md_metric_field(m, i)) == len &&
		    strncmp(md_metric_field(m, i), field, len) == 0)
			return (1);
	}
	return (0);
}

/* -s f, fields split by commas: what was meant, said. */
static int
comma_said(const md_cli_opts_t *o, const char *f)
{
	char *meant = malloc(4 * strlen(f) + 1), *q;
	const char *p;

	if ((q = meant) == NULL) {
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	for (p = f; *p != '\0'; p++) {
		if (*p == ',') {
			(void) memcpy(q, " -s ", 4);
			q += 4;
		} else {
			*q++ = *p;
		}
	}
	*q = '\0';
	md_cli_err(o, "unknown field: \"%s\": -s takes one field; for "
	    "several, one -s each: -s %s", f, meant);
	free(meant);
	return (MD_CLI_ERROR);
}

/*
 * A -s that names several of m's fields at once, split by commas (-s
 * execname,syscall): unknown, and what was meant said.  Returns
 * MD_CLI_SUCCESS when there is none.
 */
static int
comma_fields(const md_cli_opts_t *o, const md_metric_t *m)
{
	const char *f, *p;
	size_t i, n;

	for (i = 0; i < o->o_nsfields; i++) {
		f = o->o_sfields[i];
		if (strchr(f, ',') == NULL || md_metric_has_field(m, f))
			continue;
		for (p = f; (n = strcspn(p, ",")) > 0 && has_field(m, p, n) &&
		    p[n] == ',' && p[n + 1] != '\0'; p += n + 1)
			continue;
		if (n == 0 || !has_field(m, p, n) || p[n] != '\0')
			continue;
		return (comma_said(o, f));
	}
	return (MD_CLI_SUCCESS);
}

/* The metric of j's text loaded, and the mode run on it and the request. */
static int
run_metric(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_metric_t *m;
	int rv = MD_CLI_ERROR;

	if ((m = load_metric(o, j->cj_name, j->cj_text, j->cj_len)) != NULL &&
	    comma_fields(o, m) == MD_CLI_SUCCESS) {
		j->cj_m = m;
		j->cj_req = &o->o_req;
		rv = o->o_mode->cm_run(j);
	}
	md_metric_free(m);
	return (rv);
}

/* The mode run on its input (buf, len bytes).  Returns the status. */
static int
run(md_cli_job_t *j, const char *buf, size_t len)
{
	const md_cli_opts_t *o = j->cj_o;
	char *json = NULL;
	int rv = MD_CLI_ERROR;

	j->cj_name = o->o_path == NULL ? MD_CLI_STDIN : o->o_path;
	j->cj_text = buf;
	j->cj_len = len;
	if (o->o_mode->cm_in == MD_CLI_INTEXT)
		return (o->o_mode->cm_run(j));
	if ((j->cj_text = metric_text(o, j->cj_name, buf, &j->cj_len,
	    &json)) != NULL)
		rv = o->o_mode->cm_in == MD_CLI_INJSON ? o->o_mode->cm_run(j) :
		    run_metric(j);
	free(json);
	return (rv);
}

/* A mode that reads its input itself: given it open, and run. */
static int
open_input(md_cli_opts_t *o, md_cli_job_t *j)
{
	int rv, fd;

	if ((rv = find_input(o, &fd)) != MD_CLI_SUCCESS)
		return (rv);
	j->cj_name = o->o_path == NULL ? MD_CLI_STDIN : o->o_path;
	j->cj_in = o->o_path == NULL ? o->o_in : open(o->o_path, O_RDONLY);
	if (j->cj_in < 0) {
		md_cli_err(o, "read \"%s\": %s", j->cj_name, strerror(errno));
		return (MD_CLI_ERROR);
	}
	if (o->o_path == NULL && isatty(j->cj_in))
		(void) fprintf(o->o_err, "meta-d: reading from stdin\n");
	rv = o->o_mode->cm_run(j);
	if (j->cj_in != o->o_in)
		(void) close(j->cj_in);
	return (rv);
}

/*
 * --check --compile METRIC ...: each metric read, checked, and its
 * scripts kept (md_cli_compile()), until one says nothing more can be
 * judged; then all compiled at once (md_cli_compile_end()).  The worst
 * status.
 */
static int
dispatch_compile(md_cli_opts_t *o, md_cli_job_t *j)
{
	size_t i, n = o->o_nfiles > 0 ? o->o_nfiles : 1;
	char *buf;
	size_t len;
	int rv = MD_CLI_SUCCESS, r, fd;

	if ((j->cj_cc = md_cli_compile_begin(o)) == NULL) {
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	for (i = 0; i < n && !md_cli_compile_stopped(j->cj_cc); i++) {
		o->o_file = o->o_nfiles > 0 ? o->o_files[i] : NULL;
		free(o->o_path);
		o->o_path = NULL;
		buf = NULL;
		len = 0;
		if ((r = find_input(o, &fd)) == MD_CLI_SUCCESS &&
		    (r = read_input(o, fd, &buf, &len)) == MD_CLI_SUCCESS)
			r = run(j, buf, len);
		free(buf);
		rv = r > rv ? r : rv;
	}
	r = md_cli_compile_end(j->cj_cc);
	j->cj_cc = NULL;
	return (r > rv ? r : rv);
}

/* Find and read the input the mode reads, and run it. */
static int
dispatch(md_cli_opts_t *o, md_cli_job_t *j)
{
	char *buf = NULL;
	size_t len = 0;
	int rv, fd;

	j->cj_o = o;
	j->cj_fd = o->o_mode->cm_writes ? o->o_out : -1;
	if (o->o_mode->cm_in == MD_CLI_INNONE)
		return (o->o_mode->cm_run(j));
	if (o->o_mode->cm_in == MD_CLI_INLINES)
		return (open_input(o, j));
	if (o->o_mode->cm_opt == OPT_CHECK && o->o_compile)
		return (dispatch_compile(o, j));
	if ((rv = find_input(o, &fd)) == MD_CLI_SUCCESS &&
	    (rv = read_input(o, fd, &buf, &len)) == MD_CLI_SUCCESS)
		rv = run(j, buf, len);
	free(buf);
	return (rv);
}

int
md_cli_main(int argc, char **argv, int in, int out, FILE *err, int flags)
{
	md_cli_opts_t o;
	md_cli_job_t j;
	size_t i;
	int rv;

	(void) memset(&o, 0, sizeof (o));
	(void) memset(&j, 0, sizeof (j));
	o.o_in = in;
	o.o_out = out;
	o.o_err = err;
	o.o_flags = flags;
	o.o_mode = &md_cli_modes[0];
	o.o_evict = MD_CLI_EVICT;
	o.o_maxseries = MD_CLI_MAXSERIES;
	o.o_crop = -1;
	if ((rv = parse_args(argc, argv, &o)) == MD_CLI_SUCCESS && !o.o_done)
		rv = dispatch(&o, &j);

	/* a buffered mode's output, once all went well */
	if (rv == MD_CLI_SUCCESS && j.cj_out != NULL &&
	    md_cli_write(o.o_out, j.cj_out, j.cj_outlen) != 0) {
		md_cli_err(&o, "write: %s", strerror(errno));
		rv = MD_CLI_ERROR;
	}
	free(j.cj_out);
	free(o.o_path);
	md_pred_free(o.o_pred);
	free(o.o_sfields);
	free(o.o_decomps);
	free(o.o_zonev);
	free(o.o_libdirs);
	for (i = 0; i < o.o_req.mdq_noptions; i++)
		free((char *)o.o_optv[i].mdo_name);
	free(o.o_optv);
	return (rv);
}

/*
 * cli.h: the meta-d command line, callable in-process.
 *
 *	cli_modes.c	options, and the table of modes: which one runs, on
 *			what input, with which options
 *	cli_io.c	messages; a request in the options' words; names
 *			from paths; whole files read and written
 *	cli_pred.c	-p, and what the shell likely did to it
 *	cli_gen.c	the scripts (the default) and --json
 *	cli_outdir.c	-o DIR: the scripts as files
 *	cli_safedir.c	a directory written into, opened once and checked
 *	cli_check.c	--check, --check-d
 *	cli_info.c	--list-fields, --to-json
 *	cli_find.c	metrics found by name in METAD_PATH; --list
 *	cli_heatmap.c	--heatmap: the lines of --run drawn as an SVG
 *	cli_flame.c	--flamegraph: the stacks of --run's lines drawn
 *			as a flame graph, an SVG
 *	cli_js.c	metrics in JavaScript: Duktape's register() and
 *			sprintf(), the metric as JSON
 *	cli_sandbox.c	a child that holds nothing of meta-d's, as nobody,
 *			within limits (where cli_js.c's code runs)
 *	cli_child.c	a child with a deadline and a reply pipe, one at a
 *			time (cli_sandbox.c) or several (cli_compile.c)
 *	cli_run.c	--run: a metric's values, interval by interval
 *	cli_top.c	--top: the values as a live view, on a terminal
 *	cli_compile.c	--check --compile: the real compiler's verdicts
 *	cli_traceable.c	what every mode that traces asks first (the
 *			metric's os and units, root), and a metric for
 *			illumos said to be one when the compiler refuses it
 *	cli_prom.c	--run --prometheus: a node exporter's textfile
 *	dtrace/cli_dtrace.c	the system's libdtrace, the one file
 *			that knows its dialect (dtrace/cli_nodtrace.c:
 *			built without one)
 *	dtrace/cli_bpfmaps.c	Oracle's aggregation read from its BPF
 *			maps, for cli_dtrace.c (their seam: cli_bpfmaps.h)
 *
 * A mode is one entry of cli_modes.c's table and a handler, md_cli_mode_t's
 * cm_run: cli_modes.c reads the input the entry asks for (none, text, a
 * metric's JSON, or a loaded metric and the request the options make),
 * calls the handler, and writes what a buffered mode made only when it
 * succeeded; a streaming mode writes as it goes.
 */

#ifndef	MD_CLI_H
#define	MD_CLI_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "metad.h"

#if defined(__GNUC__) || defined(__clang__)
#define	MD_CLI_PRINTFLIKE(f, a)	__attribute__((format(printf, f, a)))
#else
#define	MD_CLI_PRINTFLIKE(f, a)
#endif

#define	MD_CLI_SUCCESS	0
#define	MD_CLI_ERROR	1
#define	MD_CLI_USAGE	2

/* md_cli_main() flags */
#define	MD_CLI_NOJS	0x1	/* refuse JavaScript metrics (no fork) */

#define	MD_CLI_STDIN	"<stdin>"	/* standard input, in messages */

/*
 * Run meta-d with the given arguments, reading standard input from in,
 * writing results to out and messages to err.  Returns the exit status.
 * Writes nothing to out unless it succeeds (a streaming mode, --run,
 * writes what it has measured as it goes).
 */
extern int md_cli_main(int, char **, int, int, FILE *, int);

/*
 * The options a mode may take, as groups: a mode's entry lists the groups
 * it takes, and any other given is a usage error.
 */
#define	MD_CLI_TREQ	0x01	/* -s -n -p -z -x -q -i -T -H: a request */
#define	MD_CLI_TCOMPILE	0x02	/* --compile */
#define	MD_CLI_THEAT	0x04	/* --key --unit --crop --shade */
#define	MD_CLI_TPROM	0x08	/* --prometheus --name --max-series */
#define	MD_CLI_TRUN	0x10	/* --evict: --run's */
#define	MD_CLI_TTITLE	0x20	/* --title: a picture's */
#define	MD_CLI_TSIZE	0x40	/* --size WxH: a picture's */
#define	MD_CLI_TVERB	0x80	/* -v */
#define	MD_CLI_TLIB	0x100	/* -L DIR: the compiler's libraries */
#define	MD_CLI_NGROUPS	9	/* at most */

/* The input a mode reads. */
typedef enum md_cli_in {
	MD_CLI_INNONE,		/* none: no METRIC */
	MD_CLI_INTEXT,		/* FILE's bytes, as they are */
	MD_CLI_INLINES,		/* FILE open, read by the mode (cj_in) */
	MD_CLI_INJSON,		/* a metric's JSON (a JavaScript one run) */
	MD_CLI_INMETRIC		/* a metric, loaded, and the request */
} md_cli_in_t;

/* What the command line asked for. */
typedef struct md_cli_opts {
	int		o_in;		/* standard input */
	int		o_out;		/* standard output */
	FILE		*o_err;		/* standard error */
	int		o_flags;	/* MD_CLI_* */
	const struct md_cli_mode *o_mode;
	int		o_done;		/* -h or -V answered */
	unsigned	o_given;	/* MD_CLI_T* groups given */
	int		o_givenopt[MD_CLI_NGROUPS]; /* each one's first */
	int		o_compile;	/* --compile */
	const char	*o_promfile;	/* --prometheus */
	const char	*o_promname;	/* --name */
	size_t		o_maxseries;	/* --max-series */
	int		o_maxgiven;
	size_t		o_evict;	/* --evict */
	int		o_verbose;	/* -v */
	md_request_t	o_req;		/* what -s -n -p -z -x -q -i -T */
					/* -H ask for, filled as they */
					/* are read; these arrays are */
					/* its own: */
	md_decomp_t	*o_decomps;	/* -s fields, then the -n field */
	const char	**o_zonev;	/* -z, in order */
	md_option_t	*o_optv;	/* -x, names allocated */
	const char	**o_sfields;	/* -s, in order */
	size_t		o_nsfields;
	const char	*o_nfield;	/* -n, the last one */
	const char	*o_predarg;	/* -p, the last one */
	md_pred_t	*o_pred;	/* o_req's, parsed */
	const char	*o_dir;		/* -o */
	const char	*o_title;	/* --title */
	const char	*o_key;		/* --key */
	const char	*o_unit;	/* --unit */
	double		o_crop;		/* --crop; < 0: the default */
	int		o_shade;	/* --shade: MD_HM_* */
	unsigned	o_width;	/* --size WxH; 0: the default */
	unsigned	o_height;
	const char	*o_heatfile;	/* --run --heatmap SVGFILE */
	const char	*o_flamefile;	/* --run --flamegraph SVGFILE */
	int		o_runfirst;	/* --run among the arguments */
	const char	**o_libdirs;	/* -L, in order, NULL-ended */
	size_t		o_nlibdirs;
	char *const	*o_files;	/* the METRICs (--check --compile */
	size_t		o_nfiles;	/* takes several) */
	const char	*o_file;	/* NULL or "-": stdin */
	char		*o_path;	/* o_file, found (cli_find.c) */
} md_cli_opts_t;

struct md_cli_sink;
struct md_compile;

/* One run of a mode: its input, and what a buffered mode writes. */
typedef struct md_cli_job {
	const md_cli_opts_t	*cj_o;
	const char		*cj_name;	/* the input, in messages */
	const char		*cj_text;	/* INTEXT, INJSON */
	int			cj_in;		/* INLINES: the input */
	size_t			cj_len;
	const md_metric_t	*cj_m;		/* INMETRIC */
	const md_request_t	*cj_req;	/* INMETRIC */
	char			*cj_out;	/* written once it succeeded; */
	size_t			cj_outlen;	/* cli_modes.c frees it */
	int			cj_fd;		/* a writing mode's stdout; */
						/* -1 for the others */
	struct md_cli_sink	*cj_sink;	/* md_cli_run()'s; NULL: */
						/* --run's lines */
	struct md_compile	*cj_cc;		/* --compile's, for all */
						/* the METRICs */
} md_cli_job_t;

/*
 * What md_cli_run() does with the values it reads (cli_run.c): its sink.
 * --run's own makes the JSON lines (and --prometheus's file), --top's
 * (cli_top.c) the view.  sk_open() is called once the script is made,
 * before tracing (0, or an exit status, the message said); sk_add() with
 * each record's value of the interval; sk_text() for the text to write
 * to standard output when tracing has begun (MD_CLI_SK_START), when an
 * interval ends (MD_CLI_SK_INTERVAL, with its times and counts), while
 * the loop waits for the next (MD_CLI_SK_IDLE, every 10 ms or at a
 * signal: text only when there is something to show, such as a terminal
 * resized), and when tracing ends (MD_CLI_SK_END: written as far as it
 * can be, before standard output is closed).  NULL: nothing to write, or
 * with err set, an error that ends the run.  sk_bye, when not NULL, is
 * written as meta-d ends at once (a second signal), from the handler.
 */
typedef enum md_cli_skev {
	MD_CLI_SK_START,
	MD_CLI_SK_INTERVAL,
	MD_CLI_SK_IDLE,
	MD_CLI_SK_END
} md_cli_skev_t;

typedef struct md_cli_iv {
	double		iv_start;	/* seconds since the epoch */
	double		iv_duration;
	uint64_t	iv_drops;
	uint64_t	iv_errors;
} md_cli_iv_t;

typedef struct md_cli_sink {
	int	(*sk_open)(void *, const md_cli_job_t *, const md_result_t *);
	int	(*sk_add)(void *, const char *const *, const size_t *,
	    const md_value_t *, md_error_t *);
	char	*(*sk_text)(void *, md_cli_skev_t, const md_cli_iv_t *,
	    size_t *, md_error_t *);
	void	(*sk_close)(void *);
	void	*sk_arg;
	const char *sk_bye;
} md_cli_sink_t;

/* A mode: an entry of cli_modes.c's table. */
typedef struct md_cli_mode {
	int		cm_opt;		/* its option; 0 for the default */
	const char	*cm_name;	/* "--json", in messages */
	md_cli_in_t	cm_in;		/* what it reads */
	unsigned	cm_takes;	/* MD_CLI_T* groups it takes */
	int		cm_writes;	/* writes stdout itself (cj_fd), */
					/* not cj_out once all went well */
	int		(*cm_run)(md_cli_job_t *);
} md_cli_mode_t;

/* The handlers. */
extern int md_cli_scripts(md_cli_job_t *);	/* cli_gen.c */
extern int md_cli_json(md_cli_job_t *);
extern int md_cli_outdir(md_cli_job_t *);	/* cli_outdir.c */
extern int md_cli_check(md_cli_job_t *);	/* cli_check.c */
extern int md_cli_checkd(md_cli_job_t *);
extern int md_cli_fields(md_cli_job_t *);	/* cli_info.c */
extern int md_cli_tojson(md_cli_job_t *);
extern int md_cli_metrics(md_cli_job_t *);	/* cli_find.c */
extern int md_cli_run(md_cli_job_t *);		/* cli_run.c */
extern int md_cli_top(md_cli_job_t *);		/* cli_top.c */
/*
 * --check --compile METRIC ... (cli_compile.c): md_cli_compile_begin()
 * makes the state all the METRICs share (NULL: out of memory);
 * md_cli_compile() keeps a metric's scripts (of the request given, named
 * by label, or of all); md_cli_compile_stopped(): nothing more can be
 * judged (not root, no libdtrace); md_cli_compile_end() compiles what
 * was kept, says the refusals and frees the state: each its status.
 */
extern struct md_compile *md_cli_compile_begin(const md_cli_opts_t *);
extern int md_cli_compile(md_cli_job_t *, const md_request_t *,
    const char *);
extern int md_cli_compile_stopped(const struct md_compile *);
extern int md_cli_compile_end(struct md_compile *);
extern int md_cli_heatmap(md_cli_job_t *);	/* cli_heatmap.c */
extern int md_cli_size(md_cli_opts_t *, const char *);	/* cli_modes.c */
extern void md_cli_hmopts(const md_cli_opts_t *, md_hmopts_t *,
    const char *, const char *);		/* cli_heatmap.c */
extern int md_cli_hmsize(const md_cli_opts_t *);	/* cli_heatmap.c */
extern int md_cli_flame(md_cli_job_t *);	/* cli_flame.c */
extern int md_cli_flsize(const md_cli_opts_t *);	/* cli_flame.c */


/*
 * Before a mode traces (cli_traceable.c): md_cli_traceable() refuses, in
 * one line, a metric whose "units" or "os" are malformed, one for other
 * systems, and a user who is not root (mode names the mode: "--run");
 * MD_CLI_SUCCESS, or the status.  md_cli_hint_illumos(), after the
 * compiler refused text (a script of the metric, which has no "os"),
 * says in a line more that the metric looks written for illumos when
 * text names what only illumos has: 1 if it said so, else 0.
 * md_cli_systems() writes the systems a metric's "os" names ("illumos",
 * "illumos and linux", "illumos, freebsd and macos").
 */
extern int md_cli_traceable(const md_cli_job_t *, const char *);
extern void md_cli_systems(FILE *, const md_metric_t *);
extern int md_cli_hint_illumos(const md_cli_opts_t *, const md_metric_t *,
    const char *, size_t);
/* md_cli_hint_illumos() for a metric named name, which has no "os" */
extern int md_cli_hint_named(const md_cli_opts_t *, const char *,
    const char *, size_t);

/*
 * A picture of --run's lines (cli_io.c, for --heatmap and --flamegraph):
 * j's text cut at each newline, each line handed to line(arg, ...), then
 * the document drawn by draw(arg, &len, err) into j's output, which
 * cli_modes.c writes.  MD_CLI_SUCCESS, or MD_CLI_ERROR with the message
 * said (a line's fault after the input's name).
 */
typedef int md_cli_line_f(void *, const char *, size_t, md_error_t *);
typedef char *md_cli_draw_f(void *, size_t *, md_error_t *);
extern int md_cli_picture(md_cli_job_t *, md_cli_line_f *, md_cli_draw_f *,
    void *);

/* Messages (cli_io.c): "meta-d: " and the text, escaped. */
extern void md_cli_err(const md_cli_opts_t *, const char *, ...)
    MD_CLI_PRINTFLIKE(2, 3);
extern void md_cli_liberr(const md_cli_opts_t *, const md_error_t *);
typedef void md_cli_say_f(void *, const char *, size_t);
extern void md_cli_err_through(md_cli_say_f *, void *);
extern int md_cli_usage(const md_cli_opts_t *);
extern void md_cli_request_err(const md_cli_opts_t *, const md_error_t *);
extern md_result_t *md_cli_generate(const md_cli_job_t *,
    const md_request_t *);			/* cli_gen.c */
extern int md_cli_request_words(FILE *, const md_request_t *,
    const char *, int);				/* cli_io.c */
extern char *md_cli_request_label(const md_request_t *, const char *,
    const char *);

/* Files and streams (cli_io.c). */
extern int md_cli_write(int, const char *, size_t);
extern int md_cli_writable(int);
extern int md_cli_mclose(FILE *, char **);
extern int md_cli_read_fd(int, char **, size_t *);
extern double md_cli_seconds(clockid_t);
extern const char *md_cli_os(void);
extern int md_cli_path_split(const char *, char **, const char **);
extern char *md_cli_metric_name(const char *);

/*
 * A child with a deadline and a reply pipe (cli_child.c).  The function
 * runs in the child with the pipe's writing end (the child ends with
 * _exit(0) if it returns); the parent reads the reply, at most ch_most
 * bytes, until the pipe's end, and kills the child (SIGKILL) past its
 * deadline, past ch_most bytes, or when reading fails; then reaps it.
 * md_cli_child_poll() looks at several children (MD_CLI_CHILDREN at most)
 * at once, md_cli_child_wait() at one until it has ended.  The record is
 * the caller's; md_cli_child_free() frees its reply (and kills a child
 * still running).
 */
typedef void md_cli_child_f(int, void *);

typedef struct md_cli_child {
	pid_t		ch_pid;		/* running; 0: ended and reaped */
	int		ch_fd;		/* the pipe's reading end */
	double		ch_deadline;	/* md_cli_seconds(CLOCK_MONOTONIC) */
	size_t		ch_most;	/* bytes of reply at most */
	char		*ch_buf;	/* the reply, ch_len bytes and a */
	size_t		ch_len;		/* NUL; NULL if nothing was read */
	size_t		ch_cap;
	int		ch_timedout;	/* killed past its deadline */
	int		ch_err;		/* killed: why (EFBIG: past most) */
	int		ch_status;	/* waitpid()'s, once it ended */
	int		ch_werr;	/* waitpid() failed: its errno */
	const char	*ch_call;	/* none made: "pipe" or "fork" */
} md_cli_child_t;

#define	MD_CLI_CHILDREN	16	/* at most, in one md_cli_child_poll() */

extern int md_cli_child_start(md_cli_child_t *, md_cli_child_f *, void *,
    double, size_t);
extern int md_cli_child_poll(md_cli_child_t *, size_t);
extern void md_cli_child_wait(md_cli_child_t *);
extern void md_cli_child_kill(md_cli_child_t *, int);
extern void md_cli_child_free(md_cli_child_t *);
extern void md_cli_child_hold(struct sigaction *);
extern void md_cli_child_unhold(const struct sigaction *);

/*
 * A sandbox (cli_sandbox.c): sb_run runs in a child that holds nothing of
 * meta-d's but its reply pipe, runs as user nobody when meta-d is root
 * (or runs nothing), within limits of CPU, address space and time, and
 * ends when meta-d does.  It replies with md_cli_sandbox_reply(): a
 * status byte, '0' or '1', and at most sb_most bytes more.
 * md_cli_sandbox() returns 0 and that reply (*replyp, *lenp bytes with
 * the status byte, NUL-terminated; the caller frees it), or -1 and why
 * there is none in msg (sb_what names what ran, sb_reply what it replies:
 * "JavaScript", "description").
 */
typedef struct md_cli_sandbox {
	const char	*sb_what;
	const char	*sb_reply;
	size_t		sb_most;
	md_cli_child_f	*sb_run;
	void		*sb_arg;
} md_cli_sandbox_t;

extern int md_cli_sandbox(const md_cli_sandbox_t *, char **, size_t *,
    char *, size_t);
extern void md_cli_sandbox_reply(int, char, const char *, size_t);

/*
 * A directory written into, opened once (cli_safedir.c): MD_CLI_DIR_TRUST
 * for scripts (no other user may change it, or any directory above it),
 * MD_CLI_DIR_ABOVE for data another service reads (it may be that
 * service's, but no directory above it, and no link on the way, may be
 * another user's), MD_CLI_DIR_CREATE to make it if it is not there.
 */
#define	MD_CLI_DIR_TRUST	0x1
#define	MD_CLI_DIR_CREATE	0x2
#define	MD_CLI_DIR_ABOVE	0x4	/* only the directories above it */

typedef struct md_cli_dir {
	int		cd_fd;		/* the directory */
	char		*cd_path;	/* its path, no slash at the end */
	int		cd_pfd;		/* its parent, if it was made */
	const char	*cd_base;	/* its name there */
	int		cd_made;	/* made by md_cli_dir_open() */
} md_cli_dir_t;

extern int md_cli_dir_open(md_cli_dir_t *, const char *, int, char *,
    size_t);
extern int md_cli_dir_tmpfile(md_cli_dir_t *, mode_t, char **, int *);
extern void md_cli_dir_close(md_cli_dir_t *, int);

/*
 * The system's libdtrace (cli_dtrace.c, the one file that knows its
 * dialect; cli_nodtrace.c where meta-d was built without it).
 * md_dt_missing() is NULL, or why this meta-d has no libdtrace.  A record
 * of an aggregation, as md_dt_interval() hands it over: the function, the
 * key's bytes (the record's identity) and its fields as printa prints
 * them, the value's words (md_value_t's), the generation (a change: the
 * aggregation was cleared), and whether it is of meta-d's sum beside a
 * quantization (MD_SUM_AGGREGATION, dr_sum), not the metric's.  The
 * callback returns MD_DT_NEXT, or MD_DT_REMOVE when no event can land in
 * the record any more, or MD_DT_EVICT to take a record that has been idle
 * out of the aggregation (--evict): it is then handed over once more,
 * dr_final set, with its value as it was taken out (events that came
 * after the read are in it, where the kernel can tell), or -1.
 */
typedef struct md_dt md_dt_t;

typedef struct md_dt_rec {
	md_aggfn_t		dr_fn;
	const md_quant_t	*dr_quant;
	const void		*dr_key;
	size_t			dr_keylen;
	const char *const	*dr_keys;
	const size_t		*dr_keylens;
	size_t			dr_nkeys;
	const int64_t		*dr_data;
	size_t			dr_ndata;
	uint64_t		dr_gen;
	int			dr_final;	/* evicted: its last value */
	int			dr_sum;		/* of MD_SUM_AGGREGATION */
} md_dt_rec_t;

typedef int md_dt_rec_f(const md_dt_rec_t *, void *);

typedef struct md_dt_hooks {
	void	(*dh_drop)(void *, uint64_t, const char *);
	void	(*dh_error)(void *, const char *);
	void	*dh_arg;
} md_dt_hooks_t;

#define	MD_DT_ERRTAGS	0x1	/* messages lead with their tag */
#define	MD_DT_ZDEFS	0x2	/* probes that match none are no error */
#define	MD_DT_SWITCH	0x4	/* drain every 10 ms at most (--run) */
#define	MD_DT_ENABLE	0x8	/* md_dt_compile(): and make it the program */
#define	MD_DT_LINES	0x10	/* md_dt_compile(): as -s, messages by line */
#define	MD_DT_SNAPSHOT	0x20	/* read libdtrace's snapshot, not the maps */

#define	MD_DT_NEXT	0
#define	MD_DT_REMOVE	1
#define	MD_DT_EVICT	2
#define	MD_DT_GOING	0
#define	MD_DT_DONE	1

extern const char *md_dt_missing(void);
extern const char *md_dt_runclause(void);
/* md_dt_open(): libdirs, NULL-ended, are added to the D libraries' */
extern md_dt_t *md_dt_open(int, const md_dt_hooks_t *, const char *const *,
    char *, size_t);
extern int md_dt_compile(md_dt_t *, const char *, size_t, int, char *,
    size_t);
extern int md_dt_go(md_dt_t *, char *, size_t);
extern int md_dt_interval(md_dt_t *, md_dt_rec_f *, void *, char *, size_t);
extern int md_dt_poll(md_dt_t *);
extern const char *md_dt_reader(const md_dt_t *);
extern int md_dt_stop(md_dt_t *);
extern void md_dt_close(md_dt_t *);
extern void md_dt_abandon(md_dt_t *);

/*
 * A file replaced at every interval's end, atomically (cli_prom.c):
 * --prometheus FILE, --heatmap and --flamegraph SVGFILE.
 * md_cli_repl_open() opens its directory (and says why not: a status);
 * md_cli_repl_put() writes text under a fresh name there and renames it onto the file (0, or an errno
 * value, why saying what is at the name when EPERM).
 */
typedef struct md_cli_repl {
	md_cli_dir_t	rf_dir;		/* the file's, opened once */
	const char	*rf_base;	/* the file's name in it */
	const char	*rf_file;	/* as given */
	const char	*rf_what;	/* "FILE", "SVGFILE" */
} md_cli_repl_t;

extern int md_cli_repl_open(md_cli_repl_t *, const md_cli_opts_t *,
    const char *, const char *, const char *);
extern int md_cli_repl_put(md_cli_repl_t *, const char *, size_t, char *,
    size_t);

/*
 * --run --prometheus FILE (cli_prom.c): the exposition of the values
 * since tracing began, FILE replaced by it at each interval's end.
 */
typedef struct md_cli_prom {
	md_prom_t	*cp_prom;	/* NULL: no --prometheus */
	md_cli_repl_t	cp_file;	/* FILE */
	char		*cp_name;	/* the family's */
	int		cp_saidmax;	/* --max-series' bound said */
} md_cli_prom_t;

extern int md_cli_prom_open(md_cli_prom_t *, const md_cli_opts_t *,
    const md_metric_t *, md_aggfn_t);
extern int md_cli_prom_add(md_cli_prom_t *, const char *const *,
    const size_t *, const md_value_t *, md_error_t *);
extern void md_cli_prom_write(md_cli_prom_t *, const md_cli_opts_t *,
    uint64_t, uint64_t);
extern void md_cli_prom_close(md_cli_prom_t *);

/* Between the modes and their helpers. */
extern int md_cli_isjs(const char *, size_t);
extern int md_cli_js(const char *, size_t, const char *, char **, size_t *,
    char *, size_t);
extern const char *md_cli_metad_path(void);
extern char *md_cli_find(const char *, int *);
extern char *md_cli_near(const char *);
extern char *md_cli_sources(const char *);
extern int md_cli_pred(md_cli_opts_t *);		/* cli_pred.c */

/*
 * The live pictures of --run (cli_live.c): --heatmap SVGFILE or
 * --flamegraph SVGFILE kept
 * current, replaced at every interval's end by the picture of the lines
 * so far.  md_cli_live_open() sets it up from the options (nothing to do
 * when no picture was asked for; else 0 or the status, said);
 * md_cli_live_line() takes each interval's line and writes the file (a
 * failure is said, and tracing goes on); md_cli_live_close() frees.
 */
typedef struct md_cli_live {
	const struct md_cli_picture *lv_pic;	/* NULL: none */
	void		*lv_state;
	md_cli_repl_t	lv_file;
	const md_cli_opts_t *lv_o;
} md_cli_live_t;

extern int md_cli_live_open(md_cli_live_t *, const md_cli_job_t *);
extern void md_cli_live_line(md_cli_live_t *, const char *, size_t);
extern void md_cli_live_close(md_cli_live_t *);

#endif	/* MD_CLI_H */

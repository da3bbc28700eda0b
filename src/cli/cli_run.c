/*
 * cli_run.c: meta-d --run, a metric's values interval by interval (SPEC
 * 8.1): the request's script (without its -i and -T clauses: the loop
 * here keeps time) compiled and enabled by the system's libdtrace
 * (cli_dtrace.c), and at the end of each interval one JSON line, written
 * and flushed (md_values_line()).
 *
 * Exactness.  Each event is counted in exactly one interval:
 *
 *  - count, sum, avg, stddev and the quantizations add up in dtrace's
 *    maps from the start (Oracle's never clears them; illumos' libdtrace
 *    adds each snapshot into its own copy), so each interval's value is
 *    the difference of two snapshots, record by record (md_delta.c).
 *    dtrace_work() takes the snapshot; nothing is removed from the
 *    aggregation while it changes (a walk's REMOVE deletes a key from the
 *    maps, and the events between the read and the delete with it:
 *    measured, up to half of them at 100 ms) but a key idle for --evict
 *    intervals, below.
 *  - min and max are no sums.  For them the script's key begins with the
 *    interval's number, (timestamp - T0) / interval, T0 noted by a BEGIN
 *    clause (mdq_keyinterval): the kernel puts each event in its
 *    interval.  Once interval k has ended (by this clock, which starts
 *    after BEGIN ran, so that kernel's interval k has ended), the records
 *    of intervals up to k are read, printed and removed: nothing can land
 *    in them any more, so the removal loses nothing.
 *
 * A flood of keys.  Any user names a process as often as it likes, so a
 * run must outlive a flood of short-lived keys.  dtrace's aggregation is
 * bounded (aggsize: what it cannot hold is a drop), and a key that has had
 * no event for --evict intervals (60 by default) is taken out of it
 * (MD_DT_EVICT), with what came in since it was read where the kernel
 * can hand it over (cli_dtrace.c; through libdtrace's snapshot, or before
 * Linux 5.14, an event of that key between the read and the delete is
 * lost), and forgotten here: once a flood ends, new keys are counted
 * again.  Only an idle key is taken out; no other key loses an event.
 *
 * Time.  The first interval starts when dtrace_go() returns.  Intervals
 * follow the clock: the ends are T0 + k * -i, and a line says the time
 * it truly covers, so that after a stop (SIGSTOP) or a read that fell
 * behind the next line covers the whole gap, one longer interval, never a
 * burst of short ones (a read within MD_RUN_SLACK of its end, or a
 * twentieth of a shorter interval, is on time).  -T ends tracing that
 * long after the start, by the clock, not by a count of sleeps.
 *
 * Sinks.  What the values become is the sink's business (md_cli_sink_t):
 * --run's own, here, makes each interval's JSON line (and keeps
 * --prometheus's file); --top's (cli_top.c) draws the view.  The loop
 * hands the sink each record's part of the interval, and writes what
 * the sink makes of it (and of tracing's start and end, and, while it
 * waits, of whatever changed, such as a terminal's size) to standard
 * output, as it writes the lines.
 *
 * Signals and ends.  SIGINT, SIGTERM and SIGHUP end tracing: the handler
 * notes it and writes a byte to a pipe that every wait watches (poll()),
 * so that no signal is missed between a test and a sleep.  The interval
 * in progress is printed, with its true duration; standard output is
 * then closed (its reader has all there is) and only then are the probes
 * detached, which the kernel can take tens of seconds over (about 40 ms
 * a probe here, one after another): a detach past 2 s says so.  A write
 * to standard output, or of a message to standard error, waits while it
 * takes nothing, but not past 2 s without progress after a signal
 * (status 1).  A second signal, or one while
 * detaching, ends meta-d at once: a copy of the process (_Fork(), which a
 * handler may call) holds the probes and finishes the detach, quietly,
 * out of the terminal's way, while meta-d itself exits (the kernel would
 * otherwise keep an exiting process until its probes were let go).  A
 * write to standard output that fails (it was closed) ends tracing too,
 * with status 1 and no word.
 *
 * stderr.  Run-time errors and drops are said as dtrace words them, at
 * most MD_RUN_MAXMSGS lines an interval, then one line with how many
 * more: a program can make hundreds of thousands a second.  The counts
 * in the lines are exact.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/select.h>
#include <unistd.h>
#if defined(__FreeBSD__)
#include <sys/param.h>		/* __FreeBSD_version */
#endif
#if defined(__linux__)
#include <sys/syscall.h>	/* SYS_clone */
#endif

#include "cli.h"

#define	MD_RUN_SECOND	1000000000ULL
#define	MD_RUN_MS	1000000ULL
#define	MD_RUN_GRACE	2000000ULL	/* ns after an interval's end */
					/* before min, max read it */
#define	MD_RUN_POLL	10000000ULL	/* ns between dtrace's polls */
#define	MD_RUN_SLACK	5000000ULL	/* a read this late is on time */
#define	MD_RUN_PATIENCE	(2 * MD_RUN_SECOND)	/* a stdout's, after a */
						/* signal; a detach's */
#define	MD_RUN_MAXMSGS	10		/* errors and drops said a */
					/* interval, at most */

#ifndef	PIPE_BUF
#define	PIPE_BUF	512
#endif

/*
 * A copy of the process, made in a signal handler: _Fork() (POSIX 2024;
 * glibc 2.34, FreeBSD 13.1), which runs no atfork handler and takes no
 * lock; on an older glibc the system call itself, since its fork() does
 * both; elsewhere (illumos, macOS) fork(), async-signal-safe there.
 */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && \
	__GLIBC_MINOR__ >= 34)) && !defined(MD_RUN_RAWCLONE)
extern pid_t _Fork(void);	/* glibc declares it for _GNU_SOURCE only */
#define	MD_RUN_FORK()	_Fork()
#elif defined(__FreeBSD__) && __FreeBSD_version >= 1301000
#define	MD_RUN_FORK()	_Fork()
#elif defined(__linux__)
extern long syscall(long, ...);	/* declared for _DEFAULT_SOURCE only */
#define	MD_RUN_FORK()	((pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0))
#else
#define	MD_RUN_FORK()	fork()
#endif

/*
 * What the signal handler shares with the rest, and all it touches: the
 * first signal, whether the probes are being detached, the status to end
 * with now, the pipe it wakes the waits by, where to say a slow detach.
 */
static volatile sig_atomic_t md_run_sig;
static volatile sig_atomic_t md_run_detaching;
static volatile sig_atomic_t md_run_status = MD_CLI_ERROR;
static volatile sig_atomic_t md_run_copy;	/* this is the copy */
static struct timespec md_run_sigts;	/* when the first came */
static int md_run_wake[2] = { -1, -1 };
static int md_run_errfd = 2;
static const char *volatile md_run_bye;	/* the sink's, to stdout (fd) */
static volatile int md_run_byefd = -1;	/* as meta-d ends at once */

static const char md_run_slowmsg[] = "meta-d: --run: the values are all "
	"out; the kernel is still detaching dtrace's probes (it takes its "
	"time with many): a signal ends meta-d now\n";

/* A monotonic clock in nanoseconds: the intervals' (D's timestamp's). */
static uint64_t
md_run_ns(const struct timespec *ts)
{
	return ((uint64_t)ts->tv_sec * MD_RUN_SECOND + (uint64_t)ts->tv_nsec);
}

static uint64_t
md_run_now(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (md_run_ns(&ts));
}

/*
 * A second signal (or one while detaching): meta-d ends now, with the
 * status it has earned.  A copy of it (made as a handler may: _Fork(),
 * where there is one) goes on where it was, with nothing more to say, and
 * lets the probes go; the kernel would keep meta-d itself until they are.
 * The copy waits until meta-d is gone (5 s at most) before it goes on:
 * whichever process lets a probe go last waits for the kernel, and that
 * must be the copy, not meta-d in its exit.
 */
static void
md_run_abandon(void)
{
	struct timespec ms = { 0, 1000000 };
	struct sigaction sa;
	pid_t me = getpid();
	int null, n;

	if (md_run_bye != NULL && md_run_byefd >= 0)
		(void) write(md_run_byefd, md_run_bye, strlen(md_run_bye));
	if (MD_RUN_FORK() != 0)
		_exit(md_run_status);
	(void) memset(&sa, 0, sizeof (sa));
	sa.sa_handler = SIG_IGN;
	(void) sigaction(SIGINT, &sa, NULL);
	(void) sigaction(SIGTERM, &sa, NULL);
	(void) sigaction(SIGHUP, &sa, NULL);
	(void) sigaction(SIGALRM, &sa, NULL);
	(void) setsid();
	for (n = 0; getppid() == me && n < 5000; n++)
		(void) nanosleep(&ms, NULL);
	if ((null = open("/dev/null", O_RDWR)) >= 0) {
		(void) dup2(null, STDOUT_FILENO);
		(void) dup2(null, STDERR_FILENO);
		(void) dup2(null, md_run_errfd);
		if (null > STDERR_FILENO && null != md_run_errfd)
			(void) close(null);
	}
	md_run_copy = 1;	/* no line, no file, no word more */
}

static void
md_run_onsignal(int sig)
{
	int e = errno;

	if (md_run_sig != 0 || md_run_detaching)
		md_run_abandon();
	else
		(void) clock_gettime(CLOCK_MONOTONIC, &md_run_sigts);
	md_run_sig = sig;
	if (md_run_wake[1] >= 0)
		(void) write(md_run_wake[1], "", 1);
	errno = e;
}

/* The detach is slow: said once, from the alarm, if stderr has room. */
static void
md_run_onalarm(int sig)
{
	struct pollfd pfd;
	int e = errno;

	(void) sig;
	pfd.fd = md_run_errfd;
	pfd.events = POLLOUT;
	if (poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLOUT))
		(void) write(md_run_errfd, md_run_slowmsg,
		    sizeof (md_run_slowmsg) - 1);
	errno = e;
}

/* A failure of the run's own, in err: -1. */
static int
md_run_fail(md_error_t *err, md_errcode_t code, const char *msg)
{
	err->mde_code = code;
	(void) snprintf(err->mde_msg, sizeof (err->mde_msg), "%s", msg);
	return (-1);
}

/*
 * A message of the run, after the name of the mode that runs it ("--run:
 * ", "--top: ").
 */
static void MD_CLI_PRINTFLIKE(2, 3)
md_run_err(const md_cli_opts_t *o, const char *fmt, ...)
{
	char msg[2 * MD_ERRMSGLEN];
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	md_cli_err(o, "%s: %s", o->o_mode->cm_name, msg);
}

/* One run: its handle, its values, and what the interval saw. */
typedef struct md_run {
	const md_cli_opts_t	*ru_o;
	const md_metric_t	*ru_m;
	int			ru_fd;		/* the lines' */
	md_dt_t			*ru_dt;
	md_values_t		*ru_values;
	md_series_t		*ru_series;
	md_aggfn_t		ru_fn;
	int			ru_bykey;	/* min, max: by interval key */
	uint64_t		ru_upto;	/* their intervals read: < this */
	uint64_t		ru_interval;	/* -i, ns */
	uint64_t		ru_duration;	/* -T, ns, or 0 */
	uint64_t		ru_drops;	/* in the interval */
	uint64_t		ru_errors;
	uint64_t		ru_said;	/* their lines said, unsaid */
	uint64_t		ru_unsaid;
	int64_t			*ru_delta;	/* a record's part */
	size_t			ru_ndelta;
	md_cli_prom_t		ru_prom;	/* --prometheus */
	md_cli_live_t		ru_live;	/* --heatmap, --flamegraph SVGFILE */
	md_series_t		*ru_sums;	/* its sums' records */
	md_cli_sink_t		ru_sink;	/* where the values go */
	md_error_t		ru_err;
} md_run_t;

/* A line of dtrace's about errors or drops: said, within the bound. */
static void
md_run_say(md_run_t *ru, const char *msg)
{
	if (ru->ru_said++ < MD_RUN_MAXMSGS)
		md_cli_err(ru->ru_o, "%s", msg);
	else
		ru->ru_unsaid++;
}

static void
md_run_ondrop(void *arg, uint64_t n, const char *msg)
{
	md_run_t *ru = arg;

	ru->ru_drops += n;
	md_run_say(ru, msg);
}

static void
md_run_onerror(void *arg, const char *msg)
{
	md_run_t *ru = arg;

	ru->ru_errors++;
	md_run_say(ru, msg);
}

/*
 * The value of record r, or its part d of the interval, to the sink; a
 * record of the sum beside a quantization (--prometheus' NAME_sum, which
 * only --run's sink asks for) to FILE's exposition only.
 */
static int
md_run_add(md_run_t *ru, const md_dt_rec_t *r, const int64_t *d)
{
	md_value_t v = { r->dr_fn, r->dr_quant, d, r->dr_ndata };

	if (r->dr_sum)
		return (md_cli_prom_add(&ru->ru_prom, r->dr_keys,
		    r->dr_keylens, &v, &ru->ru_err));
	return (ru->ru_sink.sk_add(ru->ru_sink.sk_arg, r->dr_keys,
	    r->dr_keylens, &v, &ru->ru_err));
}

/*
 * --run's sink: each value into the interval's line (md_values_add())
 * and --prometheus's exposition; at the interval's end, the line, and
 * the file written.
 */
static int
md_run_lineadd(void *arg, const char *const *keys, const size_t *lens,
    const md_value_t *v, md_error_t *err)
{
	md_run_t *ru = arg;

	if (md_values_add(ru->ru_values, keys, lens, v, err) != 0 ||
	    md_cli_prom_add(&ru->ru_prom, keys, lens, v, err) != 0)
		return (-1);
	return (0);
}

static char *
md_run_linetext(void *arg, md_cli_skev_t ev, const md_cli_iv_t *iv,
    size_t *lenp, md_error_t *err)
{
	md_run_t *ru = arg;
	char *line;

	if (ev != MD_CLI_SK_INTERVAL)
		return (NULL);
	if ((line = md_values_line(ru->ru_values, iv->iv_start,
	    iv->iv_duration, iv->iv_drops, iv->iv_errors, lenp, err)) == NULL)
		return (NULL);
	if (!md_run_copy) {
		md_cli_prom_write(&ru->ru_prom, ru->ru_o, iv->iv_drops,
		    iv->iv_errors);
		md_cli_live_line(&ru->ru_live, line, *lenp);
	}
	return (line);
}

/* A record of min or max, keyed by interval first: read once it ended. */
static int
md_run_bykey(md_run_t *ru, const md_dt_rec_t *r)
{
	md_dt_rec_t k = *r;
	uint64_t e;
	char *end;

	if (r->dr_nkeys < 1)
		return (md_run_fail(&ru->ru_err, MD_ERR_ARG, "a record of min "
		    "or max without its interval's key"));
	e = strtoull(r->dr_keys[0], &end, 10);
	if (e >= ru->ru_upto)
		return (MD_DT_NEXT);
	k.dr_keys++;
	k.dr_keylens++;
	return (md_run_add(ru, &k, r->dr_data) != 0 ? -1 : MD_DT_REMOVE);
}

/*
 * Each record of a snapshot: its part of the interval, if it has one; a
 * record idle for --evict intervals is taken out, and once out (dr_final)
 * its last part counted and the record forgotten.  The records of the sum
 * beside a quantization (dr_sum: --prometheus) are followed apart.
 */
static int
md_run_record(const md_dt_rec_t *r, void *arg)
{
	md_run_t *ru = arg;
	const md_cli_opts_t *o = ru->ru_o;
	md_series_t *se = ru->ru_series;
	int64_t *d;
	int changed;

	if (r->dr_sum) {
		if (ru->ru_sums == NULL && (ru->ru_sums =
		    md_series_new(&ru->ru_err)) == NULL)
			return (-1);
		se = ru->ru_sums;
	} else if (r->dr_fn != ru->ru_fn) {
		return (md_run_fail(&ru->ru_err, MD_ERR_ARG, "a record of "
		    "another function than the request's aggregation"));
	} else if (ru->ru_bykey) {
		return (md_run_bykey(ru, r));
	}
	if (r->dr_ndata > ru->ru_ndelta) {
		if ((d = realloc(ru->ru_delta, r->dr_ndata *
		    sizeof (int64_t))) == NULL)
			return (md_run_fail(&ru->ru_err, MD_ERR_NOMEM,
			    "out of memory"));
		ru->ru_delta = d;
		ru->ru_ndelta = r->dr_ndata;
	}
	if ((changed = md_series_delta(se, r->dr_key, r->dr_keylen,
	    r->dr_gen, r->dr_fn, r->dr_data, ru->ru_delta, r->dr_ndata,
	    &ru->ru_err)) < 0)
		return (-1);
	if (changed && md_run_add(ru, r, ru->ru_delta) != 0)
		return (-1);
	if (r->dr_final) {
		(void) md_series_forget(se, r->dr_key, r->dr_keylen);
		return (MD_DT_NEXT);
	}
	if (!changed && o->o_evict > 0 && md_series_idle(se, r->dr_key,
	    r->dr_keylen) >= o->o_evict)
		return (MD_DT_EVICT);
	return (MD_DT_NEXT);
}

/*
 * -x options that are --run's own business: it reads the aggregation at
 * each interval's end and drains dtrace every 10 ms.  Returns the name of
 * the first one given, or NULL.
 */
static const char *
md_run_ownopt(const md_request_t *req)
{
	static const char *const own[] = { "aggrate", "switchrate" };
	size_t i, k;

	for (i = 0; i < req->mdq_noptions; i++) {
		for (k = 0; k < sizeof (own) / sizeof (own[0]); k++) {
			if (strcmp(req->mdq_options[i].mdo_name, own[k]) == 0)
				return (own[k]);
		}
	}
	return (NULL);
}

/*
 * The request's script for --run: without -i and -T, for min and max
 * keyed by interval, and with --prometheus a sum() beside a quantization.
 * One script: zones with the pragma make one per zone, and --run runs one
 * (a usage error).
 */
static md_result_t *
md_run_script(md_cli_job_t *j, uint64_t interval, int *rvp)
{
	md_request_t req = *j->cj_req;
	md_result_t *r;
	md_error_t err;

	req.mdq_interval = NULL;
	req.mdq_duration = NULL;
	req.mdq_sum = j->cj_o->o_promfile != NULL;	/* for NAME_sum */
	*rvp = MD_CLI_ERROR;
	if ((r = md_cli_generate(j, &req)) == NULL)
		return (NULL);
	if (r->mdr_nscripts > 1) {
		md_cli_err(j->cj_o, "--run runs one script, and this request "
		    "makes %zu, one per zone (the metric sets usepragmazone): "
		    "give one -z, or four or more", r->mdr_nscripts);
		md_result_free(r);
		*rvp = md_cli_usage(j->cj_o);
		return (NULL);
	}
	if (r->mdr_fn != MD_AGG_MIN && r->mdr_fn != MD_AGG_MAX)
		return (r);
	md_result_free(r);
	req.mdq_keyinterval = interval;
	if ((r = md_generate(j->cj_m, &req, &err)) == NULL)
		md_cli_request_err(j->cj_o, &err);
	return (r);
}

/*
 * The text compiled: the request's script and what the dialect adds to
 * the scripts it runs (md_dt_runclause()), at the end, so that dtrace's
 * messages keep the script's line numbers.  NULL: out of memory.
 */
static char *
md_run_text(const md_result_t *r, const char *more, size_t *lenp)
{
	size_t n = strlen(more);
	char *text;

	if ((text = malloc(r->mdr_lens[0] + n + 1)) == NULL)
		return (NULL);
	(void) memcpy(text, r->mdr_scripts[0], r->mdr_lens[0]);
	(void) memcpy(text + r->mdr_lens[0], more, n + 1);
	*lenp = r->mdr_lens[0] + n;
	return (text);
}

/* Open libdtrace, compile the script, enable it. */
static int
md_run_start(md_run_t *ru, const md_result_t *r)
{
	md_dt_hooks_t hooks = { md_run_ondrop, md_run_onerror, ru };
	const char *snap = getenv("METAD_RUN_SNAP");
	char msg[MD_ERRMSGLEN], *text;
	int flags = MD_DT_SWITCH, rv;
	size_t len;

	if (snap != NULL && *snap != '\0' && strcmp(snap, "0") != 0)
		flags |= MD_DT_SNAPSHOT;
	if ((ru->ru_dt = md_dt_open(flags, &hooks, ru->ru_o->o_libdirs, msg,
	    sizeof (msg))) == NULL) {
		md_run_err(ru->ru_o, "%s", msg);
		return (-1);
	}
	if ((text = md_run_text(r, (flags & MD_DT_SNAPSHOT) ? "" :
	    md_dt_runclause(), &len)) == NULL) {
		md_run_err(ru->ru_o, "out of memory");
		return (-1);
	}
	rv = md_dt_compile(ru->ru_dt, text, len, MD_DT_ENABLE | MD_DT_LINES,
	    msg, sizeof (msg));
	free(text);
	if (rv != 0) {
		md_run_err(ru->ru_o, "failed to compile the script: %s",
		    msg);
		(void) md_cli_hint_illumos(ru->ru_o, ru->ru_m,
		    r->mdr_scripts[0], r->mdr_lens[0]);
		return (-1);
	}
	if (md_dt_go(ru->ru_dt, msg, sizeof (msg)) != 0) {
		md_run_err(ru->ru_o, "%s", msg);
		return (-1);
	}
	if (ru->ru_o->o_verbose)
		md_run_err(ru->ru_o, "%s", md_dt_reader(ru->ru_dt));
	return (0);
}

/* The bytes a signal wrote to the pipe, read: it was seen. */
static void
md_run_drain(void)
{
	char buf[64];

	while (read(md_run_wake[0], buf, sizeof (buf)) > 0)
		continue;
}

/* ns as poll()'s milliseconds, rounded up (at most a day). */
static int
md_run_ms(uint64_t ns)
{
	uint64_t ms = (ns + MD_RUN_MS - 1) / MD_RUN_MS;

	return (ms > 86400000 ? 86400000 : (int)ms);
}

/*
 * Sleep ns, or until a signal writes to the pipe: pselect(), to the
 * nanosecond (poll()'s milliseconds would make every end of a short
 * interval late), where the pipe is below FD_SETSIZE (it is made before
 * libdtrace opens its hundreds); poll() where not.
 */
static void
md_run_nap(uint64_t ns)
{
	struct pollfd pfd;
	struct timespec ts;
	fd_set r;

	if (md_run_wake[0] < FD_SETSIZE) {
		FD_ZERO(&r);
		FD_SET(md_run_wake[0], &r);
		ts.tv_sec = (time_t)(ns / MD_RUN_SECOND);
		ts.tv_nsec = (long)(ns % MD_RUN_SECOND);
		if (pselect(md_run_wake[0] + 1, &r, NULL, NULL, &ts,
		    NULL) > 0)
			md_run_drain();
		return;
	}
	pfd.fd = md_run_wake[0];
	pfd.events = POLLIN;
	if (poll(&pfd, 1, md_run_ms(ns)) > 0)
		md_run_drain();
}

static int md_run_show(md_run_t *, md_cli_skev_t);

/*
 * Wait until the monotonic time t (ns), or a signal; while dtrace asks
 * for polls (md_dt_poll(): it learns what it reads), in steps of 10 ms,
 * but none in the last two, so that a poll does not make the end late.
 */
static void
md_run_wait(md_run_t *ru, uint64_t t)
{
	uint64_t now, ns;
	int poll_dt = 1;

	while (!md_run_sig && (now = md_run_now()) < t) {
		(void) md_run_show(ru, MD_CLI_SK_IDLE);
		if (poll_dt && t - now > 2 * MD_RUN_POLL) {
			poll_dt = md_dt_poll(ru->ru_dt);
			if ((now = md_run_now()) >= t)
				break;
		}
		ns = t - now;
		if (poll_dt && ns > MD_RUN_POLL)
			ns = MD_RUN_POLL;
		md_run_nap(ns);
	}
}

/*
 * Write all of buf to fd (standard output's lines, standard error's
 * messages).  While it takes nothing, wait, for as long as it takes,
 * until a signal; from then, 2 s at most without progress.  A pipe is
 * written PIPE_BUF bytes at a time, once poll() says it has room, so that
 * no write blocks past that.  Returns 0; -1 when the write failed (the
 * reader went: no word), or this is the copy a second signal left; -2
 * when the time ran out, *donep bytes written.
 */
static int
md_run_put(int fd, const char *buf, size_t len, size_t *donep)
{
	struct pollfd pfd[2];
	uint64_t limit, moved = 0, now;
	ssize_t n;
	int r;

	*donep = 0;
	pfd[0].fd = fd;
	pfd[0].events = POLLOUT;
	pfd[1].fd = md_run_wake[0];
	pfd[1].events = POLLIN;
	while (len > 0 && !md_run_copy) {
		limit = 0;
		if (md_run_sig) {
			limit = md_run_ns(&md_run_sigts);
			limit = (moved > limit ? moved : limit) +
			    MD_RUN_PATIENCE;
		}
		now = md_run_now();
		r = poll(pfd, limit != 0 ? 1 : 2, limit == 0 ? -1 :
		    now >= limit ? 0 : md_run_ms(limit - now));
		if (r == 0 && limit != 0 && md_run_now() >= limit)
			return (-2);	/* no room, and no more time */
		if (r < 0 && errno != EINTR)
			return (-1);
		if (r > 0 && limit == 0 && pfd[1].revents != 0)
			md_run_drain();
		if (r <= 0 || pfd[0].revents == 0)
			continue;
		if ((n = write(fd, buf, len < PIPE_BUF ? len : PIPE_BUF)) < 0) {
			if (errno == EINTR || errno == EAGAIN ||
			    errno == EWOULDBLOCK)
				continue;
			return (-1);
		}
		buf += n;
		len -= (size_t)n;
		*donep += (size_t)n;
		moved = md_run_now();
	}
	return (len > 0 ? -1 : 0);
}

/*
 * What the sink shows at ev (tracing's start, a wait, its end), written:
 * 0, or -1 when it failed (an error said; a write that failed, not).
 */
static int
md_run_show(md_run_t *ru, md_cli_skev_t ev)
{
	char *text;
	size_t len = 0, done;
	int w;

	(void) memset(&ru->ru_err, 0, sizeof (ru->ru_err));
	if ((text = ru->ru_sink.sk_text(ru->ru_sink.sk_arg, ev, NULL, &len,
	    &ru->ru_err)) == NULL) {
		if (ru->ru_err.mde_code == MD_ERR_NONE)
			return (0);
		md_run_err(ru->ru_o, "%s", ru->ru_err.mde_msg);
		return (-1);
	}
	w = md_run_put(ru->ru_fd, text, len, &done);
	free(text);
	return (w == 0 ? 0 : -1);
}

/*
 * A message (md_cli_err() through md_cli_err_through()), to stderr as
 * the lines go to stdout: a stderr that takes nothing keeps no signal
 * from ending the run; what it will not take in time is dropped.
 */
static void
md_run_tell(void *arg, const char *line, size_t len)
{
	const md_run_t *ru = arg;
	size_t done;

	if (md_run_errfd < 0)
		(void) fputs(line, ru->ru_o->o_err);
	else
		(void) md_run_put(md_run_errfd, line, len, &done);
}

/*
 * SIGINT, SIGTERM and SIGHUP end tracing, whatever their disposition was
 * (SPEC 8.1): noted, not fatal.  Messages go through the run's writer
 * from now on.
 */
static int
md_run_signals(md_run_t *ru, struct sigaction *old)
{
	static const int sig[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	if (pipe(md_run_wake) != 0)
		return (-1);
	for (i = 0; i < 2; i++) {
		(void) fcntl(md_run_wake[i], F_SETFL, O_NONBLOCK |
		    fcntl(md_run_wake[i], F_GETFL));
		(void) fcntl(md_run_wake[i], F_SETFD, FD_CLOEXEC);
	}
	md_run_sig = 0;
	md_run_detaching = 0;
	md_run_copy = 0;
	md_run_status = MD_CLI_ERROR;
	(void) memset(&sa, 0, sizeof (sa));
	(void) sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;	/* libdtrace's calls go on; the */
					/* waits here see the pipe */
	sa.sa_handler = md_run_onsignal;
	for (i = 0; i < 3; i++)
		(void) sigaction(sig[i], &sa, &old[i]);
	md_cli_err_through(md_run_tell, ru);
	return (0);
}

static void
md_run_unsignals(const struct sigaction *old)
{
	md_cli_err_through(NULL, NULL);
	(void) sigaction(SIGINT, &old[0], NULL);
	(void) sigaction(SIGTERM, &old[1], NULL);
	(void) sigaction(SIGHUP, &old[2], NULL);
	(void) close(md_run_wake[0]);
	(void) close(md_run_wake[1]);
	md_run_wake[0] = md_run_wake[1] = -1;
}

/*
 * One interval's end: dtrace drained and read (the records of min and max
 * up to ru_upto), the records of the interval turned into its line, and
 * the line written.  Returns 0, 1 when dtrace stopped by itself, -1 with
 * the message said (or, for a write that failed, not).
 */
static int
md_run_interval(md_run_t *ru, double start, double duration)
{
	md_cli_iv_t iv = { start, duration, 0, 0 };
	char msg[MD_ERRMSGLEN], *line;
	size_t len = 0, done;
	int st, w;

	if ((st = md_dt_interval(ru->ru_dt, md_run_record, ru, msg,
	    sizeof (msg))) < 0) {
		if (ru->ru_err.mde_msg[0] != '\0')
			md_run_err(ru->ru_o, "%s", ru->ru_err.mde_msg);
		else
			md_run_err(ru->ru_o, "%s", msg);
		return (-1);
	}
	if (ru->ru_unsaid > 0)
		md_run_err(ru->ru_o, "and %llu more lines of errors and "
		    "drops in this interval, not shown (its line counts them "
		    "all)", (unsigned long long)ru->ru_unsaid);
	iv.iv_drops = ru->ru_drops;
	iv.iv_errors = ru->ru_errors;
	(void) memset(&ru->ru_err, 0, sizeof (ru->ru_err));
	if ((line = ru->ru_sink.sk_text(ru->ru_sink.sk_arg,
	    MD_CLI_SK_INTERVAL, &iv, &len, &ru->ru_err)) == NULL &&
	    ru->ru_err.mde_code != MD_ERR_NONE) {
		md_run_err(ru->ru_o, "%s", ru->ru_err.mde_msg);
		return (-1);
	}
	ru->ru_drops = ru->ru_errors = ru->ru_said = ru->ru_unsaid = 0;
	w = line == NULL ? 0 : md_run_put(ru->ru_fd, line, len, &done);
	if (w == -2)
		md_run_err(ru->ru_o, "standard output took nothing for "
		    "2 s after the signal: its last line is %s (%zu of %zu "
		    "bytes written)", done == 0 ? "lost" : "cut short", done,
		    len);
	free(line);
	if (w != 0)
		return (-1);	/* stdout closed: an end, without a word */
	return (st == MD_DT_DONE);
}

/*
 * The end of the interval that began at start and should end at planned
 * (ns): planned, if it is read on time; when it is not (meta-d was
 * stopped, or fell behind), now, so that the line says the time it truly
 * covers.
 */
static uint64_t
md_run_boundary(const md_run_t *ru, uint64_t planned)
{
	uint64_t now = md_run_now(), slack = ru->ru_interval / 20;

	if (slack > MD_RUN_SLACK)
		slack = MD_RUN_SLACK;
	if (now >= planned && now - planned <= slack)
		return (planned);
	return (now);
}

/*
 * The loop: an interval after another until -T, a signal, dtrace's own
 * end, or an error.  Returns the exit status.
 */
static int
md_run_loop(md_run_t *ru)
{
	uint64_t t0 = md_run_now(), iv = ru->ru_interval, start = t0, b;
	uint64_t end = ru->ru_duration != 0 ? t0 + ru->ru_duration :
	    UINT64_MAX, planned, k = 1;
	double wall0 = md_cli_seconds(CLOCK_REALTIME);
	int st = 0, last = 0;

	while (st == 0 && !last) {
		planned = k > (end - t0) / iv ? end : t0 + k * iv;
		md_run_wait(ru, planned);
		b = md_run_boundary(ru, planned);
		if (md_run_sig || b >= end) {
			(void) md_dt_stop(ru->ru_dt);
			last = 1;
		} else if (ru->ru_bykey && b == planned) {
			md_run_wait(ru, b + MD_RUN_GRACE);
		}
		ru->ru_upto = last ? UINT64_MAX : (b - t0) / iv;
		st = md_run_interval(ru, wall0 + (double)(start - t0) / 1e9,
		    (double)(b - start) / 1e9);
		start = b;
		k = (b - t0) / iv + 1;	/* the next end after it */
	}
	if (st > 0 && !last) {	/* dtrace's own end, not -T's or ours */
		md_run_err(ru->ru_o, "dtrace stopped tracing");
		return (MD_CLI_ERROR);
	}
	return (st >= 0 ? MD_CLI_SUCCESS : MD_CLI_ERROR);
}

/*
 * The last line is out: the reader of fd (a pipe into --heatmap, jq) has
 * all there is, and sees its end now, not after dtrace has let go of its
 * probes (tens of seconds for every system call, on Linux).
 */
static void
md_run_eof(int fd)
{
	int null = open("/dev/null", O_WRONLY);

	if (null >= 0) {
		(void) dup2(null, fd);
		(void) close(null);
	}
}

/*
 * The probes let go (md_dt_close()), which the kernel may take its time
 * over: past 2 s, an alarm says so, and from then on (as from the start
 * of the detach) a signal ends meta-d at once (md_run_abandon()).
 */
static void
md_run_detach(md_run_t *ru)
{
	uint64_t t0 = md_run_now();
	struct sigaction sa, old;

	(void) memset(&sa, 0, sizeof (sa));
	(void) sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = md_run_onalarm;
	(void) sigaction(SIGALRM, &sa, &old);
	md_run_detaching = 1;
	(void) alarm(2);
	md_dt_close(ru->ru_dt);
	ru->ru_dt = NULL;
	(void) alarm(0);
	(void) sigaction(SIGALRM, &old, NULL);
	if (md_run_now() - t0 >= MD_RUN_PATIENCE)
		md_run_err(ru->ru_o, "dtrace's probes let go after "
		    "%.1f s", (double)(md_run_now() - t0) / 1e9);
}

/* The run's pieces, as md_cli_run() set them up, let go. */
static void
md_run_free(md_run_t *ru)
{
	md_values_free(ru->ru_values);
	md_series_free(ru->ru_series);
	md_series_free(ru->ru_sums);
	md_cli_prom_close(&ru->ru_prom);
	md_cli_live_close(&ru->ru_live);
	if (ru->ru_sink.sk_close != NULL)
		ru->ru_sink.sk_close(ru->ru_sink.sk_arg);
	free(ru->ru_delta);
}

/* The run of r: set up, traced, ended.  Returns the exit status. */
static int
md_run_go(md_run_t *ru, const md_result_t *r)
{
	const md_cli_opts_t *o = ru->ru_o;
	int rv;

	if ((ru->ru_values = md_values_new(r->mdr_nkeys, r->mdr_fn,
	    &ru->ru_err)) == NULL || (ru->ru_series = md_series_new(
	    &ru->ru_err)) == NULL) {
		md_run_err(o, "%s", ru->ru_err.mde_msg);
		return (MD_CLI_ERROR);
	}
	md_run_byefd = ru->ru_fd;
	if (md_run_start(ru, r) != 0) {
		rv = MD_CLI_ERROR;
	} else if (md_run_show(ru, MD_CLI_SK_START) != 0) {
		rv = MD_CLI_ERROR;
		md_run_eof(ru->ru_fd);
	} else {
		md_run_bye = ru->ru_sink.sk_bye;
		rv = md_run_loop(ru);
		if (md_run_show(ru, MD_CLI_SK_END) != 0)
			rv = MD_CLI_ERROR;
		md_run_bye = NULL;
		md_run_status = rv;
		md_run_eof(ru->ru_fd);
	}
	if (ru->ru_dt != NULL)
		md_run_detach(ru);
	return (rv);
}

/*
 * The run's sink: the job's (--top's), opened, or --run's own (lines).
 * Returns 0, or the exit status, the message said.
 */
static int
md_run_sink(md_run_t *ru, md_cli_job_t *j, const md_result_t *r)
{
	int rv;

	ru->ru_sink.sk_add = md_run_lineadd;
	ru->ru_sink.sk_text = md_run_linetext;
	ru->ru_sink.sk_arg = ru;
	if (j->cj_sink == NULL)
		return (0);
	if ((rv = j->cj_sink->sk_open(j->cj_sink->sk_arg, j, r)) != 0)
		return (rv);
	ru->ru_sink = *j->cj_sink;
	return (0);
}

/*
 * What a run asks before it sets out (md_cli_traceable(): the metric's
 * system, root), and its interval and duration (ns).  MD_CLI_SUCCESS, or
 * the status, said.
 */
static int
md_run_ready(const md_cli_job_t *j, uint64_t *ivp, uint64_t *durp)
{
	const md_cli_opts_t *o = j->cj_o;
	const md_request_t *req = j->cj_req;
	int rv;

	if ((rv = md_cli_traceable(j, o->o_mode->cm_name)) != MD_CLI_SUCCESS)
		return (rv);
	if (md_dt_missing() != NULL) {
		md_run_err(o, "%s", md_dt_missing());
		return (md_cli_usage(o));
	}
	if (md_cli_writable(j->cj_fd) != 0)
		return (MD_CLI_ERROR);	/* stdout closed: no word */
	if (md_run_ownopt(req) != NULL) {
		md_run_err(o, "-x %s: --run reads the aggregation at the "
		    "end of each interval (-i) and drains dtrace every 10 ms "
		    "itself", md_run_ownopt(req));
		return (md_cli_usage(o));
	}
	if ((req->mdq_interval != NULL &&
	    md_interval_ns(req->mdq_interval, ivp) != 0) ||
	    (req->mdq_duration != NULL &&
	    md_duration_ns(req->mdq_duration, durp) != 0))
		return (md_cli_usage(o));	/* checked when parsed */
	return (MD_CLI_SUCCESS);
}

int
md_cli_run(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	struct sigaction old[3];
	uint64_t interval = MD_RUN_SECOND, duration = 0;
	md_result_t *r;
	md_run_t ru;
	int rv;

	if ((rv = md_run_ready(j, &interval, &duration)) != MD_CLI_SUCCESS)
		return (rv);
	if ((r = md_run_script(j, interval, &rv)) == NULL)
		return (rv);
	(void) memset(&ru, 0, sizeof (ru));
	ru.ru_prom.cp_file.rf_dir.cd_fd = -1;
	ru.ru_prom.cp_file.rf_dir.cd_pfd = -1;
	ru.ru_o = o;
	ru.ru_m = j->cj_m;
	ru.ru_fd = j->cj_fd;
	ru.ru_fn = r->mdr_fn;
	ru.ru_interval = interval;
	ru.ru_duration = duration;
	ru.ru_bykey = r->mdr_fn == MD_AGG_MIN || r->mdr_fn == MD_AGG_MAX;
	md_run_errfd = fileno(o->o_err);
	ru.ru_live.lv_file.rf_dir.cd_fd = -1;
	ru.ru_live.lv_file.rf_dir.cd_pfd = -1;
	if ((o->o_promfile != NULL && (rv = md_cli_prom_open(&ru.ru_prom, o,
	    j->cj_m, r->mdr_fn)) != 0) || (rv = md_cli_live_open(&ru.ru_live,
	    j)) != 0) {
		md_cli_prom_close(&ru.ru_prom);
		md_cli_live_close(&ru.ru_live);
		md_result_free(r);
		return (rv);
	}
	if ((rv = md_run_sink(&ru, j, r)) != 0) {
		md_run_free(&ru);
		md_result_free(r);
		return (rv);
	}
	if (md_run_signals(&ru, old) != 0) {
		md_run_err(o, "pipe: %s", strerror(errno));
		rv = MD_CLI_ERROR;
	} else {
		rv = md_run_go(&ru, r);
		md_run_unsignals(old);
	}
	md_run_free(&ru);
	md_result_free(r);
	return (rv);
}

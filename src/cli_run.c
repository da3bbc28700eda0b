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
 *    the difference of two snapshots, record by record (md_series.c).
 *    dtrace_work() takes the snapshot; nothing is removed from the
 *    aggregation (a walk's REMOVE deletes a key from the maps, and the
 *    events between the read and the delete with it: measured, up to
 *    half of them at 100 ms).
 *  - min and max are no sums.  For them the script's key begins with the
 *    interval's number, (timestamp - T0) / interval, T0 noted by a BEGIN
 *    clause (mdq_keyinterval): the kernel puts each event in its
 *    interval.  At the end of interval k (by this clock, which starts
 *    after BEGIN ran, so that kernel's interval k has ended), the records
 *    of intervals up to k are read, printed and removed: nothing can land
 *    in them any more, so the removal loses nothing.  The other ways,
 *    bumping the aggregation's generation from outside, or a clear() in a
 *    clause the consumer fires, lost events at each boundary.
 *
 * Time.  The first interval starts when dtrace_go() returns; each lasts
 * -i (1 s by default); -T ends tracing that long after the start, and
 * SIGINT, SIGTERM and SIGHUP at once: the interval in progress is printed
 * with its true duration, and meta-d exits 0.  A write to standard output
 * that fails (it was closed) ends tracing too, with status 1 and no word.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define	MD_RUN_SECOND	1000000000ULL
#define	MD_RUN_GRACE	2000000ULL	/* ns after an interval's end */
					/* before min, max read it */
#define	MD_RUN_POLL	10000000ULL	/* ns between dtrace's polls */

static volatile sig_atomic_t md_run_signal;	/* INT, TERM or HUP came */

/* A monotonic clock in nanoseconds: the intervals' (D's timestamp's). */
static uint64_t
md_run_now(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
}

static void
md_run_onsignal(int sig)
{
	md_run_signal = sig;
}

/* A failure of the run's own, in err: -1. */
static int
md_run_fail(md_error_t *err, md_errcode_t code, const char *msg)
{
	err->mde_code = code;
	(void) snprintf(err->mde_msg, sizeof (err->mde_msg), "%s", msg);
	return (-1);
}

/* One run: its handle, its values, and what the interval saw. */
typedef struct md_run {
	const md_cli_opts_t	*ru_o;
	int			ru_fd;		/* the lines' */
	md_dt_t			*ru_dt;
	md_values_t		*ru_values;
	md_series_t		*ru_series;
	md_aggfn_t		ru_fn;
	int			ru_bykey;	/* min, max: by interval key */
	uint64_t		ru_upto;	/* their intervals read: < this */
	uint64_t		ru_drops;	/* in the interval */
	uint64_t		ru_errors;
	int64_t			*ru_delta;	/* a record's part */
	size_t			ru_ndelta;
	md_cli_prom_t		ru_prom;	/* --prometheus */
	md_error_t		ru_err;
} md_run_t;

static void
md_run_ondrop(void *arg, uint64_t n, const char *msg)
{
	md_run_t *ru = arg;

	ru->ru_drops += n;
	md_cli_err(ru->ru_o, "%s", msg);
}

static void
md_run_onerror(void *arg, const char *msg)
{
	md_run_t *ru = arg;

	ru->ru_errors++;
	md_cli_err(ru->ru_o, "%s", msg);
}

/* A record of min or max, keyed by interval first: read once it ended. */
static int
md_run_bykey(md_run_t *ru, const md_dt_rec_t *r)
{
	md_value_t v = { r->dr_fn, r->dr_quant, r->dr_data, r->dr_ndata };
	uint64_t e;
	char *end;

	if (r->dr_nkeys < 1)
		return (-1);
	e = strtoull(r->dr_keys[0], &end, 10);
	if (e >= ru->ru_upto)
		return (MD_DT_NEXT);
	if (md_values_add(ru->ru_values, r->dr_keys + 1, r->dr_keylens + 1,
	    &v, &ru->ru_err) != 0 || md_cli_prom_add(&ru->ru_prom,
	    r->dr_keys + 1, r->dr_keylens + 1, &v, &ru->ru_err) != 0)
		return (-1);
	return (MD_DT_REMOVE);
}

/* Each record of a snapshot: its part of the interval, if it has one. */
static int
md_run_record(const md_dt_rec_t *r, void *arg)
{
	md_run_t *ru = arg;
	md_value_t v = { r->dr_fn, r->dr_quant, NULL, r->dr_ndata };
	int64_t *d;
	int changed;

	if (r->dr_fn != ru->ru_fn) {
		return (md_run_fail(&ru->ru_err, MD_ERR_ARG, "a record of "
		    "another function than the request's aggregation"));
	}
	if (ru->ru_bykey)
		return (md_run_bykey(ru, r));
	if (r->dr_ndata > ru->ru_ndelta) {
		if ((d = realloc(ru->ru_delta, r->dr_ndata *
		    sizeof (int64_t))) == NULL)
			return (md_run_fail(&ru->ru_err, MD_ERR_NOMEM,
			    "out of memory"));
		ru->ru_delta = d;
		ru->ru_ndelta = r->dr_ndata;
	}
	v.mv_data = ru->ru_delta;
	if ((changed = md_series_delta(ru->ru_series, r->dr_key,
	    r->dr_keylen, r->dr_gen, r->dr_fn, r->dr_data, ru->ru_delta,
	    r->dr_ndata, &ru->ru_err)) < 0)
		return (-1);
	if (changed && (md_values_add(ru->ru_values, r->dr_keys,
	    r->dr_keylens, &v, &ru->ru_err) != 0 || md_cli_prom_add(
	    &ru->ru_prom, r->dr_keys, r->dr_keylens, &v, &ru->ru_err) != 0))
		return (-1);
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
 * The request's script for --run: without -i and -T, and, for min and
 * max, keyed by interval.  One script: zones with the pragma make one
 * per zone, and --run runs one (a usage error).
 */
static md_result_t *
md_run_script(md_cli_job_t *j, uint64_t interval, int *rvp)
{
	md_request_t req = *j->cj_req;
	md_result_t *r;
	md_error_t err;

	req.mdq_interval = NULL;
	req.mdq_duration = NULL;
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
	if ((ru->ru_dt = md_dt_open(flags, &hooks, msg,
	    sizeof (msg))) == NULL) {
		md_cli_err(ru->ru_o, "--run: %s", msg);
		return (-1);
	}
	if ((text = md_run_text(r, (flags & MD_DT_SNAPSHOT) ? "" :
	    md_dt_runclause(), &len)) == NULL) {
		md_cli_err(ru->ru_o, "--run: out of memory");
		return (-1);
	}
	rv = md_dt_compile(ru->ru_dt, text, len, MD_DT_ENABLE | MD_DT_LINES,
	    msg, sizeof (msg));
	free(text);
	if (rv != 0) {
		md_cli_err(ru->ru_o, "--run: failed to compile the script: %s",
		    msg);
		return (-1);
	}
	if (md_dt_go(ru->ru_dt, msg, sizeof (msg)) != 0) {
		md_cli_err(ru->ru_o, "--run: %s", msg);
		return (-1);
	}
	return (0);
}

/*
 * Sleep until the monotonic time t (ns), or a signal; while dtrace asks
 * for polls (md_dt_poll(): it learns what it reads), in steps of 10 ms.
 */
static void
md_run_sleep(md_run_t *ru, uint64_t t)
{
	uint64_t now, ns;
	struct timespec ts;
	int poll = 1;

	while (!md_run_signal && (now = md_run_now()) < t) {
		if (poll && (poll = md_dt_poll(ru->ru_dt)) != 0 &&
		    (now = md_run_now()) >= t)
			break;
		ns = t - now;
		if (poll && ns > MD_RUN_POLL)
			ns = MD_RUN_POLL;
		ts.tv_sec = (time_t)(ns / MD_RUN_SECOND);
		ts.tv_nsec = (long)(ns % MD_RUN_SECOND);
		if (nanosleep(&ts, NULL) != 0 && errno != EINTR)
			break;
	}
}

/* SIGINT, SIGTERM and SIGHUP end tracing: noted, not fatal. */
static void
md_run_signals(struct sigaction *old)
{
	static const int sig[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	(void) memset(&sa, 0, sizeof (sa));
	sa.sa_handler = md_run_onsignal;
	(void) sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++)
		(void) sigaction(sig[i], &sa, &old[i]);
}

static void
md_run_unsignals(const struct sigaction *old)
{
	(void) sigaction(SIGINT, &old[0], NULL);
	(void) sigaction(SIGTERM, &old[1], NULL);
	(void) sigaction(SIGHUP, &old[2], NULL);
}

/*
 * One interval's end: dtrace drained and read, the records of the
 * interval turned into its line, and the line written.  last: tracing
 * has stopped, all that is left is this interval's.  Returns 0, 1 when
 * dtrace stopped by itself, -1 with the message said (or, for a write
 * that failed, not).
 */
static int
md_run_interval(md_run_t *ru, double start, double duration, int last)
{
	char msg[MD_ERRMSGLEN], *line;
	size_t len;
	int st;

	ru->ru_upto = last ? UINT64_MAX : ru->ru_upto + 1;
	if ((st = md_dt_interval(ru->ru_dt, md_run_record, ru, msg,
	    sizeof (msg))) < 0) {
		if (ru->ru_err.mde_msg[0] != '\0')
			md_cli_err(ru->ru_o, "--run: %s", ru->ru_err.mde_msg);
		else
			md_cli_err(ru->ru_o, "--run: %s", msg);
		return (-1);
	}
	if ((line = md_values_line(ru->ru_values, start, duration,
	    ru->ru_drops, ru->ru_errors, &len, &ru->ru_err)) == NULL) {
		md_cli_err(ru->ru_o, "--run: %s", ru->ru_err.mde_msg);
		return (-1);
	}
	md_cli_prom_write(&ru->ru_prom, ru->ru_o, ru->ru_drops,
	    ru->ru_errors);
	ru->ru_drops = ru->ru_errors = 0;
	if (md_cli_write(ru->ru_fd, line, len) != 0) {
		free(line);
		return (-1);	/* stdout closed: an end, without a word */
	}
	free(line);
	return (st == MD_DT_DONE);
}

/*
 * The loop: an interval after another until -T, a signal, dtrace's own
 * end, or an error.  Returns the exit status.
 */
static int
md_run_loop(md_run_t *ru, uint64_t interval, uint64_t duration)
{
	uint64_t t0 = md_run_now(), start, end, next;
	double wall0 = md_cli_seconds(CLOCK_REALTIME);
	int st = 0, last = 0;

	for (start = t0; st == 0 && !last; start = next) {
		next = start + interval;
		end = duration != 0 ? t0 + duration : UINT64_MAX;
		if (next >= end)
			next = end;
		md_run_sleep(ru, next);
		if (md_run_signal || next == end) {
			next = md_run_now() < next ? md_run_now() : next;
			(void) md_dt_stop(ru->ru_dt);
			last = 1;
		} else if (ru->ru_bykey) {
			md_run_sleep(ru, next + MD_RUN_GRACE);
		}
		st = md_run_interval(ru, wall0 + (double)(start - t0) / 1e9,
		    (double)(next - start) / 1e9, last);
	}
	if (st > 0 && !last) {	/* dtrace's own end, not -T's or ours */
		md_cli_err(ru->ru_o, "--run: dtrace stopped tracing");
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

int
md_cli_run(md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	const md_request_t *req = j->cj_req;
	struct sigaction old[3];
	uint64_t interval = MD_RUN_SECOND, duration = 0;
	md_result_t *r;
	md_run_t ru;
	int rv;

	if (md_dt_missing() != NULL) {
		md_cli_err(o, "--run: %s", md_dt_missing());
		return (md_cli_usage(o));
	}
	if (md_run_ownopt(req) != NULL) {
		md_cli_err(o, "--run: -x %s: --run reads the aggregation at the "
		    "end of each interval (-i) and drains dtrace every 10 ms "
		    "itself", md_run_ownopt(req));
		return (md_cli_usage(o));
	}
	if ((req->mdq_interval != NULL &&
	    md_interval_ns(req->mdq_interval, &interval) != 0) ||
	    (req->mdq_duration != NULL &&
	    md_duration_ns(req->mdq_duration, &duration) != 0))
		return (md_cli_usage(o));	/* checked when parsed */
	if ((r = md_run_script(j, interval, &rv)) == NULL)
		return (rv);
	(void) memset(&ru, 0, sizeof (ru));
	ru.ru_prom.cp_dir.cd_fd = ru.ru_prom.cp_dir.cd_pfd = -1;
	ru.ru_o = o;
	ru.ru_fd = j->cj_fd;
	ru.ru_fn = r->mdr_fn;
	if (o->o_promfile != NULL && (rv = md_cli_prom_open(&ru.ru_prom, o,
	    j->cj_m, r->mdr_fn)) != 0) {
		md_cli_prom_close(&ru.ru_prom);
		md_result_free(r);
		return (rv);
	}
	ru.ru_bykey = r->mdr_fn == MD_AGG_MIN || r->mdr_fn == MD_AGG_MAX;
	md_run_signal = 0;
	md_run_signals(old);
	if ((ru.ru_values = md_values_new(r->mdr_nkeys, r->mdr_fn,
	    &ru.ru_err)) == NULL || (ru.ru_series = md_series_new(
	    &ru.ru_err)) == NULL) {
		md_cli_err(o, "--run: %s", ru.ru_err.mde_msg);
		rv = MD_CLI_ERROR;
	} else if (md_run_start(&ru, r) != 0) {
		rv = MD_CLI_ERROR;
	} else {
		rv = md_run_loop(&ru, interval, duration);
		md_run_eof(ru.ru_fd);
	}
	md_dt_close(ru.ru_dt);
	md_run_unsignals(old);
	md_values_free(ru.ru_values);
	md_series_free(ru.ru_series);
	md_cli_prom_close(&ru.ru_prom);
	free(ru.ru_delta);
	md_result_free(r);
	return (rv);
}

/*
 * cli_compile.c: meta-d --check --compile METRIC ... (SPEC 8.2), each
 * script --check makes of each METRIC compiled by the system's libdtrace,
 * compile only, so that what only the real compiler knows (names,
 * members, translators, types this system has) is judged too.
 *
 * A library at once: each METRIC's requests and their scripts are kept
 * as cli_modes.c hands the metrics over (md_cli_compile()), then all are
 * compiled together (md_cli_compile_end()).  libdtrace is opened and set
 * up once, for them all (dtrace_init() reads the kernel's symbols, probes
 * and types: about a second), with errtags, so that each message leads
 * with its tag, zdefs (dtrace -Z): a library of metrics is checked on
 * machines other than those it traces, and a probe this one lacks is no
 * error, and the directories of D libraries -L names.  Each compile then
 * runs in a child of that handle, forked for it (cli_child.c: a child
 * with a deadline and a reply pipe): a pristine copy, so that no script's
 * declarations reach the next; a compile that crashes or runs past its
 * time (METAD_COMPILE_TIMEOUT seconds, 60 by default) is reported for its
 * request, and the others go on.  As many run at a time as there are
 * processors (two at least, eight at most).  A script made by several
 * requests (or metrics) is compiled once.
 *
 * One cause, one line: a metric's refusals with the same message are said
 * once, with how many requests they hit and the first ("fs-ops: 87
 * requests (first: with no options): [D_SYNTAX] ..."); -v says every
 * request.  A metric whose "os" leaves this system out is not compiled
 * (md_cli_traceable() says so in a line).  Where this dtrace has no zones
 * (it cannot resolve zonename: Linux), the requests with -z are left
 * out; with -v, the last line says how many.  Success says nothing.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

#define	MD_CC_TIMEOUT	60.0	/* seconds a compile may take */
#define	MD_CC_ZONES	"BEGIN\n{\n\ttrace(zonename);\n}\n"
#define	MD_CC_MAXSLOTS	8

#if MD_CC_MAXSLOTS > MD_CLI_CHILDREN
#error "more compiles at a time than md_cli_child_poll() looks at"
#endif

/* A distinct script, and what the compiler made of it. */
typedef struct md_cscript {
	char		*cs_text;
	size_t		cs_len;
	int		cs_done;
	char		*cs_msg;	/* NULL: compiled */
} md_cscript_t;

/* A request: its words, and its scripts (indexes of distinct ones). */
typedef struct md_creq {
	char		*cq_label;
	size_t		cq_metric;	/* its metric's index */
	int		cq_zones;	/* it has -z */
	int		cq_alt;		/* another way of the one before */
	size_t		*cq_s;
	size_t		cq_n;
} md_creq_t;

/* A metric: its name, its first request, whether it has "os". */
typedef struct md_cmetric {
	char		*cm_name;
	size_t		cm_first;
	int		cm_hasos;
} md_cmetric_t;

/* A refusal's cause in a metric: its message, its requests, the first. */
typedef struct md_ccause {
	const char	*cu_msg;
	size_t		cu_n;
	size_t		cu_first;
} md_ccause_t;

typedef struct md_compile {
	const md_cli_opts_t	*cc_o;
	md_dt_t			*cc_dt;
	int			cc_zones;	/* this dtrace has zones */
	int			cc_stopped;	/* nothing more is judged */
	md_cmetric_t		*cc_m;
	size_t			cc_nm;
	md_cscript_t		*cc_s;
	size_t			cc_ns;
	md_creq_t		*cc_r;
	size_t			cc_nr;
	double			cc_timeout;
	const char		*cc_label;	/* the request given */
	int			cc_nomem;
} md_compile_t;

/* The index of the distinct script text (len bytes), added if new. */
static int
md_cc_script(md_compile_t *cc, const char *text, size_t len, size_t *ip)
{
	md_cscript_t *s;
	size_t i;

	for (i = 0; i < cc->cc_ns; i++) {
		if (cc->cc_s[i].cs_len == len &&
		    memcmp(cc->cc_s[i].cs_text, text, len) == 0) {
			*ip = i;
			return (0);
		}
	}
	if ((s = realloc(cc->cc_s, (cc->cc_ns + 1) * sizeof (*s))) == NULL)
		return (-1);
	cc->cc_s = s;
	s = &cc->cc_s[cc->cc_ns];
	(void) memset(s, 0, sizeof (*s));
	if ((s->cs_text = malloc(len + 1)) == NULL)
		return (-1);
	(void) memcpy(s->cs_text, text, len);
	s->cs_text[len] = '\0';
	s->cs_len = len;
	*ip = cc->cc_ns++;
	return (0);
}

/* md_metric_check_each()'s hand: a request and its scripts, kept. */
static int
md_cc_collect(void *arg, const char *label, const md_request_t *req,
    const md_result_t *r, int alt)
{
	md_compile_t *cc = arg;
	md_creq_t *q;
	size_t i;

	if ((q = realloc(cc->cc_r, (cc->cc_nr + 1) * sizeof (*q))) == NULL)
		goto nomem;
	cc->cc_r = q;
	q = &cc->cc_r[cc->cc_nr];
	(void) memset(q, 0, sizeof (*q));
	cc->cc_nr++;
	q->cq_metric = cc->cc_nm - 1;
	q->cq_zones = req->mdq_nzones > 0;
	q->cq_alt = alt;
	if ((q->cq_label = label != NULL ? md_cli_request_label(req, NULL,
	    "with no options") : strdup(cc->cc_label)) ==
	    NULL || (q->cq_s = calloc(r->mdr_nscripts, sizeof (size_t))) ==
	    NULL)
		goto nomem;
	for (i = 0; i < r->mdr_nscripts; i++) {
		if (md_cc_script(cc, r->mdr_scripts[i], r->mdr_lens[i],
		    &q->cq_s[i]) != 0)
			goto nomem;
		q->cq_n++;
	}
	return (0);
nomem:
	cc->cc_nomem = 1;
	return (-1);
}

/* What a compile's child is handed: the scripts, and which to compile. */
typedef struct md_cchild {
	const md_compile_t	*ck_cc;
	size_t			ck_script;
} md_cchild_t;

/*
 * The child (cli_child.c's): compile its script, reply '0', or '1' and
 * the message.
 */
static void
md_cc_child(int fd, void *arg)
{
	const md_cchild_t *k = arg;
	const md_cscript_t *s = &k->ck_cc->cc_s[k->ck_script];
	char reply[MD_ERRMSGLEN + 1];
	size_t n;

	reply[0] = '0';
	reply[1] = '\0';
	if (md_dt_compile(k->ck_cc->cc_dt, s->cs_text, s->cs_len, 0,
	    reply + 1, sizeof (reply) - 1) != 0)
		reply[0] = '1';
	n = reply[0] == '0' ? 1 : strlen(reply);
	(void) md_cli_write(fd, reply, n);
}

/* Start compiling script i in child ch. */
static int
md_cc_start(md_compile_t *cc, md_cli_child_t *ch, size_t i)
{
	md_cchild_t k;

	k.ck_cc = cc;
	k.ck_script = i;
	(void) fflush(NULL);
	return (md_cli_child_start(ch, md_cc_child, &k, cc->cc_timeout,
	    MD_ERRMSGLEN + 1));
}

/*
 * Script i's child has ended (or was killed past its time): its verdict.
 * One killed for what it said (past its room, or reading failed: not
 * seen) is judged by what it said.
 */
static void
md_cc_finish(md_compile_t *cc, md_cli_child_t *ch, size_t i)
{
	md_cscript_t *s = &cc->cc_s[i];
	char msg[MD_ERRMSGLEN];

	s->cs_done = 1;
	if (ch->ch_timedout)
		(void) snprintf(msg, sizeof (msg), "the compile took more "
		    "than %g s, and was stopped", cc->cc_timeout);
	else if (ch->ch_err == 0 && WIFSIGNALED(ch->ch_status))
		(void) snprintf(msg, sizeof (msg), "the compiler crashed: %s",
		    strsignal(WTERMSIG(ch->ch_status)));
	else if (ch->ch_len == 0)
		(void) snprintf(msg, sizeof (msg), "the compiler ended without "
		    "a word (status %d)", WEXITSTATUS(ch->ch_status));
	else if (ch->ch_buf[0] == '0')
		msg[0] = '\0';
	else
		(void) snprintf(msg, sizeof (msg), "%s", ch->ch_buf + 1);
	md_cli_child_free(ch);
	if (msg[0] != '\0' && (s->cs_msg = strdup(msg)) == NULL)
		cc->cc_nomem = 1;
}

/*
 * A child could not be made (fork() or pipe() failed): the others are
 * stopped and waited for, their pipes closed, before the error is said;
 * none is left compiling.  errno is kept.  Returns -1.
 */
static int
md_cc_stopall(md_cli_child_t *ch, size_t nslots)
{
	int e = errno;
	size_t i;

	for (i = 0; i < nslots; i++)
		md_cli_child_free(&ch[i]);
	errno = e;
	return (-1);
}

/*
 * Compile every script of the requests that are kept (skip: those with
 * -z), nslots at a time: a child each (cli_child.c), its verdict taken
 * when it has ended.  Returns 0, or -1 when no child can be made.
 */
static int
md_cc_pool(md_compile_t *cc, const int *keep, size_t nslots)
{
	md_cli_child_t ch[MD_CC_MAXSLOTS];
	size_t script[MD_CC_MAXSLOTS], next = 0, i, busy = 0;
	int started[MD_CC_MAXSLOTS];

	(void) memset(ch, 0, sizeof (ch));
	(void) memset(started, 0, sizeof (started));
	for (;;) {
		for (i = 0; i < nslots && next < cc->cc_ns; i++) {
			while (next < cc->cc_ns && !keep[next])
				next++;
			if (started[i] || next == cc->cc_ns)
				continue;
			if (md_cc_start(cc, &ch[i], next) != 0)
				return (md_cc_stopall(ch, nslots));
			script[i] = next++;
			started[i] = 1;
			busy++;
		}
		if (busy == 0)
			return (0);
		/* a poll() that fails is tried again; deadlines still hold */
		(void) md_cli_child_poll(ch, nslots);
		for (i = 0; i < nslots; i++) {
			if (!started[i] || ch[i].ch_pid != 0)
				continue;
			md_cc_finish(cc, &ch[i], script[i]);
			started[i] = 0;
			busy--;
		}
	}
}

/* Did every script of request q compile? */
static int
md_cc_passed(const md_compile_t *cc, const md_creq_t *q)
{
	size_t j;

	for (j = 0; j < q->cq_n; j++) {
		if (cc->cc_s[q->cq_s[j]].cs_msg != NULL)
			return (0);
	}
	return (1);
}

/*
 * Request q's refusals (a message several scripts share: once), each
 * said (-v) or added to the metric's causes.  -1: out of memory.
 */
static int
md_cc_refused(const md_compile_t *cc, size_t qi, md_ccause_t **cup,
    size_t *ncup)
{
	const md_creq_t *q = &cc->cc_r[qi];
	const char *msg, *name = cc->cc_m[q->cq_metric].cm_name;
	md_ccause_t *cu;
	size_t j, k;

	for (j = 0; j < q->cq_n; j++) {
		if ((msg = cc->cc_s[q->cq_s[j]].cs_msg) == NULL)
			continue;
		for (k = 0; k < j; k++) {
			if (cc->cc_s[q->cq_s[k]].cs_msg != NULL &&
			    strcmp(cc->cc_s[q->cq_s[k]].cs_msg, msg) == 0)
				break;
		}
		if (k < j)
			continue;
		if (cc->cc_o->o_verbose) {
			md_cli_err(cc->cc_o, "%s: %s: %s", name, q->cq_label,
			    msg);
			continue;
		}
		for (k = 0; k < *ncup && strcmp((*cup)[k].cu_msg, msg); k++)
			continue;
		if (k == *ncup) {
			if ((cu = realloc(*cup, (k + 1) * sizeof (*cu))) ==
			    NULL)
				return (-1);
			*cup = cu;
			cu[k].cu_msg = msg;
			cu[k].cu_n = 0;
			cu[k].cu_first = qi;
			(*ncup)++;
		}
		(*cup)[k].cu_n++;
	}
	return (0);
}

/* A metric's causes, a line each. */
static void
md_cc_causes(const md_compile_t *cc, const md_ccause_t *cu, size_t n)
{
	const md_creq_t *q;
	size_t i;

	for (i = 0; i < n; i++) {
		q = &cc->cc_r[cu[i].cu_first];
		if (cu[i].cu_n == 1)
			md_cli_err(cc->cc_o, "%s: %s: %s",
			    cc->cc_m[q->cq_metric].cm_name, q->cq_label,
			    cu[i].cu_msg);
		else
			md_cli_err(cc->cc_o, "%s: %zu requests (first: %s): %s",
			    cc->cc_m[q->cq_metric].cm_name, cu[i].cu_n,
			    q->cq_label, cu[i].cu_msg);
	}
}

/*
 * A metric without "os" refused here (its requests from i to end): a
 * line says, if so, that it looks written for illumos.
 */
static void
md_cc_hint(const md_compile_t *cc, size_t i, size_t end)
{
	const md_cmetric_t *m = &cc->cc_m[cc->cc_r[i].cq_metric];
	const md_cscript_t *s;
	size_t j;

	if (m->cm_hasos)
		return;
	for (; i < end; i++) {
		for (j = 0; j < cc->cc_r[i].cq_n; j++) {
			s = &cc->cc_s[cc->cc_r[i].cq_s[j]];
			if (s->cs_msg != NULL && md_cli_hint_named(cc->cc_o,
			    m->cm_name, s->cs_text, s->cs_len))
				return;
		}
	}
}

/*
 * What the compiler refused of a metric's requests (from i to end): a
 * request and the other ways of asking it that follow it pass if one of
 * them does; else the first's refusals are said, by cause.  Returns how
 * many requests were refused, or -1 (out of memory).
 */
static long
md_cc_report1(const md_compile_t *cc, const int *skipped, size_t i,
    size_t end)
{
	md_ccause_t *cu = NULL;
	size_t k, ncu = 0, start = i;
	long n = 0;
	int passed;

	for (; i < end; i = k) {
		passed = 0;
		for (k = i; k < end && (k == i || cc->cc_r[k].cq_alt); k++)
			passed |= skipped[k] || md_cc_passed(cc, &cc->cc_r[k]);
		if (passed)
			continue;
		n++;
		if (md_cc_refused(cc, i, &cu, &ncu) != 0) {
			free(cu);
			return (-1);
		}
	}
	md_cc_causes(cc, cu, ncu);
	free(cu);
	if (n > 0)
		md_cc_hint(cc, start, end);
	return (n);
}

/* Each metric's refusals.  Returns how many requests were refused. */
static long
md_cc_report(const md_compile_t *cc, const int *skipped)
{
	size_t m, end;
	long n, total = 0;

	for (m = 0; m < cc->cc_nm; m++) {
		end = m + 1 < cc->cc_nm ? cc->cc_m[m + 1].cm_first : cc->cc_nr;
		if ((n = md_cc_report1(cc, skipped, cc->cc_m[m].cm_first,
		    end)) < 0)
			return (-1);
		total += n;
	}
	return (total);
}

static void
md_cc_free(md_compile_t *cc)
{
	size_t i;

	for (i = 0; i < cc->cc_ns; i++) {
		free(cc->cc_s[i].cs_text);
		free(cc->cc_s[i].cs_msg);
	}
	for (i = 0; i < cc->cc_nr; i++) {
		free(cc->cc_r[i].cq_label);
		free(cc->cc_r[i].cq_s);
	}
	for (i = 0; i < cc->cc_nm; i++)
		free(cc->cc_m[i].cm_name);
	free(cc->cc_s);
	free(cc->cc_r);
	free(cc->cc_m);
	/*
	 * Nothing was enabled: the handle holds only memory, which leaving
	 * frees faster than dtrace_close() (a quarter of a second here).
	 */
	if (cc->cc_dt != NULL)
		md_dt_abandon(cc->cc_dt);
	free(cc);
}

/* How many compiles at a time: a processor each, from two to eight. */
static size_t
md_cc_slots(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return (n < 2 ? 2 : n > MD_CC_MAXSLOTS ? MD_CC_MAXSLOTS : (size_t)n);
}

/* Which scripts to compile, and which requests to leave out (zones). */
static int
md_cc_plan(md_compile_t *cc, int zones, int **keepp, int **skipp,
    size_t *nskipp)
{
	size_t i, j;

	*nskipp = 0;
	if ((*keepp = calloc(cc->cc_ns + 1, sizeof (int))) == NULL ||
	    (*skipp = calloc(cc->cc_nr + 1, sizeof (int))) == NULL)
		return (-1);
	for (i = 0; i < cc->cc_nr; i++) {
		if (!zones && cc->cc_r[i].cq_zones) {
			(*skipp)[i] = 1;
			(*nskipp)++;
			continue;
		}
		for (j = 0; j < cc->cc_r[i].cq_n; j++)
			(*keepp)[cc->cc_r[i].cq_s[j]] = 1;
	}
	return (0);
}

/* The pool run with SIGCHLD the default (md_cli_child_hold()). */
static int
md_cc_run(md_compile_t *cc, const int *keep)
{
	struct sigaction old;
	int rv, e;

	md_cli_child_hold(&old);
	rv = md_cc_pool(cc, keep, md_cc_slots());
	e = errno;
	md_cli_child_unhold(&old);
	errno = e;
	return (rv);
}

struct md_compile *
md_cli_compile_begin(const md_cli_opts_t *o)
{
	const char *t = getenv("METAD_COMPILE_TIMEOUT");
	md_compile_t *cc;

	if ((cc = calloc(1, sizeof (*cc))) == NULL)
		return (NULL);
	cc->cc_o = o;
	cc->cc_timeout = t != NULL && atof(t) > 0 ? atof(t) : MD_CC_TIMEOUT;
	return (cc);
}

int
md_cli_compile_stopped(const md_compile_t *cc)
{
	return (cc->cc_stopped);
}

/*
 * libdtrace opened, once, for all the metrics, when the first can be
 * compiled here, by this meta-d, as this user (md_cli_traceable(): it
 * said why not).  MD_CLI_SUCCESS, or the status, said.
 */
static int
md_cc_open(md_compile_t *cc)
{
	char msg[MD_ERRMSGLEN];

	if (md_dt_missing() != NULL) {
		md_cli_err(cc->cc_o, "--compile: %s", md_dt_missing());
		return (md_cli_usage(cc->cc_o));
	}
	if ((cc->cc_dt = md_dt_open(MD_DT_ERRTAGS | MD_DT_ZDEFS, NULL,
	    cc->cc_o->o_libdirs, msg, sizeof (msg))) == NULL) {
		md_cli_err(cc->cc_o, "--compile: %s", msg);
		return (MD_CLI_ERROR);
	}
	/*
	 * The first compile loads dtrace's D libraries (translators, types,
	 * and -L's): done once here, each child finds them loaded.  It asks
	 * whether this dtrace can resolve zonename, and declares nothing.
	 */
	cc->cc_zones = md_dt_compile(cc->cc_dt, MD_CC_ZONES,
	    sizeof (MD_CC_ZONES) - 1, 0, msg, sizeof (msg)) == 0;
	return (MD_CLI_SUCCESS);
}

/* A metric added to those judged: its name, its first request. */
static int
md_cc_metric(md_compile_t *cc, const md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	md_cmetric_t *m;

	if ((m = realloc(cc->cc_m, (cc->cc_nm + 1) * sizeof (*m))) == NULL)
		return (-1);
	cc->cc_m = m;
	m = &cc->cc_m[cc->cc_nm];
	if ((m->cm_name = md_cli_metric_name(o->o_path != NULL ? o->o_path :
	    MD_CLI_STDIN)) == NULL)
		return (-1);
	m->cm_first = cc->cc_nr;
	m->cm_hasos = md_metric_nos(j->cj_m) > 0;
	cc->cc_nm++;
	return (0);
}

/*
 * --check --compile: the metric's requests (or the one given, named by
 * label) kept, to be compiled with the others' (md_cli_compile_end()).
 * A metric for other systems is refused here, in a line; one that cannot
 * be judged here at all (not root, no libdtrace) stops the rest.
 * Returns the status.
 */
int
md_cli_compile(md_cli_job_t *j, const md_request_t *req, const char *label)
{
	md_compile_t *cc = j->cj_cc;
	const char *sys = md_cli_os();
	md_error_t err;
	int rv;

	if ((rv = md_cli_traceable(j, "--compile")) != MD_CLI_SUCCESS) {
		cc->cc_stopped = sys == NULL || md_metric_runs_on(j->cj_m, sys);
		return (rv);
	}
	if (cc->cc_dt == NULL && (rv = md_cc_open(cc)) != MD_CLI_SUCCESS) {
		cc->cc_stopped = 1;
		return (rv);
	}
	cc->cc_label = label != NULL ? label : "the request";
	if (md_cc_metric(cc, j) != 0) {
		cc->cc_nomem = 1;
	} else if (md_metric_check_each(j->cj_m, req, md_cc_collect, cc,
	    &err) != 0 && !cc->cc_nomem) {
		/* --check has passed: only memory can fail here */
		md_cli_err(j->cj_o, "%s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	if (cc->cc_nomem) {
		md_cli_err(j->cj_o, "out of memory");
		cc->cc_stopped = 1;
		return (MD_CLI_ERROR);
	}
	return (MD_CLI_SUCCESS);
}

/* Compile what was kept, and say what was refused.  The status. */
static int
md_cc_judge(md_compile_t *cc)
{
	const md_cli_opts_t *o = cc->cc_o;
	int *keep = NULL, *skip = NULL, rv = MD_CLI_ERROR;
	size_t nskip = 0;
	long n;

	if (md_cc_plan(cc, cc->cc_zones, &keep, &skip, &nskip) != 0) {
		md_cli_err(o, "out of memory");
	} else if (md_cc_run(cc, keep) != 0) {
		md_cli_err(o, "--compile: cannot start a compile: %s",
		    strerror(errno));
	} else if ((n = md_cc_report(cc, skip)) < 0 || cc->cc_nomem) {
		md_cli_err(o, "out of memory");
	} else {
		rv = n > 0 ? MD_CLI_ERROR : MD_CLI_SUCCESS;
		if (nskip > 0 && o->o_verbose)
			md_cli_err(o, "--compile: %zu request%s with -z left "
			    "out: this dtrace has no zones (zonename)", nskip,
			    nskip == 1 ? "" : "s");
	}
	free(keep);
	free(skip);
	return (rv);
}

int
md_cli_compile_end(md_compile_t *cc)
{
	int rv = MD_CLI_SUCCESS;

	if (cc == NULL)
		return (MD_CLI_SUCCESS);
	if (cc->cc_dt != NULL && cc->cc_nr > 0 && !cc->cc_nomem)
		rv = md_cc_judge(cc);
	md_cc_free(cc);
	return (rv);
}

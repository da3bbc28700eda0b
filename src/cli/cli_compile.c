/*
 * cli_compile.c: meta-d --check --compile (SPEC 8.2), each script --check
 * makes compiled by the system's libdtrace, compile only, so that what
 * only the real compiler knows (names, members, translators, types this
 * system has) is judged too.
 *
 * libdtrace is opened and set up once (dtrace_init() reads the kernel's
 * symbols, probes and types: about a second), with errtags, so that each
 * message leads with its tag, and zdefs (dtrace -Z): a library of metrics
 * is checked on machines other than those it traces, and a probe this one
 * lacks is no error.  Each compile then runs in a child of that handle,
 * forked for it (cli_child.c: a child with a deadline and a reply pipe):
 * a pristine copy, so that no script's declarations reach the next; a
 * compile that crashes or runs past its time (METAD_COMPILE_TIMEOUT
 * seconds, 60 by default) is reported for its request, and the others go
 * on.  As many run at a time as there are processors (two at least, eight
 * at most).  A script made by several requests is compiled once.
 *
 * Where this dtrace has no zones (it cannot resolve zonename: Linux), the
 * requests with -z are left out, and the last line says how many.
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
	int		cq_zones;	/* it has -z */
	int		cq_alt;		/* another way of the one before */
	size_t		*cq_s;
	size_t		cq_n;
} md_creq_t;

typedef struct md_compile {
	const md_cli_opts_t	*cc_o;
	md_dt_t			*cc_dt;
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

/* Request q's refusals, a line each (a message several scripts share: once). */
static size_t
md_cc_refused(const md_compile_t *cc, const md_creq_t *q)
{
	size_t j, k, n = 0;
	const char *msg;

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
		md_cli_err(cc->cc_o, "%s: %s", q->cq_label, msg);
		n++;
	}
	return (n);
}

/*
 * What the compiler refused, a line each: the request, then dtrace's
 * message.  A request and the other ways of asking it that follow it
 * pass if one of them does; else the first's refusals are said.
 * Returns how many lines.
 */
static size_t
md_cc_report(const md_compile_t *cc, const int *skipped)
{
	size_t i, k, n = 0;
	int passed;

	for (i = 0; i < cc->cc_nr; i = k) {
		passed = 0;
		for (k = i; k < cc->cc_nr && (k == i || cc->cc_r[k].cq_alt);
		    k++)
			passed |= skipped[k] || md_cc_passed(cc, &cc->cc_r[k]);
		if (!passed)
			n += md_cc_refused(cc, &cc->cc_r[i]);
	}
	return (n);
}

/* A metric for illumos, refused here: a line says what it looks like. */
static void
md_cc_hint(const md_compile_t *cc, const md_metric_t *m)
{
	size_t i;

	for (i = 0; i < cc->cc_ns; i++) {
		if (cc->cc_s[i].cs_msg != NULL && md_cli_hint_illumos(cc->cc_o,
		    m, cc->cc_s[i].cs_text, cc->cc_s[i].cs_len))
			return;
	}
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
	free(cc->cc_s);
	free(cc->cc_r);
	/*
	 * Nothing was enabled: the handle holds only memory, which leaving
	 * frees faster than dtrace_close() (a quarter of a second here).
	 */
	md_dt_abandon(cc->cc_dt);
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

/*
 * Can the metric be compiled here, by this meta-d, as this user
 * (md_cli_traceable())?  MD_CLI_SUCCESS, or the status, said.
 */
static int
md_cc_ready(const md_cli_job_t *j)
{
	int rv;

	if ((rv = md_cli_traceable(j, "--compile")) != MD_CLI_SUCCESS)
		return (rv);
	if (md_dt_missing() != NULL) {
		md_cli_err(j->cj_o, "--compile: %s", md_dt_missing());
		return (md_cli_usage(j->cj_o));
	}
	return (MD_CLI_SUCCESS);
}

/*
 * --check --compile: the metric's requests (or the one given, named by
 * label) compiled.  Returns the exit status.
 */
int
md_cli_compile(md_cli_job_t *j, const md_request_t *req, const char *label)
{
	const md_cli_opts_t *o = j->cj_o;
	const char *t = getenv("METAD_COMPILE_TIMEOUT");
	int *keep = NULL, *skip = NULL, zones, rv = MD_CLI_ERROR;
	char msg[MD_ERRMSGLEN];
	md_compile_t cc;
	md_error_t err;
	size_t nskip = 0;

	if ((rv = md_cc_ready(j)) != MD_CLI_SUCCESS)
		return (rv);
	rv = MD_CLI_ERROR;
	(void) memset(&cc, 0, sizeof (cc));
	cc.cc_o = o;
	cc.cc_label = label != NULL ? label : "the request";
	cc.cc_timeout = t != NULL && atof(t) > 0 ? atof(t) : MD_CC_TIMEOUT;
	if ((cc.cc_dt = md_dt_open(MD_DT_ERRTAGS | MD_DT_ZDEFS, NULL, msg,
	    sizeof (msg))) == NULL) {
		md_cli_err(o, "--compile: %s", msg);
		return (MD_CLI_ERROR);
	}
	/*
	 * The first compile loads dtrace's D libraries (translators, types):
	 * done once here, each child finds them loaded.  It asks whether
	 * this dtrace can resolve zonename, and declares nothing.
	 */
	zones = md_dt_compile(cc.cc_dt, MD_CC_ZONES, sizeof (MD_CC_ZONES) - 1,
	    0, msg, sizeof (msg)) == 0;
	/* --check has passed: only memory can fail here */
	if (md_metric_check_each(j->cj_m, req, md_cc_collect, &cc,
	    &err) != 0 && !cc.cc_nomem) {
		md_cli_err(o, "%s", err.mde_msg);
	} else if (cc.cc_nomem || md_cc_plan(&cc, zones, &keep, &skip,
	    &nskip) != 0) {
		md_cli_err(o, "out of memory");
	} else if (md_cc_run(&cc, keep) != 0) {
		md_cli_err(o, "--compile: cannot start a compile: %s",
		    strerror(errno));
	} else {
		rv = md_cc_report(&cc, skip) > 0 ? MD_CLI_ERROR :
		    MD_CLI_SUCCESS;
		if (rv != MD_CLI_SUCCESS)
			md_cc_hint(&cc, j->cj_m);
		if (nskip > 0)
			md_cli_err(o, "--compile: %zu request%s with -z left "
			    "out: this dtrace has no zones (zonename)", nskip,
			    nskip == 1 ? "" : "s");
	}
	free(keep);
	free(skip);
	md_cc_free(&cc);
	return (cc.cc_nomem ? MD_CLI_ERROR : rv);
}

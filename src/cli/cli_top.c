/*
 * cli_top.c: meta-d --top, the values as a live view (SPEC 8.5).
 *
 * --top traces as --run does (cli_run.c: the same script, exactness,
 * signals, errors and status); only what becomes of an interval's values
 * differs: this file is its sink (md_cli_sink_t), which hands them to
 * libmetad's view (md_top_*()) and writes the view to standard output.
 *
 * The terminal.  Where standard output is a terminal, the view is drawn
 * on its alternate screen, the cursor hidden and lines not wrapped,
 * redrawn in place at each interval's end (from the top left, each line
 * cleared to its end, the rest of the screen cleared), at the terminal's
 * size, read again when SIGWINCH says it changed (the loop's wait sees
 * the signal, and the view is drawn again at once).  Every end gives the
 * terminal back as it was: the end of tracing (-T, a signal, dtrace's own
 * end, an error) writes the sequences that undo those, and a second
 * signal, which ends meta-d at once, writes them from its handler
 * (sk_bye); a terminal that went away (a write fails: EIO, EPIPE) ends
 * tracing as a closed standard output ends --run.  Elsewhere (a pipe, a
 * file) each interval's view is appended, a blank line between, at 80
 * columns and as long as it takes, as top -b does.
 *
 * ^Z gives the terminal back while meta-d is stopped, and takes it again
 * (the view drawn anew) when it goes on.
 *
 * UTF-8.  The view uses block characters where the locale's character set
 * is UTF-8 (LC_ALL, else LC_CTYPE, else LANG names it), else ASCII; the
 * locale itself is not set (setlocale() would change libdtrace's too).
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

#define	MD_CT_COLS	80	/* not a terminal: the width */

/* Into the alternate screen, the cursor hidden, no wrap; and back. */
#define	MD_CT_ENTER	"\033[?1049h\033[?25l\033[?7l"
#define	MD_CT_LEAVE	"\033[?7h\033[?25h\033[?1049l"

typedef struct md_cli_top {
	md_cli_sink_t		ct_sink;
	const md_cli_opts_t	*ct_o;
	md_top_t		*ct_top;
	int			ct_fd;
	int			ct_tty;		/* stdout is a terminal */
	int			ct_flags;	/* MD_TOP_UTF8 */
	size_t			ct_cols;
	size_t			ct_rows;
	int			ct_winch;	/* SIGWINCH's, SIGTSTP's */
						/* handlers: ours */
	size_t			ct_drawn;	/* views written */
	struct sigaction	ct_oldwinch;
	struct sigaction	ct_oldtstp;
} md_cli_top_t;

static volatile sig_atomic_t md_ct_resized;
static volatile int md_ct_fd = -1;	/* the terminal, for SIGTSTP's */

static void
md_ct_onwinch(int sig)
{
	(void) sig;
	md_ct_resized = 1;
}

/*
 * ^Z (SIGTSTP): the terminal given back while meta-d is stopped, taken
 * again when it goes on, and the view drawn again (as after a resize).
 * The stop itself is SIGTSTP's default, raised with the handler set
 * aside and the signal let through.
 */
static void
md_ct_ontstp(int sig)
{
	struct sigaction sa, ours;
	sigset_t set;
	int e = errno;

	(void) write(md_ct_fd, MD_CT_LEAVE, sizeof (MD_CT_LEAVE) - 1);
	(void) memset(&sa, 0, sizeof (sa));
	(void) sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	(void) sigaction(SIGTSTP, &sa, &ours);
	(void) sigemptyset(&set);
	(void) sigaddset(&set, SIGTSTP);
	(void) sigprocmask(SIG_UNBLOCK, &set, NULL);
	(void) raise(sig);		/* stopped here, until SIGCONT */
	(void) sigprocmask(SIG_BLOCK, &set, NULL);
	(void) sigaction(SIGTSTP, &ours, NULL);
	(void) write(md_ct_fd, MD_CT_ENTER, sizeof (MD_CT_ENTER) - 1);
	md_ct_resized = 1;
	errno = e;
}

/* Does the locale (as the environment names it) use UTF-8? */
static int
md_ct_utf8(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_CTYPE", "LANG" };
	const char *v = NULL;
	size_t i;

	for (i = 0; i < 3 && (v == NULL || *v == '\0'); i++)
		v = getenv(vars[i]);
	if (v == NULL || (v = strchr(v, '.')) == NULL)
		return (0);
	return (strncasecmp(v + 1, "utf-8", 5) == 0 ||
	    strncasecmp(v + 1, "utf8", 4) == 0);
}

/* The terminal's size, or 80 x 24 where it does not say. */
static void
md_ct_size(md_cli_top_t *ct)
{
	struct winsize ws;

	ct->ct_cols = MD_CT_COLS;
	ct->ct_rows = 24;
	if (ioctl(ct->ct_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
	    ws.ws_row > 0) {
		ct->ct_cols = ws.ws_col;
		ct->ct_rows = ws.ws_row;
	}
}

/*
 * The header's title: the metric's name and the request as typed
 * ("syscall-ops -s execname"); the caller frees it.
 */
static char *
md_ct_title(const md_cli_job_t *j)
{
	const md_cli_opts_t *o = j->cj_o;
	char *name = md_cli_metric_name(o->o_path != NULL ? o->o_path :
	    MD_CLI_STDIN), *req = md_cli_request_label(j->cj_req,
	    o->o_predarg, ""), *title = NULL;
	size_t n;

	if (name != NULL && req != NULL) {
		n = strlen(name) + strlen(req) + 2;
		if ((title = malloc(n)) != NULL)
			(void) snprintf(title, n, "%s%s%s", name, *req !=
			    '\0' ? " " : "", req);
	}
	free(name);
	free(req);
	return (title);
}

/* The sink opened: the view made, the terminal's size and SIGWINCH. */
static int
md_ct_open(void *arg, const md_cli_job_t *j, const md_result_t *r)
{
	md_cli_top_t *ct = arg;
	const md_cli_opts_t *o = j->cj_o;
	md_topconf_t c;
	struct sigaction sa;
	md_error_t err;
	char *title;

	(void) memset(&c, 0, sizeof (c));
	c.mtc_nkeys = r->mdr_nkeys;
	c.mtc_fields = o->o_sfields;
	c.mtc_fn = r->mdr_fn;
	c.mtc_unit = o->o_nfield == NULL ? NULL : md_metric_unit(j->cj_m,
	    o->o_nfield);
	if ((title = md_ct_title(j)) == NULL) {
		md_cli_err(o, "--top: out of memory");
		return (MD_CLI_ERROR);
	}
	c.mtc_title = title;
	ct->ct_top = md_top_new(&c, &err);
	free(title);
	if (ct->ct_top == NULL) {
		md_cli_err(o, "--top: %s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	ct->ct_o = o;
	ct->ct_fd = j->cj_fd;
	ct->ct_tty = isatty(ct->ct_fd);
	ct->ct_flags = md_ct_utf8() ? MD_TOP_UTF8 : 0;
	if (!ct->ct_tty)
		return (MD_CLI_SUCCESS);
	md_ct_size(ct);
	(void) memset(&sa, 0, sizeof (sa));
	(void) sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;	/* the loop's waits see it anyway */
	sa.sa_handler = md_ct_onwinch;
	md_ct_resized = 0;
	md_ct_fd = ct->ct_fd;
	ct->ct_winch = sigaction(SIGWINCH, &sa, &ct->ct_oldwinch) == 0;
	sa.sa_handler = md_ct_ontstp;
	if (ct->ct_winch && (sigaction(SIGTSTP, &sa, &ct->ct_oldtstp) != 0 ||
	    ct->ct_oldtstp.sa_handler == SIG_IGN)) {	/* no stop: none */
		(void) sigaction(SIGTSTP, &ct->ct_oldtstp, NULL);
	}
	ct->ct_sink.sk_bye = MD_CT_LEAVE;
	return (MD_CLI_SUCCESS);
}

static int
md_ct_add(void *arg, const char *const *keys, const size_t *lens,
    const md_value_t *v, md_error_t *err)
{
	md_cli_top_t *ct = arg;

	return (md_top_add(ct->ct_top, keys, lens, v, err));
}

/*
 * The view (text, len bytes of lines ended by '\n') as drawn on a
 * terminal of rows lines: after pre, from the top left, each line
 * cleared whole and written (not cleared to its end after it: a line as
 * wide as the screen leaves the cursor on its last character, which that
 * would clear), the last without a newline (it may be the screen's last),
 * and then, if the screen has lines left, those cleared.  NULL: out of
 * memory.
 */
static char *
md_ct_screen(const char *pre, const char *text, size_t len, size_t rows,
    size_t *lenp)
{
	static const char bol[] = "\033[2K", eol[] = "\r\n";
	size_t n = 0, i, o = strlen(pre);
	char *s;

	for (i = 0; i < len; i++)
		n += text[i] == '\n';
	if ((s = malloc(o + len + (n + 1) * 8 + 16)) == NULL)
		return (NULL);
	(void) memcpy(s, pre, o);
	(void) memcpy(s + o, "\033[H\033[2K", 7);
	o += 7;
	for (i = 0; i < len; i++) {
		if (text[i] != '\n') {
			s[o++] = text[i];
		} else if (i + 1 < len) {
			(void) memcpy(s + o, eol, 2);
			(void) memcpy(s + o + 2, bol, 4);
			o += 6;
		}
	}
	if (n < rows) {
		(void) memcpy(s + o, "\r\n\033[J", 5);
		o += 5;
	}
	*lenp = o;
	return (s);
}

/* No memory: in err, and NULL. */
static char *
md_ct_nomem(md_error_t *err)
{
	err->mde_code = MD_ERR_NOMEM;
	(void) snprintf(err->mde_msg, sizeof (err->mde_msg), "out of memory");
	return (NULL);
}

/*
 * The view as written: on a terminal, the screen, after pre (into the
 * alternate screen, first; cleared, after a resize); else appended, a
 * blank line before all but the first.
 */
static char *
md_ct_draw(md_cli_top_t *ct, const char *pre, size_t *lenp, md_error_t *err)
{
	char *text, *s;
	size_t len;
	int first = ct->ct_drawn++ == 0;

	if ((text = md_top_view(ct->ct_top, ct->ct_tty ? ct->ct_cols :
	    MD_CT_COLS, ct->ct_tty ? ct->ct_rows : 0, ct->ct_flags, &len,
	    err)) == NULL)
		return (NULL);
	if (!ct->ct_tty && first) {
		*lenp = len;
		return (text);
	}
	if (ct->ct_tty) {
		s = md_ct_screen(pre, text, len, ct->ct_rows, lenp);
	} else if ((s = malloc(len + 2)) != NULL) {
		s[0] = '\n';
		(void) memcpy(s + 1, text, len + 1);
		*lenp = len + 1;
	}
	free(text);
	return (s != NULL ? s : md_ct_nomem(err));
}

/*
 * What to write: at the start, the terminal taken and a first view; at
 * each interval's end, its view; on a terminal resized, the view again;
 * at the end, the terminal given back.
 */
static char *
md_ct_text(void *arg, md_cli_skev_t ev, const md_cli_iv_t *iv,
    size_t *lenp, md_error_t *err)
{
	md_cli_top_t *ct = arg;
	char *s;

	switch (ev) {
	case MD_CLI_SK_START:
		return (ct->ct_tty ? md_ct_draw(ct, MD_CT_ENTER, lenp, err) :
		    NULL);
	case MD_CLI_SK_INTERVAL:
		if (md_top_end(ct->ct_top, iv->iv_start, iv->iv_duration,
		    iv->iv_drops, iv->iv_errors, err) != 0)
			return (NULL);
		return (md_ct_draw(ct, "", lenp, err));
	case MD_CLI_SK_IDLE:
		if (!ct->ct_tty || !md_ct_resized)
			return (NULL);
		md_ct_resized = 0;
		md_ct_size(ct);
		return (md_ct_draw(ct, "\033[2J", lenp, err));
	default:
		if (!ct->ct_tty)
			return (NULL);
		if ((s = strdup(MD_CT_LEAVE)) == NULL)
			return (md_ct_nomem(err));
		*lenp = strlen(s);
		return (s);
	}
}

/* The sink closed: the view freed, SIGWINCH as it was. */
static void
md_ct_close(void *arg)
{
	md_cli_top_t *ct = arg;

	md_top_free(ct->ct_top);
	ct->ct_top = NULL;
	if (ct->ct_winch) {
		(void) sigaction(SIGWINCH, &ct->ct_oldwinch, NULL);
		(void) sigaction(SIGTSTP, &ct->ct_oldtstp, NULL);
	}
	ct->ct_winch = 0;
}

int
md_cli_top(md_cli_job_t *j)
{
	md_cli_top_t ct;
	int rv;

	(void) memset(&ct, 0, sizeof (ct));
	ct.ct_sink.sk_open = md_ct_open;
	ct.ct_sink.sk_add = md_ct_add;
	ct.ct_sink.sk_text = md_ct_text;
	ct.ct_sink.sk_close = md_ct_close;
	ct.ct_sink.sk_arg = &ct;
	j->cj_sink = &ct.ct_sink;
	rv = md_cli_run(j);
	j->cj_sink = NULL;
	md_ct_close(&ct);	/* if the run never opened it */
	return (rv);
}

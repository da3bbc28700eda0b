/*
 * cli_child.c: a child process with a deadline and a reply pipe.
 *
 * Two parts of meta-d run code in a child and read what it says: the
 * JavaScript metric (cli_js.c, in cli_sandbox.c's sandbox), one child at
 * a time, and --check --compile (cli_compile.c), a child of the libdtrace
 * handle for each script, several at a time.  Both follow one protocol,
 * which this file is the one home of:
 *
 *  - md_cli_child_start() makes a pipe and forks; the child closes the
 *    reading end and runs the function it was given with the writing
 *    end, then ends with _exit(0) if the function returned (nothing
 *    returns into the caller's stack, and what the parent allocated before
 *    the fork is the parent's to free); the parent keeps the reading end
 *    and a deadline, seconds from then on the monotonic clock.
 *  - md_cli_child_poll() looks at N children at once (those running): one
 *    poll() until one of them has something to say or the first deadline
 *    comes, then one read() each of those that have, into a buffer that
 *    grows up to the reply's limit.  A child past its deadline after that
 *    is killed (SIGKILL), whatever it is doing (stopped, blocked, still
 *    writing): read() only follows a poll() that saw something to read,
 *    so that no child can hold the parent past it.  md_cli_child_wait()
 *    does that for one child until it has ended.
 *  - A child ends when its pipe does (EOF), or when it is killed: past
 *    its deadline (ch_timedout), past the reply's limit (ch_err EFBIG), or
 *    when reading failed (ch_err).  Then its pipe is closed and it is
 *    reaped (waitpid(), again on EINTR): ch_status, or ch_werr if waiting
 *    failed.  ch_pid 0 says it has ended.
 *
 *  - md_cli_child_hold() makes SIGCHLD the default while children run,
 *    and md_cli_child_unhold() gives it back: meta-d may start with it
 *    ignored (exec keeps an ignored signal), and then the kernel reaps
 *    each child itself, and waitpid() cannot say how it ended.
 *
 * An interrupted call (EINTR, and EAGAIN from read()) is tried again at
 * the next look, once the deadline has been checked.  What a child's
 * status means, and what its reply says, is its caller's: this file knows
 * no message.  fork() is safe here because meta-d has one thread.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define	MD_CHILD_BUF	4096	/* bytes of reply room at first */
#define	MD_CHILD_NAP	60.0	/* seconds a poll() waits at most */

/* SIGCHLD the default while children run; what it was, in *old. */
void
md_cli_child_hold(struct sigaction *old)
{
	struct sigaction dfl;

	(void) memset(&dfl, 0, sizeof (dfl));
	dfl.sa_handler = SIG_DFL;
	(void) sigemptyset(&dfl.sa_mask);
	(void) sigaction(SIGCHLD, &dfl, old);
}

/* SIGCHLD as it was before md_cli_child_hold(old). */
void
md_cli_child_unhold(const struct sigaction *old)
{
	(void) sigaction(SIGCHLD, old, NULL);
}

/*
 * Start fn(fd, arg) in a child, fd the writing end of its reply pipe; its
 * reply may hold most bytes, and it may run seconds.  Returns 0, or -1
 * with errno and ch_call ("pipe" or "fork") when no child was made.
 */
int
md_cli_child_start(md_cli_child_t *ch, md_cli_child_f *fn, void *arg,
    double seconds, size_t most)
{
	int fds[2], e;

	(void) memset(ch, 0, sizeof (*ch));
	ch->ch_fd = -1;
	ch->ch_most = most;
	if (pipe(fds) != 0) {
		ch->ch_call = "pipe";
		return (-1);
	}
	ch->ch_deadline = md_cli_seconds(CLOCK_MONOTONIC) + seconds;
	if ((ch->ch_pid = fork()) < 0) {
		e = errno;
		(void) close(fds[0]);
		(void) close(fds[1]);
		ch->ch_pid = 0;
		ch->ch_call = "fork";
		errno = e;
		return (-1);
	}
	if (ch->ch_pid == 0) {
		(void) close(fds[0]);
		fn(fds[1], arg);
		_exit(0);
	}
	(void) close(fds[1]);
	ch->ch_fd = fds[0];
	return (0);
}

/* The child has ended, or is made to (kill): its pipe closed, reaped. */
static void
md_cli_child_reap(md_cli_child_t *ch, int kill9)
{
	pid_t waited;

	if (kill9)
		(void) kill(ch->ch_pid, SIGKILL);
	(void) close(ch->ch_fd);
	ch->ch_fd = -1;
	while ((waited = waitpid(ch->ch_pid, &ch->ch_status, 0)) < 0 &&
	    errno == EINTR)
		continue;
	if (waited < 0)
		ch->ch_werr = errno;
	ch->ch_pid = 0;
}

/*
 * Kill a running child (SIGKILL) and reap it; e, if not 0, is why (an
 * errno, into ch_err).
 */
void
md_cli_child_kill(md_cli_child_t *ch, int e)
{
	if (ch->ch_pid == 0)
		return;
	if (e != 0 && ch->ch_err == 0)
		ch->ch_err = e;
	md_cli_child_reap(ch, 1);
}

/*
 * Room to read into past ch_len: the buffer grows (doubling, from
 * MD_CHILD_BUF) up to ch_most + 1 bytes, so that a reply past ch_most is
 * seen, and one more for a NUL.  0, or ENOMEM.
 */
static int
md_cli_child_room(md_cli_child_t *ch)
{
	size_t cap = ch->ch_cap == 0 ? MD_CHILD_BUF : ch->ch_cap * 2;
	char *nbuf;

	if (ch->ch_len < ch->ch_cap)
		return (0);
	if (cap > ch->ch_most + 1)
		cap = ch->ch_most + 1;
	if ((nbuf = realloc(ch->ch_buf, cap + 1)) == NULL)
		return (ENOMEM);
	ch->ch_buf = nbuf;
	ch->ch_cap = cap;
	return (0);
}

/* One read() of a child that has something to say; its end ends it. */
static void
md_cli_child_read(md_cli_child_t *ch)
{
	ssize_t n;
	int e;

	if ((e = md_cli_child_room(ch)) != 0) {
		md_cli_child_kill(ch, e);
		return;
	}
	if ((n = read(ch->ch_fd, ch->ch_buf + ch->ch_len,
	    ch->ch_cap - ch->ch_len)) < 0) {
		if (errno != EINTR && errno != EAGAIN)
			md_cli_child_kill(ch, errno);
		return;
	}
	ch->ch_len += (size_t)n;
	ch->ch_buf[ch->ch_len] = '\0';
	if (ch->ch_len > ch->ch_most)
		md_cli_child_kill(ch, EFBIG);
	else if (n == 0)
		md_cli_child_reap(ch, 0);
}

/*
 * One look at the n children of chv, MD_CLI_CHILDREN at most (those not
 * running are passed over): a poll() until one of them has something to
 * say or the first deadline, one read() of each that has, and those past
 * their deadline killed (ch_timedout).  Returns how many still run; or
 * -1 and errno when poll() failed (not EINTR; the deadlines are still
 * kept).
 */
int
md_cli_child_poll(md_cli_child_t *chv, size_t n)
{
	struct pollfd pfd[MD_CLI_CHILDREN];
	double now = md_cli_seconds(CLOCK_MONOTONIC), wait = MD_CHILD_NAP;
	size_t i, running = 0;
	int r, e = 0;

	if (n > MD_CLI_CHILDREN) {
		errno = EINVAL;
		return (-1);
	}
	for (i = 0; i < n; i++) {
		pfd[i].fd = chv[i].ch_pid != 0 ? chv[i].ch_fd : -1;
		pfd[i].events = POLLIN;
		pfd[i].revents = 0;
		if (chv[i].ch_pid != 0 && chv[i].ch_deadline - now < wait)
			wait = chv[i].ch_deadline - now;
	}
	if ((r = poll(pfd, (nfds_t)n, wait <= 0 ? 0 :
	    (int)(wait * 1000) + 1)) < 0) {
		e = errno == EINTR ? 0 : errno;
		for (i = 0; i < n; i++)
			pfd[i].revents = 0;
	}
	for (i = 0; i < n; i++) {
		if (chv[i].ch_pid != 0 && pfd[i].revents != 0)
			md_cli_child_read(&chv[i]);
		if (chv[i].ch_pid != 0 &&
		    md_cli_seconds(CLOCK_MONOTONIC) >= chv[i].ch_deadline) {
			chv[i].ch_timedout = 1;
			md_cli_child_reap(&chv[i], 1);
		}
		running += chv[i].ch_pid != 0;
	}
	if (e != 0) {
		errno = e;
		return (-1);
	}
	return ((int)running);
}

/*
 * One child, until it has ended: its reply read whole, or it was killed
 * (past its deadline or its reply's limit; or poll() or read() failed:
 * ch_err).
 */
void
md_cli_child_wait(md_cli_child_t *ch)
{
	while (ch->ch_pid != 0) {
		if (md_cli_child_poll(ch, 1) < 0)
			md_cli_child_kill(ch, errno);
	}
}

/* Free what a child's record holds; a child still running is killed. */
void
md_cli_child_free(md_cli_child_t *ch)
{
	md_cli_child_kill(ch, 0);
	free(ch->ch_buf);
	ch->ch_buf = NULL;
	ch->ch_len = ch->ch_cap = 0;
}

/*
 * cli_sandbox.c: a child that holds nothing of meta-d's, where code meta-d
 * does not trust runs (a JavaScript metric: cli_js.c).
 *
 * The child is a child of cli_child.c's, with its reply pipe and a
 * deadline; before it runs anything it is confined:
 *
 *  - it has MD_SB_CPU seconds of CPU (RLIMIT_CPU), MD_SB_AS bytes of
 *    address space (RLIMIT_AS; not under AddressSanitizer, which maps
 *    terabytes of shadow) and may leave no core (RLIMIT_CORE 0), and the
 *    parent kills it MD_SB_WALL_MS milliseconds after it started, whatever
 *    it is doing (stopped, or blocked);
 *  - it holds nothing of the parent's but its reply pipe (every other
 *    descriptor closed, 0 to 2 on /dev/null), runs as user MD_SB_USER
 *    (nobody) when meta-d is root, or runs nothing (it says why), and
 *    ends when its parent does (it looks every MD_SB_WATCH microseconds:
 *    a timer, as portable as PR_SET_PDEATHSIG is not).
 *
 * MD_SB_WALL_MS is fixed when meta-d is built (30 s): no option or
 * environment variable changes it, so that whoever gives meta-d run as
 * root a metric cannot stretch it.  tests/js.sh waits it out with a meta-d
 * of its own, build/jstest/meta-d, built with a shorter one.
 *
 * The child replies one byte, '0' or '1', then a text, at most sb_most
 * bytes; what the text is (a description as JSON, a message) is its
 * caller's.  The parent says how a child that sent no reply ended: a limit
 * it reached, or the signal that killed it.  SIGCHLD is made the default
 * while the child lives: ignored, as a parent may leave it, the child
 * would be reaped by the system, and its status lost.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

#define	MD_SB_CPU	5		/* seconds of CPU for the child */
#ifndef	MD_SB_WALL_MS
#define	MD_SB_WALL_MS	30000		/* ms before it is killed */
#endif
#define	MD_SB_AS	(1UL << 30)	/* bytes of address space */
#define	MD_SB_WATCH	100000		/* us between looks at the parent */
#define	MD_SB_USER	"nobody"	/* whom root's child runs as */

#define	MD_SB_WALL	((double)MD_SB_WALL_MS / 1000)	/* in seconds */

#if defined(__SANITIZE_ADDRESS__)
#define	MD_SB_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define	MD_SB_ASAN	1
#endif
#endif

static int sb_msg(char *, size_t, const char *, ...) MD_CLI_PRINTFLIKE(3, 4);

static int
sb_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
	return (-1);
}

/* Send the parent a status byte and a text, and close the pipe. */
void
md_cli_sandbox_reply(int fd, char status, const char *text, size_t len)
{
	if (md_cli_write(fd, &status, 1) == 0)
		(void) md_cli_write(fd, text, len);
	(void) close(fd);
}

/*
 * The child.  Everything below up to md_cli_sandbox() runs in it.
 */

/* Who the child is: its parent, and the user it runs as when root. */
typedef struct sb_who {
	pid_t	sw_parent;
	uid_t	sw_uid;		/* -1: stay */
	gid_t	sw_gid;
} sb_who_t;

/* What the child is handed: the sandbox, and who it is. */
typedef struct sb_child {
	const md_cli_sandbox_t	*sc_sb;
	sb_who_t		sc_who;
} sb_child_t;

/* Looked up in the parent: a child of a fork may not read files well. */
static void
sb_whom(sb_who_t *who)
{
	struct passwd *pw = geteuid() == 0 ? getpwnam(MD_SB_USER) : NULL;

	who->sw_parent = getpid();
	who->sw_uid = pw != NULL ? pw->pw_uid : (uid_t)-1;
	who->sw_gid = pw != NULL ? pw->pw_gid : (gid_t)-1;
}

/*
 * No supplementary groups (root's).  setgroups() is outside POSIX; on
 * Linux it is declared here, as glibc and musl have it; elsewhere the
 * child keeps them, with nothing open but its pipe.
 */
#if defined(__linux__)
extern int setgroups(size_t, const gid_t *);	/* glibc and musl */
#endif

static int
sb_nogroups(void)
{
#if defined(__linux__)
	return (setgroups(0, NULL));
#else
	return (0);
#endif
}

/* The child's limits: CPU time, memory, and no core from SIGXCPU. */
static void
sb_limits(void)
{
	struct rlimit rl;

	rl.rlim_cur = MD_SB_CPU;
	rl.rlim_max = MD_SB_CPU + 1;
	(void) setrlimit(RLIMIT_CPU, &rl);
#ifndef	MD_SB_ASAN
	rl.rlim_cur = rl.rlim_max = MD_SB_AS;
	(void) setrlimit(RLIMIT_AS, &rl);
#endif
	/* SIGXCPU dumps core by default: the child must leave none behind */
	rl.rlim_cur = 0;
	rl.rlim_max = 0;
	(void) setrlimit(RLIMIT_CORE, &rl);
}

static pid_t sb_parent;		/* the child's parent, watched */

/* SIGALRM in the child: its parent gone (it has another), it ends. */
static void
sb_watch(int sig)
{
	(void) sig;
	if (getppid() != sb_parent)
		_exit(1);
}

/*
 * What the child holds of the parent: its reply pipe fd only, and 0 to 2
 * on /dev/null.  Every other descriptor is closed: those /dev/fd names,
 * or, where it cannot be read, each up to the limit.
 */
static void
sb_descriptors(int fd)
{
	long max = sysconf(_SC_OPEN_MAX), i;
	struct dirent *e;
	DIR *d;

	if ((d = opendir("/dev/fd")) != NULL) {
		while ((e = readdir(d)) != NULL) {
			i = strtol(e->d_name, NULL, 10);
			if (e->d_name[0] >= '0' && e->d_name[0] <= '9' &&
			    i != fd && i != dirfd(d))
				(void) close((int)i);
		}
		(void) closedir(d);
	} else {
		for (i = 0; i < (max < 0 || max > 65536 ? 65536 : max); i++)
			if (i != fd)
				(void) close((int)i);
	}
	for (i = 0; i < 3; i++) {
		if (i != fd && open("/dev/null", O_RDWR) != (int)i)
			break;
	}
}

/*
 * Root's child: user uid and group gid, no supplementary group, and no
 * way back; or it runs nothing.  A child left root (no such user, or a
 * call refused, as without CAP_SETUID) would run a metric's code as root.
 * Returns 0, or -1 and why in text (what: what it would run).
 */
static int
sb_drop(const char *what, uid_t uid, gid_t gid, char *text, size_t textlen)
{
	const char *call;

	if (geteuid() != 0)
		return (0);
	if (uid == (uid_t)-1 || gid == (gid_t)-1)
		return (sb_msg(text, textlen, "%s is not run as root, and "
		    "this system has no user %s to run it as", what,
		    MD_SB_USER));
	call = sb_nogroups() != 0 ? "setgroups" : setgid(gid) != 0 ?
	    "setgid" : setuid(uid) != 0 ? "setuid" : NULL;
	if (call != NULL)
		return (sb_msg(text, textlen, "%s is not run as root, and it "
		    "cannot run as user %s: %s: %s", what, MD_SB_USER, call,
		    strerror(errno)));
	if (uid != 0 && (setuid(0) == 0 || geteuid() == 0 || getuid() == 0))
		return (sb_msg(text, textlen, "%s is not run as root, and it "
		    "could not leave root for user %s", what, MD_SB_USER));
	return (0);
}

/*
 * The child confined: limits, descriptors, its parent watched, and, when
 * it is root, who's user and group instead (sb_drop()).  Returns 0, or -1
 * and why in text: then it must run nothing.
 */
static int
sb_confine(int fd, const char *what, const sb_who_t *who, char *text,
    size_t textlen)
{
	struct sigaction sa;
	struct itimerval it;

	sb_limits();
	sb_descriptors(fd);
	sb_parent = who->sw_parent;
	(void) memset(&sa, 0, sizeof (sa));
	sa.sa_handler = sb_watch;
	sa.sa_flags = SA_RESTART;
	(void) sigemptyset(&sa.sa_mask);
	(void) sigaction(SIGALRM, &sa, NULL);
	it.it_interval.tv_sec = it.it_value.tv_sec = 0;
	it.it_interval.tv_usec = it.it_value.tv_usec = MD_SB_WATCH;
	(void) setitimer(ITIMER_REAL, &it, NULL);
	sb_watch(SIGALRM);	/* it may be gone already */
	return (sb_drop(what, who->sw_uid, who->sw_gid, text, textlen));
}

/*
 * The child, as md_cli_child_start() runs it: confined, then the
 * sandbox's code; or, if it cannot be confined, only why, as its reply.
 */
static void
sb_child(int fd, void *arg)
{
	const sb_child_t *c = arg;
	char text[MD_ERRMSGLEN];

	if (sb_confine(fd, c->sc_sb->sb_what, &c->sc_who, text,
	    sizeof (text)) != 0) {
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
		return;
	}
	c->sc_sb->sb_run(fd, c->sc_sb->sb_arg);
}

/*
 * The parent.
 */

/* How the child ended, when it sent no reply: into msg. */
static int
sb_ended(const md_cli_sandbox_t *sb, const md_cli_child_t *ch, double cpu,
    char *msg, size_t msglen)
{
	int status = ch->ch_status;
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	if (ch->ch_timedout)
		return (sb_msg(msg, msglen, "%s ran longer than its limit of "
		    "%g s in all, and was stopped", sb->sb_what, MD_SB_WALL));
	if (sig == SIGXCPU || (sig == SIGKILL && cpu >= MD_SB_CPU))
		return (sb_msg(msg, msglen, "%s ran longer than its limit of "
		    "%d s of CPU", sb->sb_what, MD_SB_CPU));
	if (sig != 0)
		return (sb_msg(msg, msglen, "%s evaluation was killed by "
		    "signal %d (%s), before any limit (%.1f s of CPU of %d, "
		    "and %g s in all)", sb->sb_what, sig, strsignal(sig), cpu,
		    MD_SB_CPU, MD_SB_WALL));
	return (sb_msg(msg, msglen, "%s evaluation ended with status %d and "
	    "no reply", sb->sb_what, WIFEXITED(status) ?
	    WEXITSTATUS(status) : -1));
}

/* CPU seconds the children of this process used, once reaped. */
static double
sb_cpu(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return (0);
	return ((double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
}

/*
 * What the child's reply and its end (cpu: the seconds of CPU it used)
 * come to: 0 and the reply in *replyp (the child's record then holds it no
 * more), or -1 and why in msg.
 */
static int
sb_answer(const md_cli_sandbox_t *sb, md_cli_child_t *ch, double cpu,
    char **replyp, size_t *lenp, char *msg, size_t msglen)
{
	const char *reply = ch->ch_buf;

	if (ch->ch_werr != 0)
		return (sb_msg(msg, msglen, "waiting for the %s evaluation: "
		    "%s", sb->sb_what, strerror(ch->ch_werr)));
	if (ch->ch_err == EFBIG)
		return (sb_msg(msg, msglen, "its %s is larger than the limit "
		    "of %lu MiB", sb->sb_reply, (unsigned long)(sb->sb_most >>
		    20)));
	if (ch->ch_err != 0)
		return (sb_msg(msg, msglen, "reading its %s: %s", sb->sb_reply,
		    strerror(ch->ch_err)));
	if (ch->ch_timedout || ch->ch_len == 0 || (reply[0] != '0' &&
	    reply[0] != '1') || (reply[0] == '0' &&
	    WIFSIGNALED(ch->ch_status)))
		return (sb_ended(sb, ch, cpu, msg, msglen));
	*replyp = ch->ch_buf;
	*lenp = ch->ch_len;
	ch->ch_buf = NULL;
	return (0);
}

/*
 * Run sb->sb_run in a sandboxed child, and take its reply (cli.h).
 */
int
md_cli_sandbox(const md_cli_sandbox_t *sb, char **replyp, size_t *lenp,
    char *msg, size_t msglen)
{
	struct sigaction old;
	md_cli_child_t ch;
	sb_child_t c;
	double cpu;
	int rv, e;

	md_cli_child_hold(&old);
	c.sc_sb = sb;
	sb_whom(&c.sc_who);
	cpu = sb_cpu();
	if (md_cli_child_start(&ch, sb_child, &c, MD_SB_WALL,
	    sb->sb_most + 1) != 0) {
		e = errno;
		md_cli_child_unhold(&old);
		return (sb_msg(msg, msglen, "%s: %s", ch.ch_call,
		    strerror(e)));
	}
	md_cli_child_wait(&ch);
	md_cli_child_unhold(&old);
	rv = sb_answer(sb, &ch, sb_cpu() - cpu, replyp, lenp, msg, msglen);
	md_cli_child_free(&ch);
	return (rv);
}

/*
 * shim.c: faults of the system, put under meta-d with LD_PRELOAD, for the
 * tests of what it does when a call fails or a signal comes at the worst
 * moment (tests/hardening.sh, tests/hostile.sh).  Each is asked for by an
 * environment variable; what the shim saw goes to SHIM_LOG (appended, a
 * line each):
 *
 *	SHIM_CLOSE=TEXT		the first close() of a descriptor whose path
 *				holds TEXT closes it and fails (EIO), as a
 *				file system may report a write it lost
 *	(always)		a close() that fails with EBADF is logged:
 *				"closed twice N" (a descriptor closed again)
 *	SHIM_FORK=N		fork() fails (EAGAIN) after N of them; each
 *				child made sleeps 5 s first and logs "child
 *				PID", as a slow compile would
 *	SHIM_SLEEP=SIG		the first wait of 2 s or more (poll(),
 *				ppoll(), nanosleep(), clock_nanosleep(),
 *				select(), pselect()) that meta-d makes (not
 *				libdtrace) raises SIG just before it waits: a
 *				signal between a test and a sleep
 *
 * Linux and glibc (dlsym(RTLD_NEXT)); built by the tests that use it.
 */

#define	_GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define	REAL(f)	((__typeof__(&f))dlsym(RTLD_NEXT, #f))
#define	shim_sleep(ns)	shim_wait((ns), __builtin_return_address(0))

static void
shim_log(const char *fmt, ...)
{
	const char *path = getenv("SHIM_LOG");
	char line[600];
	va_list ap;
	int fd, n;

	if (path == NULL)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof (line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) < 0)
		return;
	(void) write(fd, line, (size_t)n < sizeof (line) ? (size_t)n :
	    sizeof (line) - 1);
	(void) REAL(close)(fd);
}

int
close(int fd)
{
	static int failed;
	const char *want = getenv("SHIM_CLOSE");
	char link[64], path[512];
	ssize_t n;
	int rv;

	if (want != NULL && !failed) {
		(void) snprintf(link, sizeof (link), "/proc/self/fd/%d", fd);
		if ((n = readlink(link, path, sizeof (path) - 1)) > 0) {
			path[n] = '\0';
			if (strstr(path, want) != NULL) {
				failed = 1;
				(void) REAL(close)(fd);
				shim_log("close failed %d %s\n", fd, path);
				errno = EIO;
				return (-1);
			}
		}
	}
	if ((rv = REAL(close)(fd)) != 0 && errno == EBADF)
		shim_log("closed twice %d\n", fd);
	return (rv);
}

pid_t
fork(void)
{
	static long made;
	const char *n = getenv("SHIM_FORK");
	pid_t pid;

	if (n == NULL)
		return (REAL(fork)());
	if (made >= strtol(n, NULL, 10)) {
		shim_log("fork failed\n");
		errno = EAGAIN;
		return (-1);
	}
	made++;
	if ((pid = REAL(fork)()) == 0) {
		shim_log("child %ld\n", (long)getpid());
		(void) sleep(5);
	}
	return (pid);
}

/*
 * The first wait of ns nanoseconds or more (2 s) made from ra, a return
 * address outside libdtrace (whose own waits for BEGIN are not a run's
 * sleep): SHIM_SLEEP raised.
 */
static void
shim_wait(long long ns, void *ra)
{
	static int done;
	const char *s = getenv("SHIM_SLEEP");
	Dl_info di;

	if (s == NULL || done || ns < 2000000000LL || (dladdr(ra, &di) != 0 &&
	    di.dli_fname != NULL && strstr(di.dli_fname, "libdtrace") != NULL))
		return;
	done = 1;
	shim_log("raised %s before a wait of %lld ms (from %s)\n", s, ns / 1000000, dladdr(ra, &di) != 0 && di.dli_fname != NULL ? di.dli_fname : "?");
	(void) raise(atoi(s));
}

static long long
shim_ts(const struct timespec *ts)
{
	return (ts == NULL ? 1LL << 62 : (long long)ts->tv_sec * 1000000000LL +
	    ts->tv_nsec);
}

int
poll(struct pollfd *fds, nfds_t n, int ms)
{
	shim_sleep(ms < 0 ? 1LL << 62 : (long long)ms * 1000000LL);
	return (REAL(poll)(fds, n, ms));
}

int
ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts,
    const sigset_t *mask)
{
	shim_sleep(shim_ts(ts));
	return (REAL(ppoll)(fds, n, ts, mask));
}

int
nanosleep(const struct timespec *req, struct timespec *rem)
{
	shim_sleep(shim_ts(req));
	return (REAL(nanosleep)(req, rem));
}

int
clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
    struct timespec *rem)
{
	if (!(flags & TIMER_ABSTIME))
		shim_sleep(shim_ts(req));
	return (REAL(clock_nanosleep)(c, flags, req, rem));
}

int
select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
	shim_sleep(tv == NULL ? 1LL << 62 : (long long)tv->tv_sec *
	    1000000000LL + tv->tv_usec * 1000LL);
	return (REAL(select)(n, r, w, e, tv));
}

int
pselect(int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *ts,
    const sigset_t *mask)
{
	shim_sleep(shim_ts(ts));
	return (REAL(pselect)(n, r, w, e, ts, mask));
}

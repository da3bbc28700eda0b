/*
 * The workload of tests/library/signal.sh (run as mdsignal):
 *
 *	mdsignal N M [SECONDS]
 *
 * starts a child named mdsigchild (prctl PR_SET_NAME) that handles
 * SIGUSR1 and SIGWINCH, sends it N SIGUSR1 then M SIGWINCH, each once the
 * child has handled the one before (it answers on a pipe: no signal is
 * ever pending when the next is sent), spread over SECONDS (0, the
 * default: as fast as it can), then one SIGTERM.  The child dies with
 * mdsignal (PR_SET_PDEATHSIG).  It prints "child PID"
 * once the child is ready and "usr1 N winch M" once it is gone.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void
on_signal(int sig)
{
	got = sig;
}

/* child: handle each signal, answering one byte on fd for each */
static void
child(int fd)
{
	struct sigaction sa;
	sigset_t block, none;
	char c = 'x';

	(void) prctl(PR_SET_NAME, "mdsigchild", 0, 0, 0);
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	(void) memset(&sa, 0, sizeof (sa));
	sa.sa_handler = on_signal;
	(void) sigaction(SIGUSR1, &sa, NULL);
	(void) sigaction(SIGWINCH, &sa, NULL);
	(void) sigemptyset(&block);
	(void) sigaddset(&block, SIGUSR1);
	(void) sigaddset(&block, SIGWINCH);
	(void) sigprocmask(SIG_BLOCK, &block, NULL);
	(void) sigemptyset(&none);
	(void) write(fd, &c, 1);
	for (;;) {
		got = 0;
		(void) sigsuspend(&none);
		if (got != 0 && write(fd, &c, 1) != 1)
			_exit(1);
	}
}

/* send: n signals sig to p, each answered on fd; how many were */
static long
send(pid_t p, int sig, long n, int fd, double gap)
{
	struct timespec ts;
	long k, a = 0;
	char c;

	ts.tv_sec = (time_t)gap;
	ts.tv_nsec = (long)((gap - (double)ts.tv_sec) * 1e9);
	for (k = 0; k < n; k++) {
		if (kill(p, sig) == 0 && read(fd, &c, 1) == 1)
			a++;
		if (gap > 0)
			(void) nanosleep(&ts, NULL);
	}
	return (a);
}

int
main(int argc, char **argv)
{
	long n, m, a, b;
	double gap;
	int fd[2];
	pid_t p;
	char c;

	if (argc < 3 || pipe(fd) != 0)
		return (2);
	n = atol(argv[1]);
	m = atol(argv[2]);
	gap = argc > 3 && n + m > 0 ? atof(argv[3]) / (double)(n + m) : 0;
	if ((p = fork()) == 0)
		child(fd[1]);
	if (p < 0 || read(fd[0], &c, 1) != 1)
		return (1);
	(void) printf("child %ld\n", (long)p);
	(void) fflush(stdout);
	a = send(p, SIGUSR1, n, fd[0], gap);
	b = send(p, SIGWINCH, m, fd[0], gap);
	(void) kill(p, SIGTERM);
	(void) waitpid(p, NULL, 0);
	(void) printf("usr1 %ld winch %ld\n", a, b);
	return (a == n && b == m ? 0 : 1);
}

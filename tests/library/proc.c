/*
 * The workload of tests/library/proc.sh (run as mdproc, by its full path):
 *
 *	mdproc exec N [SECONDS]	N children, child K exec'ing this program as
 *		"mdproc child arg-K tail extra", then one as "mdproc child"
 *		and one as "mdproc" alone (a short argv)
 *	mdproc exit N [SECONDS]	N children exiting with status 7 after
 *		100 ms, then N children killed by SIGKILL after 100 ms
 *	mdproc fork N M		N children (fork) exiting at once, then M
 *		threads (pthread_create) returning at once
 *	mdproc child ...	exits at once with status 0 (what exec runs)
 *
 * spread over SECONDS (0, the default: as fast as it can).  Each child is
 * waited for (exit's die with mdproc: PR_SET_PDEATHSIG).  It prints what
 * it did ("exec N", "exit N killed N", "fork N thread M").
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void
pause_for(double secs)
{
	struct timespec ts;

	if (secs <= 0)
		return;
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	(void) nanosleep(&ts, NULL);
}

/* run: a child running argv (this program), waited for */
static int
run(char *const argv[])
{
	pid_t p;
	int st;

	if ((p = fork()) == 0) {
		(void) execv(argv[0], argv);
		_exit(127);
	}
	if (p < 0 || waitpid(p, &st, 0) != p)
		return (-1);
	return (WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1);
}

static int
do_exec(char *self, long n, double gap)
{
	char arg[32];
	char *v[] = { self, "child", arg, "tail", "extra", NULL };
	char *one[] = { self, "child", NULL };
	char *none[] = { self, NULL };
	long k, e = 0;

	for (k = 1; k <= n; k++) {
		(void) snprintf(arg, sizeof (arg), "arg-%ld", k);
		if (run(v) == 0)
			e++;
		pause_for(gap);
	}
	if (run(one) != 0 || run(none) != 0)
		return (1);
	(void) printf("exec %ld\n", e);
	return (e == n ? 0 : 1);
}

/* exits: n children ending by exit(7), or by SIGKILL when kill is set */
static long
exits(long n, int kill9, double gap)
{
	long k, got = 0;
	pid_t p;
	int st;

	for (k = 0; k < n; k++) {
		if ((p = fork()) == 0) {
			(void) prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
			if (kill9)
				for (;;)
					(void) pause();
			pause_for(0.1);
			_exit(7);
		}
		if (p < 0)
			return (-1);
		if (kill9) {
			pause_for(0.1);
			(void) kill(p, SIGKILL);
		}
		if (waitpid(p, &st, 0) == p && (kill9 ?
		    WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL :
		    WIFEXITED(st) && WEXITSTATUS(st) == 7))
			got++;
		pause_for(gap);
	}
	return (got);
}

static void *
nothing(void *arg)
{
	return (arg);
}

static int
do_fork(long n, long m)
{
	long k, f = 0, t = 0;
	pthread_t th;
	pid_t p;

	for (k = 0; k < n; k++) {
		if ((p = fork()) == 0)
			_exit(0);
		if (p > 0 && waitpid(p, NULL, 0) == p)
			f++;
	}
	for (k = 0; k < m; k++) {
		if (pthread_create(&th, NULL, nothing, NULL) == 0 &&
		    pthread_join(th, NULL) == 0)
			t++;
	}
	(void) printf("fork %ld thread %ld\n", f, t);
	return (f == n && t == m ? 0 : 1);
}

int
main(int argc, char **argv)
{
	long n, a, b;
	double secs;

	if (argc < 2 || strcmp(argv[1], "child") == 0)
		return (0);
	if (argc < 3)
		return (2);
	n = atol(argv[2]);
	secs = argc > 3 ? atof(argv[3]) : 0;
	if (strcmp(argv[1], "exec") == 0)
		return (do_exec(argv[0], n, n > 0 ? secs / n : 0));
	if (strcmp(argv[1], "fork") == 0)
		return (do_fork(n, argc > 3 ? atol(argv[3]) : 0));
	if (strcmp(argv[1], "exit") != 0)
		return (2);
	a = exits(n, 0, n > 0 ? secs / n / 2 : 0);
	b = exits(n, 1, n > 0 ? secs / n / 2 : 0);
	(void) printf("exit %ld killed %ld\n", a, b);
	return (a == n && b == n ? 0 : 1);
}

/*
 * The workload of tests/library/syscall.sh (run as mdsyscall):
 *
 *	mdsyscall N M [SECONDS]
 *
 * makes N getppid() calls and M open()s of a path under /dev/null
 * (each failing with ENOTDIR, which no loader's search meets), spread over SECONDS (0, the default: as
 * fast as it can), and prints "getppid N enotdir M".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n, m, i, e = 0;
	double secs;
	struct timespec ts;

	if (argc < 3)
		return (2);
	n = atol(argv[1]);
	m = atol(argv[2]);
	secs = argc > 3 ? atof(argv[3]) : 0;
	ts.tv_sec = 0;
	ts.tv_nsec = n > 0 ? (long)(secs * 1e9 / n) % 1000000000L : 0;
	for (i = 0; i < n; i++) {
		(void) getppid();
		if (ts.tv_nsec > 0)
			(void) nanosleep(&ts, NULL);
	}
	for (i = 0; i < m; i++) {
		if (open("/dev/null/mdsyscall", O_RDONLY) < 0 &&
		    errno == ENOTDIR)
			e++;
	}
	(void) printf("getppid %ld enotdir %ld\n", n, e);
	return (0);
}

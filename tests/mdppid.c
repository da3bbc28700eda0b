/*
 * mdppid.c: a workload of a known size, for tests/run.sh: exactly N
 * getppid() system calls, spread evenly over MS milliseconds (in 50
 * batches), and no other.
 *
 *	mdppid N MS
 */

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n, ms, i, b;
	struct timespec ts;

	if (argc != 3)
		return (2);
	n = strtol(argv[1], NULL, 10);
	ms = strtol(argv[2], NULL, 10);
	ts.tv_sec = ms / 50 / 1000;
	ts.tv_nsec = (ms / 50 % 1000) * 1000000L;
	for (b = 0; b < 50; b++) {
		for (i = b * n / 50; i < (b + 1) * n / 50; i++)
			(void) getppid();
		(void) nanosleep(&ts, NULL);
	}
	return (0);
}

/*
 * The workload of tests/library/cpu.sh (run as mdcpu):
 *
 *	mdcpu SLEEPS MS THREADS SECONDS PACKETS [SYNCS FILE]
 *
 * first sleeps SLEEPS times for MS milliseconds each (nanosleep(): each
 * one a voluntary switch, blocked, of the main thread, and a
 * clock_nanosleep call off CPU for at least MS ms); then starts THREADS
 * threads that spin on the CPU for SECONDS seconds (more threads than
 * CPUs: they preempt each other and wait on the run queue) and waits for
 * them; then sends PACKETS UDP datagrams to a socket of its own on
 * 127.0.0.1 and reads each back (loopback: the NET_RX softirqs run as
 * the sender leaves its bottom-half section, in mdcpu); then writes 4 KiB
 * to FILE and fdatasync()s it SYNCS times (a disk's interrupts, FILE
 * removed after).  It prints "sleeps N threads T cpu_us U packets P
 * syncs S": U is the CPU time (user and system) the whole process used,
 * from getrusage().
 */
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double spin_secs;

static double
now(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static void *
spin(void *arg)
{
	double end = now() + spin_secs;
	volatile unsigned long n = 0;

	(void) arg;
	while (now() < end)
		n++;
	return (NULL);
}

/* the datagrams sent and read back on 127.0.0.1, or -1 */
static long
loopback(long packets)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof (sa);
	char buf[64];
	long i, got = 0;
	int s;

	if ((s = socket(AF_INET, SOCK_DGRAM, 0)) < 0)
		return (-1);
	(void) memset(&sa, 0, sizeof (sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(s, (struct sockaddr *)&sa, sizeof (sa)) != 0 ||
	    getsockname(s, (struct sockaddr *)&sa, &len) != 0)
		return (-1);
	(void) memset(buf, 'm', sizeof (buf));
	for (i = 0; i < packets; i++) {
		if (sendto(s, buf, sizeof (buf), 0, (struct sockaddr *)&sa,
		    sizeof (sa)) == (ssize_t)sizeof (buf) &&
		    recv(s, buf, sizeof (buf), 0) == (ssize_t)sizeof (buf))
			got++;
	}
	(void) close(s);
	return (got);
}

/* SYNCS writes of 4 KiB to PATH, each fdatasync()ed: how many were */
static long
syncs(long n, const char *path)
{
	char buf[4096];
	long i, done = 0;
	int fd;

	if (n <= 0)
		return (0);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		return (-1);
	(void) memset(buf, 'm', sizeof (buf));
	for (i = 0; i < n; i++) {
		if (pwrite(fd, buf, sizeof (buf), i * 4096) ==
		    (ssize_t)sizeof (buf) && fdatasync(fd) == 0)
			done++;
	}
	(void) close(fd);
	(void) unlink(path);
	return (done);
}

int
main(int argc, char **argv)
{
	struct timespec ts;
	struct rusage ru;
	pthread_t *t;
	long sleeps, threads, i, got, synced;

	if (argc < 6)
		return (2);
	sleeps = atol(argv[1]);
	ts.tv_sec = atol(argv[2]) / 1000;
	ts.tv_nsec = atol(argv[2]) % 1000 * 1000000L;
	threads = atol(argv[3]);
	spin_secs = atof(argv[4]);
	for (i = 0; i < sleeps; i++)
		(void) nanosleep(&ts, NULL);
	if ((t = calloc(threads + 1, sizeof (*t))) == NULL)
		return (1);
	for (i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, spin, NULL) != 0)
			return (1);
	for (i = 0; i < threads; i++)
		(void) pthread_join(t[i], NULL);
	got = loopback(atol(argv[5]));
	synced = argc > 7 ? syncs(atol(argv[6]), argv[7]) : 0;
	(void) getrusage(RUSAGE_SELF, &ru);
	(void) printf("sleeps %ld threads %ld cpu_us %ld packets %ld "
	    "syncs %ld\n", sleeps, threads,
	    (long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L +
	    ru.ru_utime.tv_usec + ru.ru_stime.tv_usec, got, synced);
	return (got < 0 || synced < 0);
}

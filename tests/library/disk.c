/*
 * The workload of tests/library/disk.sh (run as mddisk):
 *
 *	mddisk FILE N [SECONDS]
 *
 * writes FILE (N blocks of 4096 bytes, buffered) and syncs it, so that
 * its blocks are allocated; waits until FILE.go exists (polled with
 * stat()); then opens FILE with O_DIRECT and overwrites its N blocks,
 * one pwrite() of 4096 bytes each, in place (no block to allocate, no
 * size to change: each write is one block I/O), and fdatasync()s it;
 * then again, a round each 50 ms, for SECONDS (0, the default: once).
 * It prints "ready" once FILE is written, "wrote N" after each round,
 * and exits 1 if a call failed.
 */
#define	_GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define	BLK	4096

static int
prepare(const char *file, long n, char *buf)
{
	long i;
	int fd;

	if ((fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		return (1);
	for (i = 0; i < n; i++)
		if (write(fd, buf, BLK) != BLK)
			return (1);
	if (fsync(fd) != 0)
		return (1);
	return (close(fd));
}

static int
overwrite(const char *file, long n, char *buf)
{
	long i;
	int fd, bad = 0;

	if ((fd = open(file, O_WRONLY | O_DIRECT)) < 0)
		return (1);
	for (i = 0; i < n; i++)
		if (pwrite(fd, buf, BLK, (off_t)i * BLK) != BLK)
			bad = 1;
	if (fdatasync(fd) != 0)
		bad = 1;
	(void) close(fd);
	(void) printf("wrote %ld\n", n);
	(void) fflush(stdout);
	return (bad);
}

int
main(int argc, char **argv)
{
	struct stat st;
	struct timespec ts = { 0, 10000000 }, pause = { 0, 50000000 };
	char go[4096];
	void *buf;
	long n;
	time_t end;
	int bad = 0;

	if (argc < 3 || (n = atol(argv[2])) <= 0 ||
	    posix_memalign(&buf, BLK, BLK) != 0)
		return (2);
	(void) memset(buf, 'd', BLK);
	if (prepare(argv[1], n, buf) != 0)
		return (1);
	(void) printf("ready\n");
	(void) fflush(stdout);
	(void) snprintf(go, sizeof (go), "%s.go", argv[1]);
	while (stat(go, &st) != 0)
		(void) nanosleep(&ts, NULL);
	end = time(NULL) + (argc > 3 ? atol(argv[3]) : 0);
	do {
		bad |= overwrite(argv[1], n, buf);
		if (time(NULL) < end)
			(void) nanosleep(&pause, NULL);
	} while (time(NULL) < end);
	return (bad);
}

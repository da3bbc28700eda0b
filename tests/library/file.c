/*
 * The workload of tests/library/file.sh (run as mdfile):
 *
 *	mdfile DIR N M W K [SECONDS]
 *
 * waits until DIR/go exists (polled with stat(), which neither
 * linux/opens nor linux/rw traces, so that the loader's opens and reads
 * are over before the test starts tracing), then opens DIR/named N
 * times (it must exist) and DIR/missing M times (ENOENT), writes K bytes
 * W times to DIR/data and reads them back K at a time, W reads; then
 * again, a round each 10 ms, for SECONDS (0, the default: once).  It
 * prints nothing (every write of its own is one of the W), and exits 1
 * if a call did not do what it should.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char path[3][4096];

static int
once(long n, long m, long w, long k, char *buf)
{
	long i;
	int fd, bad = 0;

	for (i = 0; i < n; i++) {
		if ((fd = open(path[0], O_RDONLY)) < 0)
			bad = 1;
		else
			(void) close(fd);
	}
	for (i = 0; i < m; i++)
		if (open(path[1], O_RDONLY) >= 0)
			bad = 1;
	if ((fd = open(path[2], O_RDWR | O_CREAT | O_TRUNC, 0600)) < 0)
		return (1);
	for (i = 0; i < w; i++)
		if (write(fd, buf, (size_t)k) != k)
			bad = 1;
	if (lseek(fd, 0, SEEK_SET) != 0)
		bad = 1;
	for (i = 0; i < w; i++)
		if (read(fd, buf, (size_t)k) != k)
			bad = 1;
	(void) close(fd);
	return (bad);
}

int
main(int argc, char **argv)
{
	struct stat st;
	struct timespec ts = { 0, 10000000 };
	char go[4096], *buf;
	long k;
	time_t end;
	int bad = 0;

	if (argc < 6 || (k = atol(argv[5])) <= 0 ||
	    (buf = calloc(1, (size_t)k)) == NULL)
		return (2);
	(void) snprintf(go, sizeof (go), "%s/go", argv[1]);
	(void) snprintf(path[0], sizeof (path[0]), "%s/named", argv[1]);
	(void) snprintf(path[1], sizeof (path[1]), "%s/missing", argv[1]);
	(void) snprintf(path[2], sizeof (path[2]), "%s/data", argv[1]);
	while (stat(go, &st) != 0)
		(void) nanosleep(&ts, NULL);
	end = time(NULL) + (argc > 6 ? atol(argv[6]) : 0);
	do {
		bad |= once(atol(argv[2]), atol(argv[3]), atol(argv[4]), k,
		    buf);
		if (time(NULL) < end)
			(void) nanosleep(&ts, NULL);
	} while (time(NULL) < end);
	return (bad);
}

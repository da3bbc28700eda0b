/*
 * mdstacks.c: a program with known stacks, for tests/stacks.sh and the
 * flame graph example.  Built with -g -fno-omit-frame-pointer -O0 (no
 * inlining), so that dtrace's ustack() walks its frames and names them.
 *
 *	mdstacks cpu MS		burns MS ms of CPU: 3/4 in hot_a() called
 *				from main via path_a(), 1/4 in hot_b()
 *				via path_b() (slices of 4 ms, by the clock)
 *	mdstacks read MS	reads /dev/zero 1 MB at a time for MS ms,
 *				from read_zero() via path_read(): the time
 *				is the kernel's (it zeroes the buffer)
 *	mdstacks sleep MS	sleeps 10 ms at a time for MS ms, from
 *				nap() via path_sleep(): off CPU
 */

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char buf[1 << 20];
static volatile unsigned long sink;

/* Milliseconds of the monotonic clock. */
static long
now_ms(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/*
 * Burn the CPU until the clock reads end, in loops of their own between
 * readings of the clock, so that the samples land in them.
 */
static void
hot_a(long end)
{
	long i;

	while (now_ms() < end)
		for (i = 0; i < 100000; i++)
			sink++;
}

static void
hot_b(long end)
{
	long i;

	while (now_ms() < end)
		for (i = 0; i < 100000; i++)
			sink += 2;
}

static void
path_a(long ms)
{
	hot_a(now_ms() + ms);
}

static void
path_b(long ms)
{
	hot_b(now_ms() + ms);
}

static void
read_zero(int fd)
{
	if (read(fd, buf, sizeof (buf)) < 0)
		exit(1);
}

static void
path_read(long end)
{
	int fd;

	if ((fd = open("/dev/zero", O_RDONLY)) < 0)
		exit(1);
	while (now_ms() < end)
		read_zero(fd);
	(void) close(fd);
}

static void
nap(void)
{
	struct timespec ts = { 0, 10000000L };

	(void) nanosleep(&ts, NULL);
}

static void
path_sleep(long end)
{
	while (now_ms() < end)
		nap();
}

int
main(int argc, char **argv)
{
	long end;

	if (argc != 3)
		return (2);
	end = now_ms() + strtol(argv[2], NULL, 10);
	if (strcmp(argv[1], "cpu") == 0) {
		while (now_ms() < end) {
			path_a(3);
			path_b(1);
		}
	} else if (strcmp(argv[1], "read") == 0) {
		path_read(end);
	} else if (strcmp(argv[1], "sleep") == 0) {
		path_sleep(end);
	} else {
		return (2);
	}
	return (0);
}

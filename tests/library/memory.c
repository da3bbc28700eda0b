/*
 * The workload of tests/library/memory.sh (run as mdmemory):
 *
 *	mdmemory touch N K [SECONDS]
 *				maps N fresh anonymous pages (no huge pages)
 *				and writes one byte to each (N page faults in
 *				user mode), then maps K more and fills them
 *				with one read() of /dev/zero (K faults in
 *				kernel mode, the kernel writing to them); again
 *				for SECONDS (0, the default: once)
 *	mdmemory grow MIB	allocates and writes MIB MiB, one MiB at a
 *				time, and never frees it: in a memory cgroup
 *				limited below MIB, the OOM killer ends it
 *
 * and prints what it did ("touched N K", or "grew MIB" if nothing killed
 * it).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* fresh: N fresh pages of anonymous memory, never huge */
static char *
fresh(long n, size_t pg)
{
	char *p;

	p = mmap(NULL, n * pg, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return (NULL);
	(void) madvise(p, n * pg, MADV_NOHUGEPAGE);
	return (p);
}

static int
touch(long n, long k)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	long i;
	char *p, *q;
	int fd;

	if ((p = fresh(n, pg)) == NULL || (q = fresh(k, pg)) == NULL ||
	    (fd = open("/dev/zero", O_RDONLY)) < 0)
		return (1);
	for (i = 0; i < n; i++)
		p[i * pg] = 1;
	if (read(fd, q, k * pg) != (ssize_t)(k * pg))
		return (1);
	(void) close(fd);
	(void) munmap(p, n * pg);
	(void) munmap(q, k * pg);
	return (0);
}

static int
touches(long n, long k, long secs)
{
	time_t end = time(NULL) + secs;
	int bad;

	do {
		bad = touch(n, k);
	} while (bad == 0 && time(NULL) < end);
	if (bad == 0)
		(void) printf("touched %ld %ld\n", n, k);
	return (bad);
}

static int
grow(long mib)
{
	long i;
	char *p;

	for (i = 0; i < mib; i++) {
		if ((p = malloc(1 << 20)) == NULL)
			return (1);
		(void) memset(p, 1, 1 << 20);
	}
	(void) printf("grew %ld\n", mib);
	return (0);
}

int
main(int argc, char **argv)
{
	if (argc > 3 && strcmp(argv[1], "touch") == 0)
		return (touches(atol(argv[2]), atol(argv[3]),
		    argc > 4 ? atol(argv[4]) : 0));
	if (argc == 3 && strcmp(argv[1], "grow") == 0)
		return (grow(atol(argv[2])));
	return (2);
}

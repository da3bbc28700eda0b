/*
 * mdnames.c: a traced program that is hostile, for tests/hostile.sh and
 * bench/dtrace.sh.  Any user names a process (prctl(PR_SET_NAME): 15
 * bytes, any but NUL), so this one does, and makes a getppid() call under
 * each name (the metric tests/metrics/run-getppid.json counts them):
 *
 *	mdnames name NAME COUNT [MS]	COUNT calls as NAME (\xHH a byte),
 *					spread over MS milliseconds
 *	mdnames keys collide|random N	N names of 15 bytes, a call each;
 *					collide: names an unkeyed hash (FNV-1a,
 *					meta-d's map reader's before) puts in
 *					one slot of every table up to 2^20
 *	mdnames flood SECONDS		new names as fast as it can
 *
 * Each prints "end SECONDS" (the epoch, when its calls were done) last.
 * The names to collide are made for the key dtrace's maps hold for
 * -s execname: the aggregation's id (1, 4 bytes), then the name, then
 * NULs; a hash of its bytes one by one collides in its low k bits when
 * its state after the name does, since each NUL after it multiplies the
 * state by FNV's odd prime, a bijection modulo 2^k.  Linux only (prctl).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define	FNV_BASIS	14695981039346656037ULL
#define	FNV_PRIME	1099511628211ULL
#define	BITS		20	/* the low bits that collide */
#define	NAMELEN		15

static const char set[] = "abcdefghijklmnopqrstuvwxyz"
	"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
static uint64_t seed = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (seed);
}

static uint64_t
fnv(uint64_t h, const unsigned char *p, size_t n)
{
	while (n-- > 0) {
		h ^= *p++;
		h *= FNV_PRIME;
	}
	return (h);
}

static int
inset(unsigned c)
{
	return (c != 0 && strchr(set, (int)c) != NULL);
}

/* A name whose state after it is target in the low BITS, into name. */
static void
collide(uint64_t start, uint64_t want, unsigned char *name)
{
	uint64_t inv = FNV_PRIME, mask = (1ULL << BITS) - 1, h, x;
	size_t i, a, b, c, n = sizeof (set) - 1;
	int k;

	for (k = 0; k < 6; k++)		/* Newton: the prime's inverse */
		inv *= 2 - FNV_PRIME * inv;
	want = (want * inv) & mask;	/* the state before the last * */
	for (;;) {
		for (i = 0; i < NAMELEN - 4; i++)
			name[i] = (unsigned char)set[rnd() % n];
		h = fnv(start, name, NAMELEN - 4);
		for (a = 0; a < n; a++) {
			for (b = 0; b < n; b++) {
				for (c = 0; c < n; c++) {
					name[NAMELEN - 4] = (unsigned char)set[a];
					name[NAMELEN - 3] = (unsigned char)set[b];
					name[NAMELEN - 2] = (unsigned char)set[c];
					x = fnv(h, name + NAMELEN - 4, 3);
					if (((x ^ want) & mask & ~0xffULL) != 0 ||
					    !inset((unsigned)((x ^ want) & 0xff)))
						continue;
					name[NAMELEN - 1] =
					    (unsigned char)((x ^ want) & 0xff);
					return;
				}
			}
		}
	}
}

static void
call(const unsigned char *name)
{
	char buf[16];

	(void) memcpy(buf, name, NAMELEN);
	buf[NAMELEN] = '\0';
	(void) prctl(PR_SET_NAME, buf, 0, 0, 0);
	(void) getppid();
}

static void
end(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_REALTIME, &ts);
	(void) printf("end %.3f\n", (double)ts.tv_sec + ts.tv_nsec / 1e9);
	(void) fflush(stdout);
}

/* NAME with \xHH escapes decoded, into buf (16 bytes); its length. */
static size_t
decode(const char *s, char *buf)
{
	size_t n = 0;
	unsigned v;

	while (*s != '\0' && n < NAMELEN) {
		if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &v) ==
		    1) {
			buf[n++] = (char)v;
			s += 4;
		} else {
			buf[n++] = *s++;
		}
	}
	buf[n] = '\0';
	return (n);
}

int
main(int argc, char **argv)
{
	static const unsigned char id[4] = { 1, 0, 0, 0 };
	unsigned char name[NAMELEN + 1];
	struct timespec ts, now;
	char buf[16];
	long i, n, ms;
	uint64_t start, want;

	seed ^= (uint64_t)getpid() << 20 ^ (uint64_t)time(NULL);
	if (argc >= 4 && strcmp(argv[1], "name") == 0) {
		(void) decode(argv[2], buf);
		(void) prctl(PR_SET_NAME, buf, 0, 0, 0);
		n = strtol(argv[3], NULL, 10);
		ms = argc > 4 ? strtol(argv[4], NULL, 10) : 0;
		ts.tv_sec = 0;
		ts.tv_nsec = n > 0 ? ms * 1000000L / n : 0;
		for (i = 0; i < n; i++) {
			(void) getppid();
			if (ts.tv_nsec > 0)
				(void) nanosleep(&ts, NULL);
		}
	} else if (argc == 4 && strcmp(argv[1], "keys") == 0) {
		n = strtol(argv[3], NULL, 10);
		start = fnv(FNV_BASIS, id, sizeof (id));
		want = rnd();
		for (i = 0; i < n; i++) {
			if (strcmp(argv[2], "collide") == 0) {
				collide(start, want, name);
			} else {
				for (ms = 0; ms < NAMELEN; ms++)
					name[ms] = (unsigned char)set[rnd() %
					    (sizeof (set) - 1)];
			}
			call(name);
		}
	} else if (argc == 3 && strcmp(argv[1], "flood") == 0) {
		(void) clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_sec += strtol(argv[2], NULL, 10);
		do {
			for (i = 0; i < 1000; i++) {
				for (ms = 0; ms < NAMELEN; ms++)
					name[ms] = (unsigned char)set[rnd() %
					    (sizeof (set) - 1)];
				call(name);
			}
			(void) clock_gettime(CLOCK_MONOTONIC, &now);
		} while (now.tv_sec < ts.tv_sec || (now.tv_sec == ts.tv_sec &&
		    now.tv_nsec < ts.tv_nsec));
	} else {
		(void) fprintf(stderr, "usage: mdnames name NAME COUNT [MS] | "
		    "keys collide|random N | flood SECONDS\n");
		return (2);
	}
	end();
	return (0);
}

/*
 * The workload of tests/library/tcp.sh (run as mdtcp):
 *
 *	mdtcp N M [SECONDS]
 *
 * listens on 127.0.0.1 on a port of its own (the kernel's choice), and
 * finds a closed one Q (bound, never listened on, closed again), and
 * listens on a third, F, with a backlog of 1 it never accepts from;
 * prints "port P closed Q full F".  Then, for each line it reads on its
 * standard input (the test starts its tracing between rounds), a round.
 * A line "full": three connects to F at once (without waiting), then
 * 1.5 s, then all closed: the third's SYN finds F's accept queue full
 * and is dropped, and the kernel sends it again after its first timeout,
 * 1 s (a retransmit in SYN_SENT); prints "full".  Any other line: N times,
 * connects to P, accepts the connection, closes the accepted end then the
 * connecting one; then M connects to Q, each refused (a reset).  SECONDS
 * (0, the default: as fast as it can) spreads the N connections over
 * that time.  Prints "connected N accepted A refused R" after each round
 * and ends at the end of its input.  One thread does it all: connect(),
 * accept() and close() run in mdtcp, and the accepted end closes first
 * (FIN_WAIT1, then TIME_WAIT), the connecting one second (LAST_ACK).
 */
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* a TCP socket bound to 127.0.0.1 on a port the kernel picks; its port */
static int
bound(struct sockaddr_in *sin)
{
	socklen_t len = sizeof (*sin);
	int fd;

	(void) memset(sin, 0, sizeof (*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    bind(fd, (struct sockaddr *)sin, sizeof (*sin)) < 0 ||
	    getsockname(fd, (struct sockaddr *)sin, &len) < 0) {
		perror("mdtcp: socket");
		exit(1);
	}
	return (fd);
}

/* a connect() to sin: 0 when it is made, the errno when it fails */
static int
dial(const struct sockaddr_in *sin)
{
	int fd, e = 0;

	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
		perror("mdtcp: socket");
		exit(1);
	}
	if (connect(fd, (const struct sockaddr *)sin, sizeof (*sin)) < 0)
		e = errno;
	if (e == 0)
		return (fd);
	(void) close(fd);
	return (-e);
}

/* the round of a line "full": see the top of the file */
static void
full(const struct sockaddr_in *sin)
{
	struct timespec ts;
	int fd[3], i;

	for (i = 0; i < 3; i++) {
		if ((fd[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
			perror("mdtcp: socket");
			exit(1);
		}
		(void) fcntl(fd[i], F_SETFL, O_NONBLOCK);
		(void) connect(fd[i], (const struct sockaddr *)sin,
		    sizeof (*sin));
	}
	ts.tv_sec = 1;
	ts.tv_nsec = 500000000L;
	(void) nanosleep(&ts, NULL);
	for (i = 0; i < 3; i++)
		(void) close(fd[i]);
	(void) printf("full\n");
	(void) fflush(stdout);
}

int
main(int argc, char **argv)
{
	struct sockaddr_in lsin, csin, fsin;
	struct timespec ts;
	long n, m, i, nc, na, nr;
	int lfd, cfd, afd, ffd;
	char line[64];

	if (argc < 3)
		return (2);
	n = atol(argv[1]);
	m = atol(argv[2]);
	ts.tv_sec = 0;
	ts.tv_nsec = argc > 3 && n > 0 ?
	    (long)(atof(argv[3]) * 1e9 / n) % 1000000000L : 0;
	lfd = bound(&lsin);
	cfd = bound(&csin);
	(void) close(cfd);
	ffd = bound(&fsin);
	if (listen(lfd, 64) < 0 || listen(ffd, 1) < 0) {
		perror("mdtcp: listen");
		return (1);
	}
	(void) printf("port %d closed %d full %d\n", ntohs(lsin.sin_port),
	    ntohs(csin.sin_port), ntohs(fsin.sin_port));
	(void) fflush(stdout);
	while (fgets(line, sizeof (line), stdin) != NULL) {
		if (strcmp(line, "full\n") == 0) {
			full(&fsin);
			continue;
		}
		nc = na = nr = 0;
		for (i = 0; i < n; i++) {
			if ((cfd = dial(&lsin)) < 0)
				continue;
			nc++;
			if ((afd = accept(lfd, NULL, NULL)) >= 0) {
				na++;
				(void) close(afd);
			}
			(void) close(cfd);
			if (ts.tv_nsec > 0)
				(void) nanosleep(&ts, NULL);
		}
		for (i = 0; i < m; i++) {
			if (dial(&csin) == -ECONNREFUSED)
				nr++;
		}
		(void) printf("connected %ld accepted %ld refused %ld\n",
		    nc, na, nr);
		(void) fflush(stdout);
	}
	(void) close(lfd);
	(void) close(ffd);
	return (0);
}

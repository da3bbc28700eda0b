/*
 * fuzz_cli.c: argument vectors -> the whole command line, in-process.
 *
 * The input is the arguments, each ended by a NUL byte, then an empty
 * argument (a second NUL) and the standard input; e.g.
 * "-s\0execname\0examples/syscall-ops.json\0\0".  Runs happen in the top
 * of the project (FUZZ_ROOT), so arguments can name the examples.  To keep
 * runs hermetic, an argument that starts with '/' or holds ".." is
 * replaced by a name that does not exist, and -o (any argument starting
 * "-o" or "--o", as getopt takes abbreviations) by --json: -o would write
 * files into the project.  tests/outdir.sh and the allocation-failure
 * test cover -o.  JavaScript metrics are refused (MD_CLI_NOJS): each would
 * fork a child; tests/js.sh and the golden tests cover them.
 *
 * Invariants: the exit status is 0, 1 or 2; on 0, standard error holds
 * only warnings ("meta-d: warning: ", a line each) and the output ends a
 * line and carries none of the words the original
 * leaked; otherwise nothing was written and the first line of standard
 * error starts with "meta-d: ".
 */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

#define	FC_MAXARGS	32
#define	FC_MAXFILE	(1 << 20)

static int fc_in = -1, fc_out = -1;

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
fc_tmpfile(void)
{
	FILE *fp = tmpfile();
	int fd;

	if (fp == NULL || (fd = dup(fileno(fp))) < 0)
		fz_fail("tmpfile");
	(void) fclose(fp);
	return (fd);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	if (chdir(FUZZ_ROOT) != 0)
		fz_fail("chdir %s", FUZZ_ROOT);
	fc_in = fc_tmpfile();
	fc_out = fc_tmpfile();
	return (0);
}

/* After success, standard error may hold warnings, and nothing else. */
static void
fc_warnings_only(const char *err, size_t len)
{
	const char *p = err, *nl;

	while ((size_t)(p - err) < len) {
		if (strncmp(p, "meta-d: warning: ", 17) != 0)
			fz_fail("status 0, message: %.200s", p);
		if ((nl = memchr(p, '\n', len - (size_t)(p - err))) == NULL)
			fz_fail("status 0, a warning without a newline");
		p = nl + 1;
	}
}

/* What the words may come from: the input and the files it names. */
static char *
fc_haystack(const uint8_t *data, size_t size, char **argv, int argc,
    size_t *lenp)
{
	size_t len = size, cap = size + 1;
	char *hay = malloc(cap);
	struct stat st;
	int i;

	if (hay == NULL)
		fz_fail("out of memory");
	(void) memcpy(hay, data, size);
	for (i = 1; i < argc; i++) {
		FILE *fp;
		size_t n;

		if (stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_size > FC_MAXFILE || (fp = fopen(argv[i], "r")) ==
		    NULL)
			continue;
		cap += (size_t)st.st_size;
		if ((hay = realloc(hay, cap)) == NULL)
			fz_fail("out of memory");
		n = fread(hay + len, 1, (size_t)st.st_size, fp);
		len += n;
		(void) fclose(fp);
	}
	*lenp = len;
	return (hay);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[FC_MAXARGS + 2], *p, *end;
	char *err = NULL, *out, *hay;
	size_t errlen = 0, hlen;
	off_t outlen;
	FILE *errfp;
	int argc = 1, rv;

	if (copy == NULL)
		fz_fail("out of memory");
	(void) memcpy(copy, data, size);
	copy[size] = '\0';
	end = copy + size;

	/* arguments up to an empty one; the rest is standard input */
	argv[0] = "meta-d";
	for (p = copy; p < end && *p != '\0' && argc <= FC_MAXARGS;
	    p += strlen(p) + 1) {
		if (p[0] == '/' || strstr(p, "..") != NULL)
			argv[argc++] = "no-such-file";
		else if (strncmp(p, "-o", 2) == 0 || strncmp(p, "--o", 3) == 0)
			argv[argc++] = "--json";
		else
			argv[argc++] = p;
	}
	argv[argc] = NULL;
	p = p < end ? p + 1 : end;

	if (ftruncate(fc_in, 0) != 0 || lseek(fc_in, 0, SEEK_SET) != 0 ||
	    write(fc_in, p, (size_t)(end - p)) != end - p ||
	    lseek(fc_in, 0, SEEK_SET) != 0 || ftruncate(fc_out, 0) != 0 ||
	    lseek(fc_out, 0, SEEK_SET) != 0)
		fz_fail("resetting the streams");
	if ((errfp = open_memstream(&err, &errlen)) == NULL)
		fz_fail("open_memstream");

	rv = md_cli_main(argc, argv, fc_in, fc_out, errfp, MD_CLI_NOJS);
	(void) fclose(errfp);
	outlen = lseek(fc_out, 0, SEEK_END);

	if (rv < 0 || rv > 2)
		fz_fail("exit status %d", rv);
	if (rv != 0) {
		if (outlen != 0)
			fz_fail("status %d, and %lld bytes written", rv,
			    (long long)outlen);
		if (strncmp(err, "meta-d: ", 8) != 0)
			fz_fail("status %d, message: %.200s", rv, err);
	} else {
		fc_warnings_only(err, errlen);
	}
	if (rv == 0 && outlen > 0) {	/* --check prints nothing */
		if ((out = malloc((size_t)outlen)) == NULL ||
		    pread(fc_out, out, (size_t)outlen, 0) != outlen)
			fz_fail("reading %lld bytes of output",
			    (long long)outlen);
		/* scripts end a clause; JSON, lists, usage end a line */
		if (out[outlen - 1] != '\n')
			fz_fail("the output does not end a line");
		hay = fc_haystack(data, size, argv, argc, &hlen);
		fz_check_words(out, (size_t)outlen, hay, hlen);
		free(hay);
		free(out);
	}
	free(err);
	free(copy);
	return (0);
}

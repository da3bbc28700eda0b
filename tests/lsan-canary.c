/*
 * A leak planted where meta-d --run's leaks would be: in a program built
 * with the sanitizers that has libdtrace opened (dlopen, its own and its
 * libraries' thread-local storage made dynamically), as meta-d has.
 * tests/run.sh runs it under the options it runs meta-d under (SAN=1):
 * they must report the leak, or they would report none of meta-d's.
 *
 *	lsan-canary LIBRARY
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *volatile md_kept;

/* Ten blocks, each lost when the next is made: the last one's address
 * may linger in a register or on the stack, the others' cannot. */
static void __attribute__((noinline))
md_leak(void)
{
	int i;

	for (i = 0; i < 10; i++) {
		if ((md_kept = malloc(64)) == NULL)
			abort();
		(void) strcpy(md_kept, "leaked");
	}
	md_kept = NULL;
}

int
main(int argc, char **argv)
{
	if (argc != 2 || dlopen(argv[1], RTLD_NOW) == NULL) {
		(void) fprintf(stderr, "lsan-canary: %s\n",
		    argc == 2 ? dlerror() : "usage: lsan-canary LIBRARY");
		return (2);
	}
	md_leak();
	return (0);
}

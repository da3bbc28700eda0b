/* printf conversions, flags, widths, * and length modifiers; trace, tracemem
   (2 and 3 args), print, stack/ustack, sym/func/mod/u* as actions. */

#pragma D option quiet

BEGIN
{
	printf("%d %i %u %x %X %o\n", 1, -2, 3, 255, 255, 8);
	printf("%c %s %S %p\n", 65, "str", "esc\n", curthread);
	printf("%a\n", arg0);
	printf("%Y %T\n", walltimestamp, walltimestamp);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 1, 2, 3, 4, 5);
	printf("[%#x] [%#o] [%.3s] [%*d] [%-*s]\n", 6, 7, "abcdef", 5, 8, 6,
	    "x");
	printf("%ld %lld %llu %hd %lx\n", (long)8, (long long)9,
	    (unsigned long long)11, (short)12, (long)13);
	printf("%-16s %8d %8d\n", execname, pid, tid);
	printf("%s", "no newline");
	printf("\n");
	printf("100%%\n");
	exit(0);
}

syscall::read:entry
{
	trace(arg0);
	trace(execname);
	trace(probefunc);
	trace(timestamp);
	trace(*curthread);
	print(curthread);
	print(curthread->real_parent);
	tracemem(curthread, 32);
	tracemem(curthread, 64, 16);
	stack();
	stack(4);
	ustack();
	ustack(4);
	ustack(4, 128);
}

profile-97
{
	sym(arg0);
	func(arg0);
	mod(arg0);
	usym(arg1);
	ufunc(arg1);
	umod(arg1);
	uaddr(arg1);
}

tick-1s
{
	exit(0);
}

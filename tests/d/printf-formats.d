/* Every printf() conversion dtrace's table has (dt_printf.c) that a value
   D makes can meet, with flags, widths and precisions, in printf(),
   printa() and freopen(); a member's name after a comment or on the next
   line. */

#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("%C %hi %ho %hu %hx %hX\n", 65, (short)1, (unsigned short)2,
	    (unsigned short)3, (short)4, (short)5);
	printf("%li %lo %lu %lX\n", (long)1, (unsigned long)2,
	    (unsigned long)3, (long)4);
	printf("%lli %llo %llx %llX %lc %wc\n", (long long)1,
	    (unsigned long long)2, (long long)3, (long long)4, 65, 66);
	printf("[%?p] [%'d] [%-+8.3d] [%#08x] [% -5i]\n", curthread, 1000,
	    2, 3, 4);
	printf("%*.*s|%-*d|%.*u\n", 8, 3, "abcdef", 4, 5, 2, 6);
	printf("%a %p\n", (uint64_t)curthread, (void *)curthread);
	printf("%s %d\n", curthread->
	    comm, curthread-> /* a comment */ pid);
	freopen("/tmp/meta-d-%d.out", pid);
	freopen("");
	@calls[execname, stack(), (uint64_t)arg0] = count();
	@sizes[execname] = quantize(arg0);
	@u[uaddr(arg0), usym(arg1)] = count();
	exit(0);
}

END
{
	printa("%-16s %k %a %@8u\n", @calls);
	printa("%s %@d\n", @sizes);
	printa("%10s [%@-8d]\n", @sizes);
	printa("%A %A %@d\n", @u);
}

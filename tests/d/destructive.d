/* Destructive actions enabled by #pragma D option destructive: system,
   raise, copyout, copyoutstr, freopen and ftruncate. */

#pragma D option destructive
#pragma D option quiet

syscall::kill:entry
/execname == "victim" && arg1 == 0/
{
	raise(SIGSTOP);
	system("echo %s %d stopped", execname, pid);
}

syscall::write:entry
/execname == "scramble" && arg2 >= 4/
{
	copyout((void *)alloca(4), arg1, 4);
}

syscall::openat:entry
/execname == "rename-me"/
{
	copyoutstr("/dev/null", arg1, 10);
}

tick-10s
{
	freopen("/tmp/meta-d.out");
	printf("rotated\n");
	freopen("");
	ftruncate();
}

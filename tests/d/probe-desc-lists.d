/* Several probe descriptions separated by commas in one clause, on one line
   and across several lines, each with predicates and shared bodies. */

BEGIN, END
{
	printf("%s\n", probename);
}

syscall::read:entry, syscall::write:entry, syscall::pread64:entry
{
	@io[probefunc] = count();
}

syscall::open*:entry,
syscall::close:entry,
syscall::dup*:entry
/pid != 0/
{
	@fds[probefunc, execname] = count();
}

tick-1s,
tick-5s
{
	printf("tick from %s\n", probename);
}

proc:::exec-success, proc:::exit
{
	trace(pid)
}

/* Macro variables: $1 and $$1 (made optional by the defaultargs option),
   $pid $ppid $uid $gid $pgid $sid $target $0 and $$0. */

#pragma D option defaultargs
#pragma D option quiet

BEGIN
{
	printf("script %s (%s)\n", $$0, $0);
	printf("pid %d ppid %d uid %d gid %d\n", $pid, $ppid, $uid, $gid);
	printf("pgid %d sid %d target %d\n", $pgid, $sid, $target);
	printf("arg1 %d sarg2 [%s]\n", $1, $$2);
	limit = $1 > 0 ? $1 : 10;
}

syscall::read:entry
/pid == $target || execname == $$1/
{
	@reads[execname] = count();
}

syscall::write:entry
/pid != $pid && arg2 > $2/
{
	@writes = sum(arg2);
}

tick-1s
/++ticks >= limit/
{
	exit(0);
}

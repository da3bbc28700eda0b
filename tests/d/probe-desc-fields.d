/* Probe descriptions with four, three, two and one fields, empty fields,
   explicit module names and the dtrace provider spelled out in full. */

syscall:vmlinux:read:entry
{
	trace(arg0);
}

syscall::write:entry
{
	trace(arg2);
}

:::entry
/probeprov == "syscall" && probefunc == "close"/
{
	trace(probemod);
}

vmlinux:openat:entry
{
	trace(probefunc);
}

openat:return
{
	trace(arg1);
}

::read:
{
	trace(probename);
}

syscall:::
/pid == 1/
{
	trace(probefunc);
}

dtrace:::BEGIN
{
	trace("begin");
}

/* Four empty fields, and the macro variables dtrace defines in a field
   ($name and $$name), which a probe description may hold. */
::::
/probename == "never"/
{
	trace(1);
}

syscall::$$pid:entry, syscall::x$target:return, syscall:$uid::, $ppid:$$gid
{
	trace(probefunc);
}

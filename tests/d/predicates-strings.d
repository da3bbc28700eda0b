/* String comparisons in predicates: == != < <= > >=, comparison with
   string literals, string subroutine results and ?: yielding strings. */

syscall::read:entry
/execname == "bash" || execname == "sh"/
{
	@shells[execname] = count();
}

syscall::write:entry
/execname != "sshd" && execname >= "a" && execname < "n"/
{
	@firsthalf = count();
}

syscall::openat:entry
/strlen(execname) > 3 && substr(execname, 0, 3) == "sys"/
{
	@systemd = count();
}

syscall::openat:entry
/basename(copyinstr(arg1)) == "passwd"/
{
	printf("%s opened passwd\n", execname);
}

syscall::execve:entry
/(uid == 0 ? "root" : "user") == "root" && probefunc <= "execve"/
{
	@rootexec = count();
}

syscall::unlinkat:entry
/strstr(copyinstr(arg1), ".tmp") != NULL/
{
	@tmp = count();
}

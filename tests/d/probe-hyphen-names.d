/* Probe names that contain hyphens (on-cpu, exec-success, signal-send,
   adaptive-acquire, wait-start) and typed args[] on stable providers. */

sched:::on-cpu
{
	self->oncpu = timestamp;
}

sched:::off-cpu
/self->oncpu/
{
	@cpu[execname] = sum(timestamp - self->oncpu);
	self->oncpu = 0;
}

proc:::exec-success
{
	printf("exec %s\n", curpsinfo->pr_fname);
}

proc:::signal-send
/args[2] == SIGKILL/
{
	printf("kill -9 of %d by %d\n", args[1]->pr_pid, pid);
}

lockstat:::adaptive-acquire,
lockstat:::spin-acquire
{
	@locks[probename] = count();
}

io:::wait-start,
io:::wait-done
{
	@waits[probename] = count();
}

proc:::lwp-create
{
	@threads = count();
}

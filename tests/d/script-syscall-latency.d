/* A complete script: per-syscall latency by process, with a pid filter
   macro made optional, a runtime limit, and a formatted END report. */

#pragma D option quiet
#pragma D option defaultargs
#pragma D option aggsortrev

inline int SECONDS = 10;

dtrace:::BEGIN
{
	printf("Tracing syscalls%s... Ctrl-C to end.\n",
	    $target != 0 ? " of one process" : "");
	secs = 0;
}

syscall:::entry
/$target == 0 || pid == $target/
{
	self->start = timestamp;
}

syscall:::return
/self->start/
{
	this->elapsed = timestamp - self->start;
	@count[execname, probefunc] = count();
	@time[execname, probefunc] = sum(this->elapsed);
	@dist[probefunc] = quantize(this->elapsed / 1000);
	@errs[probefunc, errno] = count();
	self->start = 0;
}

profile:::tick-1sec
/++secs >= SECONDS/
{
	exit(0);
}

dtrace:::END
{
	trunc(@count, 20);
	trunc(@time, 20);
	normalize(@time, 1000);
	printf("%-16s %-20s %10s\n", "PROCESS", "SYSCALL", "COUNT");
	printa("%-16s %-20s %@10d\n", @count);
	printf("\n%-16s %-20s %10s\n", "PROCESS", "SYSCALL", "TIME(us)");
	printa("%-16s %-20s %@10d\n", @time);
	printa(@dist);
}

/* A complete script: process creation, exec and exit with lifetimes,
   using proc provider args[], curpsinfo and thread-local timestamps. */

#pragma D option quiet

proc:::create
{
	birth[args[0]->pr_pid] = timestamp;
	@forks[execname] = count();
}

proc:::exec
{
	self->execpath = args[0];
}

proc:::exec-success
{
	printf("%Y %6d %6d exec %s\n", walltimestamp, pid, ppid,
	    curpsinfo->pr_fname);
	self->execpath = 0;
}

proc:::exec-failure
/self->execpath != NULL/
{
	printf("exec of %s failed: %d\n", stringof(self->execpath), args[0]);
	self->execpath = 0;
}

proc:::exit
/birth[pid]/
{
	this->life = (timestamp - birth[pid]) / 1000000;
	@life[execname] = quantize(this->life);
	@reason[args[0] == 1 ? "exited" : args[0] == 2 ? "killed" : "dumped"] =
	    count();
	birth[pid] = 0;
}

proc:::signal-send
{
	@sig[execname, stringof(args[1]->pr_fname), args[2]] = count();
}

END
{
	printa("%-16s forked %@d\n", @forks);
	printa(@life);
	printa("%-16s -> %-16s sig %3d %@d\n", @sig);
}

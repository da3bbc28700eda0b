/* A complete script: snoop file opens with path, flags and result,
   using self-> state between entry and return and errno decoding. */

#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-6s %-6s %-16s %4s %3s %s\n", "UID", "PID", "COMM", "FD",
	    "ERR", "PATH");
}

syscall::open:entry,
syscall::openat:entry
{
	self->path = probefunc == "open" ? arg0 : arg1;
	self->flags = probefunc == "open" ? arg1 : arg2;
}

syscall::open:return,
syscall::openat:return
/self->path/
{
	this->fd = (int)arg1;
	this->err = this->fd < 0 ? errno : 0;
	this->mode = self->flags & 03;
	printf("%-6d %-6d %-16s %4d %3d %s%s\n", uid, pid, execname, this->fd,
	    this->err, copyinstr(self->path),
	    this->mode == 0 ? "" : this->mode == 1 ? " (W)" : " (RW)");
	@opens[execname] = count();
	@failed[execname, this->err] = sum(this->err != 0);
	self->path = 0;
	self->flags = 0;
}

END
{
	printa("%-16s %@8d\n", @opens);
}

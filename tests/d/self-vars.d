/* Thread-local self-> variables: timing pattern, predicates on them,
   self-> associative arrays, increments and freeing by assigning 0. */

self uint64_t bytes[string];

syscall::read:entry,
syscall::write:entry
{
	self->ts = timestamp;
	self->fd = arg0;
	self->calls++;
}

syscall::read:return,
syscall::write:return
/self->ts/
{
	this->delta = timestamp - self->ts;
	@lat[probefunc, self->fd] = avg(this->delta);
	self->bytes[probefunc] += arg1 > 0 ? arg1 : 0;
	self->ts = 0;
	self->fd = 0;
}

syscall::exit_group:entry
/self->calls > 100/
{
	printf("%s made %d calls, read %d bytes\n", execname, self->calls,
	    self->bytes["read"]);
	self->bytes["read"] = 0;
	self->bytes["write"] = 0;
	self->calls = 0;
}

syscall::nanosleep:entry
{
	self->name = execname;
	self->slept[pid, tid] = timestamp;
}

syscall::nanosleep:return
/self->slept[pid, tid] != 0/
{
	@sleep[self->name] = sum(timestamp - self->slept[pid, tid]);
	self->slept[pid, tid] = 0;
	self->name = 0;
}

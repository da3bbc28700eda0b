/* Aggregating functions count, sum, avg, min, max and stddev, on the
   anonymous aggregation @ and on named ones with one or more keys. */

#pragma D option quiet

syscall:::entry
{
	@ = count();
	@calls[probefunc] = count();
	self->ts = timestamp;
}

syscall::read:return,
syscall::write:return
/self->ts && (int64_t)arg1 >= 0/
{
	this->ns = timestamp - self->ts;
	@bytes[execname] = sum(arg1);
	@mean[execname, probefunc] = avg(this->ns);
	@fastest[probefunc] = min(this->ns);
	@slowest[probefunc] = max(this->ns);
	@spread[probefunc] = stddev(this->ns);
	@total = sum(arg1);
}

syscall:::return
{
	self->ts = 0;
}

END
{
	printa(@);
	printa("%-16s %@d\n", @calls);
	printa(@bytes);
	printa(@mean);
	printa(@fastest, @slowest, @spread);
	printa("total %@d bytes\n", @total);
}

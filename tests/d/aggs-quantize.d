/* Distribution aggregations: quantize, lquantize with 3 and 4 arguments
   (negative bounds too) and llquantize with its 5 arguments. */

syscall::read:entry,
syscall::write:entry
{
	self->ts = timestamp;
}

syscall::read:return,
syscall::write:return
/self->ts/
{
	this->us = (timestamp - self->ts) / 1000;
	@pow2[probefunc] = quantize(this->us);
	@lin = lquantize(this->us, 0, 1000);
	@lin10[probefunc] = lquantize(this->us, 0, 1000, 10);
	@neg = lquantize((int64_t)arg1, -100, 100, 20);
	@log = llquantize(this->us, 10, 0, 6, 20);
	@log2[execname] = llquantize(arg1, 2, 0, 20, 4);
	@size = quantize((int64_t)arg1);
	self->ts = 0;
}

END
{
	printa(@pow2);
	printa("%s\n%@d\n", @lin10);
	printa(@log);
}

/* Predicates with ! && || ^^, parentheses, ?:, bitwise tests, and division
   and comments inside the /.../ delimiters of a predicate. */

syscall::openat:entry
/(pid != 1 || uid == 0) && !(arg2 & 0x40)/
{
	@a = count();
}

syscall::read:entry
/(arg2 > 4096 ? 1 : 0) ^^ (uid == 0)/
{
	@b = count();
}

syscall::write:entry
/!self->busy && ((arg0 == 1) || (arg0 == 2))/
{
	self->busy = 1;
}

syscall::write:return
/self->busy/
{
	self->busy = 0;
}

syscall::close:entry
/((pid % 2) == 0) ? (tid > 100) : (tid <= 100)/
{
	@c = count();
}

syscall::kill:entry
/!(arg1 == 0) && (arg1 != 15 ^^ arg0 < 0) || arg1 == 9/
{
	@kills[arg1] = count();
}

BEGIN /1/ { }
END / 0 / { }

syscall::read:entry
/arg2 / 2 > 1024/
{
	@half[arg2 / 2] = count();
}

syscall::write:entry /* description */
/(arg2 / 512) > 8 && (arg2 % 512) == 0/ /* predicate */
{	/* body */
	@blocks = sum(arg2 / 512);
}

syscall::pread64:entry
/ arg2 /* size */ / 4096 /* pages */ >= 1 /
{
	@pages = quantize(arg2 / 4096);
}

syscall::close:entry
/ (pid / 1000) * 1000 == pid /
{
	@round = count();
}

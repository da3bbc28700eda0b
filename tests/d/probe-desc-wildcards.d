/* Probe globs: * ? [abc] [a-c] [!r] in every field, and pid* and USDT-style
   provider globs (they match nothing here, hence -Z). */

syscall::*read*:entry
{
	@reads[probefunc] = count();
}

syscall::read?:entry
{
	@vec[probefunc] = count();
}

syscall::[rw]*:return
/(int64_t)arg1 < 0/
{
	@fail[probefunc] = count();
}

syscall::[!r]*:entry
/execname == "init"/
{
	@other[probefunc] = count();
}

syscall::[a-c]*:entry
{
	@abc = count();
}

sys[c]all::re?d:entry,
s*:*:clos?:entry
{
	@mixed = count();
}

*:::BEGIN
{
	trace("wild begin");
}

pid*:::entry
{
	@calls[probefunc] = count();
}

pid*:libc.so.6:malloc:entry
{
	@sizes = quantize(arg0);
}

pid*:libc.so.6:malloc:return
{
	@ptrs[ufunc(uregs[R_PC])] = count();
}

myapp*:::query-start
{
	self->qstart = timestamp;
}

myapp*:::query-done
/self->qstart/
{
	@qlat = quantize(timestamp - self->qstart);
	self->qstart = 0;
}

python*:::function-entry,
node*:::gc-start
{
	@lang[probeprov, probename] = count();
}

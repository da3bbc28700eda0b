/* Aggregation keys: several keys of mixed types, and stack(), ustack(),
   func(), ufunc(), mod(), umod(), sym(), usym(), uaddr() as keys. */

profile-97
/arg0/
{
	@kstack[stack()] = count();
	@kstack5[stack(5)] = count();
	@kfunc[func(arg0)] = count();
	@kmod[mod(arg0)] = count();
	@ksym[sym(arg0)] = count();
}

profile-97
/arg1/
{
	@ustk[execname, ustack()] = count();
	@ustk8[ustack(8)] = count();
	@ustkstr[ustack(8, 256)] = count();
	@ufn[ufunc(arg1)] = count();
	@umd[umod(arg1)] = count();
	@usy[usym(arg1)] = count();
	@uad[uaddr(arg1)] = count();
}

syscall::read:entry
{
	@multi[execname, pid, tid, probefunc, arg0 > 2 ? "file" : "stdio"] =
	    sum(arg2);
	@cpu[cpu, uid] = count();
}

END
{
	printa("%k %@d\n", @kstack);
	printa("%s %k %@d\n", @ustk);
	printa("%-16s %6d %6d %-8s %-6s %@12d\n", @multi);
}

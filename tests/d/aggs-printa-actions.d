/* Aggregation actions: printa with and without a format, several
   aggregations in one printa, normalize, denormalize, clear, trunc. */

#pragma D option quiet

syscall:::entry
{
	@n[probefunc] = count();
	@b[probefunc] = sum(arg2);
	@t[probefunc] = avg(arg2);
}

tick-1s
{
	normalize(@n, 1);
	printa(@n);
	printa("%-20s %@10d\n", @n);
	printa("%-20s %@10d %@10d %@10d\n", @n, @b, @t);
	printa(@n, @b);
	denormalize(@n);
	trunc(@n, 10);
	trunc(@b, -5);
	clear(@t);
}

tick-10s
{
	normalize(@b, 1024);
	printa("%s %@u KB\n", @b);
	trunc(@b);
	trunc(@n);
	trunc(@t, 0);
}

END
{
	printa(@t);
}

/* A complete script: sample kernel and user stacks at 997 Hz, keep the
   hottest entries with trunc, report every 5 s with printa %k. */

#pragma D option quiet
#pragma D option stackframes=32
#pragma D option ustackframes=32

profile-997
/arg0 != 0/
{
	@kern[stack()] = count();
	@kfn[func(arg0)] = count();
}

profile-997
/arg1 != 0 && pid != $pid/
{
	@user[execname, ustack()] = count();
	@ufn[execname, ufunc(arg1)] = count();
}

profile-997
{
	@oncpu[cpu] = count();
	@idle = sum(pid == 0);
}

tick-5s
{
	trunc(@kern, 10);
	trunc(@user, 10);
	printf("==== %Y ====\n", walltimestamp);
	printa("%k\n%@d samples\n\n", @kern);
	printa("%s %k\n%@d samples\n\n", @user);
	printa("%a %@d\n", @kfn);
	printa("%s %A %@d\n", @ufn);
	printa("cpu %d: %@d\n", @oncpu);
	trunc(@kern);
	trunc(@user);
	clear(@oncpu);
}

/* profile and tick probes with every time unit: profile-97, profile-997hz,
   tick-1s, tick-10ms, tick-100us, tick-1min, ns/sec/hz spellings. */

profile-97
/arg0 != 0/
{
	@kernel[func(arg0)] = count();
}

profile-97
/arg1 != 0/
{
	@user[execname] = count();
}

profile:::profile-997hz
{
	@hz = count();
}

profile-1ms
{
	@ms = count();
}

tick-1s
{
	printa(@hz);
	clear(@hz);
}

tick-10ms {}
tick-100us {}
profile:::tick-5sec {}
tick-1min {}
tick-2hz {}
profile-123456ns {}

tick-60s
{
	exit(0);
}

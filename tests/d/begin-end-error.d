/* BEGIN, END and ERROR probes, bare and with the dtrace provider prefix;
   ERROR clause reads arg1..arg5; exit() from BEGIN. */

#pragma D option quiet

BEGIN
{
	start = timestamp;
	printf("tracing...\n");
}

dtrace:::BEGIN
{
	this->p = (int *)0;
	exit(0);
}

dtrace:::ERROR
{
	printf("error: epid %d index %d type %d at 0x%x (%d)\n",
	    arg1, arg2, arg4, arg5, arg3);
}

ERROR
{
	@errors = count();
}

END
{
	printf("elapsed %d ns\n", timestamp - start);
}

dtrace:::END
/start != 0/
{
	printa("errors: %@d\n", @errors);
}

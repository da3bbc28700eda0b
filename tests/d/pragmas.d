/* #pragma D option with and without values (sizes, rates, sorting, frames),
   depends_on, attributes, binding, ident, #line, and setopt(). */

#pragma D option quiet
#pragma D option bufsize=4m
#pragma D option aggsize=2m
#pragma D option dynvarsize=16m
#pragma D option strsize=512
#pragma D option switchrate=10hz
#pragma D option aggrate=1s
#pragma D option cleanrate=50hz
#pragma D option statusrate=1s
#pragma D option bufpolicy=ring
#pragma D option bufresize=auto
#pragma D option aggsortkey
#pragma D option aggsortrev
#pragma D option aggsortpos=1
#pragma D option aggsortkeypos=0
#pragma D option aggpercpu
#pragma D option stackframes=20
#pragma D option ustackframes=40
#pragma D option maxframes=64
#pragma D option flowindent
#pragma D option rawbytes
#pragma D option zdefs
#pragma D option stackindent=4

syscall:::entry
{
	@[probefunc] = count();
}

tick-5s
{
	setopt("quiet");
	setopt("aggsortkey", "0");
	printa(@);
	exit(0);
}

#pragma D option version=2.0
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
#pragma ident "meta-d corpus"

inline int THRESHOLD = 512;
#pragma D attributes Evolving/Evolving/Common THRESHOLD
#pragma D binding "1.0" THRESHOLD

syscall::write:entry
/arg2 > THRESHOLD/
{
	@big = count();
}

#pragma D option quiet
#line 100 "renamed.d"

END
{
	printa("big writes: %@d\n", @big);
}

/* Option pspec: every word of the outer scope is a probe description,
   one with a type's name before a '*' too. */

#pragma D option pspec

int*x,
syscall::read*:entry
{
	trace(probefunc);
}

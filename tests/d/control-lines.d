/* Control lines as dtrace reads them: "#" alone, #pragma and #pragma D
   alone, pragmas it ignores (unknown ones, and those of #pragma D after
   a bare #pragma), #ident with words after it, depends_on with one word
   more, attributes of each shape and a binding for an inline, and control
   lines inside a predicate and inside an expression. */

#
#pragma
#pragma D
#pragma weak foo
#pragma option quiet
#ident "meta-d corpus" 2
#pragma D depends_on provider syscall and more

inline int LIMIT = 4096;
#pragma D attributes Stable/Evolving/Common LIMIT
#pragma D attributes unstable/ LIMIT
#pragma D attributes Private LIMIT
#pragma D binding "1.0.1" LIMIT

syscall::read:entry
/arg2 >
#pragma D option quiet
LIMIT/
{
	x = 1 +
#pragma D option bufsize=4m
	    2;
	@[probefunc] = sum(x);
}

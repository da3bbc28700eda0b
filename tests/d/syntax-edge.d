/* Syntax corners: ;; empty statements, {} bodies, last statement without ;,
   backslash continuations, compact layout, block comments between tokens. */

BEGIN {}
END { }

syscall::read:entry
{
	;
	;;
	trace(arg0);;
	trace(arg1)
}

syscall::write:entry { trace(arg2) }
syscall::close:entry /arg0 > 2/ { @c = count() } syscall::dup:entry {}

syscall::openat:entry
/execname == "bash" \
    && uid == 0/
{
	this->total = arg0 + \
	    arg1 + \
	    arg2;
	trace(this->total);
}

tick-1s
/
1
/
{

	exit(0)

	;
}

profile-97{@[cpu]=count();}
syscall::getpid:entry{;}

/*
 * A multi-line comment block
 * with stars, "quotes", 'ticks', { braces } and // slashes.
 */

/* c1 */ syscall::read:entry /* c2 */ , /* c3 */ syscall::write:entry
/* c4 */ / /* c5 */ pid /* c6 */ != /* c7 */ 0 /* c8 */ / /* c9 */
{	/* c10 */
	trace(/* c11 */ arg0 /* c12 */);	/* c13 */
	this->x = 1 /* one */ + /* plus */ 2;	/**/
	/***/
	/* ** / * */
	trace("/* inside a string is not a comment */");
}	/* c14 */

/*
 * Comment between clauses.
 */
BEGIN
{
	@a[/* key */ "k"] = /* agg */ count();
}	/* trailing comment at end of file */

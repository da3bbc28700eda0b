/*
 * "//" that is no comment: D read without cpp has only block comments
 * (dt_lex.l), so two slashes side by side are a comment's end and a
 * division, a predicate's end and a comment, or bytes of a string.  (A
 * '/' that the next '/' follows, even with blanks between, is the end of
 * a predicate to dtrace's lexer: a division before a comment is no D.)
 */

BEGIN
{
	this->a = 8 /* eight *// 2;
	this->b = 8 /**// 4;
	this->c = 8 /* ** *//this->a;
	printf("http://example.com//path\n");
	trace("//");
}

syscall::read:entry
/arg0 /* fd *// 2 == 0/
{
	trace(arg0);
}

syscall::write:entry
/arg0 > 1//* a comment right after the predicate */{
	trace(arg1);
}

syscall::close:entry
/arg0//**/{
	trace(arg0);
}

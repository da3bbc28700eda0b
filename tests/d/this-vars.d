/* Clause-local this-> variables: several per clause, of integer, string
   and pointer types, shared by clauses of the same probe in order. */

syscall::openat:entry
{
	this->path = copyinstr(arg1);
	this->flags = (int)arg2;
	this->isdir = (this->flags & 0200000) != 0;
}

syscall::openat:entry
/this->isdir/
{
	@dirs[this->path] = count();
}

syscall::openat:entry
/!this->isdir && this->flags & 01/
{
	this->base = basename(this->path);
	this->dir = dirname(this->path);
	@writes[this->dir, this->base] = count();
}

syscall::read:entry
{
	this->buf = (char *)alloca(16);
	this->buf[0] = 'x';
	this->first = this->buf[0];
	this->sum = this->first + arg2;
	trace(this->sum);
}

BEGIN
/this->unset == 0/
{
	this->unset = 1;
}

/* Memory subroutines: copyin, copyinstr with 1 and 2 arguments, copyinto,
   alloca and bcopy, with casts of the returned buffers. */

syscall::openat:entry
{
	printf("%s %s\n", copyinstr(arg1), copyinstr(arg1, 32));
}

syscall::write:entry
/arg2 >= 4/
{
	this->raw = copyin(arg1, 4);
	this->word = *(uint32_t *)this->raw;
	printf("first word %x\n", this->word);
}

syscall::read:entry
{
	self->buf = arg1;
}

syscall::read:return
/self->buf && (int64_t)arg1 >= 8/
{
	this->dst = (uint64_t *)alloca(sizeof (uint64_t));
	copyinto(self->buf, sizeof (uint64_t), this->dst);
	printf("%x\n", *this->dst);
	self->buf = 0;
}

BEGIN
{
	this->src = (char *)alloca(8);
	this->cpy = (char *)alloca(8);
	this->src[0] = 'o';
	this->src[1] = 'k';
	this->src[2] = '\0';
	bcopy(this->src, this->cpy, 8);
	printf("%c%c\n", this->cpy[0], this->cpy[1]);
}

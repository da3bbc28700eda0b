/* Speculative tracing: speculation(), speculate() as first action,
   commit() and discard() in later clauses; nspec/specsize options. */

#pragma D option nspec=8
#pragma D option specsize=64k

syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s opening %s\n", execname, copyinstr(arg1));
}

syscall::openat:return
/self->spec/
{
	speculate(self->spec);
	printf("returned %d errno %d\n", (int)arg1, errno);
}

syscall::openat:return
/self->spec && (int64_t)arg1 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}

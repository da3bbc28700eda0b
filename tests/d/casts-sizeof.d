/* Casts to integer, pointer, struct-pointer, function-pointer and typedef
   types; sizeof of types and expressions (with/without parentheses),
   offsetof, stringof. */

typedef unsigned long my_ulong_t;

syscall::read:entry
{
	this->n = (uint64_t)arg2;
	this->s = (int32_t)arg0;
	this->c = (char)0x41;
	this->uc = (unsigned char)255;
	this->sh = (short)-1;
	this->u16 = (uint16_t)65535;
	this->i8 = (int8_t)-1;
	this->u32 = (uint32_t)-1;
	this->ul = (my_ulong_t)this->u32 + 1;
	this->p = (void *)arg1;
	this->cp = (char *)arg1;
	this->task = (struct task_struct *)curthread;
	this->ppid = ((struct task_struct *)curthread)->real_parent->pid;
	this->ip = (int *)alloca(sizeof (int));
	*this->ip = (int)this->n;
	this->back = *(int *)this->ip;
	printf("%d %d %c %d %d\n", this->s, this->ppid, this->c, *this->ip,
	    (int64_t)this->i8 * 2);
	@sz[(uint64_t)this->n >> 10] = count();
	trace((long long)(unsigned int)-1);
	trace(this->task->pid);
	trace((string)execname);
	this->fp = (my_ulong_t (*)(int))arg1;
	this->vp = (void (*)(void))arg1;
}

struct rec {
	char tag;
	uint64_t when;
	int data[8];
};

BEGIN
{
	printf("%d %d %d\n", sizeof (int), sizeof (uint64_t), sizeof (char *));
	printf("%d %d\n", sizeof (struct rec), sizeof (struct task_struct));
	printf("%d %d\n", sizeof (char [4]), sizeof (int *));
	printf("%d %d\n", sizeof (curthread->comm), sizeof curthread->comm);
	printf("%d %d\n", sizeof pid, sizeof (timestamp) + 1);
	printf("%d %d\n", offsetof(struct rec, when), offsetof(struct rec, data));
	printf("%d\n", offsetof(struct task_struct, comm));
	printf("%s\n", stringof(curthread->comm));
	printf("%s %s\n", stringof(execname), stringof(pid));
	trace(stringof(1));
	exit(0);
}

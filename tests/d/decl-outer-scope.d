/* Outer-scope declarations: thread-local (self int x;), clause-local
   (this string s;), globals, arrays and associative arrays with keys. */

self int depth;
self uint64_t start[int];
this string s;
this int64_t delta;

int nreads;
string lastname;
uint64_t total;
int hits[string, int];
string names[int];
char tag[16];
int *ptr;
unsigned long ul;
long long ll;
unsigned char uc;
signed short ss;

BEGIN
{
	nreads = 0;
	lastname = "none";
	tag[0] = 'D';
	ptr = (int *)0;
}

syscall::read:entry
{
	self->depth++;
	self->start[(int)arg0] = timestamp;
	this->s = execname;
	hits[this->s, (int)arg0]++;
	names[pid] = this->s;
	nreads += 1;
}

syscall::read:return
/self->start[0]/
{
	this->delta = (int64_t)(timestamp - self->start[0]);
	total += this->delta;
	lastname = names[pid];
	self->start[0] = 0;
	self->depth--;
}

END
{
	printf("%d reads, last by %s, %d ns, tag %c\n", nreads, lastname,
	    total, tag[0]);
}

/* Unary operators - + ~ ! & * and member/index access -> . [ ],
   pointer arithmetic and pointer comparisons. */

struct pair {
	int first;
	int second;
};

struct pair gp;

BEGIN
{
	a = 5;
	printf("%d %d %d %d %d\n", -a, +a, ~a, !a, !!a);
	printf("%d %d %d\n", - -a, ~~a, !-a);
	this->p = (int *)alloca(4 * sizeof (int));
	*this->p = 1;
	*(this->p + 1) = 2;
	this->p[2] = 3;
	this->p[3] = this->p[0] + *(this->p + 2);
	this->q = &this->p[3];
	printf("%d %d %d\n", *this->q, this->q - this->p, this->q > this->p);
	this->pp = (struct pair *)alloca(sizeof (struct pair));
	this->pp->first = 10;
	(*this->pp).second = 20;
	gp.first = this->pp->first + (*this->pp).second;
	this->gpp = &this->pp->second;
	printf("%d %d\n", *this->gpp, (&this->pp[0])->first);
	printf("%d %c\n", curthread->real_parent->pid, curthread->comm[0]);
	printf("%p\n", &curthread->comm[0]);
	exit(0);
}

/* Assignment operators: = += -= *= /= %= <<= >>= &= |= ^=, chained and
   nested assignment, prefix/postfix ++ and --, the comma operator. */

int x;
int y;
int counts[string];

BEGIN
{
	x = 1;
	x += 2;
	x -= 1;
	x *= 6;
	x /= 2;
	x %= 5;
	x <<= 3;
	x >>= 1;
	x &= 0xff;
	x |= 0x100;
	x ^= 0x3;
	x = y = 3;
	x += y -= 1;
	x++;
	x--;
	++x;
	--x;
	y = x++ + ++x;
	y = x-- - --x;
	self->n++;
	++self->n;
	self->n += 10;
	this->v = self->n << 1;
	this->v >>= 1;
	this->a = 1, this->b = 2;
	this->c = (this->a += 1, this->b *= 2, this->a + this->b);
	@agg[x] = count();
	counts[probename] += 1;
	counts[probename]++;
	printf("%d %d %d %d\n", x, y, this->v, this->c);
	exit(0);
}

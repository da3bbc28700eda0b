/* Integer constants (decimal, hex 0x/0X, octal, suffixes u l ul ll ull) and
   character constants ('a', escapes '\n' '\0' '\\' '\x41' '\101', 'ab'). */

inline uint64_t MASK = 0xffffffffffffffffULL;

BEGIN
{
	printf("%d %d %d %d\n", 0, 42, 0x2a, 052);
	printf("%x %X %o\n", 0xdeadBEEF, 0XCAFE, 0777);
	printf("%u %u %d %d\n", 10u, 10U, 10l, 10L);
	printf("%u %u %u %u\n", 10ul, 10UL, 10uL, 10Ul);
	printf("%d %d %u %u\n", 10ll, 10LL, 10ull, 10ULL);
	printf("%x %o %x\n", 0x7fffffffffffffff, 077u, 0xffUL);
	printf("%u\n", MASK >> 60);
	printf("%d\n", 0x10 + 010 + 10);
	@k[0x1, 01, 1u] = count();
	exit(0);
}

BEGIN
{
	printf("%c%c%c\n", 'D', 'a', 'z');
	printf("%d %d %d %d\n", '\n', '\t', '\0', '\r');
	printf("%d %d %d\n", '\\', '\'', '"');
	printf("%d %d %d %d\n", '\a', '\b', '\f', '\v');
	printf("%c %c\n", '\x41', '\101');
	printf("%d %d\n", 'ab', 'abcd');
	printf("%d\n", '0' + 9);
	this->first = execname[0];
	this->isb = this->first == 'b' || this->first == '\x62';
	trace(this->isb);
	exit(0);
}

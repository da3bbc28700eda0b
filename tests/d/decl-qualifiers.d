/* Declarations with type qualifiers and declarators: const, volatile,
   signed/unsigned, long long, pointers to pointers, arrays, extern. */

const int ci;
volatile unsigned int vui;
const volatile long cvl;
signed char sc;
unsigned short us;
long long ll;
unsigned long long ull;
long int li;
short int si;
int *ip;
char **argvp;
const char *cstr;
int matrix[4];
uint8_t bytes[16];
int64_t when[string];
int (*callback)(int);
extern int kernel_hz;

BEGIN
{
	vui = 1;
	sc = -1;
	us = 65535;
	ll = -1;
	ull = ~0ULL;
	li = 1L;
	si = 2;
	ip = (int *)0;
	matrix[3] = 4;
	bytes[0] = 0xff;
	when["begin"] = timestamp;
	printf("%d %d %u %d %u\n", vui, sc, us, ll, ull);
	printf("%d %d %d %d\n", li, si, matrix[3], bytes[0]);
	exit(0);
}

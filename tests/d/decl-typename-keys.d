/* Declarations whose keys are types given by name, as dt_grammar.y's
   array_parameters reads them: the system's typedefs (uint32_t, pid_t),
   pointers to them, qualified ones, names declared in the script (which
   this checker never learns: mytype_t), a key's name, in global and
   thread-local dynamic variables and in inlines with parameters; and a
   declarator in parentheses after a type's name.  (A name followed by a
   comma, "[pid_t, int]", is no type to Oracle's lexer, though it is to
   illumos': meta-d takes both.) */

typedef int mytype_t;
typedef struct mypair { int a; int b; } mypair_t;

int seen[uint32_t *];
int counts[uint32_t];
int pairs[int, pid_t];
self int tl[mytype_t];
int mine[string, mytype_t];
int ptrs[int, mypair_t *];
int named[uint32_t key];
int quals[const uint32_t];
int qual2[uint32_t const];
int deep[uint32_t **];
int sized[uint32_t];

uint32_t (paren);
uint32_t (*rows)[4];

inline string strexitno[int32_t r] = r == 0 ? "success" : "failure";
inline int sum2[uint32_t a, mytype_t b] = a + b;

BEGIN
{
	seen[(uint32_t *)0] = 1;
	counts[1] = 2;
	pairs[3, pid] = 4;
	self->tl[5] = 6;
	mine["x", 7] = 8;
	ptrs[9, (mypair_t *)0] = 10;
	named[11] = 12;
	quals[13] = 14;
	qual2[15] = 16;
	deep[(uint32_t **)0] = 16;
	paren = 17;
	trace(strexitno[0]);
	trace(sum2[1, 2]);
	exit(0);
}

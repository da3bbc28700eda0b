/* inline constants of integer, string and expression type, inlines that
   refer to other inlines and to built-in variables. */

inline int TEN = 10;
inline int HUNDRED = TEN * TEN;
inline uint64_t NSEC_PER_SEC = 1000000000ULL;
inline uint64_t BIG = 1ULL << 40;
inline string PROG = "meta-d";
inline int FLAGS = 0x1 | 0x4 | 0x10;
inline int MYPID = pid;
inline string WHERE = probefunc;
inline int PAGE = sizeof (int) * 1024;

syscall::read:entry
/arg2 > HUNDRED && arg2 < BIG/
{
	@big[WHERE] = count();
}

tick-1s
{
	printf("%s: %d pid %d flags %x page %d\n", PROG, TEN, MYPID, FLAGS,
	    PAGE);
}

END
{
	printf("%d s\n", timestamp / NSEC_PER_SEC);
}

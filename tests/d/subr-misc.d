/* Other subroutines: rand, progenyof, htons/htonl/htonll/ntohs/ntohl/
   ntohll, inet_ntoa, inet_ntoa6, inet_ntop, getmajor/getminor, d_path. */

#pragma D option quiet

BEGIN
{
	printf("%d %d\n", rand() % 100, progenyof(1));
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(1));
	printf("%x %x %x\n", ntohs(0x3412), ntohl(0x78563412), ntohll(1));
	this->a4 = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a4 = htonl(0x7f000001);
	printf("%s %s\n", inet_ntoa(this->a4), inet_ntop(AF_INET, (void *)this->a4));
	this->a6 = (struct in6_addr *)alloca(sizeof (struct in6_addr));
	printf("%s %s\n", inet_ntoa6(this->a6), inet_ntop(AF_INET6, (void *)this->a6));
	printf("%d %d\n", getmajor(0x800001), getminor(0x800001));
	printf("%d %d\n", mutex_owned(0), rw_read_held(0));
	exit(0);
}

syscall::openat:entry
/progenyof($pid)/
{
	@procs[execname] = count();
}

syscall::fchdir:entry
{
	printf("%s\n", d_path(&curthread->fs->pwd));
}

/* String subroutines strlen strjoin substr(2/3 args) index/rindex(2/3 args)
   strchr strrchr strstr strtok lltostr, and basename dirname cleanpath. */

#pragma D option quiet

BEGIN
{
	this->s = "/usr/lib/dtrace/io.d";
	printf("%d\n", strlen(this->s));
	printf("%s\n", strjoin(strjoin("pid-", lltostr(pid)), ".log"));
	printf("%s %s\n", substr(this->s, 5), substr(this->s, 5, 3));
	printf("%s %s\n", substr(this->s, -4), substr(this->s, 1, -1));
	printf("%d %d\n", index(this->s, "/"), index(this->s, "/", 2));
	printf("%d %d\n", rindex(this->s, "/"), rindex(this->s, "/", 8));
	printf("%s\n", strchr(this->s, 'l'));
	printf("%s\n", strrchr(this->s, '/'));
	printf("%s\n", strstr(this->s, "dtrace"));
	printf("%s\n", strtok(this->s, "/"));
	printf("%s\n", strtok(NULL, "/"));
	printf("%s\n", lltostr(-1234));
	this->empty = strstr(this->s, "zzz") == NULL;
	trace(this->empty);
	exit(0);
}

syscall::openat:entry
{
	this->path = copyinstr(arg1);
	@base[basename(this->path)] = count();
	@dir[dirname(this->path)] = count();
	@clean[cleanpath(this->path)] = count();
}

syscall::chdir:entry
{
	printf("%s -> %s (root %s)\n", cwd, cleanpath(copyinstr(arg0)), root);
}

BEGIN
{
	printf("%s %s\n", basename("/a/b/c.txt"), dirname("/a/b/c.txt"));
	printf("%s\n", cleanpath("/a/./b/../c//d"));
	printf("%s %s\n", basename("noslash"), dirname("/"));
}

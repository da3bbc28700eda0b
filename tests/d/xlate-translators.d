/* xlate to the predefined psinfo_t and lwpsinfo_t translators, and a
   translator declared in the script then used with xlate <...>(...). */

struct mytask {
	int pid;
	int ppid;
	string comm;
};

translator struct mytask < struct task_struct *T > {
	pid = T->pid;
	ppid = T->real_parent->pid;
	comm = stringof(T->comm);
};

proc:::exec-success
{
	printf("%d %s\n", xlate <psinfo_t *>(curthread)->pr_pid,
	    xlate <psinfo_t *>(curthread)->pr_fname);
	printf("%d\n", xlate <lwpsinfo_t *>(curthread)->pr_lwpid);
	printf("%d %d %s\n", xlate <struct mytask>(curthread).pid,
	    xlate <struct mytask>(curthread).ppid,
	    xlate <struct mytask>(curthread).comm);
}

sched:::on-cpu
/xlate <psinfo_t *>(curthread)->pr_ppid == 1/
{
	@daemons[execname] = count();
}

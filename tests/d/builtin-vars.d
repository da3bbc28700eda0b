/* Built-in variables: process/thread ids, times, cpu, curthread, arg0..
   arg9, args[], probe tuple, errno, curpsinfo/curlwpsinfo/curcpu, etc. */

#pragma D option quiet

syscall::read:entry
{
	printf("%s pid %d tid %d ppid %d uid %d gid %d\n", execname, pid, tid,
	    ppid, uid, gid);
	printf("ts %d vts %d wall %Y cpu %d\n", timestamp, vtimestamp,
	    walltimestamp, cpu);
	printf("%d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4);
	printf("%d %d %d %d %d\n", arg5, arg6, arg7, arg8, arg9);
	printf("fd %d buf %p len %d\n", args[0], args[1], args[2]);
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	printf("epid %d id %d ipl %d\n", epid, id, ipl);
	printf("caller %a ucaller %x\n", caller, ucaller);
	printf("depth %d udepth %d\n", stackdepth, ustackdepth);
	printf("pc %x sp %x\n", uregs[R_PC], uregs[R_SP]);
	printf("cwd %s root %s\n", cwd, root);
	printf("comm %s task pid %d\n", stringof(curthread->comm), curthread->pid);
	printf("ps %d %d %s\n", curpsinfo->pr_pid, curpsinfo->pr_ppid,
	    curpsinfo->pr_fname);
	printf("lwp %d pri %d\n", curlwpsinfo->pr_lwpid, curlwpsinfo->pr_pri);
	printf("cpu %d\n", curcpu->cpu_id);
	printf("fd0 %s\n", fds[0].fi_name);
}

syscall::read:return
/errno != 0/
{
	printf("errno %d (%s)\n", errno, errno == EINTR ? "EINTR" :
	    errno == EAGAIN ? "EAGAIN" : errno == ENOENT ? "ENOENT" : "other");
}

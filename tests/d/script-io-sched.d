/* A complete script: disk I/O sizes and latency through io:::start/done
   args[], plus run-queue and on-CPU times from the sched provider. */

#pragma D option quiet

io:::start
{
	start[args[0]->b_edev, args[0]->b_blkno] = timestamp;
	@bytes[args[1]->dev_statname,
	    args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount);
	@size = quantize(args[0]->b_bcount);
}

io:::done
/start[args[0]->b_edev, args[0]->b_blkno]/
{
	this->delta = timestamp - start[args[0]->b_edev, args[0]->b_blkno];
	@lat[args[1]->dev_statname] = quantize(this->delta / 1000);
	start[args[0]->b_edev, args[0]->b_blkno] = 0;
}

sched:::enqueue
{
	queued[args[0]->pr_lwpid, args[1]->pr_pid] = timestamp;
}

sched:::dequeue
/queued[args[0]->pr_lwpid, args[1]->pr_pid]/
{
	@runq[args[2]->cpu_id] = quantize(timestamp -
	    queued[args[0]->pr_lwpid, args[1]->pr_pid]);
	queued[args[0]->pr_lwpid, args[1]->pr_pid] = 0;
}

sched:::wakeup
{
	@wakes[execname, stringof(args[1]->pr_fname)] = count();
}

tick-30s
{
	printa("%-10s %s %@d bytes\n", @bytes);
	printa(@lat);
	exit(0);
}

#!/bin/sh
#
# The cpu subject of the Linux metric library traced for real:
# linux/runqlat, oncpu, hardirq and softirq, and linux/profile and offcpu.
# Five meta-d --run (all but offcpu) and one bpftrace are attached at
# once, then mdcpu (tests/library/cpu.c) sleeps 20 times for 20 ms, spins
# 4 threads for 3 s (more than this machine's CPUs: they preempt each
# other and wait on the run queue), sends 2000 UDP datagrams to itself on
# 127.0.0.1 and makes 50 fdatasync()ed writes of a file (the disk's
# interrupts).  The workload starts after every tracer is attached and the
# tracers stop once it has ended and two more intervals are out, so all
# of them are attached for every event of mdcpu's; the checks, on its
# events only (execname or comm "mdcpu", which no other program has):
#
#   oncpu (-s reason -n oncpu): its switches away from a CPU, preempted
#	and blocked, as many as bpftrace counts of sched_switch with
#	prev_comm "mdcpu" and the same prev_state test, or up to 2% (and
#	1) fewer: a run is only measured when dtrace saw the sched_switch
#	that began it, and on this kernel it misses a few (about 0.5% of
#	mdcpu's under this load: switch-outs of mdcpu on a CPU with no
#	switch-in of it recorded there, seen with a D script of its own);
#	at least 20 blocked (the sleeps) and at least 1 preempted (the
#	spinners); no run longer than 4 s (a spinner runs 3 s)
#   runqlat (-n runqlat): at least 20 waits (the sleeps' wake-ups), at
#	most as many as bpftrace counts sched_switch with next_comm "mdcpu"
#	(a wait is measured only when dtrace saw the wake-up or
#	preemption that began it: 2% to 4% were missed under this load);
#	some wait of 1 us or more, each below 5 s
#   softirq (-s vector -n softirq): per vector, exactly the softirq_exit
#	bpftrace counts in mdcpu; net_rx among them (the loopback
#	datagrams); each below 100 ms
#   hardirq (-s execname -n hardirq, every program): interrupts taken in
#	mdcpu exactly as bpftrace counts irq_handler_exit in mdcpu; some
#	interrupt in the interval (this machine's virtio disk and network);
#	each below 100 ms
#   profile (-s execname): mdcpu's samples within 30% (and 10 samples) of
#	97 a second of the CPU time mdcpu says it used (getrusage)
#   offcpu (-s syscall -n offcpu), traced alone after the others (its
#	720 syscall probes are not attached while they trace) while mdcpu
#	only sleeps: exactly 20 clock_nanosleep calls (glibc's nanosleep)
#	off CPU, each from 19 ms to 1 s
#
# Then, while 3 threads of mdcpu spin for up to 40 s, --top, --prometheus
# and --heatmap of linux/oncpu.
#
#	sh tests/library/cpu.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
only='{"eq": ["execname", "mdcpu"]}'
ex=examples/linux
lt_build cpu

# cmp_ok A OP B WHAT: an ok that awk finds A OP B true
cmp_ok() {
	awk -v a="$1" -v b="$3" "BEGIN { exit !(a $2 b) }"
	ok $? "cpu: $4: $1 is not $2 $3"
}

# dist_of OUT KEY... : sets d_count, d_min, d_max from values.py dist
dist_of() {
	_f=$1
	shift
	_d=$(lt_v dist "$tmp/$_f" "$@")
	d_count=$(echo "$_d" | awk '{ print $2 }')
	d_min=$(echo "$_d" | awk '{ print $4 }')
	d_max=$(echo "$_d" | awk '{ print $6 }')
}

lt_start pr -s execname -p "$only" $ex/profile.json
p_pr=$lt_mpid
lt_start rq -n runqlat -p "$only" $ex/runqlat.json
p_rq=$lt_mpid
lt_start hi -s execname -n hardirq $ex/hardirq.json
p_hi=$lt_mpid
lt_start si -s vector -n softirq -p "$only" $ex/softirq.json
p_si=$lt_mpid
lt_start oc -s reason -n oncpu -p "$only" $ex/oncpu.json
lt_bpf oc 'tracepoint:sched:sched_switch /args->prev_comm == "mdcpu" &&
    (args->prev_state & 0xff) == 0/ { @preempted = count(); }
tracepoint:sched:sched_switch /args->prev_comm == "mdcpu" &&
    (args->prev_state & 0xff) != 0/ { @blocked = count(); }
tracepoint:sched:sched_switch /args->next_comm == "mdcpu"/ { @oncpu = count(); }
tracepoint:irq:softirq_exit /comm == "mdcpu"/ { @soft[args->vec] = count(); }
tracepoint:irq:irq_handler_exit /comm == "mdcpu"/ { @hard = count(); }'
"$tmp/mdcpu" 20 20 4 3 2000 50 "$tmp/sync" > "$tmp/cpu.wl"
ok $? "cpu: mdcpu failed: $(cat "$tmp/cpu.wl")"
lt_stop oc
lt_mpid=$p_si
lt_stop si
lt_mpid=$p_hi
lt_stop hi
lt_mpid=$p_rq
lt_stop rq
lt_mpid=$p_pr
lt_stop pr

# offcpu alone: its syscall probes are not attached while the others trace
lt_start off -s syscall -n offcpu -p "$only" $ex/offcpu.json
"$tmp/mdcpu" 20 20 0 0 0 > "$tmp/off.wl"
ok $? "cpu: mdcpu failed: $(cat "$tmp/off.wl")"
lt_stop off

# oncpu
for r in preempted blocked; do
	n=$(lt_v sum "$tmp/oc.jsonl" $r)
	b=$(lt_v bpf "$tmp/oc.bpf" $r)
	cmp_ok "$n" '<=' "$b" "oncpu: mdcpu's $r switches (bpftrace's)"
	cmp_ok "$n" '>=' "$((b - b / 50 - 1))" \
	    "oncpu: mdcpu's $r switches (bpftrace's $b, less 2%)"
done
cmp_ok "$(lt_v sum "$tmp/oc.jsonl" blocked)" '>=' 20 "oncpu: blocked switches"
n=$(lt_v sum "$tmp/oc.jsonl" preempted)
cmp_ok "$n" '>=' 1 "oncpu: preempted switches"
dist_of oc.jsonl preempted
cmp_ok "$d_max" '<=' 4000000000 "oncpu: the longest run's bucket (ns)"

# runqlat
dist_of rq.jsonl
b=$(lt_v bpf "$tmp/oc.bpf" oncpu)
cmp_ok "$d_count" '<=' "$b" "runqlat: waits (bpftrace's switches onto a CPU)"
cmp_ok "$d_count" '>=' 20 "runqlat: waits"
cmp_ok "$d_max" '>=' 1000 "runqlat: the longest wait's bucket (ns)"
cmp_ok "$d_max" '<=' 5000000000 "runqlat: the longest wait's bucket (ns)"

# softirq: the vectors' names are the kernel's numbers 0 to 9
v=0
for name in hi timer net_tx net_rx block irq_poll tasklet sched hrtimer rcu; do
	n=$(lt_v sum "$tmp/si.jsonl" $name)
	b=$(lt_v bpf "$tmp/oc.bpf" soft $v)
	[ "$n" = "$b" ]
	ok $? "cpu: softirq: $name in mdcpu: $n, bpftrace counts $b"
	v=$((v + 1))
done
n=$(lt_v sum "$tmp/si.jsonl" other)
[ "$n" = 0 ]
ok $? "cpu: softirq: $n of a vector without a name"
dist_of si.jsonl net_rx
cmp_ok "$d_count" '>=' 1 "softirq: net_rx in mdcpu"
cmp_ok "$d_max" '<=' 100000000 "softirq: the longest net_rx's bucket (ns)"

# hardirq: the handlers' times of every program, added up
n=$(lt_v sum "$tmp/hi.jsonl" mdcpu)
b=$(lt_v bpf "$tmp/oc.bpf" hard)
[ "$n" = "$b" ]
ok $? "cpu: hardirq: interrupts in mdcpu: $n, bpftrace counts $b"
n=$(lt_v sum "$tmp/hi.jsonl")
cmp_ok "$n" '>=' 1 "hardirq: interrupts"
lt_v keys "$tmp/hi.jsonl" > "$tmp/hi.keys"
while IFS= read -r e; do
	dist_of hi.jsonl "$e"
	cmp_ok "$d_max" '<=' 100000000 \
	    "hardirq: the longest handler's bucket (ns) in $e"
done < "$tmp/hi.keys"

# profile: 97 samples a second of mdcpu's CPU time
us=$(awk '{ print $6 }' "$tmp/cpu.wl")
n=$(lt_v sum "$tmp/pr.jsonl" mdcpu)
cmp_ok "$n" '>=' "$((us * 97 * 7 / 10000000 - 10))" \
    "profile: mdcpu's samples for $us us of CPU"
cmp_ok "$n" '<=' "$((us * 97 * 13 / 10000000 + 10))" \
    "profile: mdcpu's samples for $us us of CPU"

# offcpu
dist_of off.jsonl clock_nanosleep
[ "$d_count" = 20 ]
ok $? "cpu: offcpu: mdcpu's clock_nanosleep off CPU: $d_count, not 20"
cmp_ok "$d_min" '>=' 19000000 "offcpu: the shortest sleep's bucket (ns)"
cmp_ok "$d_max" '<=' 1000000000 "offcpu: the longest sleep's bucket (ns)"

"$tmp/mdcpu" 0 0 3 40 0 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
lt_top oc mdcpu -s execname $ex/oncpu.json
lt_prom oc preempted -s reason -p "$only" $ex/oncpu.json
lt_heatmap oc -n oncpu -p "$only" $ex/oncpu.json
kill "$wl"
summary "library cpu"

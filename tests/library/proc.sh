#!/bin/sh
#
# The proc subject traced for real, with mdproc (tests/library/proc.c):
#
# linux/proc (execsnoop): 40 execs of mdproc by mdproc (as "mdproc child
# arg-K tail extra"), one as "mdproc child" and one as "mdproc" alone are
# 42 under mdproc's path and parent mdproc, as bpftrace counts
# sys_enter_execve; no run-time error.
# linux/exits (exitsnoop): 10 children exiting with status 7 and 10
# killed by SIGKILL are 10 under status 7 signal 0 and 10 under status 0
# signal 9 (and mdproc itself under 0 0), as bpftrace counts
# sched_process_exit by exit code; status 7's lifetimes are 10 between
# 100 ms (each child sleeps that long) and 10 s.
# linux/fork: 50 forks and 30 pthread_create()s by mdproc's pid are 50
# "process" and 30 "thread", as bpftrace counts task_newtask by
# CLONE_THREAD.
# Then, while mdproc makes exiting children for 30 s, --top, --prometheus
# and --heatmap (-n lifetime) of linux/exits.
#
#	sh tests/library/proc.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
only='{"eq": ["execname", "mdproc"]}'
lt_build proc
md=$tmp/mdproc

lt_start ex -s path -s parent -p "$only" examples/linux/proc.json
lt_bpf ex 'tracepoint:syscalls:sys_enter_execve /comm == "mdproc"/ {
	@execs = count(); }'
"$md" exec 40 > "$tmp/ex.wl"
lt_stop ex
lt_eq "execs of $md by mdproc" "$(lt_v sum "$tmp/ex.jsonl" "$md" mdproc)" 42
lt_eq "execs of mdproc (and the one of this shell)" \
    "$(lt_v sum "$tmp/ex.jsonl")" 43
lt_eq "bpftrace's execve by mdproc" "$(lt_v bpf "$tmp/ex.bpf" execs)" 42
! grep -q 'invalid address' "$tmp/ex.err"
ok $? "proc: run-time errors: $(grep 'invalid address' "$tmp/ex.err" | head -2)"

m=examples/linux/exits.json
lt_start xs -s status -s signal -p "$only" "$m"
lt_bpf xs 'tracepoint:sched:sched_process_exit
    /comm == "mdproc" && args->group_dead/ {
	@exits[(curtask->exit_code >> 8) & 0xff, curtask->exit_code & 0x7f] =
	    count(); }'
"$md" exit 10 > "$tmp/xs.wl"
lt_stop xs
lt_eq "status 7" "$(lt_v sum "$tmp/xs.jsonl" 7 0)" 10
lt_eq "killed by signal 9" "$(lt_v sum "$tmp/xs.jsonl" 0 9)" 10
lt_eq "exits of mdproc" "$(lt_v sum "$tmp/xs.jsonl")" 21
lt_eq "bpftrace's status 7" "$(lt_v bpf "$tmp/xs.bpf" exits 7 0)" 10
lt_eq "bpftrace's signal 9" "$(lt_v bpf "$tmp/xs.bpf" exits 0 9)" 10
lt_eq "bpftrace's exits" "$(lt_v bpf "$tmp/xs.bpf" exits)" 21

lt_start xl -s status -n lifetime -p "$only" "$m"
"$md" exit 10 > "$tmp/xl.wl"
lt_stop xl
d=$(lt_v dist "$tmp/xl.jsonl" 7)
echo "proc: status 7's lifetimes: $d"
# shellcheck disable=SC2086 # values.py dist's words
set -- $d
[ "$2" = 10 ] && [ "$4" -ge 100000000 ] && [ "$6" -le 10000000000 ]
ok $? "proc: status 7's lifetimes not 10 in [100 ms, 10 s]: $d"

lt_start fk -s pid -s kind -p "$only" examples/linux/fork.json
lt_bpf fk 'tracepoint:task:task_newtask /comm == "mdproc"/ {
	@new[args->clone_flags & 0x10000] = count(); }'
"$md" fork 50 30 > "$tmp/fk.wl" &
p=$!
wait $p
lt_stop fk
lt_eq "processes made by $p" "$(lt_v sum "$tmp/fk.jsonl" $p process)" 50
lt_eq "threads made by $p" "$(lt_v sum "$tmp/fk.jsonl" $p thread)" 30
lt_eq "bpftrace's processes" "$(lt_v bpf "$tmp/fk.bpf" new 0)" 50
lt_eq "bpftrace's threads" "$(lt_v bpf "$tmp/fk.bpf" new 65536)" 30

"$md" exit 150 30 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
lt_top xt mdproc -s execname -p "$only" "$m"
lt_prom xt 7 -s status -p "$only" "$m"
lt_heatmap xt -n lifetime -p "$only" "$m"
kill "$wl"
summary "library proc"

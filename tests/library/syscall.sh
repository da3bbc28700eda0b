#!/bin/sh
#
# linux/syscall (BCC's syscount) traced for real: mdsyscall
# (tests/library/syscall.c) makes 5000 getppid() calls and 300 opens of a
# path under /dev/null; -s syscall -s errno must count exactly 5000 getppid with
# errno 0 and 300 openat with errno 20 (ENOTDIR), as bpftrace counts the
# same calls from the syscalls tracepoints.  Then, while mdsyscall
# calls getppid() for 30 s, --top, --prometheus and --heatmap (-n
# latency) of its calls.
#
#	sh tests/library/syscall.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
m=examples/linux/syscall.json
only='{"eq": ["execname", "mdsyscall"]}'
lt_build syscall

lt_start sc -s syscall -s errno -p "$only" "$m"
lt_bpf sc 'tracepoint:syscalls:sys_exit_getppid /comm == "mdsyscall"/ {
	@getppid = count(); }
tracepoint:syscalls:sys_exit_openat /comm == "mdsyscall" && args->ret == -20/ {
	@enotdir = count(); }'
"$tmp/mdsyscall" 5000 300 > "$tmp/sc.wl"
lt_stop sc
n=$(lt_v sum "$tmp/sc.jsonl" getppid 0)
[ "$n" = 5000 ]
ok $? "syscall: getppid with errno 0: $n, not 5000"
n=$(lt_v sum "$tmp/sc.jsonl" openat 20)
[ "$n" = 300 ]
ok $? "syscall: openat with errno 20: $n, not 300"
b=$(lt_v bpf "$tmp/sc.bpf" getppid)
[ "$b" = 5000 ]
ok $? "syscall: bpftrace's getppid: $b, not 5000"
b=$(lt_v bpf "$tmp/sc.bpf" enotdir)
[ "$b" = 300 ]
ok $? "syscall: bpftrace's openat failing with ENOTDIR: $b, not 300"

"$tmp/mdsyscall" 300000 0 30 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
lt_top sc mdsyscall -s execname -p "$only" "$m"
lt_prom sc getppid -s syscall -p "$only" "$m"
lt_heatmap sc -n latency -p "$only" "$m"
kill "$wl"
summary "library syscall"

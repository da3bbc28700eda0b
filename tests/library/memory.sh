#!/bin/sh
#
# linux/faults (BCC's and perf's page-fault counts) and linux/oom (BCC's
# oomkill) traced for real, with mdmemory (tests/library/memory.c):
#
# - faults: mdmemory writes to 2000 fresh anonymous pages and has the
#   kernel write 500 more (one read() of /dev/zero); -s mode -s type of
#   the faults whose cause is "not present" must hold at least 2000 user
#   writes and 500 kernel writes, and as many user and kernel faults as
#   bpftrace counts from the same tracepoints (exceptions:page_fault_user
#   and page_fault_kernel, error code bit 0 clear) for comm mdmemory.
# - oom: mdmemory, in a memory cgroup (v1) limited to 8 MiB with swap,
#   allocates 64 MiB: exactly one OOM kill, its victim the child's pid, in
#   its own context (execname mdmemory), with between 4 and 16 MiB of
#   anonymous memory (anon_rss, bytes), as bpftrace's oom:mark_victim
#   counts that pid once.  The cgroup is removed after, whatever happened.
#
# Then, while mdmemory touches pages for 30 s, --top, --prometheus and
# --heatmap (-n address) of its faults.
#
#	sh tests/library/memory.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
f=examples/linux/faults.json
o=examples/linux/oom.json
only='{"eq": ["execname", "mdmemory"]}'
np="{\"and\": [$only, {\"eq\": [\"cause\", \"not present\"]}]}"
lt_build memory

lt_start pf -s mode -s type -p "$np" "$f"
lt_bpf pf 'tracepoint:exceptions:page_fault_user
    /comm == "mdmemory" && (args->error_code & 1) == 0/ { @user = count(); }
tracepoint:exceptions:page_fault_kernel
    /comm == "mdmemory" && (args->error_code & 1) == 0/ { @kernel = count(); }'
"$tmp/mdmemory" touch 2000 500 > "$tmp/pf.wl"
ok $? "faults: mdmemory touch 2000 500 failed"
lt_stop pf
n=$(lt_v sum "$tmp/pf.jsonl" user write)
[ "$n" -ge 2000 ]
ok $? "faults: user writes to pages not present: $n, fewer than 2000"
n=$(lt_v sum "$tmp/pf.jsonl" kernel write)
[ "$n" -ge 500 ]
ok $? "faults: kernel writes to pages not present: $n, fewer than 500"
for m in user kernel; do
	n=$(lt_v sum "$tmp/pf.jsonl" "$m")
	b=$(lt_v bpf "$tmp/pf.bpf" "$m")
	[ "$n" = "$b" ]
	ok $? "faults: $m faults on pages not present: $n, bpftrace $b"
done

# The OOM kill.  The cgroup lives from its mkdir to the rmdir after its
# one process was killed (or ended): nothing between can stop the script.
cg=/sys/fs/cgroup/memory/mdmemory.$$
lt_start oom -s victim -n anon_rss -p "$only" "$o"
lt_bpf oom 'tracepoint:oom:mark_victim { @victim[args->pid] = count(); }'
trap 'rmdir "$cg" 2> /dev/null; exit 1' HUP INT TERM
mkdir "$cg" && echo 8M > "$cg/memory.limit_in_bytes" &&
    { [ ! -f "$cg/memory.memsw.limit_in_bytes" ] ||
    echo 8M > "$cg/memory.memsw.limit_in_bytes"; }
ok $? "oom: cannot make the memory cgroup $cg limited to 8 MiB"
sh -c 'echo $$ > "$1/cgroup.procs" && exec "$2" grow 64' sh "$cg" \
    "$tmp/mdmemory" > "$tmp/oom.wl" 2>&1 &
child=$!
wait $child 2> /dev/null
st=$?
rmdir "$cg"
ok $? "oom: cannot remove the memory cgroup $cg"
trap - HUP INT TERM
[ $st = 137 ]
ok $? "oom: mdmemory grow 64 in 8 MiB ended with status $st, not 137 (SIGKILL): $(cat "$tmp/oom.wl")"
lt_stop oom
k=$(lt_v keys "$tmp/oom.jsonl" | tr '\n' ' ')
[ "$k" = "$child " ]
ok $? "oom: victims of mdmemory: $k, not $child"
n=$(lt_v sum "$tmp/oom.jsonl" "$child")
[ "$n" = 1 ]
ok $? "oom: kills of $child: $n, not 1"
# shellcheck disable=SC2046 # dist prints words
set -- $(lt_v dist "$tmp/oom.jsonl" "$child")
[ "${4:-0}" -ge 4194304 ] && [ "${6:-0}" -lt 16777216 ]
ok $? "oom: the victim's anon_rss is not between 4 and 16 MiB: $*"
b=$(lt_v bpf "$tmp/oom.bpf" victim "$child")
[ "$b" = 1 ]
ok $? "oom: bpftrace's mark_victim of $child: $b, not 1"

"$tmp/mdmemory" touch 200 50 30 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
lt_top pf mdmemory -s execname -p "$only" "$f"
lt_prom pf user -s mode -p "$only" "$f"
lt_heatmap pf -n address -p "$only" "$f"
kill "$wl"
summary "library memory"

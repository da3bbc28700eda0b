#!/bin/sh
#
# linux/opens (BCC's opensnoop) and linux/rw (Cloud Analytics'
# fs-rw_ops, bytes by program as BCC's tools count them) traced for
# real, with mdfile (tests/library/file.c), which waits for a file "go"
# so that its loader's opens and reads are over before tracing begins:
#
# - opens: 300 opens of DIR/named (read only) and 200 of DIR/missing;
#   -s path -s errno of the read-only opens (-p access "read") must be
#   exactly 300 of named with errno 0 and 200 of missing with errno 2
#   (ENOENT), and no other path, as bpftrace counts the same openat
#   calls (syscalls:sys_enter_openat's filename, sys_exit_openat's ret).
# - rw: 400 writes of 3000 bytes to DIR/data, then 400 reads of 3000
#   bytes; -s operation -n bytes (a sum) must be exactly 1,200,000 bytes
#   written and 1,200,000 read, as bpftrace sums sys_exit_write's and
#   sys_exit_read's ret for comm mdfile; and their latency (-n latency
#   under --heatmap) present and below 1 s.
#
# Then, while mdfile does the same for 30 s, --top, --prometheus (rw)
# and --heatmap (-n latency) of its calls, and --top of its opens by
# access.
#
#	sh tests/library/file.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
op=examples/linux/opens.json
rw=examples/linux/rw.json
only='{"eq": ["execname", "mdfile"]}'
lt_build file
d=$tmp/f
mkdir "$d" && : > "$d/named"
ok $? "file: cannot make $d/named"

# mdfile_bg NAME ARGS...: mdfile DIR ARGS in the background, waiting for
# DIR/go; its status in $tmp/NAME.st when it ends
mdfile_bg() {
	_f=$1
	shift
	rm -f "$d/go" "$tmp/$_f.st"
	{ "$tmp/mdfile" "$d" "$@"; echo $? > "$tmp/$_f.st"; } &
	wl=$!
	lt_pids="$lt_pids $wl"
}

# go NAME: mdfile starts, and the test waits for its end (60 s at most)
go() {
	: > "$d/go"
	await "$tmp/$1.st"
	[ "$(cat "$tmp/$1.st" 2> /dev/null)" = 0 ]
	ok $? "$1: mdfile did not do what it was told"
}

mdfile_bg op 300 200 0 1
lt_start op -s path -s errno \
    -p "{\"and\": [$only, {\"eq\": [\"access\", \"read\"]}]}" "$op"
lt_bpf op "tracepoint:syscalls:sys_enter_openat /comm == \"mdfile\"/ {
	@which[tid] = str(args->filename) == \"$d/named\" ? 1 :
	    str(args->filename) == \"$d/missing\" ? 2 : 0; }
tracepoint:syscalls:sys_exit_openat /@which[tid] == 1/ {
	@named[args->ret < 0 ? - args->ret : 0] = count(); }
tracepoint:syscalls:sys_exit_openat /@which[tid] == 2/ {
	@missing[args->ret < 0 ? - args->ret : 0] = count(); }"
go op
lt_stop op
n=$(lt_v sum "$tmp/op.jsonl" "$d/named" 0)
[ "$n" = 300 ]
ok $? "opens: $d/named with errno 0: $n, not 300"
n=$(lt_v sum "$tmp/op.jsonl" "$d/missing" 2)
[ "$n" = 200 ]
ok $? "opens: $d/missing with errno 2: $n, not 200"
k=$(lt_v keys "$tmp/op.jsonl" | tr '\n' ' ')
[ "$k" = "$d/missing $d/named " ]
ok $? "opens: paths opened read-only by mdfile: $k"
b=$(lt_v bpf "$tmp/op.bpf" named 0)
[ "$b" = 300 ]
ok $? "opens: bpftrace's opens of $d/named with ret >= 0: $b, not 300"
b=$(lt_v bpf "$tmp/op.bpf" missing 2)
[ "$b" = 200 ]
ok $? "opens: bpftrace's opens of $d/missing with ret -2: $b, not 200"

mdfile_bg rw 0 0 400 3000
lt_start rw -s operation -n bytes -p "$only" "$rw"
lt_bpf rw 'tracepoint:syscalls:sys_exit_write /comm == "mdfile"/ {
	@written = sum(args->ret); }
tracepoint:syscalls:sys_exit_read /comm == "mdfile"/ {
	@read = sum(args->ret); }'
go rw
lt_stop rw
for o in read written; do
	[ $o = read ] && w="read" || w="write"
	n=$(lt_v sum "$tmp/rw.jsonl" "$w")
	[ "$n" = 1200000 ]
	ok $? "rw: bytes $o: $n, not 1200000"
	b=$(lt_v bpf "$tmp/rw.bpf" "$o")
	[ "$b" = 1200000 ]
	ok $? "rw: bpftrace's bytes $o: $b, not 1200000"
done

mdfile_bg bg 20 10 50 3000 30
: > "$d/go"
lt_top rw mdfile -s execname -p "$only" "$rw"
lt_top op read -s access -p "$only" "$op"
lt_prom rw write -s operation -p "$only" "$rw"
lt_heatmap rw -n latency -p "$only" "$rw"
# shellcheck disable=SC2046 # dist prints words
set -- $(lt_v dist "$tmp/rw.hm.jsonl")
[ "${2:-0}" -gt 0 ] && [ "${4:-0}" -ge -999 ] && [ "${6:-x}" != None ] &&
    [ "${6:-0}" -lt 1000000000 ]
ok $? "rw: latency not present, or not below 1 s: $*"
pkill -P "$wl" 2> /dev/null	# mdfile, the child of the { } subshell
kill "$wl" 2> /dev/null
wait "$wl" 2> /dev/null
summary "library file"

#!/bin/sh
#
# meta-d --run against the real libdtrace, as root (SPEC 8.1): the exact
# values of every shape from metrics whose BEGIN clauses aggregate known
# values, and the zero after; exactness across interval boundaries (a
# workload of a known number of getppid() calls); drops and run-time
# errors (tracing goes on): each both ways meta-d reads the aggregation,
# its maps and libdtrace's snapshot (METAD_RUN_SNAP=1), which must give
# the same values; SIGINT, SIGTERM and SIGHUP in mid-interval;
# a closed stdout; not root; a script the compiler refuses; per-zone
# scripts.  With SAN=1, the binary is the AddressSanitizer build, and
# only its own allocations are judged (libdtrace's are not meta-d's).
#
#	sh tests/run.sh BINARY
#
# Needs a dtrace that works (tests/dtrace-env.sh, as make check-dtrace);
# without one, or with a meta-d built without libdtrace, it fails saying
# why: make check-run is for machines that can trace.

[ $# -ge 1 ] || { echo "usage: run.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "run: $dt_why" >&2
	exit 1
fi
set -a
. build/dtrace/env
set +a
if [ "${SAN:-0}" = 1 ]; then
	# intercept_tls_get_addr=0: clang 14's runtime, following the
	# thread-local storage that libdtrace, libelf and libsystemd (opened
	# by dlopen) make with __tls_get_addr(), can read a block of glibc
	# 2.36's wrongly ("DTLS 3 at 0x000000000b7a-...") and then dies
	# scanning it ("Tracer caught signal 11", 1 run in 7 here); without
	# it those blocks are found through the thread's own storage.
	ASAN_OPTIONS=detect_leaks=1:exitcode=99:intercept_tls_get_addr=0
	LSAN_OPTIONS=suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0
	UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
	export ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS
fi
"$bin" --run -T 1 tests/metrics/run-known.json > /dev/null 2> build/dtrace/why
if [ $? -eq 2 ]; then
	echo "run: $bin cannot run: $(cat build/dtrace/why)" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cc -O2 -o "$tmp/mdppid" tests/mdppid.c || exit 1
if [ "${SAN:-0}" = 1 ]; then
	# The options above still find a leak beside libdtrace, in a program
	# built by the compiler (and so the runtime) meta-d was built with.
	${SAN_CC:-clang} -g -fsanitize=address,undefined -o "$tmp/canary" \
	    tests/lsan-canary.c -ldl || exit 1
	found=$(cat build/dtrace-found)
	"$tmp/canary" "${found##* }" 2> "$tmp/err"
	st=$?	# 99, or 98: UBSAN_OPTIONS' exitcode is read last
	{ [ $st -eq 99 ] || [ $st -eq 98 ]; } &&
	    grep -q 'Direct leak of 576 byte(s) in 9 object(s)' "$tmp/err"
	ok $? "a leak planted beside libdtrace is reported: $(grep -m 1 'SUMMARY' "$tmp/err")"
fi
known=tests/metrics/run-known.json
ppid=tests/metrics/run-getppid.json
only='{"eq": ["execname", "mdppid"]}'

# lines FILE: its lines with the start time made S
lines() {
	sed 's/"start": [0-9.]*/"start": S/' "$1"
}

# 1. Every shape, its exact value in the first interval and its zero in
# the next (-T 1500ms: a second of values, half a second of nothing).
# $how says which way the aggregation was read.
known_case() {
	want=$1
	zero=$2
	shift 2
	"$bin" --run -T 1500ms "$@" "$known" > "$tmp/out" 2> "$tmp/err"
	st=$?
	printf '{"start": S, "duration": 1, "value": %s}\n{"start": S, "duration": 0.5, "value": %s}\n' \
	    "$want" "$zero" > "$tmp/want"
	[ $st -eq 0 ] && lines "$tmp/out" | cmp -s - "$tmp/want" &&
	    [ ! -s "$tmp/err" ]
	ok $? "$how: --run $*: $(cat "$tmp/out" "$tmp/err")"
}

values() {
known_case 4 0
known_case '[[[0, 0], 1], [[2, 3], 1], [[512, 1023], 2]]' '[]' -n q
known_case '[[[null, -1], 1], [[10, 19], 2], [[100, null], 1]]' '[]' -n l
known_case '[[[-9, 9], 2], [[1000, 1999], 1], [[10000, null], 1]]' '[]' -n ll
known_case 2.5 0 -n a
known_case 1.118033988749895 0 -n sd
known_case -3 0 -n mn
known_case 7 0 -n mx
known_case '{"x": 3, "y": 1}' '{}' -s k
known_case '{"x": [[[2, 3], 1], [[512, 1023], 2]], "y": [[[0, 0], 1]]}' '{}' \
    -s k -n q
known_case '{"x": {"42": 2, "7": 1}, "y": {"42": 1}}' '{}' -s k -s i
known_case '{"x": 7, "y": 1}' '{}' -s k -n mx
known_case '{"x": -3, "y": 1}' '{}' -s k -n mn

# workload ARGS...: meta-d --run ARGS over mdppid's 30000 calls in 2 s
workload() {
	rm -f "$tmp/out"	# await "$tmp/out" waits for this run's
	"$bin" --run -i 500ms -T 5s -p "$only" "$@" "$ppid" > "$tmp/out" \
	    2> "$tmp/err" &
	wpid=$!
	await "$tmp/out"
	"$tmp/mdppid" 30000 2000
	wait "$wpid"
}

# 2. Exactness: the intervals' counts, and the buckets, add up to 30000.
if [ "${SAN:-0}" != 1 ]; then
	workload
	st=$?
	sum=$(sed 's/.*"value": \([0-9]*\)}.*/\1/' "$tmp/out" | awk '{ s += $1 } END { print s }')
	busy=$(grep -c '"value": [1-9]' "$tmp/out")
	[ $st -eq 0 ] && [ "$sum" -eq 30000 ] && [ "$busy" -ge 3 ]
	ok $? "$how: count over $busy intervals: $sum of 30000"
	workload -n n
	st=$?
	sum=$(grep -o '\], [0-9]*\]' "$tmp/out" | tr -dc '0-9\n' |
	    awk '{ s += $1 } END { print s + 0 }')
	[ $st -eq 0 ] && [ "$sum" -eq 30000 ]
	ok $? "$how: quantize over intervals: its buckets hold $sum of 30000"
	workload -s execname
	st=$?
	sum=$(sed -n 's/.*"mdppid": \([0-9]*\).*/\1/p' "$tmp/out" |
	    awk '{ s += $1 } END { print s + 0 }')
	[ $st -eq 0 ] && [ "$sum" -eq 30000 ]
	ok $? "$how: -s execname over intervals: mdppid's counts add up to $sum of 30000"
fi

# 3. Drops: a tiny aggregation of many keys; tracing goes on.
rm -f "$tmp/out"
"$bin" --run -i 500ms -T 3s -x aggsize=4k -s n -p "$only" "$ppid" \
    > "$tmp/out" 2> "$tmp/err" &
wpid=$!
await "$tmp/out"
"$tmp/mdppid" 3000 500
wait "$wpid"
st=$?
[ $st -eq 0 ] && grep -q '"drops": [1-9]' "$tmp/out" &&
    grep -q '^meta-d: [0-9]* aggregation drops* on CPU' "$tmp/err" &&
    [ "$(wc -l < "$tmp/out")" -ge 4 ]
ok $? "$how: drops: in the lines and on stderr, tracing went on: $(head -c 300 "$tmp/err")"

# 4. Run-time errors: copyinstr(0) at each of 100 calls.
rm -f "$tmp/out"
"$bin" --run -i 500ms -T 3s -s bad -p "$only" "$ppid" > "$tmp/out" \
    2> "$tmp/err" &
wpid=$!
await "$tmp/out"
"$tmp/mdppid" 100 500
wait "$wpid"
st=$?
errs=$(sed -n 's/.*"errors": \([0-9]*\)}$/\1/p' "$tmp/out" | awk '{ s += $1 } END { print s + 0 }')
said=$(grep -c 'invalid address (0x0)' "$tmp/err")
more=$(sed -n 's/^meta-d: --run: and \([0-9]*\) more lines of errors and drops in this interval.*/\1/p' "$tmp/err" |
    awk '{ s += $1 } END { print s + 0 }')
# at most 10 lines an interval, then one with how many more
[ $st -eq 0 ] && [ "$errs" -eq 100 ] && [ $((said + more)) -eq 100 ] &&
    [ "$said" -le $((10 * $(grep -c '"errors"' "$tmp/out"))) ] &&
    [ "$(wc -l < "$tmp/out")" -ge 4 ]
ok $? "$how: run-time errors: $errs of 100 counted, $said said and $more more, tracing went on"
}

# bpfmaps: the BPF maps a run of meta-d holds open, while it runs
bpfmaps() {
	rm -f "$tmp/out"
	"$bin" --run -T 3s "$known" > "$tmp/out" 2> "$tmp/err" &
	wpid=$!
	await "$tmp/out"
	n=$(ls -l "/proc/$wpid/fd" 2> /dev/null | grep -c 'bpf-map')
	wait "$wpid"
	echo "$n"
}

# The maps are read (meta-d holds each CPU's, beside libdtrace's), and
# the snapshot when told; the values above, both ways.
METAD_RUN_SNAP=1
export METAD_RUN_SNAP
snapmaps=$(bpfmaps)
how=snapshot
values
METAD_RUN_SNAP=
maps=$(bpfmaps)
[ "$maps" -eq $((snapmaps + $(getconf _NPROCESSORS_ONLN))) ]
ok $? "the maps are read: $maps BPF maps open, $snapmaps with the snapshot"
how=maps
values

# 5. A signal in mid-interval: the interval so far, and status 0 (half a
# second into the second interval, counted from the first line: the
# start-up takes seconds on a loaded machine).
for sig in INT TERM HUP; do
	rm -f "$tmp/out"
	"$bin" --run -i 1s "$known" > "$tmp/out" 2> "$tmp/err" &
	wpid=$!
	await "$tmp/out"	# the first interval is out: tracing began
	sleep 0.5
	kill -"$sig" "$wpid"
	wait "$wpid"
	st=$?
	d=$(tail -n 1 "$tmp/out" | sed -n 's/.*"duration": \([0-9.]*\),.*/\1/p')
	[ $st -eq 0 ] && [ -n "$d" ] && awk -v d="$d" 'BEGIN { exit !(d > 0 && d < 1) }' &&
	    [ ! -s "$tmp/err" ]
	ok $? "SIG$sig in mid-interval: status $st, the last interval ${d}s"
done

# 6. A closed stdout ends tracing: status 1, no word.
"$bin" --run -T 5s "$known" >&- 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/err" ]
ok $? "stdout closed: status 1, nothing said: $(cat "$tmp/err")"

# A pipe whose reader has gone (head -n 1) ends tracing too: status 1, no
# word, soon after the reader left.
start=$(date +%s)
{ "$bin" --run -i 200ms -T 60s "$known" 2> "$tmp/err"; echo $? > "$tmp/st"; } |
    head -n 1 > /dev/null
wait
[ "$(cat "$tmp/st")" -eq 1 ] && [ ! -s "$tmp/err" ] &&
    [ $(($(date +%s) - start)) -lt 50 ]
ok $? "a pipe's reader gone: status $(cat "$tmp/st"), nothing said, before -T: $(cat "$tmp/err")"

# 7. Errors: not root, a script the compiler refuses, scripts per zone,
# -x options that are --run's own.
if [ "${SAN:-0}" != 1 ]; then
	unpriv "$bin" --run -T 1 "$known" > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ $st -eq 125 ] || {
		[ $st -eq 1 ] && [ ! -s "$tmp/out" ] &&
		    grep -q "^meta-d: --run needs root: .* (this is uid [0-9]*); run meta-d as root, e.g. with sudo$" "$tmp/err"
		ok $? "not root: $(cat "$tmp/err")"
	}
fi
# (the illumos examples without their "os", which --run refuses here)
for e in syscall-ops node-http; do
	grep -v '^  "os": ' "examples/$e.json" > "$tmp/$e.json"
done
"$bin" --run -s psargs "$tmp/syscall-ops.json" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^meta-d: --run: failed to compile the script: line 3: translator does not define conversion for member: pr_psargs$' "$tmp/err"
ok $? "a script dtrace refuses: its message and line: $(cat "$tmp/err")"
"$bin" --run -z a -z b "$tmp/node-http.json" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q 'one per zone' "$tmp/err"
ok $? "scripts per zone: a usage error"
for x in aggrate=1s switchrate=1hz; do
	"$bin" --run -x "$x" "$known" > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "^meta-d: --run: -x ${x%%=*}: --run reads the aggregation" "$tmp/err"
	ok $? "-x $x: --run's own, a usage error: $(head -n 1 "$tmp/err")"
done

summary run

#!/bin/sh
#
# meta-d --run against traced programs that are hostile (SPEC 8.1, 8.3;
# TESTING.md, "Hardening, fourth round"), as root, with real tracing: any
# user names a process (tests/mdnames.c, run as nobody, names itself with
# prctl()), makes as many keys as it likes, as fast as it likes, and
# meta-d's stdout, signals and files may be in the way of its end.
#
#	sh tests/hostile.sh BINARY
#
#  1. keys that are not UTF-8: a program named "caf" and the byte E9 is
#     not the UTF-8 "café": two keys in the bytes, for json.loads and jq,
#     in --heatmap --key; two series in promtool and a real node
#     exporter, two histograms each monotonic
#  3. keys chosen to collide (under the reader's unkeyed hash of before):
#     an interval costs what it costs for random keys (within 2x)
#  4. a flood of keys, --evict N: a program that starts after the flood is
#     counted from N intervals after the one the flood ended in; with
#     --evict 0 it is never counted (drops)
#  5. --max-series: the file holds N series and the dropped samples
#  6. a stdout nobody reads (a FIFO of 4 KiB): SIGTERM, SIGINT and SIGHUP
#     each end the run within 2 s of patience (status 1); so does SIGTERM
#     with a stderr nobody reads
#  7. intervals that tell the truth: SIGSTOP for 4 s is one longer line;
#     -i 1ms -T 1s ends after a second
#  8. an end that is prompt: stdout closed right after the last line,
#     the slow detach said, a second signal ends meta-d at once, and the
#     copy it leaves lets every probe go
#  9. 100,000 run-time errors: counted exactly, stderr bounded
# 10. --prometheus at a device, a link, a FIFO, a socket, a directory
# 11. --prometheus under a directory of another user's, at the start and
#     when its directory comes back as a link
# 12. --prometheus whose close() fails (tests/shim.c): no close twice
# 14. --compile whose fork() fails: no child left compiling
# 15. a signal just before a long wait (tests/shim.c): no interval waited
#     out
# 16. a libdtrace that is not a release the map reader was checked
#     against (a copy whose commit is changed): its snapshot, and -v says
#
# Needs a dtrace that works, promtool, a node exporter, python3 and jq
# (make check-run installs them); fails, saying why, without them.  Each
# check is bounded in time (under a minute).

[ $# -ge 1 ] || { echo "usage: hostile.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "hostile: $dt_why" >&2
	exit 1
fi
need hostile promtool prometheus-node-exporter python3 jq
[ "$(id -u)" -eq 0 ] || { echo "hostile: needs root (dtrace)" >&2; exit 1; }
set -a
. build/dtrace/env
set +a
tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill "$p" 2> /dev/null; done; rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cc -O2 -o "$tmp/mdnames" tests/mdnames.c && cc -O2 -o "$tmp/mdppid" \
    tests/mdppid.c && cc -shared -fPIC -o "$tmp/shim.so" tests/shim.c -ldl ||
    exit 1
chmod 755 "$tmp/mdnames" "$tmp/mdppid"
ppid=tests/metrics/run-getppid.json
known=tests/metrics/run-known.json

# as_nobody COMMAND...: the traced program, another user's
as_nobody() {
	unpriv "$@"
}

# runbg OUT ARGS...: meta-d --run ARGS in the background, stdout to OUT,
# stderr to OUT.err; rpid its pid; returns once its first line is out
runbg() {
	_o=$1
	shift
	rm -f "$_o"
	"$bin" --run "$@" > "$_o" 2> "$_o.err" &
	rpid=$!
	pids="$pids $rpid"
	await "$_o"
}

# now: the epoch, in seconds, to the millisecond
now() {
	date +%s.%3N
}

# elapsed T0: seconds since T0 (now's)
elapsed() {
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'
}

# lt A B: A < B, as numbers
lt() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'
}

# 1 and 2. Keys that are not UTF-8.  nobody's "caf" E9 makes 1000 calls,
# "café" (UTF-8) 5: two keys, in the bytes and for every reader.
mkdir "$tmp/tf"
node_exporter "$tmp/tf" "$tmp/node.log"
for args in "-s execname:keys" "-s execname -n n:hist"; do
	set -- ${args%%:*}
	name=${args##*:}
	runbg "$tmp/$name.jsonl" -i 500ms -T 4s --prometheus "$tmp/tf/$name.prom" "$@" "$ppid"
	as_nobody "$tmp/mdnames" name 'caf\xe9' 1000 500 > /dev/null
	as_nobody "$tmp/mdnames" name 'caf\xc3\xa9' 5 > /dev/null
	wait "$rpid"
	ok $? "-s execname $*: status: $(cat "$tmp/$name.jsonl.err")"
done
# the bytes: "caf\\xe9" (a backslash, x, e, 9: JSON doubles the
# backslash) and the UTF-8 "café"; never \u00e9, which reads as café
cafe=$(printf 'caf\303\251')
grep -q '"caf\\\\xe9": [1-9]' "$tmp/keys.jsonl" &&
    grep -q "\"$cafe\": [1-5]" "$tmp/keys.jsonl" &&
    ! grep -q 'u00e9' "$tmp/keys.jsonl"
ok $? "keys apart in the bytes: $(grep -o '"caf[^"]*": [0-9]*' "$tmp/keys.jsonl" | sort | uniq -c | tr '\n' ' ')"
python3 - "$tmp/keys.jsonl" > "$tmp/py" 2>&1 <<'PY'
import json, sys
tot = {}
for line in open(sys.argv[1], encoding='utf-8'):
    for k, v in json.loads(line)['value'].items():
        tot[k] = tot.get(k, 0) + v
print(tot.get('caf\\xe9', 0), tot.get('caf\u00e9', 0))
PY
[ "$(cat "$tmp/py")" = "1000 5" ]
ok $? "json.loads: caf\\\\xe9 1000, café 5: $(cat "$tmp/py")"
a=$(jq -s 'map(.value["café"] // 0) | add' "$tmp/keys.jsonl")
b=$(jq -s 'map(.value["caf\\xe9"] // 0) | add' "$tmp/keys.jsonl")
[ "$a" = 5 ] && [ "$b" = 1000 ]
ok $? "jq: .value[\"café\"] 5 ($a), .value[\"caf\\\\xe9\"] 1000 ($b)"
# --heatmap --key: one key's events only
hmcount() {	# the counts of the cells' tooltips, summed
	"$bin" --heatmap --key "$1" "$tmp/hist.jsonl" 2> "$tmp/hm.err" |
	    grep -o '^count [0-9]*,' | tr -dc '0-9\n' |
	    awk '{ s += $1 } END { print s + 0 }'
}
a=$(hmcount 'café')
b=$(hmcount 'caf\xe9')
[ "$a" = 5 ] && [ "$b" = 1000 ]
ok $? "--heatmap --key café: 5 events ($a); --key 'caf\\xe9': 1000 ($b): $(cat "$tmp/hm.err")"
# Prometheus: two series, each its own; promtool takes the files; the
# node exporter serves both (its labels unescaped as the format says)
for f in keys hist; do
	promtool check metrics < "$tmp/tf/$f.prom" > "$tmp/pt" 2>&1
	ok $? "$f: promtool check metrics: $(cat "$tmp/pt")"
done
python3 - "$np" > "$tmp/py" 2>&1 <<'PY'
import re, sys, time, urllib.request
want = {'caf\\xe9': 1000, 'caf\u00e9': 5}
got, hist = {}, {}
for i in range(50):
    text = urllib.request.urlopen('http://127.0.0.1:%s/metrics' % sys.argv[1],
        timeout=5).read().decode('utf-8')
    got, hist = {}, {}
    for line in text.splitlines():
        m = re.match(r'(metad_run_getppid\w*)\{execname="((?:[^"\\]|\\.)*)"(?:,le="([^"]*)")?\} (\S+)$', line)
        if not m:
            continue
        key = re.sub(r'\\(.)', lambda c: '\n' if c.group(1) == 'n' else c.group(1), m.group(2))
        if m.group(1) == 'metad_run_getppid_total':
            got[key] = float(m.group(4))
        elif m.group(1) == 'metad_run_getppid_n_bucket':
            hist.setdefault(key, []).append(float(m.group(4)))
    if all(got.get(k) == v for k, v in want.items()):
        break
    time.sleep(0.2)
mono = all(all(a <= b for a, b in zip(v, v[1:])) for v in hist.values())
print('counters', all(got.get(k) == v for k, v in want.items()),
    'histograms', sorted(h[-1] for k, h in hist.items() if k in want) == [5, 1000] and mono)
PY
[ "$(cat "$tmp/py")" = "counters True histograms True" ]
ok $? "the node exporter serves caf\\\\xe9 and café apart, each histogram monotonic: $(cat "$tmp/py")"

# cputime PID: its CPU time so far, in ms (schedstat: nanoseconds)
cputime() {
	awk '{ printf "%d", $1 / 1e6 }' "/proc/$1/schedstat"
}

# 3. 10,000 keys chosen to collide (in one slot of the map reader's
# table of before, an unkeyed FNV-1a: tests/mdnames.c), against 10,000
# random ones: the CPU of 4 intervals, once the keys are made.
for mode in random collide; do
	runbg "$tmp/flood.jsonl" -i 1s -T 9s -s execname "$ppid"
	as_nobody "$tmp/mdnames" keys "$mode" 10000 > /dev/null
	sleep 2
	c0=$(cputime "$rpid")
	sleep 4
	c1=$(cputime "$rpid")
	eval "cpu_$mode=\$((c1 - c0))"
	wait "$rpid"
	ok $? "$mode keys: status: $(head -c 300 "$tmp/flood.jsonl.err")"
	keys=$(jq -s 'map(.value | length) | add' "$tmp/flood.jsonl")
	[ "$keys" -ge 10000 ]
	ok $? "$mode keys: all counted ($keys keys in the lines)"
done
[ "$cpu_collide" -le $((2 * cpu_random + 100)) ]
ok $? "4 intervals of 10,000 keys chosen to collide: ${cpu_collide} ms of CPU; of random keys: ${cpu_random} ms (2x and 100 ms at most)"
echo "hostile: 4 intervals' CPU at 10,000 keys: chosen to collide ${cpu_collide} ms, random ${cpu_random} ms"

# 4 and 5. A flood of short-lived keys fills dtrace's aggregation (a
# small one: -x aggsize=64k, 229 keys a CPU; a flood pinned to each CPU,
# whose map it fills), then a program starts: with --evict 2 it is
# counted from 2 intervals after the one the flood ended in (its keys
# idle for 2 intervals by then), and the file holds 50 series
# (--max-series); --evict 0 never counts it.
for evict in 2 0; do
	if [ "$evict" -ne 0 ]; then
		set -- --prometheus "$tmp/tf/flood.prom" --max-series 50
	else
		set --
	fi
	runbg "$tmp/ev.jsonl" -i 500ms -T 8s --evict "$evict" -x aggsize=64k \
	    -s execname "$@" "$ppid"
	[ "$evict" -ne 0 ] && (i=0; while [ $i -lt 20 ]; do
		cp "$tmp/tf/flood.prom" "$tmp/during.$i" 2> /dev/null
		i=$((i + 1))
		sleep 0.1
	done) &
	# a flood on every CPU, each of whose maps it fills
	fl=
	for c in $(seq 0 $(($(getconf _NPROCESSORS_ONLN) - 1))); do
		as_nobody taskset -c "$c" "$tmp/mdnames" flood 2 \
		    > "$tmp/flood.end$c" &
		fl="$fl $!"
	done
	wait $fl
	cat "$tmp"/flood.end* | sort | tail -n 1 > "$tmp/flood.end"
	as_nobody "$tmp/mdnames" name mdafter 200 4000 > /dev/null
	wait "$rpid"
	ok $? "--evict $evict, a flood: status: $(head -n 3 "$tmp/ev.jsonl.err")"
	f=$(sed -n 's/^end //p' "$tmp/flood.end")
	first=$(jq -r 'select(.value.mdafter != null) | .start' \
	    "$tmp/ev.jsonl" | head -n 1)
	drops=$(jq -s 'map(.drops // 0) | add' "$tmp/ev.jsonl")
	if [ "$evict" -ne 0 ]; then
		# idle for 2 intervals after the one the flood ended in
		[ -n "$first" ] && lt "$first" "$(awk -v f="$f" 'BEGIN { printf "%.3f", f + 3 * 0.5 + 0.1 }')"
		ok $? "--evict 2: a program after the flood (ended $f) counted from $first, within 2 intervals and the flood's last ($drops drops in the flood)"
		echo "hostile: --evict 2: counted $(awk -v a="$first" -v f="$f" 'BEGIN { printf "%.2f", a - f }') s after the flood ended, $drops drops in it"
		# the copy the reader made that holds the most series
		best=$(wc -l "$tmp"/during.* | grep -v ' total$' | sort -n |
		    tail -n 1 | sed 's/^ *[0-9]* //')
		cp "$best" "$tmp/during.prom"
		n=$(grep -c '^metad_run_getppid_total{' "$tmp/during.prom")
		d=$(sed -n 's/^metad_run_getppid_series_dropped //p' \
		    "$tmp/during.prom")
		[ "$n" -le 50 ] && [ "${d:-0}" -gt 0 ] &&
		    [ "$(grep -c 'more than 50 series' "$tmp/ev.jsonl.err")" -eq 1 ]
		ok $? "--max-series 50 in the flood: $n series, ${d:-no} samples dropped, $(wc -c < "$tmp/during.prom") bytes, said once"
		promtool check metrics < "$tmp/during.prom" > "$tmp/pt" 2>&1
		ok $? "the file in the flood: promtool check metrics: $(cat "$tmp/pt")"
	else
		[ -z "$first" ] && [ "$drops" -gt 0 ]
		ok $? "--evict 0: the program after the flood never counted ($first), $drops drops"
	fi
done

# waitfor PID SECONDS: until PID has ended, SECONDS at most (then killed,
# and 1); its status in wst
waitfor() {
	_n=0
	while kill -0 "$1" 2> /dev/null && [ $_n -lt $(($2 * 20)) ]; do
		sleep 0.05
		_n=$((_n + 1))
	done
	if kill -0 "$1" 2> /dev/null; then
		kill -9 "$1" 2> /dev/null
		wait "$1" 2> /dev/null
		wst=137
		return 1
	fi
	wait "$1"
	wst=$?
	return 0
}

# 6. A stdout that takes nothing: a FIFO of 4 KiB whose reader never
# reads.  Once it is full, each signal ends the run within 2 s of
# patience (and the detach of two probes): status 1, said.
mkfifo "$tmp/fifo"
# holdfull FIFO FLAG: FIFO's reader, which makes it 4 KiB, never reads,
# and writes FLAG once it is full
holdfull() {
	python3 - "$1" "$2" <<'PY'
import fcntl, os, struct, sys, termios, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.fcntl(fd, 1031, 4096)		# F_SETPIPE_SZ
t = time.time()
while time.time() - t < 60:
    n = struct.unpack('i', fcntl.ioctl(fd, termios.FIONREAD, b'\0' * 4))[0]
    if n >= 4000:
        open(sys.argv[2], 'w').write('%d\n' % n)
        break
    time.sleep(0.05)
time.sleep(60)
PY
}
for sig in TERM INT HUP; do
	rm -f "$tmp/full"
	holdfull "$tmp/fifo" "$tmp/full" &
	holder=$!
	pids="$pids $holder"
	"$bin" --run -i 20ms -s execname "$ppid" > "$tmp/fifo" 2> "$tmp/err" &
	rpid=$!
	await "$tmp/full"
	sleep 0.5
	t0=$(now)
	kill -"$sig" "$rpid"
	waitfor "$rpid" 20
	took=$(elapsed "$t0")
	kill "$holder" 2> /dev/null
	wait "$holder" 2> /dev/null
	[ "$wst" -eq 1 ] && lt "$took" 4.5 &&
	    grep -q 'standard output took nothing for 2 s after the signal' "$tmp/err"
	ok $? "SIG$sig with a stdout that takes nothing: status $wst after $took s: $(head -c 300 "$tmp/err")"
	echo "hostile: SIG$sig behind a full stdout: ended after $took s, status $wst"
done

# And a standard error that takes nothing: the script's run-time errors
# (copyinstr(0) at each call of a workload) fill it; SIGTERM still ends
# the run within 2 s of patience, its messages dropped.
rm -f "$tmp/full"
holdfull "$tmp/fifo" "$tmp/full" &
holder=$!
pids="$pids $holder"
"$bin" --run -i 20ms -s bad -p '{"eq": ["execname", "mdppid"]}' "$ppid" \
    > "$tmp/out" 2> "$tmp/fifo" &
rpid=$!
"$tmp/mdppid" 1000000 60000 &
work=$!
pids="$pids $work"
await "$tmp/full"
sleep 0.5
t0=$(now)
kill -TERM "$rpid"
waitfor "$rpid" 20
took=$(elapsed "$t0")
kill "$holder" "$work" 2> /dev/null
wait "$holder" "$work" 2> /dev/null
[ "$wst" -eq 0 ] && lt "$took" 4.5
ok $? "SIGTERM with a stderr that takes nothing: status $wst after $took s"
echo "hostile: SIGTERM behind a full stderr: ended after $took s, status $wst"

# 7. Intervals that tell the truth.  Stopped for 4 s (SIGSTOP), the next
# line covers the gap, one longer interval, and -T still ends 10 s of
# the wall after the start; -i 1ms -T 1s ends after a second.
runbg "$tmp/iv.jsonl" -i 1s -T 10s "$known"
kill -STOP "$rpid"
sleep 4
kill -CONT "$rpid"
waitfor "$rpid" 40
jq -s '{n: length, sum: (map(.duration) | add),
    long: (map(select(.duration >= 4)) | length),
    gaps: ([range(1; length) as $i | (.[$i].start - .[$i - 1].start - .[$i - 1].duration) | fabs] | max // 0)}' \
    -c "$tmp/iv.jsonl" > "$tmp/iv"
jq -e '.n <= 8 and .long == 1 and (.sum - 10 | fabs) < 0.1 and .gaps < 0.003' \
    "$tmp/iv" > /dev/null && [ "$wst" -eq 0 ]
ok $? "SIGSTOP for 4 s: one line covers it, no burst, -T by the wall: $(cat "$tmp/iv"), status $wst"
echo "hostile: SIGSTOP for 4 s: $(cat "$tmp/iv")"
rm -f "$tmp/ms.jsonl"
"$bin" --run -i 1ms -T 1s "$known" > "$tmp/ms.jsonl" 2> "$tmp/err" &
rpid=$!
waitfor "$rpid" 60
t1=$(now)
jq -s -c '{n: length, sum: (map(.duration) | add),
    end: (.[-1].start + .[-1].duration)}' "$tmp/ms.jsonl" > "$tmp/ms"
jq -e --argjson t "$t1" '(.sum - 1 | fabs) < 0.05 and ($t - .end) < 1.5' \
    "$tmp/ms" > /dev/null && [ "$wst" -eq 0 ]
ok $? "-i 1ms -T 1s: a second of lines, ended $(jq --argjson t "$t1" '$t - .end' "$tmp/ms") s after the last: $(cat "$tmp/ms"), status $wst"
echo "hostile: -i 1ms -T 1s: $(cat "$tmp/ms"), ended $(jq --argjson t "$t1" '$t - .end' "$tmp/ms") s after its last line's end"

# 8. An end that is prompt, with the system calls' 700 probes, which
# the kernel lets go of one at a time (seconds): SIGINT; the last line
# and the end of stdout at once; the slow detach said; a second SIGINT
# ends meta-d at once, status 0; the copy left lets every probe go (and
# the uprobes libdtrace made, named for meta-d's pid) within a minute.
cp examples/linux/syscall.json "$tmp/prompt-$$.json"
rm -f "$tmp/lines"
"$bin" --run -i 1s "$tmp/prompt-$$.json" 2> "$tmp/err" | python3 -c '
import sys, time
out = open(sys.argv[1], "w")
for line in sys.stdin:
    out.write("line %.3f\n" % time.time()); out.flush()
out.write("eof %.3f\n" % time.time())' "$tmp/lines" &
reader=$!
await "$tmp/lines"
rpid=$(pgrep -f "meta-d --run -i 1s $tmp/prompt-$$.json" | head -n 1)
t0=$(now)
kill -INT "$rpid"
n=0
while ! grep -q '^eof' "$tmp/lines" && [ $n -lt 100 ]; do
	sleep 0.05
	n=$((n + 1))
done
last=$(sed -n 's/^line //p' "$tmp/lines" | tail -n 1)
eof=$(sed -n 's/^eof //p' "$tmp/lines")
lt "$(awk -v a="$last" -v b="$t0" 'BEGIN { print a - b }')" 1.5 &&
    lt "$(awk -v a="$eof" -v b="$last" 'BEGIN { print b == "" ? 9 : a - b }')" 0.2
ok $? "SIGINT: the last line $(awk -v a="$last" -v b="$t0" 'BEGIN { print a - b }') s after it, stdout's end $(awk -v a="$eof" -v b="$last" 'BEGIN { print a - b }') s after that"
sleep 3
grep -q 'the kernel is still detaching' "$tmp/err"
ok $? "a detach slower than 2 s: said: $(cat "$tmp/err")"
t0=$(now)
kill -INT "$rpid"
while kill -0 "$rpid" 2> /dev/null && lt "$(elapsed "$t0")" 5; do
	sleep 0.05
done
took=$(elapsed "$t0")
wait "$reader"
lt "$took" 1
ok $? "a second SIGINT while detaching: meta-d ended $took s after it"
echo "hostile: a second SIGINT while detaching: meta-d ended $took s after it"
n=0
while pgrep -f "prompt-$$.json" > /dev/null && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
! pgrep -f "prompt-$$.json" > /dev/null &&
    ! grep -q "^p:dt_${rpid}_" /sys/kernel/debug/tracing/uprobe_events
ok $? "the copy let every probe go within a minute ($((n / 10)) s): $(grep "dt_${rpid}_" /sys/kernel/debug/tracing/uprobe_events)"
echo "hostile: the copy let the probes go $((n / 10)) s after meta-d ended"

# 9. 20,000 run-time errors (copyinstr(0)) in a second: each counted in
# the lines; stderr at most 10 lines an interval and one with how many
# more.
runbg "$tmp/err.jsonl" -i 500ms -T 3s -s bad -p '{"eq": ["execname", "mdppid"]}' "$ppid"
"$tmp/mdppid" 20000 1000
wait "$rpid"
st=$?
errs=$(jq -s 'map(.errors // 0) | add' "$tmp/err.jsonl")
drops=$(jq -s 'map(.drops // 0) | add' "$tmp/err.jsonl")
said=$(grep -c 'invalid address' "$tmp/err.jsonl.err")
[ $st -eq 0 ] && [ $((errs + drops)) -ge 20000 ] &&
    [ "$said" -le $((10 * $(wc -l < "$tmp/err.jsonl"))) ] &&
    [ "$(wc -c < "$tmp/err.jsonl.err")" -lt 20000 ]
ok $? "20,000 run-time errors: $errs counted ($drops dropped), $said lines said, $(wc -c < "$tmp/err.jsonl.err") bytes of stderr"
echo "hostile: 20,000 run-time errors: $errs counted ($drops dropped), $said lines said, $(wc -c < "$tmp/err.jsonl.err") bytes of stderr"

# 10. What is at FILE must be a regular file: a device (here one as
# /dev/null is, c 1 3: a meta-d that replaced it must not take the
# machine's), a link (as /dev/stdout is, to /proc/self/fd/1: a pipe
# here), a FIFO, a socket, a directory are refused before tracing
# (status 1), and left as they were.
mknod "$tmp/tf/null.prom" c 1 3
ln -s /proc/self/fd/1 "$tmp/tf/stdout.prom"
mkfifo "$tmp/tf/fifo.prom"
mkdir "$tmp/tf/dir.prom"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
    "$tmp/tf/sock.prom"
for f in "$tmp/tf/null.prom" "$tmp/tf/stdout.prom" "$tmp/tf/fifo.prom" \
    "$tmp/tf/sock.prom" "$tmp/tf/dir.prom"; do
	before=$(stat -c '%F %i' "$f")
	"$bin" --run -T 1 --prometheus "$f" "$known" 2> "$tmp/err" | cat \
	    > "$tmp/out"
	[ ! -s "$tmp/out" ] && [ "$(stat -c '%F %i' "$f")" = "$before" ] &&
	    grep -q 'is there, not a regular file' "$tmp/err"
	ok $? "--prometheus $f ($before): refused before tracing, left as it was: $(cat "$tmp/err")"
done

# 11. A directory above FILE's that another user owns: refused at the
# start (nobody's a, above FILE's directory b: nobody could swap a for a
# link to root's); and when FILE's directory goes away, and the way to it
# comes back through a link nobody placed (a, now in a directory nobody
# was given, leading to a directory of root's that has a b), it is
# refused again (said, tracing goes on), nothing written there.
mkdir -p "$tmp/np/a/b" "$tmp/rootdir"
chown -R nobody "$tmp/np"
"$bin" --run -T 1 --prometheus "$tmp/np/a/b/x.prom" "$known" > "$tmp/out" \
    2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/np/a/b/x.prom" ] &&
    grep -q "\"$tmp/np/a\" belongs to uid $(id -u nobody), neither root nor you" "$tmp/err"
ok $? "a directory above FILE's of nobody's: refused: $(cat "$tmp/err")"
mkdir -p "$tmp/r/a/b" "$tmp/rootdir/b"
chown nobody "$tmp/r/a/b"
runbg "$tmp/re.jsonl" -i 300ms -T 3s --prometheus "$tmp/r/a/b/x.prom" "$known"
sleep 0.5
rm -rf "$tmp/r/a"
chown nobody "$tmp/r"
unpriv ln -s "$tmp/rootdir" "$tmp/r/a"
waitfor "$rpid" 30
[ "$wst" -eq 0 ] && [ -z "$(ls -A "$tmp/rootdir/b")" ] &&
    grep -q "belongs to uid $(id -u nobody), neither root nor you" "$tmp/re.jsonl.err"
ok $? "FILE's directory back through nobody's link: refused, nothing in root's ($(ls -A "$tmp/rootdir/b")), tracing went on: status $wst: $(head -n 2 "$tmp/re.jsonl.err")"

# 12. A close() of the exposition that fails (tests/shim.c): said,
# tracing goes on, and no descriptor is closed twice.
rm -f "$tmp/shim.log"
SHIM_CLOSE=.meta-d- SHIM_LOG=$tmp/shim.log LD_PRELOAD="$(preload "$tmp/shim.so" "$bin")" \
    "$bin" --run -i 300ms -T 2s --prometheus "$tmp/tf/close.prom" "$known" \
    > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q 'Input/output error (tracing goes on)' "$tmp/err" &&
    grep -q '^close failed' "$tmp/shim.log" &&
    ! grep -q 'closed twice' "$tmp/shim.log" && [ -f "$tmp/tf/close.prom" ]
ok $? "--prometheus whose close() fails: said, written again, none closed twice: status $st: $(cat "$tmp/err" "$tmp/shim.log" | head -5)"

# 14. --compile whose third fork() fails: the children made are stopped
# and waited for before meta-d says so (the shim's children sleep 5 s,
# as a slow compile would); none is left.
rm -f "$tmp/shim.log"
SHIM_FORK=2 SHIM_LOG=$tmp/shim.log LD_PRELOAD="$(preload "$tmp/shim.so" "$bin")" \
    "$bin" --check --compile examples/linux/syscall.json > "$tmp/out" \
    2> "$tmp/err"
st=$?
left=
for c in $(sed -n 's/^child //p' "$tmp/shim.log"); do
	kill -0 "$c" 2> /dev/null && left="$left $c"
done
[ $st -eq 1 ] && grep -q 'cannot start a compile' "$tmp/err" &&
    [ "$(grep -c '^child' "$tmp/shim.log")" -ge 1 ] && [ -z "$left" ]
ok $? "--compile whose fork() fails: status $st, its children gone ($(grep -c '^child' "$tmp/shim.log") made, left:$left): $(cat "$tmp/err")"
for c in $left; do kill -9 "$c"; done

# 15. A signal just before a long wait (the shim raises SIGTERM as a
# wait of 2 s or more begins): the wait sees it, and the run ends at
# once, not at the interval's end (-i 10s).
rm -f "$tmp/shim.log"
t0=$(now)
SHIM_SLEEP=15 SHIM_LOG=$tmp/shim.log LD_PRELOAD="$(preload "$tmp/shim.so" "$bin")" \
    "$bin" --run -i 10s "$known" > "$tmp/out" 2> "$tmp/err"
st=$?
took=$(elapsed "$t0")
d=$(jq -s '.[-1].duration' "$tmp/out")
[ $st -eq 0 ] && grep -q '^raised 15 before a wait of \(9[0-9]\{3\}\|10000\) ms' \
    "$tmp/shim.log" && lt "$d" 5 && lt "$took" 9
ok $? "SIGTERM just before a wait: the last interval ${d} s, ended after $took s: status $st: $(cat "$tmp/shim.log" "$tmp/err")"

# 16. A libdtrace that is not a release the map reader was checked
# against (a copy of this one, its commit changed): read through its
# snapshot, -v says so, the values as ever; this one: its maps.
mkdir "$tmp/lib"
dtlib=$(ls "${LD_LIBRARY_PATH%%:*}"/libdtrace.so.*.*.* | head -n 1)
python3 - "$dtlib" "$tmp/lib/$(basename "$dtlib")" <<'PY'
import re, sys
b = open(sys.argv[1], 'rb').read()
c = re.sub(rb'cc48b157766a8f752790e0b3f22e7b34ea7f45f4',
    b'0123456789abcdef0123456789abcdef01234567', b)
assert c != b
open(sys.argv[2], 'wb').write(c)
PY
for l in libdtrace.so.2 libdtrace.so; do
	ln -s "$(basename "$dtlib")" "$tmp/lib/$l"
done
LD_LIBRARY_PATH=$tmp/lib:$LD_LIBRARY_PATH "$bin" --run -v -T 1500ms "$known" \
    > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q "reading libdtrace's snapshot of the aggregation.*0123456789abcdef0123456789abcdef01234567) is not one meta-d's reader" "$tmp/err" &&
    [ "$(jq -s -c 'map(.value)' "$tmp/out")" = "[4,0]" ]
ok $? "a libdtrace of another commit: its snapshot, said, the values right: $(cat "$tmp/out" "$tmp/err")"
"$bin" --run -v -T 1500ms "$known" > "$tmp/out" 2> "$tmp/err"
grep -q "reading the aggregation's BPF maps (libdtrace 2.0.1" "$tmp/err" &&
    [ "$(jq -s -c 'map(.value)' "$tmp/out")" = "[4,0]" ]
ok $? "libdtrace 2.0.1.1: its maps, said: $(cat "$tmp/err")"

summary hostile

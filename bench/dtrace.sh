#!/bin/sh
#
# The sections of make bench that need a real dtrace, as root: what
# meta-d --run costs next to the dtrace command doing the same work.
# Prints Markdown; bench/run.sh puts it in bench/results.md, or says why
# it could not run.
#
#	sh bench/dtrace.sh
#
#  6. --run: (a) start-up, from launch to tracing enabled, against the
#     dtrace command running the same script (a BEGIN clause printing
#     walltimestamp: when BEGIN fires, tracing is enabled); target 1.1;
#     (b) the CPU one interval costs with K keys in the aggregation,
#     against the dtrace command printing the same aggregation from a tick
#     clause (printa), measured from /proc over 3 intervals, and the growth
#     exponent; targets: a tenth of dtrace's at 10,000 keys, exponent 1.1.
#  7. --check --compile: scripts compiled per second, against the dtrace
#     command compiling the same scripts one process each, two at a time;
#     target: 50 times as many.

set -u
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh > /dev/null
. tests/dtrace-env.sh
if ! dt_find 2> /dev/null; then
	echo "Not run: $dt_why."
	exit 0
fi
set -a
. build/dtrace/env
set +a
if ./meta-d --run -T 1 tests/metrics/run-known.json > /dev/null 2>&1; [ $? -eq 2 ]; then
	echo "Not run: this meta-d was built without libdtrace."
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/mdppid" tests/mdppid.c || exit 1
only='{"eq": ["execname", "mdppid"]}'
ppid=tests/metrics/run-getppid.json

mark() {
	if awk "BEGIN { exit !($1) }"; then echo met; else echo MISSED; fi
}

# cpu PID: its user and system time so far, in clock ticks
cpu() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

echo "### (a) Start-up: launch to tracing enabled"
echo
./meta-d -s execname examples/linux/io.json > "$tmp/io.d"
printf 'BEGIN\n{\n\tprintf("%%d\\n", walltimestamp);\n\texit(0);\n}\n' \
    >> "$tmp/io.d"
for i in 1 2 3 4 5; do
	t0=$(date +%s.%N)
	s=$(./meta-d --run -T 100ms -s execname examples/linux/io.json |
	    sed -n '1s/.*"start": \([0-9.]*\),.*/\1/p')
	echo "m $(awk -v s="$s" -v t="$t0" 'BEGIN { printf "%.3f", s - t }')"
	t0=$(date +%s.%N)
	w=$(build/dtrace/dt -q -xswitchrate=10hz -s "$tmp/io.d" | head -n 1)
	echo "d $(awk -v w="$w" -v t="$t0" 'BEGIN { printf "%.3f", w / 1e9 - t }')"
done > "$tmp/start"
m=$(awk '$1 == "m" { print $2 }' "$tmp/start" | sort -n | sed -n 3p)
d=$(awk '$1 == "d" { print $2 }' "$tmp/start" | sort -n | sed -n 3p)
r=$(awk -v m="$m" -v d="$d" 'BEGIN { printf "%.2f", m / d }')
echo "The script of \`-s execname examples/linux/io.json\`; the median of 5."
echo
echo "| meta-d --run | dtrace -s | ratio | target 1.1 |"
echo "|---|---|---|---|"
echo "| $m s | $d s | $r | $(mark "$r <= 1.1") |"
echo
echo "### (b) The CPU of one interval, by keys"
echo
echo "mdppid makes K getppid() calls, each a key of its own (\`-s n\`:"
echo "\`timestamp % 1000000\`), in the first half second; then each"
echo "interval reads the K keys again.  CPU (user and system, from"
echo "/proc/PID/stat, in 10 ms ticks) over 3 intervals, per interval."
echo
echo "| keys | interval | meta-d --run | dtrace printa | ratio |"
echo "|---|---|---|---|---|"
# one KEYS INTERVAL WINDOW: CPU ms per interval, meta-d's then dtrace's
one() {
	./meta-d --run -i "$2" -x aggsize=64m -s n -p "$only" "$ppid" \
	    > /dev/null 2>&1 &
	p=$!
	sleep 1.5
	"$tmp/mdppid" "$1" 500
	sleep "$3"
	a=$(cpu $p)
	sleep "$3"; sleep "$3"; sleep "$3"
	b=$(cpu $p)
	kill -TERM $p
	wait $p
	[ -n "$a" ] && [ -n "$b" ] || { echo "bench: meta-d ended early" >&2; b=0 a=0; }
	mt=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) * 10 / 3 }')
	./meta-d -x aggsize=64m -x quiet -s n -p "$only" "$ppid" > "$tmp/k.d"
	printf 'tick-%s\n{\n\tprinta(@);\n}\n' "$2" >> "$tmp/k.d"
	build/dtrace/dt -q -s "$tmp/k.d" > /dev/null 2>&1 &
	p=$!
	sleep 1.5
	"$tmp/mdppid" "$1" 500
	sleep "$3"
	a=$(cpu $p)
	sleep "$3"; sleep "$3"; sleep "$3"
	b=$(cpu $p)
	kill -TERM $p
	wait $p
	[ -n "$a" ] && [ -n "$b" ] || { echo "bench: dtrace ended early" >&2; b=0 a=0; }
	dt=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) * 10 / 3 }')
	echo "$1 $2 $mt $dt"
}
{
	one 1000 100ms 0.1
	one 10000 1s 1
	one 100000 30s 30
} > "$tmp/keys"
while read -r k i mt dt; do
	echo "| $k | $i | $mt ms | $dt ms | $(awk -v m="$mt" -v d="$dt" 'BEGIN { printf "%.2f", (d > 0 ? m / d : 0) }') |"
done < "$tmp/keys"
echo
em=$(awk '{ x = log($1); y = log(($3 > 0 ? $3 : 0.1)); n++; sx += x; sy += y;
    sxx += x * x; sxy += x * y }
    END { printf "%.2f", (n * sxy - sx * sy) / (n * sxx - sx * sx) }' "$tmp/keys")
ed=$(awk '{ x = log($1); y = log(($4 > 0 ? $4 : 0.1)); n++; sx += x; sy += y;
    sxx += x * x; sxy += x * y }
    END { printf "%.2f", (n * sxy - sx * sy) / (n * sxx - sx * sx) }' "$tmp/keys")
r10=$(awk '$1 == 10000 { printf "%.2f", ($4 > 0 ? $3 / $4 : 0) }' "$tmp/keys")
echo "| measure | meta-d | dtrace | target |"
echo "|---|---|---|---|"
echo "| growth exponent in keys | $em | $ed | 1.1: $(mark "$em <= 1.1") |"
echo "| ratio at 10,000 keys | $r10 | 1 | 0.1: $(mark "$r10 <= 0.1") |"

echo
echo "## 7. Compiling a metric library (--check --compile)"
echo
echo "Scripts per second: \`meta-d --check --compile\` of each example"
echo "(every request, each distinct script compiled once: counted by the"
echo "children it forks, one a compile), against the dtrace"
echo "command compiling ten distinct scripts of the Linux system-call"
echo "example, one process each (\`dtrace -xerrtags -Z -e -s\`), two at a"
echo "time.  The target is the library's: every example in turn."
echo
for f in $(./meta-d --list-fields examples/linux/syscall.json); do
	./meta-d -s "$f" examples/linux/syscall.json > "$tmp/c-s-$f.d" 2> /dev/null
	./meta-d -n "$f" examples/linux/syscall.json > "$tmp/c-n-$f.d" 2> /dev/null
done
ls "$tmp"/c-*.d | head -n 10 > "$tmp/clist"
k=$(wc -l < "$tmp/clist")
t0=$(date +%s.%N)
xargs -P 2 -I{} sh -c 'build/dtrace/dt -xerrtags -Z -e -s {} > /dev/null 2>&1' \
    < "$tmp/clist"
t1=$(date +%s.%N)
dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
dr=$(awk -v n="$k" -v t="$dt" 'BEGIN { printf "%.2f", n / t }')
echo "The dtrace command: $k scripts in $dt s, $dr scripts/s."
echo
echo "| metric | scripts | --compile | scripts/s | ratio to dtrace |"
echo "|---|---|---|---|---|"
tn=0
tt=0
for m in examples/linux/*.json examples/*.json; do
	n=$(strace -f -qq -e trace=clone,fork,vfork -e signal=none \
	    ./meta-d --check --compile "$m" 2>&1 >/dev/null |
	    grep -c 'clone\|fork')
	t0=$(date +%s.%N)
	./meta-d --check --compile "$m" > /dev/null 2>&1
	t1=$(date +%s.%N)
	mt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	mr=$(awk -v n="$n" -v t="$mt" 'BEGIN { printf "%.1f", n / t }')
	r=$(awk -v a="$mr" -v b="$dr" 'BEGIN { printf "%.0f", a / b }')
	echo "| $m | $n | $mt s | $mr | $r |"
	tn=$((tn + n))
	tt=$(awk -v a="$tt" -v b="$mt" 'BEGIN { printf "%.2f", a + b }')
done
mr=$(awk -v n="$tn" -v t="$tt" 'BEGIN { printf "%.1f", n / t }')
r=$(awk -v a="$mr" -v b="$dr" 'BEGIN { printf "%.0f", a / b }')
echo "| the library | $tn | $tt s | $mr | $r: target 50, $(mark "$r >= 50") |"

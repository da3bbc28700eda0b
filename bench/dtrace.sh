#!/bin/sh
#
# The sections of make bench that need a real dtrace, as root: what
# meta-d --run and --check --compile cost next to the dtrace command
# doing the same work.  Prints Markdown; bench/run.sh puts it in
# bench/results.md (after its heading of section 7), or says why it could
# not run.
#
#	sh bench/dtrace.sh [run | collide | compile [METRIC ...]]
#
# With no argument, both sections; with run or compile, that one alone
# (compile: of the METRICs given, every example by default: the library);
# collide: 7 (c) alone.
#
#  7. --run: (a) start-up, from launch to tracing enabled, against the
#     dtrace command running the same script (a BEGIN clause printing
#     walltimestamp: when BEGIN fires, tracing is enabled); target 1.1;
#     (b) the CPU one interval costs with K keys in the aggregation,
#     against the dtrace command printing the same aggregation from a tick
#     clause (printa), measured from /proc over 5 s or 3 intervals, and the growth
#     exponent; targets: a tenth of dtrace's at 10,000 keys, exponent 1.1;
#     (c) one interval's CPU at 10,000 keys chosen to collide (under the
#     unkeyed hash of before) against 10,000 random keys; target 2x.
#  8. --check --compile: scripts compiled per second, the whole example
#     library (every metric, each distinct script of every request
#     --compile compiles) judged in one invocation, against the dtrace
#     command compiling a sample of the same scripts, a process each, two
#     at a time; target: 50 times as many; and one small metric alone.

set -u
cd "$(dirname "$0")/.." || exit 2
what=${1:-all}
[ $# -gt 0 ] && shift
case $what in
all | run | collide | compile) ;;
*)
	echo "usage: sh bench/dtrace.sh [run | collide | compile [METRIC ...]]" >&2
	exit 2
	;;
esac
[ $# -gt 0 ] || set -- examples/linux/*.json examples/*.json
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
only='{"eq": ["execname", "mdppid"]}'
ppid=tests/metrics/run-getppid.json

mark() {
	if awk "BEGIN { exit !($1) }"; then echo met; else echo MISSED; fi
}

# cpu PID: its user and system time so far, in clock ticks
cpu() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# 7. --run: start-up, and the CPU of an interval by keys
bench_run() {
	cc -O2 -o "$tmp/mdppid" tests/mdppid.c || exit 1
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
	echo "/proc/PID/stat, in 10 ms ticks) over 50 intervals of 100 ms, 5 of"
	echo "1 s, or 3 of 30 s, per interval; the workload starts once tracing has"
	echo "begun."
	echo
	echo "| calls | keys (in meta-d's lines) | interval | meta-d --run | dtrace printa | ratio |"
	echo "|---|---|---|---|---|---|"
	# measure OUT KEYS SECONDS WINDOW N COMMAND...: COMMAND in the
	# background, writing OUT; once OUT holds something, KEYS calls, then
	# its CPU ms per interval over the WINDOW after the next SECONDS
	measure() {
		out=$1 calls=$2 after=$3 window=$4 n=$5
		shift 5
		rm -f "$out"
		"$@" > "$out" 2> /dev/null &
		p=$!
		await "$out"
		"$tmp/mdppid" "$calls" 500
		sleep "$after"
		a=$(cpu $p)
		sleep "$window"
		b=$(cpu $p)
		kill -TERM $p
		wait $p
		[ -n "$a" ] && [ -n "$b" ] ||
		    { echo "bench: $1 ended early" >&2; b=0 a=0; }
		awk -v a="$a" -v b="$b" -v n="$n" \
		    'BEGIN { printf "%.1f", (b - a) * 10 / n }'
	}
	# one KEYS INTERVAL SECONDS WINDOW N: CPU ms per interval (N
	# intervals of SECONDS each, in a window of WINDOW seconds), meta-d's
	# then dtrace's, and the keys meta-d's lines hold.  The workload
	# starts once tracing has begun (meta-d's first line, the dtrace
	# command's BEGIN), not after a guess: start-up takes seconds on a
	# loaded machine, and calls made before it make no keys.
	one() {
		mt=$(measure "$tmp/m.out" "$1" "$3" "$4" "$5" ./meta-d --run \
		    -i "$2" -x aggsize=256m -s n -p "$only" "$ppid")
		k=$(grep -o '"[0-9][0-9]*": ' "$tmp/m.out" | sort -u | wc -l)
		./meta-d -x aggsize=256m -x quiet -s n -p "$only" "$ppid" \
		    > "$tmp/k.d" 2> /dev/null
		printf 'BEGIN\n{\n\tprintf("begun\\n");\n}\n\ntick-%s\n{\n\tprinta(@);\n}\n' \
		    "$2" >> "$tmp/k.d"
		dt=$(measure "$tmp/d.out" "$1" "$3" "$4" "$5" build/dtrace/dt \
		    -q -s "$tmp/k.d")
		echo "$1 $2 $mt $dt $k"
	}
	{
		one 1000 100ms 0.1 5 50
		one 10000 1s 1 5 5
		one 100000 30s 30 90 3
	} > "$tmp/keys"
	while read -r k i mt dt kk; do
		echo "| $k | $kk | $i | $mt ms | $dt ms | $(awk -v m="$mt" -v d="$dt" 'BEGIN { printf "%.2f", (d > 0 ? m / d : 0) }') |"
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
	bench_collide
}

# 7 (c). A flood of keys chosen to collide: one interval's CPU at 10,000
# keys that an unkeyed hash (the map reader's FNV-1a, before) puts in one
# slot (tests/mdnames.c, as nobody, names itself with each), against
# 10,000 random keys; the median of 3 runs each.  Target: within 2x.
bench_collide() {
	cc -O2 -o "$tmp/mdnames" tests/mdnames.c || exit 1
	chmod 755 "$tmp" "$tmp/mdnames"
	echo
	echo "### (c) The CPU of one interval at 10,000 keys chosen to collide"
	echo
	echo "A program of nobody's names itself 10,000 times (\`prctl\`), a"
	echo "getppid() call under each name (\`-s execname\` of"
	echo "tests/metrics/run-getppid.json): names chosen so that an unkeyed"
	echo "hash (FNV-1a, the map reader's before it was keyed) puts every one"
	echo "in one slot of every table up to 2^20, or random names.  CPU of"
	echo "meta-d (/proc/PID/schedstat) over 4 intervals of 1 s, 2 s after"
	echo "the names are made; the median of 3 runs."
	echo
	for mode in random collide random collide random collide; do
		rm -f "$tmp/c.out"
		./meta-d --run -i 1s -T 9s -s execname "$ppid" > "$tmp/c.out" \
		    2> /dev/null &
		p=$!
		await "$tmp/c.out"
		setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" \
		    --clear-groups "$tmp/mdnames" keys "$mode" 10000 > /dev/null
		sleep 2
		a=$(awk '{ print $1 }' "/proc/$p/schedstat")
		sleep 4
		b=$(awk '{ print $1 }' "/proc/$p/schedstat")
		wait $p
		echo "$mode $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / 4e6 }')"
	done > "$tmp/collide"
	r=$(awk '$1 == "random" { print $2 }' "$tmp/collide" | sort -n | sed -n 2p)
	c=$(awk '$1 == "collide" { print $2 }' "$tmp/collide" | sort -n | sed -n 2p)
	x=$(awk -v r="$r" -v c="$c" 'BEGIN { printf "%.2f", (r > 0 ? c / r : 0) }')
	echo "| keys | CPU of an interval | ratio | target 2 |"
	echo "|---|---|---|---|"
	echo "| 10,000 random | $r ms | 1 | |"
	echo "| 10,000 chosen to collide | $c ms | $x | $(mark "$x <= 2") |"
}

# scripts METRIC DIR: the distinct scripts meta-d --check --compile
# METRIC compiles here, made again one request at a time into DIR, their
# names in DIR/list: the requests of md_checkall.c (none; -i 1s -T 10s;
# for each field -s, -n, and a predicate on it, both ways where both can
# be made; for each pair -s -s and -s -n), with its host name, but its -z
# requests, which this dtrace leaves out (it has no zones).  Prints how
# many.
scripts() {
	sc_f=$(./meta-d --list-fields "$1")
	{
		echo
		echo "-i 1s -T 10s"
		for a in $sc_f; do
			echo "-s $a"
			echo "-n $a"
			echo "-p {\"eq\":[\"$a\",\"\"]}"
			echo "-p {\"eq\":[\"$a\",0]}"
		done
		i=0
		for a in $sc_f; do
			i=$((i + 1))
			j=0
			for b in $sc_f; do
				j=$((j + 1))
				[ $i -eq $j ] && continue
				[ $i -lt $j ] && echo "-s $a -s $b"
				echo "-s $a -n $b"
			done
		done
	} > "$2.req"
	mkdir -p "$2"
	n=0
	set -f
	# shellcheck disable=SC2086 # a request's words
	while read -r req; do
		n=$((n + 1))
		./meta-d -H localhost $req "$1" > "$2/$n.d" 2> /dev/null ||
		    rm -f "$2/$n.d"
	done < "$2.req"
	set +f
	# the first of each distinct text
	cksum "$2"/*.d | sort -k 1,2 -u | awk '{ print $3 }' > "$2/list"
	wc -l < "$2/list" | tr -d ' '
}

# secs T0 T1: the seconds from T0 to T1, two decimals
secs() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'
}

# library DIR METRIC ...: the metrics as --compile judges them here, in
# DIR: each as it is, but one whose "os" leaves Linux out without its
# "os" (else --compile would refuse it in a line, compiling nothing).
# Prints their paths.
library() {
	lb_d=$1
	shift
	mkdir -p "$lb_d"
	for lb_m in "$@"; do
		if grep -q '^  "os": ' "$lb_m" &&
		    ! grep '^  "os": ' "$lb_m" | grep -q '"linux"'; then
			grep -v '^  "os": ' "$lb_m" > "$lb_d/$(basename "$lb_m")"
			echo "$lb_d/$(basename "$lb_m")"
		else
			echo "$lb_m"
		fi
	done
}

# timed CMD ...: CMD run, its seconds (two decimals) in $tt, status in $ts
timed() {
	t0=$(date +%s.%N)
	"$@" > /dev/null 2>&1
	ts=$?
	t1=$(date +%s.%N)
	tt=$(secs "$t0" "$t1")
}

# rate N T: N / T, one decimal
rate() {
	awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t }'
}

# 8. --check --compile against the dtrace command, on the same scripts
bench_compile() {
	echo "## 8. Compiling a metric library (--check --compile)"
	echo
	load0=$(cut -d ' ' -f 1 /proc/loadavg)
	# shellcheck disable=SC2046 # the paths: no spaces
	set -- $(library "$tmp/lib" "$@")
	: > "$tmp/all"
	: > "$tmp/counts"
	k=0
	for m in "$@"; do
		k=$((k + 1))
		echo "$m $(scripts "$m" "$tmp/s$k")" >> "$tmp/counts"
		cat "$tmp/s$k/list" >> "$tmp/all"
	done
	# a script two metrics make is compiled once, as by --compile
	xargs cksum < "$tmp/all" | sort -k 1,2 -u | awk '{ print $3 }' \
	    > "$tmp/distinct"
	mv "$tmp/distinct" "$tmp/all"
	tn=$(wc -l < "$tmp/all" | tr -d ' ')
	lib="-L examples/node"
	echo "The whole example library, every metric and every request"
	echo "\`--check\` makes (but those with \`-z\`, which a dtrace with no"
	echo "zones leaves out; a script several requests make, once), judged in"
	echo "one invocation: \`meta-d --check --compile $lib METRIC ...\`"
	echo "(one libdtrace handle, then a child a compile; the metrics for"
	echo "illumos without their \`os\`, which would have them refused"
	echo "uncompiled).  Against it, the dtrace command on a sample of the"
	echo "same scripts (made again here one request at a time), a process a"
	echo "script (\`dtrace -xerrtags -Z -e $lib -s FILE\`), two at a time"
	echo "(\`xargs -P 2\`)."
	if command -v strace > /dev/null 2>&1; then
		# shellcheck disable=SC2086 # $lib: two words
		strace -f -qq -e trace=clone,clone3,fork,vfork -e signal=none \
		    -o "$tmp/strace" ./meta-d --check --compile $lib "$@" \
		    > /dev/null 2>&1
		# forks that made a child (one interrupted by a signal is
		# restarted: ERESTARTNOINTR, then again)
		nf=$(grep -c '\(clone3*\|v*fork\)[( ].* = [0-9][0-9]*$' \
		    "$tmp/strace")
		echo
		echo "The children that one invocation forks (strace): $nf, for"
		echo "$tn scripts: $(if [ "$nf" = "$tn" ]; then echo met; else echo MISSED; fi)."
	fi
	echo
	echo "| metric | scripts |"
	echo "|---|---|"
	while read -r m n; do
		echo "| ${m#"$tmp"/lib/} | $n |"
	done < "$tmp/counts"
	# shellcheck disable=SC2086 # $lib: two words
	timed ./meta-d --check --compile $lib "$@"
	mt=$tt
	mst=$ts
	mr=$(rate "$tn" "$mt")
	small=examples/linux/proc.json
	sn=$(awk -v m="$small" '$1 == m { print $2 }' "$tmp/counts")
	timed ./meta-d --check --compile "$small"
	st=$tt
	sr=$(rate "${sn:-0}" "$st")
	# the sample: every k-th script, about 40
	step=$(( (tn + 39) / 40 ))
	awk -v k="$step" 'NR % k == 1 || k == 1' "$tmp/all" > "$tmp/sample"
	dn=$(wc -l < "$tmp/sample" | tr -d ' ')
	t0=$(date +%s.%N)
	xargs -P 2 -n 1 sh -c 'build/dtrace/dt -xerrtags -Z -e -L examples/node \
	    -s "$1" > /dev/null 2>&1 || echo "$1"' sh < "$tmp/sample" \
	    > "$tmp/refused"
	t1=$(date +%s.%N)
	dt=$(secs "$t0" "$t1")
	dr=$(awk -v n="$dn" -v t="$dt" 'BEGIN { printf "%.2f", n / t }')
	r=$(awk -v a="$mr" -v b="$dr" 'BEGIN { printf "%.0f", a / b }')
	rs=$(awk -v a="$sr" -v b="$dr" 'BEGIN { printf "%.0f", a / b }')
	echo
	echo "| compiler | scripts | time | status | scripts/s |"
	echo "|---|---|---|---|---|"
	echo "| \`meta-d --check --compile $lib\`, the library | $tn | $mt s | $mst | $mr |"
	echo "| \`meta-d --check --compile\`, $small alone | ${sn:-?} | $st s | $ts | $sr |"
	echo "| \`dtrace -xerrtags -Z -e $lib -s\`, 2 at a time, a sample | $dn | $dt s | | $dr |"
	echo
	echo "The dtrace command refused $(wc -l < "$tmp/refused" | tr -d ' ') of the $dn scripts of the"
	echo "sample (the library's metrics for illumos, and node-http's names"
	echo "only illumos has, refused by both)."
	echo
	echo "Ratio: the library, $r times the dtrace command's scripts a second"
	echo "(target 50: $(mark "$r >= 50")); one small metric ($small), $rs times."
	echo "Load average (1 minute, $(getconf _NPROCESSORS_ONLN) CPUs): $load0 before,"
	echo "$(cut -d ' ' -f 1 /proc/loadavg) after."
	echo
	echo "Each invocation opens libdtrace once, before its first compile:"
	echo "about half a second here, all libdtrace's own (\`/proc/kallsyms\`,"
	echo "tracefs's probes, the kernel's BTF made CTF), which the dtrace"
	echo "command pays for every script; a small metric alone spreads it over"
	echo "few scripts, the library in one invocation over all of them."
}

if [ "$what" = collide ]; then
	bench_collide
	exit 0
fi
if [ "$what" != compile ]; then
	bench_run
fi
if [ "$what" = all ]; then
	echo
fi
if [ "$what" != run ]; then
	bench_compile "$@"
fi

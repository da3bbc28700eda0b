#!/bin/sh
#
# End to end: for each Linux example metric, a script from meta-d traces
# for real while a workload this test starts runs, ends by itself (-T),
# and what dtrace printed must name the workload's program with a count
# above zero, or with a distribution that counted something.
#
#	sh tests/dtrace-run.sh BINARY [NAME ...]
#
# NAME is a metric of examples/linux (syscall io proc offcpu profile).  The
# workloads run copies of dd, true and sleep under names of their own
# (mdwork, mdtrue, mdsleep), so that nothing else on the machine can pass
# for them.  DTRACE chooses the dtrace (tests/dtrace-env.sh); without one
# that works, this fails, saying why.

[ $# -ge 1 ] || { echo "usage: dtrace-run.sh BINARY [NAME ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
shift
[ $# -gt 0 ] || set -- syscall io proc offcpu profile

if ! dt_find; then
	echo "dtrace-run: $dt_why" >&2
	exit 1
fi

dir=build/dtrace/run
rm -rf "$dir"
mkdir -p "$dir"
# program NAME: the file NAME runs from PATH (true is also a shell builtin)
program() {
	(IFS=:
	for d in $PATH; do
		[ -f "$d/$1" ] && [ -x "$d/$1" ] && { echo "$d/$1"; exit 0; }
	done
	exit 1)
}
for p in dd:mdwork true:mdtrue sleep:mdsleep; do
	if ! src=$(program "${p%%:*}"); then
		echo "dtrace-run: no ${p%%:*} on PATH" >&2
		exit 1
	fi
	cp "$src" "$dir/${p#*:}"
done
# Direct reads of a file of its own go to the disk, not the page cache.
dd if=/dev/urandom of="$dir/blob" bs=1024k count=16 2> /dev/null
sync

# workload NAME: one round of the workload for that metric
workload() {
	case $1 in
	syscall)
		"$dir/mdwork" if=/dev/zero of=/dev/null bs=1 count=2000 \
		    2> /dev/null ;;
	io)
		"$dir/mdwork" if="$dir/blob" of=/dev/null bs=4k count=16 \
		    skip=$((round * 16 % 4000)) iflag=direct 2> /dev/null
		sleep 0.05 ;;
	proc)
		"$dir/mdtrue"
		sleep 0.05 ;;
	offcpu)
		"$dir/mdsleep" 0.05 ;;
	profile)
		"$dir/mdwork" if=/dev/zero of=/dev/null bs=1024k count=200 \
		    2> /dev/null ;;
	esac
}

# shows NAME PROGRAM FILE: does FILE hold PROGRAM as the first column of a
# line that ends with a count above zero, or PROGRAM alone on a line
# followed by a distribution with a count above zero?
shows() {
	awk -v p="$2" '
	    $1 == p && NF > 1 && $NF ~ /^[0-9]+$/ && $NF > 0 { ok = 1 }
	    $1 == p && NF == 1 { dist = 1; next }
	    dist && /\|/ && $NF ~ /^[0-9]+$/ && $NF > 0 { ok = 1 }
	    /^ *$/ { dist = 0 }
	    END { exit !ok }' "$3"
}

for name in "$@"; do
	metric=examples/linux/$name.json
	case $name in
	syscall) args="-s execname"; prog=mdwork ;;
	io) args="-s execname -n latency"; prog=mdwork ;;
	proc) args="-s execname -s parent"; prog=mdtrue ;;
	offcpu) args="-s execname -n offcpu"; prog=mdsleep ;;
	profile) args="-s execname"; prog=mdwork ;;
	*) echo "dtrace-run: no metric $name" >&2; exit 2 ;;
	esac
	# shellcheck disable=SC2086 # args are words
	if ! "$bin" -x quiet -T 4s $args "$metric" > "$dir/$name.d"; then
		ok 1 "$name: meta-d failed"
		continue
	fi

	t0=$(date +%s)
	timeout -k 10 120 build/dtrace/dt -s "$dir/$name.d" \
	    > "$dir/$name.out" 2> "$dir/$name.err" &
	dtpid=$!
	round=0
	while kill -0 "$dtpid" 2> /dev/null; do
		workload "$name"
		round=$((round + 1))
	done
	wait "$dtpid"
	status=$?
	secs=$(($(date +%s) - t0))

	if [ "$status" -ne 0 ]; then
		ok 1 "$name: dtrace exited with $status after $secs s" \
		    "(124: it did not end by itself)"
		sed 's/^/    /' "$dir/$name.err" | head -10
		continue
	fi
	if shows "$name" "$prog" "$dir/$name.out"; then
		ok 0 "$name"
		echo "dtrace-run: $name: meta-d $args -x quiet -T 4s:" \
		    "$prog counted, $round rounds of the workload, $secs s"
	else
		ok 1 "$name: dtrace's output does not show $prog"
		echo "    meta-d -x quiet -T 4s $args $metric"
		sed 's/^/    | /' "$dir/$name.out" | head -40
	fi
done
summary dtrace-run

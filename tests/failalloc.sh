#!/bin/sh
#
# Allocation-failure test.  For each case (a directory of tests/golden),
# run the allocation-failure build of meta-d once to count its
# allocations, T, then T more times, making allocation 1, 2, ... T fail in
# turn.  Each run must either print what the first run printed, or exit 1
# with a "meta-d: " message and nothing on standard output; never crash,
# leak (LeakSanitizer) or do anything undefined (UBSan).
#
#	sh tests/failalloc.sh build/failalloc/meta-d [CASE ...]

[ $# -ge 1 ] || { echo "usage: failalloc.sh BINARY [CASE ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
shift

if [ $# -eq 0 ]; then
	set -- syscall-count syscall-predicate-numbers syscall-predicate-escapes \
	    syscall-stdin-dash node-http-method-latency node-http-two-zones \
	    node-http-predicate fs-ops-fstype-latency fs-ops-predicate \
	    arrays-cputime error-never-cleaned error-duplicate-key \
	    error-verify-out-of-range error-json-syntax error-invalid-predicate \
	    json-per-zone json-decomposition interval-long-per-zone \
	    options-after-zone-pragma list-fields output-dir \
	    error-predicate-kind-string error-unresolved-transform \
	    internal-listed-twice list-metrics metric-by-name quiet-option \
	    warn-misplaced-keys heatmap-keys-summed heatmap-key heatmap-lquantize \
	    heatmap-error-line flame-keyed flame-error-line
fi

# Metrics named without a path are the project's examples, not what
# is installed.
METAD_PATH=examples
export METAD_PATH

ASAN_OPTIONS=detect_leaks=1:exitcode=99
UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
export ASAN_OPTIONS UBSAN_OPTIONS

out=tests/out/failalloc
rm -rf "$out"
mkdir -p "$out"
: > "$out/messages"
total=0

# run N DIR: run the case in DIR with allocation N failing; its output
# goes to $out/run.stdout and $out/run.stderr.  Sets status.
run() {
	run_case "$2" "$out/run" env MD_FAILALLOC="$1" \
	    MD_FAILALLOC_COUNT="$out/count" "$bin"
}

for name in "$@"; do
	dir=tests/golden/$name
	[ -d "$dir" ] || { echo "no case $name" >&2; exit 2; }

	rm -f "$out/count"
	run 0 "$dir"
	refstatus=$status
	cp "$out/run.stdout" "$out/ref.stdout"
	cp "$out/run.stderr" "$out/ref.stderr"
	if [ "$refstatus" -gt 2 ] || grep -q Sanitizer "$out/run.stderr"; then
		echo "FAIL $name: exit status $refstatus with no failure"
		sed 's/^/    /' "$out/run.stderr" | head -20
		fail=$((fail + 1))
		continue
	fi
	count=$(cat "$out/count" 2> /dev/null)
	case $count in
	'' | *[!0-9]* | 0)
		echo "FAIL $name: no count of allocations" \
		    "(is $bin built with tests/failalloc.c?)"
		fail=$((fail + 1))
		continue
		;;
	esac
	survived=0
	failed=0

	n=1
	while [ "$n" -le "$count" ]; do
		run "$n" "$dir"
		first=$(head -n 1 "$out/run.stderr")
		if grep -q -e Sanitizer -e "runtime error" "$out/run.stderr"; then
			why="a sanitizer reported an error"
		elif [ "$status" -eq "$refstatus" ] &&
		    cmp -s "$out/run.stdout" "$out/ref.stdout" &&
		    cmp -s "$out/run.stderr" "$out/ref.stderr"; then
			why=
			survived=$((survived + 1))
		elif [ "$status" -eq 1 ] && [ ! -s "$out/run.stdout" ] &&
		    [ "${first#meta-d: }" != "$first" ]; then
			why=
			failed=$((failed + 1))
			echo "$first" >> "$out/messages"
		else
			why="exit status $status"
			[ -s "$out/run.stdout" ] && why="$why, output written"
		fi
		if [ -n "$why" ]; then
			echo "FAIL $name, allocation $n of $count: $why"
			sed 's/^/    /' "$out/run.stderr" | head -20
			fail=$((fail + 1))
		fi
		n=$((n + 1))
	done
	total=$((total + count))
	echo "failalloc: $name: $count allocations, each failed in turn:" \
	    "$failed runs stopped with a message, $survived recovered"
done

echo "failalloc: the messages of the runs that stopped:"
sort "$out/messages" | uniq -c | sort -rn | sed 's/^/    /'
echo "failalloc: $total runs, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
#
# Golden tests of the meta-d command line.
#
#	sh tests/golden.sh ./meta-d [CASE ...]
#
# Each directory tests/golden/CASE holds one case:
#
#	args	the arguments, one per line (paths relative to the top of
#		the project, where meta-d runs); an empty file for none
#	stdin	standard input (optional; without it, /dev/null)
#	status	the expected exit status
#	stdout	the expected standard output, byte for byte; @HOSTNAME@
#		stands for this machine's name (uname -n)
#	stderr	the expected standard error, whole: an extra line is a
#		difference (optional; without it, standard error must be
#		empty)
#
# METAD_PATH is examples/, so that a metric named without a path is an
# example of the project.
#
# With VALGRIND set (e.g. "valgrind -q --error-exitcode=99
# --leak-check=full"), meta-d runs under it: any error it reports changes
# the exit status or standard error, and the case fails.
#
# With JOBS=N, the cases are dealt out to N shells running side by side
# (case i to shell i mod N); the summary counts them all.

[ $# -ge 1 ] || { echo "usage: golden.sh BINARY [CASE ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
shift

# Metrics named without a path are the project's examples, not what
# is installed.
METAD_PATH=examples
export METAD_PATH

host=$(uname -n | sed 's/[\\/&]/\\&/g')
out=tests/out
jobs=${JOBS:-1}
shard=${GOLDEN_SHARD:-}

if [ -z "$shard" ]; then
	rm -rf "$out"
	mkdir -p "$out"
fi
if [ -z "$shard" ] && [ "$jobs" -gt 1 ]; then
	i=0
	while [ "$i" -lt "$jobs" ]; do
		GOLDEN_SHARD=$i sh "$0" "$bin" ${1+"$@"} > "$out/shard$i.log" &
		i=$((i + 1))
	done
	wait
	i=0
	while [ "$i" -lt "$jobs" ]; do
		grep -v '^golden: ' "$out/shard$i.log"
		set -- $(sed -n 's/^golden: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' \
		    "$out/shard$i.log")
		[ $# -eq 2 ] || { echo "golden: shard $i did not finish"; fail=$((fail + 1)); }
		pass=$((pass + ${1:-0}))
		fail=$((fail + ${2:-0}))
		i=$((i + 1))
	done
	echo "golden: $pass passed, $fail failed ($jobs at a time)"
	[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
	exit
fi

selected() {
	[ $# -le 1 ] && return 0
	want=$1
	shift
	for c in "$@"; do
		[ "$c" = "$want" ] && return 0
	done
	return 1
}

# check_case DIR: run one case and compare; its files go to $out/NAME.*
check_case() {
	dir=$1
	name=$(basename "$dir")
	o=$out/$name
	# shellcheck disable=SC2086 # VALGRIND is a command and its options
	run_case "$dir" "$o" ${VALGRIND:-} "$bin"

	problems=
	want=$(cat "$dir/status")
	[ "$status" = "$want" ] ||
	    problems="$problems exit status $status, expected $want;"
	sed "s/@HOSTNAME@/$host/g" "$dir/stdout" > "$o.want"
	cmp -s "$o.want" "$o.stdout" || problems="$problems stdout differs;"
	if [ -f "$dir/stderr" ]; then
		cmp -s "$dir/stderr" "$o.stderr" ||
		    problems="$problems stderr differs;"
	elif [ -s "$o.stderr" ]; then
		problems="$problems unexpected stderr;"
	fi

	if [ -z "$problems" ]; then
		pass=$((pass + 1))
		return
	fi
	fail=$((fail + 1))
	echo "FAIL $name:$problems"
	diff -u "$o.want" "$o.stdout" | sed 's/^/    /' | head -40
	if [ -f "$dir/stderr" ]; then
		diff -u "$dir/stderr" "$o.stderr" | sed 's/^/    /'
	else
		sed 's/^/    stderr: /' "$o.stderr" | head -10
	fi
}

n=0
for dir in tests/golden/*/; do
	dir=${dir%/}
	n=$((n + 1))
	[ -z "$shard" ] || [ $((n % jobs)) -eq "$shard" ] || continue
	selected "$(basename "$dir")" ${1+"$@"} && check_case "$dir"
done

echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

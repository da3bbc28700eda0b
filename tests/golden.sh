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
#	stderr	the first lines of the expected standard error (optional;
#		without it, standard error must be empty)
#
# With VALGRIND set (e.g. "valgrind -q --error-exitcode=99
# --leak-check=full"), meta-d runs under it: any error it reports changes
# the exit status or standard error, and the case fails.

[ $# -ge 1 ] || { echo "usage: golden.sh BINARY [CASE ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
shift

host=$(uname -n | sed 's/[\\/&]/\\&/g')
out=tests/out
rm -rf "$out"
mkdir -p "$out"

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
		head -n "$(wc -l < "$dir/stderr")" "$o.stderr" > "$o.errhead"
		cmp -s "$dir/stderr" "$o.errhead" ||
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
		diff -u "$dir/stderr" "$o.errhead" | sed 's/^/    /'
	else
		sed 's/^/    stderr: /' "$o.stderr" | head -10
	fi
}

for dir in tests/golden/*/; do
	dir=${dir%/}
	selected "$(basename "$dir")" ${1+"$@"} && check_case "$dir"
done

echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

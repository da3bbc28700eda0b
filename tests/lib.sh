# shellcheck shell=sh disable=SC2034 # bin and status are for the sourcing script
# tests/lib.sh: what the shell tests share.  Source it first thing,
#
#	. "$(dirname "$0")/lib.sh"
#
# which sets bin to the absolute name of the script's first argument (the
# meta-d to test) and goes to the top of the project; then call
# "ok STATUS WHAT" for each check (STATUS 0: passed) and, last,
# "summary NAME", which prints the counts and fails if any check did.
# run_case runs one golden case.

set -u

# A sourced file sees the caller's arguments: resolve before the cd.
case ${1-} in
/*) bin=$1 ;;
'') bin= ;;
*) bin=$(pwd)/$1 ;;
esac
cd "$(dirname "$0")/.." || exit 2

pass=0
fail=0

ok() {
	if [ "$1" -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $2"
	fi
}

# await FILE: until FILE is there and holds something (meta-d --run's
# first line: tracing has begun), 60 s at most.  Remove FILE before the
# command that makes it starts: its shell truncates it only when it runs.  A workload started then
# is traced whole however long the compile took (a loaded machine, the
# sanitizers).
await() {
	_n=0
	while [ ! -s "$1" ] && [ $_n -lt 600 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
}

# unpriv COMMAND...: run COMMAND as a user who is not root: as it is when
# this is not root, else as nobody (setpriv, or su).  What it touches must
# be open to that user.  Returns 125 if there is no way to switch.
unpriv() {
	if [ "$(id -u)" -ne 0 ]; then
		"$@"
	elif command -v setpriv > /dev/null 2>&1; then
		setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" \
		    --clear-groups "$@"
	elif command -v su > /dev/null 2>&1; then
		su nobody -s /bin/sh -c '"$@"' unpriv "$@"
	else
		return 125
	fi
}

# port: a port on 127.0.0.1 nothing listens on (python3), for the
# servers a test starts there
port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# need NAME COMMAND...: each COMMAND is on PATH, or NAME (the test) says
# which is not, and how to get it, and exits 1
need() {
	_need=$1
	shift
	for _c in "$@"; do
		command -v "$_c" > /dev/null 2>&1 || {
			echo "$_need: no $_c: make check-run installs it (sh mk/deps.sh install prometheus)" >&2
			exit 1
		}
	done
}

# node_exporter DIR LOG: a node exporter on 127.0.0.1 serving DIR's
# *.prom files, its port in np, its pid added to pids (which the test
# kills at its end)
node_exporter() {
	np=$(port)
	prometheus-node-exporter --web.listen-address="127.0.0.1:$np" \
	    --collector.disable-defaults --collector.textfile \
	    --collector.textfile.directory="$1" > "$2" 2>&1 &
	pids="$pids $!"
}

# preload LIB BIN: LD_PRELOAD's value to load LIB into BIN: after the
# AddressSanitizer runtime where BIN is linked with it as a shared library
# (gcc's, make SANITIZE=1), which must come first
preload() {
	pl_asan=$(ldd "$2" 2> /dev/null | awk '/libasan/ { print $3; exit }')
	echo "${pl_asan:+$pl_asan }$1"
}

# asan_built BIN: is BIN built with AddressSanitizer (make SANITIZE=1,
# make check-sanitize)?
asan_built() {
	nm "$1" 2> /dev/null | grep -q __asan_init
}

# san_env BIN: where BIN is built with AddressSanitizer, libdtrace's own
# leaks set aside (tests/lsan.supp), as run.sh SAN=1 does
san_env() {
	asan_built "$1" || return 0
	LSAN_OPTIONS=suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0
	export LSAN_OPTIONS
}

# run_case DIR OUT COMMAND...: run the golden case in DIR (tests/golden/*)
# as COMMAND followed by the case's arguments, with its stdin; standard
# output and error go to OUT.stdout and OUT.stderr.  Sets status.
run_case() {
	rc_dir=$1
	rc_out=$2
	shift 2
	while IFS= read -r a || [ -n "$a" ]; do
		set -- "$@" "$a"
	done < "$rc_dir/args"
	rc_in=/dev/null
	[ -f "$rc_dir/stdin" ] && rc_in=$rc_dir/stdin
	"$@" < "$rc_in" > "$rc_out.stdout" 2> "$rc_out.stderr"
	status=$?
}

summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

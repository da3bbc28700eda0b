# shellcheck shell=sh disable=SC2034 # lt_ and tmp are the caller's
# tests/library/lib.sh: what each subject's test of the Linux metric
# library (tests/library.sh) shares.  Source it first thing in
# tests/library/SUBJECT.sh:
#
#	. "$(dirname "$0")/lib.sh"
#
# which sets bin (the script's first argument, the meta-d to test), goes
# to the top of the project, loads libdtrace's environment, makes $tmp
# (removed at the end, KEEP=1 keeps it) and stops, at the end, whatever
# the functions below started.  Then:
#
#	lt_build NAME	the workload tests/library/NAME.c built into
#			$tmp/mdNAME (execname mdNAME: no other program has it)
#	lt_start OUT ARGS...	meta-d --run -i 1s ARGS into $tmp/OUT.jsonl
#			(stderr $tmp/OUT.err), returning once the first
#			interval is out: tracing has begun
#	lt_bpf OUT PROGRAM	bpftrace -e PROGRAM into $tmp/OUT.bpf,
#			returning once its probes are attached
#	lt_stop OUT	once two more intervals are out (the workload's last
#			events are in a printed one), bpftrace stopped (its
#			maps printed) and meta-d stopped by SIGINT: an ok
#			that meta-d ended with status 0
#	lt_v ARGS...	tests/library/values.py ARGS (sum, keys, dist, bpf:
#			its head says what each prints)
#	lt_eq WHAT GOT WANT	an ok that GOT is WANT ("SUBJECT: WHAT: GOT,
#			not WANT" if not; SUBJECT is the script's name)
#	lt_top OUT KEY ARGS...	  --top, appended (not a terminal), for 3 s:
#			a view's row names KEY with a count above 0
#	lt_prom OUT KEY ARGS...	  --run --prometheus for 3 s: promtool
#			accepts the file, and a series labelled KEY is above 0
#	lt_heatmap OUT ARGS...	  --run -n ... for 3 s piped into
#			--heatmap: well-formed XML (xmllint), a cell of a count
#			above 0
#
# ARGS end with the metric (examples/linux/NAME.json).  Use them while a
# workload of the test's runs (in the background for lt_top, lt_prom and
# lt_heatmap, killed after).  Each call is bounded in time.

# tests/lib.sh goes to "$(dirname "$0")/..", tests/ for a script of
# tests/library: one more step up is the top of the project.
. "$(dirname "$0")/../lib.sh"
cd .. || exit 2
. tests/dtrace-env.sh
dt_find || { echo "library: $dt_why" >&2; exit 1; }
set -a
. build/dtrace/env
set +a

tmp=$(mktemp -d)
chmod 755 "$tmp"
lt_pids=
lt_mpid=
lt_bpid=
trap 'for p in $lt_pids; do kill -9 "$p" 2> /dev/null; done
[ -n "${KEEP:-}" ] && echo "kept: $tmp" || rm -rf "$tmp"' EXIT

lt_build() {
	${CC:-cc} -O1 -g -fno-omit-frame-pointer -o "$tmp/md$1" \
	    "tests/library/$1.c" -lpthread
	ok $? "$1: cannot build tests/library/$1.c"
}

# lt_lines FILE: how many lines FILE has (0 when there is none)
lt_lines() {
	if [ -f "$1" ]; then wc -l < "$1" | tr -d ' '; else echo 0; fi
}

lt_start() {
	lt_out=$1
	shift
	rm -f "$tmp/$lt_out.jsonl"
	"$bin" --run -i 1s -T 120s "$@" > "$tmp/$lt_out.jsonl" \
	    2> "$tmp/$lt_out.err" &
	lt_mpid=$!
	lt_pids="$lt_pids $lt_mpid"
	await "$tmp/$lt_out.jsonl"
	[ -s "$tmp/$lt_out.jsonl" ]
	ok $? "$lt_out: meta-d --run $*: no interval in 60 s: $(head -3 "$tmp/$lt_out.err")"
}

lt_bpf() {
	rm -f "$tmp/$1.bpf"
	bpftrace -e "$2" > "$tmp/$1.bpf" 2> "$tmp/$1.bpferr" &
	lt_bpid=$!
	lt_pids="$lt_pids $lt_bpid"
	_n=0
	while ! grep -q '^Attaching' "$tmp/$1.bpf" 2> /dev/null &&
	    kill -0 "$lt_bpid" 2> /dev/null && [ $_n -lt 300 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	grep -q '^Attaching' "$tmp/$1.bpf" 2> /dev/null
	ok $? "$1: bpftrace did not attach: $(head -3 "$tmp/$1.bpferr")"
	sleep 0.2
}

# lt_end PID SIG [ERR]: PID sent SIG and waited for (10 s, then SIG
# again, 30 s in all, then killed); sent SIG again at once when meta-d
# says in ERR that its values are out and it waits for the kernel to let
# its probes go (a signal ends it then).  Its status in lt_st.
lt_end() {
	kill -"$2" "$1" 2> /dev/null
	_n=0
	while kill -0 "$1" 2> /dev/null && [ $_n -lt 300 ]; do
		if [ $_n -eq 100 ] || { [ -n "${3:-}" ] &&
		    grep -q 'a signal ends meta-d now' "$3" 2> /dev/null; }; then
			kill -"$2" "$1" 2> /dev/null
		fi
		sleep 0.1
		_n=$((_n + 1))
	done
	kill -9 "$1" 2> /dev/null
	wait "$1"
	lt_st=$?
}

# lt_bounded OUT ERR COMMAND...: COMMAND (a meta-d that ends by itself,
# -T) run with its output to OUT and ERR, ended by SIGINT once its values
# are out and it only waits for the kernel, or after 60 s; its status in
# lt_st
lt_bounded() {
	_o=$1
	_e=$2
	shift 2
	"$@" > "$_o" 2> "$_e" &
	_p=$!
	lt_pids="$lt_pids $_p"
	_n=0
	while kill -0 "$_p" 2> /dev/null && [ $_n -lt 600 ] &&
	    ! grep -q 'a signal ends meta-d now' "$_e" 2> /dev/null; do
		sleep 0.1
		_n=$((_n + 1))
	done
	lt_end "$_p" INT "$_e"
}

lt_stop() {
	_want=$(($(lt_lines "$tmp/$1.jsonl") + 2))
	_n=0
	while [ "$(lt_lines "$tmp/$1.jsonl")" -lt $_want ] && [ $_n -lt 300 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	if [ -n "$lt_bpid" ]; then
		lt_end "$lt_bpid" INT
		lt_bpid=
	fi
	lt_end "$lt_mpid" INT "$tmp/$1.err"
	ok "$lt_st" "$1: meta-d --run ended with status $lt_st: $(head -3 "$tmp/$1.err")"
}

lt_v() {
	python3 tests/library/values.py "$@"
}

lt_eq() {
	[ "$2" = "$3" ]
	ok $? "$(basename "$0" .sh): $1: $2, not $3"
}

lt_top() {
	_out=$1
	_key=$2
	shift 2
	lt_bounded "$tmp/$_out.top" "$tmp/$_out.toperr" \
	    "$bin" --top -i 1s -T 3s "$@"
	ok $lt_st "$_out: --top $*: $(head -3 "$tmp/$_out.toperr")"
	lt_v top "$tmp/$_out.top" "$_key" > /dev/null
	ok $? "$_out: --top $*: no row of $_key with a count: $(head -5 "$tmp/$_out.top")"
}

lt_prom() {
	_out=$1
	_key=$2
	shift 2
	lt_bounded /dev/null "$tmp/$_out.promerr" \
	    "$bin" --run --prometheus "$tmp/$_out.prom" -i 1s -T 3s "$@"
	ok $lt_st "$_out: --prometheus $*: $(head -3 "$tmp/$_out.promerr")"
	promtool check metrics < "$tmp/$_out.prom" > "$tmp/$_out.promtool" 2>&1
	ok $? "$_out: promtool check metrics: $(head -3 "$tmp/$_out.promtool")"
	lt_v prom "$tmp/$_out.prom" "$_key" > /dev/null
	ok $? "$_out: --prometheus $*: no series labelled $_key above 0: $(grep -v '^#' "$tmp/$_out.prom" | head -3)"
}

lt_heatmap() {
	_out=$1
	shift
	lt_bounded "$tmp/$_out.hm.jsonl" "$tmp/$_out.hmerr" \
	    "$bin" --run -i 1s -T 3s "$@"
	ok $lt_st "$_out: --run $*: $(head -3 "$tmp/$_out.hmerr")"
	"$bin" --heatmap "$tmp/$_out.hm.jsonl" > "$tmp/$_out.svg" \
	    2>> "$tmp/$_out.hmerr"
	ok $? "$_out: --heatmap: $(tail -3 "$tmp/$_out.hmerr")"
	xmllint --noout "$tmp/$_out.svg" 2>> "$tmp/$_out.hmerr"
	ok $? "$_out: the heat map is not well-formed XML"
	lt_v svg "$tmp/$_out.svg" > /dev/null
	ok $? "$_out: the heat map has no cell of a count above 0"
}

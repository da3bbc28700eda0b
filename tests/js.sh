#!/bin/sh
#
# JavaScript metrics: each .js example prints exactly what its .json twin
# prints, for several argument sets, also through --to-json; and metrics
# that loop or eat memory end within their limits with status 1 and a
# message.  (The fast cases, sprintf and the sandbox, are golden tests.)
#
#	sh tests/js.sh ./meta-d [SHORT MS]
#
# The case that waits out the limit in all (30 s) runs SHORT instead, a
# meta-d built with a limit of MS milliseconds (make js builds
# build/jstest/meta-d for it); ./meta-d's limit is checked in its
# messages.

# SHORT, resolved before lib.sh leaves for the top of the project, and its
# limit as meta-d says it (%g of the seconds); without it, ./meta-d's 30 s
case ${2-} in
'') sbin= ; wall=30 ;;
/*) sbin=$2 ;;
*) sbin=$(pwd)/$2 ;;
esac
[ -z "${2-}" ] || wall=$(awk -v ms="${3:?SHORT needs its MS}" \
    'BEGIN { printf "%g", ms / 1000 }')
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sbin=${sbin:-$bin}

# twins: the same scripts, for each argument set (one per line)
for ex in syscall-ops node-http fs-ops linux/io; do
	fields=$("$bin" --list-fields "examples/$ex.json" | awk '{ print $1 }')
	f1=$(echo "$fields" | sed -n 2p)
	f2=$(echo "$fields" | tail -n 1)
	while IFS= read -r args; do
		# shellcheck disable=SC2086
		"$bin" $args "examples/$ex.js" > "$tmp/js" 2>&1
		s1=$?
		# shellcheck disable=SC2086
		"$bin" $args "examples/$ex.json" > "$tmp/json" 2>&1
		s2=$?
		[ "$s1" -eq "$s2" ] && cmp -s "$tmp/js" "$tmp/json"
		ok $? "$ex.js and $ex.json differ with: $args"
	done <<ARGS

-s $f1
-n $f2
-s $f1 -n $f2
-s hostname -z a -z b
-p {"ne":["$f1","x\\"y"]}
--json -s $f1
-x quiet -i 1s
--list-fields
ARGS
	# --to-json, then the description as JSON on stdin
	"$bin" --to-json "examples/$ex.js" > "$tmp/desc.json"
	ok $? "--to-json examples/$ex.js"
	"$bin" -s "$f1" -n "$f2" - < "$tmp/desc.json" > "$tmp/a"
	"$bin" -s "$f1" -n "$f2" "examples/$ex.json" > "$tmp/b"
	cmp -s "$tmp/a" "$tmp/b"
	ok $? "--to-json examples/$ex.js gives the same scripts"
done

# run_js NAME SECONDS PATTERN: $tmp/NAME.js ends within SECONDS, with
# status 1, nothing on stdout and a message matching PATTERN
run_js() {
	start=$(date +%s)
	"$bin" "$tmp/$1.js" > "$tmp/out" 2> "$tmp/err"
	status=$?
	took=$(($(date +%s) - start))
	[ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$took" -le "$2" ] &&
	    grep -q "^meta-d: processing \".*$1.js\": $3" "$tmp/err"
	ok $? "$1: status $status after ${took}s: $(cat "$tmp/err")"
}

printf 'for (;;) {}\n' > "$tmp/loop.js"

# The wall-clock limit holds for a child that uses no CPU (stopped, here):
# it runs in the background while the others do, with SHORT's limit.
if command -v pgrep > /dev/null 2>&1; then
	(
		mkdir "$tmp/stop"
		start=$(date +%s)
		"$sbin" "$tmp/loop.js" > "$tmp/stop/out" 2> "$tmp/stop/err" &
		pid=$!
		child=
		while [ -z "$child" ] && kill -0 "$pid" 2> /dev/null; do
			child=$(pgrep -P "$pid")
		done
		kill -STOP "$child"
		wait "$pid"
		echo "$? $(($(date +%s) - start))" > "$tmp/stop/status"
	) &
	stopper=$!
else
	echo "js: a stopped child: skipped: no pgrep (make deps installs" \
	    "procps, which has it)"
	stopper=
fi

# A core of the CPU limit's SIGXCPU is not left where meta-d runs.
mkdir "$tmp/cores"
(cd "$tmp/cores" && ulimit -c unlimited 2> /dev/null; "$bin" ../loop.js) \
    > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 1 ] && [ -z "$(ls "$tmp/cores")" ] &&
    grep -qx "meta-d: processing \"../loop.js\": JavaScript ran longer than its limit of 5 s of CPU" "$tmp/err"
ok $? "the CPU limit: status $status, $(cat "$tmp/err"), left: $(ls "$tmp/cores")"

# Killed from outside, before any limit: said so.
if command -v pgrep > /dev/null 2>&1; then
	"$bin" "$tmp/loop.js" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	child=
	while [ -z "$child" ] && kill -0 "$pid" 2> /dev/null; do
		child=$(pgrep -P "$pid")
	done
	sleep 0.5
	kill -KILL "$child"
	wait "$pid"
	status=$?
	[ "$status" -eq 1 ] && grep -q "^meta-d: processing \".*loop.js\": JavaScript evaluation was killed by signal 9 (Killed), before any limit (.* s of CPU of 5, and 30 s in all)$" "$tmp/err"
	ok $? "killed from outside: status $status: $(cat "$tmp/err")"
fi

# Started with SIGCHLD ignored, the child's status is still read.
if command -v perl > /dev/null 2>&1; then
	perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' ${VALGRIND:-} "$bin" \
	    -s execname examples/syscall-ops.js > "$tmp/out" 2> "$tmp/err"
	status=$?
	"$bin" -s execname examples/syscall-ops.json > "$tmp/want"
	[ "$status" -eq 0 ] && cmp -s "$tmp/out" "$tmp/want" && [ ! -s "$tmp/err" ]
	ok $? "SIGCHLD ignored: status $status: $(cat "$tmp/err")"
	# ignored, the system reaps the child and waitpid() fails: the
	# status it would leave unset is read only when it was set, which
	# strace shows (valgrind handles SIGCHLD itself, and cannot)
	if command -v strace > /dev/null 2>&1; then
		perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' strace -f -qq \
		    -e trace=wait4,waitid -o "$tmp/trace" "$bin" \
		    examples/syscall-ops.js > /dev/null 2>&1
		grep -q 'wait4(.*= [0-9]' "$tmp/trace" &&
		    ! grep -q ECHILD "$tmp/trace"
		ok $? "SIGCHLD ignored: the child's status is waited for: $(cat "$tmp/trace")"
	fi
fi

# Characters past U+FFFF come back from Duktape as UTF-8.
printf '%s\n' 'register({ fields: ["a\ud83d\ude00"], metad: { probedesc: [{' \
    'probes: ["BEGIN"], aggregate: { default: "count()",' \
    '"a\ud83d\ude00": "count()" }, transforms: {' \
    '"a\ud83d\ude00": "\"x\u00e9\ud83d\ude00\"" } }] } });' > "$tmp/emoji.js"
"$bin" --to-json "$tmp/emoji.js" > "$tmp/emoji.json"
status=$?
[ "$status" -eq 0 ] && grep -q "a$(printf '\360\237\230\200')" "$tmp/emoji.json"
ok $? "--to-json past U+FFFF: status $status: $(cat "$tmp/emoji.json")"
"$bin" -s "a$(printf '\360\237\230\200')" "$tmp/emoji.js" > "$tmp/a" 2>&1
"$bin" -s "a$(printf '\360\237\230\200')" "$tmp/emoji.json" > "$tmp/b" 2>&1
cmp -s "$tmp/a" "$tmp/b" && grep -q "$(printf 'x\303\251\360\237\230\200')" "$tmp/a"
ok $? "past U+FFFF, .js prints what .json does: $(cat "$tmp/a")"

# A description past 64 MiB, the limit of a metric, is refused: one string
# of 33 MiB twice, so that the heap holds it once.
printf '%s\n%s\n%s\n' 'var s = "x";' \
    'while (s.length < 32 * 1024 * 1024) s = s + s;' \
    's = s + s.substring(0, 1024 * 1024);' \
    'register({ fields: [], a: s, b: s, metad: { probedesc: [] } });' \
    > "$tmp/huge.js"
"$bin" --to-json "$tmp/huge.js" > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "its description is larger than the limit of 64 MiB" "$tmp/err"
ok $? "a 64 MiB description: status $status, $(wc -c < "$tmp/out") bytes out: $(cat "$tmp/err")"

printf 'var s = "x";\nfor (;;) s = s + s;\n' > "$tmp/bomb.js"
run_js bomb 31 "Error: alloc failed (line 2): JavaScript may use 256 MiB"
printf 'var a = [];\nfor (;;) a.push(new ArrayBuffer(1 << 20));\n' \
    > "$tmp/buffers.js"
run_js buffers 31 "Error: alloc failed (line 2): JavaScript may use 256 MiB"
# Many small objects: which limit comes first depends on the machine.
printf 'var a = [];\nfor (var i = 0;; i++) a.push({ i: i, s: "x" + i });\n' \
    > "$tmp/objects.js"
run_js objects 31 \
    "\\(Error: alloc failed .*JavaScript may use 256 MiB\\|JavaScript ran longer\\)"

if [ -n "$stopper" ]; then
	wait "$stopper"
	read -r status took < "$tmp/stop/status"
	w=${wall%.*}
	[ "$status" -eq 1 ] && [ "$took" -ge $((w - 1)) ] &&
	    [ "$took" -le $((w + 10)) ] &&
	    grep -qx "meta-d: processing \".*loop.js\": JavaScript ran longer than its limit of $wall s in all, and was stopped" "$tmp/stop/err"
	ok $? "a stopped child is killed at $wall s: status $status after ${took}s: $(cat "$tmp/stop/err")"
fi

summary js

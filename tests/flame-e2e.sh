#!/bin/sh
#
# End to end: linux/profile's kernel stacks traced for real by meta-d
# --run, piped into meta-d --flamegraph, as the README's recipe does:
#
#	meta-d --run -s execname -s kstack -T 3s examples/linux/profile.json |
#	    meta-d --flamegraph
#
# while a workload this test starts (a copy of dd named mdwork, reading a
# byte at a time) spends its time in system calls.  --run must end by
# itself with status 0 and a line an interval; the graph must be
# well-formed XML (xmllint), hold each frame of those lines as
# tests/flame.py works it out, and show mdwork above the root with
# kernel frames (vmlinux) above it.
#
#	sh tests/flame-e2e.sh ./meta-d
#
# As root, with a libdtrace --run can open (make check-run; alone, make
# flame-e2e).  It skips, saying why, where this is not root and where
# meta-d was built without libdtrace; not under CI (CI set), where it
# must run and fails instead.

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
wl=
trap '[ -n "$wl" ] && kill "$wl" 2> /dev/null; rm -rf "$tmp"' EXIT

# skip WHY: this machine cannot run the test; under CI, a failure
skip() {
	if [ -n "${CI:-}" ]; then
		echo "FAIL flame-e2e cannot run, and CI is set: $*"
		exit 1
	fi
	echo "flame-e2e: skipped: $*"
	exit 0
}

[ "$(id -u)" = 0 ] || skip "--run needs root, and this is uid $(id -u):" \
    "run make check-run as root"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "flame-e2e: $dt_why" >&2
	exit 1
fi
set -a
. build/dtrace/env
set +a

cp "$(command -v dd)" "$tmp/mdwork"
(while :; do "$tmp/mdwork" if=/dev/zero of=/dev/null bs=1 count=20000 \
    2> /dev/null; done) &
wl=$!

{ timeout 300 "$bin" --run -s execname -s kstack -T 3s \
    examples/linux/profile.json 2> "$tmp/run.err"; echo $? \
    > "$tmp/run.status"; } | tee "$tmp/run.jsonl" |
    timeout 300 "$bin" --flamegraph > "$tmp/run.svg" 2> "$tmp/flame.err"
flame=$?
kill "$wl" 2> /dev/null
wl=
run=$(cat "$tmp/run.status")

if [ "$run" -eq 2 ] && grep -qi 'libdtrace' "$tmp/run.err"; then
	skip "this meta-d was built without libdtrace: $(head -n 1 \
	    "$tmp/run.err")"
fi

[ "$run" -eq 0 ]
ok $? "--run -s execname -s kstack -T 3s linux/profile: status $run:" \
    "$(head -n 3 "$tmp/run.err")"
n=$(grep -c . "$tmp/run.jsonl")
[ "$n" -ge 3 ]
ok $? "--run printed a line an interval: $n"
[ "$flame" -eq 0 ] && [ -s "$tmp/run.svg" ]
ok $? "--flamegraph drew them: status $flame: $(cat "$tmp/flame.err")"
xmllint --noout "$tmp/run.svg"
ok $? "the SVG is well-formed XML (xmllint)"
out=$(python3 tests/flame.py boxes "$tmp/run.svg" "$tmp/run.jsonl")
ok $? "each frame of the lines is its box: $out"
grep -q '<g><title>mdwork (' "$tmp/run.svg" &&
    grep -q '<g class="k"><title>vmlinux`' "$tmp/run.svg"
ok $? "mdwork stands on the root, kernel frames (vmlinux) drawn as such"
echo "flame-e2e: $n lines of --run, $(grep -c '<title>' "$tmp/run.svg")" \
    "boxes"

summary flame-e2e

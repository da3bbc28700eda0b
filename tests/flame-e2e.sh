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

. tests/picture.sh

pic_e2e flame-e2e

# The recipe, while a workload makes system calls.
pic_pipe flame-e2e --flamegraph -s execname -s kstack -T 3s \
    examples/linux/profile.json
out=$(python3 tests/flame.py boxes "$tmp/run.svg" "$tmp/run.jsonl")
ok $? "each frame of the lines is its box: $out"
grep -q '<g><title>mdwork (' "$tmp/run.svg" &&
    grep -q '<g class="k"><title>vmlinux`' "$tmp/run.svg"
ok $? "mdwork stands on the root, kernel frames (vmlinux) drawn as such"
echo "flame-e2e: $n lines of --run, $(grep -c '<title>' "$tmp/run.svg")" \
    "boxes"

# --- the live form: SVGFILE kept current while --run traces; it must be
# what --flamegraph draws of the lines printed, titled from the metric
mkdir "$tmp/live"
cp "$(command -v dd)" "$tmp/mdwork"
(while :; do "$tmp/mdwork" if=/dev/zero of=/dev/null bs=1 count=20000 \
    2> /dev/null; done) &
wl=$!
timeout 60 "$bin" --run --flamegraph "$tmp/live/f.svg" -s execname \
    -s kstack -T 3s examples/linux/profile.json > "$tmp/live.jsonl" \
    2> "$tmp/live.err"
st=$?
kill "$wl" 2> /dev/null
wl=
[ "$st" -eq 0 ] && [ "$(grep -c . "$tmp/live.jsonl")" -ge 3 ]
ok $? "--run --flamegraph SVGFILE -s execname -s kstack -T 3s: status" \
    "$st, $(grep -c . "$tmp/live.jsonl") lines: $(head -n 3 "$tmp/live.err")"
"$bin" --flamegraph --title 'CPU profile: by execname, kstack' \
    "$tmp/live.jsonl" > "$tmp/again.svg" &&
    cmp -s "$tmp/again.svg" "$tmp/live/f.svg"
ok $? "the last SVGFILE is what --flamegraph draws of every line printed," \
    "titled from the metric's label and the -s fields"
left=$(ls -A "$tmp/live" | grep -v '^f.svg$')
[ -z "$left" ]
ok $? "nothing else left in SVGFILE's directory: $left"
for bad in "-n offcpu" "" "--heatmap $tmp/live/h.svg -n offcpu -s execname"; do
	# shellcheck disable=SC2086
	"$bin" --run --flamegraph "$tmp/live/x.svg" $bad -T 1s \
	    examples/linux/offcpu.json > /dev/null 2> "$tmp/use.err"
	st=$?
	[ "$st" -eq 2 ] && [ ! -e "$tmp/live/x.svg" ] &&
	    grep -q 'SVGFILE' "$tmp/use.err"
	ok $? "--run --flamegraph SVGFILE ${bad:-without -s}: status $st:" \
	    "$(head -n 1 "$tmp/use.err")"
done

summary flame-e2e

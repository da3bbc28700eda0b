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

summary flame-e2e

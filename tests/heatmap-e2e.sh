#!/bin/sh
#
# End to end: a Linux example traced for real by meta-d --run, piped
# into meta-d --heatmap, as the README's recipe does (without its
# predicate: here every call counts, those under 1 us too):
#
#	meta-d --run -n latency -T 3s examples/linux/syscall.json |
#	    meta-d --heatmap
#
# while a workload this test starts makes system calls.  --run must end by
# itself with status 0 and a line an interval; the heat map must be
# well-formed XML (xmllint), hold each count of those lines as a cell
# with its tooltip (tests/heatmap.py), and so at least one cell for every
# interval that had events, and there must have been such an interval.
#
#	sh tests/heatmap-e2e.sh ./meta-d
#
# As root, with a libdtrace --run can open (make check-run).  It skips,
# saying why, where this is not root and where meta-d was built without
# libdtrace (--run answers with status 2); not under CI (CI set), where
# it must run and fails instead.  Any other failure of --run fails it.

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
wl=
trap '[ -n "$wl" ] && kill "$wl" 2> /dev/null; rm -rf "$tmp"' EXIT

. tests/picture.sh

pic_e2e heatmap-e2e

# The recipe, while a workload makes system calls.
pic_pipe heatmap-e2e --heatmap -n latency -T 3s examples/linux/syscall.json
out=$(python3 tests/heatmap.py lines "$tmp/run.svg" "$tmp/run.jsonl")
ok $? "each count of the lines is a cell with its tooltip: $out"

# intervals with events, and the intervals the cells' tooltips name
python3 -c '
import json, re, sys
busy = sum(1 for l in open(sys.argv[1]) if l.strip() and
           json.loads(l)["value"])
times = set(re.findall(r"<title>(\S+) \[", open(sys.argv[2]).read()))
print(busy, len(times))' "$tmp/run.jsonl" "$tmp/run.svg" > "$tmp/count"
read -r busy drawn < "$tmp/count"
[ "$busy" -ge 1 ] && [ "$drawn" -eq "$busy" ]
ok $? "$busy intervals had events, $drawn have cells"
echo "heatmap-e2e: $n lines of --run, $busy with events, drawn as" \
    "$(grep -c '</title></rect>' "$tmp/run.svg") cells"

summary heatmap-e2e

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
# Then the live form, meta-d --run --heatmap SVGFILE on a metric of
# profile:::tick (a few events a second, whatever the machine does), read
# every 20 ms while it traces: SVGFILE is replaced at every interval's
# end, each version seen is a whole well-formed document (never part of
# one), the last holds every line --run printed, titled from the metric,
# and nothing else is left in its directory; --heatmap SVGFILE without -n,
# and a heat map's option with --run but no --heatmap, are usage errors.
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
times = set(re.findall(r"<title>(\S+) to ", open(sys.argv[2]).read()))
print(busy, len(times))' "$tmp/run.jsonl" "$tmp/run.svg" > "$tmp/count"
read -r busy drawn < "$tmp/count"
[ "$busy" -ge 1 ] && [ "$drawn" -eq "$busy" ]
ok $? "$busy intervals had events, $drawn have cells"
echo "heatmap-e2e: $n lines of --run, $busy with events, drawn as" \
    "$(grep -c '</title></rect>' "$tmp/run.svg") cells"

# --- the live form: SVGFILE kept current while --run traces
mkdir "$tmp/live"
cat > "$tmp/tick.json" <<'JSON'
{
  "label": "ticks",
  "units": { "v": "nanoseconds" },
  "fields": [ "v" ],
  "metad": { "probedesc": [ {
    "probes": [ "profile:::tick-100hz" ],
    "aggregate": { "default": "count()",
      "v": "llquantize($0, 10, 0, 6, 10)" },
    "transforms": { "v": "timestamp % 1000000" } } ] }
}
JSON
timeout 60 "$bin" --run --heatmap "$tmp/live/map.svg" --crop 0 -n v \
    -T 4s "$tmp/tick.json" > "$tmp/live.jsonl" 2> "$tmp/live.err" &
lp=$!
# every version seen, by content: whole and well-formed
seen=0 bad=
while kill -0 "$lp" 2> /dev/null; do
	if cp "$tmp/live/map.svg" "$tmp/snap.svg" 2> /dev/null &&
	    ! cmp -s "$tmp/snap.svg" "$tmp/last.svg"; then
		seen=$((seen + 1))
		xmllint --noout "$tmp/snap.svg" 2> /dev/null ||
		    bad="$bad version $seen ($(wc -c < "$tmp/snap.svg") bytes)"
		cp "$tmp/snap.svg" "$tmp/last.svg"
	fi
	sleep 0.02
done
wait "$lp"
st=$?
[ "$st" -eq 0 ]
ok $? "--run --heatmap SVGFILE -n v -T 4s: status $st: $(head -n 3 \
    "$tmp/live.err")"
n=$(grep -c . "$tmp/live.jsonl")
[ "$n" -ge 3 ] && [ "$seen" -ge 2 ] && [ -z "$bad" ]
ok $? "SVGFILE replaced as it traced: $seen versions seen of $n" \
    "intervals, each well-formed:${bad:- all}"
xmllint --noout "$tmp/live/map.svg" &&
    out=$(python3 tests/heatmap.py lines "$tmp/live/map.svg" \
    "$tmp/live.jsonl") && grep -q '>ticks: v (ns)</text>' \
    "$tmp/live/map.svg"
ok $? "the last SVGFILE: every line --run printed, titled from the" \
    "metric: $out"
left=$(ls -A "$tmp/live" | grep -v '^map.svg$')
[ -z "$left" ]
ok $? "nothing else left in SVGFILE's directory: $left"
"$bin" --run --heatmap "$tmp/live/x.svg" -T 1s "$tmp/tick.json" \
    > /dev/null 2> "$tmp/use.err"
st=$?
[ "$st" -eq 2 ] && grep -q 'give -n FIELD' "$tmp/use.err"
ok $? "--run --heatmap SVGFILE without -n: status $st: $(cat "$tmp/use.err")"
"$bin" --run --crop 1 -n v -T 1s "$tmp/tick.json" > /dev/null \
    2> "$tmp/use.err"
st=$?
[ "$st" -eq 2 ] && grep -q 'needs --heatmap SVGFILE' "$tmp/use.err"
ok $? "--run --crop without --heatmap: status $st: $(cat "$tmp/use.err")"

summary heatmap-e2e

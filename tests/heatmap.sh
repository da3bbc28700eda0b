#!/bin/sh
#
# meta-d --heatmap against the tools that read what it makes: the SVG is
# well-formed XML (xmllint), holds a cell with a tooltip for each count
# not 0 of lines written here, each with that count, bucket, time, share
# of its column and cumulative share (tests/heatmap.py, which reads the
# lines with Python's json, exact for 64-bit integers); the value axis's
# labels at their values' heights, 12 px apart or more, no leader line;
# the time ticks at round times; Oracle's llquantize row [-999, 999] a
# band at the bottom; the crop band counting the events above the 99.9th
# percentile; the p50 and p99 lines at the right buckets; a long input
# bounded; --key picks one key and no --key sums them; every prefix of a
# line is refused with status 1, the line's number and an empty stdout;
# bad options are usage errors.  Then a real browser: headless Chromium
# renders the SVG to a PNG, whose pixels (decoded with zlib) must be each
# cell's shade, a single event visibly tinted, white where no event, and
# the page must log no error.
#
#	sh tests/heatmap.sh ./meta-d
#
# It needs xmllint, python3 and chromium ("make deps-heatmap", or sh
# mk/deps.sh install heatmap, installs them on Debian), and fails without
# them.
# Where no browser can run, METAD_NO_BROWSER=1 skips the browser's part,
# saying so; not under CI (CI set), where the browser must run.

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/picture.sh
py=tests/heatmap.py
pic_tools heatmap

# heat NAME ARGS...: meta-d --heatmap ARGS into $tmp/NAME.svg; status
heat() {
	pic --heatmap "$@"
}

# cells SVG: how many cells have a tooltip, as xmllint counts them
cells() {
	xmllint --xpath 'count(//*[local-name()="rect"][*[local-name()="title"]])' \
	    "$1" 2> /dev/null
}

# nonzero LINES [KEY]: how many (interval, bucket) counts are not 0
nonzero() {
	python3 -c '
import json, sys
n = set()
for i, line in enumerate(open(sys.argv[1])):
    v = json.loads(line)["value"]
    ds = [v] if isinstance(v, list) else [d for k, d in v.items()
        if len(sys.argv) < 3 or k == sys.argv[2]]
    n |= {(i, lo, hi) for d in ds for (lo, hi), c in d if c}
print(len(n))' "$@"
}

# --- quantize lines: the map holds what the lines hold
python3 "$py" gen quantize 24 7 > "$tmp/q.jsonl"
heat q "$tmp/q.jsonl"
ok $? "--heatmap of 24 quantize lines: $(cat "$tmp/q.err")"
xmllint --noout "$tmp/q.svg"
ok $? "quantize: well-formed XML (xmllint)"
n=$(cells "$tmp/q.svg")
want=$(nonzero "$tmp/q.jsonl")
[ "$n" = "$want" ] && [ "$n" -gt 100 ]
ok $? "quantize: $n cells with a tooltip, $want counts not 0"
out=$(python3 "$py" lines "$tmp/q.svg" "$tmp/q.jsonl")
ok $? "quantize: each tooltip's time, bucket, count and shares: $out"
heat q0 --crop 0 "$tmp/q.jsonl" && out=$(python3 "$py" lines \
    "$tmp/q0.svg" "$tmp/q.jsonl") && [ "$(cells "$tmp/q0.svg")" = "$want" ]
ok $? "--crop 0: every bucket a row, a cell each: $out"
out=$(python3 "$py" labels "$tmp/q.svg")
ok $? "quantize: labels at their values' heights, 12 px apart: $out"
out=$(python3 "$py" ticks "$tmp/q.svg")
ok $? "quantize: time ticks at round times, UTC, the date: $out"
out=$(python3 "$py" crop "$tmp/q.svg" "$tmp/q.jsonl" 0.1)
ok $? "quantize: the crop band counts the events above p99.9: $out"
! grep -Eiq '<script|<foreignObject|href=|@import|url\([^#]' "$tmp/q.svg"
ok $? "self-contained: no script, no external reference"

# --- 64-bit bounds and counts, exactly as written
printf '%s\n' '{"start": 1795593600.5, "duration": 1, "value": [[[-9223372036854775808,-1],18437736874454810622],[[4611686018427387904,9223372036854775807],9007199254740993]]}' \
    > "$tmp/big.jsonl"
heat big "$tmp/big.jsonl" && xmllint --noout "$tmp/big.svg" &&
    python3 "$py" lines "$tmp/big.svg" "$tmp/big.jsonl" &&
    grep -q '>18446744073709551615 events,' "$tmp/big.svg"
ok $? "64-bit bounds and counts exact in the tooltips, the total 2^64 - 1"

# --- keys: summed without --key, one with it
python3 "$py" gen keyed 12 11 > "$tmp/k.jsonl"
heat k "$tmp/k.jsonl" && out=$(python3 "$py" lines "$tmp/k.svg" \
    "$tmp/k.jsonl") && [ "$(cells "$tmp/k.svg")" = "$(nonzero \
    "$tmp/k.jsonl")" ]
ok $? "no --key: every key summed: $out"
for key in sshd postgres; do
	heat "k-$key" --key "$key" "$tmp/k.jsonl" && out=$(python3 "$py" \
	    lines "$tmp/k-$key.svg" "$tmp/k.jsonl" "$key") &&
	    [ "$(cells "$tmp/k-$key.svg")" = "$(nonzero "$tmp/k.jsonl" \
	    "$key")" ]
	ok $? "--key $key: that key's alone: $out"
done
! cmp -s "$tmp/k-sshd.svg" "$tmp/k-postgres.svg"
ok $? "--key: two keys, two maps"

# --- every prefix of line 2 is refused, naming line 2, stdout empty
sed -n 1,3p "$tmp/q.jsonl" > "$tmp/q3.jsonl"
pic_prefixes --heatmap "$tmp/q3.jsonl" 2 1
[ -z "$pic_bad" ]
ok $? "each prefix of line 2: status 1, line 2 named, stdout empty:$pic_bad"

# --- malformed lines, each with its status, message and line number
# check_bad LINE-NUMBER MESSAGE-PART: $tmp/bad.jsonl refused so
check_bad() {
	pic_refused --heatmap "$@"
}
good='{"start": 1795593600, "duration": 1, "value": [[[1,1],1]]}'
keyed='{"start": 1795593600, "duration": 1, "value": {"a": [[[1,1],1]]}}'
printf '%s\n%s\n' "$good" 'not json' > "$tmp/bad.jsonl"
check_bad 2 "not an object"
printf '%s\n%s\n' "$good" '{"start": 1, "value": []}' > "$tmp/bad.jsonl"
check_bad 2 'no "duration"'
printf '%s\n\n%s\n' "$good" '{"start": 1, "duration": 1, "value": 7}' \
    > "$tmp/bad.jsonl"
check_bad 3 '"value" is a number'
printf '%s\n%s\n' "$keyed" \
    '{"start": 1, "duration": 1, "value": {"a": {"b": []}}}' > "$tmp/bad.jsonl"
check_bad 2 'not a distribution'
printf '%s\n%s\n' "$good" '{"start": 1, "duration": 1, "value": {"a": []}}' \
    > "$tmp/bad.jsonl"
check_bad 2 'the lines of two requests'
printf '%s\n%s\n' "$good" \
    '{"start": 1, "duration": 1, "value": [[[1,1],1.5]]}' > "$tmp/bad.jsonl"
check_bad 2 'not an integer'
printf '%s\n%s\n' "$good" '{"start": 1, "duration": 1, "value": [[[0,5],1]]}' \
    > "$tmp/bad.jsonl"
check_bad 2 'overlaps bucket \[1, 1\] of line 1'
printf '%s\n\377\n' "$good" > "$tmp/bad.jsonl"
check_bad 2 'not JSON'
printf '%s\n' "$keyed" > "$tmp/bad.jsonl"
heat bad --key b "$tmp/bad.jsonl"
[ $? -eq 1 ] && [ ! -s "$tmp/bad.svg" ] &&
    grep -q '^meta-d: .*: line 1: no line holds the key "b"$' "$tmp/bad.err"
ok $? "--key that no line holds: $(cat "$tmp/bad.err")"
: > "$tmp/bad.jsonl"
heat bad "$tmp/bad.jsonl"
[ $? -eq 1 ] && [ ! -s "$tmp/bad.svg" ] && grep -q 'no line' "$tmp/bad.err"
ok $? "no line at all: $(cat "$tmp/bad.err")"

# --- Oracle's llquantize: its row [-999, 999] a band at the bottom
python3 "$py" gen oracle 60 5 > "$tmp/o.jsonl"
heat o --unit nanoseconds "$tmp/o.jsonl" && xmllint --noout "$tmp/o.svg"
ok $? "llquantize with [-999, 999]: $(cat "$tmp/o.err")"
out=$(python3 "$py" bottom "$tmp/o.svg" "< 1 µs") &&
    out=$(python3 "$py" labels "$tmp/o.svg") &&
    out=$(python3 "$py" lines "$tmp/o.svg" "$tmp/o.jsonl")
ok $? "[-999, 999]: a band at the bottom, \"< 1 µs\", the axis" \
    "logarithmic above it, labels in µs: $out"

# --- p50 and p99: known percentiles, at their buckets
python3 "$py" gen pct 30 1 > "$tmp/p.jsonl"
heat p "$tmp/p.jsonl" && out=$(python3 "$py" pct "$tmp/p.svg" "$tmp/p.jsonl")
ok $? "p50 and p99 of each column at the buckets that hold them: $out"

# --- a day of intervals: bounded, every event kept
python3 "$py" gen quantize 3000 3 > "$tmp/long.jsonl"
heat long --size 600x300 "$tmp/long.jsonl"
st=$?
n=$(cells "$tmp/long.svg")
[ "$st" -eq 0 ] && [ "$n" -le $((300 * 14)) ] &&
    grep -q '<svg[^>]* width="[0-9]*" height="438"' "$tmp/long.svg" &&
    grep -q 'columns of 15 s' "$tmp/long.svg" &&
    python3 "$py" ticks "$tmp/long.svg"
ok $? "3,000 intervals in 600x300: merged into columns of 15 s, $n cells"

# --- options: bad values are usage errors (status 2), stdout empty
for bad in "--size 1000" "--size 10x10" "--size 1000x400x" "--crop 100" \
    "--crop -1" "--crop x" "--shade dark"; do
	# shellcheck disable=SC2086
	heat opt $bad "$tmp/q.jsonl"
	st=$?
	[ "$st" -eq 2 ] && [ ! -s "$tmp/opt.svg" ] &&
	    grep -q "^meta-d: ${bad%% *}" "$tmp/opt.err"
	ok $? "$bad: status $st: $(head -n 1 "$tmp/opt.err")"
done
heat opt --shade log --crop 1 --size 300x200 --title 'a <b>' "$tmp/q.jsonl" &&
    grep -q 'shade by log' "$tmp/opt.svg" && grep -q 'crop 1%' \
    "$tmp/opt.svg" && grep -q '>a &lt;b&gt;</text>' "$tmp/opt.svg"
ok $? "--shade log --crop 1 --size 300x200 --title: as asked"

# The README's picture is what this meta-d draws of its recording (the
# commands of examples/heatmap/workload.sh: a real minute of --run)
ex=examples/heatmap
heat ex --unit nanoseconds --title 'System call latency (linux/syscall)' \
    "$ex/syscall-latency.jsonl" && cmp -s "$tmp/ex.svg" \
    "$ex/syscall-latency.svg"
ok $? "$ex/syscall-latency.svg is what this meta-d draws of its lines"

# --- a real browser: headless Chromium
pic_browser heatmap

# The harness first: a page that errs, and an SVG cut short, are caught.
printf '<html><body><script>console.error("boom")</script></body></html>\n' \
    > "$tmp/err.html"
chrome "$tmp/err" --dump-dom "file://$tmp/err.html"
page_errors "$tmp/err.log" > /dev/null
ok $? "the browser's log shows a page's console error (harness)"
head -c 2000 "$tmp/q.svg" > "$tmp/cut.svg"
chrome "$tmp/cutdom" --dump-dom "file://$tmp/cut.svg"
grep -q parsererror "$tmp/cutdom.out"
ok $? "the browser reports an SVG cut short (harness)"

cp "$tmp/o.svg" "$tmp/q.svg"
wh=$(size "$tmp/q.svg")
chrome "$tmp/shot" --screenshot="$tmp/q.png" --window-size="$wh" \
    "file://$tmp/q.svg"
st=$?
if [ "$st" -ne 0 ] || [ ! -s "$tmp/q.png" ]; then
	ok 1 "chromium rendered no PNG (status $st; its log's end below):" \
	    "is it installed whole (make deps-heatmap)? does it run as this user?"
	tail -n 5 "$tmp/shot.log" | sed 's/^/    /'
	summary heatmap
	exit
fi
ok 0 "chromium rendered the map ($wh) to a PNG"
out=$(python3 "$py" pixels "$tmp/q.svg" "$tmp/q.png")
ok $? "pixels: each cell its shade, a single event tinted, no event white: $out"
errs=$(page_errors "$tmp/shot.log")
[ -z "$errs" ]
ok $? "the page logged no error: $errs"
chrome "$tmp/dom" --dump-dom "file://$tmp/q.svg"
grep -q '<svg' "$tmp/dom.out" && ! grep -q parsererror "$tmp/dom.out"
ok $? "the browser parsed the SVG (no parsererror)"

# Through a page, as an image: it loads, at its size, with no error.
cp "$tmp/q.svg" "$tmp/map.svg"
cat > "$tmp/page.html" <<'HTML'
<!DOCTYPE html>
<html><head><title>pending</title>
<script>
window.onerror = function (m) { document.title = "error: " + m; };
</script></head>
<body style="margin: 0">
<img src="map.svg" alt="heat map"
  onload="document.title = 'loaded ' + this.naturalWidth + 'x' + this.naturalHeight"
  onerror="document.title = 'error: the SVG did not load'">
</body></html>
HTML
chrome "$tmp/page" --dump-dom "file://$tmp/page.html"
w=${wh%,*}
h=${wh#*,}
grep -q "<title>loaded ${w}x$h</title>" "$tmp/page.out" &&
    [ -z "$(page_errors "$tmp/page.log")" ]
ok $? "a page shows it as an image, ${w}x$h, with no error: $(grep -o \
    '<title>[^<]*</title>' "$tmp/page.out")"

summary heatmap

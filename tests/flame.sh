#!/bin/sh
#
# meta-d --flamegraph against the tools that read what it makes: the SVG
# is well-formed XML (xmllint), and tests/flame.py, which works out from
# the lines themselves (Python's json, exact for 64-bit integers) what
# SPEC 8.6 asks, finds each frame not narrower than 0.1% as one box at its
# place and width, siblings in order, paths merged, its tooltip, its label
# (cut with ".." where it does not fit) and the kernel's class, and no
# other box; with -s A -s STACK each A a frame above the root; hostile
# keys escaped; every prefix of a line, and each malformed line, refused
# with status 1, the line's number and an empty stdout.  Then a real
# browser: headless Chromium renders the SVG to a PNG, whose pixels must
# be each box's fill across its width, labels where there are labels,
# and the page must log no error.
#
#	sh tests/flame.sh ./meta-d
#
# It needs xmllint, python3 and chromium (make deps-heatmap), and fails
# without them.  Where no browser can run, METAD_NO_BROWSER=1 skips the
# browser's part, saying so; not under CI (CI set).

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/picture.sh
py=tests/flame.py
pic_tools flame

# flame NAME ARGS...: meta-d --flamegraph ARGS into $tmp/NAME.svg; status
flame() {
	pic --flamegraph "$@"
}

# --- one -s: the stacks of a program and the kernel
python3 "$py" gen stacks > "$tmp/s.jsonl"
flame s "$tmp/s.jsonl"
ok $? "--flamegraph of 4 lines of stacks: $(cat "$tmp/s.err")"
xmllint --noout "$tmp/s.svg"
ok $? "stacks: well-formed XML (xmllint)"
out=$(python3 "$py" boxes "$tmp/s.svg" "$tmp/s.jsonl")
ok $? "stacks: each frame's box, place, tooltip, label, kernel: $out"
grep -q '\.\.</text>' "$tmp/s.svg" && grep -q '<g class="k">' "$tmp/s.svg" &&
    grep -q 'frames narrower than 0.1% of the width left out' "$tmp/s.svg"
ok $? "stacks: labels cut with '..', kernel frames, frames left out"
! grep -Eiq '<script|<foreignObject|href=|@import|url\([^#]' "$tmp/s.svg"
ok $? "self-contained: no script, no external reference"
grep -q '<title>bash`a&lt;b&gt;&amp;&quot;q&apos;\\x01\\xe9\\\\ (1200 events' \
    "$tmp/s.svg"
ok $? "a hostile frame escaped, its control byte shown as \\x01"

# --- two -s: each program a frame above the root, 800 pixels wide
python3 "$py" gen keyed > "$tmp/k.jsonl"
flame k --size 800x600 --title '<keyed> & "stacks"' "$tmp/k.jsonl" &&
    xmllint --noout "$tmp/k.svg"
ok $? "--flamegraph of -s execname -s ustack lines: $(cat "$tmp/k.err")"
out=$(python3 "$py" boxes "$tmp/k.svg" "$tmp/k.jsonl" 800)
ok $? "-s A -s STACK: A's frames rooted above all, 800 px: $out"
grep -q '<title>&lt;keyed&gt; &amp; &quot;stacks&quot;</title>' \
    "$tmp/k.svg" && grep -q '<svg[^>]* width="800" ' "$tmp/k.svg"
ok $? "--title escaped, --size's width"

# --- the README's picture is what this meta-d draws of its lines (a real
# run of meta-d --run -s execname -s kstack, GUIDE.md says how)
ex=examples/flamegraph
flame ex --title 'Kernel stacks by program: 20 s of mdstacks, find, dd and sha256sum (linux/profile)' \
    "$ex/profile.jsonl" && cmp -s "$tmp/ex.svg" "$ex/profile.svg"
ok $? "$ex/profile.svg is what this meta-d draws of its lines"
out=$(python3 "$py" boxes "$tmp/ex.svg" "$ex/profile.jsonl")
ok $? "$ex/profile.svg: each frame's box as SPEC 8.6 says: $out"

# --- every 37th prefix of line 2 is refused, naming line 2, stdout empty
sed -n 1,2p "$tmp/s.jsonl" > "$tmp/s2.jsonl"
pic_prefixes --flamegraph "$tmp/s2.jsonl" 2 37
[ -z "$pic_bad" ]
ok $? "every 37th prefix of line 2: status 1, line 2 named, stdout empty:$pic_bad"

# --- malformed lines, each with its status, message and line number
# check_bad LINE-NUMBER MESSAGE-PART: $tmp/bad.jsonl refused so
check_bad() {
	pic_refused --flamegraph "$@"
}
good='{"start": 1795593600, "duration": 1, "value": {"a\nb": 1}}'
printf '%s\n%s\n' "$good" 'not json' > "$tmp/bad.jsonl"
check_bad 2 "not an object"
printf '%s\n\n%s\n' "$good" '{"start": 1, "duration": 1, "value": 7}' \
    > "$tmp/bad.jsonl"
check_bad 3 '"value" is a number'
printf '%s\n%s\n' "$good" \
    '{"start": 1, "duration": 1, "value": [[[1,1],1]]}' > "$tmp/bad.jsonl"
check_bad 2 '"value" is an array'
printf '%s\n%s\n' "$good" \
    '{"start": 1, "duration": 1, "value": {"a": 2.5}}' > "$tmp/bad.jsonl"
check_bad 2 'not an integer'
printf '%s\n%s\n' "$good" \
    '{"start": 1, "duration": 1, "value": {"a": {"b": 1}}}' \
    > "$tmp/bad.jsonl"
check_bad 2 'the lines of two requests'
printf '%s\n%s\n' "$good" \
    '{"start": 1, "duration": 1, "value": {"a": [[[1,1],1]]}}' \
    > "$tmp/bad.jsonl"
check_bad 2 'not a number'
printf '%s\n\377\n' "$good" > "$tmp/bad.jsonl"
check_bad 2 'not JSON'
: > "$tmp/bad.jsonl"
flame bad "$tmp/bad.jsonl"
[ $? -eq 1 ] && [ ! -s "$tmp/bad.svg" ] && grep -q 'no line' "$tmp/bad.err"
ok $? "no line at all: $(cat "$tmp/bad.err")"

# --- usage: options it does not take, --size out of range
for args in "--key a" "--size 800" "--size 0x10" "--size 199x100" \
    "--size 800x" "-s execname"; do
	# shellcheck disable=SC2086
	flame use $args "$tmp/s.jsonl"
	st=$?
	[ "$st" -eq 2 ] && [ ! -s "$tmp/use.svg" ] &&
	    grep -q '^meta-d: ' "$tmp/use.err"
	ok $? "--flamegraph $args: status $st: $(head -n 1 "$tmp/use.err")"
done

# --- a real browser: headless Chromium
pic_browser flame

for n in s k; do
	wh=$(size "$tmp/$n.svg")
	chrome "$tmp/shot-$n" --screenshot="$tmp/$n.png" --window-size="$wh" \
	    "file://$tmp/$n.svg"
	st=$?
	if [ "$st" -ne 0 ] || [ ! -s "$tmp/$n.png" ]; then
		ok 1 "chromium rendered no PNG of $n.svg (status $st):" \
		    "$(tail -n 3 "$tmp/shot-$n.log")"
		continue
	fi
	out=$(python3 "$py" pixels "$tmp/$n.svg" "$tmp/$n.png")
	ok $? "$n.svg ($wh) in Chromium: each box its fill, to the pixel," \
	    "labels where labelled: $out"
	errs=$(page_errors "$tmp/shot-$n.log")
	[ -z "$errs" ]
	ok $? "$n.svg: the page logged no error: $errs"
done
chrome "$tmp/dom" --dump-dom "file://$tmp/s.svg"
grep -q '<svg' "$tmp/dom.out" && ! grep -q parsererror "$tmp/dom.out"
ok $? "the browser parsed the SVG (no parsererror)"

summary flame

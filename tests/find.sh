#!/bin/sh
#
# Metrics by name: METAD_PATH, and meta-d --list.
#
#	sh tests/find.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a/sub" "$tmp/b" "$tmp/empty"
cp examples/syscall-ops.json "$tmp/a/"
cp examples/syscall-ops.js "$tmp/a/"
cp examples/linux/io.js "$tmp/a/sub/"
cp examples/linux/proc.json "$tmp/a/sub/"
cp examples/fs-ops.json "$tmp/b/"
cp examples/node-http.json "$tmp/b/syscall-ops.json"	# shadowed by a/
printf '{"fields": []}' > "$tmp/b/broken.json"
printf 'not a metric' > "$tmp/b/notes.txt"

# A name is found in METAD_PATH, JSON before JavaScript, first dir first.
METAD_PATH=$tmp/empty::$tmp/a:$tmp/b "$bin" -s execname syscall-ops \
    > "$tmp/got" 2> "$tmp/err"
ok $? "syscall-ops by name: status"
"$bin" -s execname examples/syscall-ops.json | cmp -s - "$tmp/got"
ok $? "syscall-ops by name: the script of a/syscall-ops.json"
METAD_PATH=$tmp/b:$tmp/a "$bin" --list-fields syscall-ops > "$tmp/got"
"$bin" --list-fields examples/node-http.json | cmp -s - "$tmp/got"
ok $? "the first directory of METAD_PATH wins"
METAD_PATH=$tmp/a "$bin" --list-fields sub/io > "$tmp/got"
"$bin" --list-fields examples/linux/io.js | cmp -s - "$tmp/got"
ok $? "sub/io: a JavaScript metric in a subdirectory"

# A file that is there wins over the path; names with a "." or starting
# with "/" or "." are files, never looked up.
(cd examples && METAD_PATH=$tmp/b "$bin" --list-fields syscall-ops.json) \
    > "$tmp/got"
"$bin" --list-fields examples/syscall-ops.json | cmp -s - "$tmp/got"
ok $? "a file in the current directory wins"
METAD_PATH=$tmp/a "$bin" fs-ops > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "^meta-d: read \"fs-ops\": No such file or directory, and METAD_PATH ($tmp/a) has no metric of that name (meta-d --list lists them)$" "$tmp/err"
ok $? "a name found nowhere: status 1, the path searched, and --list"
METAD_PATH=$tmp/a "$bin" proc > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "has no metric of that name; did you mean \"sub/proc\"? (meta-d --list lists them)$" "$tmp/err"
ok $? "a name found in a subdirectory only is suggested: $(cat "$tmp/err")"
METAD_PATH=$tmp/b:$tmp/a "$bin" syscal-ops > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "; did you mean \"syscall-ops\"? " "$tmp/err"
ok $? "a misspelt name is suggested: $(cat "$tmp/err")"
METAD_PATH=$tmp/a "$bin" syscall-ops.json > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: read "syscall-ops.json": No such file or directory$' "$tmp/err"
ok $? "a file name is not looked up"
METAD_PATH=$tmp/a "$bin" ./syscall-ops > /dev/null 2>&1
[ $? -eq 1 ]
ok $? "./NAME is not looked up"

# --list: every metric once, by subject (its "module"; none: "other",
# last), in a subject sorted per directory, with descriptions.
METAD_PATH=$tmp/a:$tmp/b "$bin" --list > "$tmp/got" 2> "$tmp/err"
ok $? "--list: status"
printf '%s\n' fs: fs-ops proc: sub/proc syscall: syscall-ops other: sub/io \
    broken \
    > "$tmp/want"
grep . "$tmp/got" | awk '{ print $1 }' | cmp -s "$tmp/want" -
ok $? "--list: the names, each once, by subject, first directory first: $(tr '\n' ' ' < "$tmp/got")"
grep -q '^  sub/proc     Programs started on Linux' "$tmp/got"
ok $? "--list: a JSON metric's description, after the padded name"
grep -q '^  broken       (not a valid metric)$' "$tmp/got"
ok $? "--list: an invalid metric says so"
[ "$(grep -c '^  ' "$tmp/got")" -eq 5 ] && ! grep -q notes "$tmp/got"
ok $? "--list: other files are no metrics"
awk 'NR > 1 && /:$/ { if (prev != "") exit 1 } { prev = $0 }' "$tmp/got"
ok $? "--list: a blank line before each subject but the first"
[ ! -s "$tmp/err" ]
ok $? "--list: nothing on standard error"
METAD_PATH=$tmp/empty "$bin" --list > "$tmp/got" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/got" ] &&
    grep -q "^meta-d: no metrics in METAD_PATH ($tmp/empty)$" "$tmp/err"
ok $? "--list: none found is status 1 and says where it looked"

# Unset or empty, METAD_PATH is the installed examples (tests/install.sh
# checks that directory for real).
(unset METAD_PATH; "$bin" nosuchmetric) 2>&1 | grep -q 'METAD_PATH (/.*/share/meta-d/examples)'
ok $? "METAD_PATH unset: the installed examples"
METAD_PATH= "$bin" nosuchmetric 2>&1 | grep -q 'METAD_PATH (/.*/share/meta-d/examples)'
ok $? "METAD_PATH empty: the installed examples"

# In the sources without METAD_PATH (the installed examples, which hold
# no metric of that name), a name that examples/ holds, and --list, name
# METAD_PATH=examples as the fix; with METAD_PATH set, nothing of it.
# The name is one no installation has: the case is the same wherever the
# installed examples are, and whatever they hold.
installed=$( (unset METAD_PATH; "$bin" nosuchmetric) 2>&1 |
    sed -n 's/.*METAD_PATH (\([^)]*\)).*/\1/p')
mkdir -p "$tmp/src/examples/md-find-test"
cp examples/linux/proc.json "$tmp/src/examples/md-find-test/only-here.json"
(unset METAD_PATH; cd "$tmp/src" && "$bin" md-find-test/only-here) \
    > "$tmp/got" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/got" ] && [ "$(cat "$tmp/err")" = "meta-d: read \"md-find-test/only-here\": No such file or directory, and METAD_PATH ($installed) has no metric of that name; examples/md-find-test/only-here.json is one: METAD_PATH=examples finds it" ]
ok $? "in the sources without METAD_PATH: METAD_PATH=examples named: $(cat "$tmp/err")"
(cd "$tmp/src" && METAD_PATH=examples "$bin" --list-fields \
    md-find-test/only-here) > "$tmp/got" 2> "$tmp/err"
ok $? "and METAD_PATH=examples finds it there: $(cat "$tmp/err")"
(cd "$tmp/src" && METAD_PATH=$tmp/empty "$bin" md-find-test/only-here) \
    > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && ! grep -q 'METAD_PATH=examples' "$tmp/err"
ok $? "METAD_PATH set: no such hint: $(cat "$tmp/err")"
(unset METAD_PATH; cd "$tmp" && "$bin" md-find-test/only-here) \
    > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && ! grep -q 'METAD_PATH=examples' "$tmp/err"
ok $? "outside the sources: no such hint: $(cat "$tmp/err")"
(unset METAD_PATH; cd "$tmp/src" && "$bin" --list) > "$tmp/got" 2> "$tmp/err"
st=$?
if [ -n "$(ls "$installed" 2> /dev/null)" ]; then
	# the installed examples are listed: the hint is not needed
	[ $st -eq 0 ] && [ -s "$tmp/got" ]
	ok $? "--list in the sources: the installed examples ($installed)"
else
	[ $st -eq 1 ] && [ ! -s "$tmp/got" ] && [ "$(cat "$tmp/err")" = "meta-d: no metrics in METAD_PATH ($installed); examples/ here has some: METAD_PATH=examples lists them" ]
	ok $? "--list in the sources without METAD_PATH: METAD_PATH=examples named: $(cat "$tmp/err")"
fi

summary find

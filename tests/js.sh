#!/bin/sh
#
# JavaScript metrics: each .js example prints exactly what its .json twin
# prints, for several argument sets, also through --to-json; and metrics
# that loop or eat memory end within their limits with status 1 and a
# message.  (The fast cases, sprintf and the sandbox, are golden tests.)
#
#	sh tests/js.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# twins: the same scripts, for each argument set (one per line)
for ex in syscall-ops node-http fs-ops linux/io; do
	fields=$("$bin" --list-fields "examples/$ex.json")
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
run_js loop 31 "JavaScript ran longer than its limit of 5 s of CPU"
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

summary js

#!/bin/sh
#
# Seed corpora for the fuzzers, in build/fuzz/seeds/{metric,pred,cli}:
# the examples, the test metrics, the conformance metrics (when
# ../shared is there), and the predicates and argument vectors of the
# golden tests.

set -eu
cd "$(dirname "$0")/.."
seeds=build/fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds/metric" "$seeds/pred" "$seeds/cli" "$seeds/json" \
    "$seeds/dparse" "$seeds/observe" "$seeds/heatmap" "$seeds/flame"
n=0

for f in examples/*.json tests/metrics/*.json ../shared/conformance/metrics/*.json \
    tests/golden/*/stdin; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	cp "$f" "$seeds/metric/$n"
done

printf '{}' > "$seeds/pred/empty"
printf '[]' > "$seeds/pred/array"
printf '{"and": [{"eq": ["a", "x\\"y"]}, {"or": [{"lt": ["latency", 1e21]}, {}]}]}' \
    > "$seeds/pred/nested"
printf '{"ne": ["execname", "tab\\tnl\\n\\u0001"]}' > "$seeds/pred/escapes"
for d in tests/golden/*/; do
	name=$(basename "$d")
	# the predicate of a case: the argument after -p or --predicate
	awk 'p { print; exit } $0 == "-p" || $0 == "--predicate" { p = 1 }' \
	    "$d/args" > "$seeds/pred/$name"
	[ -s "$seeds/pred/$name" ] || rm -f "$seeds/pred/$name"

	# arguments ended by NUL, an empty one, then standard input
	{
		tr '\n' '\0' < "$d/args"
		printf '\0'
		[ -f "$d/stdin" ] && cat "$d/stdin"
	} > "$seeds/cli/$name"
done
if command -v python3 >/dev/null 2>&1 &&
    [ -f ../shared/conformance/cases.json ]; then
	python3 - "$seeds/pred" <<'PY'
import json, sys
cases = json.load(open('../shared/conformance/cases.json'))['cases']
seen = set()
for c in cases:
    a = c['args']
    for i, x in enumerate(a[:-1]):
        if x in ('-p', '--predicate') and a[i + 1] not in seen:
            seen.add(a[i + 1])
            open('%s/conf%d' % (sys.argv[1], len(seen)), 'w').write(a[i + 1])
PY
fi
for k in metric pred cli; do
	echo "seeds: $k: $(ls "$seeds/$k" | wc -l)"
done

# JSON: the metrics and predicates, and the shapes cJSON is lenient with
for f in "$seeds/metric"/* "$seeds/pred"/*; do
	cp "$f" "$seeds/json/$(basename "$(dirname "$f")")-$(basename "$f")"
done
printf '[01, 1., -0, 1e5, 1E+2, .5]' > "$seeds/json/numbers"
printf '["\\u0041\\ud83d\\ude00\\uZZZZ", "\\/\\b", "\x01raw"]' > "$seeds/json/escapes"
printf '\357\273\277 {"a": [true, false, null]}' > "$seeds/json/bom"
echo "seeds: json: $(ls "$seeds/json" | wc -l)"

# D: a context byte (md_dctx_t), then the text.  The corpus of valid D
# and the D of the golden cases as programs (0); pieces of metrics in
# each context: an expression (1), a key (2), a predicate (3), probes
# (4), an aggregating function (5), an index (6), a type (7).
for f in tests/d/*.d tests/golden/check-d-*/stdin tests/metrics/*.d; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	{ printf '\000'; cat "$f"; } > "$seeds/dparse/$n"
done
piece() {
	n=$((n + 1))
	printf "\\$1%s" "$2" > "$seeds/dparse/$n"
}
piece 001 'timestamp - $0'
piece 001 '(self->ts[tid] ? curpsinfo->pr_psargs : stringof(arg0)) + 1'
piece 002 'stack()'
piece 002 'lltostr(pid)'
piece 003 '$latency0 > 1000 && execname == "sh"'
piece 004 'syscall::read:entry,syscall::write:entry'
piece 005 'llquantize($0, 10, 3, 11, 100)'
piece 006 '[pid, tid]'
piece 007 'struct task_struct *'
echo "seeds: dparse: $(ls "$seeds/dparse" | wc -l)"

# Hostile pieces: a place byte (fuzz_observe.c: 0 probes, 1 transform,
# 2 aggregating function, 3 gather, 4 store, 5 local, 6 verify, 7 clean,
# 8 predicate, 9 a local's type), then the piece.
hostile() {
	n=$((n + 1))
	printf "\\$1%s" "$2" > "$seeds/observe/$n"
}
hostile 000 'syscall::read:entry'
hostile 000 '
#pragma D option destructive
BEGIN
{
	system("id > /tmp/x");
	exit(0);
}

profile-97'
hostile 001 'execname)] = count(); }
#pragma D option destructive
BEGIN { system("id"); } syscall::write:entry { @[(execname'
hostile 001 '(chill(100), execname)'
hostile 002 'count(); } BEGIN { raise(9); } syscall:::return { @ = count()'
hostile 003 'copyout(arg0, arg1, 8)'
hostile 004 'thread[tid] = 1; system("id"); self->x'
hostile 005 'copyoutstr("x", arg0, 2)'
hostile 006 '$0 != NULL) { stop(); } syscall:::return /(1'
hostile 007 '$0 = 0; panic(); $0'
hostile 008 '1/
{
	breakpoint();
}

BEGIN
/1'
hostile 009 'int; BEGIN { system("id"); } this int'
# "//" is no comment in D without cpp: what follows it is D (issue 23)
hostile 003 'timestamp //
panic()'
hostile 001 'execname //); } BEGIN { panic(); } x { (0'
echo "seeds: observe: $(ls "$seeds/observe" | wc -l)"
# Heat maps: the lines of the golden cases and the README's picture (its
# first lines), each also with the key "a" asked for (a first byte 'k').
for f in tests/golden/heatmap-*/stdin tests/golden/heatmap-*/*.jsonl; do
	[ -f "$f" ] || continue
	name=$(basename "$(dirname "$f")")
	cp "$f" "$seeds/heatmap/$name"
	{ printf k; sed 's/"sshd"/"a"/' "$f"; } > "$seeds/heatmap/k-$name"
done
head -n 3 examples/heatmap/syscall-latency.jsonl > "$seeds/heatmap/readme"
echo "seeds: heatmap: $(ls "$seeds/heatmap" | wc -l)"

for f in tests/golden/flame-*/stdin; do
	[ -s "$f" ] || continue
	name=$(basename "$(dirname "$f")")
	cp "$f" "$seeds/flame/$name"
	{ printf w; cat "$f"; } > "$seeds/flame/w-$name"
done
head -n 2 examples/flamegraph/profile.jsonl > "$seeds/flame/readme"
echo "seeds: flame: $(ls "$seeds/flame" | wc -l)"

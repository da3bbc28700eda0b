#!/bin/sh
#
# Memory bounds, under ulimit -v (so not under the sanitizers, whose
# shadow memory needs more address space than any limit here allows):
#
#  - scripts that would pass the output limit stop there: no buffer on the
#    way to them outgrows it (a metric of 420 KB whose transform resolves
#    to 1.2 GB took 2.3 GB before it failed);
#  - a metric that does not fit in memory is reported as out of memory,
#    not as a JSON syntax error where cJSON ran short;
#  - and, under ulimit -t (CPU seconds), no work is the product of two
#    dimensions that the output is not: 60,000 gathered fields and 60,000
#    entries cleaning one each took 23 s of CPU here; linear, it takes
#    0.4 s.  The limit, 5 s, is far from both, so that a slow machine
#    cannot fail it and a quadratic meta-d cannot pass it.
#
#	sh tests/bounds.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A field with a name of 60,000 bytes, gathered, and a transform with
# 20,000 references to it: 1.2 GB once resolved, from 420 KB of JSON.
awk 'BEGIN {
	f = "f"; while (length(f) < 60000) f = f f; f = substr(f, 1, 60000)
	x = "$0"; for (i = 1; i < 20000; i++) x = x "+$0"
	printf "{\"fields\": [\"%s\"], \"metad\": {\"probedesc\": [", f
	printf "{\"probes\": [\"e\"], \"gather\": {\"%s\": {\"gather\": ", f
	printf "\"timestamp\", \"store\": \"thread\"}}}, "
	printf "{\"probes\": [\"r\"], \"aggregate\": {\"default\": \"count()\", "
	printf "\"%s\": \"quantize($0)\"}, \"transforms\": {\"%s\": \"%s\"}, ", f, f, x
	printf "\"verify\": {\"%s\": \"$0\"}}, ", f
	printf "{\"probes\": [\"c\"], \"clean\": {\"%s\": \"$0\"}}]}}\n", f
	print f > "'"$tmp"'/field"
}' > "$tmp/long.json"
# A meta-d built with AddressSanitizer (make SANITIZE=1) cannot run under
# ulimit -v: these two are for the plain build (make test runs them).
if asan_built "$bin"; then
	echo "bounds: $bin is built with AddressSanitizer, which needs more" \
	    "address space than ulimit -v leaves: the two memory limits" \
	    "skipped (a build without SANITIZE=1 runs them)"
else
(ulimit -v 600000 && "$bin" -n "$(cat "$tmp/field")" "$tmp/long.json") \
    > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qx 'meta-d: translating: the scripts would be larger than the limit of 256 MiB' "$tmp/err"
ok $? "a 1.2 GB script stops at the output limit within 600 MB: status $status: $(cat "$tmp/err")"

# 600,000 fields: 6 MB of JSON, and more than 40 MB of cJSON's tree (meta-d
# with libdtrace's libraries maps 15 MB before it reads)
awk 'BEGIN { printf "{\"fields\": ["
	for (i = 0; i < 600000; i++) printf "%s\"f%d\"", i ? ", " : "", i
	printf "], \"metad\": {\"probedesc\": [{\"probes\": [\"x\"]}]}}\n" }' \
    > "$tmp/wide.json"
(ulimit -v 40000 && "$bin" --check "$tmp/wide.json") > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 1 ] && grep -qx 'meta-d: out of memory' "$tmp/err"
ok $? "a metric that does not fit is out of memory: status $status: $(cat "$tmp/err")"
fi
"$bin" --check "$tmp/wide.json" > /dev/null 2>&1
[ $? -eq 1 ]
ok $? "(and with memory, it is checked: it has no aggregate)"

# 60,000 fields always gathered, and 60,000 entries cleaning one each
awk 'BEGIN { n = 60000
	printf "{\"fields\": [\"a\"], \"fields_internal\": ["
	for (i = 0; i < n; i++) printf "%s\"v%d\"", i ? ", " : "", i
	printf "], \"metad\": {\"probedesc\": [{\"probes\": [\"e\"], "
	printf "\"alwaysgather\": {"
	for (i = 0; i < n; i++)
		printf "%s\"v%d\": {\"gather\": \"1\", \"store\": \"thread\"}", i ? ", " : "", i
	printf "}}, {\"probes\": [\"r\"], \"aggregate\": {\"default\": "
	printf "\"count()\", \"a\": \"count()\"}, \"transforms\": {\"a\": "
	printf "\"A\"}, \"verify\": {"
	for (i = 0; i < n; i++) printf "%s\"v%d\": \"$0\"", i ? ", " : "", i
	printf "}}"
	for (i = 0; i < n; i++)
		printf ", {\"probes\": [\"c%d\"], \"clean\": {\"v%d\": \"$0\"}}", i, i
	printf "]}}\n" }' > "$tmp/cleans.json"
(ulimit -t 5 && "$bin" "$tmp/cleans.json") > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 0 ] && [ "$(grep -c ' = 0;$' "$tmp/out")" -eq 60000 ]
ok $? "60,000 fields and cleaning entries within 5 s of CPU: status $status: $(cat "$tmp/err")"

summary bounds

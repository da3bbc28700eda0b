#!/bin/sh
#
# Run the fuzzers, each for SECONDS, side by side, and sum up.
#
#	sh fuzz/run.sh SECONDS [metric pred cli]
#
# Corpora grow in build/fuzz/corpus/NAME (kept between runs); anything a
# fuzzer finds goes to build/fuzz/artifacts/NAME/; logs to
# build/fuzz/NAME.log.

set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
[ $# -gt 0 ] || set -- metric pred cli

for name in "$@"; do
	mkdir -p "build/fuzz/corpus/$name" "build/fuzz/artifacts/$name"
	"build/fuzz/fuzz_$name" -max_total_time="$secs" -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -dict="fuzz/$name.dict" \
	    -artifact_prefix="build/fuzz/artifacts/$name/" \
	    "build/fuzz/corpus/$name" "build/fuzz/seeds/$name" \
	    > "build/fuzz/$name.log" 2>&1 &
done
wait

status=0
for name in "$@"; do
	log=build/fuzz/$name.log
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1)
	corpus=$(ls "build/fuzz/corpus/$name" | wc -l)
	found=$(ls "build/fuzz/artifacts/$name" | wc -l)
	echo "fuzz $name: ${secs}s, ${execs:-?} executions, $cov, $ft," \
	    "corpus $corpus, findings $found"
	[ "$found" -eq 0 ] || status=1
done
exit $status

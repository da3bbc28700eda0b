#!/bin/sh
#
# Run the fuzzers, each for SECONDS, side by side, and sum up.
#
#	sh fuzz/run.sh SECONDS [metric pred cli json dparse observe heatmap flame]
#	sh fuzz/run.sh -replay
#
# -replay runs each fuzzer once over its seeds and its corpus so far, with
# no mutation, and fails on any finding: what a fuzzer found once stays
# fixed.
#
# Corpora grow in fuzz/corpus/NAME, kept between runs (and by make clean);
# anything a fuzzer finds goes to fuzz/artifacts/NAME/; logs to
# fuzz/logs/NAME.log.  None of them is committed.

set -u
cd "$(dirname "$0")/.."

if [ "${1-}" = -replay ]; then
	status=0
	for name in metric pred cli json dparse observe heatmap flame; do
		mkdir -p "fuzz/corpus/$name" "build/fuzz/replay/$name"
		n=$(($(ls "fuzz/corpus/$name" | wc -l) + \
		    $(ls "build/fuzz/seeds/$name" | wc -l)))
		if "build/fuzz/fuzz_$name" -runs=0 -timeout=10 \
		    -rss_limit_mb=2048 \
		    -artifact_prefix="build/fuzz/replay/$name/" \
		    "fuzz/corpus/$name" "build/fuzz/seeds/$name" \
		    > "build/fuzz/replay/$name.log" 2>&1; then
			echo "fuzz $name: $n inputs replayed, no finding"
		else
			echo "fuzz $name: FAILED on its corpus (build/fuzz/replay/$name.log):"
			tail -n 20 "build/fuzz/replay/$name.log"
			status=1
		fi
	done
	exit $status
fi

secs=${1:-60}
shift || true
[ $# -gt 0 ] || set -- metric pred cli dparse observe

for name in "$@"; do
	mkdir -p "fuzz/corpus/$name" "fuzz/artifacts/$name" fuzz/logs
	"build/fuzz/fuzz_$name" -max_total_time="$secs" -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -dict="fuzz/$name.dict" \
	    -artifact_prefix="fuzz/artifacts/$name/" \
	    "fuzz/corpus/$name" "build/fuzz/seeds/$name" \
	    > "fuzz/logs/$name.log" 2>&1 &
done
wait

status=0
for name in "$@"; do
	log=fuzz/logs/$name.log
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1)
	corpus=$(ls "fuzz/corpus/$name" | wc -l)
	found=$(ls "fuzz/artifacts/$name" | wc -l)
	echo "fuzz $name: ${secs}s, ${execs:-?} executions, $cov, $ft," \
	    "corpus $corpus, findings $found"
	[ "$found" -eq 0 ] || status=1
done
exit $status

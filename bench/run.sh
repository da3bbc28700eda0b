#!/bin/sh
#
# make bench: what a script costs, against targets; prints a table and
# writes it, with the machine and the date, to bench/results.md.
#
#	sh bench/run.sh [RUNS]
#
#  1. per invocation: meta-d against cat of the same file, RUNS runs each
#     (default 200), a run of each in turn so that the machine's drift
#     weighs on both alike; target: the median at most 1.5 times cat's; also
#     meta-d --check of each example and --check-d of D files
#  2. in-process: scripts per second through libmetad, every request of a
#     set per example; target: 100000 a second for the system calls
#  3. scaling: synthetic metrics grown along one dimension over three
#     orders of magnitude; time and peak memory per size, and the growth
#     exponent fitted on a log-log scale; targets: exponent at most 1.1,
#     peak memory at most 4 times the input plus 2 MiB; and the D checker
#     on programs grown the same way, time exponent at most 1.1
#  4. heat maps (meta-d --heatmap, SPEC 8.4): time and peak memory of
#     drawing 1,000 to 1,000,000 cells, grown in columns and in rows, the
#     growth exponents (target at most 1.1), and meta-d --heatmap of
#     10,000 intervals of 100 buckets (target: under a second) and of a
#     day, 86,400 intervals of 100 buckets (targets: under 2 s, an SVG
#     under 8 MB, peak memory linear: a day's at most 2.2 times half a
#     day's)
# 4b. flame graphs (meta-d --flamegraph, SPEC 8.6): a million samples of
#     10,000 stacks (target: under a second), in-process and the command
#     (sh bench/run.sh flame runs this part alone)
#  5. instructions (valgrind --tool=callgrind) per invocation, which do
#     not depend on what else the machine is doing
#  6. the Prometheus exposition of 1,000 to 100,000 series an interval,
#     and its growth exponent; target 1.1; --top's view of an interval
#     of 10,000 keys against --run's line; target 1.2 times
#  7. meta-d --run against the dtrace command, where a dtrace works
#     (bench/dtrace.sh: start-up, the CPU of an interval by keys)
#  8. --check --compile against the dtrace command on the same scripts
#     (scripts a second; bench/dtrace.sh compile runs it alone)

set -u
cd "$(dirname "$0")/.." || exit 2
runs=${1:-200}
dims="entries fields gathers leaves zones exprlen cleans requests"
bench=bench/bench
out=bench/results.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fit X Y FILE: the slope of a least-squares fit of log(column Y) on
# log(column X) of FILE, two decimals: the growth exponent
fit() {
	awk -v cx="$1" -v cy="$2" '{ x = log($cx); y = log($cy); n++;
	    sx += x; sy += y; sxx += x * x; sxy += x * y }
	    END { printf "%.2f", (n * sxy - sx * sy) / (n * sxx - sx * sx) }' \
	    "$3"
}

mark() {	# mark OK-EXPRESSION: "met" or "MISSED" (awk expression)
	if awk "BEGIN { exit !($1) }"; then
		echo met
	else
		echo MISSED
	fi
}

# picture MODE FILE: meta-d MODE FILE (5 runs) against cat FILE, and its
# peak memory, as a table; target: under a second
picture() {
	p_both=$($bench exec 5 ./meta-d "$1" "$2" -- cat "$2")
	p_rss=$($bench peak ./meta-d "$1" "$2")
	p_mode=$1
	# shellcheck disable=SC2046
	set -- $(echo "$p_both" | sed -n 1p) $(echo "$p_both" | sed -n 2p)
	echo "| command | median (p10-p90) | cat of the file | peak resident memory | target |"
	echo "|---|---|---|---|---|"
	echo "| \`meta-d $p_mode\` | $(awk "BEGIN { printf \"%.0f\", $1 / 1000 }") ms ($(awk "BEGIN { printf \"%.0f-%.0f\", $2 / 1000, $3 / 1000 }")) | $(awk "BEGIN { printf \"%.1f\", $4 / 1000 }") ms | $(awk "BEGIN { printf \"%.0f\", $p_rss / 1048576 }") MiB | under 1 s: $(mark "$1 < 1000000") |"
}

# flame: section 4b, flame graphs (sh bench/run.sh flame: it alone, on
# stdout)
flame() {
	echo "## 4b. Flame graphs"
	echo
	echo "\`md_flame_*()\` in-process: lines of --run made up, each holding"
	echo "every one of STACKS stacks of 12 frames (the outer 8 shared by ever"
	echo "fewer stacks, the inner 4 the stack's own), SAMPLES events in all;"
	echo "read line by line and drawn as one SVG, then freed; the median of 3"
	echo "runs.  10 lines of 10,000 stacks is a million samples as --run"
	echo "prints them (dtrace counts the samples of a stack in an interval);"
	echo "100 lines of 10,000 stacks, 1 event each, is a million samples each"
	echo "a key of its own, ten times the text: the most a reader can be made"
	echo "to do, shown without a target."
	echo
	echo "| lines | stacks | samples | input bytes | SVG bytes | time µs | peak memory bytes | target |"
	echo "|---|---|---|---|---|---|---|---|"
	for shape in "10 10000 1000000" "100 10000 1000000" "10 100000 1000000"; do
		# shellcheck disable=SC2086
		set -- $($bench flame $shape)
		if [ "$1" -le 10 ] && [ "$2" -le 10000 ]; then
			t="under 1 s: $(mark "$6 < 1000000")"
		elif [ "$1" -gt 10 ]; then
			t="none (each sample a key of its own line)"
		else
			t="none (10 times the stacks)"
		fi
		echo "| $1 | $2 | $3 | $4 | $5 | $6 | $7 | $t |"
	done
	$bench flamelines 10 10000 1000000 > "$tmp/flame.jsonl"
	echo
	echo "The command, on a file of 10 such lines of 10,000 stacks, a million"
	echo "samples ($(wc -c < "$tmp/flame.jsonl") bytes; 5 runs, output to"
	echo "/dev/null):"
	echo
	picture --flamegraph "$tmp/flame.jsonl"
}

if [ "${1:-}" = flame ]; then
	flame
	exit
fi

{
echo "# meta-d benchmark"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "- machine: $(uname -srm), $(getconf _NPROCESSORS_ONLN 2>/dev/null) CPUs$(
    sed -n 's/^model name[[:space:]]*: /, /p' /proc/cpuinfo 2>/dev/null |
    head -n 1)"
echo "- compiler: $(${CC:-cc} --version 2>/dev/null | head -n 1)"
echo
echo "## 1. Per invocation, against cat ($runs runs each, in turn)"
echo
echo "| example | arguments | meta-d median (p10-p90) | cat median (p10-p90) | ratio | target 1.5 |"
echo "|---|---|---|---|---|---|"
for ex in syscall-ops node-http fs-ops; do
	f=examples/$ex.json
	for args in "" "-s zonename -n latency" \
	    '-p {"ne":["execname","x"]} -z web1 -z web2'; do
		# each run of meta-d next to a run of cat (bench exec A -- B)
		# shellcheck disable=SC2086
		if [ -z "$args" ]; then
			both=$($bench exec "$runs" ./meta-d "$f" -- cat "$f")
		elif [ "${args#-p}" != "$args" ]; then
			both=$($bench exec "$runs" ./meta-d -p \
			    '{"ne":["execname","x"]}' -z web1 -z web2 "$f" -- \
			    cat "$f")
		else
			both=$($bench exec "$runs" ./meta-d $args "$f" -- cat \
			    "$f")
		fi
		m_t=$(echo "$both" | sed -n 1p)
		cat_t=$(echo "$both" | sed -n 2p)
		set -- $m_t
		mm=$1 m10=$2 m90=$3
		set -- $cat_t
		cm=$1 c10=$2 c90=$3
		ratio=$(awk "BEGIN { printf \"%.2f\", $mm / $cm }")
		echo "| $ex | \`${args:-(none)}\` | ${mm} µs (${m10}-${m90}) | ${cm} µs (${c10}-${c90}) | $ratio | $(mark "$ratio <= 1.5") |"
	done
done
echo
echo "Checking, against cat of the same file: \`--check-d\` parses a D file"
echo "(a script of the corpus, and the corpus of tests/d, 40 files, joined"
echo "into one); the target applies.  \`--check\` parses each piece of the"
echo "metric's D and then makes and parses every script a user can ask for,"
echo "3 + 3F + 3F(F-1)/2 requests for F fields (shown), so it is no single"
echo "run: its ratio is shown, with no target."
echo
echo "| file | arguments | meta-d median (p10-p90) | cat median (p10-p90) | ratio | target 1.5 |"
echo "|---|---|---|---|---|---|"
cat tests/d/*.d > "$tmp/corpus.d"
for spec in "examples/syscall-ops.json --check" \
    "examples/node-http.json --check" "examples/fs-ops.json --check" \
    "examples/linux/syscall.json --check" \
    "tests/d/script-syscall-latency.d --check-d" \
    "$tmp/corpus.d --check-d"; do
	set -- $spec
	f=$1 opt=$2
	both=$($bench exec "$runs" ./meta-d "$opt" "$f" -- cat "$f")
	m_t=$(echo "$both" | sed -n 1p)
	cat_t=$(echo "$both" | sed -n 2p)
	set -- $m_t
	mm=$1 m10=$2 m90=$3
	set -- $cat_t
	cm=$1 c10=$2 c90=$3
	ratio=$(awk "BEGIN { printf \"%.2f\", $mm / $cm }")
	name=$f
	[ "$f" = "$tmp/corpus.d" ] && name="tests/d/*.d ($(wc -c < "$f") bytes)"
	if [ "$opt" = --check ]; then
		nf=$(./meta-d --list-fields "$f" | wc -l)
		verdict="- ($((3 + 3 * nf + 3 * nf * (nf - 1) / 2)) requests)"
	else
		verdict=$(mark "$ratio <= 1.5")
	fi
	echo "| $name | \`$opt\` | ${mm} µs (${m10}-${m90}) | ${cm} µs (${c10}-${c90}) | $ratio | $verdict |"
done
echo
echo "## 2. In-process, through libmetad"
echo
echo "Every combination of a discrete decomposition (each field, or none),"
echo "a numeric one (each field, or none), four predicates and three zone"
echo "lists (none, one, four), for at least two seconds per example.  Each"
echo "script is parsed as D before md_generate() returns it."
echo
echo "| example | requests | scripts/s | MB/s | target |"
echo "|---|---|---|---|---|"
$bench throughput 2 examples/syscall-ops.json examples/node-http.json \
    examples/fs-ops.json > "$tmp/tp"
while read -r f nreq sps bps secs; do
	target=-
	case $f in
	*syscall*) target="100000 scripts/s: $(mark "$sps >= 100000")" ;;
	esac
	echo "| $(basename "$f" .json) | $nreq | $sps | $(awk "BEGIN { printf \"%.1f\", $bps / 1e6 }") | $target |"
done < "$tmp/tp"
echo
echo "## 3. Scaling"
echo
echo "Each dimension grows alone: probedesc entries (each aggregating and"
echo "verifying), fields (each gathered, aggregated, verified, cleaned),"
echo "gathers in one entry (always gathered), predicate leaves, zones, and"
echo "the length of an expression (terms of a transform, each using \$0);"
echo "or two grow together, where the work could be their product: cleans"
echo "(N fields always gathered and N entries that clean one each) and"
echo "requests (N fields each gathered by an entry of its own because an"
echo "N-leaf predicate asks for it, and cleaned by another)."
echo "Time is the median of 7 runs of load and generate.  Memory is the"
echo "most that libmetad and cJSON held at once, counted exactly (the bytes"
echo "asked for: every allocation of libmetad goes through a counter in this"
echo "build, and cJSON's through its hooks); the cJSON column is its tree's"
echo "share, and how many times the input that is.  RSS is the resident"
echo "memory the process gained, which the allocator rounds up in steps."
echo "Held is what the loaded metric and predicate keep between requests."
echo
echo "| dimension | size | input bytes | output bytes | time µs | peak memory bytes | cJSON bytes (x input) | RSS gained | held | memory target (4 x input + 2 MiB) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for dim in $dims; do
	if [ "$dim" = zones ]; then
		sizes="1 10 100 1000"
	else
		sizes="10 100 1000 10000"
	fi
	for n in $sizes; do
		$bench scale "$dim" "$n"
	done > "$tmp/$dim"
	while read -r d n in outb us peak cj rss held; do
		limit=$(awk "BEGIN { print 4 * $in + 2 * 1048576 }")
		cjx=$(awk "BEGIN { printf \"%.1f\", $cj / $in }")
		echo "| $d | $n | $in | $outb | $us | $peak | $cj ($cjx) | $rss | $held | $(mark "$peak <= $limit") |"
	done < "$tmp/$dim"
done
echo
echo "Growth exponents (least squares on log time or memory against log"
echo "size; 1 is linear):"
echo
echo "| dimension | time exponent | memory exponent | target 1.1 |"
echo "|---|---|---|---|"
for dim in $dims; do
	# memory below a page or two is noise: fit only what grew
	et=$(fit 2 5 "$tmp/$dim")
	em=$(fit 2 6 "$tmp/$dim")
	echo "| $dim | $et | $em | $(mark "$et <= 1.1 && $em <= 1.1") |"
done
echo
echo "The D checker (md_d_check()) on programs grown along one dimension:"
echo "clauses (each a predicate and four statements), statements of one"
echo "clause, terms of one expression, arguments of one call; the median"
echo "of 7 runs."
echo
echo "| dimension | size | bytes | time µs | MB/s |"
echo "|---|---|---|---|---|"
ddims="clauses statements terms arguments"
for dim in $ddims; do
	for n in 10 100 1000 10000; do
		$bench dscale "$dim" "$n"
	done > "$tmp/d-$dim"
	while read -r d n bytes us; do
		echo "| $d | $n | $bytes | $us | $(awk "BEGIN { printf \"%.0f\", $bytes / $us }") |"
	done < "$tmp/d-$dim"
done
echo
echo "| dimension | time exponent | target 1.1 |"
echo "|---|---|---|"
for dim in $ddims; do
	et=$(fit 2 4 "$tmp/d-$dim")
	echo "| $dim | $et | $(mark "$et <= 1.1") |"
done
echo
echo "## 4. Heat maps"
echo
echo "\`md_heatmap_*()\` in-process: lines of --run made up (each bucket of"
echo "llquantize(latency, 10, 3, 11, 100) from 1000 up holding a count), read"
echo "line by line and drawn as one SVG, then freed; the median of 7 runs (3"
echo "at a million cells).  Columns grow with 100 buckets each, then rows"
echo "(buckets) grow under 100 columns.  Memory is the most libmetad held at"
echo "once, counted exactly: the document, reserved at its size, and 16 bytes"
echo "a cell."
echo
echo "| shape | columns | buckets | cells | input bytes | SVG bytes | time µs | peak memory bytes | bytes a cell |"
echo "|---|---|---|---|---|---|---|---|---|"
for shape in columns rows; do
	for n in 10 100 1000 10000; do
		if [ "$shape" = columns ]; then
			$bench heatmap "$n" 100
		else
			$bench heatmap 100 "$n"
		fi
	done > "$tmp/hm-$shape"
	while read -r c b cells in outb us peak; do
		echo "| $shape | $c | $b | $cells | $in | $outb | $us | $peak | $(awk "BEGIN { printf \"%.0f\", $peak / $cells }") |"
	done < "$tmp/hm-$shape"
done
echo
echo "| shape | time exponent | memory exponent | target 1.1 |"
echo "|---|---|---|---|"
for shape in columns rows; do
	et=$(fit 3 6 "$tmp/hm-$shape")
	em=$(fit 3 7 "$tmp/hm-$shape")
	echo "| $shape | $et | $em | $(mark "$et <= 1.1 && $em <= 1.1") |"
done
echo
$bench lines 10000 100 > "$tmp/heat.jsonl"
echo "The command, on a file of 10,000 such lines of 100 buckets"
echo "($(wc -c < "$tmp/heat.jsonl") bytes; 5 runs, output to /dev/null):"
echo
picture --heatmap "$tmp/heat.jsonl"
echo
flame
echo
# A day of 1 s intervals (SPEC 8.4): time, the SVG's size, memory.
$bench lines 86400 100 > "$tmp/day.jsonl"
head -n 43200 "$tmp/day.jsonl" > "$tmp/halfday.jsonl"
both=$($bench exec 3 ./meta-d --heatmap "$tmp/day.jsonl" -- cat \
    "$tmp/day.jsonl")
set -- $(echo "$both" | sed -n 1p)
dm=$1
svgb=$(./meta-d --heatmap "$tmp/day.jsonl" | wc -c)
rday=$($bench peak ./meta-d --heatmap "$tmp/day.jsonl")
rhalf=$($bench peak ./meta-d --heatmap "$tmp/halfday.jsonl")
echo "A day: 86,400 such lines ($(wc -c < "$tmp/day.jsonl") bytes; 3 runs):"
echo
echo "| command | median | SVG bytes | peak memory, a day | half a day | target |"
echo "|---|---|---|---|---|---|"
echo "| \`meta-d --heatmap\` | $(awk "BEGIN { printf \"%.0f\", $dm / 1000 }") ms | $svgb | $(awk "BEGIN { printf \"%.0f\", $rday / 1048576 }") MiB | $(awk "BEGIN { printf \"%.0f\", $rhalf / 1048576 }") MiB | under 2 s, under 8 MB, linear: $(mark "$dm < 2000000 && $svgb < 8000000 && $rday <= 2.2 * $rhalf") |"
rm -f "$tmp/day.jsonl" "$tmp/halfday.jsonl"
echo
echo "## 5. Instructions per invocation (callgrind)"
echo
if command -v valgrind > /dev/null 2>&1; then
	echo "| command | instructions |"
	echo "|---|---|"
	for cmd in "cat examples/syscall-ops.json" \
	    "./meta-d examples/syscall-ops.json" \
	    "./meta-d --check examples/syscall-ops.json" \
	    "./meta-d --check-d tests/d/script-syscall-latency.d" \
	    "./meta-d -s execname -n latency examples/syscall-ops.json" \
	    "./meta-d -s http_method -n latency -z a -z b examples/node-http.json"; do
		# shellcheck disable=SC2086
		ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		    $cmd 2>&1 > /dev/null | sed -n 's/.*Collected : //p')
		echo "| \`$cmd\` | $ir |"
	done
else
	echo "valgrind is not installed."
fi
echo
echo "## 6. The Prometheus exposition (--run --prometheus)"
echo
echo "Each interval, every series' value added and the exposition made"
echo "(\`md_prom_add()\`, \`md_prom_text()\`): a counter by one label; the"
echo "median of 7 intervals."
echo
echo "| series | bytes | time µs | µs a series |"
echo "|---|---|---|---|"
for n in 1000 10000 100000; do
	$bench prom "$n"
done > "$tmp/prom"
while read -r n bytes us; do
	echo "| $n | $bytes | $us | $(awk "BEGIN { printf \"%.2f\", $us / $n }") |"
done < "$tmp/prom"
ep=$(awk '{ x = log($1); y = log($3); n++; sx += x; sy += y;
    sxx += x * x; sxy += x * y }
    END { printf "%.2f", (n * sxy - sx * sy) / (n * sxx - sx * sx) }' \
    "$tmp/prom")
echo
echo "Growth exponent in series: $ep (target 1.1: $(mark "$ep <= 1.1"))."
echo
echo "--top's view (SPEC 8.5) against --run's line, an interval of 10,000"
echo "keys: \`md_top_add()\`, \`md_top_end()\`, \`md_top_view()\` at 80 x 24"
echo "against \`md_values_add()\`, \`md_values_line()\`; the median of 15"
echo "intervals, in turn."
echo
echo "| keys | --run µs | --top µs | ratio | target 1.2 |"
echo "|---|---|---|---|---|"
$bench top 10000 | while read -r n run top; do
	r=$(awk "BEGIN { printf \"%.2f\", $top / $run }")
	echo "| $n | $run | $top | $r | $(mark "$r <= 1.2") |"
done
echo
echo "## 7. Running a metric (--run), against the dtrace command"
echo
sh bench/dtrace.sh
echo
cat bench/notes.md
} > "$tmp/results.md"

# mark runs in $(...): count what it wrote
missed=$(grep -c 'MISSED' "$tmp/results.md")
echo "Targets missed: $missed." >> "$tmp/results.md"
cp "$tmp/results.md" "$out"
cat "$out"
[ "$missed" -eq 0 ]

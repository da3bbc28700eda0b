#!/bin/sh
#
# meta-d --run --prometheus against the real parts, as root (SPEC 8.3):
# every file written passes promtool check metrics (each one a test ends
# with, snapshots a reader took during a run, the file of a directory
# that came back); the exact cumulative values of metrics whose BEGIN
# clauses aggregate known values (a counter, quantize, lquantize and
# llquantize as histograms, avg, stddev, min and max as gauges of the
# last interval, -s labels), and of a workload of a known size; a reader
# never sees part of an exposition, no temporary file is left, a
# directory that goes away is said and tracing goes on (and writes there
# again once it is back); a directory of another user's (nobody, as
# Debian's node exporter's is user prometheus's) works, and links that
# user placed at FILE and at the temporary names are never written
# through; names that are no names are usage errors; and end to end, a
# node exporter serving the textfile directory and a Prometheus server
# scraping it every second, both started here on 127.0.0.1 and stopped
# after, answering a rate and a histogram_quantile() of the workload
# (asked again for up to 30 s, until the answer is in range): a
# histogram_quantile(0.99, sum by (le) (...)) across series, each carrying
# the same buckets, and the mean of _sum over _count, in seconds.  The
# systemd unit of examples/systemd passes systemd-analyze verify.
#
#	sh tests/prom.sh BINARY
#
# Needs a dtrace that works (tests/dtrace-env.sh), promtool, prometheus,
# prometheus-node-exporter and python3 (it finds free ports and asks
# Prometheus' HTTP API), all four installed by make check-run; without
# them it fails, saying why.  Runs as root (dtrace), and uses setpriv or
# su to act as nobody.

[ $# -ge 1 ] || { echo "usage: prom.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "prom: $dt_why" >&2
	exit 1
fi
need prom promtool prometheus prometheus-node-exporter python3
set -a
. build/dtrace/env
set +a
tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill "$p" 2> /dev/null; done; rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cc -O2 -o "$tmp/mdppid" tests/mdppid.c || exit 1
known=tests/metrics/run-known.json
only='{"eq": ["execname", "mdppid"]}'

# check FILE WHAT: promtool takes FILE
check() {
	promtool check metrics < "$1" > "$tmp/promtool" 2>&1
	ok $? "$2: promtool check metrics: $(head -n 3 "$tmp/promtool")"
}

# expo FILE WANT WHAT: FILE's samples, less the drops, errors and series
# dropped families (checked once, in the first case), are WANT's lines;
# promtool takes FILE.
expo() {
	grep -v '_drops_total\|_errors_total\|_series_dropped' "$1" |
	    cmp -s "$2" -
	ok $? "$3: $(grep -v '_drops_total\|_errors_total\|_series_dropped' "$1" | diff "$2" - | head -8)"
	check "$1" "$3"
}

# known FILE ARGS...: meta-d --run of the known values into $tmp/tf/FILE
known() {
	kf=$tmp/tf/$1
	shift
	rm -f "$kf"
	"$bin" --run --prometheus "$kf" "$@" "$known" > /dev/null 2> "$tmp/err"
	ok $? "--run $* --prometheus: status: $(cat "$tmp/err")"
}

# 1. Known values, cumulative: a counter, histograms of each quantization
# (lquantize's open ends, llquantize's [-9, 9] row and its overflow), the
# gauges of the last interval, labels; the exposition exactly.  BEGIN
# fires in the first interval: -T 1500ms leaves a second one without an
# event, -i 5s -T 1s one interval that holds them all.
mkdir "$tmp/tf"
known known.prom -T 2500ms -s k
h='Known values, aggregated when tracing begins (tests/run.sh)'
cat > "$tmp/want" <<EOF
# HELP metad_run_known_total $h
# TYPE metad_run_known_total counter
metad_run_known_total{k="x"} 3
metad_run_known_total{k="y"} 1
# HELP metad_run_known_drops_total Aggregation records dtrace dropped since tracing began.
# TYPE metad_run_known_drops_total counter
metad_run_known_drops_total 0
# HELP metad_run_known_errors_total Run-time errors of the script since tracing began.
# TYPE metad_run_known_errors_total counter
metad_run_known_errors_total 0
# HELP metad_run_known_series_dropped Samples left out of this exposition, which holds the series with the largest counts only (meta-d --max-series).
# TYPE metad_run_known_series_dropped gauge
metad_run_known_series_dropped 0
EOF
cmp -s "$tmp/want" "$tmp/tf/known.prom"
ok $? "a counter by label, as it was after the last interval: $(diff "$tmp/want" "$tmp/tf/known.prom" | head -5)"
check "$tmp/tf/known.prom" "a counter"
known l.prom -T 1500ms --name lat -n l
cat > "$tmp/want" <<EOF
# HELP lat $h
# TYPE lat histogram
lat_bucket{le="-1"} 1
lat_bucket{le="19"} 3
lat_bucket{le="+Inf"} 4
lat_sum 175
lat_count 4
EOF
expo "$tmp/tf/l.prom" "$tmp/want" "lquantize as a histogram, --name, open ends"
known q.prom -T 1500ms -s k -n q
cat > "$tmp/want" <<EOF
# HELP metad_run_known_q $h
# TYPE metad_run_known_q histogram
metad_run_known_q_bucket{k="x",le="0"} 0
metad_run_known_q_bucket{k="x",le="3"} 1
metad_run_known_q_bucket{k="x",le="1023"} 3
metad_run_known_q_bucket{k="x",le="+Inf"} 3
metad_run_known_q_sum{k="x"} 2003
metad_run_known_q_count{k="x"} 3
metad_run_known_q_bucket{k="y",le="0"} 1
metad_run_known_q_bucket{k="y",le="3"} 1
metad_run_known_q_bucket{k="y",le="1023"} 1
metad_run_known_q_bucket{k="y",le="+Inf"} 1
metad_run_known_q_sum{k="y"} 0
metad_run_known_q_count{k="y"} 1
EOF
expo "$tmp/tf/q.prom" "$tmp/want" "-s k -n q: quantize as a histogram by label, one set of buckets for both, their sums"
# llquantize(v, 10, 1, 3, 10) of 5, -5, 1234 (x) and 20000 (y): 5 and -5
# in the row |v| < 10, [-9, 9] (le 9), 1234 in [1000, 1999], 20000 in
# the overflow, [10000, null]: only +Inf bounds it.  y has x's buckets.
known ll.prom -T 1500ms -s k -n ll
cat > "$tmp/want" <<EOF
# HELP metad_run_known_ll $h
# TYPE metad_run_known_ll histogram
metad_run_known_ll_bucket{k="x",le="9"} 2
metad_run_known_ll_bucket{k="x",le="1999"} 3
metad_run_known_ll_bucket{k="x",le="+Inf"} 3
metad_run_known_ll_sum{k="x"} 1234
metad_run_known_ll_count{k="x"} 3
metad_run_known_ll_bucket{k="y",le="9"} 0
metad_run_known_ll_bucket{k="y",le="1999"} 0
metad_run_known_ll_bucket{k="y",le="+Inf"} 1
metad_run_known_ll_sum{k="y"} 20000
metad_run_known_ll_count{k="y"} 1
EOF
expo "$tmp/tf/ll.prom" "$tmp/want" "-s k -n ll: llquantize as a histogram, [-9, 9] as le 9, the overflow in +Inf"
# the gauges, of x's 1, 2, 3 (a, sd), 5, -3, 7 (mn, mx) and y's 4, 1
for g in 'a 2 4' 'sd 0.816496580927726 0' 'mn -3 1' 'mx 7 1'; do
	set -- $g
	known "g$1.prom" -i 5s -T 1s -s k -n "$1"
	cat > "$tmp/want" <<EOF
# HELP metad_run_known_$1 $h
# TYPE metad_run_known_$1 gauge
metad_run_known_$1{k="x"} $2
metad_run_known_$1{k="y"} $3
EOF
	expo "$tmp/tf/g$1.prom" "$tmp/want" "-s k -n $1: a gauge of the last interval"
done
known gsd.prom -i 5s -T 1s -n sd
cat > "$tmp/want" <<EOF
# HELP metad_run_known_sd $h
# TYPE metad_run_known_sd gauge
metad_run_known_sd 1.118033988749895
EOF
expo "$tmp/tf/gsd.prom" "$tmp/want" "-n sd: the stddev of 1, 2, 3, 4, no label"
known a.prom -T 1500ms -s k -n mx
cat > "$tmp/want" <<EOF
# HELP metad_run_known_mx $h
# TYPE metad_run_known_mx gauge
EOF
expo "$tmp/tf/a.prom" "$tmp/want" "a gauge: no sample where the last interval had no event"

# 1b. Base units (tests/metrics/prom-units.json: known times in ns, us and
# ms, and sizes in bytes): a time in seconds, each le and _sum exact
# decimal text; bytes as they are; the unit in the family's name.  lat is
# quantize of 1099 and 1000000000123 ns (x) and 5 ns (y): [1024, 2047],
# [2^39, 2^40 - 1] and [4, 7], y's bucket in x's series too; span
# lquantize(v, 0, 2000, 100) of 1050, 5 and 1999 us; delay quantize of
# 1500, 3 and 0 ms; size quantize of 4096 and 100 (x), 100 (y) bytes.
units=tests/metrics/prom-units.json
hu='Known times and sizes, aggregated when tracing begins (tests/prom.sh)'
unitrun() {	# unitrun FILE ARGS...: --run of the units' metric into FILE
	kf=$tmp/tf/$1
	shift
	rm -f "$kf"
	"$bin" --run --prometheus "$kf" "$@" "$units" > "$tmp/uout" \
	    2> "$tmp/err"
	ok $? "--run $* --prometheus (units): status: $(cat "$tmp/err")"
}
# unitcase FILE FAMILY WHAT ARGS... < SAMPLES: --run ARGS into FILE, whose
# exposition is FAMILY's help, its type (histogram) and SAMPLES
unitcase() {
	uf=$1
	n=$2
	what=$3
	shift 3
	{ printf '# HELP %s %s\n# TYPE %s histogram\n' "$n" "$hu" "$n"; cat; } \
	    > "$tmp/want"
	unitrun "$uf" "$@"
	expo "$tmp/tf/$uf" "$tmp/want" "$what"
}
n=metad_prom_units_lat_seconds
unitcase ulat.prom "$n" "nanoseconds in seconds, exactly: one set of buckets, the sums" -T 1500ms -s k -n lat <<EOF
${n}_bucket{k="x",le="0.000000007"} 0
${n}_bucket{k="x",le="0.000002047"} 1
${n}_bucket{k="x",le="1099.511627775"} 2
${n}_bucket{k="x",le="+Inf"} 2
${n}_sum{k="x"} 1000.000001222
${n}_count{k="x"} 2
${n}_bucket{k="y",le="0.000000007"} 1
${n}_bucket{k="y",le="0.000002047"} 1
${n}_bucket{k="y",le="1099.511627775"} 1
${n}_bucket{k="y",le="+Inf"} 1
${n}_sum{k="y"} 0.000000005
${n}_count{k="y"} 1
EOF
sed 's/^{"start": [0-9.]*, "duration": [0-9.]*, //' "$tmp/uout" > "$tmp/uval"
printf '%s\n%s\n' '"value": {"x": [[[1024, 2047], 1], [[549755813888, 1099511627775], 1]], "y": [[[4, 7], 1]]}}' \
    '"value": {}}' | cmp -s - "$tmp/uval"
ok $? "the JSON lines hold the metric's values alone, not the sums: $(cat "$tmp/uval")"
n=metad_prom_units_span_seconds
unitcase uspan.prom "$n" "microseconds in seconds: 1,099 us is le=\"0.001099\"" -T 1500ms -n span <<EOF
${n}_bucket{le="0.000099"} 1
${n}_bucket{le="0.001099"} 2
${n}_bucket{le="0.001999"} 3
${n}_bucket{le="+Inf"} 3
${n}_sum 0.003054
${n}_count 3
EOF
n=metad_prom_units_delay_seconds
unitcase udelay.prom "$n" "milliseconds in seconds" -T 1500ms -n delay <<EOF
${n}_bucket{le="0"} 1
${n}_bucket{le="0.003"} 2
${n}_bucket{le="2.047"} 3
${n}_bucket{le="+Inf"} 3
${n}_sum 1.503
${n}_count 3
EOF
n=metad_prom_units_size_bytes
unitcase usize.prom "$n" "bytes as they are, _bytes in the name" -T 1500ms -s k -n size <<EOF
${n}_bucket{k="x",le="127"} 1
${n}_bucket{k="x",le="8191"} 2
${n}_bucket{k="x",le="+Inf"} 2
${n}_sum{k="x"} 4196
${n}_count{k="x"} 2
${n}_bucket{k="y",le="127"} 1
${n}_bucket{k="y",le="8191"} 1
${n}_bucket{k="y",le="+Inf"} 1
${n}_sum{k="y"} 100
${n}_count{k="y"} 1
EOF
unitrun uname.prom -T 1500ms --name mine -n lat
grep -q '^mine_sum 1000.000001227$' "$tmp/tf/uname.prom"
ok $? "--name: the name as given, the values still in seconds: $(grep _sum "$tmp/tf/uname.prom")"
check "$tmp/tf/uname.prom" "--name of a time"

# 2. Cumulative over intervals: 30000 calls, and a reader that reads the
# file all along never sees part of one (and copies every 20th it reads,
# ten at most, for promtool: their counts never go down); no temporary
# file is left.
mkdir "$tmp/snap"
"$bin" --run -i 200ms -T 5s -p "$only" -n n --prometheus "$tmp/tf/ppid.prom" \
    tests/metrics/run-getppid.json > /dev/null 2> "$tmp/err" &
run=$!
pids="$pids $run"
(n=0; bad=0; s=0
while kill -0 "$run" 2> /dev/null; do
	if [ -f "$tmp/tf/ppid.prom" ]; then
		n=$((n + 1))
		if [ $((n % 20)) -eq 0 ] && [ $s -lt 10 ]; then
			s=$((s + 1))
			cp "$tmp/tf/ppid.prom" "$tmp/snap/$s.prom"
		fi
		tail -n 1 "$tmp/tf/ppid.prom" | grep -q '^metad_run_getppid_n_series_dropped [0-9]*$' ||
		    bad=$((bad + 1))
	fi
done
echo "$n $bad" > "$tmp/reader") &
reader=$!
await "$tmp/tf/ppid.prom"
"$tmp/mdppid" 30000 2000
wait "$run"
st=$?
wait "$reader"
read -r nread nbad < "$tmp/reader"
grep -q '^metad_run_getppid_n_count 30000$' "$tmp/tf/ppid.prom" &&
    [ $st -eq 0 ]
ok $? "30000 calls over intervals: $(grep _count "$tmp/tf/ppid.prom")"
check "$tmp/tf/ppid.prom" "the workload's histogram"
[ "$nread" -ge 20 ] && [ "$nbad" -eq 0 ]
ok $? "a reader read the file $nread times, and never saw part of it ($nbad)"
nsnap=$(ls "$tmp/snap" | wc -l)
[ "$nsnap" -ge 5 ]
ok $? "the reader copied $nsnap files as it read them (5 at least)"
i=1
last=0
while [ "$i" -le "$nsnap" ]; do
	check "$tmp/snap/$i.prom" "the reader's copy $i of $nsnap"
	c=$(sed -n 's/^metad_run_getppid_n_count \([0-9]*\)$/\1/p' "$tmp/snap/$i.prom")
	[ -n "$c" ] && [ "$c" -ge "$last" ]
	ok $? "the reader's copy $i: a count of ${c:-none}, none less than before ($last)"
	last=${c:-0}
	i=$((i + 1))
done
[ "$(ls -A "$tmp/tf" | grep -cv '\.prom$')" -eq 0 ]
ok $? "no temporary file left: $(ls -A "$tmp/tf")"

# 3. The directory goes away: said, and tracing goes on; made again, it
# gets FILE again, with the values since tracing began.
mkdir "$tmp/gone"
"$bin" --run -i 300ms -T 4s --prometheus "$tmp/gone/x.prom" "$known" \
    > "$tmp/out" 2> "$tmp/err" &
run=$!
await "$tmp/gone/x.prom"
sleep 0.5
# meta-d may make a file in it while rm empties it (rmdir: not empty):
# again, until it is gone
n=0
while [ -d "$tmp/gone" ] && [ $n -lt 50 ]; do
	rm -rf "$tmp/gone" 2> /dev/null
	n=$((n + 1))
done
sleep 1
mkdir "$tmp/gone"
wait "$run"
st=$?
[ $st -eq 0 ] && grep -q '^meta-d: --prometheus: write ".*/gone/x.prom": No such file or directory (tracing goes on)$' "$tmp/err" &&
    [ "$(wc -l < "$tmp/out")" -ge 12 ]
ok $? "a directory gone: said, tracing went on ($(wc -l < "$tmp/out") lines): $(head -n 1 "$tmp/err")"
grep -qx 'metad_run_known_total 4' "$tmp/gone/x.prom" 2> /dev/null
ok $? "the directory made again: FILE written there again, the count since the start: $(grep _total "$tmp/gone/x.prom" 2>&1 | head -n 1)"
[ -f "$tmp/gone/x.prom" ] && check "$tmp/gone/x.prom" "the file after the directory came back"
"$bin" --run -T 1 --prometheus "$tmp/none/x.prom" "$known" > "$tmp/out" \
    2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q '^meta-d: --prometheus ".*/none/x.prom": .*none: No such file or directory$' "$tmp/err"
ok $? "no directory at the start: status 1 before tracing: $(cat "$tmp/err")"

# 4. A directory of another user's, as a node exporter's textfile
# directory may be user prometheus's (here nobody's), works; that user's
# links are never written through: a symbolic link at FILE to a file of
# root's is refused (FILE must be a regular file), a hard link (made here
# by root, as a user may where fs.protected_hardlinks is 0) is replaced
# by a fresh file of root's; links planted at the names a guess would
# take (.meta-d-PID-N.tmp: meta-d adds 64 random bits, so no name can be
# held in advance) stay as they were, not opened.
mkdir "$tmp/theirs"
chown nobody "$tmp/theirs"
printf 'root\047s, not to be written\n' > "$tmp/secret"
cp "$tmp/secret" "$tmp/secret.orig"
unpriv ln -s "$tmp/secret" "$tmp/theirs/sym.prom"
ok $? "nobody links $tmp/theirs/sym.prom to root's file"
ln "$tmp/secret" "$tmp/theirs/hard.prom"
"$bin" --run -T 1 --prometheus "$tmp/theirs/sym.prom" "$known" \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && cmp -s "$tmp/secret" "$tmp/secret.orig" &&
    [ -L "$tmp/theirs/sym.prom" ] &&
    grep -q 'a symbolic link is there, not a regular file' "$tmp/err"
ok $? "FILE a symbolic link of nobody's: refused before tracing, its target untouched: $(cat "$tmp/err")"
for f in hard; do
	rm -f "$tmp/out"
	"$bin" --run -i 1s -T 2500ms --prometheus "$tmp/theirs/$f.prom" \
	    "$known" > "$tmp/out" 2> "$tmp/err" &
	run=$!
	planted=0
	for i in 0 1 2 3 4 5 6 7; do
		unpriv ln -s "$tmp/secret" "$tmp/theirs/.meta-d-$run-$i.tmp" &&
		    planted=$((planted + 1))
	done
	wait "$run"
	st=$?
	[ $st -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$planted" -eq 8 ]
	ok $? "FILE a $f link of nobody's, in nobody's directory, 8 temporary names held: status $st, $planted held: $(cat "$tmp/err")"
	cmp -s "$tmp/secret" "$tmp/secret.orig" && [ ! -L "$tmp/secret" ]
	ok $? "$f link: its target untouched: $(head -c 200 "$tmp/secret")"
	[ ! -L "$tmp/theirs/$f.prom" ] && [ -f "$tmp/theirs/$f.prom" ] &&
	    [ "$(stat -c '%u %h %a' "$tmp/theirs/$f.prom")" = "0 1 644" ] &&
	    grep -qx 'metad_run_known_total 4' "$tmp/theirs/$f.prom"
	ok $? "$f link: FILE replaced by a file of root's, alone, mode 644, the values: $(ls -l "$tmp/theirs/$f.prom")"
	check "$tmp/theirs/$f.prom" "FILE in nobody's directory"
	[ "$(find "$tmp/theirs" -name '.meta-d-*' ! -type l | wc -l)" -eq 0 ] &&
	    [ "$(find "$tmp/theirs" -name '.meta-d-*' -type l | wc -l)" -eq 8 ]
	ok $? "$f link: nobody's 8 links still there, and no temporary file left: $(ls -A "$tmp/theirs" | tr '\n' ' ')"
	find "$tmp/theirs" -name '.meta-d-*' -exec rm -f {} +
done
[ "$(stat -c %h "$tmp/secret")" -eq 1 ]
ok $? "root's file: no link to it left in nobody's directory"

# 5. Names that are no names: usage errors.
"$bin" --run -T 1 --prometheus "$tmp/tf/n.prom" --name 9lives "$known" \
    > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q 'is no metric name' "$tmp/err"
ok $? "--name 9lives: status 2: $(head -n 1 "$tmp/err")"
printf '{"fields": ["a-b"], "metad": {"probedesc": [{"probes": ["BEGIN"], "aggregate": {"default": "count()", "a-b": "count()"}, "transforms": {"a-b": "execname"}}]}}' > "$tmp/dash.json"
"$bin" --run -T 1 --prometheus "$tmp/tf/n.prom" -s a-b "$tmp/dash.json" \
    > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q '"a-b" is no label name' "$tmp/err"
ok $? "-s a-b: no label name: status 2: $(head -n 1 "$tmp/err")"
"$bin" --prometheus "$tmp/tf/n.prom" "$known" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q -- '^meta-d: --prometheus needs --run$' "$tmp/err"
ok $? "--prometheus without --run: status 2"

# 6. End to end: the node exporter serves the directory, Prometheus
# scrapes it every second, PromQL answers.
mkdir "$tmp/textfile" "$tmp/tsdb"
node_exporter "$tmp/textfile" "$tmp/node.log"
pp=$(port)
cat > "$tmp/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:$np']
EOF
prometheus --config.file="$tmp/prometheus.yml" \
    --storage.tsdb.path="$tmp/tsdb" --web.listen-address="127.0.0.1:$pp" \
    > "$tmp/prometheus.log" 2>&1 &
pids="$pids $!"
query() {	# query PROMQL: the first value of the answer, or nothing
	python3 - "$pp" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
u = 'http://127.0.0.1:%s/api/v1/query?query=%s' % (sys.argv[1],
    urllib.parse.quote(sys.argv[2]))
try:
    r = json.load(urllib.request.urlopen(u, timeout=5))
    res = r['data']['result']
    print(res[0]['value'][1] if res else '')
except Exception:
    print('')
PY
}
up=
for i in $(seq 30); do
	[ "$(query 'up')" = 1 ] && up=1 && break
	sleep 1
done
[ -n "$up" ]
ok $? "Prometheus and the node exporter up on 127.0.0.1: $(tail -n 2 "$tmp/node.log" "$tmp/prometheus.log" | tr '\n' ' ' | head -c 300)"
# inrange VALUE LO HI: VALUE a number, LO <= VALUE < HI
inrange() {
	awk -v v="$1" -v lo="$2" -v hi="$3" \
	    'BEGIN { exit !(v ~ /^[0-9.]+(e[+-]?[0-9]+)?$/ && v + 0 >= lo && v + 0 < hi) }'
}
# lesets FILE: how many sets of le the histogram series of FILE carry
lesets() {
	awk '/_bucket\{/ { s = $0; sub(/le="[^"]*"/, "", s); sub(/ .*/, "", s)
		l = $0; sub(/.*le="/, "", l); sub(/".*/, "", l)
		set[s] = set[s] " " l }
	    END { for (k in set) print set[k] }' "$1" | sort -u | wc -l
}
# The example's latency in nanoseconds (its "units", given here): the
# family is metad_syscall_latency_seconds, in seconds.  By system call,
# mdppid's getppid() calls (about 1 us) and its 50 nanosleep() calls
# (clock_nanosleep() in glibc; 1.5 s each) have buckets of their own,
# each in the other's series too: the sleeps' le="1.5..." in getppid's,
# getppid's le="0.000001..." in the sleeps' (at 0 there).  sum by (le)
# adds the series' buckets, one set for all, to a histogram of both.
python3 - examples/linux/syscall.json "$tmp/syscall.json" <<'PY'
import collections, json, sys
m = json.load(open(sys.argv[1]), object_pairs_hook=collections.OrderedDict)
m["units"] = {"latency": "nanoseconds"}
json.dump(m, open(sys.argv[2], "w"), indent=1)
PY
rm -f "$tmp/out"
"$bin" --run -i 1s -T 150s -s syscall -n latency -p "$only" \
    --prometheus "$tmp/textfile/meta-d.prom" "$tmp/syscall.json" \
    > "$tmp/out" 2> "$tmp/err" &
run=$!
pids="$pids $run"
await "$tmp/out"
"$tmp/mdppid" 1000000 75000 &	# about 13000 calls a second, for 75 s
work=$!
pids="$pids $work"
# asked again every second until each answer is in range and a sleep
# is in the file, for 30 s
sleeps='syscall="\(clock_\)\{0,1\}nanosleep"'
rate=
q=
mean=
err=
t0=$(date +%s)
while [ $(($(date +%s) - t0)) -lt 30 ]; do
	sleep 1
	rate=$(query 'sum(rate(metad_syscall_latency_seconds_count{syscall="getppid"}[10s]))')
	q=$(query 'histogram_quantile(0.99, sum by (le) (rate(metad_syscall_latency_seconds_bucket[10s])))')
	mean=$(query 'sum(rate(metad_syscall_latency_seconds_sum{syscall="getppid"}[10s])) / sum(rate(metad_syscall_latency_seconds_count{syscall="getppid"}[10s]))')
	err=$(query 'node_textfile_scrape_error')
	inrange "$rate" 1000 100000 && inrange "$q" 0.00000001 0.01 &&
	    inrange "$mean" 0.00000001 0.01 && [ "$err" = 0 ] &&
	    grep -q "_bucket{$sleeps" "$tmp/textfile/meta-d.prom" && break
done
cp "$tmp/textfile/meta-d.prom" "$tmp/during.prom"
waited=$(($(date +%s) - t0))
echo "prom: PromQL answered in range after $waited s (30 at most)"
kill "$work" 2> /dev/null
wait "$work" 2> /dev/null	# no "Terminated"
kill -INT "$run"
wait "$run"
st=$?
inrange "$rate" 1000 100000
ok $? "PromQL: the rate of mdppid's calls, about 13000 a second: $rate (after $waited s)"
inrange "$q" 0.00000001 0.01
ok $? "PromQL: histogram_quantile(0.99, sum by (le) (rate(..._bucket))) of mdppid's calls, in s: $q (after $waited s)"
inrange "$mean" 0.00000001 0.01
ok $? "PromQL: the mean latency of getppid(), rate of _sum over rate of _count, in s: $mean (after $waited s)"
grep -q "_bucket{syscall=\"getppid\",le=\"1\.[0-9]*\"} [1-9]" "$tmp/during.prom" &&
    grep -q "_bucket{$sleeps,le=\"0\.000001[0-9]*\"} 0$" "$tmp/during.prom" &&
    [ "$(lesets "$tmp/during.prom")" -eq 1 ]
ok $? "the series of getppid() and nanosleep() carry one set of buckets, in seconds: $(lesets "$tmp/during.prom") sets: $(grep "_bucket{\(syscall=\"getppid\"\|$sleeps\),le=\"\(0\.0000010\|1\.\)" "$tmp/during.prom" | head -8 | tr '\n' ' ')"
check "$tmp/during.prom" "the node exporter's file, as PromQL read it"
[ "$err" = 0 ]
ok $? "node_textfile_scrape_error: $err (after $waited s)"
[ $st -eq 0 ]
ok $? "meta-d --run --prometheus stopped by SIGINT: status $st: $(head -n 3 "$tmp/err")"
check "$tmp/textfile/meta-d.prom" "the node exporter's file, as tracing left it"
[ "$(lesets "$tmp/textfile/meta-d.prom")" -eq 1 ]
ok $? "the node exporter's file, as tracing left it: one set of buckets: $(lesets "$tmp/textfile/meta-d.prom")"

# 7. The systemd unit of examples/systemd, where systemd-analyze is.
if command -v systemd-analyze > /dev/null 2>&1; then
	mkdir -p "$tmp/man/man1"
	cp meta-d.1 "$tmp/man/man1/"
	sed "s|/usr/local/bin/meta-d|$bin|" \
	    examples/systemd/meta-d-prometheus@.service \
	    > "$tmp/meta-d-prometheus@.service"
	MANPATH=$tmp/man systemd-analyze verify "$tmp/meta-d-prometheus@.service" \
	    > "$tmp/verify" 2>&1
	ok $? "systemd-analyze verify the unit: $(cat "$tmp/verify")"
else
	echo "prom: no systemd-analyze: the unit's check left out"
fi

summary prom

#!/bin/sh
#
# meta-d --run --prometheus against the real parts, as root (SPEC 8.3):
# every file written passes promtool check metrics; the exact cumulative
# values of metrics whose BEGIN clauses aggregate known values, and of a
# workload of a known size; a reader never sees part of an exposition, no
# temporary file is left, a directory that goes away is said and tracing
# goes on; names that are no names are usage errors; and end to end, a
# node exporter serving the textfile directory and a Prometheus server
# scraping it every second, both started here on 127.0.0.1 and stopped
# after, answering a rate and a histogram_quantile() of the workload.
# The systemd unit of examples/systemd passes systemd-analyze verify.
#
#	sh tests/prom.sh BINARY
#
# Needs a dtrace that works (tests/dtrace-env.sh), promtool, prometheus
# and prometheus-node-exporter (make check-run installs them); without
# them it fails, saying why.

[ $# -ge 1 ] || { echo "usage: prom.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "prom: $dt_why" >&2
	exit 1
fi
for c in promtool prometheus prometheus-node-exporter python3; do
	command -v "$c" > /dev/null 2>&1 || {
		echo "prom: no $c: make check-run installs it (sh mk/deps.sh install prometheus)" >&2
		exit 1
	}
done
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

# 1. Known values, cumulative: a counter, a histogram (lquantize's open
# ends too), labels; the exposition exactly.
mkdir "$tmp/tf"
"$bin" --run -T 2500ms --prometheus "$tmp/tf/known.prom" -s k "$known" \
    > /dev/null 2> "$tmp/err"
ok $? "--run -s k --prometheus: status: $(cat "$tmp/err")"
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
EOF
cmp -s "$tmp/want" "$tmp/tf/known.prom"
ok $? "a counter by label, as it was after the last interval: $(diff "$tmp/want" "$tmp/tf/known.prom" | head -5)"
check "$tmp/tf/known.prom" "a counter"
"$bin" --run -T 1500ms --prometheus "$tmp/tf/l.prom" --name lat -n l \
    "$known" > /dev/null 2> "$tmp/err"
cat > "$tmp/want" <<EOF
# HELP lat $h
# TYPE lat histogram
lat_bucket{le="-1"} 1
lat_bucket{le="19"} 3
lat_bucket{le="+Inf"} 4
lat_count 4
EOF
sed -n 1,6p "$tmp/tf/l.prom" | cmp -s "$tmp/want" -
ok $? "lquantize as a histogram, --name, open ends: $(sed -n 1,6p "$tmp/tf/l.prom" | diff "$tmp/want" - | head -6)"
check "$tmp/tf/l.prom" "a histogram"
"$bin" --run -T 1500ms --prometheus "$tmp/tf/q.prom" -s k -n q "$known" \
    > /dev/null 2> "$tmp/err"
grep -q '^metad_run_known_q_bucket{k="x",le="3"} 1$' "$tmp/tf/q.prom" &&
    grep -q '^metad_run_known_q_bucket{k="x",le="1023"} 3$' "$tmp/tf/q.prom" &&
    grep -q '^metad_run_known_q_count{k="y"} 1$' "$tmp/tf/q.prom"
ok $? "-s k -n q: a histogram a label"
check "$tmp/tf/q.prom" "a histogram by label"
"$bin" --run -T 1500ms --prometheus "$tmp/tf/a.prom" -s k -n mx "$known" \
    > /dev/null 2> "$tmp/err"
grep -q '^# TYPE metad_run_known_mx gauge$' "$tmp/tf/a.prom" &&
    ! grep -q '^metad_run_known_mx{' "$tmp/tf/a.prom"
ok $? "a gauge: no sample where the last interval had no event"
check "$tmp/tf/a.prom" "a gauge"

# 2. Cumulative over intervals: 30000 calls, and a reader that reads the
# file all along never sees part of one; no temporary file is left.
"$bin" --run -i 200ms -T 5s -p "$only" -n n --prometheus "$tmp/tf/ppid.prom" \
    tests/metrics/run-getppid.json > /dev/null 2> "$tmp/err" &
run=$!
pids="$pids $run"
(n=0; bad=0
while kill -0 "$run" 2> /dev/null; do
	if [ -f "$tmp/tf/ppid.prom" ]; then
		n=$((n + 1))
		tail -n 1 "$tmp/tf/ppid.prom" | grep -q '^metad_run_getppid_n_errors_total [0-9]*$' ||
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
[ "$(ls -A "$tmp/tf" | grep -cv '\.prom$')" -eq 0 ]
ok $? "no temporary file left: $(ls -A "$tmp/tf")"

# 3. The directory goes away: said, and tracing goes on.
mkdir "$tmp/gone"
"$bin" --run -i 300ms -T 3s --prometheus "$tmp/gone/x.prom" "$known" \
    > "$tmp/out" 2> "$tmp/err" &
run=$!
await "$tmp/gone/x.prom"
sleep 0.5
rm -rf "$tmp/gone"
wait "$run"
st=$?
[ $st -eq 0 ] && grep -q '^meta-d: --prometheus: write ".*/gone/x.prom": No such file or directory (tracing goes on)$' "$tmp/err" &&
    [ "$(wc -l < "$tmp/out")" -ge 9 ]
ok $? "a directory gone: said, tracing went on ($(wc -l < "$tmp/out") lines): $(head -n 1 "$tmp/err")"
"$bin" --run -T 1 --prometheus "$tmp/none/x.prom" "$known" > "$tmp/out" \
    2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q '^meta-d: --prometheus ".*/none/x.prom": .*none: No such file or directory$' "$tmp/err"
ok $? "no directory at the start: status 1 before tracing: $(cat "$tmp/err")"

# 4. Names that are no names: usage errors.
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
[ $? -eq 2 ] && grep -q -- '--prometheus cannot be used with the scripts' "$tmp/err"
ok $? "--prometheus without --run: status 2"

# 5. End to end: the node exporter serves the directory, Prometheus
# scrapes it every second, PromQL answers.
port() {	# a port on 127.0.0.1 nothing listens on
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
mkdir "$tmp/textfile" "$tmp/tsdb"
np=$(port)
prometheus-node-exporter --web.listen-address="127.0.0.1:$np" \
    --collector.disable-defaults --collector.textfile \
    --collector.textfile.directory="$tmp/textfile" > "$tmp/node.log" 2>&1 &
pids="$pids $!"
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
"$bin" --run -i 1s -T 25s -s execname -n latency -p "$only" \
    --prometheus "$tmp/textfile/meta-d.prom" examples/linux/syscall.json \
    > /dev/null 2> "$tmp/err" &
run=$!
pids="$pids $run"
sleep 3
"$tmp/mdppid" 200000 15000
sleep 4
rate=$(query 'sum(rate(metad_syscall_latency_count{execname="mdppid"}[10s]))')
q=$(query 'histogram_quantile(0.5, sum by (le) (rate(metad_syscall_latency_bucket{execname="mdppid"}[10s])))')
err=$(query 'node_textfile_scrape_error')
kill -INT "$run"
wait "$run"
awk -v r="$rate" 'BEGIN { exit !(r > 1000 && r < 100000) }'
ok $? "PromQL: the rate of mdppid's calls, about 13000 a second: $rate"
awk -v q="$q" 'BEGIN { exit !(q >= 10 && q < 1000000) }'
ok $? "PromQL: the median latency of mdppid's calls, in ns: $q"
[ "$err" = 0 ]
ok $? "node_textfile_scrape_error: $err"

# 6. The systemd unit of examples/systemd, where systemd-analyze is.
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

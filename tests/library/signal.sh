#!/bin/sh
#
# linux/signals (BCC's killsnoop) traced for real: mdsignal
# (tests/library/signal.c) sends its child mdsigchild 500 SIGUSR1 and 200
# SIGWINCH, each once the one before was handled, then one SIGTERM.  From
# mdsignal to mdsigchild, -s pid -s signal must count exactly 500 SIGUSR1,
# 200 SIGWINCH and 1 SIGTERM under mdsignal's pid, as bpftrace counts
# signal_generate by number, and -s tpid -s result 701 delivered to the
# child's pid.  Then, while mdsignal signals for 30 s, --top, --prometheus
# and --heatmap (-n signo) of its signals.
#
#	sh tests/library/signal.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
m=examples/linux/signals.json
from='{"eq": ["execname", "mdsignal"]}'
to='{"eq": ["target", "mdsigchild"]}'
only="{\"and\": [$from, $to]}"
lt_build signal

lt_start sg -s pid -s signal -p "$only" "$m"
lt_bpf sg 'tracepoint:signal:signal_generate
    /comm == "mdsignal" && args->comm == "mdsigchild"/ {
	@sig[args->sig] = count(); }'
"$tmp/mdsignal" 500 200 > "$tmp/sg.wl" &
p=$!
wait $p
lt_stop sg
lt_eq "SIGUSR1 from $p" "$(lt_v sum "$tmp/sg.jsonl" $p SIGUSR1)" 500
lt_eq "SIGWINCH from $p" "$(lt_v sum "$tmp/sg.jsonl" $p SIGWINCH)" 200
lt_eq "SIGTERM from $p" "$(lt_v sum "$tmp/sg.jsonl" $p SIGTERM)" 1
lt_eq "signals to mdsigchild" "$(lt_v sum "$tmp/sg.jsonl")" 701
lt_eq "bpftrace's SIGUSR1" "$(lt_v bpf "$tmp/sg.bpf" sig 10)" 500
lt_eq "bpftrace's SIGWINCH" "$(lt_v bpf "$tmp/sg.bpf" sig 28)" 200
lt_eq "bpftrace's signals" "$(lt_v bpf "$tmp/sg.bpf" sig)" 701

lt_start tg -s tpid -s result -p "$only" "$m"
"$tmp/mdsignal" 100 0 > "$tmp/tg.wl"
lt_stop tg
c=$(sed -n 's/^child //p' "$tmp/tg.wl")
lt_eq "delivered to child $c" "$(lt_v sum "$tmp/tg.jsonl" "$c" delivered)" 101
lt_eq "signals to mdsigchild" "$(lt_v sum "$tmp/tg.jsonl")" 101

"$tmp/mdsignal" 20000 0 30 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
lt_top sg mdsigchild -s target -p "$only" "$m"
lt_prom sg SIGUSR1 -s signal -p "$only" "$m"
lt_heatmap sg -n signo -p "$only" "$m"
kill "$wl"
summary "library signal"

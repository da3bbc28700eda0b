#!/bin/sh
# shellcheck disable=SC2154 # tmp and lt_pids are lib.sh's
#
# The tcp metrics of the Linux library (linux/tcpconnect, tcpaccept,
# tcplife, tcpretrans) traced for real: mdtcp (tests/library/tcp.c)
# listens on 127.0.0.1 on a port P of its own, knows a closed one Q and
# listens on a third, F, that never accepts; for each line it reads, a
# round: 200 connections to P, each accepted, then closed (the accepted
# end first), and 50 connects to Q, each refused by a reset.  One round
# per metric, traced by meta-d --run and, at the same time, by bpftrace
# counting the same tracepoints:
#
#	tcpconnect -s result -n latency, execname mdtcp and rport P or Q:
#		200 established and 50 failed, latencies in (0, 1 s); as
#		bpftrace's SYN_SENT -> ESTABLISHED to P and -> CLOSE to Q
#	tcpaccept -s raddr -n latency, lport P: 200 from 127.0.0.1,
#		latencies in (0, 1 s); as bpftrace's SYN_RECV -> ESTABLISHED
#		from P
#	tcplife -s open -n lifetime, execname mdtcp and rport or lport P:
#		200 active ends (the connecting sockets, rport P) and 200
#		passive ones (the accepted sockets, lport P), lifetimes in
#		(0, 5 s); as bpftrace's -> CLOSE (not from LISTEN) of each
#	tcpretrans -s event -s state, rport or lport Q or rport F, with a
#		round "full" after the other: 50 resets sent in state none
#		(no socket on Q) and 50 received in SYN_SENT, as bpftrace's
#		tcp_send_reset from Q and tcp_receive_reset to Q; retransmits
#		of SYNs to F (its accept queue full, mdtcp's SYNs dropped):
#		at least one, as many as bpftrace's (the kernel's timers and
#		queue decide how many: 1 or 2 a round here), and no other
#		event
#
# Then, while an mdtcp makes connections for 30 s, --top, --prometheus
# and --heatmap (-n latency) of linux/tcpconnect.
#
#	sh tests/library/tcp.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
n=200
m=50
lt_build tcp

mkfifo "$tmp/go"
"$tmp/mdtcp" $n $m < "$tmp/go" > "$tmp/wl.out" &
lt_pids="$lt_pids $!"
exec 3> "$tmp/go"
await "$tmp/wl.out"
# shellcheck disable=SC2046 # its words
set -- $(head -1 "$tmp/wl.out")
p=$2
q=$4
f=$6
[ "$1 $3 $5" = "port closed full" ] && [ "$p" -gt 0 ] && [ "$q" -gt 0 ] &&
    [ "$f" -gt 0 ]
ok $? "tcp: mdtcp's ports: $(head -1 "$tmp/wl.out")"
rounds=1

# round [full]: one round of mdtcp's, waited for (30 s at most)
round() {
	rounds=$((rounds + 1))
	echo "${1:-}" >&3
	_n=0
	while [ "$(lt_lines "$tmp/wl.out")" -lt $rounds ] && [ $_n -lt 300 ]
	do
		sleep 0.1
		_n=$((_n + 1))
	done
	_l=$(sed -n "${rounds}p" "$tmp/wl.out")
	[ "$_l" = "${1:-connected $n accepted $n refused $m}" ]
	ok $? "tcp: mdtcp's round $rounds: $_l"
}

# within OUT WHAT LO HI KEY...: the distribution under KEY... of OUT's
# intervals has events, its values within [LO, HI] (its buckets'
# bounds); their count in wn
within() {
	_f=$1
	_w=$2
	_lo=$3
	_hi=$4
	shift 4
	# shellcheck disable=SC2046 # its words
	set -- $(lt_v dist "$tmp/$_f.jsonl" "$@")
	[ "$1 $3 $5" = "count min max" ] && [ "$4" -ge "$_lo" ] &&
	    [ "$6" -le "$_hi" ]
	ok $? "tcp: $_w not within [$_lo, $_hi]: $*"
	wn=${2:-0}
}

# is WHAT GOT WANT
is() {
	[ "$2" = "$3" ]
	ok $? "tcp: $1: $2, not $3"
}

st='args->protocol == 6'
mdtcp="{\"eq\": [\"execname\", \"mdtcp\"]}"

lt_start cn -s result -n latency -p "{\"and\": [$mdtcp,
    {\"or\": [{\"eq\": [\"rport\", $p]}, {\"eq\": [\"rport\", $q]}]}]}" \
    examples/linux/tcpconnect.json
lt_bpf cn "tracepoint:sock:inet_sock_set_state /$st && args->oldstate == 2 &&
    args->newstate == 1 && args->dport == $p/ { @est = count(); }
tracepoint:sock:inet_sock_set_state /$st && args->oldstate == 2 &&
    args->newstate == 7 && args->dport == $q/ { @fail = count(); }"
round
lt_stop cn
within cn latency 1 1000000000 established
is "tcpconnect: established to $p" "$wn" $n
within cn latency 1 1000000000 failed
is "tcpconnect: failed to $q" "$wn" $m
is "tcpconnect: bpftrace's established" "$(lt_v bpf "$tmp/cn.bpf" est)" $n
is "tcpconnect: bpftrace's failed" "$(lt_v bpf "$tmp/cn.bpf" fail)" $m

lt_start ac -s raddr -n latency -p "{\"eq\": [\"lport\", $p]}" \
    examples/linux/tcpaccept.json
lt_bpf ac "tracepoint:sock:inet_sock_set_state /$st && args->oldstate == 3 &&
    args->newstate == 1 && args->sport == $p/ { @acc = count(); }"
round
lt_stop ac
is "tcpaccept: keys" "$(lt_v keys "$tmp/ac.jsonl")" 127.0.0.1
within ac latency 1 1000000000 127.0.0.1
is "tcpaccept: from 127.0.0.1 to $p" "$wn" $n
is "tcpaccept: bpftrace's" "$(lt_v bpf "$tmp/ac.bpf" acc)" $n

lt_start lf -s open -n lifetime -p "{\"and\": [$mdtcp,
    {\"or\": [{\"eq\": [\"rport\", $p]}, {\"eq\": [\"lport\", $p]}]}]}" \
    examples/linux/tcplife.json
lt_bpf lf "tracepoint:sock:inet_sock_set_state /$st && args->newstate == 7 &&
    args->oldstate != 10 && args->dport == $p/ { @active = count(); }
tracepoint:sock:inet_sock_set_state /$st && args->newstate == 7 &&
    args->oldstate != 10 && args->sport == $p/ { @passive = count(); }"
round
lt_stop lf
within lf lifetime 1 5000000000 active
is "tcplife: active ends (rport $p)" "$wn" $n
within lf lifetime 1 5000000000 passive
is "tcplife: passive ends (lport $p)" "$wn" $n
is "tcplife: bpftrace's active" "$(lt_v bpf "$tmp/lf.bpf" active)" $n
is "tcplife: bpftrace's passive" "$(lt_v bpf "$tmp/lf.bpf" passive)" $n

lt_start rt -s event -s state -p "{\"or\": [{\"eq\": [\"rport\", $q]},
    {\"eq\": [\"lport\", $q]}, {\"eq\": [\"rport\", $f]}]}" \
    examples/linux/tcpretrans.json
lt_bpf rt "tracepoint:tcp:tcp_send_reset /args->state == 0 &&
    args->saddr[2] * 256 + args->saddr[3] == $q/ { @sent = count(); }
tracepoint:tcp:tcp_receive_reset /args->dport == $q/ { @received = count(); }
tracepoint:tcp:tcp_retransmit_skb /args->dport == $f && args->state == 2/ {
	@retrans = count(); }"
round
round full
lt_stop rt
is "tcpretrans: resets sent from $q" \
    "$(lt_v sum "$tmp/rt.jsonl" "reset sent" none)" $m
is "tcpretrans: resets received from $q in SYN_SENT" \
    "$(lt_v sum "$tmp/rt.jsonl" "reset received" SYN_SENT)" $m
r=$(lt_v sum "$tmp/rt.jsonl" retransmit SYN_SENT)
[ "$r" -ge 1 ]
ok $? "tcpretrans: no retransmit of a SYN to $f's full queue"
is "tcpretrans: all its events" "$(lt_v sum "$tmp/rt.jsonl")" $((2 * m + r))
is "tcpretrans: bpftrace's resets sent" "$(lt_v bpf "$tmp/rt.bpf" sent)" $m
is "tcpretrans: bpftrace's resets received" \
    "$(lt_v bpf "$tmp/rt.bpf" received)" $m
is "tcpretrans: bpftrace's SYN retransmits" \
    "$(lt_v bpf "$tmp/rt.bpf" retrans)" "$r"
exec 3>&-

echo | "$tmp/mdtcp" 6000 0 30 > /dev/null &
wl=$!
lt_pids="$lt_pids $wl"
m=examples/linux/tcpconnect.json
lt_top cn mdtcp -s execname -p "$mdtcp" "$m"
lt_prom cn established -s result -p "$mdtcp" "$m"
lt_heatmap cn -n latency -p "$mdtcp" "$m"
kill "$wl"
summary "library tcp"

#!/bin/sh
#
# meta-d --top against the real libdtrace, as root (SPEC 8.5).
#
#  1. Not a terminal: each interval's view appended, a blank line between,
#     at 80 columns, held against --run's lines of the same request (a
#     metric whose BEGIN clauses aggregate known values: tests/topcheck.py
#     reads the views back), for numbers, a histogram and distributions
#     by key.
#  2. A terminal (tmux): the first view's rows, in order, with the known
#     values; the sparkline one character an interval; a resize redrawn
#     at once, within the new width; the histogram's rows; and after
#     SIGINT (the terminal's ^C), SIGTERM and SIGHUP the terminal as it
#     was (no alternate screen, the cursor shown, nothing left on the
#     screen), and while ^Z stops meta-d too; a terminal that goes away
#     ends meta-d.
#
#	sh tests/top.sh BINARY
#
# Needs a dtrace that works (tests/dtrace-env.sh, as make check-dtrace),
# tmux and python3 (make check-run installs them: sh mk/deps.sh install
# top); without them it fails saying why.

[ $# -ge 1 ] || { echo "usage: top.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "top: $dt_why" >&2
	exit 1
fi
for c in tmux python3; do
	command -v "$c" > /dev/null 2>&1 || {
		echo "top: no $c: make check-run installs it (sh mk/deps.sh install top)" >&2
		exit 1
	}
done
set -a
. build/dtrace/env
set +a
"$bin" --top -T 1 tests/metrics/run-known.json > /dev/null 2> build/dtrace/why
if [ $? -eq 2 ]; then
	echo "top: $bin cannot run: $(cat build/dtrace/why)" >&2
	exit 1
fi

tmp=$(mktemp -d)
sock=mdtop$$
tm() {
	tmux -L "$sock" -f /dev/null "$@"
}
# end: each window's shell (its pid file: after meta-d ends, a sleep that
# ignores SIGHUP, which the server's end would not stop), then the server
end() {
	for f in "$tmp"/*.pid; do
		[ -f "$f" ] && kill "$(cat "$f")" 2> /dev/null
	done
	tm kill-server 2> /dev/null
}
trap 'end; rm -rf "$tmp"' EXIT
tm new-session -d -s keep "exec sleep 3600"	# the server, for good
known=tests/metrics/run-known.json
ongoing=tests/metrics/top-known.json
job=

# 1. Appended, against --run's lines of the same request.
appended() {
	shape=$1
	shift
	"$bin" --run -T 1500ms "$@" "$known" > "$tmp/run" 2> "$tmp/err"
	"$bin" --top -T 1500ms "$@" "$known" > "$tmp/top" 2>> "$tmp/err"
	st=$?
	msg=$(python3 tests/topcheck.py "$shape" "$tmp/run" "$tmp/top")
	[ $? -eq 0 ] && [ $st -eq 0 ] && [ ! -s "$tmp/err" ] &&
	    ! grep -q "$(printf '\033')" "$tmp/top"
	ok $? "appended --top $*: $msg $(cat "$tmp/err")
$(cat "$tmp/run" "$tmp/top")"
}
appended numbers -s k
appended numbers -s i
appended hist -n q
appended bykey -s k -n q

# start NAME COLSxROWS ARGS...: --top ARGS in a new tmux window of that
# size (UTF-8), its pid in $tmp/NAME.pid, its status, once it ends, in
# $tmp/NAME.st; the window stays, for its terminal to be read.  With job
# set, meta-d is a job of its own (set -m), as at an interactive shell:
# ^Z stops it (a process group without one is orphaned: the kernel
# discards the stop).
start() {
	name=$1
	size=$2
	shift 2
	rm -f "$tmp/$name.pid" "$tmp/$name.st"
	printf '%s\n' "$@" > "$tmp/$name.args"
	cat > "$tmp/$name.sh" <<-EOF
	${job:+set -m}
	trap '' HUP INT
	echo \$\$ > $tmp/$name.pid.new
	mv $tmp/$name.pid.new $tmp/$name.pid
	set --
	while IFS= read -r a; do set -- "\$@" "\$a"; done < $tmp/$name.args
	LANG=C.UTF-8 LC_ALL= "$bin" --top "\$@" 2> $tmp/$name.err
	echo \$? > $tmp/$name.st
	exec sleep 600
	EOF
	tm new-session -d -s "$name" -x "${size%x*}" -y "${size#*x}" \
	    "sh $tmp/$name.sh"
	await "$tmp/$name.pid"
}

# screen NAME PATTERN: the window's screen, in $tmp/NAME.screen, once it
# shows PATTERN (grep -E), 60 s at most; fails if it never does
screen() {
	_n=0
	while [ $_n -lt 600 ]; do
		tm capture-pane -p -t "$1" > "$tmp/$1.screen" 2> /dev/null
		grep -Eq "$2" "$tmp/$1.screen" && return 0
		sleep 0.1
		_n=$((_n + 1))
	done
	return 1
}

# ended NAME: meta-d's status once it has ended (30 s at most), and the
# terminal as it left it: alternate screen, cursor; nothing on the
# screen it came back to
ended() {
	_n=0
	while [ ! -s "$tmp/$1.st" ] && [ $_n -lt 300 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	tm capture-pane -p -e -t "$1" > "$tmp/$1.after"
	echo "$(cat "$tmp/$1.st" 2> /dev/null)" \
	    "$(tm display -p -t "$1" '#{alternate_on} #{cursor_flag}')" \
	    "$(tr -d ' \n' < "$tmp/$1.after" | wc -c)"
}

# 2a. Numbers on a terminal: the first view, by value, the values known
# (sum(1000000) and sum(300000) at BEGIN; getppid() calls, which mdppid
# makes all along, go on); --run's first line says the same.
cc -O2 -o "$tmp/mdppid" tests/mdppid.c || exit 1
while :; do "$tmp/mdppid" 2000 100; done &
ppid_pid=$!
trap 'kill $ppid_pid 2> /dev/null; end; rm -rf "$tmp"' EXIT
"$bin" --run -T 1 -s k "$ongoing" > "$tmp/ongoing.run" 2> "$tmp/err"
start a 100x30 -i 2s -s k "$ongoing"
screen a 'last 1' && grep -E '^(begin|second) ' "$tmp/a.screen" > "$tmp/a.rows"
st=$?
awk '{ print $1, $2, $3, $4 }' "$tmp/a.rows" > "$tmp/a.got"
printf 'begin 1000000 500000 %s\nsecond 300000 150000 %s\n' \
    "$(awk '$1 == "begin" { print $4 }' "$tmp/a.rows")" \
    "$(awk '$1 == "second" { print $4 }' "$tmp/a.rows")" > "$tmp/a.want"
[ $st -eq 0 ] && cmp -s "$tmp/a.got" "$tmp/a.want" &&
    grep -Eq '"begin": 1000000, ("getppid": [0-9]+, )?"second": 300000}' "$tmp/ongoing.run" &&
    grep -Eq '^getppid +[0-9]+ ' "$tmp/a.screen" &&
    [ "$(sed -n 1p "$tmp/a.screen" | cut -c1-21)" = "top-known -s k -i 2s " ]
ok $? "terminal: the first view's rows, by value, as --run's: $(cat "$tmp/a.screen" "$tmp/ongoing.run")"
# the sparkline: one character an interval (three by now)
screen a 'last 3'
st=$?
spark=$(awk '$1 == "getppid" { print $NF }' "$tmp/a.screen")
[ $st -eq 0 ] && [ "$(printf '%s' "$spark" | python3 -c 'import sys; s = sys.stdin.read(); print(len(s) if all("\u2581" <= c <= "\u2588" for c in s) else -1)')" = 3 ]
ok $? "terminal: the sparkline, 3 glyphs after 3 intervals: $spark: $(cat "$tmp/a.screen")"
# a resize: drawn again at once for the new size, before the next view
tm resize-window -t a -x 60 -y 12
sleep 0.5
tm capture-pane -p -t a > "$tmp/a.screen"
col=$(sed -n 2p "$tmp/a.screen" | awk '{ print index($0, "sum") }')
[ "$(awk 'length($0) > 60' "$tmp/a.screen" | wc -l)" -eq 0 ] &&
    [ "$col" -gt 0 ] && [ "$col" -lt 20 ] && grep -q '^getppid ' "$tmp/a.screen"
ok $? "terminal: resized to 60x12, drawn again at once ('sum' at $col): $(cat "$tmp/a.screen")"
# ^C: status 0, the terminal as it was
tm send-keys -t a C-c
res=$(ended a)
[ "$res" = "0 0 1 0" ]
ok $? "terminal: ^C: status, alternate screen, cursor, left on screen: $res (want 0 0 1 0): $(cat -v "$tmp/a.after" "$tmp/a.err")"

# 2b. The histogram on a terminal: its rows, as --run's buckets; SIGTERM.
start b 80x30 -i 2s -n q "$ongoing"
screen b '^count '
st=$?
grep -E '^ +[0-9]+ \|' "$tmp/b.screen" | awk '{ print $1, $NF }' \
    > "$tmp/b.rows"
[ $st -eq 0 ] && [ "$(awk 'NR == 1 { print $1 } END { print $1 }' "$tmp/b.rows" | tr '\n' ' ')" = "0 512 " ] &&
    [ "$(wc -l < "$tmp/b.rows")" -eq 11 ] &&
    [ "$(awk '$1 == 2 || $1 == 512 { print $2 }' "$tmp/b.rows" | tr '\n' ' ')" = "1 1 " ] &&
    [ "$(awk '$1 != 0 && $1 != 2 && $1 != 512 { s += $2 } END { print s + 0 }' "$tmp/b.rows")" -eq 0 ]
ok $? "terminal: the histogram's rows, 0 to 512: $(cat "$tmp/b.screen")"
pkill -TERM -P "$(cat "$tmp/b.pid")" 2> /dev/null
res=$(ended b)
[ "$res" = "0 0 1 0" ]
ok $? "terminal: SIGTERM: $res (want 0 0 1 0): $(cat -v "$tmp/b.after" "$tmp/b.err")"

# term NAME WANT: the window's alternate screen and cursor, once they are
# WANT ("1 0": meta-d's view; "0 1": the terminal as it was), 5 s at most
term() {
	_n=0
	while [ "$(tm display -p -t "$1" '#{alternate_on} #{cursor_flag}')" != "$2" ] &&
	    [ $_n -lt 50 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	tm display -p -t "$1" '#{alternate_on} #{cursor_flag}'
}

# 2c. ^Z (SIGTSTP) gives the terminal back, SIGCONT takes it again and
# draws the view; SIGHUP; then a terminal that goes away ends meta-d.
job=1
start z 80x24 -i 1s -s k "$ongoing"
job=
screen z 'last 1'
tm send-keys -t z C-z
stopped=$(term z "0 1")
pkill -CONT -P "$(cat "$tmp/z.pid")" 2> /dev/null
again=$(term z "1 0")
screen z 'getppid +[0-9]+ '
st=$?
[ "$stopped" = "0 1" ] && [ "$again" = "1 0" ] && [ $st -eq 0 ]
ok $? "terminal: ^Z gives it back ($stopped, want 0 1), SIGCONT takes it and draws ($again, want 1 0): $(cat "$tmp/z.screen")"
pkill -TERM -P "$(cat "$tmp/z.pid")" 2> /dev/null
start c 80x24 -i 1s -s k -n q "$ongoing"
screen c 'getppid +[0-9]+ '
pkill -HUP -P "$(cat "$tmp/c.pid")" 2> /dev/null
res=$(ended c)
[ "$res" = "0 0 1 0" ]
ok $? "terminal: SIGHUP: $res (want 0 0 1 0): $(cat -v "$tmp/c.after" "$tmp/c.err")"
start d 80x24 -i 1s -s k "$ongoing"
screen d 'last 1'
tm kill-session -t d
_n=0
while [ ! -s "$tmp/d.st" ] && [ $_n -lt 150 ]; do
	sleep 0.1
	_n=$((_n + 1))
done
grep -Eq '^[01]$' "$tmp/d.st" 2> /dev/null
ok $? "terminal gone: meta-d ends (status $(cat "$tmp/d.st" 2> /dev/null)): $(cat "$tmp/d.err")"

summary top

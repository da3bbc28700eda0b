#!/bin/sh
#
# The machine's host name cannot inject D (SPEC 7.15): meta-d runs in a
# UTS namespace of its own (unshare --uts, as root) under host names an
# attacker with root on the generating machine could set.  Quoted, the
# host name is an escaped D string; bare, anything but a host name is an
# error; --json stays UTF-8.
#
#	sh tests/hostname.sh ./meta-d
#
# Without root or unshare it says so and is skipped.

. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ] || ! command -v unshare > /dev/null 2>&1 ||
    ! unshare --uts true 2> /dev/null; then
	echo "hostname: skipped: needs root and unshare --uts (run make" \
	    "test as root to include it)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# as HOST ARGS...: run meta-d with the host name HOST; output in
# $tmp/out, messages in $tmp/err, status in status
as() {
	h=$1
	shift
	unshare --uts sh -c 'printf %s "$1" > /proc/sys/kernel/hostname &&
	    shift && exec "$@"' sh "$h" \
	    "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
	status=$?
}

evil='x")] = count(); system("id"); @[("y'
as "$evil" -s hostname -x destructive examples/syscall-ops.json
[ "$status" -eq 0 ] && grep -qF \
    '@[("x\")] = count(); system(\"id\"); @[(\"y")] = count();' "$tmp/out"
ok $? "a quoted host name is a D string (status $status): $(cat "$tmp/out")"
grep -qF 'system("id")' "$tmp/out"
[ $? -ne 0 ]
ok $? "no system(\"id\") statement: $(cat "$tmp/out")"

as 'a"b' -s hostname examples/syscall-ops.json
[ "$status" -eq 0 ] && grep -qF '@[("a\"b")] = count();' "$tmp/out"
ok $? "a\"b gives a closed string: $(cat "$tmp/out")"

# bare, in an aggregating function: only a host name
printf '%s\n' '{ "fields": ["a"], "metad": { "probedesc": [{' \
    '"probes": ["BEGIN"], "aggregate": { "default": "count()",' \
    '"a": "sum($hostname)" }, "transforms": { "a": "1" } }] } }' \
    > "$tmp/bare.json"
as "$evil" -n a "$tmp/bare.json"
[ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^meta-d: translating: probedesc\[0\]\.aggregate\.a: \$hostname stands bare' "$tmp/err"
ok $? "a bare host name that is not one is an error: $(cat "$tmp/err")"
as 'dbhost' -n a "$tmp/bare.json"
[ "$status" -eq 0 ] && grep -qF 'sum(dbhost)' "$tmp/out"
ok $? "a bare host name that is one is put in: $(cat "$tmp/out" "$tmp/err")"
# a host name, but not D where it stands bare: refused, not printed
as 'db-2.example.com' -n a "$tmp/bare.json"
[ "$status" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qF \
    'probedesc[0].aggregate.a: D floating-point constants are not permitted' \
    "$tmp/err"
ok $? "a bare host name D cannot read is an error: $(cat "$tmp/out" "$tmp/err")"

# a host name holding $0 is not read again
printf '%s\n' '{ "fields": ["a"], "metad": { "probedesc": [' \
    '{ "probes": ["e"], "gather": { "a": { "gather": "1", "store": "thread" } } },' \
    '{ "probes": ["r"], "aggregate": { "default": "count()", "a": "count()" },' \
    '"transforms": { "a": "$0 + $hostname" }, "verify": { "a": "$0" } },' \
    '{ "probes": ["r"], "clean": { "a": "$0" } }] } }' > "$tmp/g.json"
as 'h$0' -s a "$tmp/g.json"
[ "$status" -eq 1 ] && grep -q 'host name "h\$0" cannot' "$tmp/err"
ok $? "h\$0 is not a host name D can take bare: $(cat "$tmp/out" "$tmp/err")"

# bytes that are not UTF-8: octal escapes, and --json stays UTF-8
as "$(printf 'h\377\303x')" --json -s hostname examples/syscall-ops.json
[ "$status" -eq 0 ] && grep -qF '@[(\"h\\377\\303x\")]' "$tmp/out" &&
    iconv -f UTF-8 -t UTF-8 "$tmp/out" > /dev/null 2>&1
ok $? "--json is UTF-8 whatever the host name: $(cat "$tmp/out" "$tmp/err")"

summary hostname

#!/bin/sh
#
# What every mode that traces asks first (cli_traceable.c), as a user
# who is not root (nobody, when this runs as root): --run, --run
# --prometheus and --check --compile say, in one line, that they need
# root, before anything of libdtrace is opened (no dtrace is needed
# here); a metric whose "os" leaves out this system, or whose "units"
# are malformed, is refused first, for that.
#
#	sh tests/traceable.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cp examples/linux/syscall.json tests/metrics/for-illumos.json \
    tests/metrics/units-malformed.json "$tmp/"
chmod 644 "$tmp"/*.json

unpriv true
st=$?
[ $st -ne 125 ]
ok $? "a user who is not root to run as (setpriv or su): status $st"
uid=$(unpriv id -u)
[ "$uid" -ne 0 ]
ok $? "that user is not root: uid $uid"
# notroot MODE ARG...: meta-d ARG... as that user: status 1, nothing on
# stdout, one line: MODE needs root, and what to do
notroot() {
	mode=$1
	shift
	unpriv "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "meta-d: $mode needs root: libdtrace sees this system's probes only as root (this is uid $uid); run meta-d as root, e.g. with sudo" ]
	ok $? "not root: $*: $(cat "$tmp/err")"
}
notroot --run --run -T 1 "$tmp/syscall.json"
notroot --run --run -T 1 -s execname --prometheus "$tmp/x.prom" \
    "$tmp/syscall.json"
[ ! -e "$tmp/x.prom" ]
ok $? "not root: no --prometheus file written"
notroot --compile --check --compile "$tmp/syscall.json"
notroot --compile --check --compile -s execname "$tmp/syscall.json"

# Before libdtrace: the library is never loaded (glibc's ld.so says what
# it loads with LD_DEBUG=libs; elsewhere, not looked at).
unpriv env LD_DEBUG=libs "$bin" --run -T 1 "$tmp/syscall.json" \
    > /dev/null 2> "$tmp/err"
if grep -q 'calling init' "$tmp/err"; then
	! grep -q 'library=libdtrace\|init: .*libdtrace' "$tmp/err"
	ok $? "not root: libdtrace never loaded ($(grep -c 'calling init' "$tmp/err") libraries were)"
else
	echo "traceable: whether libdtrace is loaded: not looked at (no LD_DEBUG here)"
fi

# The metric's own faults come first: root would not mend them.
unpriv "$bin" --run -T 1 "$tmp/for-illumos.json" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
    grep -q '^meta-d: for-illumos is a metric for illumos and freebsd; this is ' "$tmp/err"
ok $? "not root, a metric for other systems: that first: $(cat "$tmp/err")"
unpriv "$bin" --check --compile "$tmp/units-malformed.json" > /dev/null \
    2> "$tmp/err"
[ $? -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
    grep -q '^meta-d: meta-D is invalid: units.execname: ' "$tmp/err"
ok $? "not root, malformed units: that first: $(cat "$tmp/err")"
unpriv "$bin" --run "$tmp/units-malformed.json" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
    grep -q '^meta-d: meta-D is invalid: units.execname: ' "$tmp/err"
ok $? "not root, --run, malformed units: that first: $(cat "$tmp/err")"

# The modes that do not trace need no root.
unpriv "$bin" -s execname "$tmp/syscall.json" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ]
ok $? "not root: the scripts: $(cat "$tmp/err")"
unpriv "$bin" --check -s execname "$tmp/syscall.json" > "$tmp/out" 2> "$tmp/err"
ok $? "not root: --check: $(cat "$tmp/err")"

summary traceable

#!/bin/sh
#
# meta-d --check --compile and the dtrace command must judge scripts
# alike: a sample of requests, some each refuses and some it compiles,
# each judged both ways (meta-d --check --compile REQUEST METRIC, and the
# script of REQUEST through dtrace -xerrtags -Z -e), the two verdicts (ok,
# or the error's tag) compared, so that the two cannot drift.
#
#	sh tests/dtrace.sh [-q] BINARY
#
# DTRACE chooses the dtrace (tests/dtrace-env.sh).  Without a dtrace that
# works, this fails, saying why; with -q (as make test runs it), it is
# skipped, saying why and how to get one, and only three requests are
# compared when there is one.

quick=0
if [ "${1-}" = -q ]; then
	quick=1
	shift
fi
[ $# -ge 1 ] || { echo "usage: dtrace.sh [-q] BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh

if ! dt_find; then
	if [ "$quick" = 1 ]; then
		if [ -d ../shared/dtrace ]; then
			fix="as root, run ../shared/dtrace/setup once"
		else
			fix="install a dtrace (the system's, or Oracle's for"
			fix="$fix Linux) and run make test as root, or set"
			fix="$fix DTRACE=PATH"
		fi
		echo "dtrace: skipped, no dtrace to compare with: $dt_why ($fix)"
		exit 0
	fi
	echo "dtrace: $dt_why" >&2
	exit 1
fi
set -a
. build/dtrace/env
set +a
san_env "$bin"
if "$bin" --check --compile -T 1 tests/metrics/run-known.json \
    > /dev/null 2>&1; [ $? -eq 2 ]; then
	echo "dtrace: $bin was built without libdtrace: nothing to compare" >&2
	[ "$quick" = 1 ] && exit 0
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The sample: a metric and a request a line (the request's words as the
# shell reads them); the verdict each way must be the same.
cat > "$tmp/sample" <<'EOF'
examples/syscall-ops.json	-s execname
examples/syscall-ops.json	-s psargs
examples/syscall-ops.json	-s zonename -n latency
examples/syscall-ops.json	-n latency -p '{"eq": ["psargs", "sshd"]}'
examples/linux/io.json	-s execname -n latency
examples/linux/io.json	-p '{"eq": ["size", ""]}'
examples/linux/io.json	-p '{"eq": ["size", 0]}'
examples/linux/syscall.json	-s syscall -n latency
examples/fs-ops.json	-s execname
examples/node-http.json	-s http_method
tests/metrics/compile-psargs.json	-s psargs -n execname
tests/metrics/compile-psargs.json	-n psargs
tests/metrics/compile-absent.json	-s probe
EOF
[ "$quick" = 1 ] && sed -n '1p;2p;6p' "$tmp/sample" > "$tmp/q" &&
    mv "$tmp/q" "$tmp/sample"
# The illumos examples without their "os", which --compile refuses here
# in one line (cli_traceable.c): the compiler judges their D.
for e in fs-ops node-http syscall-ops; do
	grep -v '^  "os": ' "examples/$e.json" > "$tmp/$e.json"
done
sed "s|^examples/\([a-z-]*\)\.json|$tmp/\1.json|" "$tmp/sample" > "$tmp/q" &&
    mv "$tmp/q" "$tmp/sample"

# verdict FILE STATUS: ok, or the tag of the first error in FILE
verdict() {
	if [ "$2" -eq 0 ]; then
		echo ok
	else
		sed -n 's/.*\[\(D_[A-Z_]*\)\].*/\1/p' "$1" | head -n 1
	fi
}

same=0
tab=$(printf '\t')
while IFS=$tab read -r m words; do
	eval "set -- $words"
	"$bin" --check --compile "$@" "$m" > /dev/null 2> "$tmp/c.err"
	c=$(verdict "$tmp/c.err" $?)
	"$bin" "$@" "$m" > "$tmp/s.d" 2> "$tmp/s.err" || {
		echo "FAIL meta-d $words $m: $(cat "$tmp/s.err")"
		fail=$((fail + 1))
		continue
	}
	timeout 300 build/dtrace/dt -xerrtags -Z -e -s "$tmp/s.d" \
	    > /dev/null 2> "$tmp/d.err"
	d=$(verdict "$tmp/d.err" $?)
	[ -n "$c" ] && [ "$c" = "$d" ]
	ok $? "$m $words: --compile $c, dtrace $d: $(head -c 200 "$tmp/d.err")"
	[ "$c" = "$d" ] && same=$((same + 1))
done < "$tmp/sample"
echo "dtrace: --compile and the dtrace command agree on $same of $(wc -l < "$tmp/sample") requests"
summary dtrace

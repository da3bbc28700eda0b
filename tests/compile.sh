#!/bin/sh
#
# meta-d --check --compile against the real libdtrace, as root (SPEC 8.2):
# every Linux example compiles in every request this system can compile;
# each illumos example's refusals come with their tags and requests, and
# only the tags listed below; a metric whose D is valid but names what
# Linux lacks is refused at exactly the requests that use that name; a
# compile that crashes, or runs past its time, is reported and the others
# finish; not root gives its message.  Prints each example's refusals by
# tag (TESTING.md, "A real D compiler").
#
#	sh tests/compile.sh BINARY

[ $# -ge 1 ] || { echo "usage: compile.sh BINARY" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
if ! dt_find; then
	echo "compile: $dt_why" >&2
	exit 1
fi
set -a
. build/dtrace/env
set +a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
nozones='^meta-d: --compile: [0-9]* requests* with -z left out: this dtrace has no zones (zonename)$'

# What the illumos examples may be refused with here, by tag: each names
# what Linux's dialect lacks (zonename, pr_psargs), or a type or
# translator only illumos and Node.js declare (vnode_t in fs-ops' casts,
# Node.js' translators: D_SYNTAX, as dtrace reads an unknown type name).
allowed='
fs-ops.json		D_SYNTAX
node-http.json		D_SYNTAX
syscall-ops.json	D_IDENT_UNDEF D_XLATE_NOCONV
'

# 1. The examples: every Linux one compiles; the illumos ones, by tag.
start=$(date +%s)
printf '%-32s %7s  %s\n' metric status "refused, by tag" > "$tmp/table"
for m in examples/linux/*.json examples/*.json; do
	"$bin" --check --compile "$m" > "$tmp/out" 2> "$tmp/err"
	st=$?
	grep -v "$nozones" "$tmp/err" > "$tmp/refused"
	tags=$(sed -n 's/^meta-d: .*: \[\(D_[A-Z_]*\)\] .*/\1/p' "$tmp/refused" |
	    sort | uniq -c | awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 }')
	printf '%-32s %7s  %s\n' "$m" "$st" "${tags:--}" >> "$tmp/table"
	case $m in
	examples/linux/*)
		[ $st -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/refused" ]
		ok $? "$m: every request compiles: $(head -n 3 "$tmp/refused")"
		;;
	*)
		ok=$(echo "$allowed" | awk -v m="$(basename "$m")" '$1 == m { $1 = ""; print }')
		bad=$(sed -n 's/^meta-d: .*: \[\(D_[A-Z_]*\)\] .*/\1/p' "$tmp/refused" |
		    sort -u | while read -r t; do
			case " $ok " in *" $t "*) ;; *) echo "$t" ;; esac
		done)
		[ $st -eq 1 ] && [ -s "$tmp/refused" ] && [ -z "$bad" ] &&
		    ! grep -v '^meta-d: .*: \[D_[A-Z_]*\] ' "$tmp/refused" |
		    grep -q .
		ok $? "$m: refused only with$ok: $bad $(grep -v '\[D_' "$tmp/refused" | head -n 2)"
		;;
	esac
done
elapsed=$(($(date +%s) - start))
cat "$tmp/table"
echo "compile: every example's every request in $elapsed s"

# 2. A metric valid but for Linux's lack of pr_psargs: refused at exactly
# the requests whose script holds it (-n psargs aggregates count(): its
# script does not), and each request named.
m=tests/metrics/compile-psargs.json
"$bin" --check --compile "$m" > /dev/null 2> "$tmp/err"
st=$?
grep -v "$nozones" "$tmp/err" | sed 's/^meta-d: \(.*\): \[D_XLATE_NOCONV\] in [a-z ]*: translator does not define conversion for member: pr_psargs$/\1/' |
    sort > "$tmp/got"
sort > "$tmp/want" <<'EOF'
-p '{"eq": ["psargs", ""]}'
-s execname -s psargs
-s psargs
-s psargs -n execname
-s psargs -n syscall
-s psargs -s syscall
EOF
[ $st -eq 1 ] && cmp -s "$tmp/got" "$tmp/want"
ok $? "pr_psargs: refused at exactly the requests that use it: $(diff "$tmp/want" "$tmp/got" | tr '\n' ' ')"
while read -r label; do
	eval "set -- $label"
	"$bin" "$@" "$m" 2> /dev/null | grep -q pr_psargs
	ok $? "the refused request $label holds pr_psargs"
done < "$tmp/want"
"$bin" -n psargs "$m" 2> /dev/null | grep -q pr_psargs
[ $? -ne 0 ]
ok $? "-n psargs holds no pr_psargs, and is not refused"
"$bin" --check --compile -s psargs -n syscall "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "^meta-d: -s psargs -n syscall: \[D_XLATE_NOCONV\]" "$tmp/err"
ok $? "one request: refused, and named as given: $(cat "$tmp/err")"
"$bin" --check --compile -s execname "$m" > /dev/null 2> "$tmp/err"
ok $? "one request that compiles: status 0: $(cat "$tmp/err")"

# 3. A compile past its time, and one that crashes: reported, the others
# finish.
METAD_COMPILE_TIMEOUT=0.001 "$bin" --check --compile examples/linux/io.json \
    > /dev/null 2> "$tmp/err"
st=$?
n=$(grep -c 'the compile took more than 0.001 s, and was stopped$' "$tmp/err")
[ $st -eq 1 ] && [ "$n" -ge 10 ] &&
    ! grep -v -e "$nozones" -e 'the compile took more' -e ': \[D_[A-Z_]*\] ' \
    "$tmp/err" | grep -q .
ok $? "compiles past their time: $n reported, status $st"
# Children caught alive and stopped, then sent SIGSEGV, then let go:
# three, as one may have sent its verdict already (then it stands).  A
# compile lasts milliseconds: a run may end before one is caught, and is
# then run again, five times at most.
crashed=
tries=0
while [ -z "$crashed" ] && [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	"$bin" --check --compile examples/node-http.json > /dev/null \
	    2> "$tmp/err" &
	parent=$!
	while [ "$(echo $crashed | wc -w)" -lt 3 ] &&
	    kill -0 "$parent" 2> /dev/null; do
		for c in $(pgrep -P "$parent" 2> /dev/null); do
			case " $crashed " in *" $c "*) continue ;; esac
			kill -STOP "$c" 2> /dev/null || continue
			if [ "$(awk '{ print $3 }' "/proc/$c/stat" \
			    2> /dev/null)" = T ]; then
				kill -SEGV "$c"
				crashed="$crashed $c"
			fi
			kill -CONT "$c" 2> /dev/null
			break
		done
	done
	wait "$parent"
	st=$?
done
nc=$(grep -c 'the compiler crashed: Segmentation fault$' "$tmp/err")
nd=$(grep -c '\[D_SYNTAX\]' "$tmp/err")
[ -n "$crashed" ] && [ $st -eq 1 ] && [ "$nc" -ge 1 ] && [ "$nd" -ge 300 ]
ok $? "a compile that crashes: reported ($nc, of$crashed, run $tries), the others finished ($nd refusals of node-http's)"

# 4. Not root: compiling needs no probe enabled, and works where libdtrace
# can read what it needs (here it can); where it cannot, the message says
# that dtrace needs root.
unpriv "$bin" --check --compile examples/linux/io.json > "$tmp/out" 2> "$tmp/err"
st=$?
if [ $st -ne 125 ]; then
	{ [ $st -eq 0 ] && ! grep -v "$nozones" "$tmp/err" | grep -q .; } ||
	    { [ $st -eq 1 ] && grep -q 'dtrace needs root, and this is uid' "$tmp/err"; }
	ok $? "not root: status $st: $(head -n 2 "$tmp/err")"
fi

summary compile

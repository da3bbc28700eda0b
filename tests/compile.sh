#!/bin/sh
#
# meta-d --check --compile against the real libdtrace, as root (SPEC 8.2):
# every Linux example compiles in every request this system can compile;
# each illumos example's refusals come with their tags and requests, and
# only the tags listed below; a metric whose D is valid but names what
# Linux lacks is refused at exactly the requests that use that name; one
# that names probes this system lacks compiles (-Z's leniency); the
# requests with -z are left out, and counted on the last line; a compile
# that crashes, or runs past its time, is reported and the others finish;
# not root, refused (libdtrace sees few of the probes without root), and
# what it cannot judge; a metric for illumos, refused by its "os", and
# without it said to look written for illumos.  Prints each example's refusals by tag (TESTING.md,
# "A real D compiler").
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

# zoneline N: the line that says N requests with -z were left out (this
# dtrace, Linux', has no zones)
zoneline() {
	if [ "$1" -eq 1 ]; then
		set -- "1 request"
	else
		set -- "$1 requests"
	fi
	echo "meta-d: --compile: $1 with -z left out: this dtrace has no zones (zonename)"
}

# What the illumos examples may be refused with here, by tag: each names
# what Linux's dialect lacks (zonename, pr_psargs), or a type or
# translator only illumos and Node.js declare (vnode_t in fs-ops' casts,
# Node.js' translators: D_SYNTAX, as dtrace reads an unknown type name).
allowed='
fs-ops.json		D_SYNTAX
node-http.json		D_SYNTAX
syscall-ops.json	D_IDENT_UNDEF D_XLATE_NOCONV
'

# 1. The examples: every Linux one compiles; the illumos ones, for
# illumos by their "os", are refused in one line, and without it, by tag,
# with a line more that says they look written for illumos.
hint='^meta-d: [a-z-]* looks written for illumos: it names [a-z_]*, which only illumos has ("os": \["illumos"\] in the metric says so)$'
mkdir "$tmp/illumos"
for m in examples/*.json; do
	"$bin" --check --compile "$m" > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "meta-d: $(basename "$m" .json) is a metric for illumos; this is linux" ]
	ok $? "$m: for illumos: refused in one line: $(cat "$tmp/err")"
	grep -v '^  "os": ' "$m" > "$tmp/illumos/$(basename "$m")"
done
start=$(date +%s)
printf '%-32s %7s  %s\n' metric status "refused, by tag" > "$tmp/table"
for m in examples/linux/*.json "$tmp"/illumos/*.json; do
	"$bin" --check --compile "$m" > "$tmp/out" 2> "$tmp/err"
	st=$?
	cp "$tmp/err" "$tmp/root-$(basename "$m")"
	grep -v -e "$nozones" -e "$hint" "$tmp/err" > "$tmp/refused"
	# --check makes two requests with -z (md_checkall.c): -z global, and
	# four zones where the metric uses the zone pragma; they are left out
	# here, and the last line, alone of its kind, says how many
	nz=1
	"$bin" --to-json "$m" | grep -q '"usepragmazone": true' && nz=2
	[ "$(tail -n 1 "$tmp/err")" = "$(zoneline $nz)" ] &&
	    [ "$(grep -c "$nozones" "$tmp/err")" -eq 1 ]
	ok $? "$m: the last line says $nz request(s) with -z left out: $(tail -n 1 "$tmp/err")"
	tags=$(sed -n 's/^meta-d: .*: \[\(D_[A-Z_]*\)\] .*/\1/p' "$tmp/refused" |
	    sort | uniq -c | awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 }')
	printf '%-32s %7s  %s\n' "${m#"$tmp"/}" "$st" "${tags:--}" >> "$tmp/table"
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
		[ "$(grep -c "$hint" "$tmp/err")" -eq 1 ]
		ok $? "$m: and said to look written for illumos, once: $(grep 'looks written' "$tmp/err")"
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
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "one request that compiles, with no -z: status 0, no word: $(cat "$tmp/err")"
"$bin" --check --compile -z global -s psargs "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ "$(cat "$tmp/err")" = "$(zoneline 1)" ]
ok $? "one request with -z: left out (not refused), and said: $(cat "$tmp/err")"

# 3. A metric valid but for probes this system lacks (a provider, the
# illumos fsinfo, and a probe of sdt): compiles, every request, as dtrace
# -Z would; the dtrace command without -Z refuses it.
m=tests/metrics/compile-absent.json
"$bin" --check --compile "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ "$(cat "$tmp/err")" = "$(zoneline 1)" ]
ok $? "probes this system lacks: every request compiles (-Z): $(head -n 3 "$tmp/err")"
"$bin" -s execname "$m" > "$tmp/absent.d"
build/dtrace/dt -xerrtags -e -s "$tmp/absent.d" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '\[D_PDESC_ZERO\] .*fsinfo:::read does not match any probes' "$tmp/err"
ok $? "and dtrace -e without -Z refuses its script: $(cat "$tmp/err")"

# 4. A compile past its time, and one that crashes: reported, the others
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
# three, as one may have sent its verdict already (then it stands).  meta-d
# is started with SIGCHLD ignored, as a parent may leave it (exec keeps
# it): the kernel would then reap the children itself, and how they ended
# be lost, were it not made the default while they run.  A
# compile lasts milliseconds: the loop forks nothing where the kernel
# lists a process's children (/proc/PID/task/PID/children), and waits for
# a stop to take hold; a run may still end before one is caught, and is
# then run again, five times at most.
crashed=
ncrashed=0
tries=0
while [ $ncrashed -eq 0 ] && [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' "$bin" --check --compile \
	    "$tmp/illumos/node-http.json" > /dev/null 2> "$tmp/err" &
	parent=$!
	while [ $ncrashed -lt 3 ] && kill -0 "$parent" 2> /dev/null; do
		kids=
		if [ -r "/proc/$parent/task/$parent/children" ]; then
			read -r kids 2> /dev/null \
			    < "/proc/$parent/task/$parent/children"
		else
			kids=$(pgrep -P "$parent" 2> /dev/null)
		fi
		for c in $kids; do
			case " $crashed " in *" $c "*) continue ;; esac
			kill -STOP "$c" 2> /dev/null || continue
			n=0
			while [ $n -lt 200 ]; do
				state=
				read -r _ _ state _ 2> /dev/null < "/proc/$c/stat"
				case $state in T | Z | '') break ;; esac
				n=$((n + 1))
			done
			if [ "$state" = T ]; then
				kill -SEGV "$c"
				crashed="$crashed $c"
				ncrashed=$((ncrashed + 1))
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

# 5. Not root: libdtrace would compile without root here (nothing is
# enabled; /proc/kallsyms and the kernel's BTF are open to all), but it
# cannot read tracefs (/sys/kernel/debug is root's): syscall, sdt, rawtp
# and cpc have no probe for it, which -Z would let pass, and their
# probes' args[] would be refused (a metric using args[0] of
# syscall::read:entry, which root compiles).  Such verdicts are wrong, so
# --compile refuses to give them: status 1, a message naming root.
m=tests/metrics/compile-args.json
"$bin" --check --compile -s fd "$m" > /dev/null 2> "$tmp/err"
ok $? "root: args[0] of syscall::read:entry compiles: $(cat "$tmp/err")"
if unpriv true; then
	for m in examples/linux/io.json tests/metrics/compile-args.json; do
		unpriv "$bin" --check --compile "$m" > "$tmp/out" 2> "$tmp/err"
		[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
		    [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
		    grep -q '^meta-d: --compile needs root: libdtrace sees this system.s probes only as root (this is uid [0-9]*); run meta-d as root, e.g. with sudo$' "$tmp/err"
		ok $? "not root: $m: status 1 and why: $(cat "$tmp/err")"
	done
fi

# 6. A metric written for illumos, without "os": a refused compile says,
# in a line more, that it looks written for illumos, naming the name that
# only illumos has (zonename), for --compile and for --run; a script of it
# that compiles says nothing of the kind; with "os" it is refused before.
m=tests/metrics/illumos-no-os.json
w="meta-d: illumos-no-os looks written for illumos: it names zonename, which only illumos has (\"os\": [\"illumos\"] in the metric says so)"
"$bin" --check --compile -s zone "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 2 ] &&
    grep -q '^meta-d: -s zone: \[D_IDENT_UNDEF\] .*zonename' "$tmp/err" &&
    [ "$(tail -n 1 "$tmp/err")" = "$w" ]
ok $? "--compile, zonename refused: said to look written for illumos: $(cat "$tmp/err")"
timeout -s INT 120 "$bin" --run -T 1 -s zone "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 2 ] &&
    grep -q '^meta-d: --run: failed to compile the script: .*zonename' "$tmp/err" &&
    [ "$(tail -n 1 "$tmp/err")" = "$w" ]
ok $? "--run, zonename refused: said to look written for illumos: $(cat "$tmp/err")"
"$bin" --check --compile -s execname "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "a request of it that compiles: no word: $(cat "$tmp/err")"
"$bin" --check --compile -s zone tests/metrics/for-illumos.json \
    > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/err")" = "meta-d: for-illumos is a metric for illumos and freebsd; this is linux" ]
ok $? "with os: refused before the compiler: $(cat "$tmp/err")"

summary compile

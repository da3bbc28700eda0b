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
# without it said to look written for illumos; the whole example library
# judged in one invocation, with node's D library (-L examples/node);
# several metrics at once, each refusal naming its metric; one line per
# cause, -v every request; silence on success; -L with a library a
# metric needs, without it, and not a directory.  Prints each example's
# refusals by tag (TESTING.md, "A real D compiler").
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

# What the examples may be refused with here, by tag: each names what
# Linux's dialect lacks (zonename, pr_psargs, illumos' kernel types and
# members), or a type or translator only illumos and Node.js declare
# (vnode_t in fs-ops' casts, Node.js' translators without -L: D_SYNTAX,
# as dtrace reads an unknown type name).
allowed='
fs-ops			D_SYNTAX
node-http		D_SYNTAX
syscall-ops		D_IDENT_UNDEF D_XLATE_NOCONV
'
# a refusal line: "meta-d: METRIC: REQUEST: [D_TAG] ...", or one cause of
# several requests: "meta-d: METRIC: N requests (first: REQUEST): ..."
refusal='^meta-d: [a-z-]*: .*\[D_[A-Z_]*\] '
# tagsof FILE: METRIC TAG, a line per refusal line of FILE
tagsof() {
	sed -n 's/^meta-d: \([a-z-]*\): .*\[\(D_[A-Z_]*\)\] .*/\1 \2/p' "$1"
}

# 1. The whole example library in one invocation, with node's library
# (-L examples/node): every Linux example compiles in every request this
# system can compile, each illumos one is refused by its "os" in one line,
# and node-http (for illumos and Linux) is refused only where it names
# what only illumos has (zonename, psargs, and its parent's, read through
# illumos' kernel): a line per cause, each naming its metric.
hint='^meta-d: [a-z-]* looks written for illumos: it names [a-z_]*, which only illumos has ("os": \["illumos"\] in the metric says so)$'
start=$(date +%s)
"$bin" --check --compile -L examples/node examples/*.json \
    examples/linux/*.json > "$tmp/out" 2> "$tmp/err"
st=$?
elapsed=$(($(date +%s) - start))
for m in examples/*.json; do
	n=$(basename "$m" .json)
	case $n in node-http) continue ;; esac
	[ "$(grep -c "^meta-d: $n " "$tmp/err")" -eq 1 ] &&
	    grep -q "^meta-d: $n is a metric for illumos; this is linux$" "$tmp/err" &&
	    ! grep -q "^meta-d: $n: " "$tmp/err"
	ok $? "library: $m: for illumos: refused in one line, not compiled"
done
for m in examples/linux/*.json; do
	! grep -q "^meta-d: linux/$(basename "$m" .json)[: ]" "$tmp/err"
	ok $? "library: $m: every request compiles: $(grep "linux/$(basename "$m" .json)" "$tmp/err" | head -n 2)"
done
grep '^meta-d: node-http: ' "$tmp/err" > "$tmp/node"
# each cause once: zonename, psargs (pr_psargs), the parent's psargs and
# name (t_procp: illumos' kthread_t), each in an action or a predicate
# (two messages); no other
[ "$(wc -l < "$tmp/node")" -le 6 ] &&
    [ "$(sort -u "$tmp/node" | wc -l)" -eq "$(wc -l < "$tmp/node")" ] &&
    grep -q ': \[D_IDENT_UNDEF\] .*zonename' "$tmp/node" &&
    grep -q ': \[D_XLATE_NOCONV\] .*pr_psargs$' "$tmp/node" &&
    grep -q ': \[D_TYPE_MEMBER\] .*t_procp' "$tmp/node" &&
    ! grep -v -e zonename -e pr_psargs -e t_procp "$tmp/node" | grep -q . &&
    [ "$(grep -v -e "$refusal" -e 'is a metric for illumos; this is linux$' \
    "$tmp/err" | wc -l)" -eq 0 ] &&
    [ $st -eq 1 ] && [ ! -s "$tmp/out" ]
ok $? "library: node-http with -L: refused only on names only illumos has, a line per cause: $(cat "$tmp/node")"
for f in http_method http_url raddr rport latency; do
	! grep -q "^meta-d: node-http: -s $f: \|(first: -s $f)" "$tmp/node"
	ok $? "library: node-http with -L: -s $f compiles"
	"$bin" --check --compile -L examples/node -s "$f" examples/node-http.json \
	    > /dev/null 2> "$tmp/one"
	[ $? -eq 0 ] && [ ! -s "$tmp/one" ]
	ok $? "node-http -L examples/node -s $f: compiles, no word: $(cat "$tmp/one")"
	"$bin" --check --compile -s "$f" examples/node-http.json \
	    > /dev/null 2> "$tmp/one"
	[ $? -eq 1 ] && grep -q "^meta-d: node-http: -s $f: \[D_SYNTAX\] .*node_connection_t \*>" "$tmp/one"
	ok $? "node-http -s $f without -L: refused as before: $(cat "$tmp/one")"
done
echo "compile: the example library (every metric, every request) in $elapsed s"

# The illumos examples without their "os", in one invocation: each
# refused by tag, a line per cause, and said, once, to look written for
# illumos.
mkdir "$tmp/illumos"
for m in examples/*.json; do
	grep -v '^  "os": ' "$m" > "$tmp/illumos/$(basename "$m")"
done
"$bin" --check --compile "$tmp"/illumos/*.json > "$tmp/out" 2> "$tmp/err"
st=$?
printf '%-32s %s\n' metric "refused, by tag (causes)" > "$tmp/table"
for m in "$tmp"/illumos/*.json; do
	n=$(basename "$m" .json)
	ok=$(echo "$allowed" | awk -v m="$n" '$1 == m { $1 = ""; print }')
	tagsof "$tmp/err" | awk -v m="$n" '$1 == m { print $2 }' > "$tmp/tags"
	bad=$(sort -u "$tmp/tags" | while read -r t; do
		case " $ok " in *" $t "*) ;; *) echo "$t" ;; esac
	done)
	[ $st -eq 1 ] && [ -s "$tmp/tags" ] && [ -z "$bad" ]
	ok $? "$n without os: refused only with$ok: $bad"
	[ "$(grep -c "^meta-d: $n looks written for illumos" "$tmp/err")" -eq 1 ]
	ok $? "$n without os: said to look written for illumos, once"
	tags=$(sort "$tmp/tags" | uniq -c |
	    awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 }')
	printf '%-32s %s\n' "$n" "${tags:--}" >> "$tmp/table"
done
! grep -v -e "$refusal" -e "$hint" "$tmp/err" | grep -q .
ok $? "without os: only refusals and hints: $(grep -v -e "$refusal" -e "$hint" "$tmp/err" | head -n 2)"
cat "$tmp/table"

# 2. A metric valid but for Linux's lack of pr_psargs: refused at exactly
# the requests whose script holds it (-n psargs aggregates count(): its
# script does not), and each request named.
m=tests/metrics/compile-psargs.json
"$bin" --check --compile -v "$m" > /dev/null 2> "$tmp/err"
st=$?
grep -v "$nozones" "$tmp/err" | sed 's/^meta-d: compile-psargs: \(.*\): \[D_XLATE_NOCONV\] in [a-z ]*: translator does not define conversion for member: pr_psargs$/\1/' |
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
ok $? "-v: pr_psargs: refused at exactly the requests that use it, each said: $(diff "$tmp/want" "$tmp/got" | tr '\n' ' ')"
[ "$(tail -n 1 "$tmp/err")" = "$(zoneline 1)" ] &&
    [ "$(grep -c "$nozones" "$tmp/err")" -eq 1 ]
ok $? "-v: the last line says the request with -z left out: $(tail -n 1 "$tmp/err")"
"$bin" --check --compile "$m" > /dev/null 2> "$tmp/err"
st=$?
# the lines -v gives, grouped by message as meta-d's own lines must be
"$bin" --check --compile -v "$m" 2>&1 | grep -v "$nozones" | awk '
{
	i = index($0, ": [D_")
	label = substr($0, 25, i - 25)	# after "meta-d: compile-psargs: "
	msg = substr($0, i + 2)
	if (!(msg in n)) { order[++k] = msg; first[msg] = label }
	n[msg]++
}
END {
	for (j = 1; j <= k; j++) {
		m = order[j]
		if (n[m] == 1)
			print "meta-d: compile-psargs: " first[m] ": " m
		else
			print "meta-d: compile-psargs: " n[m] " requests (first: " first[m] "): " m
	}
}' > "$tmp/grouped"
[ $st -eq 1 ] && [ -s "$tmp/grouped" ] && cmp -s "$tmp/grouped" "$tmp/err" &&
    [ "$(wc -l < "$tmp/err")" -lt 6 ]
ok $? "one cause, one line: the requests -v names, counted, the first named: $(cat "$tmp/err")"
while read -r label; do
	eval "set -- $label"
	"$bin" "$@" "$m" 2> /dev/null | grep -q pr_psargs
	ok $? "the refused request $label holds pr_psargs"
done < "$tmp/want"
"$bin" -n psargs "$m" 2> /dev/null | grep -q pr_psargs
[ $? -ne 0 ]
ok $? "-n psargs holds no pr_psargs, and is not refused"
"$bin" --check --compile -s psargs -n syscall "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "^meta-d: compile-psargs: -s psargs -n syscall: \[D_XLATE_NOCONV\]" "$tmp/err"
ok $? "one request: refused, and named as given: $(cat "$tmp/err")"
"$bin" --check --compile -s execname "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "one request that compiles, with no -z: status 0, no word: $(cat "$tmp/err")"
"$bin" --check --compile -z global -s psargs "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "one request with -z: left out (not refused), no word: $(cat "$tmp/err")"
"$bin" --check --compile -v -z global -s psargs "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ "$(cat "$tmp/err")" = "$(zoneline 1)" ]
ok $? "and with -v, said: $(cat "$tmp/err")"

# 3. A metric valid but for probes this system lacks (a provider, the
# illumos fsinfo, and a probe of sdt): compiles, every request, as dtrace
# -Z would; the dtrace command without -Z refuses it.
m=tests/metrics/compile-absent.json
"$bin" --check --compile "$m" > /dev/null 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "probes this system lacks: every request compiles (-Z), no word: $(head -n 3 "$tmp/err")"
"$bin" -s execname "$m" > "$tmp/absent.d"
build/dtrace/dt -xerrtags -e -s "$tmp/absent.d" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '\[D_PDESC_ZERO\] .*fsinfo:::read does not match any probes' "$tmp/err"
ok $? "and dtrace -e without -Z refuses its script: $(cat "$tmp/err")"

# 3b. Several metrics in one call: each refusal names its metric, a
# refused metric does not stop the others (one after it is judged too),
# status 1; a metric that compiles says nothing.
"$bin" --check --compile tests/metrics/illumos-no-os.json \
    tests/metrics/compile-absent.json tests/metrics/compile-psargs.json \
    > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^meta-d: illumos-no-os: .*\[D_IDENT_UNDEF\] .*zonename' "$tmp/err" &&
    grep -q '^meta-d: compile-psargs: .*\[D_XLATE_NOCONV\] .*pr_psargs$' "$tmp/err" &&
    ! grep -q 'compile-absent' "$tmp/err" &&
    ! grep -v -e "$refusal" -e "$hint" "$tmp/err" | grep -q .
ok $? "several metrics: each refusal names its metric, the others judged, status $st: $(cat "$tmp/err")"
"$bin" --check --compile examples/linux/syscall.json \
    tests/metrics/compile-absent.json > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]
ok $? "several metrics that compile (with -z requests left out): status 0, silence: $(cat "$tmp/err")"
"$bin" --check --compile tests/metrics/for-illumos.json \
    tests/metrics/compile-absent.json > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/err")" = "meta-d: for-illumos is a metric for illumos and freebsd; this is linux" ]
ok $? "a metric for other systems among several: one line, the others judged: $(cat "$tmp/err")"

# 3c. -L DIR: a library that declares the translator a metric reads
# (tests/dlib/metad-test.d): with it every request compiles, and --run
# traces with it; without it, the requests that read it are refused.
m=tests/metrics/compile-xlate.json
"$bin" --check --compile -L tests/dlib "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "-L tests/dlib: the library's translator: compiles: $(cat "$tmp/err")"
"$bin" --check --compile -v "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: compile-xlate: -s name: \[D_' "$tmp/err" &&
    ! grep -q '^meta-d: compile-xlate: -s execname: ' "$tmp/err"
ok $? "without -L: the requests on the translator refused, the others not: $(head -n 2 "$tmp/err")"
"$bin" --check --compile -L tests/no-such-dir "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
    grep -q '^meta-d: -L "tests/no-such-dir": not a readable directory' "$tmp/err"
ok $? "-L that is not a directory: status 2, one line: $(cat "$tmp/err")"
timeout -s INT 60 "$bin" --run -T 1 -L tests/dlib -s name "$m" \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ]
ok $? "--run -L tests/dlib: traces with the library: $(cat "$tmp/err")"

# 4. A compile past its time, and one that crashes: reported, the others
# finish.
METAD_COMPILE_TIMEOUT=0.001 "$bin" --check --compile -v examples/linux/io.json \
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
	perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' "$bin" --check --compile -v \
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
    grep -q '^meta-d: illumos-no-os: -s zone: \[D_IDENT_UNDEF\] .*zonename' "$tmp/err" &&
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

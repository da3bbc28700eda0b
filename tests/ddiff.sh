#!/bin/sh
#
# meta-d's D checker against a real dtrace: valid D, broken on purpose,
# judged by both.
#
#	sh tests/ddiff.sh BINARY [MUTANTS-PER-SEED]
#
# First, the programs the unit tests refuse (tests/drefused.h, written out
# by tests/dcases): dtrace must refuse each as the case says, and meta-d
# on the same line.
#
# The seeds are the project's corpus of valid D (tests/d/*.d) and the
# scripts meta-d makes of the Linux examples (none, -s of the first field,
# -n of the last);
# each must be accepted by both, dtrace -xerrtags -e -Z and meta-d
# --check-d.  tests/dmutate breaks each seed in MUTANTS-PER-SEED ways
# (default 10), one change each, and both judge every mutant; dtrace runs
# two at a time.  Counted:
#
#	dtrace accepts, meta-d refuses		must be 0 (no false alarm)
#	dtrace says [D_SYNTAX], meta-d accepts	must be below 5%
#	both refuse: the line each names	reported, equal or not
#
# With DDIFF_SEEDS set to a directory of public D as tests/dcorpus.sh
# reads it, after dcorpus.sh has judged it with a dtrace, every file there
# that dtrace accepted (FILE.dt is "ok") is a seed too, not compiled again.
#
# Other refusals of dtrace's (names, types, probes it cannot know without
# a kernel) are counted apart: meta-d judges no types.  The table of every
# mutant is left in build/ddiff/results.txt, the summary is printed, and
# the status is 1 if a rule above is broken.  DTRACE chooses the dtrace
# (tests/dtrace-env.sh); without one that works, this fails, saying why.

[ $# -ge 1 ] || { echo "usage: ddiff.sh BINARY [MUTANTS-PER-SEED]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
per=${2:-10}

if ! dt_find; then
	echo "ddiff: $dt_why" >&2
	exit 1
fi
for t in dmutate dcases; do
	[ -x tests/$t ] || { echo "ddiff: tests/$t is not built" >&2; exit 1; }
done

dir=build/ddiff
rm -rf "$dir"
mkdir -p "$dir/seeds" "$dir/mutants" "$dir/refused"

# The seeds: the corpus, and the Linux examples' scripts.
for f in tests/d/*.d; do
	[ -f "$f" ] || continue
	cp "$f" "$dir/seeds/$(basename "$f")"
done
if [ -n "${DDIFF_SEEDS:-}" ]; then
	case $DDIFF_SEEDS in
	/*) ;;
	*) DDIFF_SEEDS=$OLDPWD/$DDIFF_SEEDS ;;
	esac
	for f in "$DDIFF_SEEDS"/*/*.d; do
		[ "$(cat "$f.dt" 2> /dev/null)" = ok ] || continue
		src=$(basename "$(dirname "$f")")
		[ "$src" = needs-cpp ] && continue
		cp "$f" "$dir/seeds/$src-$(basename "$f")"
		cp "$f.dt" "$dir/seeds/$src-$(basename "$f").dt"
	done
fi
# seed FILE ARG...: meta-d's script of ARG... into FILE; its warnings
# (-n of a field counted, -s of a distributed one: meant here) not shown
seed() {
	_out=$1
	shift
	"$bin" "$@" > "$_out" 2> "$_out.err"
	_st=$?
	grep -v '^meta-d: warning: ' "$_out.err" >&2
	rm -f "$_out.err"
	return $_st
}
# Three of each Linux example's: with no option, by its first field and
# quantized by its last (each metric's probes, transforms and
# aggregations; the library's 20 metrics make ~250 scripts of every
# field, whose mutants would add minutes to CI and little variety).
for m in examples/linux/*.json; do
	base=$(basename "$m" .json)
	seed "$dir/seeds/ex-$base.d" "$m" || exit 1
	fields=$("$bin" --list-fields "$m" | awk '{ print $1 }')
	f=$(echo "$fields" | head -n 1)
	seed "$dir/seeds/ex-$base-s-$f.d" -s "$f" "$m" || exit 1
	f=$(echo "$fields" | tail -n 1)
	seed "$dir/seeds/ex-$base-n-$f.d" -n "$f" "$m" || exit 1
done

# compile FILE...: dtrace's verdict on each, into FILE.dt: "ok", or the
# tag, the line and the message of its error
compile() {
	printf '%s\n' "$@" | xargs -P2 -I{} sh -c '
		if build/dtrace/dt -xerrtags -e -Z -s "$1" > /dev/null 2> "$1.err"; then
			echo ok > "$1.dt"
		else
			head -n 1 "$1.err" | sed "s/^dtrace: failed to compile script [^:]*: //" > "$1.dt"
		fi' sh {}
}

# dtrace's verdict, and its line ("-" for none), of FILE.dt
dt_tag() {
	sed -n '1{s/^ok$/ok/p;t;s/^\[\([A-Z_a-z0-9]*\)\].*/\1/p;t;s/.*/untagged/p;}' "$1.dt"
}
dt_line() {
	sed -n '1{s/.* line \([0-9][0-9]*\):.*/\1/p;t;s/.*/-/p;}' "$1.dt"
}

# meta-d's verdict: "ok", or the line of its error
md_judge() {
	if "$bin" --check-d "$1" > /dev/null 2> "$1.md"; then
		echo ok
	else
		sed -n '1s/^meta-d: [^:]*:\([0-9]*\):[0-9]*: .*/\1/p' "$1.md"
	fi
}

# The unit tests' refused programs: dtrace's message, and meta-d's line.
tests/dcases "$dir/refused/case" > "$dir/refused/manifest" || exit 1
echo "ddiff: $(wc -l < "$dir/refused/manifest") refused programs of the unit tests"
compile $(cut -f1 "$dir/refused/manifest")
bad=0
while IFS='	' read -r f dtwant mdwant; do
	dt=$(cat "$f.dt")
	md=$("$bin" --check-d "$f" 2>&1 > /dev/null | head -n 1 |
	    sed 's/^meta-d: [^:]*://')
	if [ "$dt" != "$dtwant" ]; then
		echo "ddiff: $f: dtrace says $dt, not $dtwant" >&2
		bad=1
	fi
	line=$(dt_line "$f")
	if [ "$md" != "$mdwant" ] || [ "$line" != "${md%%:*}" ]; then
		echo "ddiff: $f: meta-d says $md, not $mdwant" \
		    "(dtrace: line $line)" >&2
		bad=1
	fi
done < "$dir/refused/manifest"
[ "$bad" = 0 ] || exit 1

echo "ddiff: $(ls "$dir"/seeds/*.d | wc -l) seeds"
compile $(for s in "$dir"/seeds/*.d; do [ -f "$s.dt" ] || echo "$s"; done)
bad=0
for s in "$dir"/seeds/*.d; do
	dt=$(dt_tag "$s")
	md=$(md_judge "$s")
	if [ "$dt" != ok ]; then
		echo "ddiff: seed $(basename "$s"): dtrace refuses it: $(cat "$s.dt")" >&2
		bad=1
	fi
	if [ "$md" != ok ]; then
		echo "ddiff: seed $(basename "$s"): meta-d refuses it: $(cat "$s.md")" >&2
		bad=1
	fi
done
[ "$bad" = 0 ] || exit 1

: > "$dir/manifest"
n=0
for s in "$dir"/seeds/*.d; do
	n=$((n + 1))
	tests/dmutate "$n" "$per" "$s" "$dir/mutants/$(basename "$s" .d)" >> "$dir/manifest" ||
	    exit 1
done
echo "ddiff: $(wc -l < "$dir/manifest") mutants, compiling two at a time"
compile $(cut -f1 "$dir/manifest")

# name, change, dtrace's tag and line, meta-d's verdict (ok or line)
printf 'mutant\tchange\tdtrace\tdline\tmeta-d\n' > "$dir/results.txt"
while IFS='	' read -r f what; do
	printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$f")" "$what" "$(dt_tag "$f")" \
	    "$(dt_line "$f")" "$(md_judge "$f")"
done < "$dir/manifest" >> "$dir/results.txt"

awk -F '\t' '
NR == 1 { next }
{
	total++
	lexer = ($3 ~ /^D_(INT_DIGIT|INT_OFLOW|FLT|CHR_|STR_NL|PRAGERR|PRAGMA_|CTL|UNKNOWN)/)
	if ($3 == "ok") {
		dok++
		if ($5 != "ok") { falarm++; fa = fa "\n  " $1 " (" $2 "): meta-d line " $5 }
	} else if ($3 == "D_SYNTAX" || lexer) {
		dsyn++
		if ($5 == "ok") { missed++; mi = mi "\n  " $1 " (" $2 "): [" $3 "] line " $4 }
		else if ($4 != "-") {
			lines++
			if ($4 == $5) same++
			else di = di "\n  " $1 " (" $2 "): dtrace line " $4 ", meta-d line " $5
		}
	} else {
		other++
		if ($5 != "ok") otherref++
	}
}
END {
	printf "mutants                                  %d\n", total
	printf "dtrace accepts                           %d\n", dok
	printf "  and meta-d refuses (must be 0)         %d%s\n", falarm, fa
	printf "dtrace: syntax ([D_SYNTAX], lexer tags)  %d\n", dsyn
	printf "  and meta-d accepts (must be < 5%%)      %d (%.1f%%)%s\n", missed, dsyn ? 100 * missed / dsyn : 0, mi
	printf "  both refuse, lines equal               %d of %d%s\n", same, lines, di
	printf "dtrace: other errors (types, names)      %d\n", other
	printf "  and meta-d refuses too                 %d\n", otherref
	exit (falarm > 0 || (dsyn > 0 && missed * 100 >= 5 * dsyn)) ? 1 : 0
}' "$dir/results.txt"

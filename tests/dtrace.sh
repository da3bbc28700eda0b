#!/bin/sh
#
# Every script a user can ask of each example metric, compiled by a real
# dtrace (dtrace -xerrtags -e), two at a time.
#
#	sh tests/dtrace.sh [-q] BINARY [METRIC ...]
#
# For each metric (default: examples/*.json and examples/linux/*.json):
# no decomposition; each field with -s; each field with -n; each (-s, -n)
# pair; a predicate on each field (a string with a string field, a number
# with a numeric one); zones where the metric has them; -x quiet -i 1s;
# -T 10s.  Identical scripts are compiled once.  The Linux examples must
# all compile.  The illumos examples may fail only with the errors listed
# below, each naming a feature Linux's dialect lacks, and never with
# [D_SYNTAX]; they are compiled with -Z, so that probes this system does not
# have do not hide the rest of the script, and after tests/dtrace-illumos.d,
# which declares the illumos types and Node.js translators they use (a
# cast to a type dtrace does not know is a syntax error to it).
#
# Prints a table (metric, scripts, compiled, failed by tag) and fails on
# any other error, showing the command, the script and dtrace's message.
#
# DTRACE chooses the dtrace (see tests/dtrace-env.sh).  Without a dtrace
# that works, the checks fail, saying why; with -q (as make test runs it)
# they are skipped, saying why, and only a few scripts are compiled when
# there is one.

quick=0
if [ "${1-}" = -q ]; then
	quick=1
	shift
fi
[ $# -ge 1 ] || { echo "usage: dtrace.sh [-q] BINARY [METRIC ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
. tests/dtrace-env.sh
shift
[ $# -gt 0 ] || set -- examples/linux/*.json examples/*.json

if ! dt_find; then
	if [ "$quick" = 1 ]; then
		echo "dtrace: skipped: $dt_why"
		exit 0
	fi
	echo "dtrace: $dt_why" >&2
	exit 1
fi

# The kind of each example field whose transform meta-d cannot type
# (SPEC 7.16 leaves it unknown): string, number, or none for a symbol,
# which D compares with nothing.  The other fields' kinds come from meta-d.
kinds='
io.json		device		string
io.json		size		number
offcpu.json	pid		number
offcpu.json	offcpu		number
profile.json	kfunc		none
profile.json	ufunc		none
syscall-ops.json psargs		string
node-http.json	psargs		string
node-http.json	pexecname	string
node-http.json	ppsargs		string
node-http.json	http_method	string
node-http.json	http_url	string
node-http.json	http_origin	string
node-http.json	raddr		string
fs-ops.json	fstype		string
'

# What the illumos examples may fail with on Linux: the metric, the tag,
# and what the message says (an awk pattern), which names the illumos-only
# feature; separated by tabs.
expected='
syscall-ops.json	D_IDENT_UNDEF	failed to resolve zonename
syscall-ops.json	D_XLATE_NOCONV	conversion for member: pr_psargs
node-http.json		D_IDENT_UNDEF	failed to resolve zonename
node-http.json		D_XLATE_NOCONV	conversion for member: pr_psargs
node-http.json		D_TYPE_MEMBER	t_procp is not a member of struct task_struct
node-http.json		D_PRAGMA_OPTSET	failed to set option .zone. to
fs-ops.json		D_IDENT_UNDEF	failed to resolve zonename
'

out=build/dtrace/check
rm -rf "$out"
mkdir -p "$out"
for metric in "$@"; do echo "$metric"; done > "$out/metrics"
dt=build/dtrace/dt
start=$(date +%s)

# kind METRIC FIELD: string, number or none
kind() {
	k=$(echo "$kinds" | awk -v m="$(basename "$1")" -v f="$2" \
	    '$1 == m && $2 == f { print $3 }')
	if [ -n "$k" ]; then
		echo "$k"
		return
	fi
	if ! err=$("$bin" -p "{\"ne\": [\"$2\", \"metad\"]}" "$1" 2>&1 \
	    > /dev/null); then
		case $err in *"a number here"*) echo number; return ;; esac
	fi
	if ! err=$("$bin" -p "{\"gt\": [\"$2\", 0]}" "$1" 2>&1 > /dev/null); then
		case $err in *"a string here"*) echo string; return ;; esac
	fi
	echo unknown
}

# cases METRIC: its cases, one a line, the arguments separated by tabs
cases() {
	fields=$("$bin" --list-fields "$1") || return 1
	tab=$(printf '\t')
	echo
	for f in $fields; do echo "-s$tab$f"; done
	for f in $fields; do echo "-n$tab$f"; done
	for a in $fields; do
		for b in $fields; do
			[ "$a" = "$b" ] || echo "-s$tab$a$tab-n$tab$b"
		done
	done
	for f in $fields; do
		case $(kind "$1" "$f") in
		string) echo "-p$tab{\"ne\": [\"$f\", \"metad\"]}" ;;
		number) echo "-p$tab{\"gt\": [\"$f\", 0]}" ;;
		none) ;;
		*) echo "the kind of \"$f\" in $1 is unknown: give it in" \
		    "tests/dtrace.sh" >&2
		    return 1 ;;
		esac
	done
	if echo "$fields" | grep -qx zonename ||
	    grep -q '"usepragmazone": *true' "$1"; then
		echo "-z${tab}global"
		echo "-z${tab}global$tab-z${tab}web1"
	fi
	echo "-x${tab}quiet$tab-i${tab}1s"
	echo "-s$tab$(echo "$fields" | head -1)$tab-T${tab}10s"
}

# Generate every case of every metric into $out/M/CASE/*.d; each case
# keeps its command in cmd, each script its flags for dtrace in .flags.
: > "$out/scripts"
m=0
while read -r metric; do
	m=$((m + 1))
	case $metric in
	examples/linux/*) flags= ;;
	*) flags="-Z -s tests/dtrace-illumos.d" ;;
	esac
	cases "$metric" > "$out/cases.$m" || { echo "FAIL $metric: no cases"; exit 1; }
	[ "$quick" = 1 ] && sed -n '1p;2p;$p' "$out/cases.$m" > "$out/q" &&
	    mv "$out/q" "$out/cases.$m"
	c=0
	while IFS= read -r line; do
		c=$((c + 1))
		d=$out/$m/$c
		mkdir -p "$d"
		set -f
		oldifs=$IFS
		IFS=$(printf '\t')
		# shellcheck disable=SC2086 # the tabs separate the arguments
		set -- $line
		IFS=$oldifs
		set +f
		echo "meta-d${*:+ $*} -o $d $metric" > "$d/cmd"
		if ! "$bin" "$@" -o "$d" "$metric" > "$d/written" 2> "$d/err"; then
			echo "FAIL meta-d refused: $(cat "$d/cmd")"
			sed 's/^/    /' "$d/err"
			exit 1
		fi
		while read -r s; do
			echo "$flags" > "$s.flags"
			echo "$m $metric $s" >> "$out/scripts"
		done < "$d/written"
	done < "$out/cases.$m"
done < "$out/metrics"

# Compile each distinct script once, two at a time.
cat > "$out/compile1" <<'EOF'
#!/bin/sh
# compile1 SCRIPT: compile it; dtrace's messages to SCRIPT.err, status to
# SCRIPT.rc
flags=$(cat "$1.flags")
# shellcheck disable=SC2086
timeout 300 build/dtrace/dt -xerrtags $flags -e -s "$1" > /dev/null 2> "$1.err"
echo $? > "$1.rc"
EOF
: > "$out/distinct"
: > "$out/seen"
while read -r m metric s; do
	sum=$(cksum < "$s" | tr ' ' -)-$(tr ' ' - < "$s.flags")
	first=$(awk -v k="$sum" '$1 == k { print $2; exit }' "$out/seen")
	if [ -z "$first" ]; then
		echo "$sum $s" >> "$out/seen"
		echo "$s" >> "$out/distinct"
		first=$s
	fi
	echo "$first" > "$s.same"
done < "$out/scripts"
xargs -P 2 -n 1 sh "$out/compile1" < "$out/distinct"

# Judge every script by its distinct twin's result.
unexpected=0
: > "$out/results"
while read -r m metric s; do
	t=$(cat "$s.same")
	rc=$(cat "$t.rc")
	if [ "$rc" = 0 ]; then
		echo "$m ok" >> "$out/results"
		continue
	fi
	msg=$(grep -v '^$' "$t.err" | head -1)
	tag=$(echo "$msg" | sed -n 's/.*\[\(D_[A-Z_0-9]*\)\].*/\1/p')
	[ -n "$tag" ] || tag=NOTAG
	ok=0
	case $metric in
	examples/linux/*) ;;
	*)
		[ "$tag" != D_SYNTAX ] && echo "$expected" | awk -F '\t+' \
		    -v m="$(basename "$metric")" -v t="$tag" -v msg="$msg" '
			$1 == m && $2 == t && msg ~ $3 { found = 1 }
			END { exit !found }' && ok=1 ;;
	esac
	if [ "$ok" = 1 ]; then
		echo "$m $tag" >> "$out/results"
		continue
	fi
	echo "$m UNEXPECTED:$tag" >> "$out/results"
	unexpected=$((unexpected + 1))
	echo "FAIL $(cat "$(dirname "$s")/cmd")"
	echo "    dtrace -xerrtags $(cat "$s.flags") -e -s $s:"
	sed 's/^/    | /' "$s"
	sed 's/^/    dtrace: /' "$t.err" | head -5
done < "$out/scripts"

# The table.
echo
printf '%-30s %8s %9s %8s  %s\n' metric scripts distinct compiled "failed, by tag"
m=0
while read -r metric; do
	m=$((m + 1))
	n=$(awk -v m=$m '$1 == m' "$out/scripts" | wc -l)
	dn=$(awk -v m=$m '$1 == m { print $3 }' "$out/scripts" | while read -r s; do
		cat "$s.same"; done | sort -u | wc -l)
	okn=$(awk -v m=$m '$1 == m && $2 == "ok"' "$out/results" | wc -l)
	tags=$(awk -v m=$m '$1 == m && $2 != "ok" { print $2 }' "$out/results" |
	    sort | uniq -c | awk '{ printf "%s%s %d", sep, $2, $1; sep = ", " }')
	printf '%-30s %8d %9d %8d  %s\n' "$metric" "$n" "$dn" "$okn" "${tags:--}"
done < "$out/metrics"
total=$(wc -l < "$out/scripts")
echo "dtrace: $total scripts ($(wc -l < "$out/distinct") distinct) in" \
    "$(($(date +%s) - start)) s with $($dt -V 2>&1 | head -1)," \
    "$unexpected unexpected"
[ "$unexpected" -eq 0 ]

#!/bin/sh
#
# meta-d --check-d on public D: what it accepts and refuses, per source.
#
#	sh tests/dcorpus.sh BINARY DIR
#
# DIR holds one directory per source (illumos, dtrace-utils, apple,
# dtracetoolkit, dtracebook, ca, ...) of .d files, as tests/dcorpus.index
# lists them (the repository, path and commit of each; the files are not
# in this project).  A test suite's err.D_SYNTAX.* file, and its other
# err.* files whose error is the lexer's (D_INT_DIGIT, D_INT_OFLOW,
# D_CHR_*, D_STR_NL, D_EMPTY, eof-in-comment), must be refused; every
# other file but err.* must be accepted; err.* files refused for types or
# names (D_DECL_*, D_OP_*, ...) are counted apart, as meta-d judges no
# types.  Files a C preprocessor must read first (a needs-cpp directory)
# and command lines (a first line "dtrace -n ...") are skipped.  Prints a
# table and every file that breaks a rule; the status is 1 if any does.
#
# With DTRACE set (tests/dtrace-env.sh: "DTRACE=../shared/dtrace/dtrace"),
# a real dtrace judges each file too (-xerrtags -e -Z -s, two at a time;
# its verdict is kept beside the file, FILE.dt, for the next run), and a
# second table counts what meta-d does with what dtrace accepts (refusing
# one is a false alarm, which breaks a rule) and with what dtrace calls a
# syntax error: D_SYNTAX, and the tags of its lexer (D_INT_DIGIT,
# D_INT_OFLOW, D_CHR_*, D_STR_NL, D_EMPTY) and of a control line's form
# (D_PRAGCTL_INVAL, D_PRAGMA_MALFORM, D_PRAGERR).  The syntax errors
# meta-d takes are listed (they are mostly types it cannot know).  A
# source whose directory holds a .prelude.d has it compiled first, before
# each file (-s .prelude.d -s FILE): the types and translators of another
# system its scripts use (tests/dcorpus-ca.d).

[ $# -eq 2 ] || { echo "usage: dcorpus.sh BINARY DIR" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
dir=$2
case $dir in
/*) ;;
*) dir=$OLDPWD/$dir ;;
esac
[ -d "$dir" ] || { echo "dcorpus: $dir: not a directory" >&2; exit 2; }

judge=0
if [ -n "${DTRACE:-}" ]; then
	. tests/dtrace-env.sh
	dt_find || { echo "dcorpus: $dt_why" >&2; exit 1; }
	judge=1
fi

out=$(mktemp)
trap 'rm -f "$out" "$out.msg"' EXIT

# dtrace's verdict on the files that have none yet
if [ "$judge" = 1 ]; then
	for f in "$dir"/*/*.d; do
		case $f in "$dir"/needs-cpp/* | "$dir"/_*) continue ;; esac
		[ -s "$f.dt" ] || printf '%s\n' "$f"
	done | xargs -P2 -I{} sh -c '
		pre=$(dirname "$1")/.prelude.d
		[ -f "$pre" ] && pre="-s $pre" || pre=
		if timeout 120 build/dtrace/dt -xerrtags -e -Z $pre -s "$1" \
		    > /dev/null 2> "$1.err"; then
			echo ok > "$1.dt"
		else
			head -n 1 "$1.err" |
			    sed "s/^dtrace: failed to compile script [^:]*: //" \
			    > "$1.dt"
		fi
		rm -f "$1.err"' sh {}
fi

for src in "$dir"/*/; do
	name=$(basename "$src")
	[ "$name" = needs-cpp ] && continue
	case $name in _*) continue ;; esac
	for f in "$src"*.d; do
		[ -f "$f" ] || continue
		base=$(basename "$f")
		if grep -v '^[[:space:]]*$' "$f" | head -n 1 | grep -q '^dtrace '; then
			kind=command
		else
			case $base in
			*err.D_SYNTAX.*) kind=syntax ;;
			*err.D_INT_DIGIT.*|*err.D_INT_OFLOW.*|*err.D_CHR_*|\
			*err.D_STR_NL.*|*err.D_EMPTY.*|*err.eof-in-comment*)
				kind=lexer ;;
			*err.*) kind=other ;;
			*) kind=valid ;;
			esac
		fi
		if "$bin" --check-d "$f" > /dev/null 2> "$out.msg"; then
			v=accept
		else
			v=refuse
		fi
		dt=-
		[ "$judge" = 1 ] && [ -s "$f.dt" ] && dt=$(head -n 1 "$f.dt")
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$v" "$base" \
		    "$(head -n 1 "$out.msg")" "$dt"
	done
done > "$out"

awk -F '\t' -v judge="$judge" '
function tag(s) {
	if (s == "ok") return "ok"
	if (s ~ /^\[/) return substr(s, 2, index(s, "]") - 2)
	return "untagged"
}
{
	src[$1] = 1
	n[$1, $2]++
	if ($3 == "accept") a[$1, $2]++
	if (($2 == "valid" && $3 != "accept") ||
	    (($2 == "syntax" || $2 == "lexer") && $3 != "refuse"))
		bad = bad "\n  " $1 "/" $4 " (" $2 "): " ($5 == "" ? "accepted" : $5)
	if ($6 == "-" || $2 == "command")
		next
	t = tag($6)
	if (t == "ok") {
		dok[$1]++
		if ($3 != "accept") {
			dfa[$1]++
			bad = bad "\n  " $1 "/" $4 " (dtrace accepts it): " $5
		}
	} else if (t ~ /^D_(SYNTAX|INT_DIGIT|INT_OFLOW|CHR_|STR_NL|EMPTY|PRAGCTL_INVAL|PRAGMA_MALFORM|PRAGERR)/) {
		dsy[$1]++
		if ($3 == "refuse") dsr[$1]++
		else miss = miss "\n  " $1 "/" $4 ": " $6
	} else {
		dot[$1]++
		if ($3 == "refuse") dor[$1]++
	}
}
END {
	printf "| source | valid: accepted | err.D_SYNTAX: refused | lexer errors: refused | other err.*: refused | skipped (command lines) |\n"
	printf "|---|---|---|---|---|---|\n"
	for (s in src) {
		printf "| %s | %d of %d | %d of %d | %d of %d | %d of %d | %d |\n", s,
		    a[s, "valid"], n[s, "valid"],
		    n[s, "syntax"] - a[s, "syntax"], n[s, "syntax"],
		    n[s, "lexer"] - a[s, "lexer"], n[s, "lexer"],
		    n[s, "other"] - a[s, "other"], n[s, "other"],
		    n[s, "command"]
		tv += n[s, "valid"]; ta += a[s, "valid"]
		ts += n[s, "syntax"]; tsr += n[s, "syntax"] - a[s, "syntax"]
		tl += n[s, "lexer"]; tlr += n[s, "lexer"] - a[s, "lexer"]
		to += n[s, "other"]; tor += n[s, "other"] - a[s, "other"]
		tc += n[s, "command"]
	}
	printf "| all | %d of %d | %d of %d | %d of %d | %d of %d | %d |\n",
	    ta, tv, tsr, ts, tlr, tl, tor, to, tc
	if (judge == 1) {
		printf "\n| source | dtrace accepts | meta-d refuses (false alarms) | dtrace: syntax error | meta-d refuses | dtrace: other errors | meta-d refuses |\n"
		printf "|---|---|---|---|---|---|---|\n"
		for (s in src) {
			printf "| %s | %d | %d | %d | %d | %d | %d |\n", s,
			    dok[s], dfa[s], dsy[s], dsr[s], dot[s], dor[s]
			Tok += dok[s]; Tfa += dfa[s]; Tsy += dsy[s]
			Tsr += dsr[s]; Tot += dot[s]; Tor += dor[s]
		}
		printf "| all | %d | %d | %d | %d (%.1f%%) | %d | %d |\n",
		    Tok, Tfa, Tsy, Tsr, Tsy ? 100 * Tsr / Tsy : 0, Tot, Tor
		if (miss != "")
			print "\nsyntax errors to dtrace that meta-d takes:" miss
	}
	if (bad != "") { print "\nbroken rules:" bad; exit 1 }
}' "$out"

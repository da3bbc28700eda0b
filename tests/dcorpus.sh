#!/bin/sh
#
# meta-d --check-d on public D: what it accepts and refuses, per source.
#
#	sh tests/dcorpus.sh BINARY DIR
#
# DIR holds one directory per source (illumos, dtrace-utils,
# dtracetoolkit, dtracebook, ...) of .d files, as tests/dcorpus.index
# lists them (the repository, path and commit of each; the files are not
# in this project).  A test suite's err.D_SYNTAX.* file, and its other
# err.* files whose error is the lexer's (D_INT_DIGIT, D_INT_OFLOW,
# D_CHR_*, D_STR_NL, D_EMPTY, eof-in-comment), must be refused; every
# other file but err.* must be accepted; err.* files refused for types or
# names (D_DECL_*, D_OP_*, ...) are counted apart, as meta-d judges no
# types.  Files a C preprocessor must read first (a needs-cpp directory)
# and command lines (a first line "dtrace -n ...") are skipped.  Prints a
# table and every file that breaks a rule; the status is 1 if any does.

[ $# -eq 2 ] || { echo "usage: dcorpus.sh BINARY DIR" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
dir=$2
case $dir in
/*) ;;
*) dir=$OLDPWD/$dir ;;
esac
[ -d "$dir" ] || { echo "dcorpus: $dir: not a directory" >&2; exit 2; }

out=$(mktemp)
trap 'rm -f "$out"' EXIT
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
		printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$v" "$base" \
		    "$(head -n 1 "$out.msg")"
	done
done > "$out"
rm -f "$out.msg"

awk -F '\t' '
{
	src[$1] = 1
	n[$1, $2]++
	if ($3 == "accept") a[$1, $2]++
	if (($2 == "valid" && $3 != "accept") ||
	    (($2 == "syntax" || $2 == "lexer") && $3 != "refuse"))
		bad = bad "\n  " $1 "/" $4 " (" $2 "): " ($5 == "" ? "accepted" : $5)
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
	if (bad != "") { print "\nbroken rules:" bad; exit 1 }
}' "$out"

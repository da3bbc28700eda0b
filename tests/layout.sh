#!/bin/sh
#
# The shape of the sources (GUIDE.md, "Sources"): the library in src/lib,
# by stage (util, d, metric, gen, values: each uses only those before
# it), the command line in src/cli
# (its libdtrace dialect files in src/cli/dtrace); the library's files
# depend on one another without a cycle (file X uses file Y when X.o needs
# a symbol Y.o defines: nm, then tsort, which fails on a loop), so do the
# command line's; the command line is a client of metad.h (it includes
# nothing of the library but metad.h, through cli.h; its dialect files
# share cli_bpfmaps.h, which no other file includes) and the library
# includes nothing of the command line; no function is longer than 60
# lines.
#
#	sh tests/layout.sh	(after make)

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cycles NAME OBJECT...: the objects' files use one another without a
# cycle (a file uses another when its object needs a symbol the other
# defines).
cycles() {
	name=$1
	shift
	for o in "$@"; do
		nm "$o" 2> /dev/null | awk -v f="${o#src/}" '
		    $2 ~ /^[TDBRC]$/ { print "def", f, $3 }
		    $1 == "U" { print "use", f, $2 }'
	done > "$tmp/syms"
	[ -s "$tmp/syms" ]
	ok $? "nm read the $name's objects"
	awk '$1 == "def" { def[$3] = $2 }
	    $1 == "use" { use[NR] = $2 " " $3 }
	    END { for (i in use) { split(use[i], u, " ");
		if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]] } }' \
	    "$tmp/syms" | sort -u > "$tmp/deps"
	[ -s "$tmp/deps" ]
	ok $? "the $name's files use one another: $(wc -l < "$tmp/deps") pairs"
	tsort "$tmp/deps" > "$tmp/order" 2> "$tmp/loop"
	[ ! -s "$tmp/loop" ]
	ok $? "no cycle among the $name's files: $(cat "$tmp/loop")"
}
# Every source in its part's folder, and each part's files named as its
# own (md_ for the library, cli_ for the command line, and main.c).
stray=$(find src -name '*.[ch]' | grep -v -e '^src/lib/md_impl\.h$' \
    -e '^src/lib/\(util\|metric\|d\|gen\|values\)/md_[a-z0-9]*\.[ch]$' \
    -e '^src/cli/\(dtrace/\)\{0,1\}cli[a-z0-9_]*\.[ch]$' -e '^src/cli/main\.c$')
[ -z "$stray" ]
ok $? "every source is in its part's folder: $stray"

cycles library $(find src/lib -name '*.o')

# The library's stages, in order: a file uses files of its own stage or
# of those before it, never of one after (md_impl.h lists them so).
back=$(awk 'BEGIN { n = split("util d metric gen values", st, " ")
	for (i = 1; i <= n; i++) rank[st[i]] = i }
    { split($1, a, "/"); split($2, b, "/")
	if (rank[a[2]] < rank[b[2]]) printf "%s uses %s; ", $1, $2 }' \
    "$tmp/deps")
[ -z "$back" ]
ok $? "the library's stages (util, d, metric, gen, values) use only those before them: $back"
cycles "command line" $(find src/cli -name '*.o')

# The command line includes metad.h (through cli.h), cli.h and system
# headers only, and the files in src/cli/dtrace their private
# cli_bpfmaps.h too; the library, nothing of the command line.
bad=$(find src/cli -name '*.[ch]' -exec grep -n '^#include "' {} + |
    grep -v -e '"cli.h"' -e '"metad.h"' \
    -e '^src/cli/dtrace/[a-z0-9_]*\.[ch]:[0-9]*:#include "cli_bpfmaps\.h"$')
[ -z "$bad" ]
ok $? "the command line includes only metad.h and cli.h (src/cli/dtrace: cli_bpfmaps.h too): $bad"
bad=$(find src/lib -name '*.[ch]' -exec grep -n '^#include "' {} + |
    grep -v -e '"md_impl.h"' -e '"md_rules.h"' -e '"metad.h"')
[ -z "$bad" ]
ok $? "the library includes only its own headers and metad.h: $bad"

# Each object depends on the headers its source includes (the Makefile's
# DEPFLAGS), not on every header: a header touched makes again exactly
# the objects whose source includes it, directly or through another
# header (cli_find.o, remade whenever make runs, aside).
includers() {	# HEADER: the sources made here that include it, or a
	# header that does
	hs=" $(basename "$1") "
	grown=1
	while [ $grown = 1 ]; do
		grown=0
		for f in $(find src include -name '*.h'); do
			b=$(basename "$f")
			case $hs in *" $b "*) continue ;; esac
			for h in $hs; do
				if grep -q "^#include \"$h\"" "$f"; then
					hs="$hs$b "
					grown=1
					break
				fi
			done
		done
	done
	for f in $srcs; do
		[ -f "${f%.c}.dep" ] || continue	# not made here
		for h in $hs; do
			grep -q "^#include \"$h\"" "$f" && { echo "$f"; break; }
		done
	done
}
if command -v "${MAKE:-make}" > /dev/null 2>&1 && [ -f src/cli/main.dep ]; then
	# of this build's dialect file (a build without libdtrace, or one
	# made before, may have left the other's .dep)
	srcs=$("${MAKE:-make}" -s print-srcs)
	for h in src/lib/metric/md_rules.h src/cli/cli.h src/lib/md_impl.h \
	    include/metad.h src/cli/dtrace/cli_bpfmaps.h; do
		"${MAKE:-make}" -s -n -W "$h" meta-d 2> /dev/null |
		    grep -o 'src/[a-z0-9_/]*\.c' | grep -v cli_find | sort -u \
		    > "$tmp/made"
		includers "$h" | grep -v cli_find | sort > "$tmp/want"
		# cli_bpfmaps.h is included by the libdtrace dialect only: a
		# build without libdtrace makes none of its includers, and then
		# touching it must remake nothing
		none=0
		case "$h" in */cli_bpfmaps.h)
			case " $srcs " in *cli_dtrace.c*) ;; *) none=1 ;; esac
		esac
		if [ $none = 1 ]; then
			[ ! -s "$tmp/want" ] && [ ! -s "$tmp/made" ]
		else
			[ -s "$tmp/want" ] && cmp -s "$tmp/made" "$tmp/want"
		fi
		ok $? "$h touched: make remakes what includes it ($(wc -l < "$tmp/want") files$([ $none = 1 ] && echo ', none in a build without libdtrace')): $(diff "$tmp/want" "$tmp/made" | grep '^[<>]' | tr '\n' ' ')"
	done
else
	echo "layout: headers: skipped (no make, or objects made without DEPFLAGS: make clean, then make)"
fi

# Functions are short: at most 60 lines from the line of the opening
# brace to that of the closing one, in the library and the command line.
long=$(awk 'FNR == 1 { s = 0 } /^[A-Za-z_][A-Za-z0-9_]*\(/ { f = $0;
    sub(/\(.*/, "", f) } /^{/ { s = FNR } /^}/ && s { if (FNR - s + 1 > 60)
    printf "%s:%d: %s(), %d lines; ", FILENAME, s, f, FNR - s + 1; s = 0 }' \
    $(find src -name '*.[ch]'))
[ -z "$long" ]
ok $? "no function is longer than 60 lines: $long"

summary layout

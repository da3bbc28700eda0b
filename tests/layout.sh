#!/bin/sh
#
# The shape of the sources: the library's files depend on one another
# without a cycle (file X uses file Y when X.o needs a symbol Y.o defines:
# nm, then tsort, which fails on a loop), so do the command line's, and
# the command line is a client
# of metad.h (cli*.c and main.c include nothing of the library but
# metad.h, through cli.h); no function is longer than 60 lines.
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
cycles library src/md_*.o
cycles "command line" src/cli*.o src/main.o

# The command line includes metad.h (through cli.h), cli.h and system
# headers only.
bad=$(grep -n '^#include "' src/cli*.c src/cli.h src/main.c |
    grep -v -e '"cli.h"' -e '"metad.h"')
[ -z "$bad" ]
ok $? "the command line includes only metad.h and cli.h: $bad"

# Functions are short: at most 60 lines from the line of the opening
# brace to that of the closing one, in the library and the command line.
long=$(awk 'FNR == 1 { s = 0 } /^[A-Za-z_][A-Za-z0-9_]*\(/ { f = $0;
    sub(/\(.*/, "", f) } /^{/ { s = FNR } /^}/ && s { if (FNR - s + 1 > 60)
    printf "%s:%d: %s(), %d lines; ", FILENAME, s, f, FNR - s + 1; s = 0 }' \
    src/*.c src/*.h)
[ -z "$long" ]
ok $? "no function is longer than 60 lines: $long"

summary layout

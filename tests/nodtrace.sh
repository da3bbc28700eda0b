#!/bin/sh
#
# A meta-d built where no libdtrace is found: --run (and --compile) say
# that this meta-d was built without libdtrace, status 2, and everything
# else works as before (every golden case).  The build is a copy of the
# sources in build/nodtrace, made with DTRACE_PREFIX=none.
#
#	sh tests/nodtrace.sh MAKE

. "$(dirname "$0")/lib.sh"
make=${1:-make}
dir=build/nodtrace
rm -rf "$dir" "$dir.empty"
mkdir -p "$dir"
tar cf - Makefile metad.pc.in meta-d.1 meta-d.5 src include mk examples |
    (cd "$dir" && tar xf -)
find "$dir" -name '*.o' -exec rm -f {} +
# A plain make (its goal is all, whatever rule comes first).
(cd "$dir" && $make DTRACE_PREFIX=none) > "$dir.log" 2>&1 &&
    [ -x "$dir/meta-d" ] && [ -f "$dir/libmetad.a" ]
ok $? "a build without libdtrace, by a plain make: $(tail -n 3 "$dir.log")"
# make says so once, at the end, and where to look (GUIDE.md has it); a
# make under another (make check-nodtrace) ends with its directory, left
lastline() {
	grep -v '^[a-z]*make\[[0-9]*\]: [A-Z][a-z]* directory' "$1" | tail -n 1
}
note="make: meta-d is built without libdtrace (DTRACE_PREFIX=none): --run and --compile will not work; GUIDE.md, \"Getting libdtrace\", says how to get one, and DTRACE_PREFIX=DIR names where it is"
[ "$(lastline "$dir.log")" = "$note" ] &&
    [ "$(grep -c 'built without libdtrace' "$dir.log")" -eq 1 ] &&
    grep -q '^## Getting libdtrace$' GUIDE.md
ok $? "make's last line says it, once: $(grep 'without libdtrace' "$dir.log")"
mkdir -p "$dir.empty"
(cd "$dir" && $make DTRACE_PREFIX="$(pwd).empty") > "$dir.log" 2>&1
[ "$(lastline "$dir.log")" = "make: meta-d is built without libdtrace (none found in $(pwd)/$dir.empty): --run and --compile will not work; GUIDE.md, \"Getting libdtrace\", says how to get one, and DTRACE_PREFIX=DIR names where it is" ]
ok $? "DTRACE_PREFIX=DIR without one: make's last line says where it looked: $(lastline "$dir.log")"
[ -f "$dir/src/cli/dtrace/cli_nodtrace.o" ] && [ ! -f "$dir/src/cli/dtrace/cli_dtrace.o" ] &&
    [ ! -f "$dir/src/cli/dtrace/cli_bpfmaps.o" ] &&
    ! nm "$dir/meta-d" | grep -q dtrace_open
ok $? "it holds no libdtrace"

"$dir/meta-d" --run -T 1 examples/linux/syscall.json > "$dir.out" 2> "$dir.err"
[ $? -eq 2 ] && [ ! -s "$dir.out" ] &&
    grep -q '^meta-d: --run: this meta-d was built without libdtrace' "$dir.err"
ok $? "--run: status 2, and why: $(head -n 1 "$dir.err")"

"$dir/meta-d" --check --compile examples/linux/syscall.json > "$dir.out" \
    2> "$dir.err"
[ $? -eq 2 ] && [ ! -s "$dir.out" ] &&
    grep -q '^meta-d: --compile: this meta-d was built without libdtrace' "$dir.err"
ok $? "--check --compile: status 2, and why: $(head -n 1 "$dir.err")"

sh tests/golden.sh "$dir/meta-d" > "$dir.golden" 2>&1
ok $? "everything else: $(tail -n 1 "$dir.golden")"

# A libdtrace that comes or goes between two makes: the dialect file is
# made again and meta-d linked again (build/dtrace-found), either way;
# the same make twice compiles and links nothing.
(cd "$dir" && $make DTRACE_PREFIX=none meta-d) > "$dir.log" 2>&1 &&
    ! grep -q -- ' -o ' "$dir.log"
ok $? "the same build again: nothing made ($(grep -c -- ' -o ' "$dir.log") objects or programs)"
# has_lib: the meta-d made opens libdtrace (its name is in it), and has
# no message for a build without one
has_lib() {
	grep -q "$name" "$dir/meta-d" &&
	    ! grep -q 'built without libdtrace' "$dir/meta-d"
}
found=$(sh mk/dtrace.sh '' "${CC:-cc}")
prefix=${found%% *}
name=${found##* }
if [ -z "$found" ]; then
	why="no libdtrace found to build with"
	if [ "$(id -u)" -eq 0 ] && [ -x ../shared/dtrace/setup ]; then
		ok 1 "$why (../shared/dtrace/setup restores its links)"
	else
		echo "nodtrace: skipped, a libdtrace that comes and goes: $why"
	fi
else
	for to in "$prefix" none "$prefix"; do
		(cd "$dir" && $make DTRACE_PREFIX="$to") > "$dir.log" 2>&1
		if [ "$to" = none ]; then
			! has_lib && "$dir/meta-d" --run -T 1 \
			    examples/linux/syscall.json 2>&1 |
			    grep -q 'built without libdtrace'
		else
			has_lib && [ -f "$dir/src/cli/dtrace/cli_dtrace.o" ] &&
			    [ -f "$dir/src/cli/dtrace/cli_bpfmaps.o" ] &&
			    ! grep -q 'without libdtrace' "$dir.log"
		fi
		ok $? "made again with DTRACE_PREFIX=$to: a meta-d $([ "$to" = none ] && echo without || echo with) libdtrace"
	done
fi
summary nodtrace

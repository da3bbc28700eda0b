#!/bin/sh
#
# A staged install, used as a packager and an embedding program would:
# make install DESTDIR=STAGE, then build examples/embed.c with
# pkg-config --cflags --libs metad against the staged tree, with the shared
# library and with the static one; its script must be meta-d's.  The man
# pages must render without warnings; the examples are installed where
# meta-d finds metrics by name; make uninstall must remove all.  Then a
# real install (no DESTDIR) into a directory of its own: the installed
# meta-d finds its examples by name, and ldconfig runs (or says why not);
# and a user's install under ~/.local, quiet.
#
# Both run in a copy of the sources, so that the tree's meta-d keeps its
# own built-in examples directory.
#
#	sh tests/install.sh [MAKE]

. "$(dirname "$0")/lib.sh"
make=${1:-make}
stage=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$stage" "$work"' EXIT
prefix=/opt/metad-test
root=$stage$prefix
cc=${CC:-cc}
tree=$work/tree
mkdir "$tree"
cp -R Makefile mk src include examples meta-d.1 meta-d.5 metad.pc.in "$tree"
find "$tree"/src -name "*.o" -exec rm -f {} +
# What a user installs: a plain build, even under make SANITIZE=1 test
# (whose variable the makes below would inherit, and a program linked
# against the library would then need the sanitizers' runtime).
make="$make SANITIZE="

$make -s -C "$tree" install DESTDIR="$stage" PREFIX="$prefix" \
    > "$work/log" 2>&1
ok $? "make install: $(tail -n 5 "$work/log")"
for f in bin/meta-d lib/libmetad.a lib/pkgconfig/metad.pc include/metad.h \
    share/man/man1/meta-d.1 share/man/man5/meta-d.5 \
    share/meta-d/examples/syscall-ops.json \
    share/meta-d/examples/syscall-ops.js \
    share/meta-d/examples/linux/io.json \
    share/meta-d/examples/node/node.d; do
	[ -f "$root/$f" ]
	ok $? "installed $f"
done
shlib=$(cd "$root/lib" && ls libmetad*.so.* libmetad*.dylib 2>/dev/null |
    head -n 1)
[ -n "$shlib" ] && { [ -L "$root/lib/libmetad.so" ] ||
    [ -L "$root/lib/libmetad.dylib" ]; }
ok $? "installed the shared library ($shlib) and its link"
"$root/bin/meta-d" -V | grep -q '^meta-d [0-9]'
ok $? "the installed meta-d runs"
"$root/bin/meta-d" nosuchmetric 2>&1 |
    grep -q "METAD_PATH ($prefix/share/meta-d/examples)"
ok $? "the installed meta-d looks for metrics in $prefix/share/meta-d/examples"
METAD_PATH=$root/share/meta-d/examples "$root/bin/meta-d" --list \
    > "$work/list" 2>&1
grep -q '^  syscall-ops  *\((for illumos) \)\{0,1\}System calls' "$work/list" &&
    grep -q '^  linux/io  *Block device' "$work/list"
ok $? "the installed examples are listed: $(head -n 3 "$work/list")"

# pkg-config against the staged tree
PKG_CONFIG_PATH=$root/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$stage
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs metad)
ok $? "pkg-config --cflags --libs metad"
echo "$flags" | grep -q -- "-I$root/include" && echo "$flags" |
    grep -q -- "-L$root/lib"
ok $? "pkg-config names the staged tree: $flags"

./meta-d -s execname -n latency examples/syscall-ops.json > "$work/want"
printf '/* zero {}, key execname */\n' >> "$work/want"

# shared: the staged library, found at run time.  The flags are split into
# words on purpose, here and below.
# shellcheck disable=SC2086
$cc -o "$work/embed" examples/embed.c $flags 2> "$work/cc.err"
ok $? "build embed.c with the shared library: $(cat "$work/cc.err")"
LD_LIBRARY_PATH=$root/lib DYLD_LIBRARY_PATH=$root/lib \
    "$work/embed" examples/syscall-ops.json execname latency > "$work/got"
ok $? "run embed (shared)"
cmp -s "$work/want" "$work/got"
ok $? "embed (shared) prints meta-d's script"
if command -v ldd > /dev/null 2>&1; then
	LD_LIBRARY_PATH=$root/lib ldd "$work/embed" | grep -q "$root/lib/libmetad"
	ok $? "embed uses the staged shared library"
fi

# static: the archive, and what pkg-config --static adds for it
# shellcheck disable=SC2046
$cc -o "$work/embed-static" examples/embed.c \
    $(pkg-config --cflags metad) "$root/lib/libmetad.a" \
    $(pkg-config --static --libs metad) 2> "$work/cc.err"
ok $? "build embed.c with the static library: $(cat "$work/cc.err")"
"$work/embed-static" examples/syscall-ops.json execname latency > "$work/got"
cmp -s "$work/want" "$work/got"
ok $? "embed (static) prints meta-d's script"

# the man pages
man1=$root/share/man/man1/meta-d.1
man5=$root/share/man/man5/meta-d.5
for page in "$man1" "$man5"; do
	groff -mandoc -Tutf8 -ww -z "$page" > "$work/groff" 2>&1 &&
	    [ ! -s "$work/groff" ]
	ok $? "groff renders ${page##*/} without warnings: $(cat "$work/groff")"
done
for sect in NAME DESCRIPTION EXAMPLES "SEE ALSO"; do
	grep -q "^\.Sh $sect\$" "$man5"
	ok $? "meta-d.5 has the section $sect"
done
grep -q 'share/meta-d/examples' "$man1" && grep -q 'meta-d 5' "$man1"
ok $? "meta-d.1 names the examples' directory and meta-d(5)"
for sect in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES \
    "SEE ALSO"; do
	grep -q "^\.Sh $sect\$" "$man1"
	ok $? "meta-d.1 has the section $sect"
done
if command -v mandoc > /dev/null 2>&1; then
	mandoc -T lint -W warning "$man1" "$man5" > "$work/mandoc" 2>&1
	ok $? "mandoc -T lint: $(cat "$work/mandoc")"
fi
if command -v man > /dev/null 2>&1; then
	MANWIDTH=80 man -l "$man1" > "$work/man" 2> "$work/man.err" &&
	    [ ! -s "$work/man.err" ] && grep -q "EXIT STATUS" "$work/man"
	ok $? "man -l meta-d.1: $(cat "$work/man.err")"
fi

$make -s -C "$tree" uninstall DESTDIR="$stage" PREFIX="$prefix" \
    > "$work/log" 2>&1
ok $? "make uninstall"
left=$(find "$stage" -type f -o -type l)
[ -z "$left" ]
ok $? "make uninstall leaves nothing: $left"

# A real install: the examples found by name with no METAD_PATH; ldconfig
# run by root only, and either way one line saying how programs linked
# with -lmetad find a directory the linker does not search.
real=$work/real
$make -s -C "$tree" install PREFIX="$real" > "$work/log" 2>&1
ok $? "make install PREFIX=$real: $(tail -n 5 "$work/log")"
if [ "$(id -u)" = 0 ]; then
	grep -q '^ldconfig' "$work/log"
else
	! grep -q 'ldconfig' "$work/log"
fi
ok $? "make install runs ldconfig if root (uid $(id -u)): $(cat "$work/log")"
grep -q "LD_LIBRARY_PATH=$real/lib" "$work/log"
ok $? "and says how $real/lib is found: $(cat "$work/log")"
(unset METAD_PATH; "$real/bin/meta-d" -s execname syscall-ops) > "$work/got"
ok $? "the installed meta-d finds syscall-ops by name"
./meta-d -s execname examples/syscall-ops.json | cmp -s - "$work/got"
ok $? "and prints its script"

# A user's install under ~/.local, as the README shows it: no root, so
# no ldconfig, and quiet: make prints at most its one note, no tool's
# complaint.  As root, the user is nobody, with a home of its own.
home=$work/home
mkdir "$home"
cp -R "$tree" "$home/meta-d"
asuser=
if [ "$(id -u)" = 0 ]; then
	asuser="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$work"
	chown -R 65534:65534 "$home"
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
HOME=$home $asuser $make -s -C "$home/meta-d" install \
    PREFIX="$home/.local" > "$work/log" 2>&1
ok $? "make install PREFIX=\$HOME/.local as a user: $(cat "$work/log")"
# (but make's note, where it found no libdtrace: a copy of the sources
# elsewhere does not find ../shared/dtrace)
! grep -v -e '^meta-d: installed in ' \
    -e '^make: meta-d is built without libdtrace ' "$work/log" | grep -q .
ok $? "a user's install prints no complaint: $(cat "$work/log")"
HOME=$home $asuser "$home/.local/bin/meta-d" -s execname syscall-ops \
    > "$work/got" 2>&1
ok $? "the user's meta-d finds syscall-ops by name: $(head -n 3 "$work/got")"
./meta-d -s execname examples/syscall-ops.json | cmp -s - "$work/got"
ok $? "and prints its script"
[ -f "$home/.local/share/man/man1/meta-d.1" ]
ok $? "the user's manual page is in ~/.local/share/man"

summary install

#!/bin/sh
#
# mk/dtrace.sh PREFIX CC: find a libdtrace to build meta-d --run and
# --compile against, and print "PREFIX LIBDIR NAME" (nothing when there
# is none), NAME the library's name as a program linked against it needs
# it (its soname: meta-d opens it by that name when it first needs it).
# PREFIX "none": build without; empty: the system's (/usr, /usr/local),
# then ../shared/dtrace/usr (the one beside the project on
# the machines it is developed on).  A prefix is taken only if a program
# that includes <dtrace.h> and calls dtrace_open() compiles and links
# there (Oracle's dtrace.h needs libelf's gelf.h and libctf's headers).

prefix=$1
cc=${2:-cc}
[ "$prefix" = none ] && exit 0
if [ -n "$prefix" ]; then
	set -- "$prefix"
else
	set -- /usr /usr/local
	[ -d ../shared/dtrace/usr ] && set -- "$@" "$(cd ../shared/dtrace/usr && pwd)"
fi
tmp=$(mktemp -d 2> /dev/null || echo /tmp/md-dtrace.$$)
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/t.c" <<'C'
#include <sys/param.h>
#include <dtrace.h>
int main(void) { int e; return (dtrace_open(DTRACE_VERSION, 0, &e) == 0); }
C
for p in "$@"; do
	[ -f "$p/include/dtrace.h" ] || continue
	for lib in "$p/lib64" "$p/lib"; do
		[ -e "$lib/libdtrace.so" ] || continue
		if $cc -I"$p/include" -o "$tmp/t" "$tmp/t.c" -L"$lib" \
		    -Wl,-rpath,"$lib" -ldtrace > /dev/null 2>&1; then
			name=$({ readelf -d "$tmp/t" || objdump -p "$tmp/t" ||
			    elfdump -d "$tmp/t" || otool -L "$tmp/t"; } 2> /dev/null |
			    sed -n 's/.*[[/ ]\(libdtrace[^]/ ]*\).*/\1/p' |
			    head -n 1)
			echo "$p $lib ${name:-libdtrace.so}"
			exit 0
		fi
	done
done
exit 0

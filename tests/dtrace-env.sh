# shellcheck shell=sh
# tests/dtrace-env.sh: find a dtrace that works, for the real-dtrace tests.
# Source it after lib.sh (at the top of the project), then call
#
#	dt_find
#
# which returns 0 and writes build/dtrace/dt, a command that runs that
# dtrace with any arguments, or returns 1 and sets dt_why to the reason
# there is none.  The dtrace is $DTRACE if set, else dtrace on PATH, else
# ../shared/dtrace/dtrace (Oracle's DTrace for Linux, beside the project).
#
# A copy of ../shared/dtrace whose symbolic links were made into files
# (usr/lib64/libdtrace.so.2 holding the name it linked to, as on the
# machines this project is built on) cannot start: its launcher puts that
# file first in the library path.  dt_find then starts usr/sbin/dtrace
# itself, with the link made again in build/dtrace/lib.

dt_elf() {
	[ "$(od -An -tx1 -N4 "$1" 2>/dev/null | tr -d ' \n')" = 7f454c46 ]
}

# The first byte of the function sym of ELF file $1, in hex ("" if none).
dt_firstbyte() {
	dt_off=$(nm "$1" 2> /dev/null | awk -v s="$2" '$3 == s { print $1; exit }')
	[ -n "$dt_off" ] || return 0
	od -An -tx1 -j "$((0x$dt_off))" -N 1 "$1" | tr -d ' \n'
}

# ../shared/dtrace's library, mended where a copy of it needs mending:
# its links arrived as text files (usr/lib64/libdtrace.so.2 holding the
# name it linked to), or the library holds a breakpoint (int3, 0xcc)
# where BEGIN_probe() and END_probe() hold a return (0xc3): a uprobe's
# breakpoint, captured into the file.  The kernel refuses a uprobe on an
# int3 (ENOTSUPP), so that dtrace cannot enable BEGIN and dies of
# SIGTRAP.  The mended library goes to build/dtrace/lib ($dt_libdir); the
# original is never changed.
dt_mendlib() {
	dt_so=$dt_lib/libdtrace.so.2
	if ! dt_elf "$dt_so"; then
		dt_so=$dt_lib/$(head -c 255 "$dt_so")
		dt_elf "$dt_so" || {
			dt_why="$dt_lib/libdtrace.so.2 is neither a library nor the name of one"
			return 1
		}
		mkdir -p build/dtrace/lib
		ln -sf "$dt_so" build/dtrace/lib/libdtrace.so.2
		dt_libdir=$(pwd)/build/dtrace/lib
	fi
	dt_so=$(readlink -f "$dt_so")
	if [ "$(dt_firstbyte "$dt_so" BEGIN_probe)" = cc ] ||
	    [ "$(dt_firstbyte "$dt_so" END_probe)" = cc ]; then
		mkdir -p build/dtrace/lib
		rm -f build/dtrace/lib/libdtrace.so.2
		cp "$dt_so" build/dtrace/lib/libdtrace.so.2
		chmod u+w build/dtrace/lib/libdtrace.so.2
		for dt_sym in BEGIN_probe END_probe; do
			dt_off=$(nm "$dt_so" | awk -v s="$dt_sym" '$3 == s { print $1; exit }')
			printf '\303' | dd of=build/dtrace/lib/libdtrace.so.2 bs=1 \
			    seek="$((0x$dt_off))" conv=notrunc 2> /dev/null
		done
		dt_libdir=$(pwd)/build/dtrace/lib
		echo "dtrace-env: $dt_so holds int3 (0xcc) where BEGIN_probe() and END_probe() return (0xc3): dtrace could not enable BEGIN; using a copy with the returns put back (build/dtrace/lib)" >&2
	fi
	return 0
}

dt_find() {
	dt_bin=${DTRACE:-}
	if [ -z "$dt_bin" ]; then
		if command -v dtrace > /dev/null 2>&1; then
			dt_bin=$(command -v dtrace)
		elif [ -x ../shared/dtrace/dtrace ]; then
			dt_bin=../shared/dtrace/dtrace
		else
			dt_why="no dtrace: DTRACE is not set, none is on PATH, and there is no ../shared/dtrace"
			return 1
		fi
	fi
	case $dt_bin in
	*/*) [ -x "$dt_bin" ] || { dt_why="$dt_bin: not an executable"; return 1; } ;;
	*) command -v "$dt_bin" > /dev/null 2>&1 ||
	    { dt_why="$dt_bin: not found"; return 1; } ;;
	esac
	if [ "$(id -u)" != 0 ]; then
		dt_why="dtrace needs root (it loads probes into the kernel), and this is uid $(id -u)"
		return 1
	fi

	mkdir -p build/dtrace
	rm -rf build/dtrace/lib
	dt_dir=$(cd "$(dirname "$dt_bin")" && pwd)
	dt_lib=$dt_dir/usr/lib64
	dt_libdir=
	if [ -x "$dt_dir/usr/sbin/dtrace" ] && [ -e "$dt_lib/libdtrace.so.2" ]; then
		dt_mendlib || return 1
	fi
	if [ -n "$dt_libdir" ]; then
		cat > build/dtrace/dt <<EOF
#!/bin/sh
# $dt_bin, with the library of build/dtrace/lib (tests/dtrace-env.sh)
LD_LIBRARY_PATH="$dt_libdir:$dt_lib" \\
DTRACE_OPT_SYSLIBDIR="$dt_lib/dtrace" \\
exec "$dt_dir/usr/sbin/dtrace" "\$@"
EOF
	else
		case $dt_bin in
		*/*) dt_abs=$dt_dir/$(basename "$dt_bin") ;;
		*) dt_abs=$dt_bin ;;
		esac
		printf '#!/bin/sh\nexec "%s" "$@"\n' "$dt_abs" > build/dtrace/dt
	fi
	# what a program built on this libdtrace needs to run (meta-d --run)
	if [ -d "$dt_lib/dtrace" ]; then
		{
			echo "LD_LIBRARY_PATH=${dt_libdir:+$dt_libdir:}$dt_lib"
			echo "DTRACE_OPT_SYSLIBDIR=$dt_lib/dtrace"
		} > build/dtrace/env
	else
		: > build/dtrace/env
	fi
	chmod 755 build/dtrace/dt

	if ! dt_out=$(timeout 120 build/dtrace/dt -e -n 'BEGIN { exit(0); }' 2>&1); then
		dt_why="$dt_bin cannot compile a script: $(echo "$dt_out" | head -3)"
		case $dt_out in
		*tracefs* | *debugfs* | *"/sys/kernel"* | *"shared object"* | \
		*"cannot open"*)
			dt_why="$dt_why (run ../shared/dtrace/setup as root)" ;;
		esac
		return 1
	fi
	return 0
}

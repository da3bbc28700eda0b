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
	dt_dir=$(cd "$(dirname "$dt_bin")" && pwd)
	dt_lib=$dt_dir/usr/lib64
	if [ -x "$dt_dir/usr/sbin/dtrace" ] && [ -f "$dt_lib/libdtrace.so.2" ] &&
	    ! dt_elf "$dt_lib/libdtrace.so.2"; then
		dt_target=$(head -c 255 "$dt_lib/libdtrace.so.2")
		dt_elf "$dt_lib/$dt_target" || {
			dt_why="$dt_lib/libdtrace.so.2 is neither a library nor the name of one"
			return 1
		}
		mkdir -p build/dtrace/lib
		ln -sf "$dt_lib/$dt_target" build/dtrace/lib/libdtrace.so.2
		cat > build/dtrace/dt <<EOF
#!/bin/sh
# $dt_bin, its library link made again (tests/dtrace-env.sh)
LD_LIBRARY_PATH="$(pwd)/build/dtrace/lib:$dt_lib" \\
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
	chmod 755 build/dtrace/dt

	if ! dt_out=$(timeout 120 build/dtrace/dt -e -n 'BEGIN { exit(0); }' 2>&1); then
		dt_why="$dt_bin cannot compile a script: $(echo "$dt_out" | head -3)"
		case $dt_out in
		*tracefs* | *debugfs* | *"/sys/kernel"*)
			dt_why="$dt_why (run ../shared/dtrace/setup as root)" ;;
		esac
		return 1
	fi
	return 0
}

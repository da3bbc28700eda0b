#!/bin/sh
#
# workload.sh: what the machine did while the README's flame graph was
# recorded, 20 s of work in the kernel by programs of known names:
# tests/mdstacks.c reading /dev/zero a megabyte at a time (read_zero),
# find walking /usr (getdents64, the dentry cache), dd copying a byte at
# a time (the system call path itself) and sha256sum reading a file from
# the page cache (filemap_read).  As root, in the sources, with a working
# libdtrace:
#
#	sh examples/flamegraph/workload.sh &
#	meta-d --run -s execname -s kstack -p '{"eq": ["mode", "kernel"]}' \
#	    -T 20s linux/profile > examples/flamegraph/profile.jsonl
#	meta-d --flamegraph examples/flamegraph/profile.jsonl \
#	    > examples/flamegraph/profile.svg
#
# Kernel frames are named whether or not their program still runs; user
# frames (-s ustack) only while it does (GUIDE.md, Stacks and symbols).

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cc -O0 -g -fno-omit-frame-pointer -o "$tmp/mdstacks" tests/mdstacks.c ||
    exit 1
head -c 64000000 /dev/urandom > "$tmp/blob"
now() { date +%s; }
# loop S CMD...: CMD again and again for S seconds
loop() {
	end=$(($(now) + $1))
	shift
	while [ "$(now)" -lt "$end" ]; do
		"$@" > /dev/null 2>&1
	done
}
sleep 2
"$tmp/mdstacks" read 22000 &
loop 22 find /usr &
loop 22 dd if=/dev/zero of=/dev/null bs=1 count=200000 &
loop 22 sha256sum "$tmp/blob" &
wait

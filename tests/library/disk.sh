#!/bin/sh
#
# linux/io (block I/O; BCC's biolatency and biosnoop, Cloud Analytics'
# disk-physio_ops) traced for real, with mddisk (tests/library/disk.c):
# mddisk writes a file of 200 blocks of 4096 bytes under /var/tmp (ext4
# on /dev/vda) and syncs it, then, once traced, overwrites the 200
# blocks in place with O_DIRECT, a pwrite() each, and fdatasync()s.
# -s device -n latency of the 4096-byte writes of mddisk must count as
# many I/Os as bpftrace's block:block_rq_issue of 4096 bytes for comm
# mddisk (the same requests), on one device, vda0 (dtrace's io
# translator names the whole disk vda so: its test of the partition
# number, "x & 255 == 0", is "x & (255 == 0)"); bpftrace's data writes
# among them (rwbs "WS") must be exactly 200 (each write one I/O), and
# meta-d's at least 200 and at most 201 (fdatasync may write the inode's
# block, "WSM", from mddisk's context too); their latency present,
# its median at least 1 us and all below 1 s.
#
# Then, while mddisk overwrites 20 blocks every 50 ms for 30 s, --top,
# --prometheus and --heatmap (-n latency) of its I/O.
#
#	sh tests/library/disk.sh BINARY	(tests/library.sh runs it)

. "$(dirname "$0")/lib.sh"
io=examples/linux/io.json
only='{"eq": ["execname", "mddisk"]}'
w4k="{\"and\": [$only, {\"eq\": [\"operation\", \"write\"]},
    {\"eq\": [\"size\", 4096]}]}"
lt_build disk
file=/var/tmp/mddisk.$$
trap 'rm -f "$file" "$file.go"; exit 1' HUP INT TERM

# mddisk_bg NAME ARGS...: mddisk FILE ARGS in the background, returning
# once FILE is written and synced (it then waits for FILE.go)
mddisk_bg() {
	rm -f "$file.go" "$tmp/$1.wl"
	_f=$1
	shift
	"$tmp/mddisk" "$file" "$@" > "$tmp/$_f.wl" &
	wl=$!
	lt_pids="$lt_pids $wl"
	await "$tmp/$_f.wl"
	grep -q ready "$tmp/$_f.wl"
	ok $? "$_f: mddisk could not write $file"
}

mddisk_bg io 200
lt_start io -s device -n latency -p "$w4k" "$io"
lt_bpf io 'tracepoint:block:block_rq_issue /comm == "mddisk"/ {
	@bytes[args->bytes] = count(); }
tracepoint:block:block_rq_issue
    /comm == "mddisk" && args->bytes == 4096 && args->rwbs == "WS"/ {
	@data = count(); }'
: > "$file.go"
wait $wl
ok $? "io: mddisk failed: $(cat "$tmp/io.wl")"
lt_stop io
k=$(lt_v keys "$tmp/io.jsonl" | tr '\n' ' ')
[ "$k" = "vda0 " ]
ok $? "io: devices of mddisk's writes: $k, not vda0"
# shellcheck disable=SC2046 # dist prints words
set -- $(lt_v dist "$tmp/io.jsonl" vda0)
n=${2:-0}
b=$(lt_v bpf "$tmp/io.bpf" bytes 4096)
[ "$n" = "$b" ]
ok $? "io: writes of 4096 bytes: $n, bpftrace $b"
[ "$n" -ge 200 ] && [ "$n" -le 201 ]
ok $? "io: writes of 4096 bytes: $n, not 200 or 201"
b=$(lt_v bpf "$tmp/io.bpf" data)
[ "$b" = 200 ]
ok $? "io: bpftrace's data writes (WS) of 4096 bytes: $b, not 200"
[ "${8:-0}" -ge 1000 ] && [ "${6:-x}" != None ] && [ "${6:-0}" -lt 1000000000 ]
ok $? "io: latency's median below 1 us, or a latency of 1 s or more: $*"

mddisk_bg bg 20 30
: > "$file.go"
lt_top io mddisk -s execname -p "$only" "$io"
lt_prom io vda0 -s device -p "$only" "$io"
lt_heatmap io -n latency -p "$only" "$io"
kill "$wl"
wait "$wl" 2> /dev/null
rm -f "$file" "$file.go"
summary "library disk"

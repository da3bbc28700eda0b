#!/bin/sh
#
# Input and output faults: meta-d must exit 1 with a message when it cannot
# read its metric or write its scripts, never die of SIGPIPE or report
# success.
#
#	sh tests/faults.sh ./meta-d

. "$(dirname "$0")/lib.sh"
metric=examples/node-http.json

# check NAME STATUS ERRFILE PATTERN: exit 1 and a first line matching
check() {
	[ "$2" -eq 1 ] && head -n 1 "$3" | grep -q "^meta-d: $4"
	ok $? "$1: exit status $2, stderr: $(cat "$3")"
}

err=$(mktemp)
dir=$(mktemp -d)
trap 'rm -f "$err"; chmod -R u+rwx "$dir"; rm -rf "$dir"' EXIT

# Reading.  Root reads any file, so the permission case runs as another
# user (nobody, when this runs as root).
chmod 755 "$dir"
chmod 666 "$err"
cp "$metric" "$dir/secret.json"
chmod 000 "$dir/secret.json"
unpriv "$bin" "$dir/secret.json" > "$dir/out" 2> "$err"
check "unreadable file (as $(unpriv id -un))" $? "$err" \
    "read \".*\": Permission denied"

"$bin" <&- > "$dir/out" 2> "$err"
check "closed stdin" $? "$err" "read \"<stdin>\": Bad file descriptor"

mkfifo "$dir/fifo"
{ sleep 1; printf '{ "fields": ['; } > "$dir/fifo" &
writer=$!
"$bin" "$dir/fifo" > "$dir/out" 2> "$err"
check "truncated fifo" $? "$err" "processing \".*fifo\": JSON syntax error"
kill "$writer" 2> /dev/null	# if meta-d never opened the fifo
wait

# Writing.

if [ -w /dev/full ]; then
	"$bin" "$metric" > /dev/full 2> "$err"
	check "full disk" $? "$err" "write: No space left on device"
else
	echo "faults: full disk: skipped: this system has no /dev/full" \
	    "(Linux, as root: mknod -m 666 /dev/full c 1 7)"
fi

"$bin" "$metric" >&- 2> "$err"
check "closed stdout" $? "$err" "write: Bad file descriptor"

# A pipe its reader set non-blocking: meta-d waits for it, and writes it
# all (it got 65,536 bytes and "Resource temporarily unavailable").
if command -v perl > /dev/null 2>&1; then
	awk 'BEGIN { x = "arg0"; for (i = 0; i < 40000; i++) x = x " + 1"
	    printf "{\"fields\": [\"a\"], \"metad\": {\"probedesc\": [{"
	    printf "\"probes\": [\"BEGIN\"], \"aggregate\": {\"default\": "
	    printf "\"count()\", \"a\": \"count()\"}, \"transforms\": "
	    printf "{\"a\": \"%s\"}}]}}\n", x }' > "$dir/wide.json"
	"$bin" -s a "$dir/wide.json" > "$dir/want"
	perl -MFcntl -e 'fcntl(STDOUT, F_SETFL, O_NONBLOCK) or die;
	    exec @ARGV' "$bin" -s a "$dir/wide.json" 2> "$err" |
	    { sleep 1; cat; } > "$dir/got"
	[ ! -s "$err" ] && [ "$(wc -c < "$dir/want")" -gt 100000 ] &&
	    cmp -s "$dir/want" "$dir/got"
	ok $? "a non-blocking pipe: $(wc -c < "$dir/got") bytes of $(wc -c < "$dir/want"): $(cat "$err")"
else
	echo "faults: a non-blocking pipe: skipped: no perl (apt-get" \
	    "install perl-base)"
fi

# The reader is gone before meta-d starts writing.
status=$( { { sleep 1; "$bin" "$metric" 2> "$err"; echo $? >&3; } |
    { exec 0<&-; sleep 2; }; } 3>&1)
check "closed pipe" "$status" "$err" "write: Broken pipe"

summary faults

#!/bin/sh
#
# Output faults: meta-d must exit 1 with a message when its output cannot
# be written, never die of SIGPIPE or report success.
#
#	sh tests/output.sh ./meta-d

set -u
bin=$1
metric=examples/node-http.json
pass=0
fail=0

check() {
	name=$1 status=$2 errfile=$3 want=$4
	if [ "$status" -eq 1 ] && grep -q "^meta-d: write: $want" "$errfile"
	then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit status $status, stderr:"
		sed 's/^/    /' "$errfile"
	fi
}

err=$(mktemp)
trap 'rm -f "$err"' EXIT

if [ -w /dev/full ]; then
	"$bin" "$metric" > /dev/full 2> "$err"
	check "full disk" $? "$err" "No space left on device"
fi

"$bin" "$metric" >&- 2> "$err"
check "closed stdout" $? "$err" "Bad file descriptor"

# The reader is gone before meta-d starts writing.
status=$( { { sleep 1; "$bin" "$metric" 2> "$err"; echo $? >&3; } |
    { exec 0<&-; sleep 2; }; } 3>&1)
check "closed pipe" "$status" "$err" "Broken pipe"

echo "output: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

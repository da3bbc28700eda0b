# tests/lib.sh: what the shell tests share.  Source it; then call
# "ok STATUS WHAT" for each check (STATUS 0: passed) and, last,
# "summary NAME", which prints the counts and fails if any check did.

pass=0
fail=0

ok() {
	if [ "$1" -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $2"
	fi
}

summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

# tests/lib.sh: what the shell tests share.  Source it first thing,
#
#	. "$(dirname "$0")/lib.sh"
#
# which sets bin to the absolute name of the script's first argument (the
# meta-d to test) and goes to the top of the project; then call
# "ok STATUS WHAT" for each check (STATUS 0: passed) and, last,
# "summary NAME", which prints the counts and fails if any check did.

set -u

# A sourced file sees the caller's arguments: resolve before the cd.
case ${1-} in
/*) bin=$1 ;;
'') bin= ;;
*) bin=$(pwd)/$1 ;;
esac
cd "$(dirname "$0")/.." || exit 2

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

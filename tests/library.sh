#!/bin/sh
#
# The Linux metric library (examples/linux) traced for real: for each
# subject, tests/library/SUBJECT.sh starts a workload of its own (a
# program built from tests/library/SUBJECT.c, whose name no other
# program on the machine has), traces it with meta-d --run and, where a
# bpftrace one-liner can count the same events, with bpftrace at the same
# time, and holds the values to what the workload decided (N connections
# are N opens with that port) and to bpftrace's counts.  Where the kernel
# decides (latencies, run-queue waits), the values must be present,
# positive and within the bounds each test states.  One metric of each
# subject also goes through --run's shape, --top (appended, not a
# terminal), --prometheus (promtool) and --heatmap (xmllint).
#
#	sh tests/library.sh BINARY [SUBJECT ...]
#
# SUBJECT is the name of a file tests/library/SUBJECT.sh (cpu, memory,
# disk, file, tcp, proc, signal, syscall, irq...); all of them without
# one.  Each subject's script runs in its own directory, removed after
# (KEEP=1 keeps it); a subject's time is printed as it ends.
#
# As root, with a dtrace that works, and bpftrace (make check-library
# installs it: sh mk/deps.sh install bpftrace).  Where it cannot run it
# says why: it skips outside CI, and fails under CI (CI set).

[ $# -ge 1 ] || { echo "usage: library.sh BINARY [SUBJECT ...]" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
shift

# skip WHY: this machine cannot run the library's tests; under CI, a failure
skip() {
	if [ -n "${CI:-}" ]; then
		echo "FAIL library cannot run, and CI is set: $*"
		exit 1
	fi
	echo "library: skipped: $*"
	exit 0
}

[ "$(id -u)" = 0 ] || skip "--run needs root, and this is uid $(id -u)"
. tests/dtrace-env.sh
dt_find || skip "$dt_why"
command -v bpftrace > /dev/null 2>&1 ||
    skip "no bpftrace: make check-library installs it (sh mk/deps.sh install bpftrace)"
[ $# -gt 0 ] || set -- $(cd tests/library && ls *.sh | sed -n 's/\.sh$//p' |
    grep -v '^lib$')

failed=
for s in "$@"; do
	if [ ! -f "tests/library/$s.sh" ]; then
		echo "FAIL library: no subject $s (tests/library/$s.sh)"
		failed="$failed $s"
		continue
	fi
	start=$(date +%s)
	sh "tests/library/$s.sh" "$bin" || failed="$failed $s"
	echo "library: $s: $(($(date +%s) - start)) s"
done
if [ -n "$failed" ]; then
	echo "library: failed:$failed"
	exit 1
fi
echo "library: all passed: $*"

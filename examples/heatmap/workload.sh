#!/bin/sh
#
# workload.sh: what the machine did while the README's heat map was
# recorded, four phases of 15 s, over a background of a 200 ms sleep loop:
# find /usr (calls of 1 to 3 us), dd bs=1 (calls under 1 us: Oracle's
# llquantize counts them in its row [-999, 999], the heat map's bottom
# band), dd bs=1M (reads of about 17 us), and sleeps with ls -R /etc.  As
# root, with a working libdtrace:
#
#	sh examples/heatmap/workload.sh &
#	meta-d --run -n latency -T 60s linux/syscall \
#	    > examples/heatmap/syscall-latency.jsonl
#	meta-d --heatmap --unit nanoseconds \
#	    --title 'System call latency (linux/syscall)' \
#	    examples/heatmap/syscall-latency.jsonl \
#	    > examples/heatmap/syscall-latency.svg
#
# Every system call of the machine counts, those of other programs too.

now() { date +%s; }
phase() {
	end=$(($(now) + 15))
	while [ "$(now)" -lt "$end" ]; do
		"$@" > /dev/null 2>&1
	done
}
(
	end=$(($(now) + 62))
	while [ "$(now)" -lt "$end" ]; do
		sleep 0.2
	done
) &
sleep 2
phase find /usr
phase dd if=/dev/zero of=/dev/null bs=1 count=100000
phase dd if=/dev/zero of=/dev/null bs=1M count=2000
phase sh -c 'sleep 0.01; ls -R /etc'
wait

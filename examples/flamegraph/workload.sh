#!/bin/sh
# examples/flamegraph/workload.sh: what the README's flame graph traced,
# 15 s of programs that spend their time in the kernel: ls -R and find
# over /usr, and dd copying a byte at a time.
end=$(($(date +%s) + 15))
while [ "$(date +%s)" -lt "$end" ]; do
	ls -R /usr > /dev/null 2>&1
	find /usr -xdev -type f -newer /etc/hostname > /dev/null 2>&1
	dd if=/dev/zero of=/dev/null bs=1 count=200000 2> /dev/null
done

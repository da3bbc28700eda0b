# synth.awk: a synthetic recording of
#
#	meta-d --run -n latency -T 60s linux/syscall
#
# for the README's picture until a real run's replaces it: 60 intervals of
# a second, each the llquantize(latency, 10, 3, 11, 100) distribution
# (Oracle's buckets, in nanoseconds) of about 4000 system calls, drawn
# from three modes: calls served from memory (about 3 us), calls that
# wait a little (about 30 us), and reads that go to disk (about 2 ms,
# drifting to 6 ms over the minute as the disk fills its queue), with a
# burst of slow calls (about 200 ms) at 37 s.  None is below 1 us (the
# [-999, 999] row would make the value axis linear: SPEC 8.4).  The
# random numbers are Park and Miller's, so every awk makes the same lines:
#
#	awk -f examples/heatmap/synth.awk > examples/heatmap/syscall-latency.jsonl

function rnd() {
	seed = (seed * 16807) % 2147483647
	return (seed / 2147483647)
}

# A normal deviate (Box and Muller).
function gauss(	u, v) {
	do { u = rnd() } while (u == 0)
	v = rnd()
	return (sqrt(-2 * log(u)) * cos(6.283185307179586 * v))
}

# The lower bound of x's bucket: llquantize(x, 10, 3, 11, 100).
function bucket(x,	p, m, step) {
	if (x >= 1e11)
		return (1e11)
	p = 1000
	for (m = 3; x >= p * 10; m++)
		p *= 10
	step = p / 10
	return (int(x / step) * step)
}

function latency(t,	r) {
	r = rnd()
	if (r < 0.70)
		return (3000 * exp(0.25 * gauss()))
	if (r < 0.95)
		return (30000 * exp(0.45 * gauss()))
	return ((2e6 + 4e6 * t / 60) * exp(0.35 * gauss()))
}

BEGIN {
	seed = 20261125
	for (t = 0; t < 60; t++) {
		split("", count)
		n = 3600 + int(800 * rnd())
		for (i = 0; i < n; i++) {
			do { x = latency(t) } while (x < 1000)
			count[bucket(x)]++
		}
		if (t == 37)
			for (i = 0; i < 40; i++)
				count[bucket(2e8 * exp(0.2 * gauss()))]++
		line = ""
		for (lo = 1000; lo < 1e11; lo += step) {
			step = 100
			while (step * 100 <= lo)
				step *= 10
			if (lo in count)
				line = line (line == "" ? "" : ",") \
				    sprintf("[[%.0f,%.0f],%d]", lo, lo + step - 1,
				    count[lo])
		}
		if (1e11 in count)
			line = line (line == "" ? "" : ",") \
			    sprintf("[[100000000000,null],%d]", count[1e11])
		printf("{\"start\": %d.125, \"duration\": 1, \"value\": [%s]}\n",
		    1795593600 + t, line)
	}
}

#!/usr/bin/env python3
#
# stacks.py: reads meta-d --run's lines of a request "-s execname -s STACK"
# (tests/stacks.sh) and prints what it found, or fails saying why.
#
#	stacks.py user FILE		mdstacks' user stacks: names, order
#	stacks.py kernel FILE		mdstacks' kernel stacks: names, order
#	stacks.py share FILE FRAME	FRAME's share of mdstacks' samples
#	stacks.py svg FILE FRAME	FRAME's share in a flame graph's titles
#
# A key is a stack, its frames innermost first joined by "\n" (SPEC 8.1).

import json
import re
import sys


def samples(path):
    """{stack: count} of the program mdstacks, summed over the lines."""
    out = {}
    for n, line in enumerate(open(path), 1):
        v = json.loads(line)["value"]
        for name, stacks in v.items():
            if name != "mdstacks":
                continue
            for k, c in stacks.items():
                out[k] = out.get(k, 0) + c
    return out


def where(frames, fn):
    """The index of the first frame naming function fn, or -1."""
    for i, f in enumerate(frames):
        if re.search(r"`" + fn + r"(\+0x[0-9a-f]+)?$", f):
            return i
    return -1


def share(s, fn):
    """fn's samples over those of hot_a and hot_b."""
    a = sum(c for k, c in s.items() if where(k.split("\n"), fn) >= 0)
    ab = sum(c for k, c in s.items()
             if where(k.split("\n"), "hot_a") >= 0 or
             where(k.split("\n"), "hot_b") >= 0)
    return a, ab


def ordered(s, chain):
    """Samples whose stack holds chain's functions, innermost first."""
    n = 0
    for k, c in s.items():
        at = [where(k.split("\n"), fn) for fn in chain]
        if min(at) >= 0 and at == sorted(at):
            n += c
    return n


def fail(why):
    print(why)
    sys.exit(1)


def user(path):
    s = samples(path)
    total = sum(s.values())
    if total < 50:
        fail("%d samples of mdstacks, fewer than 50" % total)
    a = ordered(s, ["hot_a", "path_a", "main"])
    b = ordered(s, ["hot_b", "path_b", "main"])
    if a + b < total * 0.9:
        fail("of %d samples, %d hold hot_a < path_a < main and %d hot_b "
             "< path_b < main, innermost first: fewer than 90%%; a stack: "
             "%r" % (total, a, b, max(s, key=s.get)))
    print("%d samples, %d in hot_a via path_a, %d in hot_b via path_b"
          % (total, a, b))


def kernel(path):
    s = samples(path)
    total = sum(s.values())
    if total < 50:
        fail("%d samples of mdstacks, fewer than 50" % total)
    k = ordered(s, ["vfs_read", "ksys_read"])
    if k < total * 0.5:
        fail("of %d samples, %d hold vmlinux`vfs_read above ksys_read: "
             "fewer than half; a stack: %r" % (total, k, max(s, key=s.get)))
    print("%d samples, %d in vfs_read via ksys_read" % (total, k))


def svgshare(path, fn):
    """fn's events over hot_a's and hot_b's, from the boxes' titles."""
    text = open(path).read()
    ev = {"hot_a": 0, "hot_b": 0}
    for t in re.findall(r"<title>(.*?)</title>", text, re.S):
        m = re.match(r"\s*(\S+)(.*)", t, re.S)
        if m is None:
            continue
        for f in ev:
            if where([m.group(1)], f) >= 0:
                num = re.search(r"(\d[\d,]*)", m.group(2))
                if num is None:
                    fail("a title without a count: %r" % t)
                ev[f] += int(num.group(1).replace(",", ""))
    if ev["hot_a"] == 0 or ev["hot_b"] == 0:
        fail("no box titled hot_a or hot_b: %r" % ev)
    print("%.4f %d %d" % (ev[fn] / float(ev["hot_a"] + ev["hot_b"]),
                          ev["hot_a"], ev["hot_b"]))


def main():
    what, path = sys.argv[1], sys.argv[2]
    if what == "user":
        user(path)
    elif what == "kernel":
        kernel(path)
    elif what == "share":
        a, ab = share(samples(path), sys.argv[3])
        if ab == 0:
            fail("no samples in hot_a or hot_b")
        print("%.4f %d %d" % (a / float(ab), a, ab))
    elif what == "svg":
        svgshare(path, sys.argv[3])


main()

#!/usr/bin/env python3
#
# tests/flame.py: what tests/flame.sh checks a flame graph with, in
# Python's standard library alone (json keeps integers exact, the PNG
# decoded by tests/heatmap.py's reader).  What a graph must be is worked
# out here from the lines themselves, by SPEC 8.6's rules, not read from
# meta-d.
#
#	flame.py gen stacks|keyed
#		lines of --run's, made up: stacks of a program and the
#		kernel, some narrow, some sharing their paths, some names
#		long, some hostile (<, &, quotes, control bytes, \xHH)
#	flame.py boxes FILE.svg LINES [WIDTH]
#		every frame of LINES not narrower than 0.1% is one box
#		(paths merged), at its place to 1/50 of a pixel (siblings
#		in byte order, the root at the bottom, a row each 16
#		pixels), its tooltip its frame, events and share, its label
#		the frame or the frame cut with "..", kernel frames in the
#		class "k"; no other box
#	flame.py pixels FILE.svg FILE.png
#		as a browser drew it: along its second row of pixels, each box's
#		fill across its width, to the pixel (and the half pixel a
#		rounded corner takes); kernel frames rose
#		(blue above 120), the others red to yellow (blue at most
#		55); a labelled box has dark pixels (its text), an unlabelled
#		one none
#
# Each check prints nothing and exits 0, or prints what is wrong and
# exits 1.

import json
import random
import re
import sys
import xml.etree.ElementTree as ET

import heatmap

SVG = "{http://www.w3.org/2000/svg}"
PAD, TOP, ROW, CHARW = 10, 64, 16, 7
KMODS = ("vmlinux", "unix", "genunix", "kernel", "mach_kernel")


def fail(msg):
    print(msg)
    sys.exit(1)


def frames(key):
    """A key's frames, outermost first (the key is innermost first), each
    without its offset ("+0x1f": a function is one box); an empty key
    has none."""
    return ([re.sub(r"(?<=.)\+0x[0-9a-fA-F]+$", "", f)
             for f in key.split("\n")[::-1]] if key else [])


def model(path):
    """{path: events} of every path of the lines, and all events."""
    tot, allev = {(): 0}, 0
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        for k, v in json.loads(line)["value"].items():
            pairs = ([(frames(k) + frames(s), n) for s, n in v.items()]
                     if isinstance(v, dict) else [(frames(k), v)])
            for fr, n in pairs:
                allev += n
                for i in range(len(fr) + 1):
                    tot[tuple(fr[:i])] = tot.get(tuple(fr[:i]), 0) + n
    return tot, allev


def kernel(p):
    return any(f.split("`")[0] in KMODS for f in p if "`" in f)


def show(name):
    """The frame as shown: units, each (text, width in characters)."""
    out = []
    for ch in name:
        if ord(ch) < 0x20 or ord(ch) == 0x7f:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return out


def label(name, boxw):
    units = show(name)
    n = sum(len(u) for u in units)
    fit = int((boxw - 6) // CHARW) if boxw >= 6 else 0
    if n <= fit:
        return "".join(units)
    if fit < 3:
        return None
    s, k = "", 0
    for u in units:
        if k + len(u) > fit - 2:
            break
        s, k = s + u, k + len(u)
    return s + ".."


def layout(tot, allev, width):
    """[(path, x, w, depth)] of the boxes drawn, x and w in pixels."""
    seen = {p for p, n in tot.items() if p == () or
            (n > 0 and n * 1000 >= allev)}
    kids = {}
    for p in seen:
        if p:
            kids.setdefault(p[:-1], []).append(p)
    out, todo = [], [((), 0)]
    while todo:
        p, x = todo.pop()
        out.append((p, x))
        run = x
        for c in sorted(kids.get(p, []), key=lambda q: q[-1].encode()):
            todo.append((c, run))
            run += tot[c]
    span = width - 2 * PAD

    def px(ev):
        return PAD + (ev / allev * span if allev else (span if ev else 0))
    return [(p, px(x), px(x + tot[p]) - px(x), len(p)) for p, x in out]


def boxes(svg):
    root = ET.parse(svg).getroot()
    g = [e for e in root.iter(SVG + "g") if e.get("id") == "md-frames"]
    if len(g) != 1:
        fail("%d groups of frames" % len(g))
    out = []
    for b in g[0]:
        t, r = b.find(SVG + "title"), b.find(SVG + "rect")
        lab = b.find(SVG + "text")
        out.append((t.text, {k: float(r.get(k)) for k in
                             ("x", "y", "width", "height")},
                    r.get("fill"), None if lab is None else lab.text,
                    b.get("class")))
    return out


def check_box(want, got, allev, maxd, key):
    (p, x, w, d), (title, r, fill, lab, cls) = want, got
    name = p[-1] if p else "all"
    m = re.match(r"^(.*) \((\d+) events?, ([0-9.]+)% of all\)$", title,
                 re.S)
    if not m or m.group(1) != "".join(show(name)):
        fail("%s: tooltip %r" % (key, title))
    n = int(m.group(2))
    if abs(float(m.group(3)) - (100.0 * n / allev if allev else 0)) > 0.0051:
        fail("%s: share %s%% of %d/%d" % (key, m.group(3), n, allev))
    bw = w - 1 if w >= 3 else w
    if abs(r["x"] - x) > 0.02 or abs(r["width"] - bw) > 0.03:
        fail("%s: x %.2f width %.2f, not %.2f %.2f" % (key, r["x"],
                                                      r["width"], x, bw))
    if r["y"] != TOP + (maxd - d) * ROW or r["height"] != ROW - 1:
        fail("%s: y %s (depth %d of %d)" % (key, r["y"], d, maxd))
    if lab != label(name, w - 1):
        fail("%s: label %r, not %r (box %.2f px)" % (key, lab,
                                                    label(name, w - 1), w))
    if (cls == "k") != (kernel(p)):
        fail("%s: class %r" % (key, cls))
    return n


def check_boxes(svg, lines, width):
    tot, allev = model(lines)
    want = layout(tot, allev, width)
    got = boxes(svg)
    if len(got) != len(want):
        fail("%d boxes, %d frames not narrower than 0.1%%" % (len(got),
                                                            len(want)))
    maxd = max(d for _, _, _, d in want)
    byx = sorted(want, key=lambda b: (b[3], b[1]))
    gotx = sorted(got, key=lambda b: (-b[1]["y"], b[1]["x"]))
    for wb, gb in zip(byx, gotx):
        n = check_box(wb, gb, allev, maxd, "/".join(wb[0]) or "all")
        if n != tot[wb[0]]:
            fail("%s: %d events, not %d" % ("/".join(wb[0]), n, tot[wb[0]]))
    left = [p for p, n in tot.items() if p and 0 < n and n * 1000 < allev]
    print("%d boxes, %d frames left out" % (len(got), len(left)))


def check_pixels(svg, png):
    w, h, px = heatmap.png(png)
    looked = 0
    for title, r, fill, lab, cls in boxes(svg):
        if r["width"] < 4:
            continue
        y = int(r["y"]) + 1
        rgb = heatmap.hexrgb(fill) if fill.startswith("#") else tuple(
            int(c) for c in fill[4:-1].split(","))
        if (cls == "k") != (rgb[2] > 120) or (cls != "k" and rgb[2] > 55):
            fail("%s: fill %s (class %r)" % (title, fill, cls))
        x0, x1 = r["x"], r["x"] + r["width"]
        run = [x for x in range(int(x0), int(x1) + 3) if
               0 <= x < w and max(abs(a - b) for a, b in
                                  zip(px[y][x], rgb)) <= 2]
        run = [x for i, x in enumerate(run) if x - i == run[0]]
        if not run or abs(run[0] - x0) > 1.5 or abs(run[-1] + 1 - x1) > \
                1.5 or len(run) < int(r["width"]) - 3:
            fail("%s: its fill %s at x %s..%s, drawn %s..%s (%d px)" %
                 (title, fill, x0, x1, run[:1], run[-1:], len(run)))
        ink = [x for x in range(int(x0) + 1, int(x1) - 1) for yy in
               range(int(r["y"]) + 3, int(r["y"]) + 13) if
               sum(px[yy][x]) < 200]
        if bool(ink) != (lab is not None):
            fail("%s: label %r, %d dark pixels" % (title, lab, len(ink)))
        looked += 1
    if looked < 5:
        fail("only %d boxes to look at" % looked)
    print("%d boxes looked at" % looked)


def gen(kind):
    rnd = random.Random(7)
    user = ["main+0x1f", "run_command+0x2a", "parse_and_execute_the_"
            "whole_line+0x88", "exec_builtin", "write_output+0x10"]
    kern = ["vmlinux`ksys_write+0x67", "vmlinux`vfs_write+0xb2",
            "ext4`ext4_file_write_iter+0x4a"]
    odd = "a<b>&\"q'\x01\\xe9\\\\"
    for t in range(4):
        v = {}
        for i in range(30):
            st = ["bash`" + u for u in rnd.sample(user, rnd.randint(1, 3))]
            if rnd.random() < 0.4:
                st = kern[:rnd.randint(1, 3)][::-1] + \
                    ["vmlinux`do_syscall_64+0x5c"] + st
            k = "\n".join(st)
            v[k] = v.get(k, 0) + rnd.randint(20, 400)
        v["bash`" + odd + "\nbash`main+0x1f"] = 300
        v["bash`tiny_" + str(t) + "\nbash`main+0x1f"] = 1
        v["bash`rare\nbash`exec_builtin"] = 0
        v[""] = 40
        if kind == "keyed":
            v = {"bash": v, "dd": {"dd`copy\ndd`main": 2000 + t,
                                   "vmlinux`ksys_read\ndd`main": 900}}
        print(json.dumps({"start": 1795593600 + t, "duration": 1,
                          "value": v}))


def main(a):
    if len(a) >= 3 and a[0] == "boxes":
        check_boxes(a[1], a[2], int(a[3]) if len(a) > 3 else 1200)
    elif len(a) == 3 and a[0] == "pixels":
        check_pixels(a[1], a[2])
    elif len(a) == 2 and a[0] == "gen":
        gen(a[1])
    else:
        fail("usage: see the head of tests/flame.py")


if __name__ == "__main__":
    main(sys.argv[1:])

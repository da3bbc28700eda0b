#!/usr/bin/env python3
#
# tests/heatmap.py: what tests/heatmap.sh checks a heat map with, in
# Python's standard library alone (json keeps integers exact, zlib decodes
# a PNG; no PIL).
#
#	heatmap.py lines FILE.svg LINES [KEY]
#		every cell's tooltip is an interval, a bucket and a count of
#		LINES (KEY's, or every key summed), every count not 0 of LINES
#		is a cell, and the darkest cell holds the largest count
#	heatmap.py quantize FILE.svg
#		the rows of a quantize are powers of two, equally tall, each
#		one step above the last, an empty power an empty step
#	heatmap.py labels FILE.svg
#		a label beside at least every fifth row (SPEC 8.4): each
#		names a row, its leader ends at that row's middle on the
#		map's edge, the labels are 11 pixels apart or more, and no
#		five rows in a row go without one
#	heatmap.py pixels FILE.svg FILE.png
#		as a browser drew it: at each cell's middle its own shade, the
#		darkest where the count is largest, and white where a row
#		holds nothing in a column
#	heatmap.py gen quantize|keyed N SEED
#		N lines of --run's, made up
#
# Each check prints nothing and exits 0, or prints what is wrong and
# exits 1.

import datetime
import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
TIP = re.compile(r"^(\S+) \[(null|-?\d+), (null|-?\d+)\]: (\d+)$")


def fail(msg):
    print("heatmap.py: " + msg)
    sys.exit(1)


def utc(start):
    """A start as the tooltips write it."""
    ms = round(start * 1000)
    t = datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=ms)
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    return s + (".%03d" % (ms % 1000) if ms % 1000 else "") + "Z"


def bound(v):
    return "null" if v is None else str(v)


def expected(path, key):
    """{(time, min, max): count} of the lines, and the largest count."""
    want = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            o = json.loads(line)
            v = o["value"]
            dists = [v] if isinstance(v, list) else \
                [d for k, d in v.items() if key is None or k == key]
            for d in dists:
                for (lo, hi), n in d:
                    if n:
                        k = (utc(o["start"]), bound(lo), bound(hi))
                        want[k] = want.get(k, 0) + n
    return want


def cells(path):
    """Every <rect> with a <title>: (time, min, max, count, attrs)."""
    out = []
    for r in ET.parse(path).getroot().iter(SVG + "rect"):
        t = r.find(SVG + "title")
        if t is None:
            continue
        m = TIP.match(t.text or "")
        if not m:
            fail("a tooltip not as expected: %r" % t.text)
        out.append((m.group(1), m.group(2), m.group(3), int(m.group(4)),
                    r.attrib))
    return out


def luminance(rgb):
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def hexrgb(fill):
    return tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))


def check_lines(svg, lines, key):
    want = expected(lines, key)
    got = {}
    for t, lo, hi, n, _ in cells(svg):
        if (t, lo, hi) in got:
            fail("two cells for %s [%s, %s]" % (t, lo, hi))
        got[(t, lo, hi)] = n
    if len(got) != len(want):
        fail("%d cells with a tooltip, %d counts not 0 in the lines" %
             (len(got), len(want)))
    for k, n in want.items():
        if got.get(k) != n:
            fail("%s [%s, %s]: %s in the map, %d in the lines" %
                 (k[0], k[1], k[2], got.get(k), n))
    cs = cells(svg)
    top = max(n for _, _, _, n, _ in cs)
    darkest = min(luminance(hexrgb(a["fill"])) for _, _, _, _, a in cs)
    for _, _, _, n, a in cs:
        if n == top and luminance(hexrgb(a["fill"])) != darkest:
            fail("the largest count, %d, is %s: not the darkest" %
                 (n, a["fill"]))
        if a["fill"].lower() == "#ffffff":
            fail("count %d is white" % n)
    # shades grow with counts: never lighter for more
    order = sorted(cs, key=lambda c: c[3])
    for a, b in zip(order, order[1:]):
        if luminance(hexrgb(b[4]["fill"])) > luminance(hexrgb(a[4]["fill"])):
            fail("count %d lighter than count %d" % (b[3], a[3]))


def check_quantize(svg):
    rows = {}
    for _, lo, hi, _, a in cells(svg):
        lo, hi = int(lo), int(hi)
        if lo < 1 or hi != 2 * lo - 1:
            fail("[%d, %d] is no power of two's row" % (lo, hi))
        rows[lo.bit_length() - 1] = (float(a["y"]), float(a["height"]))
    ks = sorted(rows)
    step = rows[ks[0]][1]
    for k in ks:
        y, h = rows[k]
        if abs(h - step) > 0.02:
            fail("the row of 2^%d is %g tall, 2^%d's %g" % (k, h, ks[0],
                                                            step))
        # one step per power of two, the empty ones too
        if abs((rows[ks[0]][0] - y) - (k - ks[0]) * step) > 0.05 * (k + 1):
            fail("the row of 2^%d is at %g, not %d steps above 2^%d" %
                 (k, y, k - ks[0], ks[0]))
    if len(ks) == ks[-1] - ks[0] + 1:
        fail("the test needs an empty power of two among the rows")


def label_range(text):
    """A label as its row's bucket: "\u2264 X" is "[null, X]"."""
    if text.startswith("\u2264 "):
        return "[null, %s]" % text[2:]
    if text.startswith("\u2265 "):
        return "[%s, null]" % text[2:]
    return text


def check_labels(svg):
    rows, left = {}, None
    for _, lo, hi, _, a in cells(svg):
        mid = float(a["y"]) + float(a["height"]) / 2
        rows["[%s, %s]" % (lo, hi)] = mid
        left = float(a["x"]) if left is None else min(left, float(a["x"]))
    order = sorted(rows, key=lambda r: -rows[r])    # the lowest first
    group = [g for g in ET.parse(svg).getroot().iter(SVG + "g")
             if g.get("font-size") == "10" and g.get("text-anchor") == "end"]
    if len(group) != 1:
        fail("%d groups of labels" % len(group))
    labelled, last, leader = set(), None, None
    for e in group[0]:
        if e.tag == SVG + "polyline":
            leader = [tuple(map(float, p.split(",")))
                      for p in e.get("points").split()]
            continue
        r = label_range(e.text)
        if r not in rows:
            fail("label %s names no row" % r)
        if leader is None:
            fail("label %s has no leader" % r)
        y = float(e.get("y"))
        if abs(leader[0][1] + 3.5 - y) > 0.01 or leader[-1][0] != left or \
                abs(leader[-1][1] - rows[r]) > 0.011:
            fail("label %s at %g: its leader %s, its row's middle %g" %
                 (r, y, leader, rows[r]))
        if last is not None and last - y < 11:
            fail("label %s at %g, under 11 pixels from the last" % (r, y))
        labelled.add(r)
        last, leader = y, None
    run = 0
    for i, r in enumerate(order):
        run = 0 if r in labelled else run + 1
        if run == 5:
            fail("%d labels, %d rows: rows %s to %s have none" %
                 (len(labelled), len(order), order[i - 4], r))


def png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is no PNG")
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6) or lace:
        fail("a PNG of depth %d, type %d, interlace %d" % (depth, ctype,
                                                          lace))
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, out = zlib.decompress(idat), w * bpp, None, []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        up = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = up[i]
            c = up[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        prev = line
        out.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
    return w, h, out


def check_pixels(svg, path):
    w, h, px = png(path)
    cs = [c for c in cells(svg) if float(c[4]["width"]) >= 4 and
          float(c[4]["height"]) >= 4]
    if not cs:
        fail("no cell large enough to look at")
    seen = []
    for t, lo, hi, n, a in cs:
        x = int(float(a["x"]) + float(a["width"]) / 2)
        y = int(float(a["y"]) + float(a["height"]) / 2)
        if x >= w or y >= h:
            fail("the PNG (%dx%d) does not hold (%d, %d)" % (w, h, x, y))
        if px[y][x] != hexrgb(a["fill"]):
            fail("%s [%s, %s] drawn %s at (%d, %d), its fill %s" %
                 (t, lo, hi, px[y][x], x, y, a["fill"]))
        seen.append((luminance(px[y][x]), n))
    top = max(n for _, n in seen)
    if min(seen)[1] != top:
        fail("the darkest pixel is a count of %d, the largest %d" %
             (min(seen)[1], top))
    # a row and a column that cross where the count is 0: white
    xs = {(a["x"], a["width"]) for _, _, _, _, a in cs}
    ys = {(a["y"], a["height"]) for _, _, _, _, a in cs}
    full = {(a["x"], a["width"], a["y"], a["height"]) for _, _, _, _, a in
            cs}
    white = 0
    for x0, xw in xs:
        for y0, yh in ys:
            if (x0, xw, y0, yh) in full:
                continue
            x = int(float(x0) + float(xw) / 2)
            y = int(float(y0) + float(yh) / 2)
            if px[y][x] != (255, 255, 255):
                fail("a cell of 0 at (%d, %d) is %s, not white" %
                     (x, y, px[y][x]))
            white += 1
    if white == 0:
        fail("no cell of 0 to look at")


def gen(kind, n, seed):
    """n made-up lines of --run: quantize (powers of two, some empty),
    or the same under three keys."""
    x = seed
    for i in range(n):
        dists = {}
        for key in (["sshd", "cron", "postgres"] if kind == "keyed" else
                    [None]):
            d = []
            for k in range(0, 14):
                x = (x * 16807) % 2147483647
                if k in (5, 9) or x % 3 == 0:
                    continue        # powers of two that hold nothing
                d.append([[1 << k, (2 << k) - 1], x % (50 + 40 * k)])
            dists[key] = d
        v = dists[None] if kind != "keyed" else dists
        print(json.dumps({"start": 1795593600 + i + 0.25, "duration": 1,
                          "value": v}))


def main(a):
    if len(a) >= 3 and a[0] == "lines":
        check_lines(a[1], a[2], a[3] if len(a) > 3 else None)
    elif len(a) == 2 and a[0] == "quantize":
        check_quantize(a[1])
    elif len(a) == 2 and a[0] == "labels":
        check_labels(a[1])
    elif len(a) == 3 and a[0] == "pixels":
        check_pixels(a[1], a[2])
    elif len(a) == 4 and a[0] == "gen":
        gen(a[1], int(a[2]), int(a[3]))
    else:
        fail("usage: see the head of tests/heatmap.py")


if __name__ == "__main__":
    main(sys.argv[1:])

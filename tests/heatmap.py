#!/usr/bin/env python3
#
# tests/heatmap.py: what tests/heatmap.sh checks a heat map with, in
# Python's standard library alone (json keeps integers exact, zlib decodes
# a PNG; no PIL).  Everything is read off the SVG (the cells' attributes
# and tooltips, the axes' texts, the percentile paths) and compared with
# the lines the map was drawn from.
#
#	heatmap.py lines FILE.svg LINES [KEY]
#		each tooltip: its interval, its bucket(s), the count they
#		hold in LINES (KEY's, or every key summed), its share of the
#		column and the cumulative share; the counts add up to the
#		lines'; with every bucket a row (no band), a cell for each
#		count not 0
#	heatmap.py labels FILE.svg
#		the value axis: each round label at its value's height (as
#		the cells' bounds place values), none within 12 px of
#		another, no leader line
#	heatmap.py ticks FILE.svg
#		the time axis: ticks at multiples of a round step (1, 2, 5,
#		10, 15, 30 s, ... 12 h), 5 to 10 of them, each at its time's
#		x (as the cells place times), the axis saying UTC
#	heatmap.py crop FILE.svg LINES PCT
#		the top band's label ">= V: N": N the events above the bucket
#		of the (100 - PCT)th percentile of LINES
#	heatmap.py bottom FILE.svg LABEL
#		a band at the bottom of the map, its label LABEL
#	heatmap.py pct FILE.svg LINES
#		the p50 and p99 paths: each column's at the middle of the row
#		that holds its percentile in LINES
#	heatmap.py pixels FILE.svg FILE.png
#		as a browser drew it: at each cell's middle its own shade,
#		every cell visibly tinted (a single event too), white where a
#		row holds nothing in a column
#	heatmap.py gen quantize|keyed|oracle|pct N SEED
#		N lines of --run's, made up
#
# Each check prints nothing and exits 0, or prints what is wrong and
# exits 1.

import datetime
import json
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
TIP = re.compile(r"^(\d\d:\d\d:\d\d(?:\.\d{3})?) to (\d\d:\d\d:\d\d"
                 r"(?:\.\d{3})?) UTC\n.*\(\[(null|-?\d+), (null|-?\d+)\]"
                 r"[^)]*\)\ncount (\d+), ([\d.]+)% of the column; "
                 r"cumulative ([\d.]+)% \(p([\d.]+)\)$", re.S)
STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
         21600, 43200, 86400]


def fail(msg):
    print("heatmap.py: " + msg)
    sys.exit(1)


def hms(t):
    """A time as the tooltips write it: HH:MM:SS, .mmm if not whole."""
    ms = round(t * 1000)
    d = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms)
    s = d.strftime("%H:%M:%S")
    return s + (".%03d" % (ms % 1000) if ms % 1000 else "")


def read_lines(path, key):
    """[(start, duration, {(min, max): count})] of the lines."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            o = json.loads(line)
            v = o["value"]
            dists = [v] if isinstance(v, list) else \
                [d for k, d in v.items() if key is None or k == key]
            col = {}
            for d in dists:
                for (lo, hi), n in d:
                    col[(lo, hi)] = col.get((lo, hi), 0) + n
            out.append((o["start"], o["duration"], col))
    return out


def root(path):
    return ET.parse(path).getroot()


def cells(path):
    """Every <rect> with a <title>: dicts of its tooltip and attributes."""
    out = []
    for r in root(path).iter(SVG + "rect"):
        t = r.find(SVG + "title")
        if t is None:
            continue
        m = TIP.match(t.text or "")
        if not m:
            fail("a tooltip not as expected: %r" % t.text)
        lo = None if m.group(3) == "null" else int(m.group(3))
        hi = None if m.group(4) == "null" else int(m.group(4))
        out.append({"t0": m.group(1), "t1": m.group(2), "lo": lo, "hi": hi,
                    "n": int(m.group(5)), "share": float(m.group(6)),
                    "cum": float(m.group(7)), "x": float(r.get("x")),
                    "y": float(r.get("y")), "w": float(r.get("width")),
                    "h": float(r.get("height")), "fill": r.get("fill")})
    return out


def inside(b, lo, hi):
    """Bucket b within [lo, hi] (None: open)."""
    return (lo is None or (b[0] is not None and b[0] >= lo)) and \
        (hi is None or (b[1] is not None and b[1] <= hi))


def check_lines(svg, lines, key):
    cols = {hms(s): (hms(s + d), c) for s, d, c in read_lines(lines, key)}
    cs = cells(svg)
    total = sum(n for _, c in cols.values() for n in c.values())
    if sum(c["n"] for c in cs) != total:
        fail("the cells hold %d events, the lines %d" %
             (sum(c["n"] for c in cs), total))
    coltot, cum = {}, {}
    for c in cs:
        if c["t0"] not in cols:
            fail("a cell of %s: no line starts then" % c["t0"])
        end, col = cols[c["t0"]]
        if c["t1"] != end:
            fail("a cell of %s ends %s, its line %s" % (c["t0"], c["t1"],
                                                       end))
        want = sum(n for b, n in col.items() if inside(b, c["lo"], c["hi"]))
        if c["n"] != want:
            fail("%s [%s, %s]: %d in the map, %d in the lines" %
                 (c["t0"], c["lo"], c["hi"], c["n"], want))
        coltot[c["t0"]] = sum(col.values())
    for c in sorted(cs, key=lambda c: (c["t0"], -c["y"])):
        cum[c["t0"]] = cum.get(c["t0"], 0) + c["n"]
        whole = coltot[c["t0"]]
        for got, part in ((c["share"], c["n"]), (c["cum"], cum[c["t0"]])):
            if abs(got - 100.0 * part / whole) > 0.051 and not \
                    (got == 99.9 and part < whole):
                fail("%s [%s, %s]: %.1f%%, but %d of %d" %
                     (c["t0"], c["lo"], c["hi"], got, part, whole))
    nonzero = sum(1 for _, c in cols.values() for n in c.values() if n)
    exact = all((c["lo"], c["hi"]) in cols[c["t0"]][1] for c in cs)
    if exact and len(cs) != nonzero:
        fail("%d cells, %d counts not 0 in the lines" % (len(cs), nonzero))


def number(text):
    """A label's value in the unit's base: "10 µs" -> 10000 (ns)."""
    m = re.match(r"^(-?[\d.]+)\s*([kMGTP]?)(?:\s*(\S+))?$", text)
    if not m:
        fail("a label not a value: %r" % text)
    v = float(m.group(1)) * {"": 1, "k": 1e3, "M": 1e6, "G": 1e9,
                             "T": 1e12, "P": 1e15}[m.group(2)]
    scale = {"ns": 1, "\u00b5s": 1e3, "ms": 1e6, "s": 1e9, "B": 1,
             "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}
    return v * scale.get(m.group(3), 1)


def axis_fit(cs):
    """(log?, a, b): the cells' bounds on a line y = a + b * f(value)."""
    pts = []
    for c in cs:
        if c["lo"] is None or c["hi"] is None or c["y"] == 0 or \
                c["lo"] <= 0:
            continue        # the bands
        pts.append((c["lo"], c["y"] + c["h"]))
        pts.append((c["hi"] + 1, c["y"]))
    for log in (True, False):
        if log and min(v for v, _ in pts) < 1:
            continue
        f = (lambda v: math.log(v)) if log else (lambda v: v)
        xs = [f(v) for v, _ in pts]
        if max(xs) == min(xs):
            continue
        (x0, y0), (x1, y1) = min(zip(xs, (y for _, y in pts))), \
            max(zip(xs, (y for _, y in pts)))
        b = (y1 - y0) / (x1 - x0)
        a = y0 - b * x0
        if all(abs(a + b * x - y) < 0.6 for x, (_, y) in zip(xs, pts)):
            return log, a, b
    fail("the cells' bounds lie on no axis, log or linear")


def group_texts(svg, cls):
    for g in root(svg).iter(SVG + "g"):
        if g.get("class") == cls:
            return [(float(t.get("x")), float(t.get("y")), t.text)
                    for t in g.iter(SVG + "text")]
    fail("no <g class=%r>" % cls)


def check_labels(svg):
    if "<polyline" in open(svg, encoding="utf-8").read():
        fail("a leader line (polyline)")
    log, a, b = axis_fit(cells(svg))
    labels = group_texts(svg, "yaxis")
    ys = sorted(y - 4 for _, y, _ in labels)
    for p, q in zip(ys, ys[1:]):
        if q - p < 12:
            fail("two labels %.2f px apart" % (q - p))
    n = 0
    for _, y, text in labels:
        if text.startswith("<") or text.startswith(">="):
            continue
        v = number(text)
        want = a + b * (math.log(v) if log else v)
        if abs(want - (y - 4)) > 1.0:
            fail("label %r at %.2f, its value's height %.2f" %
                 (text, y - 4, want))
        n += 1
    if n < 2:
        fail("%d round labels" % n)


def seconds(text):
    h, m, s = text.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def check_ticks(svg):
    ticks = [(x, t) for x, _, t in group_texts(svg, "xaxis")
             if re.match(r"^\d\d:\d\d:\d\d$", t or "")]
    cap = [t for _, _, t in group_texts(svg, "xaxis") if "UTC" in t]
    if not cap or not re.search(r"\d{4}-\d\d-\d\d", cap[0]):
        fail("no caption with UTC and the date: %r" % cap)
    secs = [seconds(t) for _, t in ticks]
    if len(ticks) < 2 or len(ticks) > 10:
        fail("%d ticks" % len(ticks))
    step = secs[1] - secs[0]
    if step not in STEPS or any(s % step for s in secs):
        fail("ticks %s: not multiples of a round step" % secs)
    # the least round step that gives 10 ticks at most
    cs = cells(svg)
    lo = min(seconds(c["t0"]) for c in cs)
    hi = max(seconds(c["t1"]) for c in cs)
    i = STEPS.index(step)
    if i > 0 and len(ticks) < 5 and \
            math.floor(hi / STEPS[i - 1]) - math.ceil(lo / STEPS[i - 1]) < 10:
        fail("ticks every %d s (%d of them), where every %d s gives 10 "
             "at most" % (step, len(ticks), STEPS[i - 1]))
    # x: as the cells place their starts
    c0 = min(cs, key=lambda c: c["x"])
    c1 = max(cs, key=lambda c: c["x"])
    t0, t1 = seconds(c0["t0"]), seconds(c1["t0"])
    if t1 == t0:
        return
    k = (c1["x"] - c0["x"]) / (t1 - t0)
    for (x, t), s in zip(ticks, secs):
        want = c0["x"] + k * (s - t0)
        if abs(want - x) > 1.0:
            fail("tick %s at x %.2f, its time's %.2f" % (t, x, want))


def check_crop(svg, lines, pct):
    buckets = {}
    for _, _, col in read_lines(lines, None):
        for b, n in col.items():
            buckets[b] = buckets.get(b, 0) + n
    order = sorted(buckets.items(), key=lambda i: (i[0][0] is not None,
                                                   i[0][0] or 0))
    total = sum(buckets.values())
    cum, above = 0, None
    for i, (b, n) in enumerate(order):
        cum += n
        if cum >= total * (1 - pct / 100.0):
            above = sum(m for _, m in order[i + 1:])
            break
    got = [t for _, _, t in group_texts(svg, "yaxis") if t.startswith(">=")]
    if not above:
        if got:
            fail("a top band %r, no event above" % got)
        return
    if len(got) != 1 or not got[0].endswith(": %d" % above):
        fail("top band %r, %d events above the percentile" % (got, above))


def check_bottom(svg, label):
    got = [y for _, y, t in group_texts(svg, "yaxis") if t == label]
    if len(got) != 1:
        fail("no label %r" % label)
    low = [c for c in cells(svg) if c["lo"] is not None and c["lo"] <= 0]
    h = max(c["y"] + c["h"] for c in cells(svg))
    if not low or any(abs(c["y"] + c["h"] - h) > 0.01 or abs(c["y"] + 4 +
                      c["h"] / 2 - got[0]) > 0.6 for c in low):
        fail("the bucket reaching 0 is not the band at the bottom by %r" %
             label)


def check_pct(svg, lines):
    cs = cells(svg)
    rows = {}
    for c in cs:
        rows[(c["lo"], c["hi"])] = c["y"] + c["h"] / 2
    xs = {}
    for c in cs:
        xs[c["t0"]] = (c["x"], c["x"] + c["w"])
    paths = {}
    for p in root(svg).iter(SVG + "path"):
        if p.get("class") in ("p50", "p99"):    # the map's, not the legend's
            paths.setdefault(p.get("class"), p.get("d"))
    for name, p in (("p50", 0.5), ("p99", 0.99)):
        pts = [tuple(map(float, m)) for m in
               re.findall(r"[ML]([\d.]+) ([\d.]+)H([\d.]+)", paths[name])]
        want = []
        for s, _, col in read_lines(lines, None):
            tot, cum = sum(col.values()), 0
            for b in sorted(col, key=lambda b: b[0]):
                cum += col[b]
                if tot and cum >= p * tot:
                    want.append((xs[hms(s)][0], rows[b], xs[hms(s)][1]))
                    break
        if len(pts) != len(want) or any(abs(g - w) > 0.02 for gp, wp in
                                        zip(pts, want) for g, w in
                                        zip(gp, wp)):
            fail("%s: %s, want %s" % (name, pts[:4], want[:4]))


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


def hexrgb(fill):
    return tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))


def map_origin(svg):
    for g in root(svg).iter(SVG + "g"):
        if g.get("class") == "map":
            m = re.match(r"translate\(([\d.]+) ([\d.]+)\)",
                         g.get("transform"))
            return float(m.group(1)), float(m.group(2))
    fail("no map")


def check_pixels(svg, path):
    w, h, px = png(path)
    ox, oy = map_origin(svg)
    paths = " ".join(p.get("d") or "" for p in root(svg).iter(SVG + "path"))
    pys = {float(y) for y in re.findall(r"[ML][\d.]+ ([\d.]+)", paths)}
    cs = [c for c in cells(svg) if c["w"] >= 3 and c["h"] >= 6 and
          all(abs(c["y"] + c["h"] / 2 - y) > 3 for y in pys)]
    if not cs:
        fail("no cell large enough, and off the lines, to look at")
    ones = 0
    for c in cs:
        x = int(ox + c["x"] + c["w"] / 2)
        y = int(oy + c["y"] + c["h"] / 2)
        got = px[y][x]
        if any(abs(g - e) > 2 for g, e in zip(got, hexrgb(c["fill"]))):
            fail("[%s, %s] at %s drawn %s at (%d, %d), its fill %s" %
                 (c["lo"], c["hi"], c["t0"], got, x, y, c["fill"]))
        if 255 * 3 - sum(got) < 60:
            fail("a cell of %d at (%d, %d) is %s: hardly tinted" %
                 (c["n"], x, y, got))
        ones += c["n"] == 1
    if ones == 0:
        fail("no cell of a single event to look at")
    full = {(round(c["x"], 2), round(c["y"], 2)) for c in cells(svg)}
    xs = {(c["x"], c["w"]) for c in cs}
    ys = {(c["y"], c["h"]) for c in cs}
    white = 0
    for x0, xw in xs:
        for y0, yh in ys:
            if (round(x0, 2), round(y0, 2)) in full or \
                    any(abs(y0 + yh / 2 - y) <= 3 for y in pys):
                continue
            x, y = int(ox + x0 + xw / 2), int(oy + y0 + yh / 2)
            if px[y][x] != (255, 255, 255):
                fail("no event at (%d, %d), yet %s" % (x, y, px[y][x]))
            white += 1
    if white == 0:
        fail("no empty cell to look at")


def gen(kind, n, seed):
    """n made-up lines of --run: quantize (powers of two, some empty,
    some single events), the same under three keys, Oracle's llquantize
    with its row [-999, 999], or pct (known percentiles)."""
    x = seed
    for i in range(n):
        dists = {}
        for key in (["sshd", "cron", "postgres"] if kind == "keyed" else
                    [None]):
            d = [[[-999, 999], 1 + i % 4]] if kind == "oracle" else []
            for k in range(0, 14):
                x = (x * 16807) % 2147483647
                if k in (5, 9) or x % 3 == 0:
                    continue        # powers of two that hold nothing
                lo, hi = 1 << k, (2 << k) - 1
                if kind == "oracle":    # llquantize(v, 10, 3, 4, 10)
                    lo = 1000 * (k + 1) if k < 9 else 10000 * (k - 8)
                    hi = lo + (999 if k < 9 else 9999)
                d.append([[lo, hi], 1 if k == 13 else x % (50 + 40 * k)])
            if kind == "pct":
                d = [[[1, 1], 50 - i % 2], [[2, 3], 40], [[4, 7], 9 + i % 2],
                     [[8, 15], 1]]
            dists[key] = d
        v = dists[None] if kind != "keyed" else dists
        print(json.dumps({"start": 1795593600 + i + 0.25, "duration": 1,
                          "value": v}))


def main(a):
    if len(a) >= 3 and a[0] == "lines":
        check_lines(a[1], a[2], a[3] if len(a) > 3 else None)
    elif len(a) == 2 and a[0] == "labels":
        check_labels(a[1])
    elif len(a) == 2 and a[0] == "ticks":
        check_ticks(a[1])
    elif len(a) == 4 and a[0] == "crop":
        check_crop(a[1], a[2], float(a[3]))
    elif len(a) == 3 and a[0] == "bottom":
        check_bottom(a[1], a[2])
    elif len(a) == 3 and a[0] == "pct":
        check_pct(a[1], a[2])
    elif len(a) == 3 and a[0] == "pixels":
        check_pixels(a[1], a[2])
    elif len(a) == 4 and a[0] == "gen":
        gen(a[1], int(a[2]), int(a[3]))
    else:
        fail("usage: see the head of tests/heatmap.py")


if __name__ == "__main__":
    main(sys.argv[1:])

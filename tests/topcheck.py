#!/usr/bin/env python3
"""topcheck.py: meta-d --top's view read back and held against --run's
line of the same interval (tests/top.sh; SPEC 8.5).

    python3 tests/topcheck.py SHAPE RUNLINES VIEWS [WIDTH]

SHAPE is numbers (-s), hist (-n) or bykey (-s -n); RUNLINES the lines
--run printed, VIEWS what --top printed (views appended, a blank line
between, or one screen).  Each view is checked against the line of its
interval: the same keys and values, rows in the view's order (largest
first), rates and shares; the histogram's rows (trimmed, every bucket
between, the bar scaled to the largest) and its count, p50, p90, p99 and
max; distributions by key by count with p50, p99 and max.  Every line
fits WIDTH (default 80).  Prints what differs and exits 1, or exits 0.
"""

import json
import math
import re
import sys

NUM = re.compile(r'^(\S+)\s+(\S+)\s+(\S+)\s+(\S+%)\s\s(\S*)$')
HIST = re.compile(r'^\s*(\S+) \|([@ ]*) (\d+)$')
BYKEY = re.compile(r'^(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+\|(.*)\|$')


def fail(msg):
    print('topcheck: ' + msg)
    sys.exit(1)


def fmt(x):
    """A number as the view writes it without a unit."""
    if x == int(x):
        return '%d' % x
    places = 0 if x >= 99.95 else 1 if x >= 9.995 else 2
    s = '%.*f' % (places, x)
    return s.rstrip('0').rstrip('.') if '.' in s else s


def pct(buckets, total, p):
    need = math.ceil(total * p / 100.0)
    s = 0
    for (lo, hi), c in buckets:
        s += c
        if s >= need:
            return lo
    return buckets[-1][0][0]


def check_numbers(line, rows, dur):
    want = line['value']
    got = [NUM.match(r) for r in rows]
    if None in got:
        fail('not a row: %r' % rows[got.index(None)])
    if [m.group(1) for m in got] != sorted(want, key=lambda k: (-want[k], k)):
        fail('rows %r, not by value: %r' % ([m.group(1) for m in got], want))
    total = sum(want.values())
    for m in got:
        k, v, rate, share, spark = m.groups()
        if int(v) != want[k]:
            fail('%s: %s, --run says %d' % (k, v, want[k]))
        if rate != fmt(want[k] / dur):
            fail('%s: rate %s, not %s' % (k, rate, fmt(want[k] / dur)))
        if share != '%.1f%%' % (100.0 * want[k] / total):
            fail('%s: share %s' % (k, share))


def check_hist(line, rows, summary):
    want = line['value']
    got = [HIST.match(r) for r in rows]
    if None in got:
        fail('not a histogram row: %r' % rows[got.index(None)])
    counts = {int(m.group(1)): int(m.group(3)) for m in got}
    if {b[0]: c for b, c in want} != {k: c for k, c in counts.items()
                                         if c != 0}:
        fail('histogram %r, --run says %r' % (counts, want))
    labels = [int(m.group(1)) for m in got]
    if labels != sorted(labels) or counts[labels[0]] == 0 or \
            counts[labels[-1]] == 0:
        fail('rows not ascending, or not trimmed: %r' % labels)
    top = max(counts.values())
    for m in got:
        bar = m.group(2)
        if len(bar) != 40 or bar.count('@') != \
                int(math.floor(int(m.group(3)) / top * 40 + 0.5)):
            fail('bar of %s: %r' % (m.group(1), bar))
    total = sum(c for b, c in want)
    s = 'count %d  p50 %d  p90 %d  p99 %d  max %d' % (
        total, pct(want, total, 50), pct(want, total, 90),
        pct(want, total, 99), want[-1][0][0])
    if summary != s:
        fail('summary %r, not %r' % (summary, s))


def check_bykey(line, rows):
    want = line['value']
    got = [BYKEY.match(r) for r in rows]
    if None in got:
        fail('not a row: %r' % rows[got.index(None)])
    n = {k: sum(c for b, c in v) for k, v in want.items()}
    if [m.group(1) for m in got] != sorted(n, key=lambda k: (-n[k], k)):
        fail('rows %r, not by count' % [m.group(1) for m in got])
    for m in got:
        k = m.group(1)
        b = want[k]
        w = (str(n[k]), str(pct(b, n[k], 50)), str(pct(b, n[k], 99)),
             str(b[-1][0][0]))
        if m.groups()[1:5] != w:
            fail('%s: %r, not %r' % (k, m.groups()[1:5], w))


def main():
    shape, runfile, viewfile = sys.argv[1:4]
    width = int(sys.argv[4]) if len(sys.argv) > 4 else 80
    lines = [json.loads(x) for x in open(runfile, encoding='utf-8')]
    text = open(viewfile, encoding='utf-8').read()
    for x in text.split('\n'):
        if len(x) > width:
            fail('a line past %d columns: %r' % (width, x))
    views = [v.strip('\n').split('\n') for v in text.split('\n\n')
             if v.strip()]
    if len(views) != len(lines):
        fail('%d views for %d lines' % (len(views), len(lines)))
    for line, v in zip(lines, views):
        head, dur = v[0], line['duration']
        if shape == 'numbers':
            if len(v) < 2 or 'rate/s' not in v[1]:
                fail('no heading: %r' % v)
            check_numbers(line, v[2:], dur)
        elif shape == 'hist':
            if not line['value']:
                if v[1:] != ['no events']:
                    fail('an empty interval: %r' % v)
                continue
            check_hist(line, v[2:-1], v[-1])
        else:
            check_bykey(line, v[2:])
        if ' events ' not in head and line['value']:
            fail('header %r' % head)
    sys.exit(0)


main()

#!/usr/bin/env python3
"""What tests/library/SUBJECT.sh reads meta-d's and bpftrace's output with.

    values.py sum FILE [KEY ...]   the events under KEY... (a path into -s
        fields' keys) of every interval of --run's lines, added up: a
        count, or a distribution's bucket counts; a key not there is 0
    values.py keys FILE [KEY ...]  the keys under KEY..., of any interval,
        one a line, sorted
    values.py dist FILE [KEY ...]  the distribution under KEY..., the
        intervals' merged: "count N min LO max HI p50 P" (LO: the lowest
        non-empty bucket's low bound, HI: the highest's high bound, P: the
        low bound of the bucket holding the median); status 1 if empty
    values.py bpf FILE MAP [KEY ...]  bpftrace's @MAP[KEY, ...]: N, its N
        (0 when absent); without KEY, the map's values added up
    values.py top FILE KEY   status 0 if a view of --top's (appended)
        has a row whose first word is KEY with a count above 0
    values.py prom FILE KEY  status 0 if a Prometheus series with a label
        of value KEY is above 0
    values.py svg FILE       status 0 if a heat map's cell has a count
        above 0 (its tooltip's "count N")
"""
import json
import re
import sys


def lines(path):
    with open(path) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def is_dist(v):
    return isinstance(v, list)


def total(v):
    if isinstance(v, bool):
        raise SystemExit("values.py: a boolean where a value should be")
    if isinstance(v, (int, float)):
        return v
    if is_dist(v):
        return sum(n for _, n in v)
    if isinstance(v, dict):
        return sum(total(x) for x in v.values())
    return 0


def under(value, keys):
    for k in keys:
        if not isinstance(value, dict) or k not in value:
            return None
        value = value[k]
    return value


def cmd_sum(path, keys):
    s = 0
    for ln in lines(path):
        v = under(ln["value"], keys)
        if v is not None:
            s += total(v)
    print(s)
    return 0


def cmd_keys(path, keys):
    found = set()
    for ln in lines(path):
        v = under(ln["value"], keys)
        if isinstance(v, dict):
            found.update(v.keys())
    for k in sorted(found):
        print(k)
    return 0


def cmd_dist(path, keys):
    buckets = {}
    for ln in lines(path):
        v = under(ln["value"], keys)
        if v is None:
            continue
        if not is_dist(v):
            raise SystemExit("values.py: not a distribution: %r" % (v,))
        for (lo, hi), n in v:
            buckets[(lo, hi)] = buckets.get((lo, hi), 0) + n
    full = sorted(b for b, n in buckets.items() if n > 0)
    if not full:
        print("count 0")
        return 1
    count = sum(buckets[b] for b in full)
    seen, p50 = 0, None
    for b in full:
        seen += buckets[b]
        if p50 is None and 2 * seen >= count:
            p50 = b[0]
    print("count %d min %s max %s p50 %s" % (count, full[0][0], full[-1][1],
                                             p50))
    return 0


BPF = re.compile(r'^@(\w*)(?:\[(.*)\])?: (-?\d+)$')


def cmd_bpf(path, name, keys):
    s = 0
    with open(path) as f:
        for line in f:
            m = BPF.match(line.strip())
            if not m or m.group(1) != name:
                continue
            k = [x.strip() for x in (m.group(2) or "").split(",")]
            if not keys or k == keys:
                s += int(m.group(3))
    print(s)
    return 0


def cmd_top(path, key):
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) >= 2 and w[0] == key and w[1].replace(",", "").isdigit():
                if int(w[1].replace(",", "")) > 0:
                    print(line.rstrip())
                    return 0
    return 1


def cmd_prom(path, key):
    want = '="%s"' % key
    with open(path) as f:
        for line in f:
            if line.startswith("#") or want not in line:
                continue
            if float(line.split()[-1]) > 0:
                print(line.rstrip())
                return 0
    return 1


def cmd_svg(path):
    with open(path) as f:
        text = f.read()
    counts = [int(n) for n in re.findall(r'count (\d+)', text)]
    print(max(counts) if counts else 0)
    return 0 if counts and max(counts) > 0 else 1


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    cmd, path, rest = argv[1], argv[2], argv[3:]
    if cmd == "sum":
        return cmd_sum(path, rest)
    if cmd == "keys":
        return cmd_keys(path, rest)
    if cmd == "dist":
        return cmd_dist(path, rest)
    if cmd == "bpf" and rest:
        return cmd_bpf(path, rest[0], rest[1:])
    if cmd == "top" and len(rest) == 1:
        return cmd_top(path, rest[0])
    if cmd == "prom" and len(rest) == 1:
        return cmd_prom(path, rest[0])
    if cmd == "svg":
        return cmd_svg(path)
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

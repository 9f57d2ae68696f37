#!/usr/bin/env python3
"""tools/bench/watch_latency.py ROOMFORGE SRCDIR [SAVES]: save-to-view latency
of `roomforge watch --serve` (issue 16), beside gen's own time.

Two packs in a temporary folder: a copy of the bundled pack, and a pack of
5,000 generated rooms (tests/cli/random_rooms.py, 50 files of 100) over the
bundled profiles. Each gets a room file of one room, "Bench Room", forced
into every level. For each pack, SAVES times (default 50): a save of that
file (a new file renamed over it, as editors do; the room's floor toggled
between two forms) and /level.json polled every millisecond until it gives
the next generation; the time from the rename to that answer is one
latency. Prints the median and the worst, the median split into what the
watch reports for each build (load and checks, level, views; the rest is
the 30 ms quiet period that coalesces a burst, inotify and HTTP), and,
beside it, the median wall time of `roomforge gen` making the same level
from scratch (a process start, load, checks, level, JSON). Nothing here
asserts: the figures go in docs/benchmarks.md."""
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

RF, SRC = sys.argv[1], sys.argv[2]
SAVES = int(sys.argv[3]) if len(sys.argv) > 3 else 50
ROOM = "Bench Room"
FORMS = ["#.....#", "#..W..#"]


def bench_file(form):
    rows = ["##D####", "#.....#", form, "#.....#", "#######"]
    return ('<?xml version="1.0" encoding="utf-8"?>\n<roomdb>\n  <room name="%s" width="7" height="5">\n'
            % ROOM + "".join('    <row text="%s"/>\n' % r for r in rows) +
            '    <flags minLevel="0" maxLevel="99"/>\n  </room>\n</roomdb>\n')


def generation(url):
    with urllib.request.urlopen(url + "level.json", timeout=10) as r:
        return json.loads(r.read())["generation"]


def measure(pack, label):
    path = os.path.join(pack, "rooms", "zz_bench.xml")
    with open(path, "w") as f:
        f.write(bench_file(FORMS[0]))
    proc = subprocess.Popen([RF, "watch", "--content", pack, "--room", ROOM, "--serve", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = None
    while url is None:
        line = proc.stderr.readline()
        if not line:
            sys.exit("watch ended: no URL")
        m = re.search(r"serving (http://\S+/)", line)
        url = m.group(1) if m else None
    builds = []

    def read():
        for line in iter(proc.stderr.readline, ""):
            m = re.search(r"build (\d+) (\w+) in ([\d.]+) ms \(load and checks ([\d.]+), level ([\d.]+), "
                          r"views ([\d.]+)\)", line)
            if m:
                builds.append((int(m.group(1)), m.group(2), *map(float, m.group(3, 4, 5, 6))))
    threading.Thread(target=read, daemon=True).start()
    while True:
        try:
            gen = generation(url)
            break
        except OSError:
            time.sleep(0.05)
    lat = []
    for i in range(SAVES):
        tmp = path + ".tmp~"
        with open(tmp, "w") as f:
            f.write(bench_file(FORMS[(i + 1) % 2]))
        t0 = time.monotonic()
        os.rename(tmp, path)
        while generation(url) <= gen:
            time.sleep(0.001)
        lat.append((time.monotonic() - t0) * 1e3)
        gen += 1
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    later = [b for b in builds if b[0] > 1]
    gen_times = []
    for _ in range(5):
        t0 = time.monotonic()
        subprocess.run([RF, "gen", "--content", pack, "--room", ROOM, "--format", "json"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        gen_times.append((time.monotonic() - t0) * 1e3)
    med = statistics.median
    print("%s: save to new /level.json over %d saves: median %.1f ms, worst %.1f ms" %
          (label, len(lat), med(lat), max(lat)))
    if later:
        print("  a build (median): %.1f ms = load and checks %.1f + level %.1f + views %.1f; "
              "the rest is the 30 ms quiet period, inotify and HTTP" %
              (med(b[2] for b in later), med(b[3] for b in later), med(b[4] for b in later),
               med(b[5] for b in later)))
    print("  beside it, roomforge gen (a new process, same level, JSON): median %.1f ms" % med(gen_times))


def main():
    tmp = tempfile.mkdtemp(prefix="rf-watch-bench-")
    try:
        bundled = os.path.join(tmp, "bundled")
        shutil.copytree(os.path.join(SRC, "content"), bundled)
        measure(bundled, "bundled pack (54 rooms + 1)")
        big = os.path.join(tmp, "big")
        os.makedirs(os.path.join(big, "rooms"))
        for k in range(50):
            with open(os.path.join(big, "rooms", "r%02d.xml" % k), "w") as f:
                subprocess.run([sys.executable, os.path.join(SRC, "tests", "cli", "random_rooms.py"),
                                str(k + 1), "100"], stdout=f, check=True)
        measure(big, "5,000 rooms (50 files) + 1")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()

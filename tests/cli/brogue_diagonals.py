#!/usr/bin/env python3
"""tests/cli/brogue_diagonals.py ROOMFORGE: no diagonal opening survives in a
Brogue level (issue 28.5): over 40 seeds at 6 depths of the brogue profile
(seed 5 depths 14 and 20, seed 31 depth 1 and seed 33 depth 3 among them,
where the placer's corridors once left four against template walls), no two
walkable tiles touch only at a corner with both other tiles of their 2x2
block walls or rock (what obstructs a diagonal step in Brogue; liquids and
impassable floor do not). Prints `N passed, N failed`."""
import concurrent.futures
import json
import subprocess
import sys

RF = sys.argv[1]
WALLS = set('# ')
SEEDS = range(1, 41)
DEPTHS = (1, 3, 7, 14, 20, 26)


def openings(level):
    t = level['tiles']
    found = []
    for y in range(len(t) - 1):
        for x in range(len(t[0]) - 1):
            a, b, c, d = t[y][x], t[y][x + 1], t[y + 1][x], t[y + 1][x + 1]
            if (a not in WALLS and d not in WALLS and b in WALLS and c in WALLS) or \
                    (b not in WALLS and c not in WALLS and a in WALLS and d in WALLS):
                found.append((x, y))
    return found


def one(job):
    seed, depth = job
    p = subprocess.run([RF, 'gen', '--seed', str(seed), '--depth', str(depth), '--format', 'json'],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return job, 'exit %d: %s' % (p.returncode, p.stderr.strip()[:200])
    found = openings(json.loads(p.stdout))
    return job, ('diagonal openings at %s' % found[:4]) if found else None


def main():
    jobs = [(s, d) for s in SEEDS for d in DEPTHS]
    fails = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        for (seed, depth), why in ex.map(one, jobs):
            if why:
                fails += 1
                print('FAIL: seed %d depth %d: %s' % (seed, depth, why))
    print('%d passed, %d failed' % (len(jobs) - fails, fails))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())

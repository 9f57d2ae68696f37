#!/usr/bin/env python3
"""tests/cli/real_shapes.py ROOMFORGE CHECK_LEVEL PACK: rooms in the shapes real
vault designers draw (PACK/rooms: sealed closets, pockets larger than the door
side, diagonal-only passages, crosses, four doors, a 40x20 hall, a wide
entrance) forced into every profile's levels (issue 28). Each level must pass
tools/check-level (never walled to a pocket, stairs never both inside one
template) and hold the room's connected region whole: every cell its doors
reach by 4-neighbour steps is walkable in the level, in the orientation the
room took. A room must be placed on every seed, or refused for size alone
(room-not-placed naming the --size that holds it) and then placed at that
size. RF_SHAPES_SEEDS sets the seed count (default 30; 2 under RF_SANITIZED).
Prints `N passed, F failed`."""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

import inproc_check_level
from orient_oracle import turn

PROFILES = ('brogue', 'nethack', 'dungeonmaker', 'caverns')
DEPTHS = (2, 7)
OPEN = set('.WIGSsi^@0123456789')  # cells a room keeps open (digits: named anchors)
WALKABLE = set('.+*!<>,WIGA=')


def region(room):
    """The template cells its doors reach by 4-neighbour steps over open cells."""
    rows, used = room['rows'], set(room['anchors'])
    h, w = len(rows), len(rows[0])

    def is_open(x, y):
        c = rows[y][x]
        return c in 'Dd' or (c in OPEN and (not c.isdigit() or c in used))
    todo = [(x, y) for y in range(h) for x in range(w) if rows[y][x] in 'Dd']
    seen = set(todo)
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and is_open(nx, ny):
                seen.add((nx, ny))
                todo.append((nx, ny))
    return {(x, y) for x, y in seen if rows[y][x] not in 'Dd'}


def whole(level, room, cells):
    """None when the room's connected region is walkable where it was placed."""
    tw, th = room['width'], room['height']
    for r in level['rooms']:
        if r.get('template') != room['name'] or not r.get('forced'):
            continue
        k = r.get('orient', 0)
        for x, y in sorted(cells):
            vx, vy = turn(k, tw, th, x, y)
            t = level['tiles'][r['y'] + vy][r['x'] + vx]
            if t not in WALKABLE:
                return 'cell %d,%d of its connected region is %r in the level' % (x, y, t)
        return None
    return 'the forced room is not among the level\'s rooms'


def gen(rf, pack, profile, seed, depth, name, size, path):
    cmd = [rf, 'gen', '--content', pack, '--profile', profile, '--seed', str(seed),
           '--depth', str(depth), '--room', name, '--format', 'json', '-o', path]
    if size:
        cmd += ['--size', size]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stderr


def main():
    rf, tool, pack = sys.argv[1:4]
    seeds = int(os.environ.get('RF_SHAPES_SEEDS', '30'))
    if os.environ.get('RF_SANITIZED'):
        seeds = min(seeds, 2)
    tmp = tempfile.mkdtemp()
    where = os.path.join(pack, 'rooms')
    listed = json.loads(subprocess.run([rf, 'list', '--content', where, '--format', 'json'],
                                       capture_output=True, check=True).stdout)
    rooms = []
    for r in listed['rooms']:
        shown = subprocess.run([rf, 'show', '--content', where, '--format', 'json', r['name']],
                               capture_output=True, check=True).stdout
        room = json.loads(shown)
        rooms.append((room, region(room)))
    jobs, sized = [], {}
    for profile in PROFILES:
        for room, cells in rooms:
            rc, err = gen(rf, pack, profile, 1, DEPTHS[0], room['name'], None,
                          os.path.join(tmp, 'probe.json'))
            m = re.search(r'try --size (\d+x\d+)', err)
            size = None
            if rc == 1 and m and "larger than the level's inner area" in err:
                size = sized[(profile, room['name'])] = m.group(1)
            jobs += [(profile, s, d, room, cells, size) for s in range(1, seeds + 1) for d in DEPTHS]

    def run(i_job):
        i, (profile, seed, depth, room, cells, size) = i_job
        path = os.path.join(tmp, '%d.json' % (i % 64))
        return path, gen(rf, pack, profile, seed, depth, room['name'], size, path)
    fails = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        for start in range(0, len(jobs), 32):
            batch = list(enumerate(jobs[start:start + 32], start))
            for (i, job), (path, (rc, err)) in zip(batch, ex.map(run, batch)):
                profile, seed, depth, room, cells, size = job
                what = "%s seed %d depth %d%s '%s'" % (profile, seed, depth,
                                                        ' size ' + size if size else '', room['name'])
                if rc != 0:
                    why = 'not placed (exit %d): %s' % (rc, ' '.join(err.strip().splitlines()[:1]))
                else:
                    with open(path) as f:
                        level = json.load(f)
                    code, said = inproc_check_level.run(tool, [path])
                    why = said.strip() if code else whole(level, room, cells)
                if why:
                    fails += 1
                    print('FAIL: %s: %s' % (what, why))
    for (profile, name), size in sorted(sized.items()):
        print('refused for size: %s %r, placed at --size %s' % (profile, name, size))
    print('%d passed, %d failed' % (len(jobs) - fails, fails))
    return 1 if fails or not jobs else 0


if __name__ == '__main__':
    sys.exit(main())

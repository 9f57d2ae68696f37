#!/usr/bin/env python3
"""tests/cli/forced_sweep.py ROOMFORGE CHECK_LEVEL SRC: every room of the bundled
pack and fixture rooms (10x8 to 40x20, one door facing each edge, or four)
forced into every profile at seeds 1-30 and depths 2, 6 and 10 (those the
room's levels allow): each must be placed and whole (issue 12). A level passes
tools/check-level (docs/design.md; with the room's map once rooms carry their
orientation) and the checks of whole() here: every floor-like cell of the map is walkable in the
level in the orientation the room was drawn in, and every object of the map
with percent 100 stands on its cell. A room larger than a profile's level must
be refused with room-not-placed naming --size WxH, and be placed and whole at
that size (under RF_SANITIZED each room in one profile, in turn: every
profile still sees a quarter of the rooms); a room with no door (one used only as a subroom, DESIGN 16) must
be refused alone, saying it has no door to stitch. RF_SWEEP_SEEDS sets the seed count (default 30; CTest runs 3, and
1 under RF_SANITIZED, each room at one of its depths, in turn). Exit 0 when all pass, 1 otherwise."""
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
DEPTHS = (2, 6, 10)
SIZES = ((10, 8), (16, 10), (24, 12), (30, 14), (36, 18), (40, 20))
FLOORISH = set('.^iSs@')
WALKABLE = set('.+*!<>,WIGA=')


def fixture_xml(sizes):
    """rooms.xml text of the fixture rooms: for each size one room per door
    edge (N, E, S, W) and one with four doors."""
    out = ['<roomdb>']
    for w, h in sizes:
        for doors in ('N', 'E', 'S', 'W', 'NESW'):
            rows = []
            for y in range(h):
                row = ''
                for x in range(w):
                    c = '#' if x in (0, w - 1) or y in (0, h - 1) else '.'
                    if ('N' in doors and y == 0 and x == w // 2) or \
                            ('S' in doors and y == h - 1 and x == w // 2):
                        c = 'D'
                    elif ('W' in doors and x == 0 and y == h // 2) or \
                            ('E' in doors and x == w - 1 and y == h // 2):
                        c = 'd'
                    row += c
                rows.append('<row text="%s"/>' % row)
            out.append('<room name="Fixture %dx%d %s" width="%d" height="%d">'
                       '<flags minLevel="0" maxLevel="99"/>%s</room>'
                       % (w, h, doors, w, h, ''.join(rows)))
    out.append('</roomdb>')
    return '\n'.join(out)


def whole(level, room):
    """None when every template room named like room is whole, else why."""
    tiles = level['tiles']
    rows, tw, th = room['rows'], room['width'], room['height']
    used = set(room['anchors'])
    for i, r in enumerate(level['rooms']):
        if r.get('template') != room['name']:
            continue
        rid = r.get('id', i + 1)
        orients = [r['orient']] if 'orient' in r else range(8)
        objs = {(o['x'], o['y']) for o in level['objects'] if o.get('room') == rid}
        why = 'no orientation matches its box'
        for k in orients:
            dims = (th, tw) if k & 1 else (tw, th)
            if dims != (r['w'], r['h']):
                continue
            why = None
            for y in range(th):
                for x in range(tw):
                    c = rows[y][x]
                    if c in FLOORISH or (c.isdigit() and c in used):
                        vx, vy = turn(k, tw, th, x, y)
                        if tiles[r['y'] + vy][r['x'] + vx] not in WALKABLE:
                            why = 'cell %d,%d of its map is %r in the level' % (
                                x, y, tiles[r['y'] + vy][r['x'] + vx])
                            break
                if why:
                    break
            for o in room['objects']:
                if why is None and o['percent'] == 100 and o['x'] is not None:
                    vx, vy = turn(k, tw, th, o['x'], o['y'])
                    if (r['x'] + vx, r['y'] + vy) not in objs:
                        why = '%s at %d,%d of its map is not on its cell' % (
                            o['type'], o['x'], o['y'])
            if why is None:
                break
        if why:
            return "template '%s' at %d,%d: %s" % (room['name'], r['x'], r['y'], why)
    return None


def check_level(tool, path, room, level):
    """tools/check-level on the level at path, run in this process (it
    is a script): None or its complaint. The room's map is given
    when the level's rooms say their orientation: check-level reads a room
    without one as unturned, and a drawn copy of the room may be turned."""
    args = [path]
    if all('orient' in r for r in level['rooms']):
        args.append('%s=%s' % (room['name'], '/'.join(room['rows'])))
    code, said = inproc_check_level.run(tool, args)
    return said.strip() if code else None


def gen(rf, pack, profile, seed, depth, name, size, path):
    cmd = [rf, 'gen', '--content', pack, '--profile', profile, '--seed', str(seed),
           '--depth', str(depth), '--room', name, '--format', 'json', '-o', path]
    if size:
        cmd[2:2] = ['--size', size]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


def main():
    rf, tool, src = sys.argv[1:4]
    seeds = int(os.environ.get('RF_SWEEP_SEEDS', '30'))
    sanitized = bool(os.environ.get('RF_SANITIZED'))
    if sanitized:
        seeds = min(seeds, 1)
    tmp = tempfile.mkdtemp()
    packs = [(os.path.join(src, 'content'), None)]
    fix = os.path.join(tmp, 'fixtures')
    os.makedirs(os.path.join(fix, 'rooms'))
    with open(os.path.join(fix, 'rooms', 'fixtures.xml'), 'w') as f:
        f.write(fixture_xml(SIZES))
    packs.append((fix, None))
    rooms = []  # (pack, show JSON); list and show read the pack's rooms/ folder
    for pack, _ in packs:
        where = os.path.join(pack, 'rooms')
        listed = json.loads(subprocess.run([rf, 'list', '--content', where, '--format', 'json'],
                                           stdout=subprocess.PIPE, check=True).stdout)
        for r in listed['rooms']:
            shown = subprocess.run([rf, 'show', '--content', where, '--format', 'json', r['name']],
                                   stdout=subprocess.PIPE, check=True).stdout
            rooms.append((pack, json.loads(shown)))
    jobs = []  # (profile, seed, depth, pack, room, size)
    refused_wrong = []  # doorless rooms gen did not refuse as it should
    sizes = {}
    for pi, profile in enumerate(PROFILES):
        for ri, (pack, room) in enumerate(rooms):
            if sanitized and ri % len(PROFILES) != pi:  # sanitized: each room in one profile
                continue
            depths = [d for d in DEPTHS if room['min_level'] <= d - 1 and (room['max_level'] is None or d - 1 <= room['max_level'])]  # null: any depth
            if not depths:
                continue
            if not room['doors']:  # a room used only as a subroom (DESIGN 16): refused alone
                rc, err = gen(rf, pack, profile, 1, depths[0], room['name'], None,
                              os.path.join(tmp, 'probe.json'))
                if rc != 1 or 'no door to stitch' not in err:
                    refused_wrong.append('%s %r (exit %d): %s' % (profile, room['name'], rc,
                                                                   err.strip()[-200:]))
                continue
            if sanitized:  # one depth a room, in turn: every depth still seen
                depths = [depths[len(jobs) % len(depths)]]
            # a room the level cannot hold is refused, saying the size that can
            rc, err = gen(rf, pack, profile, 1, depths[0], room['name'], None,
                          os.path.join(tmp, 'probe.json'))
            m = re.search(r'--size (\d+x\d+)', err) if rc == 1 and 'room-not-placed' in err else None
            if m and "larger than the level's inner area" in err:
                sizes[(profile, room['name'])] = m.group(1)
                jobs += [(profile, s, depths[0], pack, room, m.group(1)) for s in (1, 2, 3)]
                continue
            jobs += [(profile, s, d, pack, room, None) for s in range(1, seeds + 1) for d in depths]
    fails = 0

    def run(i_job):  # in a worker: only the gen
        i, (profile, seed, depth, pack, room, size) = i_job
        path = os.path.join(tmp, '%d.json' % (i % 64))
        return path, gen(rf, pack, profile, seed, depth, room['name'], size, path)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        # a batch's levels are checked (here, one thread: check-level runs in
        # this process) before the next batch reuses their files
        for start in range(0, len(jobs), 32):
            batch = list(enumerate(jobs[start:start + 32], start))
            for (i, job), (path, (rc, err)) in zip(batch, ex.map(run, batch)):
                profile, seed, depth, pack, room, size = job
                what = "%s seed %d depth %d%s '%s'" % (
                    profile, seed, depth, ' size ' + size if size else '', room['name'])
                if rc != 0:
                    why = 'not placed (exit %d): %s' % (rc, ' '.join(err.strip().splitlines()[-1:]))
                else:
                    with open(path) as f:
                        level = json.load(f)
                    why = check_level(tool, path, room, level) or whole(level, room)
                if why:
                    fails += 1
                    print('FAIL: %s: %s' % (what, why))
    for (profile, name), size in sorted(sizes.items()):
        print('refused: %s %r, placed at --size %s' % (profile, name, size))
    for what in refused_wrong:
        fails += 1
        print('FAIL: a doorless room forced alone: %s' % what)
    print('%d passed, %d failed' % (len(jobs) - fails + len(refused_wrong), fails))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())

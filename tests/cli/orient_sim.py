#!/usr/bin/env python3
"""tests/cli/orient_sim.py ROOMFORGE SRC: every scenario and every scripted
room in all eight orientations (issue 14, DESIGN 12).

Sets played, each with `roomforge sim --scenario DIR` (one process plays a
whole folder) at --orient 0..7, in template and in room coordinates:
  - tests/scenarios (the bundled content), tests/scenarios/coverage and
    tests/scenarios/lua (their own rooms and extensions);
  - a scenario written here for every scripted room of the bundled content
    and of those packs: enter, pull every lever, hit every breakable, kill
    every monster and horde, stand on every object's cell and on every
    corner, tick along, exit, so every rule that can fire gets its chance.
For each set and orientation K: sim exits as it does unturned (0 for the
scenario folders: every expect met in every orientation); the effect log in
template coordinates is the unturned log, line for line; and the log in
room coordinates (--coords room) is the unturned log with every X,Y turned
by K as this script turns it (its own copy of DESIGN 12's rule, an oracle
apart from the engine's). Exit 0 when all hold, 1 otherwise."""
import json
import os
import re
import subprocess
import sys
import tempfile

from orient_oracle import turn

COORD = re.compile(r'(-?\d+),(-?\d+)')


def turn_line(line, k, tw, th):
    """An effect line with every X,Y outside double quotes turned by k."""
    out, i, quoted = [], 0, False
    seg = ''
    while i < len(line):
        c = line[i]
        if quoted:
            seg += c
            if c == '\\' and i + 1 < len(line):
                seg += line[i + 1]
                i += 1
            elif c == '"':
                out.append(seg)
                seg, quoted = '', False
        elif c == '"':
            out.append(COORD.sub(lambda m: '%d,%d' % turn(k, tw, th, int(m.group(1)),
                                                          int(m.group(2))), seg))
            seg, quoted = c, True
        else:
            seg += c
        i += 1
    out.append(seg if quoted else COORD.sub(
        lambda m: '%d,%d' % turn(k, tw, th, int(m.group(1)), int(m.group(2))), seg))
    return ''.join(out)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def sections(text):
    """{scenario path: [effect lines]} of a folder's text output."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith('== '):
            cur = line[3:]
            out[cur] = []
        elif cur is not None:
            out[cur].append(line)
    return out


def rooms_of(rf, pack, scripts):
    """{name: show JSON} of the rooms of pack (None: the bundled content)."""
    extra = (['--content', pack] if pack else []) + (['--scripts', scripts] if scripts else [])
    listed = json.loads(run([rf, 'list', '--format', 'json'] + extra)[1])
    out = {}
    for r in listed['rooms']:
        rc, shown, err = run([rf, 'show', '--format', 'json'] + extra + [r['name']])
        if rc != 0:
            raise SystemExit('show %r failed: %s' % (r['name'], err))
        out[r['name']] = json.loads(shown)
    return out


def quote(s):
    return '"%s"' % s.replace('\\', '\\\\').replace('"', '\\"')


def generic_scenario(room):
    """A scenario that pokes everything room holds (see the module comment)."""
    lines = ['room ' + room['name'], 'enter', 'tick']
    objs = [o for o in room['objects'] if o['id']]
    for o in objs:
        t = o['type'].lower()
        if t == 'lever':
            lines += ['pull ' + quote(o['id']), 'tick', 'tick 2', 'pull ' + quote(o['id']), 'tick']
        elif t == 'custombreakable':
            lines += ['hit ' + quote(o['id']), 'tick', 'hit ' + quote(o['id']) + ' 50', 'tick']
        elif t in ('monster', 'horde'):
            lines += ['kill ' + quote(o['id']), 'tick']
    w, h = room['width'], room['height']
    cells = [(o['x'], o['y']) for o in room['objects'] if o['x'] is not None]
    cells += [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 2)]
    cells += [tuple(v) for v in room['anchors'].values()]
    for x, y in cells:
        lines += ['move %d %d' % (x, y), 'tick']
    lines += ['tick 12', 'exit', 'tick', 'enter', 'tick 3']
    return '\n'.join(lines) + '\n'


def main():
    rf, src = sys.argv[1:3]
    scn = os.path.join(src, 'tests', 'scenarios')
    tmp = tempfile.mkdtemp()
    packs = [  # (scenario folder, --content file or None, --scripts dir or None)
        (scn, None, None),
        (os.path.join(scn, 'coverage'), os.path.join(scn, 'coverage', 'rooms.xml'), None),
        (os.path.join(scn, 'lua'), os.path.join(scn, 'lua', 'rooms.xml'),
         os.path.join(scn, 'lua', 'ext')),
    ]
    sets = []  # (folder, content, scripts, rooms by name, exit expected or None)
    for folder, content, scripts in packs:
        rooms = rooms_of(rf, content, scripts)
        sets.append((folder, content, scripts, rooms, 0))
        gen = os.path.join(tmp, 'generic%d' % len(sets))
        os.makedirs(gen)
        n = 0
        for name, room in sorted(rooms.items()):
            if room['scripts']:
                with open(os.path.join(gen, 'r%03d.scn' % n), 'w') as f:
                    f.write(generic_scenario(room))
                n += 1
        if n:
            sets.append((gen, content, scripts, rooms, None))
    fails = checked = 0
    for folder, content, scripts, rooms, want_rc in sets:
        extra = (['--content', content] if content else []) + \
            (['--scripts', scripts] if scripts else [])
        base_rc, base_out, base_err = run([rf, 'sim', '--scenario', folder] + extra)
        if want_rc is not None and base_rc != want_rc:
            print('FAIL: %s unturned: exit %d\n%s' % (folder, base_rc, base_err))
            fails += 1
            continue
        base = sections(base_out)
        names = {}
        for path in base:
            with open(path) as f:
                m = re.search(r'^room (.*)$', f.read(), re.M)
            names[path] = m.group(1).strip() if m else None
        for k in range(8):
            rc, out, err = run([rf, 'sim', '--orient', str(k), '--scenario', folder] + extra)
            rrc, rout, _ = run([rf, 'sim', '--orient', str(k), '--coords', 'room',
                                '--scenario', folder] + extra)
            if rc != base_rc or rrc != base_rc:
                print('FAIL: %s orientation %d: exit %d/%d, unturned %d\n%s'
                      % (folder, k, rc, rrc, base_rc, err))
                fails += 1
                continue
            got, rgot = sections(out), sections(rout)
            for path, lines in base.items():
                checked += 1
                room = rooms.get(names[path]) or next(
                    (r for n, r in rooms.items() if n.lower() == (names[path] or '').lower()),
                    None)
                if got.get(path) != lines:
                    print('FAIL: %s orientation %d: template log differs:\n  %s\nvs unturned\n  %s'
                          % (path, k, '\n  '.join(got.get(path) or []), '\n  '.join(lines)))
                    fails += 1
                    continue
                if room is None:
                    print('FAIL: %s: room %r not found' % (path, names[path]))
                    fails += 1
                    continue
                want = [turn_line(l, k, room['width'], room['height']) for l in lines]
                if rgot.get(path) != want:
                    print('FAIL: %s orientation %d: room log\n  %s\nis not the turned log\n  %s'
                          % (path, k, '\n  '.join(rgot.get(path) or []), '\n  '.join(want)))
                    fails += 1
    print('%d scenario plays checked in 8 orientations, %d failed' % (checked, fails))
    return 1 if fails or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())

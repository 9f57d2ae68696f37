#!/usr/bin/env python3
"""tests/cli/show_orient.py ROOMFORGE [EVERY]: `show --orient K` against an
oracle of its own, for every room of the bundled content (every EVERY-th room
in list order when given: the fast sample, show_orient_sample) and every
orientation.

For each room and K in 0..7 (`show --format json`): K 0 is the room as
written (and `show` without --orient prints the same bytes as --orient 0);
the turned map is the template's map turned by K as this script turns it
(DESIGN 12: mirrored left to right first when K >= 4, then K mod 4 quarter
turns clockwise), a door's symbol following its edge ('D' top or bottom,
'd' left or right); every door, anchor and object stands at its template
position turned the same way, on that symbol; each door's side names the
edge it is on. Exit 0 when all hold, 1 with one line per fault."""
import json
import subprocess
import sys

from orient_oracle import turn


def show(rf, name, *extra):
    out = subprocess.run([rf, 'show', '--quiet', *extra, name], capture_output=True, check=True)
    return out.stdout


def main():
    rf = sys.argv[1]
    listing = json.loads(subprocess.run([rf, 'list', '--format', 'json'], capture_output=True,
                                        check=True).stdout)
    faults = []
    every = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    names = [r['name'] for r in listing['rooms']][::every]
    for name in names:
        base = json.loads(show(rf, name, '--format', 'json'))
        tw, th = base['width'], base['height']
        if show(rf, name) != show(rf, name, '--orient', '0'):
            faults.append('%s: --orient 0 differs from no --orient' % name)
        for k in range(8):
            got = json.loads(show(rf, name, '--format', 'json', '--orient', str(k)))
            w, h = (th, tw) if k & 1 else (tw, th)
            if (got['orient'], got['width'], got['height']) != (k, w, h):
                faults.append('%s K%d: orient/size %s' % (name, k, (got['orient'], got['width'],
                                                                  got['height'])))
                continue
            want = [[' '] * w for _ in range(h)]
            for y, row in enumerate(base['rows']):
                for x, c in enumerate(row):
                    if c in 'Dd' and k & 1:
                        c = 'd' if c == 'D' else 'D'
                    rx, ry = turn(k, tw, th, x, y)
                    want[ry][rx] = c
            if got['rows'] != [''.join(r) for r in want]:
                faults.append('%s K%d: map %s' % (name, k, got['rows']))
                continue
            for d0, d in zip(base['doors'], got['doors']):
                if (d['x'], d['y']) != turn(k, tw, th, d0['x'], d0['y']):
                    faults.append('%s K%d: door %s' % (name, k, d))
                edge = {'north': d['y'] == 0, 'south': d['y'] == h - 1,
                        'west': d['x'] == 0, 'east': d['x'] == w - 1}
                if not edge.get(d['side']) or got['rows'][d['y']][d['x']] not in 'Dd':
                    faults.append('%s K%d: door %s is not on its %s edge' % (name, k, d,
                                                                            d['side']))
            for digit, (ax, ay) in base['anchors'].items():
                if tuple(got['anchors'][digit]) != turn(k, tw, th, ax, ay):
                    faults.append('%s K%d: anchor %s' % (name, k, digit))
            for o0, o in zip(base['objects'], got['objects']):
                if o0['x'] >= 0 and (o['x'], o['y']) != turn(k, tw, th, o0['x'], o0['y']):
                    faults.append('%s K%d: object %s at %d,%d' % (name, k, o['type'], o['x'],
                                                                  o['y']))
            if got['scripts'] != base['scripts']:
                faults.append('%s K%d: the scripts changed' % (name, k))
    for f in faults[:40]:
        print('FAIL: ' + f)
    if not faults:
        print('show_orient: %d rooms x 8 orientations' % len(names))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main())

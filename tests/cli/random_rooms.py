#!/usr/bin/env python3
"""tests/cli/random_rooms.py SEED COUNT: prints a rooms.xml of COUNT random
rooms that lint clean: a walled rectangle of 5-16 x 5-11, pillars, water,
lava, ice, decorations (^ @ on the floor, P on the top wall), 1-4 doors (D on
the top or bottom edge, d on the left or right one, each with its three-tile
span of wall and a floor tile behind it), a depth range and some flags. The
random_content test stitches them into levels of every profile, as content
nobody has seen would be. Same SEED, same file."""
import random
import sys


def room(rng, name):
    w, h = rng.randint(5, 16), rng.randint(5, 11)
    g = [['#'] * w for _ in range(h)]
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            g[y][x] = '.'
    for _ in range(rng.randint(0, w * h // 8)):
        g[rng.randint(1, h - 2)][rng.randint(1, w - 2)] = rng.choice('#WLI^@')
    for _ in range(rng.randint(0, 2)):
        g[0][rng.randint(1, w - 2)] = 'P'
    used = set()
    for _ in range(rng.randint(1, 4)):
        side = rng.choice('tblr')
        if side in 'tb':
            x, y = rng.randint(2, w - 3), 0 if side == 't' else h - 1
            if any((side, v) in used for v in range(x - 2, x + 3)):
                continue
            used.add((side, x))
            g[y][x - 1] = g[y][x + 1] = '#'
            g[y][x] = 'D'
            g[1 if y == 0 else h - 2][x] = '.'
        else:
            x, y = 0 if side == 'l' else w - 1, rng.randint(2, h - 3)
            if any((side, v) in used for v in range(y - 2, y + 3)):
                continue
            used.add((side, y))
            g[y - 1][x] = g[y + 1][x] = '#'
            g[y][x] = 'd'
            g[y][1 if x == 0 else w - 2] = '.'
    lo = rng.randint(0, 10)
    flags = ' minLevel="%d" maxLevel="%d"' % (lo, lo + rng.randint(0, 20))
    for flag, p in (('noMonsters', 0.3), ('noTraps', 0.2), ('special', 0.2)):
        if rng.random() < p:
            flags += ' %s="1"' % flag
    rows = ''.join('    <row text="%s"/>\n' % ''.join(r) for r in g)
    return ('  <room name="%s" width="%d" height="%d">\n%s    <flags%s/>\n  </room>\n'
            % (name, w, h, rows, flags))


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    sys.stdout.write('<?xml version="1.0" encoding="utf-8"?>\n<roomdb>\n')
    for k in range(count):
        sys.stdout.write(room(rng, 'Random %d-%d' % (seed, k)))
    sys.stdout.write('</roomdb>\n')


if __name__ == '__main__':
    main()

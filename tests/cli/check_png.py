#!/usr/bin/env python3
"""tests/cli/check_png.py ROOMFORGE: `gen --format png` decoded by hand (zlib
and the PNG filters, no image library) and checked against the same level's
JSON: with --no-legend the image is width*scale x height*scale; by default
a legend strip follows under the map (issue 35), as wide as the map or
wider, holding a swatch of each colour the map shows and the words in its
text colour; a cell's centre pixel has its terrain colour, an object's cell
centre its glyph colour, a template room's outline is drawn; --scale bounds
and the terminal refusal are gen_cli's."""
import json, os, struct, subprocess, sys, tempfile, zlib

WALL, FLOOR, STAIRS_UP = (0x8a, 0x8a, 0x8a), (0x3a, 0x3a, 0x3a), (0xf0, 0xf0, 0xf0)
MONSTER, OUTLINE = (0xd0, 0x30, 0x30), (0xff, 0xd7, 0x5f)
LEGEND_TEXT = (0xd8, 0xd8, 0xd8)


def decode(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB, non-interlaced PNG."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'no PNG signature'
    pos, idat, w = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert (depth, ctype, interlace) == (8, 2, 0), 'not 8-bit RGB non-interlaced'
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * 3, [], bytearray(w * 3)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b, c = prev[i], prev[i - 3] if i >= 3 else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, 3)])
        prev = line
    return w, h, rows


def main():
    rf = sys.argv[1]
    args = ['gen', '--seed', '11', '--depth', '5', '--room', 'Cogwork Foyer']
    lv = json.loads(subprocess.run([rf] + args + ['--format', 'json'], capture_output=True,
                                   check=True).stdout)
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        for scale, legend in ((8, True), (3, True), (8, False)):
            out = os.path.join(tmp, 'level.png')
            subprocess.run([rf] + args + ['--format', 'png', '--scale', str(scale), '-o', out] +
                           ([] if legend else ['--no-legend']), check=True)
            w, h, px = decode(open(out, 'rb').read())
            centre = lambda x, y: px[y * scale + scale // 2][x * scale + scale // 2]
            mw, mh = lv['width'] * scale, lv['height'] * scale
            if legend:
                strip = {c for row in px[mh:] for c in row}
                checks = [(w >= mw and h > mh, 'size %dx%d with a legend' % (w, h))]
                for colour, what in ((WALL, 'wall'), (FLOOR, 'floor'), (MONSTER, 'monster'),
                                     (OUTLINE, 'outline'), (LEGEND_TEXT, 'text')):
                    checks.append((colour in strip, 'no %s in the legend' % what))
            else:
                checks = [((w, h) == (mw, mh), 'size %dx%d' % (w, h))]
            ux, uy = lv['stairs']['up']
            checks.append((centre(ux, uy) == STAIRS_UP, 'up stairs colour %r' % (centre(ux, uy),)))
            objs = {(o['x'], o['y']) for o in lv['objects']}
            wall = next((x, y) for y, r in enumerate(lv['tiles']) for x, c in enumerate(r)
                        if c == '#')
            checks.append((centre(*wall) == WALL, 'wall colour %r' % (centre(*wall),)))
            floor = [(x, y) for y, r in enumerate(lv['tiles']) for x, c in enumerate(r)
                     if c == '.' and (x, y) not in objs]
            checks.append((any(centre(x, y) == FLOOR for x, y in floor), 'no floor colour'))
            mons = [(o['x'], o['y']) for o in lv['objects'] if o['type'] == 'monster' and
                    not o['leader']]
            checks.append((any(centre(x, y) == MONSTER for x, y in mons), 'no monster mark'))
            t = next(r for r in lv['rooms'] if r['forced'])
            edge = [px[y][t['x'] * scale] for y in range(t['y'] * scale, (t['y'] + t['h']) * scale)]
            checks.append((OUTLINE in edge, 'no outline on the forced room\'s left side'))
            for ok, what in checks:
                if not ok:
                    print('FAIL (scale %d%s): %s' % (scale, '' if legend else ', no legend',
                                                      what))
                    fails += 1
    print('%d passed, %d failed' % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


sys.exit(main())

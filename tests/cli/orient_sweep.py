#!/usr/bin/env python3
"""tests/cli/orient_sweep.py ROOMFORGE CHECK_LEVEL SRC: placement with
orient="any" on every bundled profile (issue 14, DESIGN 12).

The bundled content is copied to a temporary pack whose profiles.xml gives
every profile <param name="orient" value="any"/>. Every bundled room is
forced into every profile at seeds 1-N (RF_SWEEP_SEEDS, default 3; 1 under
RF_SANITIZED) at its first depth; each level must pass tools/check-level
with the room's map (check-level turns the map by the level's orient), and
forced_sweep.whole(): every floor-like cell of the map turned by the room's
orientation is walkable in the level and every object the map always places
stands on its turned cell. Every one of the eight orientations must come out
somewhere, and scripted rooms must come out turned (they no longer stay as
drawn). For one turned level of each profile, `gen --format text` names the
forced room with the orientation and box the JSON gives. A room the
profile's level cannot hold is skipped, and so is a room with no door (used
only as a subroom, DESIGN 16): forced_sweep covers both. Exit 0
when all hold, 1 otherwise."""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import forced_sweep

PROFILES = ('brogue', 'nethack', 'dungeonmaker', 'caverns')


def any_pack(src, tmp):
    """A copy of the bundled content whose profiles all say orient="any"."""
    pack = os.path.join(tmp, 'content')
    shutil.copytree(os.path.join(src, 'content'), pack)
    path = os.path.join(pack, 'profiles.xml')
    with open(path) as f:
        text = f.read()
    text, n = re.subn(r'(<profile\s[^>]*[^/]>)', r'\1<param name="orient" value="any"/>', text)
    if n < len(PROFILES):
        raise SystemExit('profiles.xml: %d profiles found, %d expected' % (n, len(PROFILES)))
    with open(path, 'w') as f:
        f.write(text)
    return pack


def main():
    rf, tool, src = sys.argv[1:4]
    seeds = int(os.environ.get('RF_SWEEP_SEEDS', '3'))
    if os.environ.get('RF_SANITIZED'):
        seeds = 1
    tmp = tempfile.mkdtemp()
    pack = any_pack(src, tmp)
    where = os.path.join(pack, 'rooms')
    listed = json.loads(subprocess.run([rf, 'list', '--content', pack, '--format', 'json'],
                                       stdout=subprocess.PIPE, check=True).stdout)
    rooms = []
    for r in listed['rooms']:
        shown = subprocess.run([rf, 'show', '--content', pack, '--format', 'json', r['name']],
                               stdout=subprocess.PIPE, check=True).stdout
        room = json.loads(shown)
        if room['doors']:  # a room with none is used only as a subroom (forced_sweep checks it)
            rooms.append(room)
    jobs = [(p, s, room) for p in PROFILES for room in rooms for s in range(1, seeds + 1)]
    seen = [0] * 8
    scripted_turned = fails = skipped = 0
    text_checked = set()

    def run(i_job):
        i, (profile, seed, room) = i_job
        path = os.path.join(tmp, '%d.json' % (i % 64))
        return path, forced_sweep.gen(rf, pack, profile, seed, room['min_level'] + 1,
                                      room['name'], None, path)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        for start in range(0, len(jobs), 32):
            batch = list(enumerate(jobs[start:start + 32], start))
            for (i, (profile, seed, room)), (path, (rc, err)) in zip(batch, ex.map(run, batch)):
                what = "%s seed %d '%s'" % (profile, seed, room['name'])
                if rc != 0:
                    if 'room-not-placed' in err and '--size' in err:
                        skipped += 1  # the level is too small: forced_sweep's case
                        continue
                    print('FAIL: %s: exit %d: %s' % (what, rc, err.strip()[-300:]))
                    fails += 1
                    continue
                with open(path) as f:
                    level = json.load(f)
                why = forced_sweep.check_level(tool, path, room, level) or \
                    forced_sweep.whole(level, room)
                for r in level['rooms']:
                    if r.get('template') is not None:
                        seen[r['orient']] += 1
                        if r['template'] == room['name'] and room['scripts'] and r['orient']:
                            scripted_turned += 1
                forced = [r for r in level['rooms'] if r.get('template') == room['name'] and
                          r.get('forced')]
                if not why and profile not in text_checked and forced and forced[0]['orient']:
                    text_checked.add(profile)
                    r = forced[0]
                    cmd = [rf, 'gen', '--content', pack, '--profile', profile, '--seed', str(seed),
                           '--depth', str(room['min_level'] + 1), '--room', room['name'],
                           '--format', 'text']
                    shown = subprocess.run(cmd, stdout=subprocess.PIPE, text=True).stdout
                    want = 'at %d,%d  %dx%d  orientation %d  forced' % (r['x'], r['y'], r['w'],
                                                                       r['h'], r['orient'])
                    if not any(l.strip().startswith(room['name']) and want in l
                               for l in shown.splitlines()):
                        why = 'the text view does not say %r' % want
                if why:
                    fails += 1
                    print('FAIL: %s: %s' % (what, why))
    for k in range(8):
        if not seen[k]:
            fails += 1
            print('FAIL: orientation %d never placed with orient="any"' % k)
    if len(text_checked) != len(PROFILES):
        fails += 1
        print('FAIL: the text view was checked for %s only' % sorted(text_checked))
    if not scripted_turned:
        fails += 1
        print('FAIL: no scripted room was placed turned')
    print('orientations placed: %s; scripted rooms turned: %d; skipped (too large): %d'
          % (' '.join('%d:%d' % (k, n) for k, n in enumerate(seen)), scripted_turned, skipped))
    print('%d levels, %d failed' % (len(jobs) - skipped, fails))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())

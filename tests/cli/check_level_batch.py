#!/usr/bin/env python3
"""tests/cli/check_level_batch.py CHECK_LEVEL LIST [--lit]: runs the shared
level checker (tools/check-level, run in this one process as a
script) over every level of LIST, instead of one python a
level. LIST has one level a line: `JSON-FILE<TAB>WHAT`; a JSON-FILE.err
beside the file, when present and not empty, holds `EXIT<TAB>stderr` of a
roomforge gen that failed. With --lit every room must also carry a boolean
"lit". Prints `FAIL: WHAT: why` for each bad level (check-level's own line),
then `N passed, F failed`; exit 0 when every level passes, 1 otherwise, 2
on bad usage."""
import json
import sys

import inproc_check_level


def check_one(tool, path, lit):
    """None when the level at path passes, else why it fails (one line)."""
    code, text = inproc_check_level.run(tool, [path])
    said = '; '.join(line for line in text.splitlines() if line)
    if code:
        return said or 'check-level exit %d' % code
    if lit:
        with open(path) as f:
            rooms = json.load(f)['rooms']
        if not rooms or not all(isinstance(r.get('lit'), bool) for r in rooms):
            return said + '; a room without lit'
    return None


def gen_failure(path):
    """Why roomforge gen failed for the level at path, or None."""
    try:
        with open(path + '.err') as f:
            text = f.read().strip()
    except OSError:
        return None
    if not text:
        return None
    rc, _, err = text.partition('\t')
    return 'roomforge gen exit %s: %s' % (rc, ' | '.join(err.splitlines()[:3]))


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != '--lit'):
        print(__doc__.split('\n')[0], file=sys.stderr)
        return 2
    tool, listing, lit = argv[1], argv[2], len(argv) == 4
    passed = failed = 0
    with open(listing) as f:
        rows = [line.rstrip('\n').split('\t', 1) for line in f if line.strip()]
    for path, what in rows:
        why = gen_failure(path) or check_one(tool, path, lit)
        if why:
            print('FAIL: %s: %s' % (what, why))
            failed += 1
        else:
            passed += 1
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed or not rows else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

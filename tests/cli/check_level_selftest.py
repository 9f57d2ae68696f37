#!/usr/bin/env python3
"""tests/cli/check_level_selftest.py CHECK_LEVEL DIR: the level checker
(tools/check-level) against hand-made levels in DIR. ok_*.json must pass
(exit 0); bad_*.json must fail (exit 1) with the fault named by the level's
"check_level_expect" key in the line it prints; a file that is no level must
be exit 2. Prints `N passed, F failed`; exit 1 when any case failed."""
import json
import os
import subprocess
import sys
import tempfile


def run(tool, path):
    p = subprocess.run([sys.executable, tool, path], capture_output=True, text=True, timeout=30)
    return p.returncode, p.stdout.strip()


def main():
    tool, folder = sys.argv[1], sys.argv[2]
    passed = failed = 0
    cases = sorted(n for n in os.listdir(folder) if n.endswith('.json'))
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as junk:
        junk.write('{"tiles": 3')
    for name in cases + [junk.name]:
        path = name if os.path.isabs(name) else os.path.join(folder, name)
        code, line = run(tool, path)
        if name.startswith('ok_'):
            good, want = code == 0 and line.startswith('check-level: ok'), 'exit 0'
        elif name.startswith('bad_'):
            expect = json.load(open(path))['check_level_expect']
            good, want = code == 1 and expect in line, 'exit 1 naming %r' % expect
        else:
            good, want = code == 2 and 'unreadable level' in line, 'exit 2'
        if good:
            passed += 1
        else:
            failed += 1
            print('FAIL: %s: wanted %s, got exit %d: %s' % (os.path.basename(name), want, code, line))
    os.unlink(junk.name)
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed or not cases else 0


if __name__ == '__main__':
    sys.exit(main())

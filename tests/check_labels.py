#!/usr/bin/env python3
"""tests/check_labels.py: fails when a registered CTest test does not carry
exactly one of the labels `fast` and `slow` (tests/CMakeLists.txt says what
each means). Reads the test list as `ctest --show-only=json-v1` prints it:

    check_labels.py --ctest CTEST --build BUILD_DIR   # the build's own tests
    check_labels.py --json FILE                       # a saved list (self-test)

Prints one line per bad test, then a count; exit 0 when every test is
labelled, 1 when one is not, 2 when the list cannot be read."""
import json
import subprocess
import sys

SPEEDS = ('fast', 'slow')


def problems(info):
    """One message per test without exactly one of SPEEDS, in list order."""
    out = []
    for test in info['tests']:
        labels = []
        for prop in test.get('properties', []):
            if prop.get('name') == 'LABELS':
                labels = prop.get('value', [])
        speeds = [s for s in SPEEDS if s in labels]
        if len(speeds) != 1:
            out.append('%s: labels %s, want exactly one of fast, slow'
                       % (test['name'], ','.join(sorted(labels)) or '(none)'))
    return out


def main(argv):
    try:
        if len(argv) == 3 and argv[1] == '--json':
            with open(argv[2]) as f:
                info = json.load(f)
        elif len(argv) == 5 and argv[1] == '--ctest' and argv[3] == '--build':
            text = subprocess.run([argv[2], '--show-only=json-v1'], cwd=argv[4], check=True,
                                  stdout=subprocess.PIPE, universal_newlines=True).stdout
            info = json.loads(text)
        else:
            print(__doc__.split('\n\n')[1].strip(), file=sys.stderr)
            return 2
        tests = info['tests']
    except (OSError, ValueError, KeyError, subprocess.CalledProcessError) as e:
        print('check_labels: cannot read the test list: %s' % e)
        return 2
    bad = problems(info)
    for line in bad:
        print(line)
    print('%d tests, %d without exactly one of fast, slow' % (len(tests), len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

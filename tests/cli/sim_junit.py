#!/usr/bin/env python3
"""tests/cli/sim_junit.py ROOMFORGE SCENARIOS: `sim --scenario DIR --format
junit` (DESIGN 5) over a folder of its own making: a scenario that passes, one
whose expect fails, one that does not parse, one naming an unknown room, and
one whose expect carries an ESC byte. The report must be well-formed XML with
no raw control byte, one <testcase> per file in name order, the right
<failure> and <error> elements and counts, and the exit code must be 1.
SCENARIOS is tests/scenarios (brood_chamber.scn is copied). Prints `N passed, F failed`."""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

RF, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
results = [0, 0]


def check(name, ok, detail=''):
    results[0 if ok else 1] += 1
    if not ok:
        print('FAIL: %s %s' % (name, detail))


tmp = tempfile.mkdtemp()
try:
    shutil.copy(os.path.join(SRC, 'brood_chamber.scn'), os.path.join(tmp, 'a_pass.scn'))
    with open(os.path.join(tmp, 'b_fail.scn'), 'w') as f:
        f.write('room Brood Chamber\ntick\nexpect T1 remove mother\n')
    with open(os.path.join(tmp, 'c_syntax.scn'), 'w') as f:
        f.write('room Brood Chamber\nfly to the moon\n')
    with open(os.path.join(tmp, 'd_room.scn'), 'w') as f:
        f.write('room No Such Room\ntick\n')
    with open(os.path.join(tmp, 'e_escape.scn'), 'wb') as f:
        f.write(b'room Brood Chamber\ntick\nexpect T1 ticker "red \x1b[31m alert"\n')
    p = subprocess.run([RF, 'sim', '--scenario', tmp, '--format', 'junit'], capture_output=True,
                       timeout=120)
    check('exit 1 on failures', p.returncode == 1, p.returncode)
    raw = p.stdout
    check('no raw control bytes', not any(b < 0x20 and b not in (9, 10, 13) for b in raw))
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as e:
        check('well-formed XML', False, e)
        root = None
    if root is not None:
        suite = root.find('testsuite')
        cases = suite.findall('testcase') if suite is not None else []
        names = [os.path.basename(c.get('name')) for c in cases]
        check('one case per file, in order', names ==
              ['a_pass.scn', 'b_fail.scn', 'c_syntax.scn', 'd_room.scn', 'e_escape.scn'], names)
        kinds = [('failure' if c.find('failure') is not None else
                  'error' if c.find('error') is not None else 'pass') for c in cases]
        check('kinds', kinds == ['pass', 'failure', 'error', 'error', 'failure'], kinds)
        for tag in (root, suite):
            check('counts on <%s>' % tag.tag, (tag.get('tests'), tag.get('failures'), tag.get('errors'))
                  == ('5', '2', '2'), tag.attrib)
        if len(cases) == 5:
            fail = cases[1].find('failure')
            check('failure names the expect', fail.get('type') == 'expect-failed' and
                  'b_fail.scn:3:' in fail.get('message'), fail.attrib)
            check('failure body holds the diagnostics', 'expect-failed' in (fail.text or ''))
            check('passing case has its effects', 'T2 create loot at 11,3' in
                  (cases[0].findtext('system-out') or ''))
            check('classname is the room', cases[0].get('classname') == 'Brood Chamber',
                  cases[0].attrib)
            check('syntax error typed', cases[2].find('error').get('type') == 'scenario-syntax',
                  cases[2].find('error').attrib)
            check('unknown room typed', cases[3].find('error').get('type') == 'unknown-room',
                  cases[3].find('error').attrib)
finally:
    shutil.rmtree(tmp)
print('%d passed, %d failed' % tuple(results))
sys.exit(1 if results[1] else 0)

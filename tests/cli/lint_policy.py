#!/usr/bin/env python3
"""tests/cli/lint_policy.py ROOMFORGE DATA: lint as eslint and clang-tidy users
expect it (DESIGN 5): suppression comments, a pack's roomforge.toml (codes on
and off, severities, ignored paths, werror, a broken config), --config and
--no-config, and --baseline (only what is new shows; a second copy of a known
finding still does). DATA is tests/data/lint_policy. Prints `N passed, F failed`."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

RF, DATA = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
PACK = os.path.join(DATA, 'pack')
results = [0, 0]


def lint(*args, cwd=None):
    p = subprocess.run([RF, 'lint'] + list(args), capture_output=True, text=True, cwd=cwd,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def codes_at(out):
    """(file's base name, line, code) of every gcc diagnostic line."""
    found = []
    for line in out.splitlines():
        parts = line.split(':')
        if len(parts) >= 5 and line.endswith(']') and parts[1].isdigit():
            found.append((os.path.basename(parts[0]), int(parts[1]), line.rsplit('[', 1)[1][:-1]))
    return found


def check(name, ok, detail=''):
    results[0 if ok else 1] += 1
    if not ok:
        print('FAIL: %s %s' % (name, detail))


# suppression comments, no config: row-width at 5 and the '~' at 19 are hidden
# (the second by a comment over two lines naming no code: every code); the
# comment inside CDATA is Lua text, not a comment; a misspelt code is a warning
rc, out, err = lint('--no-config', PACK)
got = codes_at(out)
check('suppressed line hidden', ('hall.xml', 5, 'row-width') not in got, got)
check('unsuppressed copy shown', ('hall.xml', 10, 'row-width') in got, got)
check('all-codes suppression', not any(g[:2] == ('hall.xml', 19) for g in got), got)
check('misspelt code warned', ('hall.xml', 24, 'unknown-suppression') in got and
      "did you mean 'unknown-id'" in out, out)
check('draft shown without config', ('draft.xml', 6, 'unknown-symbol') in got and rc == 1, (rc, got))
check('hidden counted', '2 hidden' in err, err)

# the pack's roomforge.toml, found in the PATH folder: wip/ ignored, row-width an error
rc, out, err = lint(PACK)
got = codes_at(out)
check('config ignores a folder', not any(g[0] == 'draft.xml' for g in got), got)
check('config severity', 'error: width="10"' in out and rc == 1, (rc, out))
# found in the current folder when the PATH is inside the pack
rc2, out2, _ = lint('rooms', cwd=PACK)
check('config from the current folder', out2.count('error: width="10"') == 1 and
      'draft.xml' not in out2, out2)
# the command line wins over the file
rc, out, _ = lint('--disable', 'row-width', '--disable', 'unknown-suppression', PACK)
check('--disable over config', rc == 0 and 'row-width' not in out, (rc, out))

# broken configs: exit 2, the file's line and column, a did-you-mean
for name, where, what in (('key.toml', ':1:1:', "did you mean 'werror'"),
                          ('value.toml', ':3:1:', "did you mean 'row-width'"),
                          ('syntax.toml', ':2:15:', 'config-syntax'),
                          ('twice.toml', ':3:2:', 'the table [codes] is given twice'),
                          ('inline.toml', ':1:9:', 'inline tables')):
    rc, out, err = lint('--config', os.path.join(DATA, 'bad', name), PACK)
    check('broken config ' + name, rc == 2 and where in err and what in err, (rc, err))
rc, _, err = lint('--config', os.path.join(DATA, 'bad', 'key.toml'), '--no-config', PACK)
check('--config with --no-config', rc == 2, err)

# werror and scripts from the file; a baseline hides what it knows, by file,
# code and message (not line), once per entry; the two suppressed lines and
# the two findings of the ignored draft are hidden as well
tmp = tempfile.mkdtemp()
try:
    pack = os.path.join(tmp, 'pack')
    shutil.copytree(PACK, pack)
    with open(os.path.join(pack, 'roomforge.toml'), 'a') as f:
        f.write('')
    toml = os.path.join(pack, 'roomforge.toml')
    with open(toml) as f:
        text = f.read()
    with open(toml, 'w') as f:
        f.write('werror = true\n' + text.replace('row-width = "error"', 'row-width = "warning"'))
    rc, out, _ = lint(pack)
    check('werror from the file', rc == 1 and 'error: width="10"' in out, (rc, out))
    rc, base, _ = lint('--format', 'json', pack)
    baseline = os.path.join(tmp, 'baseline.json')
    with open(baseline, 'w') as f:
        f.write(base)
    known = len(json.loads(base)['diagnostics'])
    rc, out, err = lint('--baseline', baseline, pack)
    check('baseline hides everything known', rc == 0 and codes_at(out) == [] and
          '%d hidden' % (known + 4) in err, (rc, out, err))
    hall = os.path.join(pack, 'rooms', 'hall.xml')
    with open(hall) as f:
        text = f.read()
    shown = text.split('  <room name="Shown Width"')[1].split('</room>')[0]
    with open(hall, 'w') as f:  # lines move, and a second copy of a known finding appears
        f.write(text.replace('<roomdb>\n', '<roomdb>\n\n\n').replace(
            '</roomdb>', '  <room name="Copy Width"' + shown + '</room>\n</roomdb>'))
    rc, out, _ = lint('--baseline', baseline, pack)
    got = codes_at(out)
    check('baseline: only the new copy', rc == 1 and len(got) == 1 and got[0][2] == 'row-width',
          (rc, got))
    with open(baseline, 'w') as f:
        f.write('{"diagnostics": 3}')
    rc, _, err = lint('--baseline', baseline, pack)
    check('broken baseline', rc == 2 and 'baseline-bad' in err, (rc, err))
    rc, _, err = lint('--baseline', os.path.join(tmp, 'missing.json'), pack)
    check('missing baseline', rc == 2 and 'baseline-bad' in err, (rc, err))
    # --fix: certain did-you-means written in place (a fix uncovering another
    # in a second pass), an ambiguous one (gateC: gateA or gateB) left alone,
    # every other byte kept, the file's mode kept
    typos = os.path.join(tmp, 'typos.xml')
    shutil.copy(os.path.join(DATA, 'typos.xml'), typos)
    os.chmod(typos, 0o640)
    with open(typos, 'rb') as f:
        before = f.read()
    rc, out, err = lint('--no-config', '--fix', typos)
    with open(typos, 'rb') as f:
        after = f.read()
    want = (before.replace(b'"isDaed"', b'"isdead"').replace(b'"leverr"', b'"lever"')
            .replace(b'"tikcer"', b'"ticker"'))
    check('--fix writes only the fixes', after == want, after.decode('utf-8', 'replace'))
    check('--fix passes', 'fixed 2 problems in 1 file' in err and 'fixed 1 problem in 1 file' in err,
          err)
    check('--fix leaves the ambiguous id', rc == 1 and "id 'gateC'" in out and
          'unknown-id' in out, (rc, out))
    check('--fix keeps the mode', os.stat(typos).st_mode & 0o777 == 0o640,
          oct(os.stat(typos).st_mode))
    check('--fix leaves no file behind', sorted(os.listdir(tmp)) ==
          ['baseline.json', 'pack', 'typos.xml'], os.listdir(tmp))
    rc, out, err = lint('--no-config', '--fix', typos)
    check('--fix again: nothing to fix', 'fixed' not in err and rc == 1, (rc, err))
finally:
    shutil.rmtree(tmp)

print('%d passed, %d failed' % tuple(results))
sys.exit(1 if results[1] else 0)

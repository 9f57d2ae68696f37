#!/bin/sh
# tests/cli/lint_scale.sh ROOMFORGE: lint at scale (issue 13). 100,000 rooms
# (generated here, not committed) whose only faults are warnings lint with
# exit 0 and every room counted: no false script-memory from one world
# holding them all, no exit 2 without a reason.
set -u
rf=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
python3 - "$tmp/big.xml" <<'PY'
import sys
with open(sys.argv[1], 'w') as f:
    f.write('<roomDB>\n')
    for i in range(100000):
        # an XML script on every room, and one warning (an unknown attribute) in the last
        extra = ' colour="red"' if i == 99999 else ''
        f.write('<room name="r%d"%s><row text="##D##"/><row text="d.1.d"/><row text="#####"/>'
                '<monster at="1" name="bat" id="m"/><script><condition condition_type="isdead" '
                'id="m"/><action action_type="ticker" text="dead %d"/></script></room>\n'
                % (i, extra, i))
    f.write('</roomDB>\n')
PY
"$rf" lint --format json "$tmp/big.xml" >"$tmp/out.json" 2>"$tmp/err"
rc=$?
if [ "$rc" != 0 ]; then
    echo "FAIL: exit $rc, not 0: $(tail -3 "$tmp/err")"
    exit 1
fi
if ! grep -q '^roomforge lint: 100000 rooms, 0 profiles loaded; 0 errors, 1 warning$' "$tmp/err"; then
    echo "FAIL: summary: $(cat "$tmp/err")"
    exit 1
fi
echo "lint_scale: 100000 rooms, exit 0"

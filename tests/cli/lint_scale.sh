#!/bin/sh
# tests/cli/lint_scale.sh ROOMFORGE: lint at scale (issue 13). 100,000 rooms
# (generated here, not committed; 10,000 under the sanitizers, RF_SANITIZED),
# half of them with a Lua chunk registering a rule, whose only fault is a
# warning lint with exit 0 and every room counted: no false script-memory
# from script state kept past its room, no exit 2 without a reason; and
# (not under the sanitizers, whose shadow memory would count) a peak resident
# size under 3 times the file's, as rooms stream through lint.
set -u
rf=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
n=100000
[ -n "${RF_SANITIZED:-}" ] && n=10000
python3 - "$tmp/big.xml" "$n" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], 'w') as f:
    f.write('<roomDB>\n')
    for i in range(n):
        # an XML script on every room, a Lua chunk on every other one (each
        # holding a string, so rooms kept alive would add up), and one
        # warning (an unknown attribute) in the last
        extra = ' colour="red"' if i == n - 1 else ''
        lua = ('<script lang="lua">local keep = string.rep("k", 512) .. %d\n'
               'room:rule{when = function() return room:find("m") ~= nil end, '
               'run = function() room:ticker(keep) end}</script>' % i) if i % 2 == 0 else ''
        f.write('<room name="r%d"%s><row text="##D##"/><row text="d.1.d"/><row text="#####"/>'
                '<monster at="1" name="bat" id="m"/><script><condition condition_type="isdead" '
                'id="m"/><action action_type="ticker" text="dead %d"/></script>%s</room>\n'
                % (i, extra, i, lua))
    f.write('</roomDB>\n')
PY
# the command's exit status, then its peak resident size in KiB
python3 - "$tmp/rc" "$rf" lint --format json "$tmp/big.xml" >"$tmp/out.json" 2>"$tmp/err" <<'PY'
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
with open(sys.argv[1], 'w') as f:
    f.write('%d %d\n' % (rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
PY
read -r rc rss <"$tmp/rc"
if [ "$rc" != 0 ]; then
    echo "FAIL: exit $rc, not 0: $(tail -3 "$tmp/err")"
    exit 1
fi
if ! grep -q "^roomforge lint: $n rooms, 0 profiles loaded; 0 errors, 1 warning\$" "$tmp/err"; then
    echo "FAIL: summary: $(cat "$tmp/err")"
    exit 1
fi
if grep -q 'script-' "$tmp/out.json"; then
    echo "FAIL: a script diagnostic: $(grep -m1 'script-' "$tmp/out.json")"
    exit 1
fi
size=$(wc -c <"$tmp/big.xml")
if [ -z "${RF_SANITIZED:-}" ] && [ $((rss * 1024)) -ge $((size * 3)) ]; then
    echo "FAIL: peak resident size $rss KiB is not under 3 times the file's $size bytes"
    exit 1
fi
echo "lint_scale: $n rooms, $((n / 2)) with a Lua chunk, exit 0, peak $rss KiB for a file of $((size / 1024)) KiB"

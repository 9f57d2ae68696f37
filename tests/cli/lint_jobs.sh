#!/bin/sh
# tests/cli/lint_jobs.sh ROOMFORGE [N]: lint's report is the same bytes for
# any --jobs (the checker threads of a streamed lint). N rooms (default 3,000:
# lint_jobs_full, slow; lint_jobs, fast, takes 600) generated here,
# with Lua chunks that err, loop and register rules, XML scripts of unknown
# types, bad attributes and duplicate names: every format, --jobs 1, 2, 3 and
# 8 against each other. Labelled `threads`: make test-tsan runs it under
# ThreadSanitizer too.
set -u
rf=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
n=${2:-3000}
[ -n "${RF_SANITIZED:-}" ] && [ "$n" -gt 600 ] && n=600
python3 - "$tmp/rooms.xml" "$n" <<'PY'
import sys
n = int(sys.argv[2])
chunks = ['room:rule{when = function() return true end, run = function() room:ticker("r%d") end}',
          'error("chunk %d fails")',
          'local n = 0 while true do n = n + %d end',
          'room:rule{when = 7, run = %d}',
          'local t = {} t[1] = %d']
with open(sys.argv[1], 'w') as f:
    f.write('<roomDB>\n')
    for i in range(n):
        name = 'r%d' % (i if i % 97 else i - 1)  # a duplicate name now and then
        attr = ' colour="red"' if i % 97 == 5 else ''
        xml = ('<script><condition condition_type="%s" id="m"/>'
               '<action action_type="ticker" text="t"/></script>'
               % ('isDead' if i % 11 else 'isDaed'))
        lua = '<script lang="lua">%s</script>' % (chunks[i % 5] % i) if i % 2 == 0 else ''
        f.write('<room name="%s"%s><row text="##D##"/><row text="d.1.d"/><row text="#####"/>'
                '<monster at="1" name="bat" id="m"/>%s%s</room>\n' % (name, attr, xml, lua))
    f.write('</roomDB>\n')
PY
fail=0
for fmt in gcc json sarif; do
    "$rf" lint --format "$fmt" --jobs 1 "$tmp/rooms.xml" >"$tmp/one.$fmt" 2>"$tmp/one.err"
    rc1=$?
    if [ "$rc1" != 1 ] || [ ! -s "$tmp/one.$fmt" ]; then
        echo "FAIL: --format $fmt --jobs 1: exit $rc1 (want 1, with a report)"
        fail=1
    fi
    for j in 2 3 8; do
        "$rf" lint --format "$fmt" --jobs "$j" "$tmp/rooms.xml" >"$tmp/j$j.$fmt" 2>"$tmp/j$j.err"
        rc=$?
        if [ "$rc" != "$rc1" ] || ! cmp -s "$tmp/one.$fmt" "$tmp/j$j.$fmt" ||
            ! cmp -s "$tmp/one.err" "$tmp/j$j.err"; then
            echo "FAIL: --format $fmt --jobs $j differs from --jobs 1 (exit $rc, $rc1)"
            diff "$tmp/one.$fmt" "$tmp/j$j.$fmt" | head -5
            fail=1
        fi
    done
done
# a room with Lua before 2,000 whose XML the loader's checks saw whole (not
# handed to the checkers): the first room stays whole until it is checked
python3 - "$tmp/first.xml" <<'PY'
import sys
with open(sys.argv[1], 'w') as f:
    f.write('<roomDB>\n<room name="first"><row text="#D#"/><row text="#.#"/><row text="###"/>'
            '<script lang="lua">local x = 1\nerror("first fails")</script></room>\n')
    for i in range(2000):
        f.write('<room name="x%d"><row text="#D#"/><row text="#.#"/><row text="###"/>'
                '<script><condition condition_type="entered"/><action action_type="ticker" '
                'text="t"/></script></room>\n' % i)
    f.write('</roomDB>\n')
PY
for j in 1 2 3; do
    "$rf" lint --format json --jobs "$j" "$tmp/first.xml" >"$tmp/first.$j" 2>"$tmp/first.err"
    rc=$?
    if [ "$rc" != 1 ] || [ "$(grep -o '"code":"[a-z-]*"' "$tmp/first.$j")" != '"code":"script-error"' ] ||
        ! grep -q '"line":3,.*first fails' "$tmp/first.$j"; then
        echo "FAIL: --jobs $j: the first room's error at line 3, alone: exit $rc, $(head -c 400 "$tmp/first.$j")"
        fail=1
    fi
done
for bad in 0 9 x; do
    if "$rf" lint --jobs "$bad" "$tmp/rooms.xml" >/dev/null 2>&1; [ $? != 2 ]; then
        echo "FAIL: --jobs $bad is not a usage error"
        fail=1
    fi
done
[ "$fail" = 0 ] && echo "lint_jobs: $n rooms, $(grep -c . "$tmp/one.gcc") report lines, the same for --jobs 1, 2, 3, 8"
exit "$fail"

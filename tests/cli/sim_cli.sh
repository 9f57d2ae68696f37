#!/bin/sh
# tests/cli/sim_cli.sh ROOMFORGE DATA SCENARIOS: `roomforge sim` exit codes and
# diagnostics: each case runs sim and checks its exit code and that stderr
# holds a diagnostic (file:line:col and [code]) or message matching a pattern.
# DATA is tests/data/scenario, SCENARIOS tests/scenarios.
set -u
[ $# -eq 3 ] || { echo "usage: sim_cli.sh ROOMFORGE DATA SCENARIOS" >&2; exit 2; }
rf=$1 data=$2 scn=$3
err=$(mktemp) out=$(mktemp)
trap 'rm -f "$err" "$out"' EXIT HUP INT TERM
pass=0 fail=0

# check RC PATTERN ARGS...: sim ARGS exits RC and stderr matches PATTERN (grep -E).
check() {
    want=$1 pat=$2
    shift 2
    "$rf" sim "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL: sim $*: exit $rc, expected $want"; sed 's/^/  /' "$err"; fail=$((fail + 1)); return
    fi
    if [ -n "$pat" ] && ! grep -Eq -- "$pat" "$err"; then
        echo "FAIL: sim $*: stderr does not match /$pat/"; sed 's/^/  /' "$err"; fail=$((fail + 1)); return
    fi
    pass=$((pass + 1))
}

# failed expectations: exit 1, one diagnostic per unmet expect, the log printed
check 1 "expect_fails.scn:6:1: error: expected at T1: remove seal; it did not happen \(T1 had ticker .*\) \[expect-failed\]" \
    --scenario "$data/expect_fails.scn"
check 1 "expect_fails.scn:8:1: error: .*plays only 1 tick\) \[expect-failed\]" --scenario "$data/expect_fails.scn"
grep -qxF 'T1 ticker "A bony figure stands before a shimmering seal."' "$out" ||
    { echo "FAIL: the log of a failing scenario is still printed"; fail=$((fail + 1)); }
# the expect that was met does not fail
if grep -q "expect_fails.scn:7:" "$err"; then echo "FAIL: a met expect was reported"; fail=$((fail + 1)); fi
# malformed scenario: content error with its position; nothing played
check 1 "malformed.scn:4:1: error: unknown command 'jump' .*\[scenario-syntax\]" --scenario "$data/malformed.scn"
[ -s "$out" ] && { echo "FAIL: a malformed scenario printed effects"; fail=$((fail + 1)); }
check 1 "over_limit.scn:4:1: error: .*\[scenario-limit\]" --scenario "$data/over_limit.scn"
# missing scenario file, a directory without scenarios: I/O
check 2 "no-such.scn: error: cannot read the scenario: No such file or directory \[io-error\]" --scenario "$data/no-such.scn"
check 2 "no \*\.scn files" --scenario "$data/../load"
# rooms: an unknown --room is a content error (as for gen and show), an
# unknown room line a content error at that line; no room at all is a usage
# error
check 1 "no room named 'Nowhere' is loaded.*\[unknown-room\]" --room Nowhere \
    --scenario "$data/no_room.scn"
check 1 "unknown_room.scn:2:1: error: no room named 'No Such Room' .*\[unknown-room\]" \
    --scenario "$data/unknown_room.scn"
check 2 "which room\?" --scenario "$data/no_room.scn"
check 0 "" --room "Warden's Gate" --scenario "$data/no_room.scn"
check 1 "wrong_object.scn:4:1: error: pull: 'warden' is a monster, not a lever \[scenario-object\]" \
    --scenario "$data/wrong_object.scn"
check 1 "wrong_object.scn:5:1: error: hit: 'seal' is a magicBlocker, not a customBreakable \[scenario-object\]" \
    --scenario "$data/wrong_object.scn"
check 1 "wrong_object.scn:6:1: error: kill: room .* holds no object 'ghost'.*\[scenario-object\]" \
    --scenario "$data/wrong_object.scn"
grep -qxF 'T1 remove seal' "$out" || { echo "FAIL: events after a refused one still play"; fail=$((fail + 1)); }
# --room overrides the room line: the library's expects fail in another room
check 1 "library.scn:[0-9]+:1: error: expected at T4.*\[expect-failed\]" --room "Warden's Gate" \
    --scenario "$scn/library.scn"
# usage
check 2 "which scenario" --room "Warden's Gate"
check 2 "--format takes text, json or junit" --format xml --scenario "$scn/library.scn"
check 2 "unexpected argument" --scenario "$scn/library.scn" extra
check 2 "--orient takes an orientation from 0 to 7" --orient 8 --scenario "$scn/library.scn"
check 2 "--orient takes an orientation from 0 to 7" --orient -1 --scenario "$scn/library.scn"
check 2 "--orient takes an orientation from 0 to 7" --orient 1x --scenario "$scn/library.scn"
check 2 "--coords takes template or room" --coords level --scenario "$scn/library.scn"
# --orient turns the room whatever it allows (Library has no rotate/mirror),
# and the expect lines, in the template's coordinates, still pass
check 0 "" --orient 6 --scenario "$scn/library.scn"
check 0 "" --orient=3 --coords=room --scenario "$scn/turnstile_vault.scn"
grep -qxF 'T2 move turnstile 1,5' "$out" ||
    { echo "FAIL: --orient 3 --coords room: the turnstile's move in room coordinates"; fail=$((fail + 1)); }
# and the JSON says how it was played
check 0 "" --format json --orient 5 --coords room --scenario "$scn/turnstile_vault.scn"
grep -qF '"room":"Turnstile Vault","orient":5,"coords":"room",' "$out" ||
    { echo "FAIL: --format json --orient 5 --coords room: no orient and coords"; fail=$((fail + 1)); }
check 2 "the bundled content was not found|cannot|io-error" --content "$data/no-such-dir" --scenario "$scn/library.scn"
# the most ticks a scenario may play finish (CTest's timeout catches a hang);
# a play logging more than 100,000 effects stops (memory stays bounded)
check 0 "" --scenario "$data/at_limit.scn"
check 1 "effects_limit.scn:5:1: error: the play stops at T25001: more than 100000 effects \[scenario-limit\]" \
    --content "$scn/coverage/rooms.xml" --scenario "$data/effects_limit.scn"
# a folder of scenarios: every one plays, each after a == FILE line
check 0 "scenarios, 0 failed" --scenario "$scn"
n=$(grep -c '^== ' "$out")
m=$(ls "$scn"/*.scn | wc -l)
[ "$n" = "$m" ] || { echo "FAIL: the folder run played $n of $m scenarios"; fail=$((fail + 1)); }
# tests/data/scenario: 2 scenarios pass, 7 fail; the worst exit code wins
check 2 "9 scenarios, 7 failed" --scenario "$data"

# an extension's error at tick points at the extension's own file and line
ext=$(dirname "$data")/scenario_ext
check 1 "scenario_ext/ext/bad.lua:4:1: error: room 'Boom', script 1: attempt to index a nil value \(local 't'\) \(the rule is disabled\) \[script-error\]" \
    --content "$ext/pack" --scripts "$ext/ext" --room Boom --scenario "$ext/boom.scn"

# --variant N (DESIGN 16): sim plays variant N of a room that varies, the
# map show --variant N prints: the lever (at anchor 1) is where that
# variant's anchor is, and two variants put it apart
vary=$(dirname "$data")/scenario_vary
for v in 3 1; do
    check 0 "" --content "$vary/rooms.xml" --variant "$v" --scenario "$vary/vault.scn"
    at=$("$rf" show --content "$vary/rooms.xml" --variant "$v" "Shifting Vault" 2>/dev/null |
        sed -n "s/^    '1' anchor at \([0-9]*,[0-9]*\)$/\1/p")
    [ -n "$at" ] && grep -qxF "T1 ticker \"lever at $at\"" "$out" ||
        { echo "FAIL: sim --variant $v: the lever is not at the variant's anchor ($at)"; sed 's/^/  /' "$out"; fail=$((fail + 1)); }
    eval "at_$v=\$at"
done
[ "$at_3" != "$at_1" ] || { echo "FAIL: variants 3 and 1 put the lever on one cell"; fail=$((fail + 1)); }
check 0 "" --content "$vary/rooms.xml" --format json --variant=3 --scenario "$vary/vault.scn"
grep -qF "lever at $at_3" "$out" || { echo "FAIL: sim --format json --variant 3"; fail=$((fail + 1)); }
# a room that does not vary: exit 1 as for show; a bad number: usage
check 1 "roomforge sim: the room 'Still Vault' does not vary" --content "$vary/rooms.xml" \
    --room "Still Vault" --variant 3 --scenario "$vary/vault.scn"
[ -s "$out" ] && { echo "FAIL: --variant on a plain room played"; fail=$((fail + 1)); }
check 2 "--variant takes an integer from 0 to 4294967295" --content "$vary/rooms.xml" \
    --variant 4294967296 --scenario "$vary/vault.scn"
check 2 "--variant takes an integer" --variant x --scenario "$vary/vault.scn"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

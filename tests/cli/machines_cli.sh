#!/bin/sh
# tests/cli/machines_cli.sh ROOMFORGE SRC: machines as content (DESIGN 17,
# issue 31) through the CLI: the bundled machines.xml on Brogue levels, a
# modder's pack adding a blueprint that then shows in gen (json and text)
# and in stats, a broken blueprint left out with one summary line (exit 1
# under --strict), and no machines where a recipe never places them.
set -u
rf=$1
src=$2
pack=$src/tests/data/machines_pack
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
machines() { # machines FILE: the blueprint names of a gen JSON, one a line
    python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["machines"]: print(m["blueprint"], m["kind"], m["treasure"])' "$1"
}

# The bundled pack: depth 11 is a treasure depth, a reward and its key holder.
"$rf" gen --seed 12 --depth 11 --format json >"$tmp/l.json" 2>"$tmp/err" || fail "gen depth 11: $(cat "$tmp/err")"
machines "$tmp/l.json" >"$tmp/m"
grep -q " reward 1$" "$tmp/m" || fail "no reward room at depth 11: $(cat "$tmp/m")"
grep -q " key-holder 1$" "$tmp/m" || fail "no key holder at depth 11: $(cat "$tmp/m")"
"$rf" gen --seed 12 --depth 11 --format text >"$tmp/t" 2>/dev/null
grep -q "^machines:$" "$tmp/t" || fail "the text view lists no machines"

# A modder's pack adds "Moss garden" (frequency 100: every level) and a broken
# blueprint, which is left out with one line; --strict makes that exit 1.
"$rf" gen --content "$src/content" --content "$pack" --seed 2 --depth 4 --format json \
    >"$tmp/l.json" 2>"$tmp/err"
[ $? = 0 ] || fail "gen with the pack exits non-zero: $(cat "$tmp/err")"
grep -q "1 error in the content" "$tmp/err" || fail "the broken blueprint is not counted: $(cat "$tmp/err")"
machines "$tmp/l.json" >"$tmp/m"
grep -q "^Moss garden auto 0$" "$tmp/m" || fail "the modder's blueprint is not on the level: $(cat "$tmp/m")"
grep -q "Broken garden" "$tmp/m" && fail "the broken blueprint was placed"
"$rf" gen --content "$src/content" --content "$pack" --seed 2 --depth 4 --strict >/dev/null 2>&1
[ $? = 1 ] || fail "gen --strict with a broken blueprint does not exit 1"
"$rf" lint "$pack" >"$tmp/out" 2>&1
[ $? = 1 ] || fail "lint of the pack does not exit 1"
grep -q "machines.xml:8:76: error: .*\[unknown-requirement\]" "$tmp/out" || fail "lint: $(cat "$tmp/out")"

# stats counts it by blueprint and depth: once a level, 3 seeds x 3 depths.
"$rf" stats --content "$src/content" --content "$pack" --count 3 --depths 1-3 --format json \
    >"$tmp/s.json" 2>/dev/null || fail "stats with the pack failed"
python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["by_profile"]["brogue"]["machines"]["Moss garden"]
assert m["placed"] == 9 and m["depths"] == {"1": 3, "2": 3, "3": 3}, m' "$tmp/s.json" ||
    fail "stats does not count the modder's blueprint by depth"
"$rf" stats --content "$src/content" --content "$pack" --count 2 --depths 1-2 --format text \
    2>/dev/null | grep -q "Moss garden  1-2" || fail "stats text lists no Moss garden"

# sim plays a treasure machine whole: the key holder's key opens the reward's
# vault door (both scenarios expect it); JSON as sim writes it; misuse.
sc=$src/tests/data/machines/scenarios
"$rf" sim --machine "Secret room" --machine "Mixed item library" --scenario "$sc/secret_room.scn" \
    >"$tmp/out" 2>&1 || fail "sim of the secret room's key: $(cat "$tmp/out")"
grep -q "^T2 remove vault-door$" "$tmp/out" || fail "the key opened no vault: $(cat "$tmp/out")"
"$rf" sim --machine Boss --machine "Allies in cages" --scenario "$sc/boss.scn" >"$tmp/out" 2>&1 ||
    fail "sim of the boss's key: $(cat "$tmp/out")"
python3 "$src/tests/cli/check_json.py" sim "$rf" sim --machine Boss --machine "Allies in cages" \
    --scenario "$sc/boss.scn" --format json >"$tmp/out" 2>&1 || fail "sim --machine json: $(cat "$tmp/out")"
"$rf" sim --machine "Secret room" --scenario "$sc/secret_room.scn" >"$tmp/out" 2>&1
[ $? = 1 ] || fail "a key holder without its reward meets the vault expect"
"$rf" sim --machine "Secret rooom" --scenario "$sc/secret_room.scn" >"$tmp/out" 2>&1
[ $? = 1 ] && grep -q "unknown-machine" "$tmp/out" || fail "an unknown blueprint: $(cat "$tmp/out")"
"$rf" sim --machine Boss --room "Warden's Gate" --scenario "$sc/boss.scn" >/dev/null 2>&1
[ $? = 2 ] || fail "--machine with --room is not a usage error"

# NetHack's recipe places no machines.
"$rf" gen --profile nethack --seed 2 --depth 11 --format json >"$tmp/l.json" 2>/dev/null
[ -z "$(machines "$tmp/l.json")" ] || fail "a nethack level holds machines"

[ "$fails" = 0 ] && echo "machines_cli: ok"
exit "$fails"

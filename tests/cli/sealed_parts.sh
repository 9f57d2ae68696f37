#!/bin/sh
# tests/cli/sealed_parts.sh ROOMFORGE SRC: the views say what lint says about
# the parts of a room no door reaches (issue 28.3). On the real_shapes pack
# (run from SRC: relative file names): show of a room with a sealed part
# prints the room and then its part warning (stdout then stderr, against the
# golden show_sealed_parts.txt); show of a room with none prints no part
# warning; gen --room prints the forced room's part warnings in full and
# counts the others; gen --verbose prints every room's.
set -u
rf=$1
src=$2
cd "$src" || exit 2
pack=tests/data/real_shapes
golden=tests/cli/show_sealed_parts.txt
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
run() { # run RC ARGS...: runs roomforge, fails unless it exits RC
    want=$1
    shift
    NO_COLOR=1 "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = "$want" ] || fail "exit $rc, expected $want: $*: $(head -5 "$tmp/err")"
}
parts() { grep -c '\[\(unreachable\|diagonal-only\)-part\]' "$1"; }

run 0 show --content "$pack" "Lever Vault"
cat "$tmp/out" "$tmp/err" >"$tmp/shown"
if [ "${RF_UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$tmp/shown" "$golden"
elif ! diff -u "$golden" "$tmp/shown"; then
    fail "show 'Lever Vault' differs from $golden"
fi

run 0 show --content "$pack" "Cross Shrine"
[ "$(parts "$tmp/err")" = 0 ] || fail "show 'Cross Shrine' warns of a part: $(cat "$tmp/err")"

# forced: the room's three parts in full, the other rooms' six counted
run 0 gen --content "$pack" --room "Diagonal Chain" --seed 1
[ "$(parts "$tmp/err")" = 3 ] || fail "gen --room: not the forced room's 3 parts: $(cat "$tmp/err")"
[ "$(grep -c 'sealed_objects.xml:19:3: warning: .*-part\]' "$tmp/err")" = 3 ] ||
    fail "gen --room: the parts are not the forced room's: $(cat "$tmp/err")"
grep -q "monster 'imp' at 6,5 \[diagonal-only-part\]" "$tmp/err" ||
    fail "gen --room: the lost monster is not named: $(cat "$tmp/err")"
grep -q "6 warnings in the content" "$tmp/err" ||
    fail "gen --room: the other rooms' warnings are not counted: $(cat "$tmp/err")"

run 0 gen --content "$pack" --room "Diagonal Chain" --seed 1 --verbose
[ "$(parts "$tmp/err")" = 9 ] || fail "gen --verbose: not every room's 9 parts: $(cat "$tmp/err")"
grep -q "shapes.xml:7:3: warning: cells x 8-9, y 4-5 (4 cells) are reached by no door; a level walls them, and with them: loot at 8,5 \[unreachable-part\]" "$tmp/err" ||
    fail "gen --verbose: Sealed Closet's part is missing: $(cat "$tmp/err")"

[ "$fails" = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# tests/cli/broken_room.sh ROOMFORGE SRC: one broken room does not block the
# rest of the pack (issue 35, DESIGN 5). On tests/data/broken_room (two good
# rooms, one with a typo) gen, show, list, stats, catalog and sim of a good
# room exit 0 and name the broken room in one note; the commands asked about
# the broken room exit 1; --strict makes any content error exit 1; lint, the
# gate, exits 1.
set -u
rf=$1
src=$2
pack=$src/tests/data/broken_room
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
note="broken.xml:4:3: note: room 'Broken Vault' is left out: it has errors (2 errors; roomforge lint .*broken.xml) \[room-left-out\]"
one_note() { # one_note WHAT: the broken room is one line on stderr, its errors not printed
    [ "$(grep -c "$note" "$tmp/err")" = 1 ] || fail "$1: no single left-out note: $(cat "$tmp/err")"
    ! grep -q "error:" "$tmp/err" || fail "$1: the broken room's errors printed in full"
}
printf 'enter\ntick 2\n' >"$tmp/good.scn"

run 0 gen --content "$pack" --room "Good Hall" --format json
grep -q '"template":"Good Hall"' "$tmp/out" || fail "gen --room 'Good Hall' did not place it"
one_note "gen --room GOOD"
run 0 gen --content "$pack" --seed 2
one_note "gen"
run 0 show --content "$pack" "Good Hall"
grep -q "Good Hall" "$tmp/out" || fail "show GOOD printed no room"
one_note "show GOOD"
run 0 list --content "$pack"
grep -q "^Side Room " "$tmp/out" || fail "list lacks the good rooms"
grep -q "Broken Vault" "$tmp/out" && fail "list shows the broken room"
one_note "list"
run 0 stats --content "$pack" --count 2 --depths 1 --jobs 1
one_note "stats"
run 0 catalog --content "$pack" --count 2 --depths 1 --jobs 1
[ "$(wc -l <"$tmp/out")" = 2 ] || fail "catalog printed no levels: $(cat "$tmp/out")"
one_note "catalog"
run 0 sim --content "$pack" --room "Side Room" --scenario "$tmp/good.scn"
one_note "sim --room GOOD"
# --quiet: errors only, so not the note; the summary line stays
run 0 list --quiet --content "$pack"
grep -q "note:" "$tmp/err" && fail "list --quiet prints the note"
grep -q "1 room left out" "$tmp/err" || fail "list --quiet lacks the summary: $(cat "$tmp/err")"

# what was asked about is broken: exit 1, its errors in full
run 1 gen --content "$pack" --room "Broken Vault"
grep -q "\[unknown-symbol\]" "$tmp/err" || fail "gen --room BROKEN does not print its errors"
[ -s "$tmp/out" ] && fail "gen --room BROKEN made a level"
run 1 show --content "$pack" "Broken Vault"
grep -q "\[unknown-symbol\]" "$tmp/err" || fail "show BROKEN does not print its errors"
run 1 sim --content "$pack" --room "Broken Vault" --scenario "$tmp/good.scn"
run 1 catalog --content "$pack" --room "Broken Vault" --count 1 --depths 1 --jobs 1

# --strict: the pack's errors are the run's
for cmd in "gen --room Side\ Room" "list" "stats --count 1 --depths 1 --jobs 1" \
    "catalog --count 1 --depths 1 --jobs 1"; do
    eval "run 1 $cmd --strict --content \"\$pack\""
done
run 1 show --strict --content "$pack" "Good Hall"
run 1 sim --strict --content "$pack" --room "Side Room" --scenario "$tmp/good.scn"
run 2 lint --strict "$pack"
# lint is the gate
run 1 lint "$pack"
grep -q "\[unknown-symbol\]" "$tmp/out" "$tmp/err" || fail "lint does not report the typo"
# lint's summary counts as loaded the rooms without errors: not Gamma (map
# errors) nor Shouter (an unknown action type in its script), streamed
# (--jobs 1 and 3) or kept for a profiles file's trial levels
mod=$src/tests/data/pack/mod
for args in "--jobs 1 $mod/mod.xml" "--jobs 3 $mod/mod.xml" "$mod"; do
    eval "run 1 lint $args"
    grep -q "^roomforge lint: 1 room, [0-9]* profiles\{0,1\} loaded; 4 errors" "$tmp/err" ||
        fail "lint $args counts a room with errors as loaded: $(tail -1 "$tmp/err")"
done
# a pack without errors is exit 0 with --strict too
mkdir -p "$tmp/good/rooms"
cp "$pack/rooms/good.xml" "$tmp/good/rooms/"
run 0 gen --strict --content "$tmp/good" --room "Good Hall"
[ -s "$tmp/err" ] && fail "a clean pack prints on stderr: $(cat "$tmp/err")"

[ "$fails" = 0 ] && echo "broken_room: ok"
[ "$fails" = 0 ]

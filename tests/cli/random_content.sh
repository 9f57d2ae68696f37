#!/bin/sh
# tests/cli/random_content.sh ROOMFORGE CHECK_LEVEL CONTENT: content nobody has
# seen, as acceptance brings it: random rooms (random_rooms.py, two fixed
# seeds) beside the bundled profiles must lint clean; every profile digs
# levels with them drawn in; every room forced (gen --room) at a depth its
# range allows either is placed or is refused with room-not-placed naming it,
# exit 1; every level made passes tools/check-level. Never a crash,
# never another exit. Under RF_SANITIZED (the ASan run) one seed, 6 rooms.
# Each level made is kept in a temporary folder and all are checked at the
# end by one python (check_level_batch.py), not one a level.
set -u
rf=$1 check=$2 bundled=$3
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
n=0
: >"$tmp/fails"
: >"$tmp/tally"
: >"$tmp/levels"
# failures go to a file: the forced-room loop runs in a pipe's subshell
fail() { echo "FAIL: $*"; echo x >>"$tmp/fails"; }
# $level: a file name no listed level has (the list is a file for the same reason)
next_level() { level=$tmp/l$(($(wc -l <"$tmp/levels") + 1)).json; }
level_ok() { # level_ok JSON-FILE WHAT: checked at the end, with all the others
    printf '%s\t%s\n' "$1" "$2" >>"$tmp/levels"
}
seeds="11 12" rooms=20
if [ -n "${RF_SANITIZED:-}" ]; then seeds=11 rooms=6; fi # ASan runs are slow
for seed in $seeds; do
    c=$tmp/c$seed
    mkdir -p "$c/rooms" "$c/levels"
    cp "$bundled/profiles.xml" "$c/"
    cp "$bundled/levels/"*.lua "$c/levels/"
    python3 "$here/random_rooms.py" "$seed" "$rooms" >"$c/rooms/random.xml"
    "$rf" lint "$c" >"$tmp/lint" 2>&1 || fail "random rooms $seed do not lint clean: $(head -5 "$tmp/lint")"
    for profile in brogue nethack dungeonmaker caverns; do
        for s in 1 2 3; do
            n=$((n + 1))
            depth=$(( (s * 9 + seed) % 26 + 1 ))
            next_level
            if "$rf" gen --content "$c" --profile "$profile" --seed "$s" --depth "$depth" \
                   --format json >"$level" 2>"$tmp/err"; then
                level_ok "$level" "$profile seed $s depth $depth (rooms $seed)"
            else
                fail "$profile seed $s depth $depth (rooms $seed): $(head -3 "$tmp/err")"
            fi
        done
        # each room forced once, at the depth after its minLevel (0-based)
        sed -n 's/.*<room name="\([^"]*\)".*/\1/p' "$c/rooms/random.xml" | while read -r name; do
            lo=$(grep -A14 "<room name=\"$name\"" "$c/rooms/random.xml" |
                 sed -n 's/.*minLevel="\([0-9]*\)".*/\1/p' | head -1)
            next_level
            "$rf" gen --content "$c" --profile "$profile" --seed 5 --depth $((lo + 1)) \
                --room "$name" --format json >"$level" 2>"$tmp/err"
            rc=$?
            if [ $rc = 0 ]; then
                level_ok "$level" "$profile with '$name' forced"
                echo placed >>"$tmp/tally"
            elif [ $rc = 1 ] && grep -q "'$name'.*\[room-not-placed\]" "$tmp/err"; then
                echo refused >>"$tmp/tally"
            else
                fail "$profile with '$name' forced: exit $rc: $(head -3 "$tmp/err")"
            fi
        done
    done
done
# every level made, through check-level in one python
python3 "$here/check_level_batch.py" "$check" "$tmp/levels" >"$tmp/cl" 2>&1
rc=$?
grep '^FAIL: ' "$tmp/cl" | while read -r line; do echo "$line"; echo x >>"$tmp/fails"; done
checked=$(grep '^[0-9]* passed, [0-9]* failed$' "$tmp/cl")
if [ $rc -gt 1 ] || [ -z "$checked" ] || { [ $rc = 1 ] && ! grep -q '^FAIL: ' "$tmp/cl"; }; then
    fail "check_level_batch exit $rc: $(tail -3 "$tmp/cl")"
fi
placed=$(grep -c placed "$tmp/tally")
refused=$(grep -c refused "$tmp/tally")
[ "$placed" -gt "$refused" ] || fail "only $placed forced rooms placed, $refused refused"
fails=$(wc -l <"$tmp/fails")
echo "$n drawn levels, $placed forced rooms placed, $refused refused; check-level: $checked"
echo "$fails failed"
[ "$fails" -eq 0 ]

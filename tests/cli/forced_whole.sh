#!/bin/sh
# tests/cli/forced_whole.sh ROOMFORGE CHECK_LEVEL SRC: forced rooms that once
# came out hollow (walled up whole, exit 0) must be placed and whole: each
# case runs gen --room ... --format json and tools/check-level with
# the room's map (every floor, anchor or ^ cell walkable in the level).
#   - a one-door room whose door faced the map's edge (issue 12's example);
#   - a seeded Brogue room whose door front a lake took (caverns);
#   - a room whose only door another template's wall covered (brogue 29);
#   - a 40x20 hub (reserved before digging) on caverns and brogue, and its
#     refusal on NetHack's 80x21, which names the --size that holds it.
set -u
rf=$1 check=$2 src=$3
fails=0 n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
# whole PACK PROFILE SEED DEPTH ROOM (show reads the pack's rooms/ folder)
whole() {
    n=$((n + 1))
    if ! "$rf" show --content "$1/rooms" --format json "$5" >"$tmp/room.json" 2>"$tmp/err"; then
        echo "FAIL: '$5' not shown: $(head -3 "$tmp/err")"
        fails=$((fails + 1))
        return
    fi
    map=$(python3 -c 'import json,sys; print("/".join(json.load(open(sys.argv[1]))["rows"]))' \
          "$tmp/room.json")
    if ! "$rf" gen --content "$1" --profile "$2" --seed "$3" --depth "$4" --room "$5" \
            --format json >"$tmp/level.json" 2>"$tmp/err"; then
        echo "FAIL: $2 seed $3 depth $4 '$5' not placed: $(head -3 "$tmp/err")"
        fails=$((fails + 1))
    elif ! out=$(python3 "$check" "$tmp/level.json" "$5=$map"); then
        echo "FAIL: $2 seed $3 depth $4 '$5': $out"
        fails=$((fails + 1))
    fi
}
whole "$src/content" brogue 3 6 "Cramped Curio Stall"
whole "$src/tests/data/forced" caverns 3 2 "One Door"
whole "$src/tests/data/forced" caverns 3 10 "One Door"
whole "$src/tests/data/forced" brogue 29 2 "One Door"
for seed in 1 2 3; do
    whole "$src/tests/data/forced" caverns $seed 6 "Big Hub"
    whole "$src/tests/data/forced" brogue $seed 10 "Big Hub"
done
n=$((n + 1))
if "$rf" gen --content "$src/tests/data/forced" --profile nethack --room "Big Hub" \
        >/dev/null 2>"$tmp/err" || ! grep -q "room-not-placed" "$tmp/err" ||
        ! grep -q "try --size 80x22" "$tmp/err"; then
    echo "FAIL: 'Big Hub' on nethack is not refused with --size 80x22: $(head -1 "$tmp/err")"
    fails=$((fails + 1))
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]

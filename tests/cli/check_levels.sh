#!/bin/sh
# tests/cli/check_levels.sh ROOMFORGE CHECK_LEVEL: runs `roomforge gen --format
# json` for a sample of seeds, depths and sizes of every bundled profile
# (brogue, nethack, dungeonmaker, caverns; "default" is the profile's own size, no
# --size) through shared/tools/check-level (the DESIGN 6 invariants one level
# can show), and checks that every room carries "lit". Reports every bad level.
set -u
rf=$1 check=$2
fails=0 n=0
# the seeds include NetHack levels whose 2x2 vault once took the stairs
for spec in "brogue default 79x29 40x20 150x60" "nethack default 40x20 150x60" \
            "dungeonmaker default 40x20 150x60" "caverns default 40x20"; do
    set -- $spec
    profile=$1
    shift
    for size in "$@"; do
        for seed in 1 17 236 960 1000; do
            for depth in 1 4 26 37; do
                n=$((n + 1))
                if [ "$size" = default ]; then
                    json=$("$rf" gen --profile "$profile" --seed "$seed" --depth "$depth" --format json)
                else
                    json=$("$rf" gen --profile "$profile" --seed "$seed" --depth "$depth" \
                           --size "$size" --format json)
                fi
                # check-level itself, then "lit" on every room, in one python
                if ! out=$(printf '%s\n' "$json" | python3 -c '
import io, json, runpy, sys
text = sys.stdin.read()
sys.stdin = io.StringIO(text)
sys.argv = [sys.argv[1]]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as e:
    if e.code:
        sys.exit(1)
rooms = json.loads(text)["rooms"]
if not rooms or not all(isinstance(r.get("lit"), bool) for r in rooms):
    print("a room without lit")
    sys.exit(1)' "$check"); then
                    echo "$profile seed $seed depth $depth size $size: $out"
                    fails=$((fails + 1))
                fi
            done
        done
    done
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]

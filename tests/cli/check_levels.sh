#!/bin/sh
# tests/cli/check_levels.sh ROOMFORGE CHECK_LEVEL: runs `roomforge gen --format
# json` for a sample of seeds, depths and sizes of every bundled profile
# (brogue, nethack, dungeonmaker, caverns; "default" is the profile's own size, no
# --size) through tools/check-level (the DESIGN 6 invariants one level
# can show), and checks that every room carries "lit". Reports every bad level.
# The levels are written to a temporary folder and checked by one python
# (check_level_batch.py), not one a level.
set -u
rf=$1 check=$2
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
: >"$tmp/levels"
n=0
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
                f=$tmp/$n.json
                if [ "$size" = default ]; then
                    "$rf" gen --profile "$profile" --seed "$seed" --depth "$depth" \
                        --format json >"$f" 2>"$tmp/err"
                else
                    "$rf" gen --profile "$profile" --seed "$seed" --depth "$depth" \
                        --size "$size" --format json >"$f" 2>"$tmp/err"
                fi
                rc=$?
                [ "$rc" = 0 ] || { printf '%s\t' "$rc"; cat "$tmp/err"; } >"$f.err"
                printf '%s\t%s\n' "$f" "$profile seed $seed depth $depth size $size" >>"$tmp/levels"
            done
        done
    done
done
# check-level itself, then "lit" on every room, in one python
python3 "$here/check_level_batch.py" "$check" "$tmp/levels" --lit

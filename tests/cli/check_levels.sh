#!/bin/sh
# tests/cli/check_levels.sh ROOMFORGE CHECK_LEVEL: runs `roomforge gen --format
# json` for a few seeds, depths and sizes through shared/tools/check-level
# (DESIGN 6 invariants one level can show); fails on the first bad level.
set -u
rf=$1 check=$2
fails=0 n=0
for size in 79x29 40x20 150x60; do
    for seed in 1 2 3 17 99; do
        for depth in 1 4 13 26; do
            n=$((n + 1))
            if ! out=$("$rf" gen --seed "$seed" --depth "$depth" --size "$size" --format json |
                       python3 "$check"); then
                echo "seed $seed depth $depth size $size: $out"
                fails=$((fails + 1))
            fi
        done
    done
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# tests/same_levels.sh ROOMFORGE_A ROOMFORGE_B: the same seeds give the same
# levels from two builds of roomforge by different compilers (make fuzz
# runs it on the gcc build and the clang one). C leaves the order of some
# evaluations to the compiler (a call's arguments, an initializer list, the
# operands of |): two random draws there gave clang other levels than gcc.
# Compares `catalog` (each level's digest) of every bundled profile over
# seeds 1-8 and depths 1-26, brogue at 200x200, and a run of levels in
# order. Prints one line, "same levels: ...", and exits 1 at a difference.
set -u
[ $# -eq 2 ] || { echo "usage: same_levels.sh ROOMFORGE_A ROOMFORGE_B" >&2; exit 2; }
a=$1 b=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
n=0
check() { # NAME ARGS...: the two outputs of roomforge ARGS must be the same bytes
    name=$1
    shift
    "$a" "$@" >"$tmp/a" 2>&1
    ra=$?
    "$b" "$@" >"$tmp/b" 2>&1
    rb=$?
    n=$((n + 1))
    if [ "$ra" != 0 ] || [ "$rb" != 0 ] || ! cmp -s "$tmp/a" "$tmp/b"; then
        echo "same levels: FAIL at $name (roomforge $*; exit $ra and $rb)"
        diff "$tmp/a" "$tmp/b" | head -6
        exit 1
    fi
}
for p in brogue nethack dungeonmaker caverns; do
    check "$p" catalog --quiet --profile "$p" --seed 1 --count 8 --depths 1-26
done
check "brogue 200x200" catalog --quiet --size 200x200 --seed 1 --count 2 --depths 1-3
check "a run" run --quiet --seed 7 --depths 1-10 --format json
echo "same levels: $n checks, the two builds agree"

#!/bin/sh
# tools/bench/run.sh BUILD_DIR: runs every benchmark built in BUILD_DIR/tools/bench
# and prints its figures. Instruction counts come from callgrind when valgrind
# is installed. Nothing here asserts on time: the figures go in the README.
set -eu
dir=${1:-build-bench}/tools/bench
[ -d "$dir" ] || { echo "run.sh: no $dir (make bench builds it)" >&2; exit 2; }
found=0
for b in "$dir"/bench_*; do
    [ -x "$b" ] || continue
    found=1
    echo "== $(basename "$b")"
    "$b"
    echo
done
[ "$found" = 1 ] || { echo "run.sh: no benchmarks in $dir" >&2; exit 2; }
if command -v valgrind >/dev/null 2>&1 && [ -x "$dir/bench_dig" ]; then
    echo "== callgrind: instructions per Brogue level (bench_dig, N levels a line)"
    for spec in "79x29 1-5 20" "79x29 1-26 20" "200x200 1-5 5" "200x200 1-26 5" \
                "1000x1000 1-5 2" "1000x1000 1-26 2"; do
        set -- $spec
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dir/bench_dig" --size "$1" \
            --depths "$2" --count "$3" >/dev/null 2>"$out" || true
        total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out")
        rm -f "$out"
        [ -n "$total" ] && echo "  $1 depths $2 (N=$3): $((total / $3)) instructions/level"
    done
fi

#!/bin/sh
# tests/cli/check_self_contained.sh SRCDIR: a clone builds and tests itself
# from its own tree. No build file may name a folder beside the repository
# (a sibling folder of the clone): a user's clone has none, and a test
# registered only when it exists would silently vanish. (The guides' links are
# checked the same way by check_doc_links.py.) Also configures the tree once
# and fails on any CMake warning.
set -u
src=$1
cd "$src" || exit 2
hits=$(grep -rnI -E '\$\{(PROJECT|CMAKE)_SOURCE_DIR\}/\.\./' . \
         --include='CMakeLists.txt' --include='*.cmake' --exclude-dir='build*' 2>/dev/null)
if [ -n "$hits" ]; then
    printf 'FAIL: names a path outside the repository:\n%s\n' "$hits"
    exit 1
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if ! cmake -S "$src" -B "$tmp" -DRF_TESTS=ON >"$tmp/log" 2>&1; then
    cat "$tmp/log"; echo "FAIL: configure failed"; exit 1
fi
if grep -q 'CMake Warning' "$tmp/log"; then
    grep -A4 'CMake Warning' "$tmp/log"; echo "FAIL: configure warns"; exit 1
fi
echo "self-contained: no outside path, configure without a warning"

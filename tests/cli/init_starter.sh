#!/bin/sh
# tests/cli/init_starter.sh ROOMFORGE SRCDIR: `roomforge init DIR` (DESIGN 5)
# writes the starter pack of tools/init/starter byte for byte; the pack lints
# clean (no error, no warning), its scenarios pass, and each of its rooms is
# generated with its profile; init never writes over a file: a second init,
# or one into a folder holding a file of the pack, exits 2 and writes nothing.
set -u
rf=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fails=0 checks=0
ok() { checks=$((checks + 1)); }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); checks=$((checks + 1)); }

pack=$tmp/pack
"$rf" init "$pack" >"$tmp/out" 2>&1 && ok || fail "init exit $?: $(cat "$tmp/out")"
(cd "$src/tools/init/starter" && find . -type f | sort) >"$tmp/want"
(cd "$pack" && find . -type f | sort) >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" && ok || fail "files differ: $(diff "$tmp/want" "$tmp/got")"
while read -r f; do
    cmp -s "$src/tools/init/starter/$f" "$pack/$f" && ok || fail "$f differs from the source"
done <"$tmp/want"

"$rf" lint "$pack" >"$tmp/lint" 2>&1 && ok || fail "lint exit $?: $(cat "$tmp/lint")"
grep -q '0 errors, 0 warnings' "$tmp/lint" && ok || fail "lint not clean: $(cat "$tmp/lint")"
"$rf" sim --content "$pack" --scripts "$pack/scripts" --scenario "$pack/scenarios" >"$tmp/sim" 2>&1 &&
    ok || fail "sim exit $?: $(cat "$tmp/sim")"
for room in "Starter Hall" "Starter Closet"; do
    "$rf" gen --content "$pack" --scripts "$pack/scripts" --profile starter --seed 1 --depth 3 \
        --room "$room" >"$tmp/gen" 2>&1 && ok || fail "gen $room exit $?: $(cat "$tmp/gen")"
done

# nothing is overwritten
echo "mine" >"$pack/README.md"
"$rf" init "$pack" >"$tmp/again" 2>&1
[ $? -eq 2 ] && ok || fail "a second init did not exit 2"
[ "$(cat "$pack/README.md")" = mine ] && ok || fail "init wrote over README.md"
mkdir "$tmp/own"
echo "my rooms" >"$tmp/own/roomforge.toml"
"$rf" init "$tmp/own" >"$tmp/own.out" 2>&1
[ $? -eq 2 ] && ok || fail "init over a folder holding roomforge.toml did not exit 2"
[ "$(ls -A "$tmp/own")" = roomforge.toml ] && ok || fail "init wrote beside a file in the way: $(ls -A "$tmp/own")"
grep -q 'roomforge.toml exists' "$tmp/own.out" && ok || fail "no message naming the file: $(cat "$tmp/own.out")"
"$rf" init >"$tmp/usage" 2>&1
[ $? -eq 2 ] && ok || fail "init without DIR did not exit 2"

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

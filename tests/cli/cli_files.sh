#!/bin/sh
# tests/cli/cli_files.sh ROOMFORGE: file options and bounded work (issues 13,
# 19): -o - is stdout; -o never writes over a directory, a FIFO or an input
# and leaves the old file whole when a run fails; options that take a file
# refuse a directory or FIFO (exit 2); a profile with errors is exit 1 with
# its errors; profiles and recipes asking for unbounded work end at once
# (exit 1, a diagnostic at the line). A hang fails by the test's TIMEOUT.
set -u
rf=$1
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect RC WORDS-IN-STDERR ARGS...: the exit code, the message, no stdout
expect() {
    want_rc=$1 want=$2
    shift 2
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != "$want_rc" ] || [ -s "$tmp/out" ] || ! grep -q -- "$want" "$tmp/err"; then
        fail "($rc) $*: $(cat "$tmp/err")"
    fi
}
recipes=$(cd "$(dirname "$0")/../data/recipe" && pwd)
dm=$(cd "$(dirname "$0")/../data/rooms_file" && pwd)
mkfifo "$tmp/fifo"
mkdir "$tmp/dir"

# -o - is stdout, and no file called "-" appears
(cd "$tmp" && "$rf" gen --seed 4 -o - >stdout.txt && "$rf" gen --seed 4 >plain.txt) ||
    fail "gen -o - failed"
cmp -s "$tmp/stdout.txt" "$tmp/plain.txt" || fail "-o - differs from stdout"
[ ! -e "$tmp/-" ] || fail "-o - wrote a file called -"
# never over a directory, a FIFO or one of the run's inputs
expect 2 "is a directory" gen -o "$tmp/dir"
expect 2 "not a regular file" gen -o "$tmp/fifo"
cp "$recipes/choose.lua" "$tmp/choose.lua"
cp "$dm/valid-all.txt" "$tmp/rooms.txt"
expect 2 "is the recipe" gen --profile nethack --recipe "$tmp/choose.lua" -o "$tmp/choose.lua"
cmp -s "$recipes/choose.lua" "$tmp/choose.lua" || fail "-o overwrote the recipe"
expect 2 "is the rooms-file" gen --profile dungeonmaker --rooms-file "$tmp/rooms.txt" -o "$tmp/rooms.txt"
cmp -s "$dm/valid-all.txt" "$tmp/rooms.txt" || fail "-o overwrote the rooms-file"
mkdir -p "$tmp/pack/rooms"
cp "$(dirname "$0")/../../content/rooms/"*.xml "$tmp/pack/rooms/"
first=$(ls "$tmp/pack/rooms" | head -n 1)
cp "$tmp/pack/rooms/$first" "$tmp/keep.xml"
expect 2 "is a file of the content" gen --content "$tmp/pack" -o "$tmp/pack/rooms/$first"
cmp -s "$tmp/keep.xml" "$tmp/pack/rooms/$first" || fail "-o overwrote a rooms file"
# a failed run leaves the old file whole and no temporary file beside it
echo "old" >"$tmp/dir/level.png"
expect 2 "larger than 16384 pixels" gen --format png --size 1000x40 --scale 32 -o "$tmp/dir/level.png"
[ "$(cat "$tmp/dir/level.png")" = old ] || fail "a failed run clobbered -o's file"
[ "$(ls -A "$tmp/dir")" = level.png ] || fail "a failed run left $(ls -A "$tmp/dir")"
# a new file gets the umask's mode
(umask 022 && "$rf" gen --seed 2 -o "$tmp/dir/new.txt") || fail "gen -o new.txt"
[ "$(stat -c %a "$tmp/dir/new.txt")" = 644 ] || fail "new -o file mode $(stat -c %a "$tmp/dir/new.txt")"
# options that take a file: a directory or a FIFO is io-error or cannot read, exit 2
expect 2 "cannot read the rooms-file" gen --profile dungeonmaker --rooms-file "$tmp/dir"
expect 2 "not a regular file" gen --profile dungeonmaker --rooms-file "$tmp/fifo"
expect 2 "cannot read" gen --recipe "$tmp/dir"
expect 2 "not a regular file" gen --recipe "$tmp/fifo"
expect 2 "cannot read" catalog --count 1 --recipe "$tmp/dir"
expect 2 "not a regular file" sim --room "Lever Hall" --scenario "$tmp/fifo"

# a profile with errors: exit 1 with its errors, not "no profile called"
mkdir "$tmp/bad"
cat >"$tmp/bad/profiles.xml" <<'XML'
<profiles>
  <profile name="x" recipe="brogue">
    <param name="lakes" value="100000000"/>
  </profile>
</profiles>
XML
expect 1 "profiles.xml:3:.*'lakes' is 100000000; its range is 0-100 .*\[bad-value\]" gen --content "$tmp/bad" --profile x
expect 1 "'lakes' is 100000000" catalog --content "$tmp/bad" --profile x --count 1
expect 2 "profiles.xml:1:1: error: no profile called 'y' \[unknown-profile\]" gen --content "$tmp/bad" --profile y
# lint of profiles whose numbers or recipes ask for unbounded work: exit 1 at once
mkdir "$tmp/work"
cp "$recipes/budget.lua" "$recipes/budget_pcall.lua" "$tmp/work/"
printf 'local level = ...\nlevel:dig_rects()\nwhile true do end\n' >"$tmp/work/loop.lua"
cat >"$tmp/work/profiles.xml" <<'XML'
<profiles>
  <profile name="loops" recipe="brogue">
    <param name="max-loops" value="100000000"/>
    <param name="loop-attempts" value="100000000"/>
    <param name="attempts" value="100000000"/>
    <param name="templates" value="100000000"/>
  </profile>
  <profile name="greedy" recipe="brogue">
    <param name="attempts" value="10000"/>
    <param name="tries" value="1000"/>
  </profile>
  <profile name="loop" recipe="loop.lua"/>
  <profile name="budget" recipe="budget.lua"/>
  <profile name="budget-pcall" recipe="budget_pcall.lua"/>
</profiles>
XML
"$rf" lint "$tmp/work/profiles.xml" >"$tmp/out" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "lint of hungry profiles: exit $rc"
for want in "profiles.xml:3:.*'max-loops' is 100000000; its range is 0-1000" \
    "profiles.xml:6:.*'templates' is 100000000; its range is 0-100" \
    "profiles.xml:8:.*work budget.*\[level-budget\]" \
    "loop.lua:3:.*\[script-budget\]" \
    "budget.lua:3:.*work budget.*\[level-budget\]" \
    "budget_pcall.lua:4:.*work budget.*\[level-budget\]"; do
    grep -q -- "$want" "$tmp/out" || fail "lint: no '$want' in: $(cat "$tmp/out")"
done
expect 1 "work budget" gen --content "$tmp/work" --profile greedy
expect 1 "loop.lua:3:.*script-budget" gen --content "$tmp/work" --profile loop
[ "$fails" = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, $fails failed"
[ "$fails" = 0 ]

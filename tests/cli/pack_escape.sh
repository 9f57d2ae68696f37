#!/bin/sh
# tests/cli/pack_escape.sh ROOMFORGE: nothing outside a pack is read, and
# nothing read is echoed (issue 19): a script src, an extension file and a
# profile's recipe that lead out of their folder through a symbolic link are
# refused with a diagnostic that shows none of the target's text; a folder of
# symlink loops is walked once; a FIFO where a file is expected is refused at
# once instead of blocking.
set -u
rf=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# the secret: a file outside every pack whose text must never be printed
printf 'return "SECRET-LINE-17"\n' >"$tmp/secret.lua"
mkdir -p "$tmp/pack/rooms" "$tmp/ext"
ln -s "$tmp/secret.lua" "$tmp/pack/rooms/link.lua"
cat >"$tmp/pack/rooms/rooms.xml" <<'XML'
<roomDB>
<room name="Leak">
  <row text="##D##"/>
  <row text="d...d"/>
  <row text="##D##"/>
  <script src="link.lua"/>
</room>
</roomDB>
XML
out=$("$rf" lint "$tmp/pack" 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "lint of a src link out: exit $rc, not 1"
echo "$out" | grep -q 'src leads outside the rooms file' || fail "src link out: no script-src: $out"
echo "$out" | grep -q 'SECRET-LINE' && fail "src link out: the target's text was printed: $out"

ln -s "$tmp/secret.lua" "$tmp/ext/steal.lua"
out=$("$rf" lint --scripts "$tmp/ext" "$tmp/pack" 2>&1)
echo "$out" | grep -q 'steal.lua.*leads outside the scripts directory' ||
    fail "extension link out: no io-error: $out"
echo "$out" | grep -q 'SECRET-LINE' && fail "extension link out: the target's text was printed"

mkdir "$tmp/prof"
ln -s "$tmp/secret.lua" "$tmp/prof/level.lua"
printf '<profiles>\n  <profile name="p" recipe="level.lua"/>\n</profiles>\n' >"$tmp/prof/profiles.xml"
out=$("$rf" lint "$tmp/prof/profiles.xml" 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "recipe link out: exit $rc, not 1"
echo "$out" | grep -q "recipe 'level.lua' is not inside" || fail "recipe link out: $out"
echo "$out" | grep -q 'SECRET-LINE' && fail "recipe link out: the target's text was printed"

# two links to "." in a folder: walked once (a 16-deep walk would be 2^17 folders)
mkdir -p "$tmp/loop/a"
cp "$tmp/pack/rooms/rooms.xml" "$tmp/loop/a/r.xml"
sed -i 's#<script src="link.lua"/>##' "$tmp/loop/a/r.xml"
ln -s . "$tmp/loop/a/x"
ln -s . "$tmp/loop/a/y"
ln -s .. "$tmp/loop/a/up"
out=$("$rf" lint "$tmp/loop" 2>&1)
rc=$?
[ "$rc" = 0 ] || fail "symlink loops: exit $rc: $out"
echo "$out" | grep -q '1 room,' || fail "symlink loops: the room was not linted once: $out"

# a FIFO where a file is expected: refused at once, exit 2
mkfifo "$tmp/fifo.scn"
out=$(timeout 10 "$rf" sim --room Leak --content "$tmp/loop" --scenario "$tmp/fifo.scn" 2>&1)
rc=$?
[ "$rc" = 2 ] || fail "FIFO scenario: exit $rc, not 2: $out"
echo "$out" | grep -q 'not a regular file' || fail "FIFO scenario: $out"

# an empty folder as a pack: no rooms, a level all the same (once UB in the
# sanitized build: qsort of no names)
mkdir "$tmp/empty"
"$rf" gen --content "$tmp/empty" --seed 1 --format json >"$tmp/empty.json" 2>"$tmp/empty.err" ||
    fail "gen --content EMPTY: $(cat "$tmp/empty.err")"
out=$("$rf" lint "$tmp/empty" 2>&1)
rc=$?
# lint of a path with no rooms file is exit 2 (issue 35: a mistyped path in CI)
[ "$rc" = 2 ] || fail "lint of an empty folder: exit $rc, not 2: $out"
echo "$out" | grep -q 'no-rooms-file' || fail "lint of an empty folder: $out"

[ "$fails" = 0 ] && echo "pack_escape: all cases pass"
exit $((fails != 0))

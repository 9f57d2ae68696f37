#!/bin/sh
# tests/cli/tmx_cli.sh ROOMFORGE SRCDIR: `roomforge export` and `import` as a
# user meets them (issue 34): the map drawn in Tiled (tests/data/tmx/
# drawn.tmx, saved by Tiled 1.8) imports to its golden rooms.xml and loads
# clean; nothing existing is overwritten without --force; the tileset image
# is written once, and a differing one is refused; a broken map is a gcc
# diagnostic at file:line:col, exit 1, nothing written; usage errors exit 2.
set -u
[ $# -eq 2 ] || { echo "usage: tmx_cli.sh ROOMFORGE SRCDIR" >&2; exit 2; }
rf=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect CODE CMD...: runs CMD, its exit status must be CODE.
expect() {
    want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" = "$want" ] || fail "exit $got (not $want): $* -- $(cat "$tmp/err")"
}

expect 0 "$rf" import "$src/tests/data/tmx/drawn.tmx"
cmp -s "$tmp/out" "$src/tests/cli/tmx_import_drawn.xml" || fail "import drawn.tmx differs from its golden"
[ -s "$tmp/err" ] && fail "import drawn.tmx printed: $(cat "$tmp/err")"
mkdir "$tmp/mod"
cp "$tmp/out" "$tmp/mod/drawn.xml"
expect 0 "$rf" lint "$tmp/mod"

cd "$tmp" || exit 1
expect 0 "$rf" export "Warden's Gate" -o gate.tmx
[ -s roomforge-glyphs-24.png ] || fail "no tileset image beside gate.tmx"
expect 2 "$rf" export "Warden's Gate" -o gate.tmx
grep -q "gate.tmx exists: --force overwrites it" err || fail "no word on the existing -o: $(cat err)"
expect 0 "$rf" export --force "Warden's Gate" -o gate.tmx
expect 0 "$rf" export "Magma Forge" -o forge.tmx # the same image is left alone
printf 'not ours' >roomforge-glyphs-24.png
expect 2 "$rf" export "Magma Forge" -o forge2.tmx
[ "$(cat roomforge-glyphs-24.png)" = "not ours" ] || fail "a differing tileset image was overwritten"
[ -e forge2.tmx ] && fail "a map was written although its image was refused"
expect 0 "$rf" export --force "Magma Forge" -o forge2.tmx
expect 0 "$rf" export --format xml "Warden's Gate" -o gate.xml
expect 0 "$rf" import gate.tmx -o back.xml
cmp -s gate.xml back.xml || fail "export then import is not export --format xml"
expect 2 "$rf" import gate.tmx -o back.xml
expect 0 "$rf" import --force gate.tmx forge.tmx -o back.xml
[ "$(grep -c '<room ' back.xml)" = 2 ] || fail "two maps did not make two rooms"
cp gate.tmx own.tmx
expect 2 "$rf" import --force own.tmx -o own.tmx
grep -q "it is not overwritten" err || fail "import over its own map: $(cat err)"
mkdir pack && cp "$src/content/rooms/base_halls.xml" pack/halls.xml
expect 2 "$rf" export --content pack --format xml --force "Magma Forge" -o pack/halls.xml
cmp -s pack/halls.xml "$src/content/rooms/base_halls.xml" || fail "export wrote over its room's file"
expect 1 "$rf" export "No Such Room"
expect 2 "$rf" export --tile 7 "Magma Forge"
expect 2 "$rf" export --format png "Magma Forge"
expect 2 "$rf" import
expect 2 "$rf" import missing.tmx

sed 's/<data encoding="csv">/<data encoding="base64">/' gate.tmx >bad.tmx
expect 1 "$rf" import bad.tmx -o bad.xml
line=$(grep -n '<data' bad.tmx | cut -d: -f1)
grep -q "^bad.tmx:$line:1: error: .*\[tmx-layer\]" err || fail "no tmx-layer at bad.tmx:$line:1: $(cat err)"
[ -e bad.xml ] && fail "a broken map wrote bad.xml"
# a room drawn wrong (a door off the edge) is written, and its errors told
sed 's/^1,2,2,2,2,18,/1,2,7,2,2,18,/' gate.tmx >door.tmx
expect 1 "$rf" import door.tmx -o door.xml
grep -q "door.xml:.*\[door-edge\]" err || fail "no door-edge for the door drawn inside: $(cat err)"
[ -s door.xml ] || fail "the room drawn wrong was not written"

[ "$fails" = 0 ] && echo "tmx_cli: all checks passed"
[ "$fails" = 0 ]

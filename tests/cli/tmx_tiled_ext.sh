#!/bin/sh
# tests/cli/tmx_tiled_ext.sh ROOMFORGE SRCDIR WORKDIR: the Tiled extension
# tools/tiled/roomforge.js inside Tiled itself, headless (QT_QPA_PLATFORM=
# offscreen, a HOME of its own whose ~/.config/tiled/extensions holds it):
# Tiled opens a rooms.xml through it (`tiled --export-map tmx ROOM.xml`) as
# `roomforge export` would, saves a map as rooms.xml through it (`--export-map
# roomforge`) as `roomforge import` would, and refuses to save over a file of
# several rooms, leaving it untouched. Without tiled: a failure under
# CI=true, else a skip (exit 77).
set -u
[ $# -eq 3 ] || { echo "usage: tmx_tiled_ext.sh ROOMFORGE SRCDIR WORKDIR" >&2; exit 2; }
rf=$1 src=$2 work=$3
if ! command -v tiled >/dev/null 2>&1; then
    echo "tiled extension test: missing tiled (tools/deps.sh installs it as root)"
    if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; exit 1; fi
    echo "skipped outside CI"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work/home/.config/tiled/extensions" "$work/xdg" "$work/bin" || exit 1
chmod 700 "$work/xdg"
cp "$src/tools/tiled/roomforge.js" "$work/home/.config/tiled/extensions/" || exit 1
ln -s "$rf" "$work/bin/roomforge" || exit 1
export HOME="$work/home" XDG_RUNTIME_DIR="$work/xdg" QT_QPA_PLATFORM=offscreen
export PATH="$work/bin:$PATH"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cd "$work" || exit 1

"$rf" export --format xml "Warden's Gate" -o gate.xml || fail "export --format xml"
timeout 60 tiled --export-map tmx gate.xml opened.tmx >log 2>&1 || fail "Tiled did not open gate.xml: $(cat log)"
"$rf" import opened.tmx -o back.xml 2>err || fail "the map Tiled opened does not import: $(cat err)"
cmp -s gate.xml back.xml || fail "the room Tiled opened is not the room"
# the conversion lives in the user's cache, written over when opened again
[ -s "$HOME/.cache/roomforge-tiled/gate.tmx" ] || fail "no conversion in ~/.cache/roomforge-tiled"
timeout 60 tiled --export-map tmx gate.xml again.tmx >log 2>&1 || fail "Tiled did not open gate.xml twice: $(cat log)"
cmp -s opened.tmx again.tmx || fail "the room opened twice differs"
[ "$(find "$HOME/.cache/roomforge-tiled" -type f | wc -l)" -le 2 ] || fail "opening left more than the map and its tileset"

"$rf" export "Magma Forge" -o forge.tmx || fail "export --format tmx"
"$rf" export --format xml "Magma Forge" -o forge.xml || fail "export --format xml"
timeout 60 tiled --export-map roomforge forge.tmx saved.xml >log 2>&1 || fail "Tiled did not save: $(cat log)"
cmp -s forge.xml saved.xml || fail "the room Tiled saved is not the room"

cp "$src/content/rooms/base_halls.xml" several.xml
if timeout 60 tiled --export-map roomforge forge.tmx several.xml >log 2>&1; then
    fail "Tiled saved one room over a file of several"
fi
cmp -s several.xml "$src/content/rooms/base_halls.xml" || fail "a file of several rooms was changed"

[ "$fails" = 0 ] && echo "tiled extension: all checks passed"
[ "$fails" = 0 ]

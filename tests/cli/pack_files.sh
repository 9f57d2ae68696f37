#!/bin/sh
# tests/cli/pack_files.sh ROOMFORGE SRCDIR: the files a pack reader opens
# (issues 27 and 35, DESIGN 5 and 8). A rooms .xml or a profiles.xml that is a
# symbolic link out of the pack is refused unread, for lint (exit 1), list and
# gen (exit 2: the pack cannot be read whole): the diagnostic names the link
# and no line of the target is ever printed. A folder too deep is an error
# naming it (exit 1), never a silent skip. A path with no rooms file is exit 2
# in every format. Paths are normalised in every format, and SARIF locations
# are %SRCROOT%-relative or file:// URIs (check_sarif.py).
set -u
rf=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
room() { # room NAME: a valid room
    printf '<roomdb>\n<room name="%s">\n  <row text="##D##"/>\n  <row text="d...d"/>\n  <row text="##D##"/>\n</room>\n</roomdb>\n' "$1"
}
# the secret: a file outside every pack whose first line must never be printed
printf 'SECRET-MARKER-27 <roomdb>\n<room name="stolen"/>\n' >"$tmp/secret.xml"

# ---- a rooms file linked out of the pack ----
mkdir -p "$tmp/pack/rooms"
room Good >"$tmp/pack/rooms/good.xml"
ln -s "$tmp/secret.xml" "$tmp/pack/rooms/evil.xml"
for fmt in gcc json sarif; do
    out=$("$rf" lint --format $fmt "$tmp/pack" 2>&1)
    rc=$?
    [ "$rc" = 1 ] || fail "lint --format $fmt of a link out: exit $rc, not 1"
    echo "$out" | grep -q 'symlink-outside' || fail "lint $fmt: no symlink-outside: $out"
    echo "$out" | grep -q 'evil.xml' || fail "lint $fmt: the link is not named: $out"
    echo "$out" | grep -q 'SECRET-MARKER' && fail "lint $fmt: the target's line was printed: $out"
done
# the link given itself: its folder is its pack
out=$("$rf" lint "$tmp/pack/rooms/evil.xml" 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "lint of the link itself: exit $rc, not 1"
echo "$out" | grep -q 'evil.xml: error: .*\[symlink-outside\]' || fail "lint of the link: $out"
echo "$out" | grep -q 'SECRET-MARKER' && fail "lint of the link: the target's line was printed"
for cmd in "list" "gen --seed 1 --depth 1" "show Good" "catalog --count 1 --depths 1-1"; do
    out=$("$rf" $cmd --content "$tmp/pack" 2>&1)
    rc=$?
    [ "$rc" = 2 ] || fail "$cmd over a link out: exit $rc, not 2"
    echo "$out" | grep -q 'evil.xml: error: .*\[symlink-outside\]' || fail "$cmd: link not named: $out"
    echo "$out" | grep -q 'SECRET-MARKER' && fail "$cmd: the target's line was printed: $out"
    echo "$out" | grep -q 'stolen' && fail "$cmd: a room of the target was loaded: $out"
done
# a folder linked out is refused as well; a link inside the pack is followed
rm "$tmp/pack/rooms/evil.xml"
mkdir "$tmp/outdir"
cp "$tmp/secret.xml" "$tmp/outdir/x.xml"
ln -s "$tmp/outdir" "$tmp/pack/rooms/evil_dir"
mkdir "$tmp/pack/extra"
room Linked >"$tmp/pack/extra/linked.xml"
ln -s ../extra/linked.xml "$tmp/pack/rooms/inside.xml"
out=$("$rf" list --content "$tmp/pack" 2>&1)
rc=$?
[ "$rc" = 2 ] || fail "list over a folder link out: exit $rc, not 2"
echo "$out" | grep -q 'evil_dir: error: .*\[symlink-outside\]' || fail "folder link out: $out"
echo "$out" | grep -q 'SECRET-MARKER' && fail "folder link out: the target's line was printed"
rm "$tmp/pack/rooms/evil_dir"
out=$("$rf" list --content "$tmp/pack" 2>&1)
rc=$?
[ "$rc" = 0 ] || fail "list with a link inside the pack: exit $rc: $out"
echo "$out" | grep -q 'Linked' || fail "a link inside the pack was not followed: $out"

# ---- a profiles.xml linked out of the pack ----
mkdir -p "$tmp/ppack/rooms"
room Good >"$tmp/ppack/rooms/good.xml"
printf '<profiles>\n<!-- SECRET-MARKER-27 -->\n<profile name="stolen"/>\n</profiles>\n' >"$tmp/secret_profiles.xml"
ln -s "$tmp/secret_profiles.xml" "$tmp/ppack/profiles.xml"
for cmd in "list" "gen --seed 1 --depth 1"; do
    out=$("$rf" $cmd --content "$tmp/ppack" 2>&1)
    rc=$?
    [ "$rc" = 2 ] || fail "$cmd over profiles.xml linked out: exit $rc, not 2"
    echo "$out" | grep -q 'profiles.xml: error: .*\[symlink-outside\]' || fail "$cmd profiles link: $out"
    echo "$out" | grep -q 'SECRET-MARKER' && fail "$cmd profiles link: the target's line was printed"
done
out=$("$rf" lint "$tmp/ppack" 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "lint of profiles.xml linked out: exit $rc, not 1"
echo "$out" | grep -q 'profiles.xml: error: .*\[symlink-outside\]' || fail "lint profiles link: $out"
echo "$out" | grep -q 'SECRET-MARKER' && fail "lint profiles link: the target's line was printed"

# ---- a folder too deep ----
mkdir -p "$tmp/deep/rooms"
room Top >"$tmp/deep/rooms/top.xml"
d="$tmp/deep/rooms"
i=0
while [ $i -lt 17 ]; do d="$d/d$i"; i=$((i + 1)); done
mkdir -p "$d"
room Deep >"$d/deep.xml"
out=$("$rf" lint "$tmp/deep/rooms" 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "lint of a folder too deep: exit $rc, not 1: $out"
echo "$out" | grep -q 'd15/d16: error: .*\[folder-too-deep\]' || fail "too deep: folder not named: $out"
out=$("$rf" lint "$tmp/deep/rooms/d0" 2>&1)
rc=$?
[ "$rc" = 0 ] || fail "lint a level lower: exit $rc, not 0: $out"
out=$("$rf" list --content "$tmp/deep" 2>&1)
rc=$?
[ "$rc" = 2 ] || fail "list over a folder too deep: exit $rc, not 2"
echo "$out" | grep -q '\[folder-too-deep\]' || fail "list too deep: not said: $out"

# ---- a path with no rooms file ----
mkdir -p "$tmp/empty/sub"
printf 'not xml\n' >"$tmp/empty/sub/notes.txt"
for fmt in gcc json sarif; do
    out=$("$rf" lint --format $fmt "$tmp/empty/" 2>/dev/null)
    rc=$?
    [ "$rc" = 2 ] || fail "lint --format $fmt of a folder without rooms: exit $rc, not 2"
    echo "$out" | grep -q 'no-rooms-file' || fail "no rooms, $fmt: no diagnostic: $out"
    echo "$out" | grep -q 'no rooms file under' || fail "no rooms, $fmt: message: $out"
done
out=$("$rf" lint "$tmp/empty" "$tmp/pack/rooms/good.xml" 2>&1)
rc=$?
[ "$rc" = 2 ] || fail "one empty path of two: exit $rc, not 2"

# ---- normalised paths, SARIF locations ----
cd "$src/tests/data" || exit 1
for fmt in gcc json sarif; do
    out=$("$rf" lint --format $fmt load//dir/ ./cli/./warnings.xml 2>/dev/null)
    echo "$out" | grep -q "load/dir/b.xml" || fail "$fmt: no load/dir/b.xml path: $out"
    bad=$(echo "$out" | grep -E '([^:]|^)//|(^|[/"])\./')
    [ -z "$bad" ] || fail "$fmt: a path is not normalised: $bad"
done
"$rf" lint --format sarif load//dir/ ./cli/warnings.xml >"$tmp/rel.sarif" 2>/dev/null
python3 "$here/check_sarif.py" "$tmp/rel.sarif" relative || fail "relative SARIF"
"$rf" lint --format sarif "$src/tests/data/load//dir/" "$tmp/pack" >"$tmp/abs.sarif" 2>/dev/null
python3 "$here/check_sarif.py" "$tmp/abs.sarif" absolute || fail "absolute SARIF"
[ "$fails" = 0 ] && echo "pack files: all checks passed"
exit "$fails"

#!/bin/sh
# tests/lua/datadir_check.sh LUA CLI MODULE SRC BINDIR DATADIR CMODDIR: the CLI
# and the Lua module find the bundled data by one rule
# (tools/datadir/rf_datadir.h), checked through each one's own door (the
# file of the first room of `roomforge list` and of rf.load():rooms()):
# from the build tree both read the source tree; $ROOMFORGE_DATA wins and,
# when it holds no content, both say so (every command of the CLI exit 2); copied into an install layout
# (PREFIX/BINDIR, PREFIX/CMODDIR, PREFIX/DATADIR/roomforge) both read that
# install's data, not the source tree; copied anywhere else both agree.
set -u
[ $# = 7 ] || { echo "usage: datadir_check.sh LUA CLI MODULE SRC BINDIR DATADIR CMODDIR" >&2; exit 2; }
lua=$1 cli=$2 module=$3 src=$4 bindir=$5 datadir=$6 cmoddir=$7
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The room file each reads first: cli_first CLI, lua_first MODULE-DIR.
cli_first() {
    (cd / && env -u ROOMFORGE_DATA "$@" list --format json 2>"$tmp/err") |
        sed -n 's/^{"rooms":\[{"name":"[^"]*","file":"\([^"]*\)".*/\1/p'
}
lua_first() {
    (cd / && env -u ROOMFORGE_DATA LUA_CPATH="$1/?.so" "$lua" -e '
        local rf = require "roomforge"
        local pack, diags = rf.load()
        if not pack then print("nil " .. diags[1].code .. " " .. diags[1].message) os.exit(0) end
        print(pack:rooms()[1].file)
        pack:close()' 2>&1)
}
expect() { # expect WHAT GOT WANT-PREFIX
    checks=$((checks + 1))
    case $2 in "$3"*) ;; *) fail "$1: got '$2', want it under $3" ;; esac
}

# 1. the build tree: the source tree's content
expect "CLI in its build tree" "$(cli_first "$cli")" "$src/content/rooms/"
expect "Lua module in its build tree" "$(lua_first "$(dirname "$module")")" "$src/content/rooms/"

# 2. $ROOMFORGE_DATA, alone
mkdir -p "$tmp/data"
cp -R "$src/content" "$tmp/data/content"
got=$(cd / && ROOMFORGE_DATA=$tmp/data "$cli" list --format json | sed -n 's/^{"rooms":\[{"name":"[^"]*","file":"\([^"]*\)".*/\1/p')
expect "CLI with ROOMFORGE_DATA" "$got" "$tmp/data/content/rooms/"
got=$(cd / && ROOMFORGE_DATA=$tmp/data LUA_CPATH="$(dirname "$module")/?.so" "$lua" -e '
    local p = assert(require("roomforge").load()) print(p:rooms()[1].file) p:close()' 2>&1)
expect "Lua with ROOMFORGE_DATA" "$got" "$tmp/data/content/rooms/"
# every command that reads the bundled content: exit 2 saying so (it was a
# crash in cli_pack_close before)
scn=$(ls "$src"/tests/scenarios/*.scn | head -1)
for args in list gen catalog stats "show X" lint "sim --scenario $scn"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    (cd / && ROOMFORGE_DATA=$tmp/none "$cli" $args >/dev/null 2>"$tmp/err")
    rc=$?
    [ "$rc" = 2 ] && grep -q "bundled content was not found" "$tmp/err" ||
        fail "CLI $args with ROOMFORGE_DATA holding no content: exit $rc, $(cat "$tmp/err")"
done
got=$(cd / && ROOMFORGE_DATA=$tmp/none LUA_CPATH="$(dirname "$module")/?.so" "$lua" -e '
    local p, d = require("roomforge").load() print(p, d[1].code)' 2>&1)
checks=$((checks + 1))
[ "$got" = "nil	io-error" ] || fail "Lua with ROOMFORGE_DATA holding no content: $got"

# 3. an install moved to a prefix of its own: that install's data
prefix=$tmp/prefix
mkdir -p "$prefix/$bindir" "$prefix/$cmoddir" "$prefix/$datadir/roomforge"
cp "$cli" "$prefix/$bindir/roomforge"
cp "$module" "$prefix/$cmoddir/roomforge.so"
cp -R "$src/content" "$prefix/$datadir/roomforge/content"
expect "CLI installed" "$(cli_first "$prefix/$bindir/roomforge")" "$prefix/$bindir/../$datadir/roomforge/content/rooms/"
got=$(lua_first "$prefix/$cmoddir")
expect "Lua module installed" "$got" "$prefix/$cmoddir/"
checks=$((checks + 1))
[ "$(cd "$(dirname "$got")" 2>/dev/null && pwd -P)" = "$(cd "$prefix/$datadir/roomforge/content/rooms" && pwd -P)" ] ||
    fail "Lua module installed reads $got, not $prefix/$datadir/roomforge/content"

# 4. copied out of both: the two still agree
mkdir -p "$tmp/loose"
cp "$cli" "$tmp/loose/roomforge"
cp "$module" "$tmp/loose/roomforge.so"
a=$(cli_first "$tmp/loose/roomforge")
b=$(lua_first "$tmp/loose")
checks=$((checks + 1))
[ -n "$a" ] && [ "$a" = "$b" ] || fail "copied out: the CLI reads '$a', the module '$b'"

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]

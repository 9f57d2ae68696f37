#!/bin/sh
# tools/lua_source.sh DEST: puts Debian's own source of the Lua 5.4 the system
# has (liblua5.4-dev's version, with Debian's patches applied) into DEST, for
# the shared library's private Lua (issue 29: a game that embeds LuaJIT or
# another Lua must not have roomforge's Lua calls bound to its symbols).
# Debian ships no PIC static Lua, so libroomforge.so compiles this copy in,
# hidden. Called by CMake at configure time; does nothing when DEST/src/lua.h
# exists. The source comes from the Debian archive the system's own apt lists
# name (deb-src of the same URIs and suites), through a private apt state in
# a temporary folder: nothing of the system's apt setup changes, and no root
# is needed. Exit 0 with DEST filled, 1 with a message otherwise.
set -eu
dest=$1
[ -f "$dest/src/lua.h" ] && exit 0
version=$(dpkg-query -W -f='${Version}' liblua5.4-dev 2>/dev/null) || {
    echo "lua_source.sh: liblua5.4-dev is not installed (tools/deps.sh installs it)" >&2
    exit 1
}
command -v dpkg-source >/dev/null 2>&1 || {
    echo "lua_source.sh: dpkg-source (dpkg-dev) is not installed" >&2
    exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/src"
# deb-src lines for every deb source the system uses (one-line and deb822 files)
{
    cat /etc/apt/sources.list 2>/dev/null | sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) \([^ ]*\) .*/deb-src \2 \3 main/p'
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk '
            /^Types:/ { deb = ($0 ~ /(^|[ \t])deb([ \t]|$)/) }
            /^URIs:/ { uris = $0; sub(/^URIs:[ \t]*/, "", uris) }
            /^Suites:/ { suites = $0; sub(/^Suites:[ \t]*/, "", suites) }
            /^$/ { emit() }
            END { emit() }
            function emit(  u, s, nu, ns, i, j) {
                if (deb && uris != "" && suites != "") {
                    nu = split(uris, u, /[ \t]+/); ns = split(suites, s, /[ \t]+/)
                    for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++)
                        if (u[i] ~ /debian/) print "deb-src " u[i] " " s[j] " main"
                }
                deb = 0; uris = ""; suites = ""
            }' "$f"
    done
} | sort -u >"$tmp/sources.list"
[ -s "$tmp/sources.list" ] || { echo "lua_source.sh: no Debian archive in the apt sources" >&2; exit 1; }
apt_opts="-o Dir::Etc::SourceList=$tmp/sources.list -o Dir::Etc::SourceParts=$tmp/none
 -o Dir::State::Lists=$tmp/lists -o Dir::Cache=$tmp/cache -o Debug::NoLocking=1
 -o APT::Sandbox::User=root -qq"
# shellcheck disable=SC2086
apt-get $apt_opts update >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
# shellcheck disable=SC2086
(cd "$tmp/src" && apt-get $apt_opts source --download-only "lua5.4=$version") >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; exit 1; }
(cd "$tmp/src" && dpkg-source --no-check -x ./*.dsc lua >"$tmp/log" 2>&1) ||
    { cat "$tmp/log" >&2; exit 1; }
[ -f "$tmp/src/lua/src/lua.h" ] || { echo "lua_source.sh: the source has no src/lua.h" >&2; exit 1; }
mkdir -p "$(dirname "$dest")"
rm -rf "$dest.tmp"
mv "$tmp/src/lua" "$dest.tmp"
echo "$version" >"$dest.tmp/DEBIAN_VERSION"
mv "$dest.tmp" "$dest"

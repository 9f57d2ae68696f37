#!/bin/sh
# tools/deps.sh [test]: make sure the build dependencies are installed
# (Debian); with `test` (make test, make fuzz) also what only the tests use.
# As root, installs what is missing with apt-get; otherwise prints the exact
# command to run and fails. Called by `make demo` and `make test`. scdoc
# builds the man pages (docs/man); man-db's `man` reads them back in the
# install test (tests/cli/install_check.sh). libpng writes `gen --format png`;
# libmicrohttpd serves `watch --serve`; zlib checksums world saves; json-c
# reads every JSON roomforge reads back (stats shards, lint baselines, the
# Lua module's tables) and `roomforge lsp`'s JSON-RPC;
# chromium, node and npm run the html viewer's browser test (tests/browser);
# node and npm drive `roomforge lsp` with a real LSP client (tests/lsp);
# clang builds the libFuzzer harnesses (make fuzz); lua5.4 runs the Lua
# module's tests (tests/lua); lintian checks the .deb packages (deb_inspect);
# LuaJIT and Lua 5.3 are the host games' own Lua of tests/host. dpkg-dev
# (build-essential) unpacks Debian's Lua source for the shared library's
# private Lua (tools/lua_source.sh). tiled (its --export-map, headless) reads
# and writes the maps of `roomforge export --format tmx` (tests/cli tmx_tiled).
set -eu
PKGS="build-essential cmake pkg-config libxml2-dev libxml2-utils liblua5.4-dev check python3 scdoc man-db libpng-dev libmicrohttpd-dev zlib1g-dev libjson-c-dev"
[ "${1:-}" = test ] && PKGS="$PKGS chromium clang lua5.4 lintian libluajit-5.1-dev liblua5.3-dev tiled"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
# node and npm may come from another source than Debian's packages: ask for
# the commands, and install Debian's only when a command is missing.
if [ "${1:-}" = test ]; then
    command -v node >/dev/null 2>&1 || missing="$missing nodejs"
    command -v npm >/dev/null 2>&1 || missing="$missing npm"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "roomforge needs:$missing" >&2
    echo "run: sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing

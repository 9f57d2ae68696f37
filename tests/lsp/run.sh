#!/bin/sh
# tests/lsp/run.sh ROOMFORGE SRCDIR WORKDIR: `roomforge lsp` driven by a real
# LSP client (vscode-languageserver-protocol over vscode-jsonrpc, from npm)
# through session.cjs: open, edit, hover, completion, definition, symbols,
# code action, shutdown and exit. Copies tests/lsp's package files to
# WORKDIR and installs there with `npm ci` when the lock file changed
# (node_modules never lives in the source tree; tests/npm_work.sh).
# Without node or npm: a failure under CI=true, else a skip (exit 77).
set -u
[ $# -eq 3 ] || { echo "usage: run.sh ROOMFORGE SRCDIR WORKDIR" >&2; exit 2; }
rf=$1 src=$2/tests/lsp work=$3
missing=""
. "$2/tests/npm_work.sh"
npm_work lsp "$src" "$work" session.cjs
rm -rf "$work/pack" && mkdir -p "$work/pack" || exit 1
cd "$work" && exec node session.cjs "$rf" "$work/pack"

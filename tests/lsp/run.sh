#!/bin/sh
# tests/lsp/run.sh ROOMFORGE SRCDIR WORKDIR: `roomforge lsp` driven by a real
# LSP client (vscode-languageserver-protocol over vscode-jsonrpc, from npm)
# through session.cjs: open, edit, hover, completion, definition, symbols,
# code action, shutdown and exit. Copies tests/lsp's package files to
# WORKDIR and installs there with `npm ci` when the lock file changed
# (node_modules never lives in the source tree), as tests/browser/run.sh.
# Without node or npm: a failure under CI=true, else a skip (exit 77).
set -u
[ $# -eq 3 ] || { echo "usage: run.sh ROOMFORGE SRCDIR WORKDIR" >&2; exit 2; }
rf=$1 src=$2/tests/lsp work=$3
missing=""
command -v node >/dev/null 2>&1 || missing="$missing node"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
    echo "lsp test: missing$missing (tools/deps.sh installs them as root)"
    if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; exit 1; fi
    echo "skipped outside CI"
    exit 77
fi
mkdir -p "$work" || exit 1
cp "$src/package.json" "$src/package-lock.json" "$src/session.cjs" "$work/" || exit 1
if ! cmp -s "$work/package-lock.json" "$work/.installed-lock" || [ ! -d "$work/node_modules" ]; then
    if ! (cd "$work" && npm ci --no-audit --no-fund --loglevel=error); then
        echo "lsp test: npm ci failed in $work"
        if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; exit 1; fi
        echo "skipped outside CI"
        exit 77
    fi
    cp "$work/package-lock.json" "$work/.installed-lock"
fi
rm -rf "$work/pack" && mkdir -p "$work/pack" || exit 1
cd "$work" && exec node session.cjs "$rf" "$work/pack"

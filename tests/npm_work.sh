# tests/npm_work.sh: sourced by the node-driven tests (tests/browser/run.sh,
# tests/lsp/run.sh). npm_work NAME SRC WORK FILE...: fails (under CI=true)
# or skips (exit 77) when node or npm is missing, else copies SRC's
# package.json, package-lock.json and FILE... to WORK and installs there
# with `npm ci` when the lock file changed since the last install, so
# node_modules never lives in the source tree. $missing may already name
# other missing tools (chromium), reported with node and npm. NAME leads
# every message.
npm_skip() { # NAME WHY: a failure under CI=true, else a skip
    echo "$1 test: $2"
    if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; exit 1; fi
    echo "skipped outside CI"
    exit 77
}
npm_work() {
    name=$1 from=$2 to=$3
    shift 3
    command -v node >/dev/null 2>&1 || missing="${missing:-} node"
    command -v npm >/dev/null 2>&1 || missing="${missing:-} npm"
    [ -z "${missing:-}" ] || npm_skip "$name" "missing$missing (tools/deps.sh installs them as root)"
    mkdir -p "$to" || exit 1
    for f in package.json package-lock.json "$@"; do
        cp "$from/$f" "$to/" || exit 1
    done
    if ! cmp -s "$to/package-lock.json" "$to/.installed-lock" || [ ! -d "$to/node_modules" ]; then
        (cd "$to" && npm ci --no-audit --no-fund --loglevel=error) ||
            npm_skip "$name" "npm ci failed in $to"
        cp "$to/package-lock.json" "$to/.installed-lock"
    fi
}

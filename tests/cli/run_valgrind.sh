#!/bin/sh
# tests/cli/run_valgrind.sh PROGRAM ARGS...: runs PROGRAM under valgrind's
# memcheck; fails on any error or leak, or on PROGRAM's own failure. Exits 77
# (CTest's skip) when valgrind is not installed, or when the build is
# sanitized (RF_SANITIZED=1: ASan and valgrind do not mix).
if ! command -v valgrind >/dev/null 2>&1; then
    echo "run_valgrind: valgrind is not installed: skipped" >&2
    exit 77
fi
if [ "${RF_SANITIZED:-0}" = 1 ]; then
    echo "run_valgrind: a sanitized build: skipped" >&2
    exit 77
fi
exec valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$@"

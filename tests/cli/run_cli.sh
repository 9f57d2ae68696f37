#!/bin/sh
# tests/cli/run_cli.sh RC EXPECTED CMD...: runs CMD, fails unless it exits RC
# and (when EXPECTED is not '-') its stdout equals the file EXPECTED byte for
# byte. With RF_UPDATE_GOLDEN=1 it rewrites EXPECTED instead (review the diff).
set -u
want_rc=$1 want=$2
shift 2
out=$(mktemp) err=$(mktemp)
"$@" >"$out" 2>"$err"
rc=$?
status=0
if [ "$rc" != "$want_rc" ]; then
    echo "exit code $rc, expected $want_rc: $*"
    cat "$err"
    status=1
fi
if [ "$want" != "-" ]; then
    if [ "${RF_UPDATE_GOLDEN:-0}" = 1 ]; then
        cp "$out" "$want"
    elif ! diff -u "$want" "$out"; then
        echo "stdout differs from $want"
        status=1
    fi
fi
rm -f "$out" "$err"
[ $status = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $status

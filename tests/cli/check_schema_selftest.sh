#!/bin/sh
# tests/cli/check_schema_selftest.sh: checks that check_schema.sh passes good
# content and fails, naming the cause, on each kind of bad input.
#
# Usage: check_schema_selftest.sh SCHEMA FIXTURES
# FIXTURES is tests/data/schema_check: rooms/ (good.xml valid, extension.xml
# not) and one exceptions file per case.

[ $# -eq 2 ] || { echo "usage: check_schema_selftest.sh SCHEMA FIXTURES" >&2; exit 2; }
schema=$1
fx=$2
here=$(dirname "$0")
errors=0

# expect CASE EXCEPTIONS WANT_RC PATTERN: runs the check, compares the exit
# code and greps the output for PATTERN (a fixed string).
expect() {
    out=$(sh "$here/check_schema.sh" "$schema" "$fx/rooms" "$fx/$2" 2>&1)
    rc=$?
    if [ "$rc" -ne "$3" ]; then
        echo "FAIL: $1: exit $rc, want $3"; echo "$out" | sed 's/^/  /'
        errors=$((errors + 1))
    elif ! printf '%s\n' "$out" | grep -F -q -- "$4"; then
        echo "FAIL: $1: output lacks '$4'"; echo "$out" | sed 's/^/  /'
        errors=$((errors + 1))
    else
        echo "ok: $1"
    fi
}

expect "excepted file is skipped" exceptions_ok.txt 0 "1 passed, 0 failed, 1 excepted"
expect "invalid file is named" exceptions_none.txt 1 "FAIL: extension.xml does not validate"
expect "invalid file shows xmllint's message" exceptions_none.txt 1 "weight"
expect "exception for a missing file" exceptions_missing.txt 1 "exception 'ghost.xml' names no file"
expect "exception without a reason" exceptions_noreason.txt 1 "exception 'extension.xml' gives no reason"
expect "usage error" no_such_exceptions.txt 2 "cannot read"

[ $errors -eq 0 ] || exit 1
echo "all check_schema cases passed"

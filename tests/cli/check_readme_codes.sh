#!/bin/sh
# tests/cli/check_readme_codes.sh ROOMFORGE README: every diagnostic code the
# CLI knows (`roomforge lint --list-codes`) is documented in the README's code
# table as a row starting "| `code` |", and the table names no code the CLI
# does not know. Codes are API (engine/src/diag_codes.c), so an undocumented
# or stale code fails the suite.
set -eu
[ $# -eq 2 ] || { echo "usage: check_readme_codes.sh ROOMFORGE README" >&2; exit 2; }
rf=$1
readme=$2
codes=$(mktemp)
trap 'rm -f "$codes"' EXIT HUP INT TERM
"$rf" lint --list-codes | awk '{print $1}' >"$codes"
[ -s "$codes" ] || { echo "FAIL: lint --list-codes printed nothing"; exit 1; }
fail=0
while IFS= read -r code; do
    grep -qF "| \`$code\` |" "$readme" || { echo "FAIL: code $code is not in $readme"; fail=1; }
done <"$codes"
# The other way: every row of the code table (between the codes:begin and
# codes:end markers) is a real code.
sed -n '/^<!-- codes:begin -->$/,/^<!-- codes:end -->$/s/^| `\([a-z0-9-]*\)` |.*/\1/p' "$readme" | while IFS= read -r code; do
    grep -qxF "$code" "$codes" || { echo "FAIL: $readme documents unknown code $code"; exit 1; }
done || fail=1
[ "$fail" = 0 ] && echo "$(wc -l <"$codes") codes documented"
exit "$fail"

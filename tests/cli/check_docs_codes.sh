#!/bin/sh
# tests/cli/check_docs_codes.sh ROOMFORGE DOC: every diagnostic code the CLI
# knows (`roomforge lint --list-codes`) is documented in the code table of DOC
# (docs/modders.md, between its codes:begin and codes:end markers) as a row
# starting "| `code` |", and the table names no code the CLI does not know.
# Codes are API (the library's code table), so an undocumented or stale code
# fails the suite; tools/codes_table.sh rewrites the table.
set -eu
[ $# -eq 2 ] || { echo "usage: check_docs_codes.sh ROOMFORGE DOC" >&2; exit 2; }
rf=$1
readme=$2
grep -q '^<!-- codes:begin -->$' "$readme" && grep -q '^<!-- codes:end -->$' "$readme" ||
    { echo "FAIL: $readme has no codes:begin/codes:end markers"; exit 1; }
codes=$(mktemp)
trap 'rm -f "$codes"' EXIT HUP INT TERM
"$rf" lint --list-codes | awk '{print $1}' >"$codes"
[ -s "$codes" ] || { echo "FAIL: lint --list-codes printed nothing"; exit 1; }
fail=0
while IFS= read -r code; do
    sed -n '/^<!-- codes:begin -->$/,/^<!-- codes:end -->$/p' "$readme" | grep -qF "| \`$code\` |" ||
        { echo "FAIL: code $code is not in the table of $readme"; fail=1; }
done <"$codes"
# The other way: every row of the code table (between the codes:begin and
# codes:end markers) is a real code.
sed -n '/^<!-- codes:begin -->$/,/^<!-- codes:end -->$/s/^| `\([a-z0-9-]*\)` |.*/\1/p' "$readme" | while IFS= read -r code; do
    grep -qxF "$code" "$codes" || { echo "FAIL: $readme documents unknown code $code"; exit 1; }
done || fail=1
[ "$fail" = 0 ] && echo "$(wc -l <"$codes") codes documented"
exit "$fail"

#!/bin/sh
# tools/codes_table.sh [ROOMFORGE [DOC]]: prints the table of diagnostic
# codes from `roomforge lint --list-codes`; with DOC (docs/modders.md),
# rewrites the table between its <!-- codes:begin --> and <!-- codes:end -->
# lines in place. The doc is thus regenerated from the library's code table,
# never typed by hand; the docs_codes test fails when the two disagree.
set -eu
rf=${1:-build/roomforge}
table() {
    echo '| code | severity | default | meaning |'
    echo '|---|---|---|---|'
    "$rf" lint --list-codes | awk '{
        code = $1; sev = $2; rest = ""; state = "on";
        for (i = 3; i <= NF; i++) rest = rest (rest == "" ? "" : " ") $i;
        if (rest ~ / \(off by default\)$/) { state = "off"; sub(/ \(off by default\)$/, "", rest) }
        gsub(/\|/, "\\|", rest);
        printf "| `%s` | %s | %s | %s |\n", code, sev, state, rest
    }'
}
if [ $# -lt 2 ]; then
    table
    exit 0
fi
readme=$2
grep -q '^<!-- codes:begin -->$' "$readme" && grep -q '^<!-- codes:end -->$' "$readme" ||
    { echo "codes_table: $readme has no codes:begin/codes:end markers" >&2; exit 2; }
new=$(mktemp)
rows=$(mktemp)
trap 'rm -f "$new" "$rows"' EXIT HUP INT TERM
table >"$rows"
awk -v rows="$rows" '
    /^<!-- codes:begin -->$/ { print; while ((getline l < rows) > 0) print l; skip = 1; next }
    /^<!-- codes:end -->$/ { skip = 0 }
    !skip { print }' "$readme" >"$new"
cat "$new" >"$readme"

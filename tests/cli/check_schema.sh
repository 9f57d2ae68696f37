#!/bin/sh
# tests/cli/check_schema.sh: validates the bundled rooms.xml files against the
# community Dredmor schema, except the files listed as exceptions.
#
# Usage: check_schema.sh SCHEMA ROOMS_DIR EXCEPTIONS
# EXCEPTIONS holds one line per file that uses forms the schema refuses
# (reference-only tags, roomforge extensions): "<file name> <reason>". Blank
# lines and lines starting with '#' are ignored. Every *.xml in ROOMS_DIR not
# listed must validate with `xmllint --noout --schema SCHEMA`. The check fails
# (exit 1) on an invalid file, on an exception naming a file that does not
# exist, and on an exception without a reason; exit 2 on usage errors.
# Prints one line per problem and a summary "N passed, M failed, K excepted".

usage() {
    echo "usage: check_schema.sh SCHEMA ROOMS_DIR EXCEPTIONS" >&2
    exit 2
}

[ $# -eq 3 ] || usage
schema=$1
dir=$2
exceptions=$3
[ -r "$schema" ] || { echo "check_schema: cannot read schema $schema" >&2; exit 2; }
[ -d "$dir" ] || { echo "check_schema: $dir is not a directory" >&2; exit 2; }
[ -r "$exceptions" ] || { echo "check_schema: cannot read $exceptions" >&2; exit 2; }
command -v xmllint >/dev/null 2>&1 || { echo "check_schema: xmllint not found" >&2; exit 2; }

tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT HUP INT TERM

passed=0
failed=0
excepted=0
bad_entries=0
excepted_names=" "

# The exceptions list: every entry names an existing file and gives a reason.
lineno=0
set -f # no globbing while splitting entries
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    case $line in
        '' | '#'*) continue ;;
    esac
    # shellcheck disable=SC2086 # split into name and reason on purpose
    set -- $line
    name=$1
    shift
    if [ $# -eq 0 ]; then
        echo "FAIL: $exceptions:$lineno: exception '$name' gives no reason"
        bad_entries=$((bad_entries + 1))
    fi
    case $name in
        */*) echo "FAIL: $exceptions:$lineno: exception '$name' must be a bare file name"
             bad_entries=$((bad_entries + 1)); continue ;;
    esac
    if [ ! -f "$dir/$name" ]; then
        echo "FAIL: $exceptions:$lineno: exception '$name' names no file in $dir"
        bad_entries=$((bad_entries + 1))
    fi
    excepted_names="$excepted_names$name "
done <"$exceptions"
set +f

# Every other *.xml, in name order (the shell's glob is sorted).
for path in "$dir"/*.xml; do
    [ -f "$path" ] || continue
    name=${path##*/}
    case $excepted_names in
        *" $name "*) excepted=$((excepted + 1)); continue ;;
    esac
    if xmllint --noout --nonet --schema "$schema" "$path" >"$tmp" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name does not validate against ${schema##*/}:"
        grep -v ' validates$' "$tmp" | sed 's/^/  /'
    fi
done

echo "$passed passed, $failed failed, $excepted excepted"
if [ $failed -ne 0 ] || [ $bad_entries -ne 0 ]; then
    [ $bad_entries -ne 0 ] && echo "$bad_entries bad exception entries"
    exit 1
fi
exit 0

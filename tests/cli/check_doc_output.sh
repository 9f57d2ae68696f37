#!/bin/sh
# tests/cli/check_doc_output.sh RC DOC CMD...: the output a doc shows is real:
# runs CMD, fails unless it exits RC and every line it prints (stdout, then
# stderr, as a terminal shows them; trailing blanks ignored) is a line of DOC.
# The README's tour, the guides and the man pages quote roomforge's output;
# when the output changes, this says which doc to update.
set -u
[ $# -ge 3 ] || { echo "usage: check_doc_output.sh RC DOC CMD..." >&2; exit 2; }
want_rc=$1 doc=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
NO_COLOR=1 "$@" >"$tmp/out" 2>"$tmp/err"
rc=$?
fail=0
if [ "$rc" != "$want_rc" ]; then
    echo "FAIL: exit code $rc, expected $want_rc: $*"
    cat "$tmp/err"
    fail=1
fi
sed 's/[[:space:]]*$//' "$doc" >"$tmp/doc"
cat "$tmp/out" "$tmp/err" | sed 's/[[:space:]]*$//' >"$tmp/lines"
[ -s "$tmp/lines" ] || { echo "FAIL: $* printed nothing"; fail=1; }
n=0
while IFS= read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    grep -qxF -- "$line" "$tmp/doc" || { echo "FAIL: $doc does not show this line of '$*':"; echo "  $line"; fail=1; }
done <"$tmp/lines"
[ "$fail" = 0 ] && echo "$n lines of '$*' are in $doc"
exit "$fail"

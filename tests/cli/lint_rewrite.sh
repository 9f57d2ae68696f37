#!/bin/sh
# tests/cli/lint_rewrite.sh ROOMFORGE RUNS: `roomforge lint` run RUNS times
# while another process rewrites the rooms file it reads in place (truncate,
# then write in two halves: the file shrinks and grows under the reader), as an
# editor saving under `watch` does (issue 27, DESIGN 8). Files are read, never
# mapped: every run ends with an exit code (0, 1 or 2: loaded whole, read
# while short, or file-changed), never a signal (status 128 and up; SIGBUS was
# 135).
set -u
rf=$1
runs=${2:-300}
# sanitized builds run 20x slower: 200 runs there (test_load's race case
# still loads 10,000 times in one process)
if [ -n "${RF_SANITIZED:-}" ] && [ "$runs" -gt 200 ]; then
    runs=200
fi
tmp=$(mktemp -d)
writer=
trap '[ -n "$writer" ] && kill "$writer" 2>/dev/null; rm -rf "$tmp"' EXIT HUP INT TERM
{
    echo '<roomdb>'
    i=0
    while [ $i -lt 400 ]; do
        echo "<room name=\"r$i\"><row text=\"##D##\"/><row text=\"d...d\"/><row text=\"##D##\"/></room>"
        i=$((i + 1))
    done
    echo '</roomdb>'
} >"$tmp/full.xml"
head -c 9000 "$tmp/full.xml" >"$tmp/half.xml"
tail -c +9001 "$tmp/full.xml" >"$tmp/rest.xml"
cp "$tmp/full.xml" "$tmp/rooms.xml"
# the rewriter: the same inode, truncated and written again, without end
(
    while :; do
        cat "$tmp/half.xml" >"$tmp/rooms.xml"
        cat "$tmp/rest.xml" >>"$tmp/rooms.xml"
    done
) &
writer=$!
fails=0
seen=" "
n=0
while [ $n -lt "$runs" ]; do
    "$rf" lint --jobs 1 "$tmp/rooms.xml" >"$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -ge 128 ]; then
        echo "FAIL: run $n ended by a signal (status $rc)"
        head -5 "$tmp/out"
        fails=$((fails + 1))
        [ "$fails" -ge 5 ] && break
    fi
    case "$seen" in *" $rc "*) ;; *) seen="$seen$rc " ;; esac
    n=$((n + 1))
done
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null
writer=
echo "lint_rewrite: $n runs under rewrites, exit codes seen:$seen"
[ "$fails" = 0 ]

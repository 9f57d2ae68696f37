#!/bin/sh
# tests/cli/sandbox_cli.sh ROOMFORGE DATA: the Lua sandbox from the command
# line (issues 13 and 19): recipes that used to hang gen and lint end with
# their diagnostic and exit 1, nothing on stdout; print never reaches it;
# escape and bell characters from content reach no terminal raw (lint's
# diagnostics, sim's effects). DATA is tests/data/sandbox. A hang fails
# through the test's TIMEOUT.
set -u
[ $# -eq 2 ] || { echo "usage: sandbox_cli.sh ROOMFORGE DATA" >&2; exit 2; }
rf=$1
data=$2
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
esc=$(printf '\033')
bel=$(printf '\007')
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect1 CODE ARGS...: exit 1, CODE on stderr, stdout empty
expect1() {
    code=$1
    shift
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 1 ] || [ -s "$tmp/out" ] || ! grep -q -- "\[$code\]" "$tmp/err"; then
        fail "($rc) $*: $(cat "$tmp/err")"
    fi
}
expect1 script-forbidden gen --recipe "$data/gc_loop.lua" --format json
expect1 script-forbidden gen --recipe "$data/pattern.lua"
expect1 script-forbidden gen --recipe "$data/print.lua" --format json
grep -q PRINTED "$tmp/out" && fail "print wrote its text to stdout"
expect1 script-budget gen --recipe "$data/xpcall.lua"
expect1 script-budget gen --recipe "$data/rep.lua"
expect1 script-memory gen --recipe "$data/recurse.lua"
expect1 script-error gen --recipe "$data/writable.lua"
expect1 script-error gen --recipe "$data/feelings.lua" --format json
# lint prints its diagnostics on stdout
"$rf" lint "$data/profiles.xml" >"$tmp/out" 2>"$tmp/err"
rc=$?
{ [ "$rc" = 1 ] && grep -q "xpcall.lua:3:1: .*\[script-budget\]" "$tmp/out"; } ||
    fail "($rc) lint profiles.xml: $(cat "$tmp/out" "$tmp/err")"
# lint: a Lua error that would clear the screen and set the title
"$rf" lint "$data/escape.xml" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "lint escape.xml: exit $rc"
grep -q "$esc\|$bel" "$tmp/out" "$tmp/err" && fail "lint printed ESC or BEL raw"
grep -qF '\x1b[2J\x1b]0;TITLE\x07' "$tmp/out" || fail "lint: no escaped message: $(cat "$tmp/out")"
# sim: ticker and spell texts with ESC and BEL
"$rf" sim --content "$data/ticker.xml" --scenario "$data/bells.scn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || fail "sim bells: exit $rc: $(cat "$tmp/err")"
grep -q "$esc\|$bel" "$tmp/out" && fail "sim printed ESC or BEL raw"
grep -qF 'T1 ticker "\x1b[2J\x07"' "$tmp/out" || fail "sim: no escaped ticker: $(cat "$tmp/out")"
[ "$fails" = 0 ] || exit 1
echo "sandbox_cli: all passed"

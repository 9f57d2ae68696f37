#!/bin/sh
# tests/cli/lint_cli.sh ROOMFORGE DATA: the exit codes and options of
# `roomforge lint`, `list` and `show` that goldens do not show: usage errors
# and missing paths (exit 2, a message, nothing on stdout), --list-codes,
# --disable/--enable, the bundled content linting clean. DATA is
# tests/data/cli (faults.xml, warnings.xml, rooms/).
set -u
[ $# -eq 2 ] || { echo "usage: lint_cli.sh ROOMFORGE DATA" >&2; exit 2; }
rf=$1
data=$2
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { # run ARGS...: runs roomforge, sets rc, stdout in $tmp/out, stderr in $tmp/err
    checks=$((checks + 1))
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
expect_usage() { # expect_usage WORDS-IN-MESSAGE ARGS...
    want=$1
    shift
    run "$@"
    if [ "$rc" != 2 ] || [ -s "$tmp/out" ] || ! grep -q -- "$want" "$tmp/err"; then
        fail "($rc) $*: $(cat "$tmp/err")"
    fi
}
expect_rc() { # expect_rc RC ARGS...
    want=$1
    shift
    run "$@"
    [ "$rc" = "$want" ] || fail "exit $rc, expected $want: $* $(cat "$tmp/err")"
}

# Usage errors and missing paths: 2.
expect_usage "unknown format 'xml'" lint --format xml "$data/faults.xml"
expect_usage "--format needs a value" lint --format
expect_usage "unknown diagnostic code 'no-such-code'" lint --disable no-such-code "$data/faults.xml"
expect_usage "--enable needs a diagnostic code" lint --enable
expect_usage "unknown option '--bogus'" lint --bogus "$data/faults.xml"
run lint "$tmp/none.xml"
{ [ "$rc" = 2 ] && grep -q "none.xml: error: cannot read" "$tmp/out"; } ||
    fail "lint of a missing file: exit $rc: $(cat "$tmp/out" "$tmp/err")"
expect_rc 2 lint "$data/faults.xml" "$tmp/none.xml" # I/O beats content errors
expect_usage "--format takes text or json" list --format xml
expect_usage "unknown option '--bogus'" list --bogus
expect_usage "unexpected argument 'extra'" list extra
expect_usage "cannot read" list --content "$tmp/none"
expect_usage "--format takes ascii or json" show --format svg X
expect_usage "which ROOM" show --content "$data/rooms"
expect_usage "one ROOM at a time" show --content "$data/rooms" "Lever Hall" "Goo Pit"
# an unknown room is a content error for show as for gen and sim, with the
# name most likely meant
expect_rc 1 show --content "$data/rooms" Lever
grep -q "no room named 'Lever' is loaded; did you mean 'Lever Hall'?.*\[unknown-room\]" "$tmp/err" ||
    fail "show Lever: $(cat "$tmp/err")"
expect_rc 1 show --content "$data/rooms" "Levr Hall"
grep -q "did you mean 'Lever Hall'?" "$tmp/err" || fail "show 'Levr Hall': $(cat "$tmp/err")"
expect_usage "cannot read" show --content "$tmp/none" "Lever Hall"

# Content errors: 1; warnings only: 0, 1 with --werror.
expect_rc 1 lint "$data/faults.xml"
expect_rc 0 lint "$data/warnings.xml"
expect_rc 1 lint --werror "$data/warnings.xml"
grep -q "error: digit 4 is on the map" "$tmp/out" || fail "--werror did not print the warning as an error"
expect_rc 0 list --content "$data/faults.xml" # lint is the gate (DESIGN 5)
expect_rc 1 list --strict --content "$data/faults.xml"
grep -q "^Fine " "$tmp/out" || fail "list does not list the good rooms of a faulty file"
grep -q "error.* in the content.*roomforge lint. or --verbose shows them" "$tmp/err" ||
    fail "list does not count the faulty room's errors on stderr"
expect_rc 0 list --verbose --content "$data/faults.xml"
grep -q "unknown-symbol" "$tmp/err" || fail "list --verbose does not report the faulty room on stderr"

# Hostile files through the CLI: refused with a diagnostic, the secret unread.
for f in xxe-attr.xml xxe-content.xml remote-dtd.xml; do
    expect_rc 1 lint "$data/../load/$f"
    grep -q "\[xml-doctype\]" "$tmp/out" || fail "lint $f: $(cat "$tmp/out")"
    grep -q "TOP SECRET" "$tmp/out" "$tmp/err" && fail "lint $f shows the secret"
done
expect_rc 0 lint "$data/../load/xinclude.xml"
grep -q "\[unknown-element\]" "$tmp/out" || fail "lint xinclude.xml: $(cat "$tmp/out")"

# --disable and --enable: one code each way, the rest unchanged.
expect_rc 0 lint --disable unknown-symbol "$data/faults.xml"
grep -q "row-width" "$tmp/out" && ! grep -q "unknown-symbol" "$tmp/out" ||
    fail "--disable unknown-symbol: $(cat "$tmp/out")"
expect_rc 0 lint --disable=unknown-symbol --disable row-width "$data/faults.xml"
[ -s "$tmp/out" ] && fail "both codes disabled, yet: $(cat "$tmp/out")"
expect_rc 0 lint "$data/warnings.xml"
grep -q "wall-thin" "$tmp/out" && fail "wall-thin is on by default"
expect_rc 0 lint --enable wall-thin "$data/warnings.xml"
grep -q "note: the wall at (2, 2) is one tile high" "$tmp/out" || fail "--enable wall-thin: $(cat "$tmp/out")"
expect_rc 1 lint --enable wall-thin --werror "$data/warnings.xml"

# --list-codes: every code once, with its severity and help; off-by-default marked.
expect_rc 0 lint --list-codes
for code in row-width row-height ragged-rows unknown-symbol object-outside object-on-wall \
    anchor-missing anchor-unused duplicate-id unknown-id unknown-condition unknown-action \
    missing-attribute bad-value level-range door-edge door-blocked no-doors shop-incomplete \
    shop-monster zoo-shape xml-doctype xml-limit xml-encoding io-error; do
    n=$(grep -c "^$code " "$tmp/out")
    [ "$n" = 1 ] || fail "--list-codes lists $code $n times"
done
grep -q "^wall-thin .*(off by default)$" "$tmp/out" || fail "--list-codes does not mark wall-thin off"
grep -qv "^[a-z0-9-]* *\(error\|warning\|note\) *[^ ]" "$tmp/out" && fail "malformed --list-codes line"

# The bundled content lints clean, by default and with --werror, in every format.
expect_rc 0 lint
[ -s "$tmp/out" ] && fail "the bundled content is not clean: $(head -5 "$tmp/out")"
grep -q "[1-9][0-9]* rooms, [1-9][0-9]* profiles, [1-9][0-9]* blueprints loaded; 0 errors, 0 warnings" \
    "$tmp/err" || fail "summary: $(cat "$tmp/err")"
expect_rc 0 lint --werror
expect_rc 0 lint --format json
grep -q '"errors":0,"warnings":0' "$tmp/out" || fail "json of the bundled content: $(cat "$tmp/out")"


# Profiles files (root <profiles>) are linted with their recipes, found by a
# recursive walk: the bundled content folder and its profiles.xml are clean;
# broken recipes (tests/data/recipe) are reported at their own file:line,
# compile errors at load, runtime faults by the trial levels.
content=$(dirname "$0")/../../content
expect_rc 0 lint "$content"
grep -q "[1-9][0-9]* rooms, [1-9][0-9]* profiles, [1-9][0-9]* blueprints loaded; 0 errors" \
    "$tmp/err" || fail "lint of the content folder: $(cat "$tmp/out" "$tmp/err")"
# The bundled machines.xml (DESIGN 17) is found by its root element, in the
# folder as given alone; a bad one is reported in gcc format, exit 1.
expect_rc 0 lint --werror "$content/machines.xml"
grep -q " 0 rooms, 0 profiles, [1-9][0-9]* blueprints loaded; 0 errors, 0 warnings" "$tmp/err" ||
    fail "lint of machines.xml alone: $(cat "$tmp/out" "$tmp/err")"
expect_rc 1 lint "$data/../machines/bad.xml"
grep -q "bad.xml:3:61: error: flags= holds 'far-from-dor', which is no feature flag; did you mean 'far-from-door'? \[unknown-flag\]" \
    "$tmp/out" || fail "lint of a bad machines.xml: $(cat "$tmp/out")"
expect_rc 0 lint "$content/profiles.xml"
grep -q " 0 rooms, [1-9][0-9]* profiles loaded; 0 errors" "$tmp/err" ||
    fail "lint of profiles.xml alone: $(cat "$tmp/out" "$tmp/err")"
# Rooms whose <subroom>s have errors are not counted as loaded, streamed
# (rooms alone) or kept (with a profiles file): of subroom_bad's five rooms,
# one loads (the closet no subroom holds: a warning).
expect_rc 1 lint "$data/subroom_bad"
grep -q " 1 room, 0 profiles loaded; 4 errors, 1 warning" "$tmp/err" ||
    fail "lint of subroom_bad: $(cat "$tmp/err")"
expect_rc 1 lint "$data/subroom_bad" "$content/profiles.xml"
grep -q " 1 room, [1-9][0-9]* profiles loaded; 4 errors, 1 warning" "$tmp/err" ||
    fail "lint of subroom_bad with profiles: $(cat "$tmp/err")"
recipes=$data/../recipe
expect_rc 1 lint "$recipes"
for want in "broken.lua:3:1: error: .*\[script-syntax\]" \
            "stairs_first.lua:3:1: error: .*nothing is dug yet.*\[script-error\]" \
            "mixed.lua:3:1: error: .*call brogue_rooms first.*\[script-error\]" \
            "no_stairs.lua:2:1: error: .*never places the stairs.*\[recipe-incomplete\]" \
            "broken.xml:4:1: warning: .*'lakez'.*\[unknown-param\]"; do
    grep -q "$want" "$tmp/out" || fail "lint of broken recipes lacks /$want/: $(cat "$tmp/out")"
done
[ "$(grep -c "stairs_first.lua:3:1" "$tmp/out")" = 1 ] || fail "a trial fault said twice"

# a Lua syntax error's "at line N" counts file lines, as its position does
expect_rc 1 lint "$data/../rules/lint_at_line.xml"
grep -q "lint_at_line.xml:13:5: error: .*to close 'function' at line 11).*\[script-syntax\]" \
    "$tmp/out" || fail "at line N is not a file line: $(cat "$tmp/out")"

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# tests/cli/pack_cli.sh ROOMFORGE SRC: one meaning of --content (issue 12):
# list, show, sim, gen and catalog read a pack the same way, packs layer,
# --scripts makes extension types known, the content's diagnostics are one
# summary line unless --verbose, and --quiet prints errors only.
set -u
rf=$1
src=$2
data=$src/tests/data/pack
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
run() { # run RC ARGS...: runs roomforge, fails unless it exits RC
    want=$1
    shift
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = "$want" ] || fail "exit $rc, expected $want: $*: $(head -5 "$tmp/err")"
}
has_err() { grep -q -- "$1" "$tmp/err" || fail "$2: stderr lacks '$1': $(head -5 "$tmp/err")"; }
no_err() { ! grep -q -- "$1" "$tmp/err" || fail "$2: stderr has '$1'"; }

# The bundled pack spelled out works for every command, as the default does.
run 0 list --content "$src/content"
grep -q "^Warden's Gate " "$tmp/out" || fail "list --content content lists no rooms"
grep -q "^caverns " "$tmp/out" || fail "list --content content lists no profiles"
[ -s "$tmp/err" ] && fail "list --content content prints on stderr: $(cat "$tmp/err")"
run 0 show --content "$src/content" "Warden's Gate"
run 0 sim --content "$src/content" --scenario "$src/tests/scenarios/warden_gate.scn"
run 0 gen --content "$src/content" --seed 3 --depth 4
run 0 catalog --content "$src/content" --count 1 --depths 1-2
"$rf" gen --seed 3 --depth 4 >"$tmp/default" 2>/dev/null
"$rf" gen --content "$src/content" --seed 3 --depth 4 >"$tmp/spelled" 2>/dev/null
cmp -s "$tmp/default" "$tmp/spelled" || fail "gen --content content differs from the default"

# A mod layered over the bundled pack replaces a room: a note says so when
# the command names the room, the level is made with the mod's room.
mkdir -p "$tmp/mod/rooms"
cat >"$tmp/mod/rooms/gate.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<roomdb>
  <room name="Warden's Gate" width="5" height="3">
    <row text="##D##"/>
    <row text="#...#"/>
    <row text="##D##"/>
  </room>
</roomdb>
XML
run 0 show --content "$src/content" --content "$tmp/mod" "Warden's Gate"
grep -q "mod/rooms/gate.xml" "$tmp/out" || fail "show does not show the mod's room"
has_err "room-replaced" "show of a replaced room"
run 0 list --content "$src/content" --content "$tmp/mod"
[ "$(grep -c "^Warden's Gate " "$tmp/out")" = 1 ] || fail "list shows the replaced room twice"
no_err "room-replaced" "list without --verbose"
run 0 gen --content "$src/content" --content "$tmp/mod" --room "Warden's Gate" --depth 2 --format json
grep -q '"template":"Warden.s Gate"' "$tmp/out" || fail "gen did not place the mod's room"
# the mod alone: its rooms and the bundled profiles
run 0 gen --content "$tmp/mod" --room "Warden's Gate" --profile nethack

# A room with errors is left out and named in one note; the rest of the pack
# is one line; exit 0, lint being the gate (issue 35).
run 0 list --content "$data/base" --content "$data/mod"
has_err "4 errors and 1 warning in the content (2 rooms left out); \`roomforge lint\` or --verbose shows them" "list summary"
has_err "mod.xml:9:3: note: room 'Gamma' is left out: it has errors (3 errors; roomforge lint " "list note"
has_err "mod.xml:14:3: note: room 'Shouter' is left out: its scripts have errors (1 error; " "list note"
[ "$(wc -l <"$tmp/err")" = 3 ] || fail "list prints more than two notes and the summary: $(cat "$tmp/err")"
run 1 list --strict --content "$data/base" --content "$data/mod"
run 0 list --verbose --content "$data/base" --content "$data/mod"
has_err "unknown-symbol" "list --verbose"
has_err "room-replaced" "list --verbose"
no_err "in the content;" "list --verbose"
run 0 list --quiet --content "$data/base" --content "$data/mod"
has_err "4 errors in the content (2 rooms left out)" "list --quiet"
no_err "warning" "list --quiet"
run 1 show --content "$data/base" --content "$data/mod" Gamma
has_err "room 'Gamma' is left out: it has errors" "show of a room left out"
has_err "unknown-symbol" "show of a room left out"
[ -s "$tmp/out" ] && fail "show printed a room left out"
run 1 gen --content "$data/base" --content "$data/mod" --room Gamma
has_err "unknown-symbol" "gen --room of a room left out"
[ -s "$tmp/out" ] && fail "gen made a level with a forced room left out"
run 1 gen --content "$data/base" --room Alpah
has_err "did you mean 'Alpha'" "gen --room with a typo"

# --scripts makes a designer's type known to gen and sim; without it the
# room is left out and the message asks for --scripts.
mkdir -p "$tmp/ext"
cp "$src/tests/data/rules/ext_rooms.xml" "$tmp/ext/"
run 1 gen --content "$tmp/ext" --room "Extension Urn"
has_err "did you forget \`--scripts\`?" "gen without --scripts"
run 0 gen --content "$tmp/ext" --scripts "$src/tests/data/rules/ext" --room "Extension Urn"
run 0 catalog --content "$tmp/ext" --scripts "$src/tests/data/rules/ext" --count 1 --depths 1
run 1 sim --content "$src/tests/scenarios/lua" --scenario "$src/tests/scenarios/lua/ext_rules.scn"
has_err "did you forget \`--scripts\`?" "sim without --scripts"
run 0 sim --content "$src/tests/scenarios/lua" --scripts "$src/tests/scenarios/lua/ext" \
    --scenario "$src/tests/scenarios/lua/ext_rules.scn"
cmp -s "$tmp/out" "$src/tests/scenarios/lua/ext_rules.log" || fail "sim with a pack directory differs from its log"

# A pack that cannot be read is an I/O error, printed whatever --quiet says.
run 2 list --quiet --content "$tmp/none"
has_err "none: error: cannot read" "list of a missing pack"
run 2 catalog --content "$src/content" --content "$tmp/none"

if [ $fails = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, $fails failed"; exit 1; fi

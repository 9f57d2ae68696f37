#!/bin/sh
# tests/cli/run_levels.sh ROOMFORGE: `roomforge run` (issue 29, DESIGN 18): depth
# A is the same level whether the run printed the depths before it or not,
# and whether it was resumed from a saved state; a run's first level is gen's;
# brogue's up stairs sit near the down stairs above; a <unique scope="run">
# group comes once a run, resumed or not; a damaged state is exit 1 with
# save-damaged; bad options exit 2 with nothing on stdout.
set -u
rf=$1
data=$(dirname "$0")/../data/run
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
run() { # run RC OUT ARGS...: roomforge ARGS > OUT, failing unless it exits RC
    want=$1
    out=$2
    shift 2
    "$rf" "$@" >"$out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = "$want" ] || fail "exit $rc, expected $want: $*: $(head -3 "$tmp/err")"
}

# depth 4 alone, after depths 1-3 in one run, and resumed from a state saved
# at 3. Aligned up stairs take the candidate tile nearest the down stairs
# above: about 3 pairs in 100 of a Brogue run land more than 8 tiles off,
# where the level below has no floor near them (seeds 1-40, depths 1-5);
# seed 5's pairs land on them.
run 0 "$tmp/all.json" run --seed 5 --depths 1-4 --format json
run 0 "$tmp/four.json" run --seed 5 --depths 4 --format json
run 0 "$tmp/first.txt" run --seed 5 --depths 1-3 --save "$tmp/state.run"
run 0 "$tmp/resumed.json" run --resume "$tmp/state.run" --depths 4-4 --format json
cmp -s "$tmp/four.json" "$tmp/resumed.json" || fail "a resumed depth 4 is not the run's"
python3 - "$tmp/all.json" "$tmp/four.json" <<'PY' || fail "depth 4 differs, or the stairs do not line up"
import json, sys
whole = json.load(open(sys.argv[1]))["levels"]
four = json.load(open(sys.argv[2]))["levels"]
assert [l["depth"] for l in whole] == [1, 2, 3, 4], [l["depth"] for l in whole]
assert whole[3] == four[0]
for above, below in zip(whole, whole[1:]):
    (dx, dy), (ux, uy) = above["stairs"]["down"], below["stairs"]["up"]
    assert (dx - ux) ** 2 + (dy - uy) ** 2 <= 64, (above["depth"], dx, dy, ux, uy)
PY
head -1 "$tmp/first.txt" | grep -qx "depth 1" || fail "text starts with 'depth 1'"
[ "$(grep -c '^depth [0-9]*$' "$tmp/first.txt")" = 3 ] || fail "text has three depth lines"
head -1 "$tmp/state.run" | grep -q '^roomforge-run 2 [0-9]* [0-9a-f]\{8\}$' || fail "state header"

# <unique scope="run" group="trio"> (DESIGN 16, 18): one trio room in a run,
# none after a resume from a state saved past it; with scope="level", many
mkdir "$tmp/level"
sed 's/scope="run"/scope="level"/' "$data/unique_run.xml" >"$tmp/level/unique_level.xml"
run 0 "$tmp/u.json" run --content "$data" --seed 1 --depths 1-8 --format json
run 0 "$tmp/u3.txt" run --content "$data" --seed 1 --depths 1-3 --save "$tmp/u.run"
run 0 "$tmp/u_resumed.json" run --content "$data" --resume "$tmp/u.run" --depths 4-8 \
    --format json
run 0 "$tmp/u_level.json" run --content "$tmp/level" --seed 1 --depths 1-8 --format json
python3 - "$tmp/u.json" "$tmp/u_resumed.json" "$tmp/u_level.json" <<'PY' || fail "trio rooms"
import json, sys
def trio(path):
    return [sum(str(r.get("name", "")).startswith("Trio ") for r in l["rooms"])
            for l in json.load(open(path))["levels"]]
whole, resumed, level = (trio(p) for p in sys.argv[1:])
assert sum(whole) == 1 and sum(whole[:3]) == 1, whole
assert resumed == whole[3:], (resumed, whole)
assert json.load(open(sys.argv[2]))["levels"] == json.load(open(sys.argv[1]))["levels"][3:]
assert sum(n > 0 for n in level) > 1, level
PY
grep -q '^groups 1$' "$tmp/u.run" || fail "the saved state has no groups line"

# a run's first level is gen's
run 0 "$tmp/gen.json" gen --seed 5 --depth 1 --format json
run 0 "$tmp/one.json" run --seed 5 --depths 1 --format json
python3 -c "
import json, sys
g = json.load(open('$tmp/gen.json')); r = json.load(open('$tmp/one.json'))['levels'][0]
sys.exit(0 if g == r else 1)" || fail "depth 1 of a run is not gen's"

# a damaged state: save-damaged at the file, exit 1; a state is not rewritten
sed 's/^seed 5$/seed 6/' "$tmp/state.run" >"$tmp/bad.run"
run 1 "$tmp/out" run --resume "$tmp/bad.run" --depths 4
grep -q "bad.run: error: .*\[save-damaged\]" "$tmp/err" || fail "damaged state: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "a damaged state printed a level"
run 2 "$tmp/out" run --resume "$tmp/missing.run" --depths 4
grep -q "io-error" "$tmp/err" || fail "missing state: $(cat "$tmp/err")"

# usage errors: exit 2, nothing on stdout
for args in "--depths 0" "--depths 3-2" "--format png" "--save" "--resume" "--seed -1" \
    "--bogus" "--resume $tmp/state.run --depths 2"; do
    # shellcheck disable=SC2086 # words on purpose
    run 2 "$tmp/out" run $args
    [ -s "$tmp/out" ] && fail "run $args printed to stdout"
done
run 2 "$tmp/out" run --profile nosuch
grep -q "unknown-profile" "$tmp/err" || fail "unknown profile: $(cat "$tmp/err")"

[ "$fails" = 0 ] || exit 1
echo "run_levels: ok"

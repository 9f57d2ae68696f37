#!/bin/sh
# tests/cli/stats_cli.sh ROOMFORGE SRC: `roomforge stats` (issue 17, DESIGN
# 13) and catalog --jobs: the same bytes for --jobs 1, 2 and 4; shards 1..N
# merged (in any order) are the unsharded run's bytes in every format; a pack
# outside the repository with a room too big and one outside every depth
# reports both as never placed with their reasons; forced rooms are placed on
# every level; bad options and bad merges are clear errors; -o writes a file;
# progress shows on a terminal only, never with --quiet; special rooms are
# measured against the table their pass used.
set -u
rf=$1
src=$2
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
has_out() { grep -q -- "$1" "$tmp/out" || fail "$2: stdout lacks '$1'"; }

# --jobs: the same bytes for 1, 2 and 4 threads, stats and catalog.
for fmt in json text; do
    for j in 1 2 4; do
        run 0 stats --count 4 --depths 1-6 --profile brogue --profile nethack --jobs $j --format $fmt
        cp "$tmp/out" "$tmp/jobs$j.$fmt"
    done
    cmp -s "$tmp/jobs1.$fmt" "$tmp/jobs2.$fmt" || fail "stats --format $fmt: --jobs 2 differs from --jobs 1"
    cmp -s "$tmp/jobs1.$fmt" "$tmp/jobs4.$fmt" || fail "stats --format $fmt: --jobs 4 differs from --jobs 1"
done
grep -q '"profiles":\["brogue","nethack"\]' "$tmp/jobs1.json" || fail "stats json: profiles"
grep -q '"levels":48,"failed":0' "$tmp/jobs1.json" || fail "stats json: 48 levels"
grep -q '"violations":0' "$tmp/jobs1.json" || fail "stats json: violations"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]));
assert set(d) >= {"levels","failed","profiles","seeds","depths","templates","never_placed","by_profile","violations"}
t=d["templates"][0]
assert set(t) >= {"name","file","line","eligible","drawn","placed","forced","refused","expected_share","observed_share","z"}
assert set(d["by_profile"]["nethack"]) >= {"levels","rooms","templates","monsters","items","traps","secret_doors","special_rooms","feelings"}
assert abs(sum(t["expected_share"] for t in d["templates"]) - 1) < 1e-3
' "$tmp/jobs1.json" || fail "stats json: the shape of DESIGN 13"
for j in 1 2 4; do
    run 0 catalog --seed 1 --count 3 --depths 1-5 --jobs $j
    cp "$tmp/out" "$tmp/cat$j"
done
cmp -s "$tmp/cat1" "$tmp/cat2" || fail "catalog --jobs 2 differs from --jobs 1"
cmp -s "$tmp/cat1" "$tmp/cat4" || fail "catalog --jobs 4 differs from --jobs 1"
[ "$(wc -l <"$tmp/cat1")" = 15 ] || fail "catalog --jobs: 15 lines"

# --shard I/N and --merge: the unsharded run's bytes, whatever the order.
set -- --count 5 --depths 2-5 --profile brogue --profile caverns
run 0 stats "$@" --format json
cp "$tmp/out" "$tmp/whole.json"
for i in 1 2 3; do
    run 0 stats "$@" --shard $i/3 --format json --jobs 2 -o "$tmp/shard$i.json"
    grep -q "\"shard\":\\[$i,3\\]" "$tmp/shard$i.json" || fail "shard $i/3 not marked"
done
run 0 stats --merge "$tmp/shard3.json" "$tmp/shard1.json" "$tmp/shard2.json" --format json
cmp -s "$tmp/out" "$tmp/whole.json" || fail "merged shards differ from the unsharded run (json)"
# the bundled rooms that vary carry their variants' figures (DESIGN 16), merged too
grep -q '"variants":{"drawn":[0-9]*,"distinct":[0-9]*,"distinct_capped":[a-z]*,"validate_refused":[0-9]*,"subst":\[{"glyph":' "$tmp/whole.json" ||
    fail "stats json: a varying room's variants"
for fmt in text csv html; do
    run 0 stats --count 5 --depths 2-5 --profile brogue --profile caverns --format $fmt
    cp "$tmp/out" "$tmp/whole.$fmt"
    run 0 stats --format $fmt --merge "$tmp/shard2.json" "$tmp/shard3.json" "$tmp/shard1.json"
    cmp -s "$tmp/out" "$tmp/whole.$fmt" || fail "merged shards differ from the unsharded run ($fmt)"
done
run 1 stats --merge "$tmp/shard1.json" "$tmp/shard2.json"
has_err "stats-merge" "a missing shard"
run 1 stats --merge "$tmp/shard1.json" "$tmp/shard1.json" "$tmp/shard2.json"
has_err "not every shard" "a shard twice"
printf '{"levels":' >"$tmp/bad.json"
run 1 stats --merge "$tmp/bad.json"
has_err "bad.json.*not a roomforge stats JSON report" "bad JSON"
run 2 stats --merge "$tmp/none.json"
has_err "cannot read" "a missing file"
run 2 stats --merge
has_err "--merge takes" "no files"
run 2 stats --merge "$tmp/shard1.json" --count 5
has_err "not --count" "a run option with --merge"

# A pack outside the repository: a room too big for the level, one outside
# every depth, one of weight 300 beside 100: never placed with the reasons.
mkdir -p "$tmp/mod"
wide=$(printf '%0100d' 0 | tr 0 '#')
inner=$(printf '%098d' 0 | tr 0 .)
door="##D$(printf '%097d' 0 | tr 0 '#')"
cat >"$tmp/mod/rooms.xml" <<EOF
<roomdb>
<room name="Colossus" width="100" height="3"><row text="$door"/><row text="#$inner#"/><row text="$wide"/></room>
<room name="Abyssal" width="5" height="4"><row text="##D##"/><row text="#...#"/><row text="#...#"/><row text="#####"/><flags minLevel="900"/></room>
<room name="Common" width="5" height="4" weight="300"><row text="##D##"/><row text="#...#"/><row text="#...#"/><row text="#####"/></room>
<room name="Rare" width="5" height="4" weight="100"><row text="##D##"/><row text="#...#"/><row text="#...#"/><row text="#####"/></room>
</roomdb>
EOF
run 0 stats --content "$tmp/mod" --count 20 --depths 1-2
has_out "never placed (2):" "never placed"
has_out "Colossus (.*): it is larger than the level" "too big"
has_out "Abyssal (.*): its depth range" "out of depth"
run 0 stats --content "$tmp/mod" --count 20 --depths 1-2 --format csv
head -1 "$tmp/out" | grep -q '^name,file,line,weight,eligible,drawn,placed,forced,refused_depth' ||
    fail "csv header"
[ "$(wc -l <"$tmp/out")" = 5 ] || fail "csv: one row per template"
grep -q '^Colossus,.*,100,40,0,0,0,0,40,' "$tmp/out" || fail "csv: Colossus refused by size 40 times: $(grep Colossus "$tmp/out")"

# The same levels counted independently: catalog's columns summed over the
# pack's levels are stats' sums, and gen's JSON of each level gives the
# levels holding Common (placed) and Rare.
run 0 stats --content "$tmp/mod" --count 6 --depths 3-5 --format json -o "$tmp/mod.json"
run 0 catalog --content "$tmp/mod" --count 6 --depths 3-5 --format csv
cp "$tmp/out" "$tmp/mod.csv"
for seed in 1 2 3 4 5 6; do
    for depth in 3 4 5; do
        "$rf" gen --content "$tmp/mod" --seed $seed --depth $depth --format json \
            >"$tmp/gen-$seed-$depth.json" 2>/dev/null || fail "gen $seed $depth"
    done
done
python3 - "$tmp" <<'PY' || fail "stats differs from an independent count of the same levels"
import csv, glob, json, sys
tmp = sys.argv[1]
st = json.load(open(tmp + '/mod.json'))
rows = list(csv.DictReader(open(tmp + '/mod.csv')))
prof = st['by_profile']['brogue']
assert st['levels'] == len(rows) == 18, (st['levels'], len(rows))
for col in ('rooms', 'templates', 'monsters', 'items'):
    assert prof[col]['sum'] == sum(int(r[col]) for r in rows), col
held = {}
for f in glob.glob(tmp + '/gen-*.json'):
    names = {r['template'] for r in json.load(open(f))['rooms'] if r.get('template')}
    for n in names:
        held[n] = held.get(n, 0) + 1
for t in st['templates']:
    assert t['placed'] == held.get(t['name'], 0), (t['name'], t['placed'], held)
PY

# Forced rooms: placed on every level, counted as forced.
run 0 stats --count 3 --depths 5-8 --room "Cogwork Foyer" --format csv
grep -q "^Cogwork Foyer,.*,150,12,[0-9]*,12,12," "$tmp/out" ||
    fail "forced room not placed on all 12 levels: $(grep 'Cogwork Foyer' "$tmp/out")"

# Usage errors: exit 2, said clearly.
run 2 stats --jobs 0
has_err "--jobs takes" "--jobs 0"
run 2 stats --shard 3/2
has_err "--shard takes" "--shard 3/2"
run 2 stats --shard 0/2
run 2 stats --shard 1/x
run 2 stats --format pdf
run 2 stats --count 0
run 2 stats --profile nethack --profile nethack --count 1 --depths 1
has_err "given twice" "a profile twice"
run 2 stats --profile nope --count 1 --depths 1
has_err "unknown-profile" "an unknown profile"
run 1 stats --room "No Such Room" --count 1 --depths 1
run 2 catalog --jobs 300

# -o FILE: the report there, nothing on stdout; no progress when not a tty.
run 0 stats --count 2 --depths 1-2 --format html -o "$tmp/r.html"
[ ! -s "$tmp/out" ] || fail "-o: stdout not empty"
[ ! -s "$tmp/err" ] || fail "progress or noise on a non-tty stderr: $(head -2 "$tmp/err")"
grep -q '<svg id="shares"' "$tmp/r.html" || fail "html: no share chart"
! grep -qi 'https\?://[^"]*"[^>]*src\|<script\|<link' "$tmp/r.html" || fail "html: not self-contained"

# Progress on a terminal (script(1) gives the command one): levels done,
# levels/s; none with --quiet. The report itself is unchanged.
if command -v script >/dev/null 2>&1; then
    script -qec "'$rf' stats --count 3 --depths 1-4 --format json -o '$tmp/tty.json'" /dev/null \
        >"$tmp/tty.txt" 2>&1 || fail "stats on a terminal exits $?"
    grep -q 'stats: 12/12 levels, [0-9]* levels/s' "$tmp/tty.txt" ||
        fail "no progress on a terminal: $(tr '\r' '\n' <"$tmp/tty.txt" | tail -2)"
    script -qec "'$rf' stats --count 3 --depths 1-4 --quiet --format json -o '$tmp/tty2.json'" \
        /dev/null >"$tmp/tty2.txt" 2>&1 || fail "stats --quiet on a terminal exits $?"
    ! grep -q 'levels/s' "$tmp/tty2.txt" || fail "progress shown with --quiet"
    cmp -s "$tmp/tty.json" "$tmp/tty2.json" || fail "progress changed the report"
fi

# Special rooms against the table the pass used: a recipe that asks for the
# single-monster table (no vaults) is measured against that table, whatever
# its profile says.
cat >"$tmp/single.lua" <<'LUA'
local level, params = ...
level:brogue_rooms(params)
level:brogue_finish(params)
level:place_templates()
level:stairs()
params["single-monster"] = 1
level:special_rooms(params)
LUA
run 0 stats --recipe "$tmp/single.lua" --count 10 --depths 5-5 --format json --quiet
python3 - "$tmp/out" <<'PY' || fail "special rooms measured against the wrong table"
import json, sys
p = json.load(open(sys.argv[1]))["by_profile"]["brogue"]
assert p["special_tried"][0] == 0 and p["special_tried"][1] > 0, p["special_tried"]
assert p["special_draws"]["vault"]["expected_share"] == 0, p["special_draws"]["vault"]
PY

if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "stats_cli: ok"

#!/bin/sh
# tests/cli/gen_cli.sh ROOMFORGE: the usage errors of `roomforge gen` and
# `roomforge catalog` (exit 2 with a message, nothing on stdout) and -o; the
# options gen, watch, catalog and stats share say the same in each.
set -u
rf=$1
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect_usage() { # expect_usage WORDS-IN-MESSAGE ARGS...
    want=$1
    shift
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 2 ] || [ -s "$tmp/out" ] || ! grep -q -- "$want" "$tmp/err"; then
        echo "FAIL ($rc): $*: $(cat "$tmp/err")"
        fails=$((fails + 1))
    fi
}
# a forced room that cannot be placed: exit 1, the diagnostic names it and why
expect_content() { # expect_content WORDS-IN-MESSAGE ARGS...
    want=$1
    shift
    "$rf" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 1 ] || [ -s "$tmp/out" ] || ! grep -q -- "$want" "$tmp/err"; then
        echo "FAIL ($rc): $*: $(cat "$tmp/err")"
        fails=$((fails + 1))
    fi
}
expect_content "no room named 'Some Room' is loaded" gen --room "Some Room"
expect_content "no room named 'X' is loaded" gen --seed 3 --room=X
expect_content "forced room 'Deep Bazaar' cannot be placed at depth 1.*minLevel" gen --room "Deep Bazaar"
expect_content "special and already on this level" gen --depth 3 --room "Candlelit Duel" --room "Candlelit Duel"
expect_usage "--room needs a template name" gen --room ""
expect_usage "size 19x10 is outside" gen --size 19x10
expect_usage "size 1001x29 is outside" gen --size 1001x29
expect_usage "--size takes" gen --size 80
expect_usage "depth 0 is outside 1..1000" gen --depth 0
expect_usage "--seed takes" gen --seed -1
expect_usage "--format takes" gen --format xml
expect_usage "--scale takes 1..32" gen --format png --scale 0
expect_usage "--scale takes 1..32" gen --format png --scale 33 -o "$tmp/x.png"
expect_usage "larger than 16384 pixels" gen --format png --size 1000x40 --scale 32 -o "$tmp/x.png"
expect_usage "no profile called 'nope'" gen --profile nope
expect_usage "is a directory" gen -o "$tmp"
expect_usage "unknown option '--bogus' (see --help)" gen --bogus
expect_usage "unexpected argument 'extra' (see --help)" gen extra
expect_usage "--strict takes no value" gen --strict=1
expect_usage "option '--r=x' is ambiguous (see --help)" gen --r=x
# a rooms-file only dig_crawl reads: the run says the recipe did not read it
dm=$(dirname "$0")/../data/rooms_file
expect_usage "recipe 'nethack' did not read the rooms-file: it never called dig_crawl" \
    gen --profile nethack --rooms-file "$dm/valid-all.txt"
expect_usage "recipe 'brogue' did not read the rooms-file" gen --rooms-file "$dm/valid-all.txt"
expect_usage "none: error: cannot read" gen --content "$tmp/none"
expect_usage "--depths takes" catalog --depths 5-2
expect_usage "--count takes" catalog --count 0
expect_usage "--format takes" catalog --format xml
expect_usage "no profile called 'nope'" catalog --profile nope --count 1
# the options gen, watch, catalog and stats share (tools/cli/cli_genopts.c):
# each refuses a bad value with the same words, after a space or '='
same_usage() { # same_usage MESSAGE OPTION-ARGS... : for every command that takes it
    msg=$1
    shift
    for cmd in $cmds; do
        "$rf" "$cmd" "$@" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        if [ "$rc" != 2 ] || [ -s "$tmp/out" ] || [ "$(cat "$tmp/err")" != "roomforge $cmd: $msg" ]; then
            echo "FAIL ($rc): $cmd $*: $(cat "$tmp/err")"
            fails=$((fails + 1))
        fi
    done
}
cmds="gen watch catalog stats"
same_usage "--seed takes a non-negative integer" --seed=x
same_usage "--seed takes a non-negative integer" --seed
same_usage "--profile needs a name" --profile=
same_usage "--room needs a template name" --room ""
same_usage "size 19x10 is outside 20x10..1000x1000" --size=19x10
same_usage "--size takes WxH, two integers" --size=big
same_usage "--difficulty takes itytd, hntr, hmp, uv or nightmare (or 1-5)" --difficulty 6
same_usage "--recipe needs a Lua file" --recipe=
same_usage "--content needs a directory" --content=
cmds="gen watch stats"
same_usage "-o needs a file name (or - for stdout)" -o=
cmds="catalog stats"
same_usage "--count takes 1..1000000" --count=0
same_usage "--depths takes A-B with 1 <= A <= B <= 1000" --depths 3-1
same_usage "--jobs takes 1..256" --jobs=257
same_usage "unknown option '--depthz=2' (see --help)" --depthz=2
cmds="gen watch"
same_usage "depth 1001 is outside 1..1000" --depth=1001
same_usage "--depth takes an integer" --depth=deep
same_usage "unknown option '--count=2' (see --help)" --count=2
# getopt_long: a unique prefix is the option (--dep is --depths)
"$rf" catalog --seed 5 --count 2 --dep 2-3 >"$tmp/pre.txt" &&
    "$rf" catalog --seed 5 --count 2 --depths 2-3 >"$tmp/full.txt" && cmp -s "$tmp/pre.txt" "$tmp/full.txt" ||
    { echo "FAIL: catalog --dep is not --depths"; fails=$((fails + 1)); }
# '=' and a space are one: the same catalog either way
"$rf" catalog --seed=5 --count=2 --depths=2-3 --size=40x20 --difficulty=uv >"$tmp/eq.txt" &&
    "$rf" catalog --seed 5 --count 2 --depths 2-3 --size 40x20 --difficulty uv >"$tmp/sp.txt" &&
    cmp -s "$tmp/eq.txt" "$tmp/sp.txt" && [ "$(wc -l <"$tmp/eq.txt")" = 4 ] ||
    { echo "FAIL: catalog with '=' differs"; fails=$((fails + 1)); }
# -o writes the level the user asked for, the same bytes as stdout
"$rf" gen --seed 4 --depth 2 -o "$tmp/level.txt" && "$rf" gen --seed 4 --depth 2 >"$tmp/stdout.txt" &&
    cmp -s "$tmp/level.txt" "$tmp/stdout.txt" || { echo "FAIL: -o differs from stdout"; fails=$((fails + 1)); }
# the default profile is brogue, the default content the bundled one
content=$(cd "$(dirname "$0")/../../content" && pwd)
"$rf" gen --profile brogue --content "$content" --seed 4 --depth 2 | cmp -s - "$tmp/stdout.txt" ||
    { echo "FAIL: --profile brogue --content differs from the defaults"; fails=$((fails + 1)); }
# json_digest FILE: the catalog digest of a gen JSON level, worked out
# here: FNV-1a 64 of the JSON, template files cut to their base names
json_digest() {
    python3 -c '
import re, sys
text = re.sub(rb"\"file\":\"[^\"]*/", b"\"file\":\"", open(sys.argv[1], "rb").read())
h = 0xcbf29ce484222325
for b in text:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print("%016x" % h)' "$1"
}
# a catalog line's digest is the FNV-1a 64 of the JSON level, template
# files cut to their base names
line=$("$rf" catalog --seed 4 --count 1 --depths 2-2)
case "$line" in "4 2 "????????????????" "*) ;; *) echo "FAIL: catalog line '$line'"; fails=$((fails + 1)) ;; esac
"$rf" gen --seed 4 --depth 2 --format json >"$tmp/level.json"
digest=$(json_digest "$tmp/level.json")
[ "$(echo "$line" | cut -d" " -f3)" = "$digest" ] || { echo "FAIL: digest $digest vs $line"; fails=$((fails + 1)); }
# csv and json carry the same digests
"$rf" catalog --seed 4 --count 1 --depths 2-2 --format csv | grep -q "^4,2,$digest," ||
    { echo "FAIL: csv"; fails=$((fails + 1)); }
"$rf" catalog --seed 4 --count 1 --depths 2-2 --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)["levels"][0]
sys.exit(0 if d["digest"] == sys.argv[1] and d["seed"] == 4 and d["depth"] == 2 else 1)' "$digest" ||
    { echo "FAIL: json"; fails=$((fails + 1)); }
# catalog --room: every level holds the room, with the digest gen gives it
"$rf" gen --seed 2 --depth 4 --room "Warden's Gate" --format json >"$tmp/forced.json"
fdigest=$(json_digest "$tmp/forced.json")
"$rf" catalog --seed 2 --count 1 --depths 4-4 --room "Warden's Gate" | grep -q "^2 4 $fdigest " ||
    { echo "FAIL: catalog --room is not gen --room"; fails=$((fails + 1)); }
"$rf" catalog --count 1 --depths 4-4 --room "Wardens Gate" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] && [ ! -s "$tmp/out" ] && grep -q "did you mean 'Warden's Gate'" "$tmp/err" ||
    { echo "FAIL: catalog --room of an unknown room: exit $rc"; fails=$((fails + 1)); }
# every profile prints every format at its own size (no --size): brogue
# 79x29, nethack 80x21, dungeonmaker 100x100 (the bundled rooms1)
for spec in "brogue 79 29" "nethack 80 21" "dungeonmaker 100 100"; do
    set -- $spec
    for fmt in ascii text ansi json; do
        "$rf" gen --profile "$1" --seed 5 --depth 9 --format "$fmt" >"$tmp/$fmt" 2>"$tmp/err" ||
            { echo "FAIL: gen --profile $1 --format $fmt: $(cat "$tmp/err")"; fails=$((fails + 1)); }
    done
    [ "$(wc -l <"$tmp/ascii")" = "$3" ] && [ "$(head -n 1 "$tmp/ascii" | wc -c)" = $(($2 + 1)) ] ||
        { echo "FAIL: $1 ascii is not $2x$3"; fails=$((fails + 1)); }
    # ansi is the text view with colours: once SGR codes go, the same map but
    # for the template floor (text draws it '); each map cell is the ascii
    # level's but where an object stands or a template's floor lies
    sed 's/\x1b\[[0-9;]*m//g' "$tmp/ansi" | head -n "$3" >"$tmp/ansi.map"
    head -n "$3" "$tmp/text" | tr "'" . | cmp -s - "$tmp/ansi.map" ||
        { echo "FAIL: $1 ansi without colours differs from text"; fails=$((fails + 1)); }
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().split("\n")
objs = {(o["x"], o["y"]) for o in d["objects"]}
bad = [(x, y) for y, row in enumerate(d["tiles"]) for x, c in enumerate(row)
       if text[y][x] != c and (x, y) not in objs and not (c == "." and text[y][x] == "\x27")]
sys.exit(1 if bad or "legend:" not in text or not any(l.startswith("templates") for l in text) else 0)' \
        "$tmp/json" "$tmp/text" || { echo "FAIL: $1 text map is not the level with its objects"; fails=$((fails + 1)); }
    grep -q "$(printf '\033')\[" "$tmp/ansi" || { echo "FAIL: $1 ansi has no colour"; fails=$((fails + 1)); }
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = [l.rstrip("\n") for l in open(sys.argv[2])]
ok = d["width"] == int(sys.argv[3]) and d["height"] == int(sys.argv[4]) and d["tiles"] == rows
ok = ok and all(set(r) >= {"id", "name", "x", "y", "w", "h", "locked", "lit", "orient"} for r in d["rooms"])
ok = ok and [r["id"] for r in d["rooms"]] == list(range(1, len(d["rooms"]) + 1))
ok = ok and [o["handle"] for o in d["objects"]] == list(range(1, len(d["objects"]) + 1))
ok = ok and all(0 <= o["room"] <= len(d["rooms"]) for o in d["objects"])
sys.exit(0 if ok else 1)' "$tmp/json" "$tmp/ascii" "$2" "$3" ||
        { echo "FAIL: $1 json does not match the ascii level"; fails=$((fails + 1)); }
done
# --recipe: a recipe file instead of the profile's (the profile's parameters)
recipes=$(dirname "$0")/../data/recipe
"$rf" gen --profile nethack --recipe "$recipes/choose.lua" --seed 4 --format json >"$tmp/out" 2>"$tmp/err" &&
    grep -q '"feelings":\["[0-9]*x[0-9]* rooms' "$tmp/out" ||
    { echo "FAIL: gen --recipe choose.lua: $(cat "$tmp/err")"; fails=$((fails + 1)); }
"$rf" catalog --profile nethack --recipe "$recipes/choose.lua" --count 2 --depths 1-2 >"$tmp/out" 2>"$tmp/err" &&
    [ "$(wc -l <"$tmp/out")" = 4 ] ||
    { echo "FAIL: catalog --recipe: $(cat "$tmp/err")"; fails=$((fails + 1)); }
expect_content "broken.lua:3:1: error: .*\[script-syntax\]" gen --recipe "$recipes/broken.lua"
expect_content "mixed.lua:2:1: error: .*parameter 'max-rooms' is 99; the digger takes 1-40" \
    gen --recipe "$recipes/mixed.lua"
expect_usage "--recipe .*cannot read" gen --recipe "$tmp/none.lua"
expect_usage "--recipe needs" catalog --recipe ""
expect_usage "bare.lua' did not read the rooms-file" \
    gen --profile nethack --recipe "$recipes/bare.lua" --rooms-file "$dm/valid-all.txt"
# text that names dig_crawl (a comment, a string) is not a call
expect_usage "comments.lua' did not read the rooms-file" \
    gen --profile nethack --recipe "$recipes/comments.lua" --rooms-file "$dm/valid-all.txt"
[ "$fails" = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# tools/bench/run.sh BUILD_DIR: runs every benchmark built in BUILD_DIR/tools/bench
# and prints its figures. Instruction counts come from callgrind when valgrind
# is installed: per Brogue level (bench_dig); per level digging alone beside
# the complete level, each with issue 33's goal for it, and beside it the
# same level made alone (rf_level_generate, a Lua state of its own); and a
# complete level's instructions a cell at 200x200 beside 1000x1000, every
# profile (bench_place, counting only inside the digger,
# rf_level_maker_generate or rf_level_generate, so loading the content is
# left out). Nothing here asserts on time: the figures go in
# docs/reference.md (Benchmarks).
set -eu
dir=${1:-build-bench}/tools/bench
[ -d "$dir" ] || { echo "run.sh: no $dir (make bench builds it)" >&2; exit 2; }
found=0
for b in "$dir"/bench_*; do
    [ -x "$b" ] || continue
    found=1
    echo "== $(basename "$b")"
    "$b"
    echo
done
[ "$found" = 1 ] || { echo "run.sh: no benchmarks in $dir" >&2; exit 2; }
if command -v valgrind >/dev/null 2>&1 && [ -x "$dir/bench_dig" ]; then
    echo "== callgrind: instructions per Brogue level (bench_dig, N levels a line)"
    for spec in "79x29 1-5 20" "79x29 1-26 20" "200x200 1-5 5" "200x200 1-26 5" \
                "1000x1000 1-5 2" "1000x1000 1-26 2"; do
        set -- $spec
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dir/bench_dig" --size "$1" \
            --depths "$2" --count "$3" >/dev/null 2>"$out" || true
        total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out")
        rm -f "$out"
        [ -n "$total" ] && echo "  $1 depths $2 (N=$3): $((total / $3)) instructions/level"
    done
fi
if command -v valgrind >/dev/null 2>&1 && [ -x "$dir/bench_place" ]; then
    echo
    echo "== callgrind: instructions per level, digging alone beside the complete level"
    echo "   (bench_place: templates, special rooms, stairs, population; N levels a line)"
    # count: instructions inside the functions named by $1 (a callgrind
    # toggle pattern), for bench_place run with the remaining arguments
    count() {
        pat=$1
        shift
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
            --toggle-collect="$pat" "$dir/bench_place" "$@" >/dev/null 2>"$out" || true
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out"
        rm -f "$out"
    }
    # issue 33's goals beside each complete level (0: none at that size);
    # brogue and caverns over 100 levels: a 20-level sample swings with the
    # few levels that are made again
    for spec in "brogue 79x29 1-5 100 rf_brogue_dig 5000000" \
                "caverns 79x29 1-5 100 - 5000000" \
                "brogue 200x200 1-5 3 rf_brogue_dig 0" \
                "nethack 80x21 1-26 100 rf_dig_rects 2000000" \
                "dungeonmaker 100x100 1-26 20 rf_dig_crawl 10000000"; do
        set -- $spec
        dig=""
        [ "$5" = - ] || dig=$(count "$5" --mode dig --profile "$1" --size "$2" --depths "$3" \
            --count "$4")
        # a game's levels: one maker, its Lua state kept from level to level
        full=$(count rf_level_maker_generate --mode full --profile "$1" --size "$2" \
            --depths "$3" --count "$4")
        alone=$(count rf_level_generate --mode fresh --profile "$1" --size "$2" --depths "$3" \
            --count "$4")
        goal=""
        [ "$6" -gt 0 ] && [ -n "$full" ] && goal=$(printf '  goal %d: %s' "$6" \
            "$([ $((full / $4)) -le "$6" ] && echo met || echo 'not met')")
        [ -n "$alone" ] && goal=$(printf '%s  (alone %d)' "$goal" $((alone / $4)))
        if [ -n "$dig" ] && [ -n "$full" ] && [ "$dig" -gt 0 ]; then
            printf '  %-12s %-7s depths %-4s (N=%3d): dig %11d  level %11d  %+d%%%s\n' "$1" "$2" \
                "$3" "$4" $((dig / $4)) $((full / $4)) $(((full - dig) * 100 / dig)) "$goal"
        elif [ -n "$full" ]; then # a recipe file's profile (caverns): no digger of its own here
            printf '  %-12s %-7s depths %-4s (N=%3d): dig %11s  level %11d%s\n' "$1" "$2" "$3" \
                "$4" - $((full / $4)) "$goal"
        fi
    done
    echo
    echo "== callgrind: instructions a cell of a complete level, 200x200 beside 1000x1000"
    echo "   (bench_place; goal: the larger no more than 10% above the smaller)"
    for p in brogue caverns nethack dungeonmaker; do
        small=$(count rf_level_maker_generate --mode full --profile "$p" --size 200x200 \
            --depths 1-5 --count 3)
        large=$(count rf_level_maker_generate --mode full --profile "$p" --size 1000x1000 \
            --depths 1-1 --count 1)
        [ -n "$small" ] && [ -n "$large" ] && [ "$small" -gt 0 ] && {
            a=$((small / 3 / 40000))
            b=$((large / 1000000))
            printf '  %-12s %6d a cell at 200x200  %6d at 1000x1000  %+d%%  %s\n' "$p" "$a" "$b" \
                $(((b - a) * 100 / a)) "$([ $((b * 10)) -le $((a * 11)) ] && echo met || echo 'not met')"
        }
    done
fi
if command -v valgrind >/dev/null 2>&1 && [ -x "$dir/bench_rules" ]; then
    echo
    echo "== callgrind: instructions per idle rule per tick, each beside its peer"
    echo "   (bench_rules --rooms 1000 --ticks 10 --rounds 1: its measured calls)"
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$dir/bench_rules" --rooms 1000 \
        --ticks 10 --rounds 1 >/dev/null 2>&1 || true
    # inclusive instructions of each measured call, over its calls and rooms:
    # xml_tick 10 calls, floor_tick 10, bare_floor_call 20, lua_tick 10 and
    # bare_rules_call 10 (their warm-up rounds are lua_warm and
    # bare_rules_warm: the figure is the idle steady state)
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk '
        { n = $1; gsub(",", "", n) }
        $NF ~ /bench_rules/ && /%\)/ {
            f = $(NF - 1); sub(/^.*:/, "", f)
            if (f == "xml_tick") x = n / 10; else if (f == "floor_tick") fl = n / 10
            else if (f == "bare_floor_call") bf = n / 20; else if (f == "lua_tick") l = n / 10
            else if (f == "bare_rules_call") bl = n / 10
        }
        END {
            if (x && bf) printf "  XML rules  %7.0f a rule   bare floor %7.0f   %.2fx (target <= 1.2x)\n", x / 1000, bf / 1000, x / bf
            if (fl && x && bf) printf "  the floor as a Lua rule (its budget counted) %7.0f   %.2fx the bare floor\n", (fl - x) / 1000, (fl - x) / bf
            if (l && bl) printf "  Lua rules  %7.0f a rule   bare rules %7.0f   %.2fx (target <= 2x)\n", l / 1000, bl / 1000, l / bl
        }'
    rm -f "$out"
fi
if [ -x "${1:-build-bench}/roomforge" ] && command -v python3 >/dev/null 2>&1; then
    echo
    echo "== watch_latency.py: save to new /level.json under roomforge watch --serve"
    python3 "$(dirname "$0")/watch_latency.py" "${1:-build-bench}/roomforge" "$(dirname "$0")/../.."
fi

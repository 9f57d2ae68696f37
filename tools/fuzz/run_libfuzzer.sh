#!/bin/sh
# tools/fuzz/run_libfuzzer.sh BUILD SECONDS [TARGET...]: runs each libFuzzer
# harness of BUILD (a `make fuzz` build: clang, RF_LIBFUZZER) for SECONDS,
# two at a time, from the repository's seed files and the target's dictionary
# (`fuzz TARGET --dict`), with libFuzzer's -timeout=10 and a 2 GB RSS limit.
# A crash, a leak, undefined behaviour, an undocumented status or a timeout
# fails; the reproducer is kept in BUILD/fuzz/artifacts/. Prints each
# target's runs, execs/s and coverage, and exits 1 when one failed. The
# random seed is FUZZ_SEED (default 1), so a CI run can be replayed.
set -u
build=$1 secs=$2
shift 2
src=$(cd "$(dirname "$0")/../.." && pwd)
targets=${*:-"rooms machines profiles recipe rooms-file scenario script save stats tmx lsp"}
out="$build/fuzz"
mkdir -p "$out/artifacts"

# seeds TARGET: the repository's files a target starts from
seeds() {
    case $1 in
    rooms) echo "$src/content/rooms $src/tests/data/load $src/tests/data/cli" ;;
    profiles) echo "$src/content/profiles.xml $src/tests/data/profile" ;;
    recipe) echo "$src/scripts/levels $src/tests/data/recipe $src/content/levels" ;;
    rooms-file) echo "$src/tests/data/rooms_file" ;;
    scenario) echo "$src/tests/scenarios" ;;
    script) echo "$src/content/rooms/lua $src/tests/data/rules/lua $src/tests/data/rules/ext" ;;
    save) echo "$src/tests/data/save" ;;
    stats) echo "$src/tests/data/stats" ;;
    machines) echo "$src/content/machines.xml $src/tests/data/machines" ;;
    tmx) echo "$src/tests/data/tmx" ;;
    lsp) echo "$src/tests/data/lsp" ;;
    esac
}

# one TARGET: runs it, its log in $out/TARGET.log, its exit code in $out/TARGET.rc
one() {
    t=$1 n=$(echo "$1" | tr - _)
    corpus="$out/corpus/$t"
    mkdir -p "$corpus"
    "$build/tools/fuzz/fuzz" "$t" --dict >"$out/$t.dict" || { echo 2 >"$out/$t.rc"; return; }
    # libFuzzer reads seed folders, not files: a file seed is copied in
    seedset="$out/seeds/$t"
    mkdir -p "$seedset"
    for s in $(seeds "$t"); do
        if [ -f "$s" ]; then cp "$s" "$seedset/"; else find "$s" -maxdepth 1 -type f -exec cp {} "$seedset/" \; ; fi
    done
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$build/tools/fuzz/libfuzz_$n" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -dict="$out/$t.dict" -artifact_prefix="$out/artifacts/$t-" \
        -seed="${FUZZ_SEED:-1}" -print_final_stats=1 "$corpus" "$seedset" >"$out/$t.log" 2>&1
    echo $? >"$out/$t.rc"
}

set -- $targets
while [ $# -gt 0 ]; do
    one "$1" &
    if [ $# -gt 1 ]; then
        one "$2" &
        shift
    fi
    shift
    wait
done

status=0
printf '%-11s %9s %8s %6s %s\n' target runs exec/s cov result
for t in $targets; do
    log="$out/$t.log" rc=$(cat "$out/$t.rc" 2>/dev/null || echo 2)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    if [ "$rc" = 0 ]; then
        res=ok
    else
        res="FAILED (exit $rc): $(grep -E '^(==[0-9]+==ERROR|SUMMARY|ALARM|.*runtime error)' "$log" | head -2 | tr '\n' ' ')"
        res="$res; reproducer: $(ls "$out/artifacts/$t-"* 2>/dev/null | head -1); log: $log"
        status=1
    fi
    printf '%-11s %9s %8s %6s %s\n' "$t" "${runs:-?}" "${eps:-?}" "${cov:-?}" "$res"
done
exit $status

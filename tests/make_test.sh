#!/bin/sh
# tests/make_test.sh MAKE BUILD ASAN_BUILD FUZZ_BUILD TSAN_BUILD: what `make
# test` (and CI) runs: the whole suite in the plain build (make test-plain),
# then in the sanitized one (make test-asan) even when the plain half failed,
# the threading tests under ThreadSanitizer (make test-tsan), then the
# libFuzzer harnesses for FUZZ_SECONDS each (make fuzz), so one run reports
# all four. Closes as ctest does: both halves' summaries, the summary over both,
# the total time, the failed tests (each marked with its half), and exits
# non-zero when either half failed or did not get to run its tests.
set -u
make=$1 plain=$2 asan=$3 fuzzb=${4:-build-fuzz} tsan=${5:-build-tsan}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# half NAME TARGET: runs make TARGET, its output shown and kept in $tmp/NAME.log
half() {
    { $make --no-print-directory "$2"; echo $? >"$tmp/$1.rc"; } 2>&1 | tee "$tmp/$1.log"
}
half plain test-plain
half sanitized test-asan
half threads test-tsan
half fuzz fuzz

summary='^[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+$'
status=0 passed=0 total=0 secs=0
echo
echo "make test: plain ($plain), sanitized ($asan), threads ($tsan) and libFuzzer ($fuzzb)"
for h in plain sanitized threads; do
    rc=$(cat "$tmp/$h.rc")
    line=$(grep -E "$summary" "$tmp/$h.log" | tail -1)
    [ "$rc" = 0 ] || status=1
    if [ -z "$line" ]; then
        printf '%-10s no test ran: make failed before ctest (exit %s)\n' "$h:" "$rc"
        continue
    fi
    printf '%-10s %s\n' "$h:" "$line"
    n=$(echo "$line" | sed -E 's/.* out of ([0-9]+)$/\1/')
    f=$(echo "$line" | sed -E 's/.*, ([0-9]+) tests failed.*/\1/')
    t=$(grep -E '^Total Test time \(real\) = ' "$tmp/$h.log" | tail -1 |
        sed -E 's/.*= *([0-9.]+) sec.*/\1/')
    total=$((total + n))
    passed=$((passed + n - f))
    secs=$(echo "$secs ${t:-0}" | awk '{ printf "%.2f", $1 + $2 }')
done
frc=$(cat "$tmp/fuzz.rc")
[ "$frc" = 0 ] || status=1
if grep -q '^target ' "$tmp/fuzz.log"; then
    # the table's rows only: it ends at the first line whose result is
    # neither ok nor FAILED (what make fuzz prints after it, a diff of
    # same_levels.sh among it)
    printf '%-10s %s\n' "fuzz:" "$(awk '/^target / { on = 1; next }
        on && $5 != "ok" && $5 != "FAILED" { on = 0 }
        on { n++; if ($5 != "ok") f++ }
        END { printf "%d targets, %d failed", n, f + 0 }' "$tmp/fuzz.log")"
else
    printf '%-10s no fuzzer ran: make fuzz failed before it (exit %s)\n' "fuzz:" "$frc"
fi
# gcc's levels beside clang's (tests/same_levels.sh, the last step of make fuzz)
printf '%-10s %s\n' "compilers:" "$(grep '^same levels' "$tmp/fuzz.log" | tail -1 |
    sed 's/^same levels: //')"
echo
# the percentage as ctest rounds it: never 100% with a failure
pct=$(echo "$passed $total" | awk '{ p = $2 ? 100 * $1 / $2 : 0; if ($1 < $2 && p > 99) p = 99;
                                     printf "%d", p + 0.5 }')
echo "$pct% tests passed, $((total - passed)) tests failed out of $total"
echo
echo "Total Test time (real) = $secs sec"
if grep -q '^The following tests FAILED:' "$tmp/plain.log" "$tmp/sanitized.log" "$tmp/threads.log"; then
    echo
    echo "The following tests FAILED:"
    for h in plain sanitized threads; do
        sed -n '/^The following tests FAILED:/,$p' "$tmp/$h.log" |
            grep -E '^[[:space:]]+[0-9]+ - ' | sed "s/\$/ [$h]/"
    done
fi
if [ "$frc" != 0 ]; then
    echo
    echo "libFuzzer found (make fuzz):"
    sed -n '/^target /,$p' "$tmp/fuzz.log" | grep -v ' ok$' | grep -v '^same levels: [0-9]'
fi
if [ "$status" != 0 ]; then
    echo "Errors while running CTest"
fi
exit $status

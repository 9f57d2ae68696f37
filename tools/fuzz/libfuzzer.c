/* tools/fuzz/libfuzzer.c: the libFuzzer entry point for one fuzz target.
 *
 * Pipeline: built once per target (RF_FUZZ_TARGET, tools/fuzz/CMakeLists.txt)
 * with clang -fsanitize=fuzzer,address,undefined; libFuzzer's coverage-guided
 * mutants -> the same target of fuzz_targets.c the gcc driver (fuzz.c) calls.
 * An undocumented status aborts, so libFuzzer keeps the input as a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

#ifndef RF_FUZZ_TARGET
#error "RF_FUZZ_TARGET names the target (rooms, profiles, ...)"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const fuzz_target *t;
    if (!t && !(t = fuzz_target_find(RF_FUZZ_TARGET))) {
        fprintf(stderr, "libfuzzer: no target %s\n", RF_FUZZ_TARGET);
        abort();
    }
    if (!t->run((const char *)data, size)) {
        fprintf(stderr, "libfuzzer %s: an undocumented status\n", t->name);
        abort();
    }
    return 0;
}

/* tools/fuzz/fuzz.h: the fuzz driver's targets (fuzz_targets.c).
 *
 * Pipeline: tools/fuzz/fuzz.c (mutation driver, run by CTest over the seed
 * files of the repository) -> a target -> one of the library's readers.
 */
#ifndef RF_FUZZ_H
#define RF_FUZZ_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fuzz_target {
    const char *name;
    /* Feeds one input (len bytes, not NUL-terminated); false when the
     * library answered with a status it does not document for bad input. */
    bool (*run)(const char *buf, size_t len);
    const char *tokens; /* '|'-separated dictionary the mutator inserts */
} fuzz_target;

const fuzz_target *fuzz_target_find(const char *name);

#endif /* RF_FUZZ_H */

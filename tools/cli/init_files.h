/* tools/cli/init_files.h: the starter pack `roomforge init` writes, carried in
 * the CLI (generated from tools/init/starter by cmake/embed_tree.cmake).
 *
 * Pipeline: CLI only. Design: the pack stays real files in the repository,
 * where the suite lints, generates and plays it (init_starter), so what
 * init writes is known to work; embedding it means init needs no data dir.
 */
#ifndef RF_CLI_INIT_FILES_H
#define RF_CLI_INIT_FILES_H

#include <stddef.h>

typedef struct cli_init_file {
    const char *path; /* relative to the pack's folder, '/'-separated */
    const char *bytes;
    size_t len;
} cli_init_file;

extern const cli_init_file cli_init_files[];
extern const size_t cli_init_files_count;

#endif /* RF_CLI_INIT_FILES_H */

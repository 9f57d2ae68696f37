/* tools/cli/lint_content.h: the files `roomforge lint` reads and its check
 * of profiles files (lint_content.c).
 *
 * Pipeline: CLI; cmd_lint.c walks the paths with lint_walk, loads rooms
 * files itself and hands profiles files to lint_profiles once the rooms are
 * loaded (trial levels place them).
 */
#ifndef RF_CLI_LINT_CONTENT_H
#define RF_CLI_LINT_CONTENT_H

#include <stdbool.h>

#include "roomforge/diag.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

/* Called for each file found: profiles is true when its root is
 * <profiles>. The worst status of the calls is lint_walk's. */
typedef rf_status (*lint_visit)(void *ud, const char *file, bool profiles);

/* Visits path (a file, whatever its name) or every *.xml below a directory
 * (recursively, names in byte order, hidden entries skipped). An unreadable
 * path is io-error in d and RF_ERR_IO; RF_ERR_NOMEM. */
rf_status lint_walk(const char *path, rf_diags *d, lint_visit fn, void *ud);

/* Loads the profiles file at path (its recipe files read) and proves each
 * profile with its trial levels (rf_level_trial) with rooms; reports to d
 * and adds the profiles loaded to *count. RF_OK, RF_ERR_CONTENT, RF_ERR_IO,
 * RF_ERR_NOMEM. */
rf_status lint_profiles(const char *path, const rf_template_set *rooms, rf_diags *d,
                        size_t *count);

#endif /* RF_CLI_LINT_CONTENT_H */

/* roomforge/lint.h: the checks that need more than one room, and lint of a
 * content pack as one call (rf_lint_paths).
 *
 * Pipeline: load -> lint; script types are checked against a registry (the
 * built-in Dredmor types, or a world's); lint of paths runs in the pack stage.
 */
#ifndef RF_LINT_H
#define RF_LINT_H

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"

RF_BEGIN_C

/* A registry of script types; names are compared lower-cased. */
typedef struct rf_script_types {
    void *ud;
    bool (*has_condition)(void *ud, const char *type);
    bool (*has_action)(void *ud, const char *type);
    /* No scripts directory was loaded: an unknown type that is no misspelling
     * of a built-in one is told "did you forget `--scripts`?". */
    bool suggest_scripts;
} rf_script_types;

/* The ten Dredmor conditions and the six actions plus `trigger`, with
 * suggest_scripts set. Static. */
RF_API const rf_script_types *rf_script_types_builtin(void);

/* Reports unknown-condition and unknown-action for every XML script clause of
 * every template in set whose type types does not know. RF_OK when none,
 * RF_ERR_CONTENT when at least one was reported. */
RF_API RF_NODISCARD rf_status rf_lint_script_types(const rf_template_set *set,
                                                   const rf_script_types *types, rf_diags *d);
/* The same for the one template t (what a streaming lint checks per room). */
RF_API RF_NODISCARD rf_status rf_lint_template_script_types(const rf_template *t,
                                                            const rf_script_types *types,
                                                            rf_diags *d);

/* Lint of a content pack (roomforge lint): what to check beyond the files. */
typedef struct rf_lint_opts {
    const char *scripts_dir; /* designer extensions (--scripts); NULL: none */
    unsigned jobs;           /* threads checking scripts (--jobs), the one
                              * reading the files counted; 0: the online
                              * processors, at most 8. The report is the
                              * same bytes for any number. */
} rf_lint_opts;
/* No scripts directory, jobs 0. */
RF_API void rf_lint_opts_init(rf_lint_opts *o);

/* What rf_lint_paths loaded. */
typedef struct rf_lint_summary {
    size_t rooms;    /* rooms loaded without errors */
    size_t profiles; /* profiles loaded */
} rf_lint_summary;

/* Lints every path (a file whatever its name, or a directory walked
 * recursively in name order for *.xml): rooms files load with their checks,
 * then their scripts are checked against the rule VM's registries (with
 * o->scripts_dir's extensions) and Lua chunks run once in the sandbox, then
 * each profiles file (root <profiles>) loads and each profile makes its
 * trial levels with those rooms (rf_level_trial). Everything found goes to
 * d. Each path is a pack (a file's: its folder): a symbolic link out of it
 * is a symlink-outside error, a folder past RF_FS_WALK_MAX_DEPTH a
 * folder-too-deep error (content, both unread). RF_OK or RF_ERR_CONTENT (see
 * d's errors) when everything was read, RF_ERR_IO when a path could not be
 * (an io-error in d), holds no *.xml file (no-rooms-file) or a file changed
 * while it was read (file-changed), RF_ERR_NOMEM. o may
 * be NULL. When no profiles file is among the paths, rooms stream: each is
 * checked and let go at its </room> (rf_template_set_stream), its scripts by
 * o->jobs threads, the loader's among them, while the loader reads on, so memory stays a few rooms and
 * the names whatever the files' size. Implemented at the
 * top of the pipeline (engine/src/pack/lint_paths.c). */
RF_API RF_NODISCARD rf_status rf_lint_paths(const char *const *paths, size_t npaths,
                                            const rf_lint_opts *o, rf_diags *d,
                                            rf_lint_summary *out);

RF_END_C
#endif /* RF_LINT_H */

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
#include "roomforge/machines.h"
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

/* The same for every XML script of every blueprint of a machines catalogue
 * (DESIGN 17): a blueprint's rules use the rooms' condition and action types. */
RF_API RF_NODISCARD rf_status rf_lint_machines_script_types(const rf_machines *m,
                                                            const rf_script_types *types,
                                                            rf_diags *d);
/* Reports unknown-id for every id a blueprint's XML rules name that its
 * machine group will not hold (DESIGN 17: its object features' ids as the
 * placer names them, a reward's vault doors, what its create actions make),
 * with a did-you-mean. RF_OK when none, RF_ERR_CONTENT otherwise. */
RF_API RF_NODISCARD rf_status rf_lint_machines_ids(const rf_machines *m, rf_diags *d);

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
    size_t blueprints; /* machine blueprints loaded without errors (DESIGN 17) */
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

/* Lints one document held in memory (an editor's buffer, roomforge lsp)
 * exactly as rf_lint_paths lints the file name alone, one checker for both:
 * by its root element a rooms file (loaded with its checks, subrooms linked,
 * scripts checked against the rule VM's registries with o->scripts_dir's
 * extensions, Lua chunks run once), a profiles file (each profile's trial
 * levels, with no rooms but the bundled recipes' own) or a machines file;
 * a name ending in ".lua" is a room script, run once in the sandbox as the
 * src chunk of a one-room world, its script-* findings at its own lines
 * (one inside o->scripts_dir is an extension file, which only a world made
 * from that folder reads: nothing is reported for it). Diagnostics carry
 * name as their file. A <script src> resolves against name's folder, read
 * from disk. out (may be NULL) counts what loaded. RF_OK; RF_ERR_CONTENT
 * (see d); RF_ERR_IO when the scripts folder cannot be read; RF_ERR_NOMEM;
 * RF_ERR_ARG for a NULL name or buf. Implemented in engine/src/pack/lint_buffer.c. */
RF_API RF_NODISCARD rf_status rf_lint_buffer(const char *name, const char *buf, size_t len,
                                             const rf_lint_opts *o, rf_diags *d,
                                             rf_lint_summary *out);

/* Where the certain fix of g (a diagnostic about text, with fix_* set) lies
 * in text's len bytes: *at and *vlen get the bytes of the attribute value
 * that becomes g->fix_to, as `lint --fix` finds them. false when g has no
 * fix, or text no longer holds g->fix_from there. */
RF_API bool rf_lint_fix_span(const rf_diag *g, const char *text, size_t len, size_t *at,
                             size_t *vlen);

/* ---- the grammar as names, for editors (roomforge lsp completion) ---- */
/* The ith element of the rooms.xml and machines.xml grammar (DESIGN 3, 17)
 * as a normalised tag ("customblocker", rf_object_type_name spells objects
 * as Dredmor does), and in *parent (may be NULL) the tag of the one element
 * it may stand in (NULL for a root); NULL past the end. Static strings. */
RF_API const char *rf_lint_element_at(size_t i, const char **parent);
/* The ith attribute element (a normalised tag, any the grammar knows) takes,
 * as Dredmor content writes it ("hitsNeededToBreak"), every object's own
 * attributes after its type's; NULL past the end, or when element is
 * unknown. A <condition> or <action> takes its *_type attribute here, its
 * type's own attributes from rf_lint_clause_attr_at. */
RF_API const char *rf_lint_attribute_at(const char *element, size_t i);
/* The ith built-in condition type (action: the ith action type), lower
 * case as written in condition_type= ("activated_changed"); NULL past the
 * end. */
RF_API const char *rf_lint_clause_type_at(bool action, size_t i);
/* The ith attribute of the built-in clause type (action or condition), as
 * written; NULL past the end or for a type that is no built-in one. */
RF_API const char *rf_lint_clause_attr_at(bool action, const char *type, size_t i);

/* ---- a project's lint policy (DESIGN 5: roomforge.toml, suppression
 * comments, --baseline), implemented in engine/src/pack/lint_policy.c and
 * lint_config.c. The CLI reads the config, sets up its sink, lints into it,
 * then filters the findings into the sink it writes. */
typedef struct rf_lint_policy rf_lint_policy; /* opaque */

/* An empty policy (nothing suppressed, ignored or known), or NULL when
 * memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_lint_policy *rf_lint_policy_new(void);
RF_API void rf_lint_policy_free(rf_lint_policy *p);
/* Reads the roomforge.toml at path into p (docs/ci.md has its keys): top
 * keys scripts (a folder, relative to the file's), werror (bool) and ignore
 * (a list of globs relative to the file's folder), table [codes] with enable
 * and disable (lists of codes), table [severity] with CODE = "error",
 * "warning", "note" or "off". RF_OK; RF_ERR_CONTENT with config-syntax,
 * config-key or config-value diagnostics in d at the file's line and column;
 * RF_ERR_IO with an io-error; RF_ERR_NOMEM; RF_ERR_ARG. */
RF_API RF_NODISCARD rf_status rf_lint_policy_config(rf_lint_policy *p, const char *path,
                                                    rf_diags *d);
/* The scripts folder the config named (resolved against its folder), or
 * NULL; werror as the config set it: 1, 0, or -1 when it did not. */
RF_API const char *rf_lint_policy_scripts(const rf_lint_policy *p);
RF_API int rf_lint_policy_werror(const rf_lint_policy *p);
/* Lays the config's enabled and disabled codes, severities and werror onto
 * sink, before linting into it. */
RF_API void rf_lint_policy_setup(const rf_lint_policy *p, rf_diags *sink);
/* Leaves out every finding in a file below root whose path relative to root
 * matches glob (fnmatch(3) with FNM_PATHNAME, or a folder and all below it).
 * RF_OK, RF_ERR_NOMEM or RF_ERR_ARG. */
RF_API RF_NODISCARD rf_status rf_lint_policy_ignore(rf_lint_policy *p, const char *root,
                                                    const char *glob);
/* Reads a baseline: a saved `roomforge lint --format json` report. Each of
 * its diagnostics hides one finding with the same file, code and message
 * (lines may move). RF_OK; RF_ERR_CONTENT with a baseline-bad diagnostic;
 * RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_lint_policy_baseline(rf_lint_policy *p, const char *path,
                                                      rf_diags *d);
/* The next rf_lint_policy_apply calls read file's suppression comments
 * from text's len bytes (an editor's unsaved buffer, roomforge lsp) instead
 * of from disk, until the next call; text NULL reads from disk again. What
 * was read of file (and of the buffer before) is forgotten. p keeps the
 * pointers: file and text must stay valid while they are in use. RF_OK, or
 * RF_ERR_ARG for a NULL p or file. */
RF_API RF_NODISCARD rf_status rf_lint_policy_buffer(rf_lint_policy *p, const char *file,
                                                    const char *text, size_t len);
/* Copies into out every finding of in that no suppression comment
 * (<!-- roomforge: disable-next-line [CODE...] --> ending on the line before it),
 * ignored path or baseline entry hides, then an unknown-suppression warning
 * for each such comment naming no code; *dropped (may be NULL) gets how many
 * were hidden. Each file named is read once for its comments. RF_OK,
 * RF_ERR_NOMEM or RF_ERR_ARG. */
RF_API RF_NODISCARD rf_status rf_lint_policy_apply(rf_lint_policy *p, const rf_diags *in,
                                                   rf_diags *out, size_t *dropped);

/* `lint --fix`: writes every certain fix of d (rf_diag's fix_* fields: a
 * did-you-mean with one candidate at most 2 edits away) into its file,
 * changing only the bytes of the values concerned, each only when the file
 * still holds what lint read there. A file is written beside itself and
 * renamed over, keeping its mode. *fixed and *files (may be NULL) count the
 * fixes written and the files changed. RF_OK; RF_ERR_IO with an io-error in
 * report for a file that could not be read or written (the others are still
 * fixed); RF_ERR_NOMEM; RF_ERR_ARG. */
RF_API RF_NODISCARD rf_status rf_lint_fix(const rf_diags *d, rf_diags *report, size_t *fixed,
                                          size_t *files);

RF_END_C
#endif /* RF_LINT_H */

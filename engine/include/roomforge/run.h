/* roomforge/run.h: a run, the levels of one seed from depth 1 down, made in
 * order with what a run carries from one level to the next (DESIGN 18).
 *
 * Pipeline: run, above level: each rf_run_next is one rf_level_generate with
 * the run's state in its options. Level N is the same bytes whether the run
 * began at depth 1 or was loaded from a state saved before depth N.
 */
#ifndef RF_RUN_H
#define RF_RUN_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/level.h"   /* rf_level, rf_level_opts */
#include "roomforge/profile.h" /* rf_profile_set */

RF_BEGIN_C

typedef struct rf_run rf_run; /* opaque */

#define RF_RUN_SAVE_VERSION 2              /* the state format rf_run_save writes;
                                            * rf_run_load reads 1 (no groups) too */
#define RF_RUN_SAVE_MAX ((size_t)1 << 20)  /* bytes of state rf_run_load reads at most */
#define RF_RUN_MAX_USED 4096               /* special rooms one run remembers */
#define RF_RUN_MAX_GROUPS 4096             /* unique groups one run remembers */

/* A run at depth 1 with base's profile, seed, size and difficulty (copied;
 * base's depth, up stairs, used rooms and used groups are not read). profiles and what
 * base points to (templates, rooms_file, forced rooms, recipe, machines) are
 * borrowed and must outlive the run; base's forced rooms go on every level.
 * With base.machines its levels hold the treasure machines the seed's
 * schedule gives (rf_machines_treasure_count: the run's seed alone decides,
 * so a resumed run holds the same). RF_OK
 * with *out (free it with rf_run_free); RF_ERR_ARG for a NULL argument,
 * options rf_level_opts_check refuses (bad-level-option) or a profile
 * profiles does not hold (unknown-profile), reported to d; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_run_new(const rf_profile_set *profiles, const rf_level_opts *base,
                                         rf_diags *d, rf_run **out);
/* Frees r; r may be NULL. Levels rf_run_next made are the caller's. */
RF_API void rf_run_free(rf_run *r);

/* Generates the level at rf_run_depth(r) (rf_level_generate, diagnostics to
 * d) and moves r one level down: its down stairs are where the next level's
 * up stairs go when the profile says stairs="aligned", and the special
 * templates (special="1") it placed are not drawn again in r, nor rooms of
 * the unique groups of scope="run" it placed (<unique scope="run">, DESIGN
 * 16). RF_OK with *out (the caller frees it); otherwise rf_level_generate's
 * status, RF_ERR_LIMIT past depth RF_LEVEL_MAX_DEPTH, RF_RUN_MAX_USED
 * special rooms or RF_RUN_MAX_GROUPS groups, RF_ERR_NOMEM, and r is
 * unchanged. */
RF_API RF_NODISCARD rf_status rf_run_next(rf_run *r, rf_level **out, rf_diags *d);
/* The depth rf_run_next makes next: 1 for a new run. */
RF_API int rf_run_depth(const rf_run *r);
RF_API uint64_t rf_run_seed(const rf_run *r);
/* The profile's name; valid until r is freed. */
RF_API const char *rf_run_profile(const rf_run *r);
/* The special templates placed so far in r, in the order they were placed;
 * a name is valid until r is freed, NULL past the end. */
RF_API size_t rf_run_used_count(const rf_run *r);
RF_API const char *rf_run_used_at(const rf_run *r, size_t i);
/* The unique groups of scope="run" placed so far in r (a room's group, or
 * its name when it gives none), in the order they were placed; a group is
 * valid until r is freed, NULL past the end. */
RF_API size_t rf_run_group_count(const rf_run *r);
RF_API const char *rf_run_group_at(const rf_run *r, size_t i);

/* Writes r's state (profile, seed, size, difficulty, next depth, the last
 * down stairs, the special rooms and unique groups used) to out in core's frame: a header
 * "roomforge-run V LEN CRC32\n" then LEN bytes (format: docs/reference.md),
 * self-delimiting and checked. RF_OK; RF_ERR_IO (io-error to d). */
RF_API RF_NODISCARD rf_status rf_run_save(const rf_run *r, FILE *out, rf_diags *d);
/* rf_run_save to path through a temporary file renamed over it; on failure
 * path is untouched. RF_ERR_ARG for an empty path. */
RF_API RF_NODISCARD rf_status rf_run_save_path(const rf_run *r, const char *path, rf_diags *d);
/* A run read back from in (exactly its frame; in is left after it), of
 * format 1 (written before groups were kept: none) or 2. The saved state
 * wins over base: profile, seed, size, difficulty, depth, stairs, used
 * rooms and groups are the save's; base gives only what a save cannot hold
 * (templates, rooms_file, forced rooms, recipe), borrowed as by rf_run_new.
 * RF_OK with *out; RF_ERR_CONTENT with save-version (a later format) or
 * save-damaged (not a run state, truncated, bit-flipped, a value out of
 * range, or a profile profiles does not hold); RF_ERR_IO; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_run_load(const rf_profile_set *profiles,
                                          const rf_level_opts *base, FILE *in, rf_diags *d,
                                          rf_run **out);
/* rf_run_load from the file at path (io-error when it cannot be opened). */
RF_API RF_NODISCARD rf_status rf_run_load_path(const rf_profile_set *profiles,
                                               const rf_level_opts *base, const char *path,
                                               rf_diags *d, rf_run **out);

RF_END_C
#endif /* RF_RUN_H */

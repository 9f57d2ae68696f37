/* roomforge/profile.h: level profiles: which recipe makes a level and with
 * which numbers, loaded from content/profiles.xml.
 *
 * Pipeline: profile (data only) -> level, which runs the recipe. A profile
 * names a recipe and holds integer parameters (values or "lo-hi" ranges) with
 * per-depth overrides. Format: docs/reference.md, Profiles.
 */
#ifndef RF_PROFILE_H
#define RF_PROFILE_H

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/horde.h" /* rf_horde_table */

RF_BEGIN_C

/* The largest recipe file a profile, or gen --recipe, may name: a recipe is
 * a page of Lua. */
#define RF_PROFILE_RECIPE_MAX ((size_t)1 << 20)

typedef struct rf_profile_set rf_profile_set; /* opaque */
typedef struct rf_profile rf_profile;         /* borrowed from its set */

/* An empty set, or NULL when memory runs out. */
RF_API RF_NODISCARD rf_profile_set *rf_profile_set_new(void);
RF_API void rf_profile_set_free(rf_profile_set *s);
/* Loads the profiles of one XML file into s, reporting problems to d
 * (xml-syntax, not-profiles, missing-attribute, bad-value, unknown-element,
 * duplicate-profile, unknown-recipe for a recipe file that cannot be read;
 * for the population tables also unknown-attribute, duplicate-horde,
 * duplicate-trap, decoration-symbol, duplicate-decoration, xml-limit and
 * population-gap). Bad profiles are skipped. A profile is data: what its
 * recipe makes of it (a bundled name that does not exist, a file that does
 * not compile, a parameter it never reads) is found by running the recipe
 * (rf_level_generate, rf_level_trial in level.h). RF_ERR_IO when the file
 * cannot be read, RF_ERR_CONTENT when an error was reported. */
RF_API RF_NODISCARD rf_status rf_profile_set_load(rf_profile_set *s, const char *path, rf_diags *d);
/* Same from a buffer; name is the file name diagnostics carry. */
RF_API RF_NODISCARD rf_status rf_profile_set_load_buffer(rf_profile_set *s, const char *buf,
                                                         size_t len, const char *name,
                                                         rf_diags *d);
RF_API size_t rf_profile_count(const rf_profile_set *s);
/* The ith profile in file order; valid until s is freed. */
RF_API const rf_profile *rf_profile_at(const rf_profile_set *s, size_t i);
/* The profile called name, or NULL. */
RF_API const rf_profile *rf_profile_find(const rf_profile_set *s, const char *name);
RF_API const char *rf_profile_name(const rf_profile *p);
/* The recipe as the profile names it: "brogue" or "levels/cavern.lua". */
RF_API const char *rf_profile_recipe(const rf_profile *p);
/* True when p says stairs="aligned": in a run (rf_run, DESIGN 18) each
 * level's up stairs go where the level above has its down stairs. */
RF_API bool rf_profile_stairs_aligned(const rf_profile *p);
/* The key of p's ith parameter row in file order (a key may repeat, once a
 * <depths> range), NULL past the end. */
RF_API const char *rf_profile_key_at(const rf_profile *p, size_t i);
/* Parameter key at depth: the last matching <depths> override, else the
 * profile's value. Returns false (and leaves *lo, *hi alone) when unset. A
 * single value gives lo == hi. */
RF_API bool rf_profile_range(const rf_profile *p, int depth, const char *key, int *lo, int *hi);
/* The value (or a range's low end) of key at depth, or def when unset. */
RF_API int rf_profile_int(const rf_profile *p, int depth, const char *key, int def);
/* Whether a profile called name was skipped when s was loaded because it
 * had errors: true with the file (*file) and the lines *first..*last its
 * diagnostics lie on (valid until s is freed), so a command asking for it
 * can print them; false when no skipped profile has that name. */
RF_API bool rf_profile_set_left_out(const rf_profile_set *s, const char *name, const char **file,
                                    int *first, int *last);
/* The population tables (<hordes>, <traps> and <decorations> at the root
 * of the file, horde.h) the set's files held, or NULL when they held none;
 * valid until s is freed. */
RF_API const rf_horde_table *rf_profile_set_hordes(const rf_profile_set *s);

RF_END_C
#endif /* RF_PROFILE_H */

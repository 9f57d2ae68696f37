/* roomforge/level.h: a generated level and its ascii and JSON writers
 * (the views for people, text, ansi, html and png, are view.h's).
 *
 * Pipeline: level; rf_level_generate runs the recipe a profile names, whose
 * steps dig, place, run the passes, place the stairs and populate.
 * Same profile, seed, depth and size: byte-identical output.
 */
#ifndef RF_LEVEL_H
#define RF_LEVEL_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/machines.h"    /* rf_machines, rf_machine_kind */
#include "roomforge/place.h"      /* rf_place_entry */
#include "roomforge/placed.h"
#include "roomforge/profile.h"
#include "roomforge/rooms_file.h" /* rf_rooms_file */
#include "roomforge/special.h"    /* rf_special_result, rf_difficulty */
#include "roomforge/template_write.h" /* rf_write_format */

RF_BEGIN_C

typedef struct rf_level rf_level; /* opaque */

#define RF_LEVEL_MIN_W 20
#define RF_LEVEL_MIN_H 10
#define RF_LEVEL_MAX_SIDE 1000
#define RF_LEVEL_MAX_DEPTH 1000 /* depths are 1..RF_LEVEL_MAX_DEPTH */

typedef struct rf_level_opts {
    const char *profile; /* profile name; NULL: "brogue" */
    uint64_t seed;       /* the run's; a level's streams come from seed and depth */
    int depth;           /* 1-based, 1..1000 */
    int width, height;   /* RF_LEVEL_MIN_W x RF_LEVEL_MIN_H .. 1000 x 1000, or both 0:
                          * the digger's own size (rf_level_default_size) */
    const rf_rooms_file *rooms_file; /* dungeonmaker: borrowed (rf_rooms_file_load);
                                      * NULL: the bundled file the profile names */
    int difficulty;      /* DoomRL difficulty 1-5 (an rf_difficulty, special.h);
                          * 0: RF_DIFFICULTY_HMP */
    const struct rf_template_set *templates; /* borrowed, must outlive the level;
                                              * NULL: no templates are placed */
    const char *const *rooms; /* nrooms template names the level must hold
                               * (gen --room), looked up in templates */
    size_t nrooms;
    const char *recipe;      /* Lua text (recipe_len bytes) of a recipe run instead of
                              * the profile's, which still gives the parameters
                              * (gen --recipe); NULL: the profile's recipe */
    size_t recipe_len;
    const char *recipe_file; /* the name its diagnostics carry; NULL: "recipe" */
    bool up_near;            /* true: the up stairs go on the free floor tile nearest
                              * (up_x, up_y), clamped into the level (a run's
                              * aligned stairs, rf_run); false: drawn anywhere */
    int up_x, up_y;
    const char *const *used_rooms; /* nused_rooms names of special templates
                                    * (special="1") placed on earlier levels of
                                    * a run: not drawn again, as a run allows
                                    * each once (DESIGN 18); forced ones still go */
    size_t nused_rooms;
    const char *const *used_groups; /* nused_groups unique groups (<unique
                                     * scope="run" group="G">, DESIGN 16) placed
                                     * on earlier levels of a run: a scope="run"
                                     * room of one (names compared ignoring case)
                                     * is not drawn (DESIGN 18); forced ones
                                     * still go; scope="level" rooms ignore it */
    size_t nused_groups;
    const rf_machines *machines; /* read while the level is made: the blueprints the
                                  * machines step places (rf_pack_machines); NULL: none */
    bool force_variant;      /* DESIGN 16: every varying room drawn as variant `variant`
                              * (gen --variant N); false: from the level's stream */
    uint32_t variant;
} rf_level_opts;

/* Defaults: profile brogue, seed 1, depth 1, width = height = 0 (the
 * digger's own size), up stairs anywhere (up_near false). */
RF_API void rf_level_opts_init(rf_level_opts *o);

/* The size a level of o's profile digs at when o gives none: brogue 79 x 29
 * (the seed's), nethack 80 x 21 (NetHack's COLNO x ROWNO), dungeonmaker
 * the rooms-file's dimensions (o->rooms_file, else the bundled file the
 * profile names; dimY columns x dimX rows, clamped to the level limits).
 * o's width and height are not read. RF_ERR_ARG (reported to d when not
 * NULL) for an unknown profile or digger or a bad depth; *w, *h on RF_OK. */
RF_API RF_NODISCARD rf_status rf_level_default_size(const rf_profile_set *profiles,
                                                    const rf_level_opts *o, int *w, int *h,
                                                    rf_diags *d);

/* Checks o as rf_level_generate does before it starts: depth 1..1000, width
 * and height both 0 or within 20x10..1000x1000, difficulty 0..5, forced
 * rooms with names, a recipe length with its text, used rooms and used
 * groups with their names. RF_OK, or RF_ERR_ARG
 * with one bad-level-option error in d (when not NULL) for each bad option.
 * Front ends check what a user gave through it, so every one refuses the
 * same options in the same words. */
RF_API RF_NODISCARD rf_status rf_level_opts_check(const rf_level_opts *o, rf_diags *d);

/* Generates one level, at o's size or (both 0) at rf_level_default_size's.
 * Every failure but RF_ERR_NOMEM leaves at least one error in d (when not
 * NULL): the one that explains it, else level-failed naming the profile,
 * seed and depth. RF_ERR_ARG for options rf_level_opts_check refuses
 * (bad-level-option), an unknown profile, or without
 * a profile set a recipe name no bundled recipe has (unknown-profile,
 * unknown-recipe); RF_ERR_CONTENT when the
 * profile names a bundled recipe that does not exist (unknown-recipe at its
 * line); RF_ERR_SCRIPT when the recipe does not compile (script-syntax,
 * script-forbidden) or fails (script-error, ...); RF_ERR_NOMEM when memory
 * runs out. A level made warns (unknown-param) for each parameter of the
 * profile its recipe never read. */
RF_API RF_NODISCARD rf_status rf_level_generate(const rf_profile_set *profiles,
                                                const rf_level_opts *o, rf_level **out,
                                                rf_diags *d);
RF_API void rf_level_free(rf_level *l);

/* A level maker: levels made one after another with one Lua state, so a
 * game or a tool making many levels pays for the recipe's state and its
 * compiling once, not once a level (about 0.35 M instructions of a 5 M
 * Brogue level). Same options, same bytes as rf_level_generate, whatever
 * the maker made before. A maker serves one thread at a time: one maker a
 * thread. profiles is borrowed (NULL: the bundled profiles) and must
 * outlive the maker, unchanged. NULL when memory runs out. */
typedef struct rf_level_maker rf_level_maker; /* opaque */
RF_API RF_NODISCARD rf_level_maker *rf_level_maker_new(const rf_profile_set *profiles);
/* rf_level_generate with the maker's profiles and state: the same statuses
 * and diagnostics. A run that fails drops the state; the next makes a new
 * one. */
RF_API RF_NODISCARD rf_status rf_level_maker_generate(rf_level_maker *m, const rf_level_opts *o,
                                                      rf_level **out, rf_diags *d);
RF_API void rf_level_maker_free(rf_level_maker *m);

struct rf_template_set;
/* Proves profile name of profiles as `roomforge lint` does: generates its
 * trial levels (seed 1, depths 1 and 26, its own size, with templates when
 * not NULL) and adds to d what they report, each diagnostic once (notes are
 * left out; one d already holds is not added again): level-failed at the
 * profiles file when a level fails without saying why, and unknown-param for
 * each parameter no trial level's recipe read. RF_OK when every trial level
 * was made, RF_ERR_CONTENT when one was not, RF_ERR_ARG for a name the set
 * does not hold, RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_level_trial(const rf_profile_set *profiles, const char *name,
                                             const struct rf_template_set *templates,
                                             rf_diags *d);

/* True when name is a bundled recipe (scripts/levels/NAME.lua: brogue,
 * nethack, dungeonmaker). */
RF_API bool rf_level_has_recipe(const char *name);
/* True when the steps bundled recipe `recipe` calls read the profile
 * parameter key (its dig steps' keys and the pipeline's). */
RF_API bool rf_level_recipe_has_param(const char *recipe, const char *key);

/* Writes every profile of profiles, one a row: its name, its recipe and the
 * size its levels dig at (rf_level_default_size); text, or JSON
 * {"profiles":[{"name","recipe","width","height"}]} with null sizes for a
 * profile whose size cannot be known (its diagnostics go to d). RF_OK,
 * RF_ERR_CONTENT when a size could not be known, RF_ERR_IO when out fails,
 * RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_level_write_profiles(const rf_profile_set *profiles, FILE *out,
                                                      rf_write_format fmt, rf_diags *d);

RF_API const rf_grid *rf_level_grid(const rf_level *l);
RF_API uint64_t rf_level_seed(const rf_level *l);
RF_API int rf_level_depth(const rf_level *l);
RF_API size_t rf_level_room_count(const rf_level *l);
/* The ith room record (ids from 1 in dig order); valid until l is freed. */
RF_API const rf_room_rec *rf_level_room_at(const rf_level *l, size_t i);
/* Rooms that are not corridors. */
RF_API size_t rf_level_rooms_proper(const rf_level *l);
/* Rooms made from templates. */
RF_API size_t rf_level_template_count(const rf_level *l);
RF_API void rf_level_stairs_up(const rf_level *l, int *x, int *y);
RF_API void rf_level_stairs_down(const rf_level *l, int *x, int *y);
/* The trap count the digger drew for population. */
RF_API int rf_level_traps(const rf_level *l);
/* The chokepoint value at (x, y): walkable tiles cut off by removing it
 * (0 when it is no chokepoint or outside). */
RF_API int rf_level_choke(const rf_level *l, int x, int y);
/* True when (x, y) is walkable and lies on a loop: a cycle of 4-neighbour
 * steps over walkable tiles (a room's floor, a corridor that rejoins; not a
 * dead end or a tree's branch). The seed's loop map, for machines (DESIGN 17). */
RF_API bool rf_level_in_loop(const rf_level *l, int x, int y);
/* Row y of the loop map as the level's JSON "loops" writes it, w characters
 * and a NUL into out ('o' on a loop, '.' another walkable tile, ' ' the rest);
 * false when y is outside or size is below w + 1. */
RF_API bool rf_level_loop_row(const rf_level *l, int y, char *out, size_t size);
/* The objects placed on the level (special rooms, templates, then
 * population: traps and hordes, populate.h), in the order they were placed. */
RF_API size_t rf_level_object_count(const rf_level *l);
RF_API const rf_placed *rf_level_object_at(const rf_level *l, size_t i);
/* Objects of one type ("monster", "item", ...). */
RF_API size_t rf_level_object_count_of(const rf_level *l, const char *type);
/* What became of each template the placer planned for the level (place.h:
 * forced rooms first, then each weighted draw, in plan order; placed or why
 * not). 0 without templates. Valid until l is freed. */
RF_API size_t rf_level_plan_count(const rf_level *l);
RF_API const rf_place_entry *rf_level_plan_at(const rf_level *l, size_t i);
RF_API size_t rf_level_feeling_count(const rf_level *l);
RF_API const char *rf_level_feeling_at(const rf_level *l, size_t i);
/* What the DoomRL special-room pass did (special.h): its 7d2-7 roll, the
 * rooms given each feature, the types skipped for want of a room, locked
 * vaults. All zero when the profile turns the pass off. Valid until l is
 * freed; its feelings are also the level's (rf_level_feeling_at). */
RF_API const rf_special_result *rf_level_special(const rf_level *l);

/* The machines placed, in placement order; NULL past the end. Valid until l
 * is freed. None unless the level's opts named a catalogue (machines) and
 * its recipe called the machines step. */
RF_API size_t rf_level_machine_count(const rf_level *l);
RF_API const rf_level_machine *rf_level_machine_at(const rf_level *l, size_t i);
/* The machine holding cell (x, y) (its cells), 0 when none does. */
RF_API int rf_level_machine_of(const rf_level *l, int x, int y);

/* Writers. ascii: the grid, one line a row (terrain only, for diffs).
 * json: DESIGN 5's gen shape: rooms with their id (objects' "room" names
 * it), orientation, forced mark and template file and line; objects with
 * their handle (1-based, in level order: the handles rf_world_add_level gives
 * them in a fresh world). RF_ERR_IO when out fails. The
 * other formats are rf_view_write's (view.h). */
RF_API RF_NODISCARD rf_status rf_level_write_ascii(const rf_level *l, FILE *out);
RF_API RF_NODISCARD rf_status rf_level_write_json(const rf_level *l, FILE *out);
/* FNV-1a 64 of the JSON output (terrain, rooms, objects, feelings: the
 * catalog digest of DESIGN 5), each template's "file" taken as its base
 * name so the digest does not depend on where the content lies; 0 when
 * memory runs out. */
RF_API uint64_t rf_level_digest(const rf_level *l);

RF_END_C
#endif /* RF_LEVEL_H */

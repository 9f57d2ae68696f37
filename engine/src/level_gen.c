/* engine/src/level_gen.c: rf_level_generate: the digger table, the seed's
 * streams, DoomRL special rooms, stairs.
 *
 * Pipeline: recipe -> dig -> stairs -> special -> populate. The special pass comes
 * after the stairs so that no fluid can drown the only floor a small level
 * has for them: it only takes floor tiles, and stairs are not floor. Design: diggers are rows of one table
 * (name, dig, known keys, default size); a profile's digger attribute selects
 * the row, so a new digger is its functions and one row (level_int.h). A
 * level without a size takes its digger's (Brogue 79x29, NetHack 80x21,
 * DungeonMaker its rooms-file's), so each profile digs at home by default.
 * The layout and cosmetic streams come from the seed by name (DESIGN 7), so
 * cosmetic draws never move a wall. Special rooms draw from a stream of
 * their own ("special"), so turning them off in a profile leaves the dug
 * layout as it was.
 */
#include <string.h>

#include "alloc_int.h"
#include "level_int.h"
#include "level_dig2_int.h"
#include "place_int.h"
#include "roomforge/populate.h"
#include "roomforge/special.h"

static const rf_digger_row diggers[] = {
    {"brogue", rf_level_dig_brogue, rf_level_brogue_knows, rf_level_brogue_size},
    {"nethack", rf_level_dig_nethack, rf_level_nethack_knows, rf_level_nethack_size},
    {"dungeonmaker", rf_level_dig_dungeonmaker, rf_level_dungeonmaker_knows,
     rf_level_dungeonmaker_size},
};

static const rf_digger_row *find_digger(const char *name)
{
    size_t i;
    for (i = 0; name && i < sizeof diggers / sizeof diggers[0]; i++)
        if (strcmp(diggers[i].name, name) == 0)
            return &diggers[i];
    return NULL;
}

bool rf_level_has_digger(const char *name) { return find_digger(name) != NULL; }

/* Profile keys the pipeline reads whatever the digger. */
static const char *const pipeline_keys[] = {
    "special-rooms",  /* 1: DoomRL special rooms (7d2-7 a level), 0: none */
    "single-monster", /* 1: the single-monster level table (no vaults) */
    "populate",       /* 1: hordes and traps (populate.c), 0: none */
    "templates",      /* templates drawn a level at 79x29 (place.h); default 1-3 */
    "water-tile",     /* what template W, L, I, G become (codes in place.h) */
    "lava-tile",
    "ice-tile",
    "goo-tile",
};

bool rf_level_digger_has_param(const char *digger, const char *key)
{
    const rf_digger_row *row = find_digger(digger);
    size_t i;
    if (!row || !key)
        return false;
    for (i = 0; i < sizeof pipeline_keys / sizeof pipeline_keys[0]; i++)
        if (strcmp(pipeline_keys[i], key) == 0)
            return true;
    return !row->knows || row->knows(key);
}

void rf_level_opts_init(rf_level_opts *o)
{
    memset(o, 0, sizeof *o);
    o->profile = "brogue";
    o->seed = 1;
    o->depth = 1;
    o->width = 0; /* the digger's own size */
    o->height = 0;
    o->difficulty = RF_DIFFICULTY_HMP;
}

/* DoomRL special rooms on the dug rooms, when the profile asks (default
 * yes); their feelings join the level's. */
static rf_status special_pass(rf_level *lv, const rf_profile *prof, const rf_level_opts *o)
{
    rf_special_opts so;
    rf_special_result res;
    rf_rng rng;
    rf_status st;
    size_t i;
    if (rf_profile_int(prof, o->depth, "special-rooms", 1) == 0)
        return RF_OK;
    so.depth = o->depth;
    so.difficulty = o->difficulty ? (rf_difficulty)o->difficulty : RF_DIFFICULTY_HMP;
    so.single_monster = rf_profile_int(prof, o->depth, "single-monster", 0) != 0;
    rf_rng_seed_named(&rng, o->seed, "special");
    st = rf_special_rooms(lv->g, &lv->rooms, &so, &rng, &lv->objs, &res);
    lv->special = res;
    for (i = 0; st == RF_OK && i < res.nfeelings; i++)
        if (!rf_level_add_feeling(lv, res.feelings[i]))
            st = RF_ERR_NOMEM;
    return st;
}

/* Hordes and traps after the special rooms, when the profile asks (default
 * yes), from the set's population tables or the bundled ones, on a stream of
 * their own ("populate"): turning population off changes nothing else. */
static rf_status populate_pass(rf_level *lv, const rf_profile_set *profiles,
                               const rf_profile *prof, const rf_level_opts *o)
{
    const rf_horde_table *t = profiles ? rf_profile_set_hordes(profiles) : NULL;
    rf_populate_opts po;
    rf_rng rng;
    if (rf_profile_int(prof, o->depth, "populate", 1) == 0)
        return RF_OK;
    rf_populate_opts_init(&po);
    po.depth = o->depth;
    po.traps = lv->traps;
    po.up_x = lv->up_x;
    po.up_y = lv->up_y;
    po.choke = lv->choke;
    rf_rng_seed_named(&rng, o->seed, RF_RNG_POPULATE);
    return rf_populate(lv->g, &lv->rooms, t ? t : rf_horde_table_bundled(), &po, &rng, &lv->objs,
                       NULL);
}

/* The profile o names (NULL without a set) and its digger row; RF_ERR_ARG,
 * reported to d, when either is unknown. */
static rf_status resolve(const rf_profile_set *profiles, const rf_level_opts *o,
                         const rf_profile **prof, const rf_digger_row **row, rf_diags *d)
{
    const char *name = o->profile ? o->profile : "brogue";
    *prof = NULL;
    if (profiles) {
        *prof = rf_profile_find(profiles, name);
        if (!*prof) {
            if (d)
                (void)rf_diag_add(d, "unknown-profile", "profiles", 0, 0, "no profile called '%s'",
                                  name);
            return RF_ERR_ARG;
        }
        name = rf_profile_digger(*prof);
    }
    *row = find_digger(name);
    if (!*row) {
        if (d)
            (void)rf_diag_add(d, "unknown-digger", "profiles", 0, 0, "no digger called '%s'", name);
        return RF_ERR_ARG;
    }
    return RF_OK;
}

/* The size o asks for, or the digger's when o gives width = height = 0. */
static rf_status level_size(const rf_digger_row *row, const rf_profile *prof,
                            const rf_level_opts *o, int *w, int *h)
{
    if (o->width == 0 && o->height == 0)
        return row->size(prof, o->depth, o->rooms_file, w, h);
    *w = o->width;
    *h = o->height;
    return RF_OK;
}

static bool size_ok(int w, int h)
{
    return w >= RF_LEVEL_MIN_W && h >= RF_LEVEL_MIN_H && w <= RF_LEVEL_MAX_SIDE &&
           h <= RF_LEVEL_MAX_SIDE;
}

rf_status rf_level_default_size(const rf_profile_set *profiles, const rf_level_opts *o, int *w,
                                int *h, rf_diags *d)
{
    const rf_profile *prof;
    const rf_digger_row *row;
    int sw, sh;
    rf_status st;
    if (!o || !w || !h || o->depth < 1 || o->depth > 1000)
        return RF_ERR_ARG;
    st = resolve(profiles, o, &prof, &row, d);
    if (st == RF_OK)
        st = row->size(prof, o->depth, o->rooms_file, &sw, &sh);
    if (st != RF_OK)
        return st;
    *w = sw;
    *h = sh;
    return RF_OK;
}

rf_status rf_level_generate(const rf_profile_set *profiles, const rf_level_opts *o, rf_level **out,
                            rf_diags *d)
{
    const rf_profile *prof = NULL;
    const rf_digger_row *row;
    rf_level *lv;
    rf_placer placer;
    rf_rng layout, cosmetic;
    rf_status st;
    size_t n;
    int w, h;
    if (!o || !out || o->depth < 1 || o->depth > 1000 || (o->width == 0) != (o->height == 0) ||
        o->difficulty < 0 || o->difficulty > RF_DIFFICULTY_NIGHTMARE ||
        (o->width != 0 && !size_ok(o->width, o->height)))
        return RF_ERR_ARG;
    st = resolve(profiles, o, &prof, &row, d);
    if (st == RF_OK)
        st = level_size(row, prof, o, &w, &h);
    if (st != RF_OK)
        return st;
    if (!size_ok(w, h))
        return RF_ERR_ARG;
    lv = rf_calloc(1, sizeof *lv);
    if (!lv)
        return RF_ERR_NOMEM;
    lv->seed = o->seed;
    lv->depth = o->depth;
    lv->rooms_file = o->rooms_file;
    rf_room_list_init(&lv->rooms);
    n = (size_t)w * (size_t)h;
    lv->g = rf_grid_new(w, h);
    lv->choke = rf_calloc(n, sizeof *lv->choke);
    st = RF_ERR_NOMEM;
    if (!lv->g || !lv->choke)
        goto fail;
    rf_rng_seed_named(&layout, o->seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, o->seed, RF_RNG_COSMETIC);
    rf_placed_list_init(&lv->objs);
    /* templates: the plan before digging (Brogue attaches during accretion),
     * fit and objects after it, before the stairs */
    st = rf_place_begin(&placer, lv, prof, o, d);
    if (st == RF_OK) {
        lv->placer = o->templates ? &placer : NULL;
        st = row->dig(lv, prof, &layout, &cosmetic);
        lv->placer = NULL;
    }
    if (st == RF_OK && o->templates) {
        const rf_horde_table *ht = profiles ? rf_profile_set_hordes(profiles) : NULL;
        st = rf_place_finish(&placer, o->seed, &cosmetic, ht ? ht : rf_horde_table_bundled(), d);
    }
    rf_place_fini(&placer);
    if (st == RF_OK)
        st = rf_level_place_stairs(lv, &layout);
    if (st == RF_OK)
        st = special_pass(lv, prof, o);
    if (st == RF_OK)
        st = populate_pass(lv, profiles, prof, o);
    if (st != RF_OK)
        goto fail;
    *out = lv;
    return RF_OK;
fail:
    rf_level_free(lv);
    return st;
}

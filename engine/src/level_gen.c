/* engine/src/level_gen.c: rf_level_generate: the digger table, the seed's
 * streams, stairs.
 *
 * Pipeline: recipe -> dig -> stairs. Design: diggers are rows of one table
 * (name, function); a profile's digger attribute selects the row, so a new
 * digger is one function and one row (level_int.h). The layout and cosmetic
 * streams come from the seed by name (DESIGN 7), so cosmetic draws never move
 * a wall.
 */
#include <string.h>

#include "alloc_int.h"
#include "level_int.h"
#include "level_dig2_int.h"

static const rf_digger_row diggers[] = {
    {"brogue", rf_level_dig_brogue, rf_level_brogue_knows},
    {"nethack", rf_level_dig_nethack, rf_level_nethack_knows},
    {"dungeonmaker", rf_level_dig_dungeonmaker, rf_level_dungeonmaker_knows},
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

bool rf_level_digger_has_param(const char *digger, const char *key)
{
    const rf_digger_row *row = find_digger(digger);
    return row && key && (!row->knows || row->knows(key));
}

void rf_level_opts_init(rf_level_opts *o)
{
    memset(o, 0, sizeof *o);
    o->profile = "brogue";
    o->seed = 1;
    o->depth = 1;
    o->width = 79;
    o->height = 29;
}

rf_status rf_level_generate(const rf_profile_set *profiles, const rf_level_opts *o, rf_level **out,
                            rf_diags *d)
{
    const char *name;
    const rf_profile *prof = NULL;
    const rf_digger_row *row;
    rf_level *lv;
    rf_rng layout, cosmetic;
    rf_status st;
    size_t n;
    if (!o || !out || o->width < RF_LEVEL_MIN_W || o->height < RF_LEVEL_MIN_H ||
        o->width > RF_LEVEL_MAX_SIDE || o->height > RF_LEVEL_MAX_SIDE || o->depth < 1 ||
        o->depth > 1000)
        return RF_ERR_ARG;
    name = o->profile ? o->profile : "brogue";
    if (profiles) {
        prof = rf_profile_find(profiles, name);
        if (!prof) {
            if (d)
                (void)rf_diag_add(d, "unknown-profile", "profiles", 0, 0, "no profile called '%s'",
                                  name);
            return RF_ERR_ARG;
        }
        name = rf_profile_digger(prof);
    }
    row = find_digger(name);
    if (!row) {
        if (d)
            (void)rf_diag_add(d, "unknown-digger", "profiles", 0, 0, "no digger called '%s'", name);
        return RF_ERR_ARG;
    }
    lv = rf_calloc(1, sizeof *lv);
    if (!lv)
        return RF_ERR_NOMEM;
    lv->seed = o->seed;
    lv->depth = o->depth;
    lv->rooms_file = o->rooms_file;
    rf_room_list_init(&lv->rooms);
    n = (size_t)o->width * (size_t)o->height;
    lv->g = rf_grid_new(o->width, o->height);
    lv->choke = rf_calloc(n, sizeof *lv->choke);
    st = RF_ERR_NOMEM;
    if (!lv->g || !lv->choke)
        goto fail;
    rf_rng_seed_named(&layout, o->seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, o->seed, RF_RNG_COSMETIC);
    st = row->dig(lv, prof, &layout, &cosmetic);
    if (st != RF_OK)
        goto fail;
    st = rf_level_place_stairs(lv, &layout);
    if (st != RF_OK)
        goto fail;
    *out = lv;
    return RF_OK;
fail:
    rf_level_free(lv);
    return st;
}

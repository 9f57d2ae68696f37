/* engine/src/level_dig2.c: the level rows "nethack" and "dungeonmaker".
 *
 * Pipeline: recipe -> dig; reads a profile's parameters and the level's
 * rooms-file, calls rf_dig_rects / rf_dig_crawl on the level; called through
 * the digger table of level_gen.c. Design: parameters are rows of a table
 * (profile key, offset into the params struct), so a key is one line and the
 * "knows" predicate reads the same table. A profile value outside a digger's
 * range is RF_ERR_ARG from the digger, not clamped silently. Both diggers draw
 * only from the layout stream; the cosmetic one is unused.
 */
#include "level_dig2_int.h"

#include <stddef.h>
#include <string.h>

#include "roomforge/dig_crawl.h"
#include "roomforge/dig_rects.h"
#include "roomforge/rooms_file.h"

typedef struct key_row {
    const char *key;
    size_t offset; /* of an int in the params struct */
} key_row;

static const key_row nethack_keys[] = {
    {"max-rooms", offsetof(rf_rects_params, max_rooms)},
    {"tries", offsetof(rf_rects_params, tries)},
    {"vault-chance", offsetof(rf_rects_params, vault_chance)},
    {"secret-door-one-in", offsetof(rf_rects_params, secret_door_one_in)},
    {"dark-from-depth", offsetof(rf_rects_params, dark_from_depth)},
    {"lit-anyway-one-in", offsetof(rf_rects_params, lit_anyway_one_in)},
    {"extra-joins", offsetof(rf_rects_params, extra_joins)},
};

static const key_row crawl_keys[] = {
    {"generations", offsetof(rf_crawl_params, generations)},
    {"lifetime", offsetof(rf_crawl_params, lifetime)},
    {"spawn-chance", offsetof(rf_crawl_params, spawn_chance)},
    {"turn-chance", offsetof(rf_crawl_params, turn_chance)},
    {"child-closed", offsetof(rf_crawl_params, child_closed)},
};

/* Overrides the ints of params with the profile's values at depth. */
static void read_keys(const rf_profile *p, int depth, const key_row *rows, size_t n, void *params)
{
    size_t i;
    for (i = 0; p && i < n; i++) {
        int *field = (int *)(void *)((char *)params + rows[i].offset);
        *field = rf_profile_int(p, depth, rows[i].key, *field);
    }
}

static bool has_key(const key_row *rows, size_t n, const char *key)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(rows[i].key, key) == 0)
            return true;
    return false;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

bool rf_level_nethack_knows(const char *key)
{
    return has_key(nethack_keys, COUNT(nethack_keys), key);
}

bool rf_level_dungeonmaker_knows(const char *key)
{
    return strcmp(key, "rooms") == 0 || has_key(crawl_keys, COUNT(crawl_keys), key);
}

/* The bundled rooms-file profile p names (its `rooms`, default 1), loaded
 * into *out. RF_ERR_ARG for a number no bundled file has. */
static rf_status load_bundled(const rf_profile *p, int depth, rf_rooms_file **out)
{
    size_t len;
    const char *text = rf_rooms_file_bundled(p ? rf_profile_int(p, depth, "rooms", 1) : 1, &len);
    rf_diags *d;
    rf_status st;
    if (!text)
        return RF_ERR_ARG;
    d = rf_diags_new();
    if (!d)
        return RF_ERR_NOMEM;
    st = rf_rooms_file_load_buffer(text, len, "bundled rooms-file", d, out);
    rf_diags_free(d);
    return st == RF_ERR_CONTENT ? RF_ERR_ARG : st; /* the bundled files load */
}

rf_status rf_level_nethack_size(const rf_profile *p, int depth, const rf_rooms_file *rf, int *w,
                                int *h)
{
    (void)p;
    (void)depth;
    (void)rf;
    *w = RF_RECTS_DEFAULT_W;
    *h = RF_RECTS_DEFAULT_H;
    return RF_OK;
}

/* A side of the file clamped to the level's limits (a rooms-file may be as
 * small as 10 x 10; the digger scales its points to the grid it gets). */
static int clamp_side(int v, int lo)
{
    return v < lo ? lo : v > RF_LEVEL_MAX_SIDE ? RF_LEVEL_MAX_SIDE : v;
}

rf_status rf_level_dungeonmaker_size(const rf_profile *p, int depth, const rf_rooms_file *rf,
                                     int *w, int *h)
{
    rf_rooms_file *own = NULL;
    if (!rf) {
        rf_status st = load_bundled(p, depth, &own);
        if (st != RF_OK)
            return st;
        rf = own;
    }
    *w = clamp_side(rf_rooms_file_dim_y(rf), RF_LEVEL_MIN_W);
    *h = clamp_side(rf_rooms_file_dim_x(rf), RF_LEVEL_MIN_H);
    rf_rooms_file_free(own);
    return RF_OK;
}

rf_status rf_level_dig_nethack(rf_level *lv, const rf_profile *p, rf_rng *layout, rf_rng *cosmetic)
{
    rf_rects_params params;
    (void)cosmetic;
    rf_rects_params_init(&params);
    read_keys(p, lv->depth, nethack_keys, COUNT(nethack_keys), &params);
    return rf_dig_rects(lv->g, &lv->rooms, layout, &params, lv->depth, NULL);
}

rf_status rf_level_dig_dungeonmaker(rf_level *lv, const rf_profile *p, rf_rng *layout,
                                    rf_rng *cosmetic)
{
    rf_crawl_params params;
    rf_rooms_file *own = NULL;
    const rf_rooms_file *rf = lv->rooms_file;
    rf_status st;
    (void)cosmetic;
    rf_crawl_params_init(&params);
    read_keys(p, lv->depth, crawl_keys, COUNT(crawl_keys), &params);
    if (!rf) {
        st = load_bundled(p, lv->depth, &own);
        if (st != RF_OK)
            return st;
        rf = own;
    }
    st = rf_dig_crawl(lv->g, &lv->rooms, layout, rf, &params, NULL);
    rf_rooms_file_free(own);
    return st;
}

/* engine/src/level/level_dig2.c: the recipe steps dig_rects (NetHack) and
 * dig_crawl (DungeonMaker).
 *
 * Pipeline: level -> dig; reads a step's parameters and the level's
 * rooms-file, calls rf_dig_rects / rf_dig_crawl. Design: parameters are table
 * rows (key, offset); an out-of-range value is RF_ERR_ARG, never clamped.
 */
#include "level_dig2_int.h"
#include "core/seam.h"
#include "recipe_int.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "dig/seam.h"
#include "roomforge/rooms_file.h"

typedef struct key_row {
    const char *key;
    size_t offset; /* of an int in the params struct */
    int min, max;  /* what the digger takes (its params_ok) */
} key_row;

#define BIG RF_PARAM_MAX
static const key_row nethack_keys[] = {
    {"max-rooms", offsetof(rf_rects_params, max_rooms), 1, RF_RECTS_MAX_ROOMS},
    {"tries", offsetof(rf_rects_params, tries), 0, 100000},
    {"vault-chance", offsetof(rf_rects_params, vault_chance), 0, BIG},
    {"secret-door-one-in", offsetof(rf_rects_params, secret_door_one_in), 0, BIG},
    {"dark-from-depth", offsetof(rf_rects_params, dark_from_depth), 0, BIG},
    {"lit-anyway-one-in", offsetof(rf_rects_params, lit_anyway_one_in), 0, BIG},
    {"extra-joins", offsetof(rf_rects_params, extra_joins), 0, 1000},
};

static const key_row crawl_keys[] = {
    {"generations", offsetof(rf_crawl_params, generations), 0, 20},
    {"lifetime", offsetof(rf_crawl_params, lifetime), 0, 100000},
    {"spawn-chance", offsetof(rf_crawl_params, spawn_chance), 0, 100},
    {"turn-chance", offsetof(rf_crawl_params, turn_chance), 0, 100},
    {"child-closed", offsetof(rf_crawl_params, child_closed), 0, 100},
};

/* Overrides the ints of params with the values src sets (a range's low
 * end). False, with why, when one is outside what the digger takes. */
static bool read_keys(const rf_params *src, const key_row *rows, size_t n, void *params,
                      char *why, size_t cap)
{
    size_t i;
    for (i = 0; src && i < n; i++) {
        int *field = (int *)(void *)((char *)params + rows[i].offset), hi;
        if (src->get(src->ud, rows[i].key, field, &hi) &&
            (*field < rows[i].min || *field > rows[i].max)) {
            snprintf(why, cap, "parameter '%s' is %d; the digger takes %d-%d", rows[i].key,
                     *field, rows[i].min, rows[i].max);
            return false;
        }
    }
    return true;
}

/* The value src sets for key (a range's low end), or def. */
static int read_int(const rf_params *src, const char *key, int def)
{
    int lo, hi;
    return src && src->get(src->ud, key, &lo, &hi) ? lo : def;
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

/* The bundled rooms-file src names (its `rooms`, default 1), loaded into
 * *out. RF_ERR_ARG for a number no bundled file has. */
static rf_status load_bundled(const rf_params *src, rf_rooms_file **out)
{
    size_t len;
    const char *text = rf_rooms_file_bundled(read_int(src, "rooms", 1), &len);
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

rf_status rf_level_nethack_size(const rf_params *src, const rf_rooms_file *rf, int *w, int *h)
{
    (void)src;
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

rf_status rf_level_dungeonmaker_size(const rf_params *src, const rf_rooms_file *rf, int *w,
                                     int *h)
{
    rf_rooms_file *own = NULL;
    if (!rf) {
        rf_status st = load_bundled(src, &own);
        if (st != RF_OK)
            return st;
        rf = own;
    }
    *w = clamp_side(rf_rooms_file_dim_y(rf), RF_LEVEL_MIN_W);
    *h = clamp_side(rf_rooms_file_dim_x(rf), RF_LEVEL_MIN_H);
    rf_rooms_file_free(own);
    return RF_OK;
}

rf_status rf_level_dig_nethack(rf_level *lv, const rf_params *src, const uint8_t *keep,
                               rf_rng *layout, char *why, size_t cap)
{
    rf_rects_params params;
    rf_rects_params_init(&params);
    if (!read_keys(src, nethack_keys, COUNT(nethack_keys), &params, why, cap))
        return RF_ERR_ARG;
    params.keep_out = keep;
    return rf_dig_rects(lv->g, &lv->rooms, layout, &params, lv->depth, NULL);
}

rf_status rf_level_dig_dungeonmaker(rf_level *lv, const rf_params *src, const rf_rooms_file *rf,
                                    const uint8_t *keep, rf_rng *layout, char *why, size_t cap)
{
    rf_crawl_params params;
    rf_rooms_file *own = NULL;
    rf_status st;
    rf_crawl_params_init(&params);
    if (!read_keys(src, crawl_keys, COUNT(crawl_keys), &params, why, cap))
        return RF_ERR_ARG;
    params.keep_out = keep;
    if (!rf) {
        st = load_bundled(src, &own);
        if (st != RF_OK)
            return st;
        rf = own;
    }
    st = rf_dig_crawl(lv->g, &lv->rooms, layout, rf, &params, NULL);
    rf_rooms_file_free(own);
    return st;
}

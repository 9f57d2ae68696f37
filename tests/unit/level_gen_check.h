/* tests/unit/level_gen_check.h: levels through rf_level_generate with the
 * bundled content/profiles.xml, checked against DESIGN 6 with the checks of
 * level_check.h. Shared by the digger suites that sweep a profile (header
 * only, needs Check and RF_SOURCE_DIR).
 */
#ifndef RF_LEVEL_GEN_CHECK_H
#define RF_LEVEL_GEN_CHECK_H

#include "level_check.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"

/* Digs g with the Brogue digger alone (p scaled to g's size), the seed's
 * layout and cosmetic streams; choke and info as rf_brogue_dig takes them. */
static inline rf_status lc_brogue_dig(rf_grid *g, rf_brogue_params *p, uint64_t seed, int *choke,
                                      rf_brogue_info *info)
{
    rf_room_list rooms;
    rf_rng layout, cosmetic;
    rf_status st;
    rf_room_list_init(&rooms);
    rf_brogue_params_scale(p, rf_grid_width(g), rf_grid_height(g));
    rf_rng_seed_named(&layout, seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, seed, RF_RNG_COSMETIC);
    st = rf_brogue_dig(g, &rooms, p, NULL, 0, &layout, &cosmetic, choke, info);
    rf_room_list_fini(&rooms);
    return st;
}

/* content/profiles.xml, loaded with no diagnostic. */
static inline rf_profile_set *lc_bundled_profiles(void)
{
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(set && d);
    ck_assert_int_eq(rf_profile_set_load(set, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    rf_diags_free(d);
    return set;
}

/* One level of profile at w x h: the same digest twice, both stairs where
 * the level says and outside locked rooms, every walkable tile outside locked
 * rooms reachable from the up stairs. Returns the level; the caller frees it. */
static inline rf_level *lc_level_of(const rf_profile_set *set, const char *profile, uint64_t seed,
                                    int depth, int w, int h)
{
    rf_level_opts o;
    rf_level *a = NULL, *b = NULL;
    lc_map m;
    int ux, uy, dx, dy, fx = -1, fy = -1, bad;
    rf_level_opts_init(&o);
    o.profile = profile;
    o.seed = seed;
    o.depth = depth;
    o.width = w;
    o.height = h;
    ck_assert_int_eq(rf_level_generate(set, &o, &a, NULL), RF_OK);
    ck_assert_int_eq(rf_level_generate(set, &o, &b, NULL), RF_OK);
    ck_assert(rf_level_digest(a) == rf_level_digest(b));
    rf_level_free(b);
    ck_assert(lc_load(&m, rf_level_grid(a)));
    ck_assert(lc_skip_locked(&m, rf_level_room_at(a, 0), rf_level_room_count(a)));
    rf_level_stairs_up(a, &ux, &uy);
    rf_level_stairs_down(a, &dx, &dy);
    ck_assert_int_eq(LC_AT(&m, ux, uy), RF_TILE_STAIRS_UP);
    ck_assert_int_eq(LC_AT(&m, dx, dy), RF_TILE_STAIRS_DOWN);
    ck_assert_msg(!m.skip[uy * w + ux] && !m.skip[dy * w + dx],
                  "%s seed %llu: stairs in a locked room", profile, (unsigned long long)seed);
    bad = lc_unreachable(&m, ux, uy, &fx, &fy);
    ck_assert_msg(bad == 0, "%s seed %llu: %d unreachable, first %d,%d", profile,
                  (unsigned long long)seed, bad, fx, fy);
    lc_free(&m);
    return a;
}

#endif /* RF_LEVEL_GEN_CHECK_H */

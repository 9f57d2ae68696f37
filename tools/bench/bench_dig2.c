/* tools/bench/bench_dig2.c: levels per second of every profile's level and
 * of the NetHack and DungeonMaker diggers alone.
 *
 * Pipeline: benchmark over dig_rects.h, dig_crawl.h and level.h; prints
 * figures, asserts nothing; a grid checksum keeps the work honest.
 * Usage: `--count N` sets the levels per line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "dig/seam.h"
#include "roomforge/level.h"

static uint64_t grid_hash(const rf_grid *g)
{
    char row[1024];
    uint64_t hsh = 0;
    int y;
    for (y = 0; y < rf_grid_height(g); y++)
        if (rf_grid_row(g, y, row, sizeof row))
            hsh = hsh * 31 + rf_fnv1a64(row, strlen(row));
    return hsh;
}

/* One digger alone: which 0 NetHack, 1 DungeonMaker. */
static int run_digger(int which, const rf_rooms_file *rf, int w, int h, int count)
{
    double t0 = bench_now(), t;
    uint64_t check = 0;
    int i;
    for (i = 0; i < count; i++) {
        rf_grid *g = rf_grid_new(w, h);
        rf_room_list rooms;
        rf_rng rng;
        rf_status st;
        rf_room_list_init(&rooms);
        rf_rng_seed_named(&rng, (uint64_t)i + 1, RF_RNG_LAYOUT);
        st = !g ? RF_ERR_NOMEM
             : which == 0 ? rf_dig_rects(g, &rooms, &rng, NULL, 1 + i % 30, NULL)
                          : rf_dig_crawl(g, &rooms, &rng, rf, NULL, NULL);
        if (st != RF_OK) {
            fprintf(stderr, "bench_dig2: seed %d failed: %s\n", i + 1, rf_status_str(st));
            rf_grid_free(g);
            rf_room_list_fini(&rooms);
            return 1;
        }
        check ^= grid_hash(g);
        rf_grid_free(g);
        rf_room_list_fini(&rooms);
    }
    t = bench_now() - t0;
    printf("  %-12s digger   %4dx%-4d %6d levels %9.1f levels/s %8.3f ms/level (%016llx)\n",
           which == 0 ? "nethack" : "dungeonmaker", w, h, count, count / t, t * 1000.0 / count,
           (unsigned long long)check);
    return 0;
}

/* A profile level through rf_level_generate (profile defaults, no XML);
 * w = h = 0: the profile's own size. */
static int run_level(const char *digger, int w, int h, int count)
{
    rf_level_opts o;
    double t0 = bench_now(), t;
    uint64_t check = 0;
    int i;
    rf_level_opts_init(&o);
    o.profile = digger;
    o.width = w;
    o.height = h;
    if (w == 0 && rf_level_default_size(NULL, &o, &w, &h, NULL) != RF_OK) {
        fprintf(stderr, "bench_dig2: %s has no size\n", digger);
        return 1;
    }
    for (i = 0; i < count; i++) {
        rf_level *lv = NULL;
        o.seed = (uint64_t)i + 1;
        o.depth = 1 + i % 26;
        if (rf_level_generate(NULL, &o, &lv, NULL) != RF_OK) {
            fprintf(stderr, "bench_dig2: %s seed %d failed\n", digger, i + 1);
            return 1;
        }
        check ^= rf_level_digest(lv);
        rf_level_free(lv);
    }
    t = bench_now() - t0;
    printf("  %-12s level    %4dx%-4d %6d levels %9.1f levels/s %8.3f ms/level (%016llx)%s\n",
           digger, w, h, count, count / t, t * 1000.0 / count, (unsigned long long)check,
           o.width == 0 ? "  own size" : "");
    return 0;
}

int main(int argc, char **argv)
{
    rf_rooms_file *rf = NULL;
    rf_diags *d = rf_diags_new();
    size_t len;
    const char *text = rf_rooms_file_bundled(1, &len);
    int count = 1000, rc;
    if (argc == 3 && strcmp(argv[1], "--count") == 0 && atoi(argv[2]) > 0) {
        count = atoi(argv[2]);
    } else if (argc != 1) {
        fprintf(stderr, "usage: bench_dig2 [--count N]\n");
        rf_diags_free(d);
        return 2;
    }
    if (!d || rf_rooms_file_load_buffer(text, len, "rooms1", d, &rf) != RF_OK) {
        fprintf(stderr, "bench_dig2: the bundled rooms-file does not load\n");
        rf_diags_free(d);
        return 1;
    }
    rc = run_level("brogue", 0, 0, count) || run_level("brogue", 200, 200, count / 10 + 1) ||
         run_level("nethack", 0, 0, count) || run_level("nethack", 200, 200, count / 4 + 1) ||
         run_level("dungeonmaker", 0, 0, count) ||
         run_level("dungeonmaker", 200, 200, count / 4 + 1) ||
         run_digger(0, NULL, RF_RECTS_DEFAULT_W, RF_RECTS_DEFAULT_H, count) ||
         run_digger(0, NULL, 200, 200, count / 4 + 1) ||
         run_digger(1, rf, rf_rooms_file_dim_y(rf), rf_rooms_file_dim_x(rf), count) ||
         run_digger(1, rf, 200, 200, count / 4 + 1);
    rf_rooms_file_free(rf);
    rf_diags_free(d);
    return rc;
}

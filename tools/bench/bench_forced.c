/* tools/bench/bench_forced.c: how often a forced room is placed, and whole.
 *
 * Pipeline: benchmark over profile.h and level.h: plain rooms of growing
 * sizes, up to the largest each profile's level holds, forced into levels
 * of every profile; prints shares and time per level, asserts nothing.
 * Usage: bench_forced [--seeds N] [--sizes WxH,...] [--failures]
 * (--failures lists each level where the room is missing or not whole).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

#define MAX_SIZES 16
#define ROOMS_XML_MAX 16384

static const char *const profiles[] = {"brogue", "nethack", "dungeonmaker", "caverns"};
static const int depths[] = {2, 6, 10};

/* rooms.xml text of one w x h room named name: walls around floor, a door
 * in the middle of the top edge, and with four_doors one on every edge. */
static void room_xml(char *buf, size_t cap, const char *name, int w, int h, bool four_doors)
{
    size_t n = (size_t)snprintf(buf, cap,
                                "<roomdb><room name=\"%s\" width=\"%d\" height=\"%d\">"
                                "<flags minLevel=\"0\" maxLevel=\"99\"/>",
                                name, w, h);
    int x, y;
    for (y = 0; y < h && n < cap; y++) {
        char row[256];
        for (x = 0; x < w; x++) {
            bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            char c = edge ? '#' : '.';
            if ((y == 0 && x == w / 2) || (four_doors && y == h - 1 && x == w / 2))
                c = 'D';
            else if (four_doors && (x == 0 || x == w - 1) && y == h / 2)
                c = 'd';
            row[x] = c;
        }
        row[w] = '\0';
        n += (size_t)snprintf(buf + n, cap - n, "<row text=\"%s\"/>", row);
    }
    if (n < cap)
        snprintf(buf + n, cap - n, "</room></roomdb>");
}

/* True when every floor cell of t's map, drawn at (rx, ry) unturned, is
 * walkable in g and reached from the up stairs (ux, uy). */
static bool whole(const rf_grid *g, const rf_template *t, int rx, int ry, int ux, int uy)
{
    int w = rf_grid_width(g), h = rf_grid_height(g), x, y, n = w * h, head = 0, tail = 0;
    unsigned char *seen = calloc((size_t)n, 1);
    int *queue = malloc((size_t)n * sizeof *queue);
    bool ok = seen && queue;
    if (ok) {
        queue[tail++] = uy * w + ux;
        seen[uy * w + ux] = 1;
    }
    while (ok && head < tail) {
        int c = queue[head++], k;
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (k = 0; k < 4; k++) {
            int nx = c % w + dx[k], ny = c / w + dy[k];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[ny * w + nx] ||
                !rf_tile_is_walkable(rf_grid_get(g, nx, ny)))
                continue;
            seen[ny * w + nx] = 1;
            queue[tail++] = ny * w + nx;
        }
    }
    for (y = 0; ok && y < rf_template_height(t); y++)
        for (x = 0; ok && x < rf_template_width(t); x++)
            if (rf_template_cell(t, x, y) == '.' &&
                !(rf_grid_in_bounds(g, rx + x, ry + y) && seen[(ry + y) * w + rx + x]))
                ok = false;
    free(seen);
    free(queue);
    return ok;
}

/* Forces t into every level of profile at seeds 1..seeds: counts placed and whole. */
static void run(const rf_profile_set *ps, const rf_template_set *ts, const rf_template *t,
                const char *profile, int seeds, bool failures, int *placed, int *whole_n,
                int *tried)
{
    const char *name = rf_template_name(t);
    int s;
    size_t k, i;
    for (s = 1; s <= seeds; s++)
        for (k = 0; k < sizeof depths / sizeof depths[0]; k++) {
            rf_level_opts o;
            rf_level *lv = NULL;
            rf_diags *d = rf_diags_new();
            rf_level_opts_init(&o);
            o.profile = profile;
            o.seed = (uint64_t)s;
            o.depth = depths[k];
            o.templates = ts;
            o.rooms = &name;
            o.nrooms = 1;
            (*tried)++;
            if (d && rf_level_generate(ps, &o, &lv, d) == RF_OK) {
                int ux, uy, was = *whole_n;
                (*placed)++;
                rf_level_stairs_up(lv, &ux, &uy);
                for (i = 0; i < rf_level_room_count(lv); i++) {
                    const rf_room_rec *r = rf_level_room_at(lv, i);
                    if (r->kind == RF_ROOM_TEMPLATE && r->tmpl == t) {
                        *whole_n += whole(rf_level_grid(lv), t, r->x, r->y, ux, uy);
                        break;
                    }
                }
                if (failures && *whole_n == was)
                    fprintf(stderr, "  not whole: %s seed %d depth %d '%s'\n", profile, s,
                            depths[k], name);
            } else if (failures) {
                fprintf(stderr, "  not placed: %s seed %d depth %d '%s'\n", profile, s, depths[k],
                        name);
            }
            rf_level_free(lv);
            rf_diags_free(d);
        }
}

/* One table cell: placed% / whole% and ms per level of room w x h (doors
 * 1 or 4) forced into profile, or "-" when the level cannot hold it (the
 * room is then refused with room-not-placed, as it must be). */
static void cell(const rf_profile_set *ps, rf_diags *d, const char *profile, int w, int h,
                 int doors, int lw, int lh, int seeds, bool failures)
{
    char xml[ROOMS_XML_MAX], name[64], out[48];
    rf_template_set *ts = rf_template_set_new();
    int placed = 0, whole_n = 0, tried = 0;
    bool fits = w <= lw - 2 && h <= lh - 2 && (doors == 4 ? (w <= lw - 3 || h <= lh - 3)
                                                          : h <= lh - 3);
    double t0;
    snprintf(name, sizeof name, "Forced %dx%d %d", w, h, doors);
    room_xml(xml, sizeof xml, name, w, h, doors == 4);
    if (!ts || rf_template_set_load_buffer(ts, "forced.xml", xml, strlen(xml), d) != RF_OK) {
        fprintf(stderr, "bench_forced: room %s does not load\n", name);
        exit(2);
    }
    if (!fits) {
        printf(" %22s", "- (larger)");
        rf_template_set_free(ts);
        return;
    }
    t0 = bench_now();
    run(ps, ts, rf_template_set_at(ts, 0), profile, seeds, failures, &placed, &whole_n, &tried);
    snprintf(out, sizeof out, "%5.1f / %5.1f %5.1fms", 100.0 * placed / tried,
             100.0 * whole_n / tried, 1000.0 * (bench_now() - t0) / tried);
    printf(" %22s", out);
    fflush(stdout);
    rf_template_set_free(ts);
}

#define NPROFILES (sizeof profiles / sizeof profiles[0])

int main(int argc, char **argv)
{
    int seeds = 500, nsizes = 0, sw[MAX_SIZES], sh[MAX_SIZES], i, lw[NPROFILES], lh[NPROFILES];
    bool failures = false;
    const char *sizes = "10x8,16x10,24x12,30x14,36x18,40x20";
    rf_profile_set *ps = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    char *copy, *tok, *save = NULL;
    size_t j;
    double t0 = bench_now();
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc)
            seeds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc)
            sizes = argv[++i];
        else if (strcmp(argv[i], "--failures") == 0)
            failures = true;
        else {
            fprintf(stderr, "usage: bench_forced [--seeds N] [--sizes WxH,...] [--failures]\n");
            return 2;
        }
    }
    copy = strdup(sizes);
    for (tok = strtok_r(copy, ",", &save); tok && nsizes < MAX_SIZES;
         tok = strtok_r(NULL, ",", &save), nsizes++)
        if (!bench_parse_pair(tok, 'x', &sw[nsizes], &sh[nsizes]) || sw[nsizes] > 100 ||
            sh[nsizes] > 100) {
            fprintf(stderr, "bench_forced: bad size '%s' (WxH, sides 3-100)\n", tok);
            return 2;
        }
    free(copy);
    if (seeds < 1 || !ps || !d ||
        rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d) != RF_OK) {
        fprintf(stderr, "bench_forced: the bundled profiles do not load\n");
        return 2;
    }
    for (j = 0; j < NPROFILES; j++) {
        rf_level_opts o;
        rf_level_opts_init(&o);
        o.profile = profiles[j];
        if (rf_level_default_size(ps, &o, &lw[j], &lh[j], d) != RF_OK) {
            fprintf(stderr, "bench_forced: profile %s has no size\n", profiles[j]);
            return 2;
        }
    }
    printf("forced rooms, seeds 1-%d x depths 2,6,10: placed%% / whole%% and time per level "
           "(whole: every floor cell walkable and reached from the up stairs); the last rows: "
           "the largest room each level holds (its size less the border, a tile more before "
           "the door)\n",
           seeds);
    printf("%-10s %-5s", "size", "doors");
    for (j = 0; j < NPROFILES; j++) {
        char head[48];
        snprintf(head, sizeof head, "%s %dx%d", profiles[j], lw[j], lh[j]);
        printf(" %22s", head);
    }
    printf("\n");
    for (i = 0; i <= nsizes; i++) {
        int doors;
        for (doors = 1; doors <= 4; doors += 3) {
            char size[16];
            if (i < nsizes)
                snprintf(size, sizeof size, "%dx%d", sw[i], sh[i]);
            else
                snprintf(size, sizeof size, "largest");
            printf("%-10s %-5d", size, doors);
            for (j = 0; j < NPROFILES; j++) {
                int w = i < nsizes ? sw[i] : lw[j] - 2, h = i < nsizes ? sh[i] : lh[j] - 3;
                if (i == nsizes && (w > 100 || h > 100)) { /* the fixture's row cap */
                    w = w > 100 ? 100 : w;
                    h = h > 100 ? 100 : h;
                }
                cell(ps, d, profiles[j], w, h, doors, lw[j], lh[j], seeds, failures);
            }
            printf("\n");
        }
    }
    if (nsizes < MAX_SIZES) {
        printf("(largest: ");
        for (j = 0; j < NPROFILES; j++)
            printf("%s%s %dx%d", j ? ", " : "", profiles[j], lw[j] - 2 > 100 ? 100 : lw[j] - 2,
                   lh[j] - 3 > 100 ? 100 : lh[j] - 3);
        printf(")\n");
    }
    printf("%.1f s\n", bench_now() - t0);
    rf_profile_set_free(ps);
    rf_diags_free(d);
    return 0;
}

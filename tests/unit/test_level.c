/* tests/unit/test_level.c: rf_level (engine/src/level.c, level_gen.c,
 * stairs.c): options, writers, digest, stairs, levels made from profiles,
 * allocation failures. The profiles loader itself has test_profile.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"
#include "level_check.h"
#include "profile/seam.h"
#include "file_fixture.h"
#include "rf_test.h"
#include "roomforge/level.h"

#define DATA RF_TEST_DATA "/profile/" /* the profiles the levels are made from */

static rf_level *make(uint64_t seed, int depth, int w, int h)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_level_opts_init(&o);
    o.seed = seed;
    o.depth = depth;
    o.width = w;
    o.height = h;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    return lv;
}

/* What a writer prints, as a NUL-terminated heap string. */
static char *written(const rf_level *lv, rf_status (*fn)(const rf_level *, FILE *), size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fn(lv, f), RF_OK);
    fclose(f);
    if (len)
        *len = n;
    return buf;
}

START_TEST(options_default_to_brogue_79x29)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    int w = 0, h = 0;
    rf_level_opts_init(&o);
    ck_assert_str_eq(o.profile, "brogue");
    ck_assert_int_eq(o.width, 0); /* the digger's own size */
    ck_assert_int_eq(o.height, 0);
    ck_assert_int_eq(rf_level_default_size(NULL, &o, &w, &h, NULL), RF_OK);
    ck_assert_int_eq(w, 79);
    ck_assert_int_eq(h, 29);
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    ck_assert_int_eq(rf_grid_width(rf_level_grid(lv)), 79);
    ck_assert_int_eq(rf_grid_height(rf_level_grid(lv)), 29);
    rf_level_free(lv);
    ck_assert_int_eq(o.depth, 1);
    ck_assert(rf_level_has_recipe("brogue"));
    ck_assert(!rf_level_has_recipe("nope"));
    ck_assert(rf_level_recipe_has_param("brogue", "cave-chance"));
    ck_assert(!rf_level_recipe_has_param("brogue", "cave-chanse"));
    ck_assert(!rf_level_recipe_has_param("nope", "cave-chance"));
}
END_TEST

START_TEST(bad_options_are_refused)
{
    static const int bad[][3] = {{19, 10, 1},  {20, 9, 1},    {1001, 29, 1}, {79, 1001, 1},
                                 {79, 29, 0},  {79, 29, 1001}, {0, 29, 1},    {79, 0, 1}};
    size_t i;
    rf_level_opts o;
    rf_level *lv = NULL;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rf_level_opts_init(&o);
        o.width = bad[i][0];
        o.height = bad[i][1];
        o.depth = bad[i][2];
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_ERR_ARG);
        ck_assert_ptr_null(lv);
    }
    rf_level_opts_init(&o);
    o.profile = "nethack-someday"; /* no profiles given: the name is a digger */
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_ERR_ARG);
}
END_TEST

/* The library says why (issue 30): every bad option is one bad-level-option
 * error, all of them at once, the same words for every front end; a failure
 * nothing else explained is a level-failed naming the level. */
START_TEST(bad_options_are_told_through_the_sink)
{
    static const char *const want[] = {"depth 0 is outside 1..1000",
                                       "width and height go together (both 0: the profile's size), not 40x0",
                                       "difficulty 9 is not 1..5 (0: hmp)",
                                       "2 forced rooms without their names",
                                       "3 used rooms without their names",
                                       "4 used groups without their names"};
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = (rf_level *)&o; /* generate clears it */
    size_t i;
    ck_assert_ptr_nonnull(d);
    rf_level_opts_init(&o);
    ck_assert_int_eq(rf_level_opts_check(&o, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    o.depth = 0;
    o.width = 40;
    o.difficulty = 9;
    o.nrooms = 2;
    o.nused_rooms = 3;
    o.nused_groups = 4;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, d), RF_ERR_ARG);
    ck_assert_ptr_null(lv);
    ck_assert_uint_eq(rf_diags_count(d), 6);
    for (i = 0; i < 6; i++) {
        ck_assert_str_eq(rf_diags_at(d, i)->code, "bad-level-option");
        ck_assert_str_eq(rf_diags_at(d, i)->message, want[i]);
    }
    rf_diags_clear(d);
    rf_level_opts_init(&o);
    o.width = 19;
    o.height = 10;
    ck_assert_int_eq(rf_level_opts_check(&o, d), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, 0)->message, "size 19x10 is outside 20x10..1000x1000");
    ck_assert_int_eq(rf_level_opts_check(NULL, NULL), RF_ERR_ARG); /* no sink: the status alone */
    rf_diags_free(d);
}
END_TEST

START_TEST(smallest_and_largest_levels_generate)
{
    rf_level *lv = make(3, 9, 20, 10);
    ck_assert_int_eq(rf_grid_width(rf_level_grid(lv)), 20);
    rf_level_free(lv);
    lv = make(3, 9, 1000, 1000);
    ck_assert_int_eq(rf_grid_height(rf_level_grid(lv)), 1000);
    ck_assert_uint_gt(rf_level_rooms_proper(lv), 2000);
    rf_level_free(lv);
}
END_TEST

/* Every digger at the corner sizes of 20x10 .. 1000x1000: stairs on the
 * level, outside locked rooms, and every walkable tile outside locked rooms
 * reachable from the up stairs (DESIGN 6). */
static const struct {
    const char *digger;
    int w, h;
} corner_sizes[] = {
    {"brogue", 20, 10},        {"brogue", 1000, 10},        {"brogue", 20, 1000},
    {"brogue", 1000, 1000},    {"nethack", 20, 10},         {"nethack", 1000, 10},
    {"nethack", 20, 1000},     {"nethack", 1000, 1000},     {"dungeonmaker", 20, 10},
    {"dungeonmaker", 1000, 10}, {"dungeonmaker", 20, 1000}, {"dungeonmaker", 1000, 1000},
};

START_TEST(every_digger_digs_every_corner_size)
{
    rf_level_opts o;
    uint64_t seed;
    rf_level_opts_init(&o);
    o.profile = corner_sizes[_i].digger;
    o.width = corner_sizes[_i].w;
    o.height = corner_sizes[_i].h;
    for (seed = 1; seed <= 2; seed++) {
        rf_level *lv = NULL;
        lc_map m;
        size_t i;
        int ux, uy, dx, dy, fx = -1, fy = -1, bad, x, y;
        o.seed = seed;
        o.depth = (int)seed * 11;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        ck_assert(lc_load(&m, rf_level_grid(lv)));
        ck_assert_int_eq(m.w, o.width);
        ck_assert_int_eq(m.h, o.height);
        rf_level_stairs_up(lv, &ux, &uy);
        rf_level_stairs_down(lv, &dx, &dy);
        ck_assert_int_eq(LC_AT(&m, ux, uy), RF_TILE_STAIRS_UP);
        ck_assert_int_eq(LC_AT(&m, dx, dy), RF_TILE_STAIRS_DOWN);
        for (i = 0; i < rf_level_room_count(lv); i++) { /* locked rooms drop out */
            const rf_room_rec *r = rf_level_room_at(lv, i);
            if (!r->locked)
                continue;
            ck_assert(ux < r->x || ux >= r->x + r->w || uy < r->y || uy >= r->y + r->h);
            ck_assert(dx < r->x || dx >= r->x + r->w || dy < r->y || dy >= r->y + r->h);
            for (y = r->y; y < r->y + r->h; y++)
                for (x = r->x; x < r->x + r->w; x++)
                    LC_AT(&m, x, y) = RF_TILE_ROCK;
        }
        bad = lc_unreachable(&m, ux, uy, &fx, &fy);
        ck_assert_msg(bad == 0, "%s %dx%d seed %d: %d unreachable, first %d,%d", o.profile, o.width,
                      o.height, (int)seed, bad, fx, fy);
        lc_free(&m);
        rf_level_free(lv);
    }
}
END_TEST

START_TEST(digest_is_fnv1a_of_the_json_output)
{
    rf_level *lv = make(42, 7, 79, 29);
    size_t n;
    char *json = written(lv, rf_level_write_json, &n), *ascii = written(lv, rf_level_write_ascii, NULL);
    ck_assert(rf_level_digest(lv) == rf_fnv1a64(json, n)); /* no templates: no file names */
    ck_assert(rf_level_digest(lv) != rf_fnv1a64(ascii, strlen(ascii)));
    free(json);
    free(ascii);
    rf_level_free(lv);
}
END_TEST

START_TEST(same_seed_same_bytes_other_seed_other_level)
{
    rf_level *a = make(5, 12, 79, 29), *b = make(5, 12, 79, 29), *c = make(6, 12, 79, 29);
    char *ja = written(a, rf_level_write_json, NULL), *jb = written(b, rf_level_write_json, NULL);
    ck_assert_str_eq(ja, jb);
    ck_assert(rf_level_digest(a) != rf_level_digest(c));
    free(ja);
    free(jb);
    rf_level_free(a);
    rf_level_free(b);
    rf_level_free(c);
}
END_TEST

START_TEST(json_has_the_gen_shape)
{
    rf_level *lv = make(7, 3, 79, 29);
    char *j = written(lv, rf_level_write_json, NULL), want[96], row[80];
    int ux, uy, dx, dy;
    rf_level_stairs_up(lv, &ux, &uy);
    rf_level_stairs_down(lv, &dx, &dy);
    ck_assert(strncmp(j, "{\"seed\":7,\"depth\":3,\"width\":79,\"height\":29,\"tiles\":[", 52) == 0);
    snprintf(want, sizeof want, "\"stairs\":{\"up\":[%d,%d],\"down\":[%d,%d]}", ux, uy, dx, dy);
    ck_assert_ptr_nonnull(strstr(j, want));
    ck_assert_ptr_nonnull(strstr(j, "{\"id\":1,\"name\":\"room 1\",\"kind\":\""));
    ck_assert_ptr_nonnull(strstr(j, "\"template\":null"));
    ck_assert_ptr_nonnull(strstr(j, "\"objects\":["));
    ck_assert_ptr_nonnull(strstr(j, "\"feelings\":[]"));
    ck_assert(rf_grid_row(rf_level_grid(lv), 28, row, sizeof row));
    ck_assert_ptr_nonnull(strstr(j, row));
    free(j);
    rf_level_free(lv);
}
END_TEST

/* The default recipe (scripts/levels/brogue.lua) up to its stairs step: each
 * step draws from its own stream, so the level is the default one as the
 * stairs pass left it, before special rooms change its terrain and
 * populate puts objects on its floor. */
static const char to_the_stairs[] = "local level, params = ...\n"
                                    "level:brogue_rooms(params)\n"
                                    "level:brogue_loops(params)\n"
                                    "level:brogue_lakes(params)\n"
                                    "level:brogue_finish(params)\n"
                                    "level:place_templates()\n"
                                    "level:stairs()\n";

/* The rule of passes/stairs.c on lv as its stairs step left it: counting
 * 4-neighbour steps over walkable tiles (DESIGN 6) from the up stairs, the
 * down stairs are at least 9/10 as far (dist * 10 >= far * 9, integers) as
 * the farthest tile the pass could take: floor with no object on it,
 * outside the boxes of locked rooms and outside templates. Returns the down
 * stairs' walk; *far gets the farthest. */
static int stairs_walk(const rf_level *lv, int *far)
{
    const rf_grid *g = rf_level_grid(lv);
    int w = rf_grid_width(g), h = rf_grid_height(g), n = w * h, head = 0, tail = 0, i, x, y;
    int ux, uy, dx, dy, down;
    int *dist = malloc((size_t)n * sizeof *dist), *queue = malloc((size_t)n * sizeof *queue);
    unsigned char *ok = calloc((size_t)n, 1);
    size_t r;
    ck_assert(dist && queue && ok);
    rf_level_stairs_up(lv, &ux, &uy);
    rf_level_stairs_down(lv, &dx, &dy);
    for (i = 0; i < n; i++) { /* the down stairs were floor when the pass chose */
        rf_tile t = rf_grid_get(g, i % w, i / w);
        int room = rf_grid_room(g, i % w, i / w);
        const rf_room_rec *rec = room > 0 ? rf_level_room_at(lv, (size_t)room - 1) : NULL;
        ok[i] = (t == RF_TILE_FLOOR || t == RF_TILE_STAIRS_DOWN) &&
                !(rec && rec->kind == RF_ROOM_TEMPLATE);
        dist[i] = -1;
    }
    for (r = 0; r < rf_level_room_count(lv); r++) {
        const rf_room_rec *rec = rf_level_room_at(lv, r);
        for (y = rec->y; rec->locked && y < rec->y + rec->h; y++)
            for (x = rec->x; x < rec->x + rec->w; x++)
                if (rf_grid_in_bounds(g, x, y))
                    ok[y * w + x] = 0;
    }
    for (r = 0; r < rf_level_object_count(lv); r++) {
        const rf_placed *o = rf_level_object_at(lv, r);
        if (rf_grid_in_bounds(g, o->x, o->y))
            ok[o->y * w + o->x] = 0;
    }
    dist[uy * w + ux] = 0;
    queue[tail++] = uy * w + ux;
    while (head < tail) {
        int c = queue[head++], k;
        const int nx[4] = {c % w, c % w + 1, c % w, c % w - 1};
        const int ny[4] = {c / w - 1, c / w, c / w + 1, c / w};
        for (k = 0; k < 4; k++) {
            int m = ny[k] * w + nx[k];
            if (!rf_grid_in_bounds(g, nx[k], ny[k]) || dist[m] >= 0 ||
                !rf_tile_is_walkable(rf_grid_get(g, nx[k], ny[k])))
                continue;
            dist[m] = dist[c] + 1;
            queue[tail++] = m;
        }
    }
    *far = 0;
    for (i = 0; i < n; i++)
        if (ok[i] && dist[i] > *far)
            *far = dist[i];
    down = dist[dy * w + dx];
    ck_assert_msg(ok[dy * w + dx], "the down stairs at %d,%d stand where the pass could not", dx,
                  dy);
    free(dist);
    free(queue);
    free(ok);
    return down;
}

START_TEST(stairs_stand_far_apart_on_the_level)
{
    int seed;
    for (seed = 1; seed <= 30; seed++) {
        rf_level *lv = make((uint64_t)seed, 1 + seed % 26, 79, 29), *at = NULL;
        rf_level_opts o;
        int ux, uy, dx, dy, ax, ay, d, far;
        rf_level_stairs_up(lv, &ux, &uy);
        rf_level_stairs_down(lv, &dx, &dy);
        ck_assert_int_eq(rf_grid_get(rf_level_grid(lv), ux, uy), RF_TILE_STAIRS_UP);
        ck_assert_int_eq(rf_grid_get(rf_level_grid(lv), dx, dy), RF_TILE_STAIRS_DOWN);
        ck_assert_uint_eq(rf_grid_count(rf_level_grid(lv), RF_TILE_STAIRS_UP), 1);
        ck_assert_uint_eq(rf_grid_count(rf_level_grid(lv), RF_TILE_STAIRS_DOWN), 1);
        rf_level_opts_init(&o);
        o.seed = (uint64_t)seed;
        o.depth = 1 + seed % 26;
        o.width = 79;
        o.height = 29;
        o.recipe = to_the_stairs;
        o.recipe_len = sizeof to_the_stairs - 1;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &at, NULL), RF_OK);
        rf_level_stairs_up(at, &ax, &ay); /* the same stairs as the whole recipe's */
        ck_assert(ax == ux && ay == uy);
        rf_level_stairs_down(at, &ax, &ay);
        ck_assert(ax == dx && ay == dy);
        d = stairs_walk(at, &far);
        ck_assert_int_gt(far, 0);
        ck_assert_msg(d > 0 && d * 10 >= far * 9, "seed %d depth %d: down stairs %d steps away, "
                      "the farthest candidate %d", seed, o.depth, d, far);
        rf_level_free(at);
        if (seed % 26 == 0) { /* depth 1: the entrance is in the T room */
            const rf_room_rec *r = rf_level_room_at(lv, 0);
            ck_assert(ux > r->x && ux < r->x + r->w && uy > r->y && uy < r->y + r->h);
        }
        ck_assert_int_eq(rf_level_choke(lv, -1, 0), 0);
        rf_level_free(lv);
    }
}
END_TEST

START_TEST(rooms_are_listed_with_corridors_apart)
{
    rf_level *lv = make(9, 6, 79, 29);
    size_t i, corridors = 0;
    for (i = 0; i < rf_level_room_count(lv); i++) {
        const rf_room_rec *r = rf_level_room_at(lv, i);
        ck_assert_int_eq(r->id, (int)i + 1);
        corridors += r->kind == RF_ROOM_CORRIDOR;
    }
    ck_assert_uint_eq(rf_level_rooms_proper(lv) + corridors, rf_level_room_count(lv));
    ck_assert_uint_eq(rf_level_template_count(lv), 0);
    ck_assert_ptr_null(rf_level_room_at(lv, rf_level_room_count(lv)));
    ck_assert_uint_eq(rf_level_feeling_count(lv), 0);
    ck_assert_ptr_null(rf_level_feeling_at(lv, 0));
    rf_level_free(lv);
}
END_TEST

START_TEST(bundled_profile_gives_the_default_levels)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *a = NULL, *b = NULL;
    ck_assert_int_eq(rf_profile_set_load(s, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    rf_level_opts_init(&o);
    o.seed = 77;
    o.depth = 9;
    ck_assert_int_eq(rf_level_generate(s, &o, &a, d), RF_OK);
    ck_assert_int_eq(rf_level_generate(NULL, &o, &b, d), RF_OK);
    ck_assert(rf_level_digest(a) == rf_level_digest(b));
    rf_level_free(a);
    rf_level_free(b);
    o.profile = "missing";
    ck_assert_int_eq(rf_level_generate(s, &o, &a, d), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->code, "unknown-profile");
    /* at the <profiles> element of the file looked in */
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, rf_diags_count(d) - 1)->file, "content/profiles.xml"));
    ck_assert_int_gt(rf_diags_at(d, rf_diags_count(d) - 1)->line, 1);
    ck_assert_int_eq(rf_diags_at(d, rf_diags_count(d) - 1)->col, 1);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

/* The lookups themselves: test_profile.c, depth_overrides_beat_profile_values. */
START_TEST(depth_overrides_reach_the_level)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    int t;
    ck_assert_int_eq(rf_profile_set_load(s, DATA "depths.xml", d), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "dry";
    o.depth = 4;
    o.seed = 3;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_OK);
    for (t = 0; t < RF_TILE_COUNT; t++)
        if (rf_tile_is_liquid((rf_tile)t))
            ck_assert_uint_eq(rf_grid_count(rf_level_grid(lv), (rf_tile)t), 0);
    rf_level_free(lv);
    o.depth = 7;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_OK);
    ck_assert_uint_le(rf_level_rooms_proper(lv), 3);
    rf_level_free(lv);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

/* Every bounded key (param_bounds.c) is one a bundled recipe reads, so the
 * table documents real parameters only. */
START_TEST(every_bounded_key_is_read_by_a_step)
{
    const rf_param_bound *b;
    size_t i;
    for (i = 0; (b = rf_param_bound_at(i)) != NULL; i++) {
        ck_assert_msg(rf_level_recipe_has_param("brogue", b->key) ||
                          rf_level_recipe_has_param("nethack", b->key) ||
                          rf_level_recipe_has_param("dungeonmaker", b->key),
                      "%s", b->key);
        ck_assert_int_le(b->lo, b->hi);
        ck_assert_ptr_eq(rf_param_bound_find(b->key), b);
    }
    ck_assert_uint_gt(i, 40);
}
END_TEST

/* Numbers each within its range whose product is past the level's work
 * budget: gen and lint's trial levels stop at the first step that would
 * pass it, with level-budget at the profile's line (a bundled recipe), and
 * the largest level of the bundled profile stays far inside it. */
START_TEST(levels_stop_at_the_work_budget)
{
    static const char xml[] = "<profiles>\n"
                              "  <profile name=\"greedy\" recipe=\"brogue\">\n"
                              "    <param name=\"attempts\" value=\"10000\"/>\n"
                              "    <param name=\"tries\" value=\"1000\"/>\n"
                              "  </profile>\n</profiles>\n";
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    ck_assert(s && d);
    ck_assert_int_eq(rf_profile_set_load_buffer(s, xml, sizeof xml - 1, "greedy.xml", d), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "greedy";
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_CONTENT);
    ck_assert_ptr_null(lv);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "level-budget");
    ck_assert_str_eq(rf_diags_at(d, 0)->file, "greedy.xml");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 2);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "brogue_rooms"));
    rf_diags_free(d);
    d = rf_diags_new();
    ck_assert_int_eq(rf_level_trial(s, "greedy", NULL, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1); /* both trial depths, said once */
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "level-budget");
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

/* What a recipe makes of its profile, reported by the trial levels of
 * profile "a" (level_trial.c): the loader's own diagnostics are
 * test_profile's. */
static const struct {
    const char *file, *code;
    int line;
    rf_status status;
    bool trial;
} bad_files[] = {
    {"unknown-recipe.xml", "unknown-recipe", 2, RF_ERR_CONTENT, true},
    {"unknown-param.xml", "unknown-param", 3, RF_OK, true},
};

START_TEST(trial_levels_report_what_a_recipe_makes_of_its_profile)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    char path[512];
    size_t i;
    bool found = false;
    snprintf(path, sizeof path, DATA "%s", bad_files[_i].file);
    if (bad_files[_i].trial) {
        ck_assert_int_eq(rf_profile_set_load(s, path, d), RF_OK);
        ck_assert_uint_eq(rf_diags_count(d), 0);
        ck_assert_int_eq(rf_level_trial(s, "a", NULL, d), bad_files[_i].status);
    } else {
        ck_assert_int_eq(rf_profile_set_load(s, path, d), bad_files[_i].status);
    }
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (strcmp(g->code, bad_files[_i].code) == 0 && g->line == bad_files[_i].line &&
            (g->line == 0 || strstr(g->file, bad_files[_i].file)))
            found = true;
    }
    ck_assert_msg(found, "%s: no %s at line %d (first: %s line %d)", bad_files[_i].file,
                  bad_files[_i].code, bad_files[_i].line,
                  rf_diags_count(d) ? rf_diags_at(d, 0)->code : "-",
                  rf_diags_count(d) ? rf_diags_at(d, 0)->line : -1);
    /* a bad profile is skipped, a good one next to it is kept */
    ck_assert_ptr_null(rf_profile_find(s, "b"));
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(allocation_failures_return_nomem)
{
    long n;
    rf_level_opts o;
    rf_level_opts_init(&o);
    o.width = 24;
    o.height = 12;
    o.depth = 6;
    for (n = 1; n < 2000; n++) {
        rf_level *lv = NULL;
        rf_status st;
        rf_alloc_fail_after(n);
        st = rf_level_generate(NULL, &o, &lv, NULL);
        rf_alloc_fail_after(0);
        if (st == RF_OK) {
            rf_level_free(lv);
            break;
        }
        ck_assert_int_eq(st, RF_ERR_NOMEM);
        ck_assert_ptr_null(lv);
    }
    ck_assert_int_lt(n, 2000);
    o.width = o.height = 0; /* the bundled rooms-file is read for its size */
    o.profile = "dungeonmaker";
    for (n = 1; n < 2000; n++) {
        rf_level *lv = NULL;
        rf_status st;
        int w = 0, h = 0;
        rf_alloc_fail_after(n);
        st = rf_level_default_size(NULL, &o, &w, &h, NULL);
        if (st == RF_OK)
            st = rf_level_generate(NULL, &o, &lv, NULL);
        rf_alloc_fail_after(0);
        if (st == RF_OK) {
            ck_assert(w == 100 && h == 100);
            rf_level_free(lv);
            break;
        }
        ck_assert_int_eq(st, RF_ERR_NOMEM);
        ck_assert_ptr_null(lv);
    }
    ck_assert_int_lt(n, 2000);
}
END_TEST

/* A drawn room no dug level has a place for, whose box reserved before
 * digging leaves the digger less than half its ground: the level runs again
 * with the room reserved, that retry is not kept, and the first run, which
 * stopped once the room found no place (level_retry.c), is made again
 * whole: both stairs, the room left out, the same bytes every time. */
START_TEST(a_retry_not_kept_gives_the_first_run_whole)
{
    static const char profiles[] =
        "<profiles><profile name=\"n\" recipe=\"nethack\"><param name=\"templates\" "
        "value=\"1\"/><param name=\"special-rooms\" value=\"0\"/></profile></profiles>";
    /* a 60x12 box leaves an 80x21 level too little, and no dug level has
     * room for it (the fit's scan finds none) */
    enum { W = 60, H = 12 };
    char xml[(W + 32) * H + 256], *at = xml;
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    int x, y, seed, left_out = 0;
    ck_assert(ps && ts && d);
    at += sprintf(at, "<roomdb><room name=\"Wide\" width=\"%d\" height=\"%d\">", W, H);
    for (y = 0; y < H; y++) {
        at += sprintf(at, "<row text=\"");
        for (x = 0; x < W; x++)
            *at++ = y == 0 && x == W / 2 ? 'D' : y == 0 || y == H - 1 || x == 0 || x == W - 1 ? '#' : '.';
        at += sprintf(at, "\"/>");
    }
    sprintf(at, "</room></roomdb>");
    ck_assert_int_eq(rf_template_set_load_buffer(ts, "wide.xml", xml, strlen(xml), d), RF_OK);
    ck_assert_int_eq(rf_profile_set_load_buffer(ps, profiles, strlen(profiles), "p.xml", d), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "n";
    o.templates = ts;
    o.depth = 3;
    for (seed = 1; seed <= 6; seed++) {
        rf_level *a = NULL, *b = NULL;
        int ux, uy, dx, dy;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(ps, &o, &a, d), RF_OK);
        ck_assert_int_eq(rf_level_generate(ps, &o, &b, d), RF_OK);
        ck_assert(rf_level_digest(a) == rf_level_digest(b));
        ck_assert_uint_eq(rf_level_plan_count(a), 1);
        left_out += !rf_level_plan_at(a, 0)->placed;
        rf_level_stairs_up(a, &ux, &uy);
        rf_level_stairs_down(a, &dx, &dy);
        ck_assert_int_eq(rf_grid_get(rf_level_grid(a), ux, uy), RF_TILE_STAIRS_UP);
        ck_assert_int_eq(rf_grid_get(rf_level_grid(a), dx, dy), RF_TILE_STAIRS_DOWN);
        ck_assert_uint_gt(rf_level_object_count(a), 0); /* populated */
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_int_eq(left_out, 6);
    rf_diags_free(d);
    rf_template_set_free(ts);
    rf_profile_set_free(ps);
}
END_TEST

/* reserve-templates (a pipeline key): the bundled caverns profile reserves
 * its drawn templates before digging on a level's first run, as a retry
 * would. The same profile with 0 attaches them during accretion: other
 * levels. Either way every drawn template is placed or refused for a
 * reason of its own, never lost; and the key takes 0 or 1 only. */
START_TEST(reserve_templates_takes_boxes_before_digging)
{
    static const char on[] = "name=\"reserve-templates\" value=\"1\"";
    char dir[] = "/tmp/rf_reserveXXXXXX", path[600], *xml, *at;
    size_t xml_len, i;
    rf_profile_set *bundled = rf_profile_set_new(), *off = rf_profile_set_new(),
                   *bad = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    int seed, differ = 0;
    ck_assert(bundled && off && bad && ts && d);
    ck_assert_int_eq(rf_profile_set_load(bundled, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    ck_assert_int_eq(rf_template_set_load_path(ts, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    xml = slurp(RF_SOURCE_DIR "/content/profiles.xml", &xml_len);
    ck_assert_ptr_nonnull(at = strstr(xml, on));
    ck_assert_ptr_nonnull(mkdtemp(dir));
    at[sizeof on - 3] = '2';
    profiles_tree(dir, xml, xml_len, path, sizeof path);
    ck_assert_int_ne(rf_profile_set_load(bad, path, d), RF_OK); /* 2: bad-value */
    at[sizeof on - 3] = '0';
    spill(path, xml, xml_len);
    rf_diags_clear(d);
    ck_assert_int_eq(rf_profile_set_load(off, path, d), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "caverns";
    o.templates = ts;
    o.depth = 3;
    for (seed = 1; seed <= 8; seed++) {
        rf_level *a = NULL, *b = NULL;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(bundled, &o, &a, d), RF_OK);
        ck_assert_int_eq(rf_level_generate(off, &o, &b, d), RF_OK);
        differ += rf_level_digest(a) != rf_level_digest(b);
        for (i = 0; i < rf_level_plan_count(a); i++)
            ck_assert(rf_level_plan_at(a, i)->placed || rf_level_plan_at(a, i)->why != RF_PLACE_BUDGET);
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_int_gt(differ, 0);
    rm_profiles_tree(dir);
    free(xml);
    rf_diags_free(d);
    rf_template_set_free(ts);
    rf_profile_set_free(bundled);
    rf_profile_set_free(off);
    rf_profile_set_free(bad);
}
END_TEST

static Suite *level_suite(void)
{
    Suite *s = suite_create("level");
    TCase *gen = tcase_create("generate"), *out = tcase_create("writers"), *prof = tcase_create("profiles");
    tcase_set_timeout(gen, 120);
    tcase_add_test(gen, options_default_to_brogue_79x29);
    tcase_add_test(gen, bad_options_are_refused);
    tcase_add_test(gen, bad_options_are_told_through_the_sink);
    tcase_add_test(gen, smallest_and_largest_levels_generate);
    tcase_add_test(gen, stairs_stand_far_apart_on_the_level);
    tcase_add_loop_test(gen, every_digger_digs_every_corner_size, 0,
                        (int)(sizeof corner_sizes / sizeof corner_sizes[0]));
    tcase_add_test(gen, rooms_are_listed_with_corridors_apart);
    tcase_add_test(gen, a_retry_not_kept_gives_the_first_run_whole);
    tcase_add_test(gen, reserve_templates_takes_boxes_before_digging);
    tcase_add_test(out, digest_is_fnv1a_of_the_json_output);
    tcase_add_test(out, same_seed_same_bytes_other_seed_other_level);
    tcase_add_test(out, json_has_the_gen_shape);
    tcase_add_test(prof, bundled_profile_gives_the_default_levels);
    tcase_add_test(prof, depth_overrides_reach_the_level);
    tcase_add_test(prof, every_bounded_key_is_read_by_a_step);
    tcase_add_test(prof, levels_stop_at_the_work_budget);
    tcase_add_loop_test(prof, trial_levels_report_what_a_recipe_makes_of_its_profile, 0,
                        (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(prof, allocation_failures_return_nomem);
    suite_add_tcase(s, gen);
    suite_add_tcase(s, out);
    suite_add_tcase(s, prof);
    return s;
}
RF_TEST_MAIN(level_suite)

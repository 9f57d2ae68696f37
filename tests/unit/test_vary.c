/* tests/unit/test_vary.c: unit tests for rooms that vary (DESIGN 16):
 * engine/src/load/load_vary.c, vary_parse.c, vary_expand.c, vary_check.c
 * and the placer's side (place_vary.c).
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "load_fixture.h"
#include "roomforge/dig.h"
#include "roomforge/level.h"
#include "roomforge/place.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

/* One room of rows, vary children and extra elements, in a roomdb: the
 * room on line 2, three rows on lines 3-5, <vary> on line 6, its first
 * child on 7, the first extra element on the line after </vary>. */
static char xml[8192];

static rf_status load_room(const char *name, const char *rows, const char *vary, const char *extra)
{
    snprintf(xml, sizeof xml, "<roomdb>\n<room name=\"%s\">\n%s<vary>\n%s</vary>\n%s</room>\n"
                              "</roomdb>\n", name, rows, vary, extra);
    return load_str(xml);
}

#define ROWS5                                                                                      \
    "<row text=\"##D######\"/>\n"                                                                  \
    "<row text=\"#???????#\"/>\n"                                                                  \
    "<row text=\"#%%%x%%%#\"/>\n"                                                                  \
    "<row text=\"#AB.x.CE#\"/>\n"                                                                  \
    "<row text=\"#########\"/>\n"

#define VARY5                                                                                      \
    "<subst glyph=\"?\" choices=\"W:3 .:1\"/>\n"                                                   \
    "<subst glyph=\"%\" choices=\"G .\" once=\"1\"/>\n"                                            \
    "<nsubst glyph=\"x\" counts=\"1=W / *=L\"/>\n"                                                 \
    "<shuffle groups=\"AB / CE\"/>\n"                                                              \
    "<subst glyph=\"A\" choices=\"W\"/>\n"                                                         \
    "<subst glyph=\"B\" choices=\"I\"/>\n"                                                         \
    "<subst glyph=\"C\" choices=\".\"/>\n"                                                         \
    "<subst glyph=\"E\" choices=\"G\"/>\n"

static const rf_template *shrine(void)
{
    const rf_template *t;
    ck_assert_int_eq(load_room("Shrine", ROWS5, VARY5,
                               "<weight depth=\"1-4\" value=\"40\"/>\n"
                               "<weight depth=\"5\" value=\"7\"/>\n"
                               "<unique scope=\"run\" group=\"shrines\"/>\n"),
                     RF_OK);
    t = rf_template_set_find(set, "Shrine");
    ck_assert_ptr_nonnull(t);
    return t;
}

static rf_template *variant(const rf_template *t, uint32_t v)
{
    rf_template *vt = NULL;
    ck_assert_int_eq(rf_template_variant(t, v, &vt), RF_OK);
    ck_assert_ptr_nonnull(vt);
    return vt;
}

static int count_in(const rf_template *vt, char g)
{
    int x, y, n = 0;
    for (y = 0; y < rf_template_height(vt); y++)
        for (x = 0; x < rf_template_width(vt); x++)
            n += rf_template_cell(vt, x, y) == g;
    return n;
}

START_TEST(a_varying_room_loads_with_its_weights_and_unique)
{
    const rf_template *t = shrine();
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    ck_assert(rf_template_varies(t));
    ck_assert_int_eq(rf_template_weight_at(t, 1), 40);
    ck_assert_int_eq(rf_template_weight_at(t, 4), 40);
    ck_assert_int_eq(rf_template_weight_at(t, 5), 7);
    ck_assert_int_eq(rf_template_weight_at(t, 6), 100);
    ck_assert_int_eq(rf_template_unique_scope(t), RF_TEMPLATE_UNIQUE_RUN);
    ck_assert_str_eq(rf_template_unique_group(t), "shrines");
    ck_assert_int_eq(rf_template_variant_number(t), -1);
}
END_TEST

START_TEST(a_variant_is_a_template_of_map_symbols)
{
    const rf_template *t = shrine();
    rf_template *vt = variant(t, 5);
    int x, y;
    ck_assert_ptr_eq(rf_template_base(vt), t);
    ck_assert_int_eq(rf_template_variant_number(vt), 5);
    ck_assert_str_eq(rf_template_name(vt), "Shrine");
    ck_assert_uint_eq(rf_template_door_count(vt), 1);
    ck_assert_int_eq(count_in(vt, 'L'), 1); /* nsubst's rest: the one x not W */
    for (y = 0; y < rf_template_height(vt); y++)
        for (x = 0; x < rf_template_width(vt); x++)
            ck_assert(strchr("#.DWGLI", rf_template_cell(vt, x, y)) != NULL);
    ck_assert_uint_eq(rf_template_variant_check(vt, d), 0);
    rf_template_variant_free(vt);
}
END_TEST

START_TEST(the_same_number_draws_the_same_variant)
{
    const rf_template *t = shrine();
    uint32_t v;
    int differ = 0, y;
    for (v = 0; v < 50; v++) {
        rf_template *a = variant(t, v), *b = variant(t, v), *c = variant(t, v + 1);
        for (y = 0; y < rf_template_height(a); y++) {
            ck_assert_str_eq(rf_template_row(a, y), rf_template_row(b, y));
            differ += strcmp(rf_template_row(a, y), rf_template_row(c, y)) != 0;
        }
        rf_template_variant_free(a);
        rf_template_variant_free(b);
        rf_template_variant_free(c);
    }
    ck_assert_int_gt(differ, 40);
}
END_TEST

START_TEST(subst_shares_follow_the_weights)
{
    const rf_template *t = shrine();
    /* 7 cells of ? a variant, W:3 .:1: W's share 3/4 over 2000 variants */
    double n = 0, w = 0, p = 0.75, sd;
    uint32_t v;
    int x;
    for (v = 0; v < 2000; v++) {
        rf_template *vt = variant(t, v);
        for (x = 1; x <= 7; x++) {
            char c = rf_template_cell(vt, x, 1);
            ck_assert(c == 'W' || c == '.');
            w += c == 'W';
            n++;
        }
        rf_template_variant_free(vt);
    }
    sd = sqrt(n * p * (1 - p));
    ck_assert_msg(fabs(w - n * p) <= 3 * sd, "W %.0f of %.0f", w, n);
}
END_TEST

START_TEST(once_shares_one_pick_and_both_come)
{
    const rf_template *t = shrine();
    int seen[2] = {0, 0};
    uint32_t v;
    for (v = 0; v < 200; v++) {
        rf_template *vt = variant(t, v);
        char c = rf_template_cell(vt, 1, 2);
        int x;
        for (x = 1; x <= 7; x++)
            if (x != 4)
                ck_assert_int_eq(rf_template_cell(vt, x, 2), c);
        seen[c == 'G']++;
        rf_template_variant_free(vt);
    }
    ck_assert_int_gt(seen[0], 50);
    ck_assert_int_gt(seen[1], 50);
}
END_TEST

START_TEST(nsubst_counts_are_exact)
{
    const rf_template *t = shrine();
    uint32_t v;
    int where[2] = {0, 0};
    for (v = 0; v < 300; v++) {
        rf_template *vt = variant(t, v);
        int y, w = 0, l = 0;
        for (y = 2; y <= 3; y++) {
            w += rf_template_cell(vt, 4, y) == 'W';
            l += rf_template_cell(vt, 4, y) == 'L';
        }
        ck_assert_int_eq(w, 1);
        ck_assert_int_eq(l, 1);
        where[rf_template_cell(vt, 4, 2) == 'W']++;
        rf_template_variant_free(vt);
    }
    ck_assert_int_gt(where[0], 100); /* the W goes to either cell */
    ck_assert_int_gt(where[1], 100);
}
END_TEST

START_TEST(a_variant_counts_what_each_subst_drew)
{
    const rf_template *t = shrine();
    char g = 0;
    bool once = true;
    int line = 0, col = 0, weight = 0;
    size_t nc = 0;
    uint32_t v;
    /* ? W:3 .:1, % G . once, then A B C E of one choice each: 6 substs */
    ck_assert_uint_eq(rf_template_subst_count(t), 6);
    ck_assert(rf_template_subst_at(t, 0, &g, &once, &line, &col, &nc));
    ck_assert_int_eq(g, '?');
    ck_assert(!once);
    ck_assert_int_eq(line, 9);
    ck_assert_int_eq(col, 1);
    ck_assert_uint_eq(nc, 2);
    ck_assert(rf_template_subst_choice(t, 0, 0, &g, &weight));
    ck_assert_int_eq(g, 'W');
    ck_assert_int_eq(weight, 3);
    ck_assert(rf_template_subst_choice(t, 0, 1, &g, &weight));
    ck_assert_int_eq(g, '.');
    ck_assert_int_eq(weight, 1);
    ck_assert(rf_template_subst_at(t, 1, &g, &once, NULL, NULL, &nc));
    ck_assert_int_eq(g, '%');
    ck_assert(once);
    ck_assert(rf_template_subst_choice(t, 1, 1, NULL, &weight));
    ck_assert_int_eq(weight, 1); /* "G ." : no weight written */
    ck_assert(!rf_template_subst_at(t, 6, &g, NULL, NULL, NULL, NULL));
    ck_assert(!rf_template_subst_choice(t, 0, 2, &g, NULL));
    ck_assert_uint_eq(rf_template_subst_picks(t, 0, 0), 0); /* no variant */
    for (v = 0; v < 50; v++) {
        rf_template *vt = variant(t, v);
        size_t w = 0, i;
        int x;
        for (x = 1; x <= 7; x++)
            w += rf_template_cell(vt, x, 1) == 'W';
        /* one pick a cell: the 7 ? cells */
        ck_assert_uint_eq(rf_template_subst_picks(vt, 0, 0), w);
        ck_assert_uint_eq(rf_template_subst_picks(vt, 0, 1), 7 - w);
        /* once: one pick, the choice every % cell took */
        ck_assert_uint_eq(rf_template_subst_picks(vt, 1, 0), rf_template_cell(vt, 1, 2) == 'G');
        ck_assert_uint_eq(rf_template_subst_picks(vt, 1, 1), rf_template_cell(vt, 1, 2) == '.');
        for (i = 2; i < 6; i++) /* A, B, C, E: one cell each after the shuffle */
            ck_assert_uint_eq(rf_template_subst_picks(vt, i, 0), 1);
        ck_assert_uint_eq(rf_template_subst_picks(vt, 0, 2), 0);
        ck_assert_uint_eq(rf_template_subst_picks(vt, 6, 0), 0);
        /* the variant answers for its template */
        ck_assert_uint_eq(rf_template_subst_count(vt), 6);
        rf_template_variant_free(vt);
    }
}
END_TEST

START_TEST(shuffle_swaps_groups_as_wholes)
{
    const rf_template *t = shrine();
    int kept = 0, swapped = 0;
    uint32_t v;
    for (v = 0; v < 200; v++) {
        rf_template *vt = variant(t, v);
        char a = rf_template_cell(vt, 1, 3), b = rf_template_cell(vt, 2, 3);
        char c = rf_template_cell(vt, 6, 3), e = rf_template_cell(vt, 7, 3);
        if (a == 'W') { /* AB stayed: A->W B->I, C->. E->G */
            ck_assert(b == 'I' && c == '.' && e == 'G');
            kept++;
        } else { /* swapped: AB cells hold CE's picks */
            ck_assert(a == '.' && b == 'G' && c == 'W' && e == 'I');
            swapped++;
        }
        rf_template_variant_free(vt);
    }
    ck_assert_int_gt(kept, 50);
    ck_assert_int_gt(swapped, 50);
}
END_TEST

/* ---- diagnostics: code, line and col at the child's '<' ---- */

typedef struct bad_case {
    const char *vary, *extra, *code;
    int line, col;
} bad_case;

static const bad_case bad[] = {
    {"<subst glyph=\".\" choices=\"W\"/>\n", "", "vary-bad-glyph", 7, 1},
    {"<subst glyph=\"??\" choices=\"W\"/>\n", "", "vary-bad-glyph", 7, 1},
    {"<subst glyph=\"?\" choices=\"W:0 .\"/>\n", "", "vary-bad-choices", 7, 1},
    {"<subst glyph=\"?\" choices=\"WL .\"/>\n", "", "vary-bad-choices", 7, 1},
    {"<subst glyph=\"?\" choices=\" \"/>\n", "", "vary-bad-choices", 7, 1},
    {"<nsubst glyph=\"?\" counts=\"2=W / x\"/>\n", "", "vary-bad-counts", 7, 1},
    {"<nsubst glyph=\"?\" counts=\"*=W / *=.\"/>\n", "", "vary-bad-counts", 7, 1},
    {"<shuffle groups=\"AB / C\"/>\n", "", "vary-bad-groups", 7, 1},
    {"<shuffle groups=\"AB\"/>\n", "", "vary-bad-groups", 7, 1},
    {"<shuffle groups=\"A. / BC\"/>\n", "", "vary-bad-groups", 7, 1},
    {"<subst glyph=\"?\" choices=\"W\"/>\n", "<weight depth=\"4-1\" value=\"3\"/>\n",
     "vary-bad-weight", 9, 1},
    {"<subst glyph=\"?\" choices=\"W\"/>\n", "<unique scope=\"game\"/>\n", "vary-bad-unique", 9,
     1},
    {"  <subts glyph=\"?\" choices=\"W\"/>\n", "", "unknown-element", 7, 3},
    {"<subst glyph=\"?\" choices=\"#\"/>\n", "", "vary-object-blocked", 9, 1},
};

START_TEST(each_bad_child_is_an_error_at_its_place)
{
    const bad_case *c = &bad[_i];
    const char *rows = "<row text=\"##D##\"/>\n<row text=\"#.?.#\"/>\n<row text=\"#####\"/>\n";
    char extra[256];
    const rf_diag *g;
    snprintf(extra, sizeof extra, "%s%s", c->extra,
             strcmp(c->code, "vary-object-blocked") == 0 ? "<lever x=\"2\" y=\"1\"/>\n" : "");
    (void)load_room("Bad", rows, c->vary, extra);
    g = find_code(c->code);
    ck_assert_msg(g != NULL, "case %d: no %s", _i, c->code);
    ck_assert_int_eq(g->line, c->line);
    ck_assert_int_eq(g->col, c->col);
    if (strcmp(c->code, "unknown-element") == 0) {
        ck_assert_ptr_nonnull(strstr(g->message, "did you mean <subst>"));
    } else {
        ck_assert_int_eq(g->severity, RF_SEV_ERROR);
        ck_assert_ptr_null(rf_template_set_find(set, "Bad"));
    }
    if (strcmp(c->code, "vary-object-blocked") == 0) {
        ck_assert_ptr_nonnull(strstr(g->message, "variant 0: "));
        ck_assert_ptr_null(find_code("object-on-wall")); /* said once, as the vary's */
    }
}
END_TEST

START_TEST(an_unresolved_placeholder_is_named_at_its_cell)
{
    const char *rows = "<row text=\"##D##\"/>\n<row text=\"#.?Z#\"/>\n<row text=\"#####\"/>\n";
    const rf_diag *g;
    (void)load_room("Unresolved", rows, "<subst glyph=\"?\" choices=\"W\"/>\n", "");
    g = find_code("vary-unresolved");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->line, 4);
    ck_assert_int_eq(g->col, 15); /* <row text=" is 11 characters, Z is the 4th cell */
    ck_assert_ptr_nonnull(strstr(g->message, "variant 0: 'Z'"));
    ck_assert_ptr_null(find_code("unknown-symbol"));
}
END_TEST

START_TEST(lint_names_the_first_variant_with_a_sealed_part)
{
    /* ? is wall 1 time in 5: the first variant where it is, the east part is sealed */
    const char *rows = "<row text=\"##D####\"/>\n<row text=\"#..?..#\"/>\n"
                       "<row text=\"#..?..#\"/>\n<row text=\"#######\"/>\n";
    const rf_diag *g;
    uint32_t v;
    rf_template *vt = NULL;
    (void)load_room("Sealed", rows, "<subst glyph=\"?\" choices=\".:4 #:1\" once=\"1\"/>\n", "");
    g = find_code("unreachable-part");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(sscanf(g->message, "variant %u:", &v), 1);
    /* the variant named is the first that walls ?, and it reproduces */
    ck_assert_int_eq(rf_template_variant(rf_template_set_find(set, "Sealed"), v, &vt), RF_OK);
    ck_assert_int_eq(rf_template_cell(vt, 3, 1), '#');
    rf_template_variant_free(vt);
    while (v-- > 0) {
        ck_assert_int_eq(rf_template_variant(rf_template_set_find(set, "Sealed"), v, &vt), RF_OK);
        ck_assert_int_eq(rf_template_cell(vt, 3, 1), '.');
        rf_template_variant_free(vt);
    }
}
END_TEST

/* ---- the placer ---- */

static rf_level *level_of(uint64_t seed, int depth, const char *force, bool fix, uint32_t v)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    const char *rooms[1];
    rf_level_opts_init(&o);
    o.seed = seed;
    o.depth = depth;
    o.templates = set;
    rooms[0] = force;
    o.rooms = force ? rooms : NULL;
    o.nrooms = force ? 1 : 0;
    o.force_variant = fix;
    o.variant = v;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    return lv;
}

START_TEST(a_level_places_a_variant_and_gives_its_number)
{
    const rf_template *t = shrine();
    size_t i, found = 0;
    for (i = 0; i < 3; i++) {
        rf_level *lv = level_of(1 + i, 2, "Shrine", false, 0), *again = level_of(1 + i, 2, "Shrine",
                                                                                false, 0);
        size_t k;
        for (k = 0; k < rf_level_room_count(lv); k++) {
            const rf_room_rec *r = rf_level_room_at(lv, k), *r2 = rf_level_room_at(again, k);
            rf_template *vt;
            int y;
            if (r->kind != RF_ROOM_TEMPLATE || rf_template_base(r->tmpl) != t)
                continue;
            found++;
            ck_assert_int_ge(rf_template_variant_number(r->tmpl), 0);
            ck_assert_int_eq(rf_template_variant_number(r->tmpl),
                             rf_template_variant_number(r2->tmpl)); /* same seed, same draw */
            vt = variant(t, (uint32_t)rf_template_variant_number(r->tmpl));
            for (y = 0; y < rf_template_height(vt); y++)
                ck_assert_str_eq(rf_template_row(vt, y), rf_template_row(r->tmpl, y));
            rf_template_variant_free(vt);
        }
        rf_level_free(lv);
        rf_level_free(again);
    }
    ck_assert_uint_eq(found, 3);
}
END_TEST

START_TEST(a_forced_variant_number_is_the_one_placed)
{
    rf_level *lv;
    size_t k, found = 0;
    (void)shrine();
    lv = level_of(3, 2, "Shrine", true, 17);
    for (k = 0; k < rf_level_room_count(lv); k++) {
        const rf_room_rec *r = rf_level_room_at(lv, k);
        if (r->kind == RF_ROOM_TEMPLATE && r->tmpl && rf_template_varies(r->tmpl)) {
            ck_assert_int_eq(rf_template_variant_number(r->tmpl), 17);
            found++;
        }
    }
    rf_level_free(lv);
    ck_assert_uint_eq(found, 1);
}
END_TEST

START_TEST(a_unique_group_appears_once_a_level)
{
    static const char two[] =
        "<roomdb>\n"
        "<room name=\"One\" weight=\"10000\"><row text=\"##D##\"/><row text=\"#...#\"/>"
        "<row text=\"#####\"/><unique group=\"pair\"/></room>\n"
        "<room name=\"Two\" weight=\"10000\"><row text=\"##D##\"/><row text=\"#.W.#\"/>"
        "<row text=\"#####\"/><unique group=\"pair\"/></room>\n"
        "</roomdb>\n";
    uint64_t seed;
    ck_assert_int_eq(load_str(two), RF_OK);
    for (seed = 1; seed <= 20; seed++) {
        rf_level *lv = level_of(seed, 1, NULL, false, 0);
        size_t k, n = 0;
        for (k = 0; k < rf_level_room_count(lv); k++)
            n += rf_level_room_at(lv, k)->kind == RF_ROOM_TEMPLATE;
        ck_assert_uint_le(n, 1);
        rf_level_free(lv);
    }
}
END_TEST

START_TEST(a_world_keeps_its_variants_when_the_level_goes)
{
    rf_level *lv;
    rf_world *w = NULL;
    rf_template *vt;
    size_t i, found = 0;
    int y;
    const rf_template *t = shrine();
    lv = level_of(4, 2, "Shrine", true, 9);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_level(w, lv, d), RF_OK);
    rf_level_free(lv); /* the level's variants go; the world's stay (ASan sees a use) */
    vt = variant(t, 9);
    for (i = 0; i < rf_world_room_count(w); i++) {
        rf_world_room r;
        ck_assert(rf_world_room_get(w, i, &r));
        if (!r.tmpl || rf_template_base(r.tmpl) != t)
            continue;
        found++;
        ck_assert_int_eq(rf_template_variant_number(r.tmpl), 9);
        for (y = 0; y < rf_template_height(vt); y++)
            ck_assert_str_eq(rf_template_row(r.tmpl, y), rf_template_row(vt, y));
    }
    ck_assert_uint_eq(found, 1);
    rf_template_variant_free(vt);
    rf_world_free(w);
}
END_TEST

/* ---- <validate> ---- */

#define VALIDATE_ROOMS                                                                             \
    "<roomdb>\n"                                                                                   \
    "<room name=\"Never\"><row text=\"##D####\"/><row text=\"#..?..#\"/>"                         \
    "<row text=\"#######\"/><vary><subst glyph=\"?\" choices=\"W .\"/>\n"                          \
    "<validate lang=\"lua\">return count(\"W\") >= 20</validate></vary></room>\n"                 \
    "<room name=\"Wet\"><row text=\"##D####\"/><row text=\"#.???.#\"/>"                           \
    "<row text=\"#######\"/><vary><subst glyph=\"?\" choices=\"W . I\"/>\n"                        \
    "<validate>assert(cell(0, 0) == '#' and cell(-1, 0) == nil and exits() == 1)\n"              \
    "return connected('D', 'W') and count('W') >= 2</validate></vary></room>\n"                 \
    "<room name=\"Broken\"><row text=\"##D##\"/><row text=\"#.?.#\"/><row text=\"#####\"/>"        \
    "<vary><subst glyph=\"?\" choices=\"W .\"/>\n"                                                 \
    "<validate>\nreturn nosuch.field</validate></vary></room>\n"                                  \
    "</roomdb>\n"

START_TEST(validate_keeps_only_the_variants_it_passes)
{
    uint64_t seed;
    ck_assert_int_eq(load_str(VALIDATE_ROOMS), RF_OK);
    for (seed = 1; seed <= 10; seed++) {
        rf_level *lv = level_of(seed, 1, "Wet", false, 0);
        size_t k, found = 0;
        for (k = 0; k < rf_level_room_count(lv); k++) {
            const rf_room_rec *r = rf_level_room_at(lv, k);
            if (r->kind != RF_ROOM_TEMPLATE || !r->tmpl || !rf_template_varies(r->tmpl))
                continue;
            found++;
            ck_assert_int_ge(count_in(r->tmpl, 'W'), 2);
            /* W next to the door's cell or joined to it over floor and ice */
            ck_assert(strchr("W.I", rf_template_cell(r->tmpl, 2, 1)) != NULL);
        }
        ck_assert_uint_ge(found, 1); /* forced, and maybe drawn too */
        rf_level_free(lv);
    }
}
END_TEST

START_TEST(validate_false_every_time_refuses_the_room)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    const char *rooms[1] = {"Never"};
    const rf_diag *g;
    ck_assert_int_eq(load_str(VALIDATE_ROOMS), RF_OK);
    rf_level_opts_init(&o);
    o.templates = set;
    o.rooms = rooms;
    o.nrooms = 1;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, d), RF_ERR_CONTENT);
    g = find_code("room-not-placed");
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(strstr(g->message, "<validate>"));
    ck_assert_str_eq(rf_place_why_key(RF_PLACE_VALIDATE), "validate");
}
END_TEST

START_TEST(lint_reports_a_validate_no_variant_passes_and_one_that_fails)
{
    const rf_diag *g;
    ck_assert_int_eq(load_str(VALIDATE_ROOMS), RF_OK);
    ck_assert_int_eq(rf_world_lint(set, NULL, d), RF_ERR_CONTENT);
    g = find_code("vary-validate");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->line, 3); /* Never's <validate> */
    ck_assert_ptr_nonnull(strstr(g->message, "'Never'"));
    g = find_code("script-error");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->line, 9); /* Broken's chunk, its second line */
    ck_assert_ptr_nonnull(strstr(g->message, "nosuch"));
}
END_TEST

static Suite *vary_suite(void)
{
    Suite *s = suite_create("vary");
    TCase *load = tcase_create("load"), *draw = tcase_create("draw"), *errors = tcase_create("errors"),
          *place = tcase_create("place");
    tcase_add_checked_fixture(load, setup, teardown);
    tcase_add_checked_fixture(draw, setup, teardown);
    tcase_add_checked_fixture(errors, setup, teardown);
    tcase_add_checked_fixture(place, setup, teardown);
    tcase_add_test(load, a_varying_room_loads_with_its_weights_and_unique);
    tcase_add_test(draw, a_variant_is_a_template_of_map_symbols);
    tcase_add_test(draw, the_same_number_draws_the_same_variant);
    tcase_add_test(draw, subst_shares_follow_the_weights);
    tcase_add_test(draw, once_shares_one_pick_and_both_come);
    tcase_add_test(draw, nsubst_counts_are_exact);
    tcase_add_test(draw, shuffle_swaps_groups_as_wholes);
    tcase_add_test(draw, a_variant_counts_what_each_subst_drew);
    tcase_add_loop_test(errors, each_bad_child_is_an_error_at_its_place, 0,
                        (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(errors, an_unresolved_placeholder_is_named_at_its_cell);
    tcase_add_test(errors, lint_names_the_first_variant_with_a_sealed_part);
    tcase_add_test(place, a_level_places_a_variant_and_gives_its_number);
    tcase_add_test(place, a_forced_variant_number_is_the_one_placed);
    tcase_add_test(place, a_unique_group_appears_once_a_level);
    tcase_add_test(place, a_world_keeps_its_variants_when_the_level_goes);
    tcase_add_test(place, validate_keeps_only_the_variants_it_passes);
    tcase_add_test(place, validate_false_every_time_refuses_the_room);
    tcase_add_test(place, lint_reports_a_validate_no_variant_passes_and_one_that_fails);
    suite_add_tcase(s, load);
    suite_add_tcase(s, draw);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, place);
    return s;
}

RF_TEST_MAIN(vary_suite)

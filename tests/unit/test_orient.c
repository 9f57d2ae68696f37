/* tests/unit/test_orient.c: unit tests for the orientations of DESIGN 12
 * (engine/src/core/orient.c) and what is built on them: the property that
 * turning by K then by its inverse gives every bundled template back (cells,
 * doors, anchors, objects), a turned room in the world (objects, effects,
 * the player and room:orientation() as scripts see them), and levels made
 * with orient="any" on every bundled profile, whose world agrees with the
 * level object for object.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_fixture.h"
#include "rf_test.h"
#include "roomforge/grid.h"
#include "roomforge/level.h"
#include "roomforge/orient.h"
#include "roomforge/profile.h"
#include "roomforge/scenario.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#define BUNDLED_ROOMS RF_SOURCE_DIR "/content/rooms"
#define BUNDLED_PROFILES RF_SOURCE_DIR "/content/profiles.xml"

/* ---- the mapping ---- */

START_TEST(to_template_undoes_to_room)
{
    int k, tw, th, x, y;
    for (k = 0; k < RF_ORIENT_COUNT; k++)
        for (tw = 1; tw <= 6; tw++)
            for (th = 1; th <= 6; th++)
                for (y = -3; y < th + 3; y++)
                    for (x = -3; x < tw + 3; x++) {
                        int rx, ry, bx, by, w, h;
                        rf_orient_to_room(k, tw, th, x, y, &rx, &ry);
                        rf_orient_to_template(k, tw, th, rx, ry, &bx, &by);
                        ck_assert_int_eq(bx, x);
                        ck_assert_int_eq(by, y);
                        rf_orient_size(k, tw, th, &w, &h);
                        if (x >= 0 && y >= 0 && x < tw && y < th)
                            ck_assert(rx >= 0 && ry >= 0 && rx < w && ry < h);
                    }
}
END_TEST

START_TEST(design_12_numbering)
{
    int rx, ry, dx, dy;
    /* a 4x2 template: its top-right cell (3, 0) */
    rf_orient_to_room(0, 4, 2, 3, 0, &rx, &ry);
    ck_assert(rx == 3 && ry == 0);
    rf_orient_to_room(1, 4, 2, 3, 0, &rx, &ry); /* a quarter turn clockwise: bottom right */
    ck_assert(rx == 1 && ry == 3);
    rf_orient_to_room(2, 4, 2, 3, 0, &rx, &ry); /* a half turn: bottom left */
    ck_assert(rx == 0 && ry == 1);
    rf_orient_to_room(3, 4, 2, 3, 0, &rx, &ry);
    ck_assert(rx == 0 && ry == 0);
    rf_orient_to_room(4, 4, 2, 3, 0, &rx, &ry); /* mirrored left to right */
    ck_assert(rx == 0 && ry == 0);
    rf_orient_to_room(5, 4, 2, 3, 0, &rx, &ry); /* mirrored, then turned */
    ck_assert(rx == 1 && ry == 0);
    /* north turns east under a quarter turn; mirroring keeps it north */
    rf_orient_dir(1, 0, -1, &dx, &dy);
    ck_assert(dx == 1 && dy == 0);
    rf_orient_dir(4, 0, -1, &dx, &dy);
    ck_assert(dx == 0 && dy == -1);
    rf_orient_dir(4, -1, 0, &dx, &dy);
    ck_assert(dx == 1 && dy == 0);
}
END_TEST

START_TEST(compose_and_inverse)
{
    int a, b, x, y;
    for (a = 0; a < RF_ORIENT_COUNT; a++) {
        ck_assert_int_eq(rf_orient_compose(a, rf_orient_inverse(a)), 0);
        ck_assert_int_eq(rf_orient_compose(rf_orient_inverse(a), a), 0);
        for (b = 0; b < RF_ORIENT_COUNT; b++)
            for (y = 0; y < 3; y++)
                for (x = 0; x < 5; x++) {
                    int ax, ay, aw, ah, bx, by, cx, cy;
                    rf_orient_to_room(a, 5, 3, x, y, &ax, &ay);
                    rf_orient_size(a, 5, 3, &aw, &ah);
                    rf_orient_to_room(b, aw, ah, ax, ay, &bx, &by);
                    rf_orient_to_room(rf_orient_compose(a, b), 5, 3, x, y, &cx, &cy);
                    ck_assert(bx == cx && by == cy);
                }
    }
}
END_TEST

/* Template t's map turned by k into out (w x h, rows of w bytes). */
static void turned_map(const rf_template *t, int k, char *out, int *w, int *h)
{
    int tw = rf_template_width(t), th = rf_template_height(t), x, y;
    rf_orient_size(k, tw, th, w, h);
    for (y = 0; y < th; y++)
        for (x = 0; x < tw; x++) {
            int rx, ry;
            rf_orient_to_room(k, tw, th, x, y, &rx, &ry);
            out[ry * *w + rx] = rf_template_cell(t, x, y);
        }
}

static rf_template_set *bundled(void)
{
    rf_template_set *b = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(b && d);
    ck_assert_int_ne(rf_template_set_load_path(b, BUNDLED_ROOMS, d), RF_ERR_IO);
    ck_assert_uint_gt(rf_template_set_count(b), 40);
    rf_diags_free(d);
    return b;
}

/* The property test: for every bundled template and K, its map turned by K
 * then by K's inverse is its map; every door, anchor and object lands on its
 * own symbol in the turned map, and a door on the edge its turned side faces. */
START_TEST(turning_back_gives_every_template_back)
{
    rf_template_set *b = bundled();
    size_t i, j;
    for (i = 0; i < rf_template_set_count(b); i++) {
        const rf_template *t = rf_template_set_at(b, i);
        int tw = rf_template_width(t), th = rf_template_height(t), k;
        char *once = malloc((size_t)tw * (size_t)th), *back = malloc((size_t)tw * (size_t)th);
        ck_assert(once && back);
        for (k = 0; k < RF_ORIENT_COUNT; k++) {
            int w, h, x, y, inv = rf_orient_inverse(k), digit;
            turned_map(t, k, once, &w, &h);
            /* turn the turned map back by the inverse */
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) {
                    int bx, by, bw, bh;
                    rf_orient_to_room(inv, w, h, x, y, &bx, &by);
                    rf_orient_size(inv, w, h, &bw, &bh);
                    ck_assert(bw == tw && bh == th);
                    back[by * tw + bx] = once[y * w + x];
                }
            for (y = 0; y < th; y++)
                for (x = 0; x < tw; x++)
                    ck_assert_msg(back[y * tw + x] == rf_template_cell(t, x, y),
                                  "%s, orientation %d: cell %d,%d", rf_template_name(t), k, x, y);
            for (j = 0; j < rf_template_door_count(t); j++) {
                const rf_door *dr = rf_template_door(t, j);
                int rx, ry, dx, dy, sx = 0, sy = 0, s;
                rf_orient_to_room(k, tw, th, dr->x, dr->y, &rx, &ry);
                ck_assert(once[ry * w + rx] == 'D' || once[ry * w + rx] == 'd');
                if (dr->side == RF_SIDE_NORTH || dr->side == RF_SIDE_SOUTH)
                    sy = dr->side == RF_SIDE_NORTH ? -1 : 1;
                else
                    sx = dr->side == RF_SIDE_WEST ? -1 : 1;
                rf_orient_dir(k, sx, sy, &dx, &dy);
                /* the cell beyond it, in the direction it opens, is off the map
                 * or outside the room: the door stays on that edge */
                ck_assert_msg(rx + dx < 0 || ry + dy < 0 || rx + dx >= w || ry + dy >= h ||
                                  once[(ry + dy) * w + rx + dx] == ' ',
                              "%s, orientation %d: door %zu", rf_template_name(t), k, j);
                for (s = 0; s < 3; s++) { /* its span turns with it */
                    int px, py;
                    rf_orient_to_room(k, tw, th, dr->span_x[s], dr->span_y[s], &px, &py);
                    ck_assert(abs(px - rx) + abs(py - ry) <= 1);
                    ck_assert((dx != 0 && px == rx) || (dy != 0 && py == ry));
                }
            }
            for (digit = 0; digit <= 9; digit++) {
                int ax, ay, rx, ry;
                if (!rf_template_anchor(t, digit, &ax, &ay))
                    continue;
                rf_orient_to_room(k, tw, th, ax, ay, &rx, &ry);
                ck_assert_int_eq(once[ry * w + rx], '0' + digit);
            }
            for (j = 0; j < rf_template_object_count(t); j++) {
                const rf_object *ob = rf_template_object(t, j);
                int rx, ry;
                if (ob->x < 0)
                    continue;
                rf_orient_to_room(k, tw, th, ob->x, ob->y, &rx, &ry);
                ck_assert_int_eq(once[ry * w + rx], rf_template_cell(t, ob->x, ob->y));
            }
        }
        free(once);
        free(back);
    }
    rf_template_set_free(b);
}
END_TEST

/* ---- a turned room in the world ---- */

static const char turned_xml[] =
    "<roomdb><room name=\"L\" width=\"5\" height=\"3\" rotate=\"1\" mirror=\"1\">\n"
    "<row text=\"#D###\"/><row text=\"#1.2#\"/><row text=\"#####\"/>\n"
    "<lever id=\"lv\" at=\"1\"/>\n"
    "<customBlocker id=\"gate\" at=\"2\" png=\"g.png\"/>\n"
    "<script><condition condition_type=\"activated\" id=\"lv\"/>\n"
    "<action action_type=\"move\" id=\"gate\" x=\"2\" y=\"1\"/>\n"
    "<action action_type=\"spell\" casts=\"S\" sourceX=\"1\" sourceY=\"1\"/></script>\n"
    "<script lang=\"lua\">room:rule{run = function(r)\n"
    "  local px, py = r:player()\n"
    "  r:ticker(('K%d P%d,%d G%d,%d'):format(r:orientation(), px, py,\n"
    "           r:object('gate').x, r:object('gate').y))\n"
    "end}</script>\n"
    "</room></roomdb>\n";

START_TEST(a_turned_room_maps_both_ways)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    int k;
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "t.xml", turned_xml, strlen(turned_xml), d),
                     RF_OK);
    for (k = 0; k < RF_ORIENT_COUNT; k++) {
        const rf_template *t = rf_template_set_at(set, 0);
        rf_world *w = NULL;
        rf_world_room wr;
        rf_world_object ob;
        size_t room, i;
        int gx, gy, px, py, lx, ly;
        char want[64];
        bool move = false, spell = false, ticker = false;
        ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
        ck_assert_int_eq(rf_world_add_room_turned(w, t, 10, 20, k, d, &room), RF_OK);
        ck_assert(rf_world_room_get(w, room, &wr));
        ck_assert_int_eq(wr.orient, k);
        ck_assert_int_eq(wr.w, (k & 1) ? 3 : 5);
        ck_assert_int_eq(wr.h, (k & 1) ? 5 : 3);
        /* the gate (template 3,1) stands on its turned cell */
        rf_orient_to_room(k, 5, 3, 3, 1, &gx, &gy);
        ck_assert(rf_world_object_find(w, room, "gate", &ob));
        ck_assert_int_eq(ob.x, 10 + gx);
        ck_assert_int_eq(ob.y, 20 + gy);
        ck_assert(ob.lx == 3 && ob.ly == 1);
        ck_assert(rf_world_room_map(w, room, RF_COORDS_LEVEL, ob.x, ob.y, RF_COORDS_TEMPLATE, &lx,
                                    &ly));
        ck_assert(lx == 3 && ly == 1);
        /* the player on the turned cell of template (2, 1) */
        rf_orient_to_room(k, 5, 3, 2, 1, &px, &py);
        ck_assert_int_eq(rf_world_move_player(w, 10 + px, 20 + py, NULL), RF_OK);
        ck_assert_int_eq(rf_world_pull(w, room, "lv", NULL), RF_OK);
        ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
        snprintf(want, sizeof want, "K%d P2,1 G2,1", k);
        for (i = 0; i < rf_world_effect_count(w); i++) {
            const rf_effect *e = rf_world_effect_at(w, i);
            int ex, ey;
            if (e->kind == RF_EFFECT_MOVE) {
                rf_orient_to_room(k, 5, 3, 2, 1, &ex, &ey);
                ck_assert(e->lx == 2 && e->ly == 1 && e->x == 10 + ex && e->y == 20 + ey);
                move = true;
            } else if (e->kind == RF_EFFECT_SPELL) {
                /* the source as written, the target the player's cell */
                rf_orient_to_room(k, 5, 3, 1, 1, &ex, &ey);
                ck_assert(e->lx == 1 && e->ly == 1 && e->x == 10 + ex && e->y == 20 + ey);
                ck_assert(e->tlx == 2 && e->tly == 1 && e->tx == 10 + px && e->ty == 20 + py);
                spell = true;
            } else if (e->kind == RF_EFFECT_TICKER) {
                ck_assert_str_eq(e->text, want);
                ticker = true;
            }
        }
        ck_assert(move && spell && ticker);
        rf_world_free(w);
    }
    ck_assert_int_eq(rf_world_add_room_turned(NULL, NULL, 0, 0, 0, d, NULL), RF_ERR_ARG);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_bad_orientation_or_position_is_refused)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL;
    const char *xml = "<roomdb><room name=\"F\" width=\"3\" height=\"3\">"
                      "<row text=\"#D#\"/><row text=\"#.#\"/><row text=\"###\"/>"
                      "<script lang=\"lua\">room:rule{run = function(r) "
                      "r:spell('far', 2^40 // 1, 0) end}</script></room></roomdb>";
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "f.xml", xml, strlen(xml), d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room_turned(w, rf_template_set_at(set, 0), 0, 0, 8, d, NULL),
                     RF_ERR_ARG);
    ck_assert_int_eq(rf_world_add_room_turned(w, rf_template_set_at(set, 0), 0, 0, -1, d, NULL),
                     RF_ERR_ARG);
    ck_assert_int_eq(rf_world_add_room_turned(w, rf_template_set_at(set, 0), 0, 0, 3, d, NULL),
                     RF_OK);
    /* a position no level holds is a script error, never an overflow */
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->code, "script-error");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, rf_diags_count(d) - 1)->message, "out of range"));
    ck_assert_uint_eq(rf_world_effect_count(w), 0);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* ---- levels with orient="any" ---- */

/* The bundled profiles with <param name="orient" value="any"/> in each, in a
 * temporary folder beside a copy of the recipes they name. */
static rf_profile_set *any_profiles(char *dir)
{
    static const char param[] = "<param name=\"orient\" value=\"any\"/>";
    size_t len, i, o = 0;
    char *src = slurp(BUNDLED_PROFILES, &len);
    char *out = malloc(len * 2 + 4096), path[512];
    rf_profile_set *ps = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(out && ps && d && mkdtemp(dir));
    for (i = 0; i < len; i++) {
        out[o++] = src[i];
        if (strncmp(src + i, "<profile ", 9) == 0) {
            while (src[++i] != '>')
                out[o++] = src[i];
            out[o++] = '>';
            memcpy(out + o, param, sizeof param - 1);
            o += sizeof param - 1;
        }
    }
    profiles_tree(dir, out, o, path, sizeof path);
    ck_assert_int_eq(rf_profile_set_load(ps, path, d), RF_OK);
    free(src);
    free(out);
    rf_diags_free(d);
    return ps;
}

/* A world holding level lv alone (rf_world_add_level), seeded with its seed. */
static rf_world *level_world(const rf_level *lv, rf_diags *d)
{
    rf_world_opts wo;
    rf_world *w = NULL;
    rf_world_opts_init(&wo);
    wo.seed = rf_level_seed(lv);
    ck_assert_int_eq(rf_world_new(&wo, d, &w), RF_OK);
    ck_assert_int_ne(rf_world_add_level(w, lv, d), RF_ERR_NOMEM);
    return w;
}

/* The world of level lv agrees with it: every template room with the same
 * corner, box and orientation, linked to its level room, and the level's
 * objects with an id found by it at the level's cell (test_world checks
 * every object one for one). Counts the orientations seen into seen[8]. */
static void world_agrees(rf_level *lv, int *seen)
{
    rf_world *w = level_world(lv, NULL);
    size_t i, wi, j, rooms = 0;
    for (wi = 0; wi < rf_world_room_count(w); wi++) {
        const rf_room_rec *r;
        rf_world_room wr;
        ck_assert(rf_world_room_get(w, wi, &wr));
        if (!wr.tmpl)
            continue;
        ck_assert(wr.level_room >= 1 && (size_t)wr.level_room <= rf_level_room_count(lv));
        i = (size_t)wr.level_room - 1;
        r = rf_level_room_at(lv, i);
        ck_assert(r->kind == RF_ROOM_TEMPLATE);
        /* a varying room's world keeps its own copy of the variant (DESIGN 16) */
        ck_assert(rf_template_base(wr.tmpl) == rf_template_base(r->tmpl) &&
                  rf_template_variant_number(wr.tmpl) == rf_template_variant_number(r->tmpl));
        ck_assert(wr.x == r->x && wr.y == r->y && wr.orient == r->orient);
        ck_assert(wr.w == r->w && wr.h == r->h);
        seen[r->orient]++;
        rooms++;
        for (j = 0; j < rf_level_object_count(lv); j++) {
            const rf_placed *p = rf_level_object_at(lv, j);
            rf_world_object ob;
            if (p->room != (int)(i + 1) || !p->id[0])
                continue;
            ck_assert_msg(rf_world_object_find(w, wi, p->id, &ob), "%s: no '%s' in the world",
                          rf_template_name(r->tmpl), p->id);
            ck_assert_msg(ob.x == p->x && ob.y == p->y,
                          "%s orientation %d: '%s' at %d,%d in the world, %d,%d in the level",
                          rf_template_name(r->tmpl), r->orient, p->id, ob.x, ob.y, p->x, p->y);
            ck_assert_uint_eq(ob.handle, j + 1);
        }
    }
    ck_assert_uint_eq(rooms, rf_level_template_count(lv));
    rf_world_free(w);
}

/* Every launcher of a template room stands north of a trap of its name in
 * the template's frame: on the ray from the trap the room's orientation
 * turns north into, the first wall on it. Counts launchers into *n. */
static void launchers_turned(const rf_level *lv, int *n)
{
    size_t i, j;
    for (i = 0; i < rf_level_object_count(lv); i++) {
        const rf_placed *l = rf_level_object_at(lv, i);
        const rf_room_rec *r;
        bool ok = false;
        if (strcmp(l->type, "launcher") != 0 || l->room <= 0)
            continue;
        r = rf_level_room_at(lv, (size_t)l->room - 1);
        if (r->kind != RF_ROOM_TEMPLATE)
            continue;
        for (j = 0; j < rf_level_object_count(lv) && !ok; j++) {
            const rf_placed *t = rf_level_object_at(lv, j);
            int dx, dy, x, y;
            if (strcmp(t->type, "trap") != 0 || t->room != l->room || strcmp(t->name, l->name))
                continue;
            rf_orient_dir(r->orient, 0, -1, &dx, &dy);
            for (x = t->x + dx, y = t->y + dy; rf_grid_in_bounds(rf_level_grid(lv), x, y);
                 x += dx, y += dy) {
                rf_tile g = rf_grid_get(rf_level_grid(lv), x, y);
                if (g == RF_TILE_WALL || g == RF_TILE_BREAKABLE) {
                    ok = x == l->x && y == l->y;
                    break;
                }
            }
        }
        ck_assert_msg(ok, "launcher %s at %d,%d (orientation %d) is north of no trap", l->name,
                      l->x, l->y, r->orient);
        ++*n;
    }
}

START_TEST(orient_any_levels_agree_with_their_world)
{
    static const char *const profiles[] = {"brogue", "nethack", "dungeonmaker", "caverns"};
    char dir[] = "/tmp/rf_orient_XXXXXX";
    rf_template_set *b = bundled();
    rf_profile_set *ps = any_profiles(dir);
    int seen[RF_ORIENT_COUNT] = {0}, scripted_turned = 0, launchers = 0, p, k;
    size_t nt = rf_template_set_count(b), i;
    int seeds = getenv("RF_SANITIZED") ? 2 : 6;
    for (p = 0; p < 4; p++)
        for (i = 0; i < nt; i++) {
            const rf_template *t = rf_template_set_at(b, i);
            int s;
            for (s = 1; s <= seeds; s++) {
                rf_level_opts o;
                rf_level *lv = NULL;
                rf_diags *d = rf_diags_new();
                const char *rooms[1];
                size_t r;
                rooms[0] = rf_template_name(t);
                rf_level_opts_init(&o);
                o.profile = profiles[p];
                o.seed = (uint64_t)(s * 7919 + (int)i);
                o.depth = rf_template_flags(t)->min_level + 1;
                o.templates = b;
                o.rooms = rooms;
                o.nrooms = 1;
                if (rf_level_generate(ps, &o, &lv, d) != RF_OK) {
                    rf_diags_free(d);
                    rf_level_free(lv);
                    continue; /* too large for the profile's level: forced_sweep's concern */
                }
                world_agrees(lv, seen);
                launchers_turned(lv, &launchers);
                for (r = 0; r < rf_level_room_count(lv); r++) {
                    const rf_room_rec *rr = rf_level_room_at(lv, r);
                    if (rr->kind == RF_ROOM_TEMPLATE && rr->orient != 0 &&
                        rf_template_script_count(rr->tmpl) > 0)
                        scripted_turned++;
                }
                rf_level_free(lv);
                rf_diags_free(d);
            }
        }
    for (k = 0; k < RF_ORIENT_COUNT; k++)
        ck_assert_msg(seen[k] > 0, "orientation %d never placed with orient=any", k);
    ck_assert_int_gt(scripted_turned, 0);
    ck_assert_int_gt(launchers, 0);
    rf_profile_set_free(ps);
    rf_template_set_free(b);
    rm_profiles_tree(dir);
}
END_TEST

/* The bundled example, Turnstile Vault (rotate and mirror), forced into
 * levels until it has come out in all eight orientations: in each, the
 * level's own world plays its scenario with every expect met, and the
 * turnstile's moves land on open cells of the room in the level. */
START_TEST(the_example_room_works_in_every_orientation_a_level_places_it)
{
    rf_template_set *b = bundled();
    rf_profile_set *ps = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_scenario *scn = NULL;
    const char *rooms[] = {"Turnstile Vault"};
    int done = 0, k;
    uint64_t seed;
    ck_assert(ps && d);
    ck_assert_int_eq(rf_profile_set_load(ps, BUNDLED_PROFILES, d), RF_OK);
    ck_assert_int_eq(rf_scenario_load_file(RF_SOURCE_DIR "/tests/scenarios/turnstile_vault.scn", d,
                                           &scn),
                     RF_OK);
    for (seed = 1; seed < 400 && done != 0xff; seed++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        rf_world *w = NULL;
        rf_scenario_result *res = NULL;
        rf_world_room wr;
        size_t i, room = 0, from, to;
        rf_level_opts_init(&o);
        o.profile = seed % 2 ? "nethack" : "brogue";
        o.seed = seed;
        o.depth = 3;
        o.templates = b;
        o.rooms = rooms;
        o.nrooms = 1;
        ck_assert_int_eq(rf_level_generate(ps, &o, &lv, d), RF_OK);
        w = level_world(lv, d);
        for (i = 0; i < rf_world_room_count(w); i++)
            if (rf_world_room_get(w, i, &wr) && strcmp(wr.name, rooms[0]) == 0)
                room = i;
        ck_assert(rf_world_room_get(w, room, &wr) && strcmp(wr.name, rooms[0]) == 0);
        if (done & (1 << wr.orient)) {
            rf_world_free(w);
            rf_level_free(lv);
            continue;
        }
        ck_assert_int_eq(rf_scenario_play(scn, w, room, d, &res), RF_OK); /* from 0,0 */
        ck_assert_uint_eq(rf_scenario_result_failed(res), 0);
        rf_scenario_result_effects(res, &from, &to);
        for (i = from; i < to; i++) {
            const rf_effect *e = rf_world_effect_at(w, i);
            if (e->room == room && e->kind == RF_EFFECT_MOVE)
                ck_assert_msg(rf_tile_is_walkable(rf_grid_get(rf_level_grid(lv), e->x, e->y)),
                              "orientation %d: the turnstile moved onto %d,%d", wr.orient, e->x,
                              e->y);
        }
        rf_scenario_result_free(res);
        rf_world_free(w);
        rf_level_free(lv);
        done |= 1 << wr.orient;
    }
    for (k = 0; k < RF_ORIENT_COUNT; k++)
        ck_assert_msg(done & (1 << k), "orientation %d never came out", k);
    rf_scenario_free(scn);
    rf_profile_set_free(ps);
    rf_template_set_free(b);
    rf_diags_free(d);
}
END_TEST

static Suite *orient_suite(void)
{
    Suite *s = suite_create("orient");
    TCase *tc = tcase_create("mapping");
    TCase *tw = tcase_create("world");
    TCase *tl = tcase_create("levels");
    tcase_add_test(tc, to_template_undoes_to_room);
    tcase_add_test(tc, design_12_numbering);
    tcase_add_test(tc, compose_and_inverse);
    tcase_add_test(tc, turning_back_gives_every_template_back);
    tcase_add_test(tw, a_turned_room_maps_both_ways);
    tcase_add_test(tw, a_bad_orientation_or_position_is_refused);
    tcase_add_test(tl, orient_any_levels_agree_with_their_world);
    tcase_add_test(tl, the_example_room_works_in_every_orientation_a_level_places_it);
    tcase_set_timeout(tl, 300);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tw);
    suite_add_tcase(s, tl);
    return s;
}

RF_TEST_MAIN(orient_suite)

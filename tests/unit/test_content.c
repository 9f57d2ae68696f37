/* tests/unit/test_content.c: the bundled content pack (content/rooms) meets
 * issue 2: at least 40 rooms in several files (a base set and a mod), lint
 * clean, and together using every map symbol, flag, object type (both lever
 * spellings), condition type and action type. The lists below are written
 * out from DESIGN 3 and the seed, not taken from the engine's tables, so a
 * room removed from the pack or a name the loader stops recognising fails
 * here.
 */
#include <stdio.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"

#define ROOMS RF_SOURCE_DIR "/content/rooms"

static rf_diags *d;
static rf_template_set *set;

static void setup(void)
{
    size_t i;
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
    rf_diags_set_file_cap(d, 0);
    ck_assert_int_eq(rf_template_set_load_path(set, ROOMS, d), RF_OK);
    ck_assert_int_eq(rf_lint_script_types(set, rf_script_types_builtin(), d), RF_OK);
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        fprintf(stderr, "%s:%d:%d: %s [%s]\n", g->file, g->line, g->col, g->message, g->code);
    }
}

static void teardown(void)
{
    rf_template_set_free(set);
    rf_diags_free(d);
}

START_TEST(pack_is_big_enough_and_lint_clean)
{
    const char *files[16];
    size_t nfiles = 0, i, k;
    bool base = false, mod = false;
    ck_assert_uint_eq(rf_diags_count(d), 0); /* notes included: nothing at all */
    ck_assert_uint_ge(rf_template_set_count(set), 40);
    for (i = 0; i < rf_template_set_count(set); i++) {
        const char *f = rf_template_file(rf_template_set_at(set, i));
        for (k = 0; k < nfiles && strcmp(files[k], f) != 0; k++)
            ;
        if (k == nfiles && nfiles < 16)
            files[nfiles++] = f;
    }
    for (k = 0; k < nfiles; k++) {
        base = base || strstr(files[k], "/base_") != NULL;
        mod = mod || strstr(files[k], "/mod_") != NULL;
    }
    ck_assert_uint_ge(nfiles, 3);
    ck_assert(base);
    ck_assert(mod);
}
END_TEST

START_TEST(pack_uses_every_map_symbol)
{
    static const char symbols[] = "#.WLIGDdSs!X P@^i0123456789";
    bool seen[256] = {false};
    size_t i, k;
    int x, y;
    for (i = 0; i < rf_template_set_count(set); i++) {
        const rf_template *t = rf_template_set_at(set, i);
        for (y = 0; y < rf_template_height(t); y++)
            for (x = 0; x < rf_template_width(t); x++)
                seen[(unsigned char)rf_template_cell(t, x, y)] = true;
    }
    for (k = 0; symbols[k]; k++)
        ck_assert_msg(seen[(unsigned char)symbols[k]], "no room uses the map symbol '%c'",
                      symbols[k]);
}
END_TEST

START_TEST(pack_uses_every_flag)
{
    enum { SPECIAL, NOMON, NOTRAP, NOTREAS, NOBLOCK, SHOP, ZOO, DIGGLE, MINL, MAXL, NFLAGS };
    static const char *const names[NFLAGS] = {
        "special",    "noMonsters", "noTraps", "noTreasure", "noBlockers",
        "shop",       "zoo",        "diggleGod", "minLevel", "maxLevel"};
    bool seen[NFLAGS] = {false};
    size_t i;
    int k;
    for (i = 0; i < rf_template_set_count(set); i++) {
        const rf_flags *f = rf_template_flags(rf_template_set_at(set, i));
        seen[SPECIAL] |= f->special;
        seen[NOMON] |= f->no_monsters;
        seen[NOTRAP] |= f->no_traps;
        seen[NOTREAS] |= f->no_treasure;
        seen[NOBLOCK] |= f->no_blockers;
        seen[SHOP] |= f->shop;
        seen[ZOO] |= f->zoo;
        seen[DIGGLE] |= f->diggle_god;
        seen[MINL] |= f->min_level > 0;
        seen[MAXL] |= f->max_level != RF_LEVEL_ANY;
    }
    for (k = 0; k < NFLAGS; k++)
        ck_assert_msg(seen[k], "no room sets the flag %s", names[k]);
}
END_TEST

START_TEST(pack_uses_every_object_type)
{
    static const char *const tags[] = {"clock",   "customBlocker", "customBreakable",
                                       "customEngraving", "element", "horde",
                                       "lever",   "loot",          "magicBlocker",
                                       "monster", "pedestal",      "trap"};
    bool seen[RF_OBJ_COUNT] = {false};
    bool lever_tag = false, lever_element = false, by_xy = false, by_at = false;
    size_t i, k;
    for (i = 0; i < rf_template_set_count(set); i++) {
        const rf_template *t = rf_template_set_at(set, i);
        for (k = 0; k < rf_template_object_count(t); k++) {
            const rf_object *o = rf_template_object(t, k);
            ck_assert_int_lt(o->type, RF_OBJ_COUNT);
            seen[o->type] = true;
            if (o->type == RF_OBJ_LEVER) {
                /* <element type="lever"> keeps its type attribute; <lever> has none. */
                const char *ty = rf_attrs_find(o->attrs, o->nattrs, "type");
                lever_element |= ty != NULL;
                lever_tag |= ty == NULL;
            }
            by_at |= o->at >= 0;
            by_xy |= o->at < 0;
        }
    }
    for (k = 0; k < sizeof tags / sizeof tags[0]; k++) {
        rf_object_type ty;
        ck_assert(rf_object_type_parse(tags[k], &ty));
        ck_assert_msg(seen[ty], "no room has a %s", tags[k]);
    }
    ck_assert_msg(lever_tag, "no room writes <lever>");
    ck_assert_msg(lever_element, "no room writes <element type=\"lever\">");
    ck_assert(by_at && by_xy);
}
END_TEST

/* Whether some XML script clause of the pack has type (lower case). */
static bool clause_used(const char *type, bool action)
{
    size_t i, s, k;
    for (i = 0; i < rf_template_set_count(set); i++) {
        const rf_template *t = rf_template_set_at(set, i);
        for (s = 0; s < rf_template_script_count(t); s++) {
            const rf_script *sc = rf_template_script(t, s);
            size_t n = action ? sc->nactions : sc->nconditions;
            const rf_clause *cl = action ? sc->actions : sc->conditions;
            for (k = 0; k < n; k++)
                if (strcmp(cl[k].type, type) == 0)
                    return true;
        }
    }
    return false;
}

START_TEST(pack_uses_every_condition_and_action)
{
    static const char *const conds[] = {"activated", "activated_changed", "at",      "entered",
                                        "event",     "exited",            "isalive", "isdead",
                                        "started",   "stopped"};
    static const char *const acts[] = {"create", "move",   "remove", "set",
                                       "spell",  "ticker", "trigger"};
    size_t k;
    for (k = 0; k < sizeof conds / sizeof conds[0]; k++)
        ck_assert_msg(clause_used(conds[k], false), "no script has a %s condition", conds[k]);
    for (k = 0; k < sizeof acts / sizeof acts[0]; k++)
        ck_assert_msg(clause_used(acts[k], true), "no script has a %s action", acts[k]);
}
END_TEST

static Suite *content_suite(void)
{
    Suite *s = suite_create("content");
    TCase *tc = tcase_create("pack");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, pack_is_big_enough_and_lint_clean);
    tcase_add_test(tc, pack_uses_every_map_symbol);
    tcase_add_test(tc, pack_uses_every_flag);
    tcase_add_test(tc, pack_uses_every_object_type);
    tcase_add_test(tc, pack_uses_every_condition_and_action);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(content_suite)

/* tools/fuzz/fuzz_targets.c: what each fuzz target feeds one input to: the
 * rooms.xml and profiles loaders, a recipe, a rooms-file, a scenario.
 *
 * Pipeline: tools/fuzz/fuzz.c mutates seed files and calls these. Design: a
 * target fails only on an undocumented status; inputs that load are used as
 * gen and sim would, at small sizes.
 */
#include "fuzz.h"

#include <string.h>

#include "roomforge/diag.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/rooms_file.h"
#include "roomforge/scenario.h"
#include "roomforge/template.h"

/* Statuses any loader may give bad input. */
static bool expected(rf_status st)
{
    return st == RF_OK || st == RF_ERR_CONTENT || st == RF_ERR_LIMIT || st == RF_ERR_SCRIPT;
}

static bool fuzz_rooms(const char *buf, size_t len)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_status st = set && d ? rf_template_set_load_buffer(set, "fuzz.xml", buf, len, d) : RF_OK;
    rf_template_set_free(set);
    rf_diags_free(d);
    return expected(st);
}

/* One small level of every profile of set (seed 1, depth 5). */
static bool levels_of(const rf_profile_set *set, const rf_level_opts *base)
{
    size_t i;
    for (i = 0; i < rf_profile_count(set); i++) {
        rf_level_opts o = *base;
        rf_level *lv = NULL;
        rf_diags *d = rf_diags_new();
        rf_status st;
        o.profile = rf_profile_name(rf_profile_at(set, i));
        st = d ? rf_level_generate(set, &o, &lv, d) : RF_OK;
        rf_level_free(lv);
        rf_diags_free(d);
        if (!expected(st) && st != RF_ERR_ARG) /* ARG: a rooms-file the recipe never reads */
            return false;
    }
    return true;
}

static void small_level(rf_level_opts *o)
{
    rf_level_opts_init(o);
    o->seed = 1;
    o->depth = 5;
    o->width = 40;
    o->height = 24;
}

static bool fuzz_profiles(const char *buf, size_t len)
{
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    bool ok = true;
    if (set && d) {
        /* a name in no folder: recipe files named by the input cannot be read */
        rf_status st = rf_profile_set_load_buffer(set, buf, len, "fuzz-none/profiles.xml", d);
        ok = expected(st);
        small_level(&o);
        if (ok)
            ok = levels_of(set, &o);
    }
    rf_profile_set_free(set);
    rf_diags_free(d);
    return ok;
}

static bool fuzz_recipe(const char *buf, size_t len)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_diags *d = rf_diags_new();
    rf_status st = RF_OK;
    small_level(&o);
    o.recipe = buf;
    o.recipe_len = len;
    o.recipe_file = "fuzz.lua";
    if (d)
        st = rf_level_generate(NULL, &o, &lv, d);
    rf_level_free(lv);
    rf_diags_free(d);
    return expected(st) || st == RF_ERR_ARG; /* ARG: a rooms-file step without one */
}

static bool fuzz_rooms_file(const char *buf, size_t len)
{
    rf_rooms_file *rf = NULL;
    rf_diags *d = rf_diags_new();
    rf_status st = d ? rf_rooms_file_load_buffer(buf, len, "fuzz.txt", d, &rf) : RF_OK;
    bool ok = expected(st);
    if (ok && rf) {
        rf_level_opts o;
        rf_level *lv = NULL;
        small_level(&o);
        o.profile = "dungeonmaker";
        o.rooms_file = rf;
        st = rf_level_generate(NULL, &o, &lv, d);
        ok = expected(st);
        rf_level_free(lv);
    }
    rf_rooms_file_free(rf);
    rf_diags_free(d);
    return ok;
}

static bool fuzz_scenario(const char *buf, size_t len)
{
    rf_scenario *s = NULL;
    rf_diags *d = rf_diags_new();
    rf_status st = d ? rf_scenario_load_buffer("fuzz.scn", buf, len, d, &s) : RF_OK;
    rf_scenario_free(s);
    rf_diags_free(d);
    return expected(st);
}

static const fuzz_target targets[] = {
    {"rooms", fuzz_rooms, "<room name=\"|width=\"|height=\"|<row text=\"|\"/>|</room>|<flags |"
                          "minLevel=\"|<monster |at=\"|<script>|<condition condition_type=\"|"
                          "<action action_type=\"|D|d|#|.|9|&amp;|<!--|-->|\xc3\xa9|\"|>|<"},
    {"profiles", fuzz_profiles, "<profile name=\"|recipe=\"|<param name=\"|value=\"|\"/>|"
                                "<depths from=\"|to=\"|<horde |<member |<trap |<decoration |"
                                "symbol=\"|-|0|99999999|100000000|lakes|max-rooms|rooms|traps"},
    {"recipe", fuzz_recipe, "level:|brogue_rooms|brogue_loops|brogue_lakes|brogue_finish|"
                            "dig_rects|dig_crawl|place_templates|stairs|special_rooms|populate|"
                            "feeling|roll|(|)|{|}|{1, 2}|\"4-9\"|params|-1|100000000|while true "
                            "do end|end|local |=|,|\n"},
    {"rooms-file", fuzz_rooms_file, "\n|-1|0|1|99|1000000000|3|4| |"},
    {"scenario", fuzz_scenario, "room |tick |enter|exit|move |hit |kill |pull |expect |\n|\"|9"},
};

const fuzz_target *fuzz_target_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i].name, name) == 0)
            return &targets[i];
    return NULL;
}

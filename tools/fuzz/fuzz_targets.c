/* tools/fuzz/fuzz_targets.c: what each fuzz target feeds one input to: the
 * rooms.xml, machines.xml and profiles loaders, a recipe, a rooms-file, a
 * scenario, a room's Lua script in a world, a world save, a Tiled map, a
 * language server's input stream.
 *
 * Pipeline: tools/fuzz/fuzz.c mutates seed files and calls these. Design: a
 * target fails only on an undocumented status; inputs that load are used as
 * gen and sim would, at small sizes.
 */
#include "fuzz.h"
#include "lsp.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "roomforge/diag.h"
#include "roomforge/level.h"
#include "roomforge/lint.h"
#include "roomforge/machines.h"
#include "roomforge/profile.h"
#include "roomforge/rooms_file.h"
#include "roomforge/scenario.h"
#include "roomforge/stats.h"
#include "roomforge/template.h"
#include "roomforge/tmx.h"
#include "roomforge/world.h"

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

/* A machines.xml (DESIGN 17): loaded, its blueprints read back, its
 * scripts' types checked as lint checks them. */
static bool fuzz_machines(const char *buf, size_t len)
{
    rf_machines *m = rf_machines_new();
    rf_diags *d = rf_diags_new();
    rf_status st = RF_OK;
    size_t i, k;
    if (m && d)
        st = rf_machines_load_buffer(m, "fuzz.xml", buf, len, d);
    for (i = 0; expected(st) && i < rf_machines_count(m); i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        int lo, hi;
        rf_blueprint_depths(b, &lo, &hi);
        if (lo > hi || !rf_machines_find(m, rf_blueprint_name(b)))
            st = RF_ERR_ARG; /* a blueprint kept must be whole */
        for (k = 0; k < rf_blueprint_feature_count(b); k++)
            if (!rf_feature_terrain(rf_blueprint_feature_at(b, k)) ==
                !rf_feature_object(rf_blueprint_feature_at(b, k)))
                st = RF_ERR_ARG;
    }
    if (m && d && expected(st))
        st = rf_lint_machines_script_types(m, rf_script_types_builtin(), d);
    rf_machines_free(m);
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

/* What rf_luavm_load says when a chunk compiles only without its counting
 * points (luavm.c). */
#define LIMIT_MESSAGE "the budget's counter needs one more"

/* len bytes at buf hold the text s. */
static bool has_text(const char *buf, size_t len, const char *s)
{
    size_t n = strlen(s), i;
    for (i = 0; n <= len && i <= len - n; i++)
        if (memcmp(buf + i, s, n) == 0)
            return true;
    return false;
}

/* The input as the Lua script of a one-room pack (in CDATA: an input with
 * "]]>" breaks the XML, which the loader must say), added to a world with
 * small budgets, entered, ticked, its monster hit and killed. A chunk too
 * short to reach Lua's limits that compiles only without its counting
 * points (lua_count.c) is a failure: the points broke its syntax. */
static bool fuzz_script(const char *buf, size_t len)
{
    static const char head[] = "<roomDB><room name=\"f\"><row text=\"##D##\"/>"
                               "<row text=\"d.1.d\"/><row text=\"##D##\"/>"
                               "<monster at=\"1\" name=\"bat\" id=\"m\"/>"
                               "<lever x=\"1\" y=\"1\" id=\"lv\"/>"
                               "<script lang=\"lua\"><![CDATA[";
    static const char tail[] = "]]></script></room></roomDB>";
    size_t n = sizeof head - 1 + len + sizeof tail - 1;
    char *xml = malloc(n);
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL;
    rf_world_opts wo;
    rf_status st = RF_OK;
    bool ok = true;
    int i;
    if (!xml || !set || !d)
        goto done;
    memcpy(xml, head, sizeof head - 1);
    memcpy(xml + sizeof head - 1, buf, len);
    memcpy(xml + sizeof head - 1 + len, tail, sizeof tail - 1);
    st = rf_template_set_load_buffer(set, "fuzz.xml", xml, n, d);
    ok = expected(st);
    if (!ok || rf_template_set_count(set) == 0)
        goto done;
    rf_world_opts_init(&wo);
    wo.mem_cap = (size_t)16 << 20;
    wo.tick_budget = 200000;
    wo.load_budget = 200000;
    st = rf_world_new(&wo, d, &w);
    if (st != RF_OK) {
        ok = st == RF_ERR_NOMEM;
        goto done;
    }
    st = rf_world_add_room(w, rf_template_set_at(set, 0), 3, 2, d, NULL);
    ok = expected(st);
    /* (a chunk whose own text holds the phrase is skipped: Lua's messages
     * quote the source near an error) */
    for (i = 0; ok && len < 1000 && !has_text(buf, len, LIMIT_MESSAGE) &&
                (size_t)i < rf_diags_count(d);
         i++)
        if (strstr(rf_diags_at(d, (size_t)i)->message, LIMIT_MESSAGE)) {
            fprintf(stderr, "fuzz: the counting points broke a chunk that compiles\n");
            ok = false;
        }
    for (i = 0; ok && i < 4; i++) {
        if (i == 0)
            st = rf_world_enter(w, 0, NULL);
        else if (i == 2)
            st = rf_world_hit(w, 0, "m", 1, NULL);
        else if (i == 3)
            st = rf_world_kill(w, 0, "m", NULL);
        ok = expected(st) || st == RF_ERR_ARG; /* ARG: no such object (a script removed it) */
        if (ok) {
            st = rf_world_tick(w, d);
            ok = expected(st);
        }
    }
done:
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    free(xml);
    return ok;
}

/* The one-room pack the save target's inputs name (the .sav files of tests/data/save
 * were saved from worlds of it): a lever, a monster, a clock, an XML rule
 * and a Lua rule keeping a count in room.state. */
static const char save_pack[] =
    "<roomDB><room name=\"S\"><row text=\"##D##\"/><row text=\"d.1.d\"/>"
    "<row text=\"##D##\"/><monster at=\"1\" name=\"bat\" id=\"m\"/>"
    "<lever x=\"1\" y=\"1\" id=\"lv\"/><clock id=\"c\" x=\"3\" y=\"1\" initial=\"3\" png=\"c.png\"/>"
    "<script><condition condition_type=\"activated\" id=\"lv\"/>"
    "<action action_type=\"create\" create_type=\"loot\" x=\"2\" y=\"1\" subtype=\"gem\"/>"
    "</script><script lang=\"lua\"><![CDATA[room:rule{[\"repeat\"]=1, run=function(r) "
    "r.state.n = (r.state.n or 0) + math.random(3) r:ticker(r.state.n) end}]]></script>"
    "</room></roomDB>";

/* The input as a world save (rf_world_load) against save_pack; a world
 * that loads is ticked, its monster killed, saved again and loaded again. */
static bool fuzz_save(const char *buf, size_t len)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL, *again = NULL;
    rf_world_opts wo;
    rf_status st;
    FILE *in = NULL, *out = NULL;
    bool ok = true;
    int i;
    if (!set || !d)
        goto done;
    if (rf_template_set_load_buffer(set, "save.xml", save_pack, sizeof save_pack - 1, d) != RF_OK)
        goto done;
    in = tmpfile();
    if (!in || (len && fwrite(buf, 1, len, in) != len))
        goto done;
    rewind(in);
    rf_world_opts_init(&wo);
    wo.mem_cap = (size_t)16 << 20;
    wo.tick_budget = 200000;
    st = rf_world_load(&wo, set, in, d, &w);
    ok = st == RF_OK || st == RF_ERR_CONTENT || st == RF_ERR_NOMEM;
    if (st != RF_OK)
        goto done;
    for (i = 0; ok && i < 3; i++) {
        st = rf_world_kill(w, 0, "m", NULL);
        ok = st == RF_OK || st == RF_ERR_ARG;
        st = rf_world_tick(w, d);
        ok = ok && expected(st);
    }
    out = tmpfile();
    if (ok && out) {
        st = rf_world_save(w, out, d);
        ok = st == RF_OK || st == RF_ERR_CONTENT;
        if (st == RF_OK) {
            rewind(out);
            st = rf_world_load(&wo, set, out, d, &again);
            ok = st == RF_OK; /* what the library wrote, it reads */
        }
    }
done:
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    rf_world_free(again);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    return ok;
}

/* The input as a stats JSON report (stats --merge's reader); one that
 * reads is merged alone (every sum checked) and written in every format. */
static bool fuzz_stats(const char *buf, size_t len)
{
    static const rf_stats_format formats[] = {RF_STATS_TEXT, RF_STATS_JSON, RF_STATS_CSV,
                                              RF_STATS_HTML};
    rf_diags *d = rf_diags_new();
    rf_stats *s = NULL, *m = NULL;
    rf_status st = d ? rf_stats_read_json(buf, len, "fuzz.json", &s, d) : RF_OK;
    bool ok = expected(st);
    if (ok && s) {
        FILE *out = tmpfile();
        size_t k;
        st = rf_stats_merge(&s, 1, &m, d);
        ok = expected(st);
        for (k = 0; ok && m && out && k < sizeof formats / sizeof formats[0]; k++)
            ok = rf_stats_write(m, out, formats[k]) == RF_OK;
        if (out)
            fclose(out);
    }
    rf_stats_free(m);
    rf_stats_free(s);
    rf_diags_free(d);
    return ok;
}

/* A Tiled map (issue 34): read, and what reads written back as rooms.xml
 * and loaded, as `roomforge import` does. */
static bool fuzz_tmx(const char *buf, size_t len)
{
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    rf_status st = d ? rf_tmx_room_load_buffer("fuzz.tmx", buf, len, d, &r) : RF_OK;
    char *xml = NULL;
    size_t n = 0;
    FILE *m = r ? open_memstream(&xml, &n) : NULL;
    if (m) {
        const rf_tmx_room *one = r;
        rf_template_set *set = rf_template_set_new();
        bool wrote = rf_tmx_write_rooms(&one, 1, m) == RF_OK;
        if (fclose(m) == 0 && wrote && set)
            st = rf_template_set_load_buffer(set, "fuzz.xml", xml, n, d);
        rf_template_set_free(set);
        free(xml);
    }
    rf_tmx_room_free(r);
    rf_diags_free(d);
    return expected(st);
}

/* The language server (roomforge lsp) fed one byte stream as its stdin:
 * frames, JSON-RPC and every request on whatever documents it opens. It
 * must end (the input runs out) with 0 or 1, never crash or hang. */
static bool fuzz_lsp(const char *buf, size_t len)
{
    static const lsp_server zero;
    lsp_server s = zero;
    FILE *sink = fopen("/dev/null", "w");
    int code = 1;
    s.in = len ? fmemopen((void *)(uintptr_t)buf, len, "r") : NULL;
    s.out = s.log = sink;
    if (s.in && sink)
        code = lsp_serve(&s);
    if (s.in)
        fclose(s.in);
    if (sink)
        fclose(sink);
    return code == 0 || code == 1;
}

static const fuzz_target targets[] = {
    {"rooms", fuzz_rooms, "<room name=\"|width=\"|height=\"|<row text=\"|\"/>|</room>|<flags |"
                          "minLevel=\"|<monster |at=\"|<script>|<condition condition_type=\"|"
                          "<action action_type=\"|D|d|#|.|9|&amp;|<!--|-->|\xc3\xa9|\"|>|<"},
    {"machines", fuzz_machines, "<blueprint name=\"|kind=\"|reward|key-holder|auto|depth=\"|"
                                "frequency=\"|room=\"|size=\"|<feature |terrain=\"|object=\"|"
                                "count=\"|flags=\"|in-room |key|-|0|999|\"/>|</blueprint>|<script>|"
                                "<condition condition_type=\"|\"|>|<"},
    {"profiles", fuzz_profiles, "<profile name=\"|recipe=\"|<param name=\"|value=\"|\"/>|"
                                "<depths from=\"|to=\"|<horde |<member |<trap |<decoration |"
                                "symbol=\"|-|0|99999999|100000000|lakes|max-rooms|rooms|traps"},
    {"recipe", fuzz_recipe, "level:|brogue_rooms|brogue_loops|brogue_lakes|brogue_finish|"
                            "dig_rects|dig_crawl|place_templates|stairs|special_rooms|populate|"
                            "feeling|roll|(|)|{|}|{1, 2}|\"4-9\"|params|-1|100000000|while true "
                            "do end|end|local |=|,|\n"},
    {"rooms-file", fuzz_rooms_file, "\n|-1|0|1|99|1000000000|3|4| |"},
    {"scenario", fuzz_scenario, "room |tick |enter|exit|move |hit |kill |pull |expect |custom |=|\n|\"|9"},
    {"script", fuzz_script, "room:rule{when=function(r) return |end, run=function(r) |end}|"
                            "r:entered()|r:object(\"m\")|r:create(\"monster\", {x=1, y=1})|"
                            "r:move(\"m\", 2, 1)|r:remove(\"m\")|r:ticker(\"t\")|"
                            "r:spell(\"s\")|r:check(\"isdead\", {id=\"m\"})|"
                            "r:act(\"ticker\", {text=\"x\"})|[\"repeat\"]=true|local |"
                            "string.rep(|string.find(|table.insert(|pcall(|xpcall(|"
                            "setmetatable({}, {__index=|function|return|while true do end|"
                            "for i = 1, 10 do |end|(|)|{|}|..|\"|,|\n|#|math.maxinteger|-1|"
                            "goto l |::l::|repeat |until |do |[==[|]==]|--[[|]]|--|'|\\z|"
                            "__rf|0x1p4|.5|...|"},
    {"stats", fuzz_stats, "{|}|[|]|,|:|\"levels\"|\"failed\"|\"profiles\"|\"seeds\"|\"depths\"|"
                          "\"shard\"|\"templates\"|\"by_profile\"|\"feelings\"|\"hist\"|"
                          "\"brogue\"|\"sums\"|\"refused\"|null|true|0|1|-1|"
                          "18446744073709551615|18446744073709551616|\"\\u001b\"|\"\\ud800\""},
    {"tmx", fuzz_tmx, "<map |<layer |<data encoding=\"csv\">|</data>|<tileset firstgid=\"|"
                      "<tile id=\"|<property name=\"|glyph|value=\"|rooms.xml|room.name|"
                      "flags.special|<object |type=\"|x=\"|width=\"|2147483648|4294967295|"
                      "-1|0|1|255|256|,|\n|\"|/>|>|<|&lt;script&gt;|infinite=\"1\""},
    {"lsp", fuzz_lsp, "Content-Length: |\r\n\r\n|\r\n|{\"jsonrpc\":\"2.0\",|\"id\":|\"method\":|"
                      "\"params\":|initialize|initialized|shutdown|exit|textDocument/didOpen|"
                      "textDocument/didChange|textDocument/didClose|textDocument/hover|"
                      "textDocument/completion|textDocument/definition|textDocument/codeAction|"
                      "textDocument/documentSymbol|\"textDocument\":|\"uri\":\"file:///p/r.xml\"|"
                      "\"uri\":\"file:///p/s.lua\"|\"text\":\"|\"position\":|\"line\":|"
                      "\"character\":|\"range\":|\"contentChanges\":[{|\"version\":|null|-1|"
                      "2147483648|\\n|\\u0000|\\ud800|<room name=\\\"|<row text=\\\"|{|}|[|]|,|:"},
    {"save", fuzz_save, "roomforge-world 1\n|tick |player |rooms |room t |room - |rngs |lua |"
                        "objects |clocks |rules |pending |counters |states |end|s1:S|s0:|{|}|"
                        "i |d |t|f|r |o |- |0|1|-1|9223372036854775807|18446744073709551615|\n"},
};

const fuzz_target *fuzz_target_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i].name, name) == 0)
            return &targets[i];
    return NULL;
}

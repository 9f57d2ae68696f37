/* tests/unit/test_stats.c: unit tests for the stats stage
 * (engine/src/stats): expected and observed shares over known weights, the
 * never-placed reasons, figures against an independent count of the same
 * levels, the same bytes for any --jobs, shards merged into the whole run's
 * bytes, a merge refusing what is not one run's shards, the reader
 * refusing bad JSON at its byte (json-c plus stats_jread.c's checks), and
 * the figure walk (rf_stats_each) echoed back as the JSON report's bytes.
 *
 * Small templates are written inline; profiles too, with special rooms and
 * population off where a test counts only the placer's work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "same_diags.h"
#include "roomforge/level.h"
#include "roomforge/place.h"
#include "roomforge/machines.h"
#include "roomforge/stats.h"
#include "roomforge/template.h"
#include "stats_int.h"

#define BUNDLED_ROOMS RF_SOURCE_DIR "/content/rooms"

static const char profiles_xml[] =
    "<profiles>\n"
    "<profile name=\"one\" digger=\"brogue\"><param name=\"templates\" value=\"1\"/>"
    "<param name=\"special-rooms\" value=\"0\"/><param name=\"populate\" value=\"0\"/></profile>\n"
    "<profile name=\"two\" digger=\"nethack\"><param name=\"templates\" value=\"2\"/></profile>\n"
    "<profile name=\"turning\" digger=\"brogue\"><param name=\"templates\" value=\"1\"/>"
    "<param name=\"orient\" value=\"any\"/>"
    "<param name=\"special-rooms\" value=\"0\"/><param name=\"populate\" value=\"0\"/></profile>\n"
    "</profiles>\n";

/* Heavy (300) and Light (100) at every depth; Huge is wider than any
 * default level; Never is for depths past 500 only; Zero has weight 0. */
static const char rooms_xml[] =
    "<roomdb>\n"
    "<room name=\"Heavy\" width=\"5\" height=\"4\" weight=\"300\">\n"
    "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#####\"/></room>\n"
    "<room name=\"Light\" width=\"5\" height=\"4\" weight=\"100\">\n"
    "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#####\"/></room>\n"
    "<room name=\"Huge\" width=\"90\" height=\"3\">\n"
    "<row text=\"############################################D#############################################\"/>"
    "<row text=\"#........................................................................................#\"/>"
    "<row text=\"##########################################################################################\"/>"
    "</room>\n"
    "<room name=\"Never\" width=\"5\" height=\"4\">\n"
    "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#####\"/>"
    "<flags minLevel=\"500\"/></room>\n"
    "<room name=\"Zero\" width=\"5\" height=\"4\" weight=\"0\">\n"
    "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#####\"/></room>\n"
    "</roomdb>\n";

static rf_template_set *tset;
static rf_profile_set *pset;
static rf_machines *mset; /* the bundled machines.xml: Brogue levels hold machines */

static void setup(void)
{
    rf_diags *d = rf_diags_new();
    tset = rf_template_set_new();
    pset = rf_profile_set_new();
    ck_assert(d && tset && pset);
    ck_assert_int_eq(rf_template_set_load_buffer(tset, "test.xml", rooms_xml, strlen(rooms_xml), d),
                     RF_OK);
    ck_assert_int_eq(rf_profile_set_load_buffer(pset, profiles_xml, strlen(profiles_xml),
                                                "profiles.xml", d),
                     RF_OK);
    mset = rf_machines_new();
    ck_assert(mset);
    ck_assert_int_eq(rf_machines_load_file(mset, RF_SOURCE_DIR "/content/machines.xml", d), RF_OK);
    rf_diags_free(d);
}

static void teardown(void)
{
    rf_template_set_free(tset);
    rf_profile_set_free(pset);
    rf_machines_free(mset);
}

static const char *const one[] = {"one"};
static const char *const both[] = {"one", "two"};

static void opts(rf_stats_opts *o, const char *const *names, size_t n, uint64_t count, int lo,
                 int hi, int jobs)
{
    rf_stats_opts_init(o);
    o->profiles = pset;
    o->templates = tset;
    o->machines = mset;
    o->profile_names = names;
    o->nprofiles = n;
    o->count = count;
    o->depth_lo = lo;
    o->depth_hi = hi;
    o->jobs = jobs;
}

static const st_tmpl *find(const rf_stats *s, const char *name)
{
    size_t i;
    for (i = 0; i < s->nt; i++)
        if (strcmp(s->t[i].name, name) == 0)
            return &s->t[i];
    ck_abort_msg("no template %s", name);
    return NULL;
}

/* The report of s in fmt as a malloc'd string. */
static char *report(const rf_stats *s, rf_stats_format fmt, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    ck_assert(f != NULL);
    ck_assert_int_eq(rf_stats_write(s, f, fmt), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return buf;
}

static char *run_json(const rf_stats_opts *o, size_t *len)
{
    rf_stats *s = NULL;
    char *text;
    ck_assert_int_eq(rf_stats_run(o, &s, NULL), RF_OK);
    text = report(s, RF_STATS_JSON, len);
    rf_stats_free(s);
    return text;
}

/* Weight 300 beside weight 100, one draw a level: 3:1 within bounds. */
START_TEST(shares_follow_weights)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    const st_tmpl *h, *l;
    bool dh, dl;
    double zh, zl;
    opts(&o, one, 1, 300, 1, 1, 2);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_uint_eq(rf_stats_levels(s), 300);
    ck_assert_uint_eq(rf_stats_failed(s), 0);
    ck_assert_uint_eq(rf_stats_violations(s), 0);
    ck_assert_uint_eq(s->draws, 300); /* templates=1: one draw a level */
    h = find(s, "Heavy");
    l = find(s, "Light");
    ck_assert_double_eq_tol(rf_st_expected_share(s, h), 0.75, 1e-6);
    ck_assert_double_eq_tol(rf_st_expected_share(s, l), 0.25, 1e-6);
    ck_assert_uint_eq(h->drawn + l->drawn, 300);
    zh = rf_st_z(h, &dh);
    zl = rf_st_z(l, &dl);
    ck_assert(dh && dl);
    ck_assert_msg(zh > -4 && zh < 4 && zl > -4 && zl < 4, "z %f %f", zh, zl);
    ck_assert_msg(h->placed_draws > 2 * l->placed_draws && h->placed_draws < 4 * l->placed_draws,
                  "heavy %lu light %lu", (unsigned long)h->placed_draws,
                  (unsigned long)l->placed_draws);
    ck_assert_double_eq_tol(rf_st_observed_share(s, h) + rf_st_observed_share(s, l) +
                                (double)(300 - h->placed_draws - l->placed_draws) / 300.0,
                            1.0, 1e-9);
    ck_assert(!rf_st_flagged(h) && !rf_st_flagged(l));
    rf_stats_free(s);
}
END_TEST

/* Too big for the level: size; outside every depth: depth; weight 0. */
START_TEST(never_placed_reasons)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    const st_tmpl *t;
    char *json;
    size_t len;
    opts(&o, one, 1, 4, 1, 3, 1);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    t = find(s, "Huge");
    ck_assert_uint_eq(t->placed, 0);
    ck_assert_uint_eq(t->eligible, 12);
    ck_assert_uint_eq(t->refused[RF_PLACE_SIZE], 12);
    ck_assert_int_eq(rf_st_main_reason(t), RF_PLACE_SIZE);
    t = find(s, "Never");
    ck_assert_uint_eq(t->eligible, 0);
    ck_assert_uint_eq(t->refused[RF_PLACE_DEPTH], 12);
    ck_assert_int_eq(rf_st_main_reason(t), RF_PLACE_DEPTH);
    t = find(s, "Zero");
    ck_assert_uint_eq(t->refused[ST_WHY_WEIGHT], 12);
    ck_assert_double_eq(rf_st_expected_share(s, t), 0.0);
    json = report(s, RF_STATS_JSON, &len);
    ck_assert_ptr_nonnull(strstr(json, "{\"name\":\"Huge\",\"reason\":\"size\""));
    ck_assert_ptr_nonnull(strstr(json, "{\"name\":\"Never\",\"reason\":\"depth\""));
    ck_assert_ptr_nonnull(strstr(json, "{\"name\":\"Zero\",\"reason\":\"weight\""));
    free(json);
    json = report(s, RF_STATS_TEXT, &len);
    ck_assert_ptr_nonnull(strstr(json, "Huge (test.xml:"));
    ck_assert_ptr_nonnull(strstr(json, "larger than the level"));
    free(json);
    rf_stats_free(s);
}
END_TEST

/* The bundled pack: stats' figures against the same levels counted here. */
START_TEST(independent_count)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_stats_opts o;
    rf_stats *s = NULL;
    uint64_t *placed, *eligible, *forced, levels = 0, monsters = 0;
    size_t nt, i, k;
    uint64_t seed;
    int depth;
    rf_status st;
    ck_assert(set && d);
    st = rf_template_set_load_path(set, BUNDLED_ROOMS, d);
    ck_assert(st == RF_OK || st == RF_ERR_CONTENT);
    ck_assert_uint_gt(rf_template_set_count(set), 10);
    nt = rf_template_set_count(set);
    placed = calloc(nt, sizeof *placed);
    eligible = calloc(nt, sizeof *eligible);
    forced = calloc(nt, sizeof *forced);
    ck_assert(placed && eligible && forced);
    for (seed = 3; seed < 6; seed++)
        for (depth = 2; depth <= 9; depth++) {
            rf_level_opts lo;
            rf_level *lv = NULL;
            rf_level_opts_init(&lo);
            lo.seed = seed;
            lo.depth = depth;
            lo.templates = set;
            ck_assert_int_eq(rf_level_generate(NULL, &lo, &lv, NULL), RF_OK);
            levels++;
            monsters += rf_level_object_count_of(lv, "monster");
            for (i = 0; i < nt; i++) {
                const rf_template *t = rf_template_set_at(set, i);
                bool here = false;
                eligible[i] += rf_place_depth_ok(t, depth);
                for (k = 0; k < rf_level_room_count(lv); k++)
                    here = here || (rf_level_room_at(lv, k)->tmpl &&
                                    rf_template_base(rf_level_room_at(lv, k)->tmpl) == t);
                placed[i] += here;
            }
            rf_level_free(lv);
        }
    rf_stats_opts_init(&o);
    o.templates = set;
    o.seed = 3;
    o.count = 3;
    o.depth_lo = 2;
    o.depth_hi = 9;
    o.jobs = 2;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_uint_eq(s->levels, levels);
    ck_assert_uint_eq(s->p[0].dist[ST_MONSTERS].sum, monsters);
    for (i = 0; i < nt; i++) {
        ck_assert_uint_eq(s->t[i].placed, placed[i]);
        ck_assert_uint_eq(s->t[i].eligible, eligible[i]);
        ck_assert_uint_eq(s->t[i].forced, forced[i]);
    }
    rf_stats_free(s);
    free(placed);
    free(eligible);
    free(forced);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* The same bytes for jobs 1, 2 and 4, in every format. */
START_TEST(jobs_same_bytes)
{
    rf_stats_opts o;
    size_t l1, l2, l4;
    char *a, *b, *c;
    opts(&o, both, 2, 5, 1, 3, 1);
    a = run_json(&o, &l1);
    o.jobs = 2;
    b = run_json(&o, &l2);
    o.jobs = 4;
    c = run_json(&o, &l4);
    ck_assert_uint_eq(l1, l2);
    ck_assert_uint_eq(l1, l4);
    ck_assert(memcmp(a, b, l1) == 0 && memcmp(a, c, l1) == 0);
    free(a);
    free(b);
    free(c);
}
END_TEST

/* Shards 1..3 read back from their JSON and merged, in any order: the
 * whole run's bytes, in json, text, csv and html. */
START_TEST(shards_merge_to_whole)
{
    rf_stats_opts o;
    rf_stats *parts[3], *merged = NULL, *whole = NULL, *again = NULL;
    rf_stats_format f;
    int k;
    opts(&o, both, 2, 4, 2, 4, 2);
    ck_assert_int_eq(rf_stats_run(&o, &whole, NULL), RF_OK);
    for (k = 0; k < 3; k++) {
        rf_stats *part = NULL;
        size_t len;
        char *text;
        o.shard = 3 - k; /* written in the reverse order */
        o.nshards = 3;
        ck_assert_int_eq(rf_stats_run(&o, &part, NULL), RF_OK);
        text = report(part, RF_STATS_JSON, &len);
        ck_assert_int_eq(rf_stats_read_json(text, len, "part.json", &parts[k], NULL), RF_OK);
        free(text);
        rf_stats_free(part);
    }
    ck_assert_int_eq(rf_stats_merge(parts, 3, &merged, NULL), RF_OK);
    for (f = RF_STATS_TEXT; f <= RF_STATS_HTML; f++) {
        size_t lw, lm;
        char *w = report(whole, f, &lw), *m = report(merged, f, &lm);
        ck_assert_uint_eq(lw, lm);
        ck_assert_msg(memcmp(w, m, lw) == 0, "format %d differs", (int)f);
        if (f == RF_STATS_JSON) { /* a whole report read back merges to itself */
            rf_stats *read = NULL;
            char *m2;
            size_t l2;
            ck_assert_int_eq(rf_stats_read_json(w, lw, "whole.json", &read, NULL), RF_OK);
            ck_assert_int_eq(rf_stats_merge(&read, 1, &again, NULL), RF_OK);
            m2 = report(again, f, &l2);
            ck_assert(l2 == lw && memcmp(m2, w, lw) == 0);
            free(m2);
            rf_stats_free(read);
        }
        free(w);
        free(m);
    }
    rf_stats_free(again);
    rf_stats_free(merged);
    rf_stats_free(whole);
    for (k = 0; k < 3; k++)
        rf_stats_free(parts[k]);
}
END_TEST

/* Machines by blueprint and depth (DESIGN 17): the tally of profile one
 * is what its levels hold, machine for machine, and a brogue run at depths
 * 1-5 has machines while the nethack one (no machines step) has none. */
START_TEST(machines_by_blueprint_and_depth)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    uint64_t seed;
    int depth;
    size_t i, total = 0, tallied = 0;
    opts(&o, both, 2, 6, 1, 5, 2);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_uint_eq(s->np, 2);
    for (seed = 1; seed <= 6; seed++)
        for (depth = 1; depth <= 5; depth++) {
            rf_level_opts lo;
            rf_level *lv = NULL;
            rf_level_opts_init(&lo);
            lo.profile = "one";
            lo.seed = seed;
            lo.depth = depth;
            lo.templates = tset;
            lo.machines = mset;
            ck_assert_int_eq(rf_level_generate(pset, &lo, &lv, NULL), RF_OK);
            for (i = 0; i < rf_level_machine_count(lv); i++) {
                char key[256];
                size_t k;
                uint64_t n = 0;
                ck_assert(rf_st_machine_key(key, sizeof key, rf_level_machine_at(lv, i)->blueprint,
                                            depth));
                for (k = 0; k < s->p[0].mach.n; k++)
                    if (strcmp(s->p[0].mach.items[k].text, key) == 0)
                        n = s->p[0].mach.items[k].n;
                ck_assert_uint_gt(n, 0);
                total++;
            }
            rf_level_free(lv);
        }
    for (i = 0; i < s->p[0].mach.n; i++)
        tallied += s->p[0].mach.items[i].n;
    ck_assert_uint_gt(total, 0);
    ck_assert_uint_eq(tallied, total);
    ck_assert_uint_eq(s->p[1].mach.n, 0);
    rf_stats_free(s);
}
END_TEST

/* Not one run's shards: a missing shard, another run, bad JSON. */
START_TEST(merge_refuses)
{
    rf_stats_opts o;
    rf_stats *a = NULL, *b = NULL, *other = NULL, *m = NULL, *pair[2];
    rf_diags *d = rf_diags_new();
    static const char *const bad[] = {"", "{", "[1,2]", "{\"levels\":1}", "{\"levels\":-1}",
                                      "\"\\ud800\""};
    size_t i;
    ck_assert(d);
    opts(&o, one, 1, 3, 1, 2, 1);
    o.shard = 1;
    o.nshards = 2;
    ck_assert_int_eq(rf_stats_run(&o, &a, NULL), RF_OK);
    pair[0] = pair[1] = a;
    ck_assert_int_eq(rf_stats_merge(pair, 1, &m, d), RF_ERR_CONTENT); /* shard 2 missing */
    ck_assert_int_eq(rf_stats_merge(pair, 2, &m, d), RF_ERR_CONTENT); /* shard 1 twice */
    o.seed = 9;
    o.shard = 2;
    ck_assert_int_eq(rf_stats_run(&o, &other, NULL), RF_OK);
    pair[1] = other;
    ck_assert_int_eq(rf_stats_merge(pair, 2, &m, d), RF_ERR_CONTENT); /* another run */
    o.shard = o.nshards = 0;
    ck_assert_int_eq(rf_stats_run(&o, &b, NULL), RF_OK);
    pair[0] = pair[1] = b;
    ck_assert_int_eq(rf_stats_merge(pair, 2, &m, d), RF_ERR_CONTENT); /* two whole runs */
    ck_assert_ptr_null(m);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(rf_stats_read_json(bad[i], strlen(bad[i]), "bad.json", &m, d),
                         RF_ERR_CONTENT);
        ck_assert_ptr_null(m);
    }
    ck_assert(diags_have(d, "stats-merge"));
    rf_stats_free(a);
    rf_stats_free(b);
    rf_stats_free(other);
    rf_diags_free(d);
}
END_TEST

/* The one message text d holds, or "". */
static const char *only_message(const rf_diags *d)
{
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "stats-merge");
    return rf_diags_at(d, 0)->message;
}

/* What json-c refuses and what stats_jread.c adds to it (issue 30): each
 * text refused with stats-merge naming the byte where it goes wrong. */
START_TEST(read_refuses_bad_json)
{
    static const struct {
        const char *text;
        size_t len; /* 0: strlen */
        const char *says;
    } bad[] = {
        {"{\"a\": [1, 2,, 3]}", 0, "bad JSON at byte 12 (unexpected character)"},
        {"{\"levels\":", 0, "bad JSON at byte 10 (unexpected end of data)"},
        {"{} x", 0, "bad JSON at byte 3"},
        {"{}\0{}", 5, "bad JSON at byte 2 (bytes after the value)"},
        {"{\"a\":[1,]}", 0, "bad JSON at byte 8"},
        {"/* no */ {}", 0, "bad JSON at byte 0"},
        {"[18446744073709551616]", 0, "bad JSON at byte 1 (an integer out of the 64-bit range)"},
        {"[1, -9223372036854775809]", 0, "bad JSON at byte 4 (an integer out of the 64-bit range)"},
        {"[\"a\x01\"]", 0, "bad JSON at byte 3 (a raw control byte inside a string)"},
        {"{\"a\\u0000b\":1}", 0, "bad JSON at byte 3 (\\u0000 inside a string)"},
        {"{\"x\":[3, {\"a\":1,\"b\":{},\"a\":2}]}", 0, "a key twice in the object at byte 9"},
        {"[[\"\\u0000\"], 1x]", 0, "bad JSON at byte 3 (\\u0000"}, /* the earlier fault */
        {"[1x, [\"\\u0000\"]]", 0, "bad JSON at byte 2 (number expected)"},
    };
    rf_stats *m = NULL;
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rf_diags *d = rf_diags_new();
        size_t len = bad[i].len ? bad[i].len : strlen(bad[i].text);
        ck_assert(d);
        ck_assert_int_eq(rf_stats_read_json(bad[i].text, len, "bad.json", &m, d), RF_ERR_CONTENT);
        ck_assert_ptr_null(m);
        ck_assert_msg(strstr(only_message(d), bad[i].says), "%zu: %s", i, only_message(d));
        rf_diags_free(d);
    }
}
END_TEST

/* Nesting: 32 levels are read (and then lack a report's fields), 33 are
 * refused at the 33rd bracket. */
START_TEST(read_bounds_depth)
{
    char text[80];
    rf_diags *d = rf_diags_new();
    rf_stats *m = NULL;
    ck_assert(d);
    memset(text, '[', 32);
    memset(text + 32, ']', 32);
    ck_assert_int_eq(rf_stats_read_json(text, 64, "deep.json", &m, d), RF_ERR_CONTENT);
    ck_assert(strstr(only_message(d), "templates"));
    rf_diags_free(d);
    d = rf_diags_new();
    ck_assert(d);
    memset(text, '[', 33);
    memset(text + 33, ']', 33);
    ck_assert_int_eq(rf_stats_read_json(text, 66, "deep.json", &m, d), RF_ERR_CONTENT);
    ck_assert_str_eq(only_message(d),
                     "not a roomforge stats JSON report: bad JSON at byte 32 (nesting too deep)");
    rf_diags_free(d);
}
END_TEST

/* "[{},{},...]": json-c spends ~800 bytes an object, so past
 * ST_JSON_MAX_OBJECTS the text is refused before json-c reads the rest. */
START_TEST(read_caps_objects)
{
    size_t n = ((size_t)1 << 18) + 1, len = 3 * n + 1, i;
    char *text = malloc(len), want[96];
    rf_diags *d = rf_diags_new();
    rf_stats *m = NULL;
    ck_assert(text && d);
    text[0] = '[';
    for (i = 0; i < n; i++)
        memcpy(text + 1 + 3 * i, i + 1 < n ? "{}," : "{}]", 3);
    ck_assert_int_eq(rf_stats_read_json(text, len, "objects.json", &m, d), RF_ERR_CONTENT);
    snprintf(want, sizeof want, "bad JSON at byte %zu (more objects than a report holds)",
             1 + 3 * (n - 1));
    ck_assert_msg(strstr(only_message(d), want), "%s", only_message(d));
    rf_diags_free(d);
    free(text);
}
END_TEST

/* Counts are exact to 2^64-1 (json-c's uint64), and a report's own text
 * with one count raised to it reads back with that count. */
START_TEST(read_keeps_u64_exact)
{
    rf_stats_opts o;
    rf_stats *s = NULL, *back = NULL;
    char *text, *at, *edited;
    size_t len;
    opts(&o, one, 1, 2, 1, 1, 1);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    text = report(s, RF_STATS_JSON, &len);
    at = strstr(text, "\"draws\":");
    ck_assert(at);
    edited = malloc(len + 32);
    ck_assert(edited);
    at += strlen("\"draws\":");
    memcpy(edited, text, (size_t)(at - text));
    len = (size_t)(at - text) +
          (size_t)sprintf(edited + (at - text), "18446744073709551615%s", strchr(at, ','));
    ck_assert_int_eq(rf_stats_read_json(edited, len, "max.json", &back, NULL), RF_OK);
    ck_assert(back->draws == UINT64_MAX);
    ck_assert(back->levels == s->levels);
    rf_stats_free(back);
    rf_stats_free(s);
    free(text);
    free(edited);
}
END_TEST

/* A profile's orient decides what fits: a room taller than the level
 * refused by size where rooms stay as drawn, drawn and placed turned where
 * the profile turns every room (the placer's own test, with its orient). */
START_TEST(orient_decides_size)
{
    static const char tall_xml[] =
        "<roomdb><room name=\"Tall\" width=\"5\" height=\"34\" weight=\"100\">"
        "<row text=\"##D##\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#####\"/></room></roomdb>\n";
    static const char *const turning[] = {"turning"};
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_stats_opts o;
    rf_stats *s = NULL;
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "tall.xml", tall_xml, strlen(tall_xml), d),
                     RF_OK);
    opts(&o, one, 1, 6, 1, 1, 2);
    o.templates = set;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_uint_eq(s->t[0].refused[RF_PLACE_SIZE], 6);
    ck_assert_uint_eq(s->draws, 0);
    rf_stats_free(s);
    opts(&o, turning, 1, 6, 1, 1, 2);
    o.templates = set;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_uint_eq(s->t[0].refused[RF_PLACE_SIZE], 0);
    ck_assert_uint_eq(s->draws, 6);
    ck_assert_uint_eq(s->t[0].drawn, 6);
    ck_assert_double_eq_tol(rf_st_expected_share(s, &s->t[0]), 1.0, 1e-6);
    rf_stats_free(s);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* Bad options and an unknown profile: RF_ERR_ARG, nothing made. */
START_TEST(bad_options)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    rf_diags *d = rf_diags_new();
    static const char *const nope[] = {"nope"};
    ck_assert(d);
    opts(&o, one, 1, 1, 3, 2, 1);
    ck_assert_int_eq(rf_stats_run(&o, &s, d), RF_ERR_ARG);
    opts(&o, one, 1, 1, 1, 1, 1);
    o.shard = 3;
    o.nshards = 2;
    ck_assert_int_eq(rf_stats_run(&o, &s, d), RF_ERR_ARG);
    opts(&o, nope, 1, 1, 1, 1, 1);
    ck_assert_int_eq(rf_stats_run(&o, &s, d), RF_ERR_ARG);
    ck_assert(diags_have(d, "unknown-profile"));
    ck_assert_ptr_null(s);
    rf_diags_free(d);
}
END_TEST

/* A failing level (a forced room too big) is counted, never stops the run. */
START_TEST(failed_levels_counted)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    rf_diags *d = rf_diags_new();
    static const char *const huge[] = {"Huge"};
    size_t len;
    char *text;
    ck_assert(d);
    opts(&o, one, 1, 2, 1, 2, 2);
    o.rooms = huge;
    o.nrooms = 1;
    ck_assert_int_eq(rf_stats_run(&o, &s, d), RF_OK);
    ck_assert_uint_eq(rf_stats_failed(s), 4);
    ck_assert_uint_eq(rf_stats_levels(s), 0);
    ck_assert(diags_have(d, "room-not-placed"));
    ck_assert(s->first_failure.set && s->first_failure.seed == 1 && s->first_failure.depth == 1);
    text = report(s, RF_STATS_TEXT, &len);
    ck_assert_ptr_nonnull(strstr(text, "first failed level: profile one, seed 1, depth 1"));
    free(text);
    rf_stats_free(s);
    rf_diags_free(d);
}
END_TEST

/* Forced rooms are counted as forced, placed every time, outside the draws. */
START_TEST(forced_counted_apart)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    static const char *const light[] = {"Light"};
    const st_tmpl *t;
    opts(&o, one, 1, 10, 1, 1, 2);
    o.rooms = light;
    o.nrooms = 1;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    t = find(s, "Light");
    ck_assert_uint_eq(t->forced, 10);
    ck_assert_uint_eq(t->placed, 10);
    ck_assert_uint_eq(s->draws, 10); /* the forced room is no draw */
    rf_stats_free(s);
}
END_TEST

/* True when the failure armed by rf_alloc_fail_after did not fire yet
 * (disarming it): one of the next allocations would fail. */
static bool fault_pending(void)
{
    int k;
    for (k = 0; k < 100000; k++) {
        void *p = rf_alloc(1);
        if (!p) {
            rf_alloc_fail_after(0);
            return true;
        }
        rf_free(p);
    }
    rf_alloc_fail_after(0);
    return false;
}

/* Every allocation of a run, a read-back and a merge failing in turn:
 * RF_ERR_NOMEM or a level counted as failed, never a crash, a leak or a
 * report that differs without saying so. */
START_TEST(allocation_failures)
{
    rf_stats_opts o;
    rf_stats *s = NULL, *m = NULL, *part = NULL;
    char *ref, *text;
    size_t len, rlen;
    long n;
    long stride = getenv("RF_SANITIZED") ? 7 : 1; /* every 7th under the sanitizers */
    opts(&o, one, 1, 1, 2, 2, 1);
    o.width = 30; /* a small level: fewer allocations to fail */
    o.height = 12;
    ref = run_json(&o, &rlen);
    for (n = 1;; n += stride) {
        rf_status st;
        rf_alloc_fail_after(n);
        st = rf_stats_run(&o, &s, NULL);
        if (fault_pending()) {
            ck_assert_int_eq(st, RF_OK);
            rf_stats_free(s);
            break;
        }
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM, "status %d at %ld", (int)st, n);
        if (st == RF_OK) {
            if (rf_stats_failed(s) == 0) { /* absorbed: the same figures */
                text = report(s, RF_STATS_JSON, &len);
                ck_assert_msg(len == rlen && memcmp(text, ref, len) == 0, "differs at %ld", n);
                free(text);
            }
            rf_stats_free(s);
        } else {
            ck_assert_ptr_null(s);
        }
        s = NULL;
    }
    for (n = 1;; n++) { /* read back, merge, write */
        rf_status st;
        rf_alloc_fail_after(n);
        st = rf_stats_read_json(ref, rlen, "ref.json", &part, NULL);
        if (st == RF_OK)
            st = rf_stats_merge(&part, 1, &m, NULL);
        if (fault_pending()) {
            ck_assert_int_eq(st, RF_OK);
            break;
        }
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM, "status %d at %ld", (int)st, n);
        rf_stats_free(part);
        rf_stats_free(m);
        part = m = NULL;
    }
    text = report(m, RF_STATS_JSON, &len);
    ck_assert(len == rlen && memcmp(text, ref, len) == 0);
    free(text);
    rf_stats_free(part);
    rf_stats_free(m);
    free(ref);
}
END_TEST

/* The distinct maps of a varying room: the ST_VARY_HASHES smallest hashes,
 * ascending, once each; two parts added give the whole's set exactly. */
START_TEST(vary_hashes_keep_the_smallest_and_merge_exactly)
{
    st_tmpl whole, a, b;
    uint64_t h = 0x9e3779b97f4a7c15u;
    size_t i;
    memset(&whole, 0, sizeof whole);
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    ck_assert(rf_st_vary_alloc(&whole, 0) && rf_st_vary_alloc(&a, 0) && rf_st_vary_alloc(&b, 0));
    for (i = 0; i < 1000; i++) {
        h = h * 6364136223846793005u + 1442695040888963407u; /* any spread of values */
        (void)rf_st_vary_hash_offer(whole.vary, h);
        (void)rf_st_vary_hash_offer(i % 3 ? a.vary : b.vary, h);
        if (i % 7 == 0) /* a map seen again is no new one */
            ck_assert(!rf_st_vary_hash_offer(whole.vary, h));
    }
    ck_assert_uint_eq(whole.vary->nhash, ST_VARY_HASHES);
    for (i = 1; i < whole.vary->nhash; i++)
        ck_assert(whole.vary->hash[i - 1] < whole.vary->hash[i]);
    {
        bool o = false;
        rf_st_vary_add(&a, &b, &o);
        ck_assert(!o);
    }
    ck_assert_uint_eq(a.vary->nhash, whole.vary->nhash);
    ck_assert(memcmp(a.vary->hash, whole.vary->hash, sizeof whole.vary->hash) == 0);
    rf_st_vary_fini(&whole);
    rf_st_vary_fini(&a);
    rf_st_vary_fini(&b);
}
END_TEST

/* ---- rf_stats_each: the walk the JSON report is written from ---- */

/* A visitor that writes what it is handed as compact JSON by rules of its
 * own, and checks the walk's shape: one value at the top, keys in objects
 * only, containers closed as opened, never deeper than RF_STATS_MAX_DEPTH. */
typedef struct echo {
    FILE *out;
    int depth, max_depth, tops;
    bool more[RF_STATS_MAX_DEPTH + 1], array[RF_STATS_MAX_DEPTH + 1];
} echo;

static void echo_member(echo *e, const char *key)
{
    if (e->depth == 0) {
        e->tops++;
        ck_assert_ptr_null(key);
    } else {
        ck_assert_msg((key == NULL) == e->array[e->depth], "a key in an array or none in an object");
        if (e->more[e->depth])
            fputc(',', e->out);
        e->more[e->depth] = true;
    }
    if (key) {
        rf_json_string(e->out, key);
        fputc(':', e->out);
    }
}

static void echo_open(echo *e, const char *key, bool array)
{
    echo_member(e, key);
    fputc(array ? '[' : '{', e->out);
    ck_assert_int_lt(e->depth, RF_STATS_MAX_DEPTH);
    e->depth++;
    if (e->depth > e->max_depth)
        e->max_depth = e->depth;
    e->more[e->depth] = false;
    e->array[e->depth] = array;
}

static void echo_close(echo *e, bool array)
{
    ck_assert_int_gt(e->depth, 0);
    ck_assert(e->array[e->depth] == array);
    e->depth--;
    fputc(array ? ']' : '}', e->out);
}

static void echo_begin_object(void *ud, const char *key) { echo_open(ud, key, false); }
static void echo_end_object(void *ud) { echo_close(ud, false); }
static void echo_begin_array(void *ud, const char *key) { echo_open(ud, key, true); }
static void echo_end_array(void *ud) { echo_close(ud, true); }

static void echo_integer(void *ud, const char *key, int64_t v)
{
    echo_member(ud, key);
    fprintf(((echo *)ud)->out, "%lld", (long long)v);
}

static void echo_count(void *ud, const char *key, uint64_t v)
{
    echo_member(ud, key);
    fprintf(((echo *)ud)->out, "%llu", (unsigned long long)v);
}

static void echo_real(void *ud, const char *key, double v, int precision)
{
    ck_assert(precision == 3 || precision == 6);
    echo_member(ud, key);
    fprintf(((echo *)ud)->out, "%.*f", precision, v);
}

static void echo_string(void *ud, const char *key, const char *v)
{
    ck_assert_ptr_nonnull(v);
    echo_member(ud, key);
    rf_json_string(((echo *)ud)->out, v);
}

static void echo_boolean(void *ud, const char *key, bool v)
{
    echo_member(ud, key);
    fputs(v ? "true" : "false", ((echo *)ud)->out);
}

static void echo_null(void *ud, const char *key)
{
    echo_member(ud, key);
    fputs("null", ((echo *)ud)->out);
}

/* s's walk echoed is its JSON report but for the report's line breaks (a
 * JSON string holds none); returns the deepest nesting seen. */
static int check_each_is_json(const rf_stats *s)
{
    static const rf_stats_visitor v = {echo_begin_object, echo_end_object, echo_begin_array,
                                       echo_end_array,    echo_integer,    echo_count,
                                       echo_real,         echo_string,     echo_boolean,
                                       echo_null};
    echo e;
    char *walked = NULL, *json, *p, *q;
    size_t wlen, jlen;
    memset(&e, 0, sizeof e);
    e.out = open_memstream(&walked, &wlen);
    ck_assert_ptr_nonnull(e.out);
    rf_stats_each(s, &v, &e);
    ck_assert_int_eq(fclose(e.out), 0);
    ck_assert_int_eq(e.depth, 0);
    ck_assert_int_eq(e.tops, 1);
    json = report(s, RF_STATS_JSON, &jlen);
    for (p = q = json; *p; p++) /* the report without its line breaks */
        if (*p != '\n')
            *q++ = *p;
    *q = '\0';
    ck_assert_str_eq(walked, json);
    free(walked);
    free(json);
    return e.max_depth;
}

/* The walk is the JSON report: a run of two profiles, a shard, a run whose
 * levels all failed, and rooms that vary (the deepest nesting). */
START_TEST(each_walks_what_json_writes)
{
    rf_stats_opts o;
    rf_stats *s = NULL;
    rf_template_set *vary = rf_template_set_new();
    static const char *const huge[] = {"Huge"};
    opts(&o, both, 2, 3, 1, 3, 2);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_int_eq(check_each_is_json(s), 6); /* by_profile, a profile, a dist, its hist */
    rf_stats_free(s);
    o.shard = 2;
    o.nshards = 3;
    o.rooms = huge;
    o.nrooms = 1;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert(s->first_failure.set);
    (void)check_each_is_json(s);
    rf_stats_free(s);
    ck_assert_ptr_nonnull(vary);
    ck_assert_int_eq(rf_template_set_load_file(vary, RF_TEST_DATA "/vary_stats/rooms.xml", NULL),
                     RF_OK);
    opts(&o, one, 1, 4, 1, 4, 2);
    o.templates = vary;
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    ck_assert_int_eq(check_each_is_json(s), RF_STATS_MAX_DEPTH); /* a subst's choice */
    rf_stats_free(s);
    rf_template_set_free(vary);
}
END_TEST

static void count_object(void *ud, const char *key)
{
    (void)key;
    ++*(size_t *)ud;
}

/* A visitor may leave callbacks NULL: one that counts objects alone sees
 * every object of the report. */
START_TEST(each_skips_null_callbacks)
{
    rf_stats_visitor v;
    rf_stats_opts o;
    rf_stats *s = NULL;
    size_t objects = 0, braces = 0, len, i;
    char *json;
    memset(&v, 0, sizeof v);
    v.begin_object = count_object;
    opts(&o, both, 2, 2, 1, 2, 1);
    ck_assert_int_eq(rf_stats_run(&o, &s, NULL), RF_OK);
    rf_stats_each(s, &v, &objects);
    json = report(s, RF_STATS_JSON, &len);
    for (i = 0; i < len; i++) /* no name of the fixture holds a brace */
        braces += json[i] == '{';
    ck_assert_uint_eq(objects, braces);
    ck_assert_uint_gt(objects, s->nt + 2 * s->np);
    free(json);
    rf_stats_free(s);
}
END_TEST

static Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("stats");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shares_follow_weights);
    tcase_add_test(tc, never_placed_reasons);
    tcase_add_test(tc, independent_count);
    tcase_add_test(tc, jobs_same_bytes);
    tcase_add_test(tc, shards_merge_to_whole);
    tcase_add_test(tc, machines_by_blueprint_and_depth);
    tcase_add_test(tc, merge_refuses);
    tcase_add_test(tc, read_refuses_bad_json);
    tcase_add_test(tc, read_bounds_depth);
    tcase_add_test(tc, read_caps_objects);
    tcase_add_test(tc, read_keeps_u64_exact);
    tcase_add_test(tc, bad_options);
    tcase_add_test(tc, failed_levels_counted);
    tcase_add_test(tc, forced_counted_apart);
    tcase_add_test(tc, allocation_failures);
    tcase_add_test(tc, orient_decides_size);
    tcase_add_test(tc, vary_hashes_keep_the_smallest_and_merge_exactly);
    suite_add_tcase(s, tc);
    tc = tcase_create("each");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, each_walks_what_json_writes);
    tcase_add_test(tc, each_skips_null_callbacks);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(stats_suite)

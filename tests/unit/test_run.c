/* tests/unit/test_run.c: unit tests for engine/src/run (rf_run, DESIGN 18):
 * brogue's aligned stairs line up from level to level, a free profile's
 * levels are gen's, a run resumed from a saved state makes the same bytes
 * as one that never stopped, a state round-trips, special rooms and
 * <unique scope="run"> groups come once a run, a format 1 state still
 * loads, and every damaged, truncated or later state is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/pack.h"
#include "roomforge/run.h"
#include "roomforge/template.h"

#define CONTENT RF_SOURCE_DIR "/content"

static rf_pack *pack;
static const rf_profile_set *profiles;
static const rf_template_set *templates;

static void load_pack(void)
{
    const char *dirs[] = {CONTENT};
    rf_pack_opts o;
    rf_diags *d = rf_diags_new();
    rf_pack_opts_init(&o);
    o.dirs = dirs;
    o.ndirs = 1;
    ck_assert_int_eq(rf_pack_load(&o, &pack, d), RF_OK);
    rf_diags_free(d);
    profiles = rf_pack_profiles(pack);
    templates = rf_pack_templates(pack);
}

static void free_pack(void) { rf_pack_free(pack); }

typedef struct blob {
    char *buf;
    size_t len;
} blob;

static blob level_json(const rf_level *lv)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_level_write_json(lv, f), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return b;
}

static blob state_of(const rf_run *r)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_run_save(r, f, NULL), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return b;
}

/* rf_run_load of b's bytes; its status, *out on RF_OK. */
static rf_status load_state(blob b, const rf_level_opts *base, rf_diags *d, rf_run **out)
{
    FILE *f = fmemopen(b.buf, b.len ? b.len : 1, "r");
    rf_status st;
    ck_assert_ptr_nonnull(f);
    if (b.len == 0)
        (void)fgetc(f);
    st = rf_run_load(profiles, base, f, d, out);
    fclose(f);
    return st;
}

static rf_level_opts base_opts(const char *profile, uint64_t seed)
{
    rf_level_opts o;
    rf_level_opts_init(&o);
    o.profile = profile;
    o.seed = seed;
    o.templates = templates;
    return o;
}

static rf_run *new_run(const rf_level_opts *o)
{
    rf_run *r = NULL;
    ck_assert_int_eq(rf_run_new(profiles, o, NULL, &r), RF_OK);
    return r;
}

static rf_level *next(rf_run *r)
{
    rf_level *lv = NULL;
    ck_assert_int_eq(rf_run_next(r, &lv, NULL), RF_OK);
    return lv;
}

/* ---- stairs ---- */

/* The squared distance from level k's down stairs to level k + 1's up
 * stairs over depths 1..8 of seed: the most, and in *same how many sit on
 * the very spot. */
static int stair_gaps(const char *profile, uint64_t seed, int *same)
{
    rf_level_opts o = base_opts(profile, seed);
    rf_run *r = new_run(&o);
    int k, dx = -1, dy = -1, most = 0;
    *same = 0;
    for (k = 1; k <= 8; k++) {
        rf_level *lv = next(r);
        int ux, uy, gap;
        rf_level_stairs_up(lv, &ux, &uy);
        gap = (ux - dx) * (ux - dx) + (uy - dy) * (uy - dy);
        if (k > 1 && gap > most)
            most = gap;
        *same += k > 1 && gap == 0;
        rf_level_stairs_down(lv, &dx, &dy);
        rf_level_free(lv);
    }
    ck_assert_int_eq(rf_run_depth(r), 9);
    rf_run_free(r);
    return most;
}

START_TEST(brogue_up_stairs_sit_at_the_down_stairs_above)
{
    int same, total = 0, most = 0;
    uint64_t seed;
    ck_assert(rf_profile_stairs_aligned(rf_profile_find(profiles, "brogue")));
    for (seed = 1; seed <= 4; seed++) {
        int gap = stair_gaps("brogue", seed, &same);
        most = gap > most ? gap : most;
        total += same;
    }
    /* the nearest free floor: on the spot, or some steps off where the
     * level below is rock (each depth digs its own walls, DESIGN 18): seeds
     * 1-4 at most about 12 off */
    ck_assert_int_le(most, 16 * 16);
    ck_assert_int_ge(total, 4 * 7 / 4);
    /* a free profile's up stairs go anywhere */
    most = 0;
    for (seed = 1; seed <= 4; seed++) {
        int gap = stair_gaps("nethack", seed, &same);
        most = gap > most ? gap : most;
    }
    ck_assert_int_gt(most, 5 * 5);
}
END_TEST

START_TEST(a_free_profile_makes_the_levels_gen_makes)
{
    rf_level_opts o = base_opts("nethack", 3);
    rf_run *r;
    int k;
    o.templates = NULL; /* no special rooms to carry: every level is gen's */
    r = new_run(&o);
    ck_assert(!rf_profile_stairs_aligned(rf_profile_find(profiles, "nethack")));
    for (k = 1; k <= 4; k++) {
        rf_level *a = next(r), *b = NULL;
        blob ja, jb;
        o.depth = k;
        ck_assert_int_eq(rf_level_generate(profiles, &o, &b, NULL), RF_OK);
        ja = level_json(a);
        jb = level_json(b);
        ck_assert_uint_eq(ja.len, jb.len);
        ck_assert(memcmp(ja.buf, jb.buf, ja.len) == 0);
        free(ja.buf);
        free(jb.buf);
        rf_level_free(a);
        rf_level_free(b);
    }
    rf_run_free(r);
}
END_TEST

/* ---- resuming ---- */

START_TEST(a_resumed_run_makes_the_same_bytes)
{
    rf_level_opts o = base_opts("brogue", 11), other = base_opts("nethack", 99);
    rf_run *whole = new_run(&o), *half = new_run(&o), *again = NULL;
    blob state;
    int k;
    for (k = 1; k <= 3; k++) {
        rf_level_free(next(whole));
        rf_level_free(next(half));
    }
    state = state_of(half);
    rf_run_free(half);
    /* the state wins over the base: profile and seed are the saved ones */
    ck_assert_int_eq(load_state(state, &other, NULL, &again), RF_OK);
    ck_assert_int_eq(rf_run_depth(again), 4);
    ck_assert_str_eq(rf_run_profile(again), "brogue");
    ck_assert_uint_eq(rf_run_seed(again), 11);
    for (k = 4; k <= 7; k++) {
        rf_level *a = next(whole), *b = next(again);
        blob ja = level_json(a), jb = level_json(b);
        ck_assert_int_eq(rf_level_depth(b), k);
        ck_assert_uint_eq(ja.len, jb.len);
        ck_assert_msg(memcmp(ja.buf, jb.buf, ja.len) == 0, "depth %d differs", k);
        free(ja.buf);
        free(jb.buf);
        rf_level_free(a);
        rf_level_free(b);
    }
    free(state.buf);
    rf_run_free(whole);
    rf_run_free(again);
}
END_TEST

START_TEST(a_state_round_trips_byte_for_byte)
{
    rf_level_opts o = base_opts("brogue", 2);
    rf_run *r = new_run(&o), *back = NULL;
    blob a, b;
    size_t i;
    o.width = 60;
    o.height = 25;
    o.difficulty = 5;
    rf_run_free(r);
    r = new_run(&o);
    for (i = 0; i < 4; i++)
        rf_level_free(next(r));
    a = state_of(r);
    ck_assert_int_eq(load_state(a, &o, NULL, &back), RF_OK);
    b = state_of(back);
    ck_assert_uint_eq(a.len, b.len);
    ck_assert(memcmp(a.buf, b.buf, a.len) == 0);
    ck_assert_uint_eq(rf_run_used_count(back), rf_run_used_count(r));
    for (i = 0; i < rf_run_used_count(r); i++)
        ck_assert_str_eq(rf_run_used_at(back, i), rf_run_used_at(r, i));
    free(a.buf);
    free(b.buf);
    rf_run_free(r);
    rf_run_free(back);
}
END_TEST

/* ---- special rooms ---- */

START_TEST(a_special_room_comes_once_a_run)
{
    rf_level_opts o = base_opts("brogue", 7);
    rf_run *r = new_run(&o);
    char seen[64][128];
    size_t nseen = 0, i, k;
    int depth;
    for (depth = 1; depth <= 12; depth++) {
        rf_level *lv = next(r);
        for (i = 0; i < rf_level_room_count(lv); i++) {
            const rf_room_rec *rec = rf_level_room_at(lv, i);
            if (rec->kind != RF_ROOM_TEMPLATE || !rf_template_flags(rec->tmpl)->special)
                continue;
            for (k = 0; k < nseen; k++)
                ck_assert_msg(strcmp(seen[k], rf_template_name(rec->tmpl)) != 0,
                              "special room '%s' again at depth %d", seen[k], depth);
            ck_assert_uint_lt(nseen, 64);
            snprintf(seen[nseen++], sizeof seen[0], "%s", rf_template_name(rec->tmpl));
        }
        rf_level_free(lv);
    }
    ck_assert_uint_gt(nseen, 0);
    ck_assert_uint_eq(rf_run_used_count(r), nseen);
    rf_run_free(r);
}
END_TEST

/* ---- unique groups (DESIGN 16) ---- */

/* The rooms of tests/data/run/unique_run.xml (group "trio", scope="run"),
 * with each scope="run" made scope (a new set, the caller frees it). */
static rf_template_set *trio(const char *scope)
{
    static const char run[] = "scope=\"run\"";
    char text[4096], xml[8192], *at, *from = text;
    FILE *f = fopen(RF_TEST_DATA "/run/unique_run.xml", "rb");
    size_t n, len = 0;
    rf_template_set *set = rf_template_set_new();
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(set);
    n = fread(text, 1, sizeof text - 1, f);
    ck_assert(feof(f));
    fclose(f);
    text[n] = '\0';
    while ((at = strstr(from, run)) != NULL) {
        len += (size_t)snprintf(xml + len, sizeof xml - len, "%.*sscope=\"%s\"",
                                (int)(at - from), from, scope);
        from = at + strlen(run);
    }
    len += (size_t)snprintf(xml + len, sizeof xml - len, "%s", from);
    ck_assert_uint_lt(len, sizeof xml);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "unique_run.xml", xml, len, NULL), RF_OK);
    ck_assert_uint_eq(rf_template_set_count(set), 3);
    return set;
}

/* The template rooms of lv whose group is "trio" (in any case). */
static size_t trio_rooms(const rf_level *lv)
{
    size_t i, n = 0;
    for (i = 0; i < rf_level_room_count(lv); i++) {
        const rf_room_rec *rec = rf_level_room_at(lv, i);
        n += rec->kind == RF_ROOM_TEMPLATE && rec->tmpl &&
             strcasecmp(rf_template_unique_group(rec->tmpl), "trio") == 0;
    }
    return n;
}

/* A run of seed over the trio rooms (of scope="run" when run_scope),
 * depths 1..8: the trio rooms placed in all, and in *levels on how many
 * levels. */
static size_t trio_in_a_run(const rf_template_set *set, bool run_scope, uint64_t seed,
                            size_t *levels)
{
    size_t groups;
    rf_level_opts o = base_opts("brogue", seed);
    rf_run *r;
    size_t total = 0;
    int k;
    o.templates = set;
    r = new_run(&o);
    *levels = 0;
    for (k = 1; k <= 8; k++) {
        rf_level *lv = next(r);
        size_t n = trio_rooms(lv);
        total += n;
        *levels += n > 0;
        rf_level_free(lv);
    }
    /* one group whatever the case each room spells it in; none of scope="level" */
    groups = run_scope && total > 0 ? 1 : 0;
    ck_assert_uint_eq(rf_run_group_count(r), groups);
    if (groups > 0)
        ck_assert_int_eq(strcasecmp(rf_run_group_at(r, 0), "trio"), 0);
    ck_assert_ptr_null(rf_run_group_at(r, 1));
    ck_assert_uint_eq(rf_run_used_count(r), 0);
    rf_run_free(r);
    return total;
}

START_TEST(a_run_unique_group_comes_once_a_run)
{
    rf_template_set *set = trio("run");
    size_t levels, placed = 0;
    uint64_t seed;
    for (seed = 1; seed <= 4; seed++) {
        size_t n = trio_in_a_run(set, true, seed, &levels);
        ck_assert_msg(n <= 1, "seed %d: %zu trio rooms in a run", (int)seed, n);
        placed += n;
    }
    ck_assert_uint_ge(placed, 3); /* drawn first on (nearly) every run */
    rf_template_set_free(set);
}
END_TEST

START_TEST(a_level_unique_group_comes_on_many_levels_of_a_run)
{
    rf_template_set *set = trio("level");
    size_t levels;
    uint64_t seed;
    for (seed = 1; seed <= 4; seed++) {
        (void)trio_in_a_run(set, false, seed, &levels);
        ck_assert_msg(levels > 1, "seed %d: trio rooms on %zu levels", (int)seed, levels);
    }
    rf_template_set_free(set);
}
END_TEST

START_TEST(a_resumed_run_keeps_its_unique_groups)
{
    rf_template_set *set = trio("run");
    rf_level_opts o = base_opts("brogue", 5);
    rf_run *whole, *half, *again = NULL;
    blob state;
    int k;
    o.templates = set;
    whole = new_run(&o);
    half = new_run(&o);
    for (k = 1; k <= 3; k++) {
        rf_level_free(next(whole));
        rf_level_free(next(half));
    }
    ck_assert_uint_eq(rf_run_group_count(half), 1); /* the trio placed before the save */
    state = state_of(half);
    ck_assert_ptr_nonnull(strstr(state.buf, "\ngroups 1\ns4:"));
    rf_run_free(half);
    ck_assert_int_eq(load_state(state, &o, NULL, &again), RF_OK);
    ck_assert_uint_eq(rf_run_group_count(again), 1);
    ck_assert_str_eq(rf_run_group_at(again, 0), rf_run_group_at(whole, 0));
    for (k = 4; k <= 8; k++) {
        rf_level *a = next(whole), *b = next(again);
        blob ja = level_json(a), jb = level_json(b);
        ck_assert_uint_eq(trio_rooms(b), 0);
        ck_assert_uint_eq(ja.len, jb.len);
        ck_assert_msg(memcmp(ja.buf, jb.buf, ja.len) == 0, "depth %d differs", k);
        free(ja.buf);
        free(jb.buf);
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_uint_eq(rf_run_group_count(again), 1);
    free(state.buf);
    rf_run_free(whole);
    rf_run_free(again);
    rf_template_set_free(set);
}
END_TEST

START_TEST(used_groups_without_their_names_are_a_bad_option)
{
    rf_level_opts o = base_opts("brogue", 1);
    rf_diags *d = rf_diags_new();
    rf_run *r = NULL;
    o.nused_groups = 2;
    ck_assert_int_eq(rf_level_opts_check(&o, d), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "bad-level-option");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "2 used groups without their names"));
    /* a run does not read a base's used groups */
    ck_assert_int_eq(rf_run_new(profiles, &o, NULL, &r), RF_OK);
    ck_assert_uint_eq(rf_run_group_count(r), 0);
    rf_run_free(r);
    rf_diags_free(d);
}
END_TEST

/* ---- refusals ---- */

static rf_run *three_levels_in(void)
{
    rf_level_opts o = base_opts("brogue", 4);
    rf_run *r = new_run(&o);
    int k;
    for (k = 0; k < 3; k++)
        rf_level_free(next(r));
    return r;
}

/* Loading b fails with code as the first diagnostic. */
static void refused(blob b, const char *code)
{
    rf_level_opts o = base_opts("brogue", 1);
    rf_diags *d = rf_diags_new();
    rf_run *r = NULL;
    ck_assert_int_eq(load_state(b, &o, d, &r), RF_ERR_CONTENT);
    ck_assert_ptr_null(r);
    ck_assert_uint_ge(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, code);
    rf_diags_free(d);
}

/* Every bit of b flipped, one at a time, is refused. */
static void flips_refused(blob b)
{
    size_t i;
    int bit;
    for (i = 0; i < b.len; i++)
        for (bit = 0; bit < 8; bit++) {
            rf_level_opts o = base_opts("brogue", 1);
            rf_diags *d = rf_diags_new();
            rf_run *back = NULL;
            rf_status st;
            b.buf[i] ^= (char)(1 << bit);
            st = load_state(b, &o, d, &back);
            b.buf[i] ^= (char)(1 << bit);
            /* a flip in the header's version may name a later format */
            ck_assert_msg(st == RF_ERR_CONTENT, "byte %zu bit %d loaded", i, bit);
            ck_assert_ptr_null(back);
            ck_assert_uint_ge(rf_diags_count(d), 1);
            rf_diags_free(d);
        }
}

START_TEST(every_flipped_bit_is_refused)
{
    rf_template_set *set = trio("run");
    rf_level_opts o = base_opts("brogue", 5);
    rf_run *r = three_levels_in(), *grouped;
    blob b = state_of(r);
    flips_refused(b);
    free(b.buf);
    rf_run_free(r);
    o.templates = set; /* a state with a group */
    grouped = new_run(&o);
    rf_level_free(next(grouped));
    ck_assert_uint_eq(rf_run_group_count(grouped), 1);
    b = state_of(grouped);
    flips_refused(b);
    free(b.buf);
    rf_run_free(grouped);
    rf_template_set_free(set);
}
END_TEST

START_TEST(every_truncation_is_refused)
{
    rf_run *r = three_levels_in();
    blob b = state_of(r);
    size_t n = b.len;
    for (b.len = 0; b.len < n; b.len++)
        refused(b, "save-damaged");
    free(b.buf);
    rf_run_free(r);
}
END_TEST

/* A state whose payload is p, framed (a right checksum) as the saver would. */
static blob framed(const char *p, int version)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_frame_write(f, "roomforge-run", version, p, strlen(p)), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return b;
}

START_TEST(values_the_saver_never_writes_are_refused)
{
    static const char *const bad[] = {
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n",
        "profile s5:rogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 10 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 6\ndepth 2\ndown 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 0\ndown 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 -3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 1\nend\n",
        "profile s6:brogue\nseed 18446744073709551616\nsize 0 0\ndifficulty 3\ndepth 2\n"
        "down 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\nend\nx",
    };
    /* format 2: the groups line after the used rooms */
    static const char *const bad2[] = {
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n"
        "groups 1\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n"
        "groups 4097\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n"
        "groups 1\ns0:\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n"
        "groups -1\nend\n",
        /* a name held twice: no saver writes it (a group ignoring case) */
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 2\n"
        "s4:Room\ns4:Room\ngroups 0\nend\n",
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 0\n"
        "groups 2\ns5:altar\ns5:ALTAR\nend\n",
    };
    size_t i;
    blob good = framed(
        "profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\nused 1\n"
        "s4:Room\nend\n",
        1);
    rf_level_opts o = base_opts("brogue", 1);
    rf_run *r = NULL;
    ck_assert_int_eq(load_state(good, &o, NULL, &r), RF_OK);
    ck_assert_str_eq(rf_run_used_at(r, 0), "Room");
    rf_run_free(r);
    free(good.buf);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        blob b = framed(bad[i], 1);
        refused(b, "save-damaged");
        free(b.buf);
    }
    for (i = 0; i < sizeof bad2 / sizeof bad2[0]; i++) {
        blob b = framed(bad2[i], 2);
        refused(b, "save-damaged");
        free(b.buf);
    }
    /* a groups line in a format 1 state is no format 1 state */
    good = framed("profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\ndown 1 3 4\n"
                  "used 0\ngroups 0\nend\n",
                  1);
    refused(good, "save-damaged");
    free(good.buf);
}
END_TEST

/* A state a roomforge of format 1 wrote (before groups were kept): its
 * header and crc32 by hand, as such a saver wrote them. */
START_TEST(a_format_1_state_still_loads)
{
    static const char v1[] = "roomforge-run 1 87 6e4522c5\n"
                             "profile s6:brogue\nseed 9\nsize 0 0\ndifficulty 3\ndepth 3\n"
                             "down 1 30 12\nused 1\ns4:Room\nend\n";
    blob b = {NULL, 0}, again;
    rf_level_opts o = base_opts("brogue", 1);
    rf_run *r = NULL;
    b.buf = malloc(sizeof v1);
    ck_assert_ptr_nonnull(b.buf);
    memcpy(b.buf, v1, sizeof v1);
    b.len = sizeof v1 - 1;
    ck_assert_int_eq(load_state(b, &o, NULL, &r), RF_OK);
    ck_assert_int_eq(rf_run_depth(r), 3);
    ck_assert_uint_eq(rf_run_seed(r), 9);
    ck_assert_str_eq(rf_run_used_at(r, 0), "Room");
    ck_assert_uint_eq(rf_run_group_count(r), 0);
    /* saved again, it is format 2 with no groups */
    again = state_of(r);
    ck_assert_int_eq(strncmp(again.buf, "roomforge-run 2 ", 16), 0);
    ck_assert_ptr_nonnull(strstr(again.buf, "\ns4:Room\ngroups 0\nend\n"));
    rf_run_free(r);
    free(again.buf);
    free(b.buf);
}
END_TEST

START_TEST(a_format_2_state_loads_its_groups)
{
    blob b = framed("profile s6:brogue\nseed 1\nsize 0 0\ndifficulty 3\ndepth 2\n"
                    "down 1 3 4\nused 0\ngroups 2\ns4:Trio\ns7:shrines\nend\n",
                    2);
    rf_level_opts o = base_opts("brogue", 1);
    rf_run *r = NULL;
    ck_assert_int_eq(load_state(b, &o, NULL, &r), RF_OK);
    ck_assert_uint_eq(rf_run_group_count(r), 2);
    ck_assert_str_eq(rf_run_group_at(r, 0), "Trio");
    ck_assert_str_eq(rf_run_group_at(r, 1), "shrines");
    rf_run_free(r);
    free(b.buf);
}
END_TEST

START_TEST(a_later_format_is_save_version)
{
    blob b = framed("profile s6:brogue\n", RF_RUN_SAVE_VERSION + 1);
    refused(b, "save-version");
    free(b.buf);
}
END_TEST

START_TEST(a_world_save_is_not_a_run_state)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_int_eq(rf_frame_write(f, "roomforge-world", 1, "x", 1), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    refused(b, "save-damaged");
    free(b.buf);
}
END_TEST

START_TEST(a_bad_start_is_refused_with_why)
{
    rf_level_opts o = base_opts("no-such", 1);
    rf_diags *d = rf_diags_new();
    rf_run *r = NULL;
    ck_assert_int_eq(rf_run_new(profiles, &o, d, &r), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unknown-profile");
    o = base_opts("brogue", 1);
    o.width = 5;
    o.height = 5;
    ck_assert_int_eq(rf_run_new(profiles, &o, d, &r), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, 1)->code, "bad-level-option");
    ck_assert_ptr_null(r);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_state_saves_to_a_path_and_loads)
{
    char path[] = "/tmp/rf_run_test_XXXXXX";
    rf_run *r = three_levels_in(), *back = NULL;
    rf_level_opts o = base_opts("brogue", 1);
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(rf_run_save_path(r, path, NULL), RF_OK);
    ck_assert_int_eq(rf_run_load_path(profiles, &o, path, NULL, &back), RF_OK);
    ck_assert_int_eq(rf_run_depth(back), 4);
    rf_run_free(back);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(rf_run_load_path(profiles, &o, path, NULL, &back), RF_ERR_IO);
    (void)close(fd);
    rf_run_free(r);
}
END_TEST

/* Out of memory at every allocation of a load and of a level: RF_ERR_NOMEM
 * (or a level made all the same), the run as it was, nothing leaked. */
START_TEST(out_of_memory_anywhere_is_nomem)
{
    rf_run *r = three_levels_in();
    blob b = state_of(r);
    rf_level_opts o = base_opts("brogue", 1);
    long k;
    for (k = 1; k < 200; k++) {
        rf_run *back = NULL;
        rf_status st;
        rf_alloc_fail_after(k);
        st = load_state(b, &o, NULL, &back);
        rf_alloc_fail_after(0);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM, "allocation %ld: %d", k, st);
        rf_run_free(back);
        if (st == RF_OK)
            break;
    }
    ck_assert_int_lt(k, 200);
    for (k = 1; k < 100000; k += 997) {
        rf_level *lv = NULL;
        rf_status st;
        rf_alloc_fail_after(k);
        st = rf_run_next(r, &lv, NULL);
        rf_alloc_fail_after(0);
        if (st == RF_OK) {
            ck_assert_int_eq(rf_run_depth(r), 5);
            rf_level_free(lv);
            break;
        }
        ck_assert_int_eq(rf_run_depth(r), 4);
    }
    free(b.buf);
    rf_run_free(r);
}
END_TEST

static Suite *run_suite(void)
{
    Suite *s = suite_create("run");
    TCase *levels = tcase_create("levels"), *state = tcase_create("state");
    tcase_add_unchecked_fixture(levels, load_pack, free_pack);
    tcase_add_unchecked_fixture(state, load_pack, free_pack);
    tcase_set_timeout(levels, 60);
    tcase_set_timeout(state, 60);
    tcase_add_test(levels, brogue_up_stairs_sit_at_the_down_stairs_above);
    tcase_add_test(levels, a_free_profile_makes_the_levels_gen_makes);
    tcase_add_test(levels, a_resumed_run_makes_the_same_bytes);
    tcase_add_test(levels, a_special_room_comes_once_a_run);
    tcase_add_test(levels, a_run_unique_group_comes_once_a_run);
    tcase_add_test(levels, a_level_unique_group_comes_on_many_levels_of_a_run);
    tcase_add_test(levels, a_resumed_run_keeps_its_unique_groups);
    tcase_add_test(levels, used_groups_without_their_names_are_a_bad_option);
    tcase_add_test(state, a_state_round_trips_byte_for_byte);
    tcase_add_test(state, every_flipped_bit_is_refused);
    tcase_add_test(state, every_truncation_is_refused);
    tcase_add_test(state, values_the_saver_never_writes_are_refused);
    tcase_add_test(state, a_format_1_state_still_loads);
    tcase_add_test(state, a_format_2_state_loads_its_groups);
    tcase_add_test(state, a_later_format_is_save_version);
    tcase_add_test(state, a_world_save_is_not_a_run_state);
    tcase_add_test(state, a_bad_start_is_refused_with_why);
    tcase_add_test(state, a_state_saves_to_a_path_and_loads);
    tcase_add_test(state, out_of_memory_anywhere_is_nomem);
    suite_add_tcase(s, levels);
    suite_add_tcase(s, state);
    return s;
}
RF_TEST_MAIN(run_suite)

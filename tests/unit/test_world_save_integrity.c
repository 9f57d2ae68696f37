/* tests/unit/test_world_save_integrity.c: world saves a game can trust
 * (issues 27 and 29, DESIGN 14): a flipped bit anywhere is refused, a save is
 * self-delimiting, every write and the flush are checked, a save to a path
 * replaces the old one only when whole, a save of several megabytes loads
 * back, values the saver never writes (a variant of a room that does not
 * vary) are save-damaged, and a format 3 save still loads.
 *
 * Pipeline: world (rf_world_save, rf_world_save_path, rf_world_load).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "rf_test.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

typedef struct blob {
    char *buf;
    size_t len;
} blob;

static const char rooms_xml[] =
    "<roomdb>\n"
    "  <room name=\"Counter\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <element id=\"lever\" type=\"lever\" x=\"2\" y=\"1\"/>\n"
    "    <script lang=\"lua\">\n"
    "      room:rule { [\"repeat\"] = 1, run = function(r)\n"
    "        local s = r.state\n"
    "        s.n = (s.n or 0) + 1\n"
    "        s.log = s.log or { tag = \"x\", [1] = 2.5 }\n"
    "        if s.big_rows then s.big = string.rep(\"0123456789abcdef\", s.big_rows) end\n"
    "        r:ticker(\"n \" .. s.n .. \" roll \" .. math.random(1000))\n"
    "      end }\n"
    "    </script>\n"
    "  </room>\n"
    "  <room name=\"Hoard\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <script lang=\"lua\">\n"
    "      room:rule { [\"repeat\"] = 1, run = function(r)\n"
    "        local s = r.state\n"
    "        if not s.items then\n"
    "          s.items = {}\n"
    "          for i = 1, 60000 do s.items[i] = { name = \"item \" .. i, worth = i * 3 } end\n"
    "        end\n"
    "      end }\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

static rf_template_set *rooms(void)
{
    rf_template_set *set = rf_template_set_new();
    ck_assert_int_eq(rf_template_set_load_buffer(set, "s.xml", rooms_xml, strlen(rooms_xml), NULL),
                     RF_OK);
    return set;
}

/* A world with room `name` of set, ticked twice (a pending event after). */
static rf_world *world_of(const rf_template_set *set, const char *name)
{
    rf_world *w = NULL;
    ck_assert_int_eq(rf_world_new(NULL, NULL, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_find(set, name), 3, 4, NULL, NULL),
                     RF_OK);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_exit(w, 0, NULL), RF_OK);
    return w;
}

static blob save(rf_world *w)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return b;
}

static rf_status load(const rf_template_set *set, const char *buf, size_t len, rf_diags *d,
                      rf_world **out)
{
    FILE *f = fmemopen((void *)buf, len, "r");
    rf_status st;
    ck_assert_ptr_nonnull(f);
    st = rf_world_load(NULL, set, f, d, out);
    fclose(f);
    return st;
}

/* The payload of a save (after its header line). */
static const char *payload_of(const blob *b, size_t *len)
{
    const char *nl = memchr(b->buf, '\n', b->len);
    ck_assert_ptr_nonnull(nl);
    *len = b->len - (size_t)(nl + 1 - b->buf);
    return nl + 1;
}

/* A save of format version whose payload is p: the header written for it
 * as the saver would, so a test reaches the values behind the checksum. */
static blob seal_as(int version, const char *p, size_t len)
{
    blob b;
    char head[96];
    int n = snprintf(head, sizeof head, "roomforge-world %d %zu %08lx\n", version, len,
                     (unsigned long)crc32(crc32(0L, Z_NULL, 0), (const Bytef *)p, (uInt)len));
    b.len = (size_t)n + len;
    b.buf = malloc(b.len + 1);
    ck_assert_ptr_nonnull(b.buf);
    memcpy(b.buf, head, (size_t)n);
    memcpy(b.buf + n, p, len);
    b.buf[b.len] = '\0';
    return b;
}

/* The same, of the format rf_world_save writes. */
static blob seal(const char *p, size_t len)
{
    return seal_as(RF_WORLD_SAVE_VERSION, p, len);
}

/* The save b with the first `from` in its payload replaced by `to`, sealed;
 * an edit inside the Lua state string ("lua sN:...") keeps N its length. */
static blob edited(const blob *b, const char *from, const char *to)
{
    size_t len, fl = strlen(from), tl = strlen(to), n, off, lua_at, digits_at;
    const char *p = payload_of(b, &len), *at, *lua = strstr(p, "\nlua s");
    char *q, num[32];
    blob out;
    int nd;
    at = strstr(p, from);
    ck_assert_msg(at != NULL, "'%s' is not in the save", from);
    ck_assert_ptr_nonnull(lua);
    off = (size_t)(at - p);
    lua_at = (size_t)(lua - p);
    digits_at = lua_at + 6;
    n = strtoul(p + digits_at, NULL, 10);
    nd = (int)strspn(p + digits_at, "0123456789");
    if (off > lua_at)
        n = n + tl - fl;
    snprintf(num, sizeof num, "%zu", n);
    q = malloc(len + tl + 32);
    ck_assert_ptr_nonnull(q);
    /* before the length, the length, then to the edit, the edit, the rest */
    memcpy(q, p, digits_at);
    len = digits_at;
    memcpy(q + len, num, strlen(num));
    len += strlen(num);
    if (off > lua_at) {
        memcpy(q + len, p + digits_at + nd, off - digits_at - (size_t)nd);
        len += off - digits_at - (size_t)nd;
    } else {
        ck_assert_msg(0, "edits before the Lua state are made with edited_head");
    }
    memcpy(q + len, to, tl);
    len += tl;
    memcpy(q + len, at + fl, strlen(at + fl));
    len += strlen(at + fl);
    out = seal(q, len);
    free(q);
    return out;
}

/* The same for an edit before the Lua state (the header's counters, rooms,
 * random streams), whose length does not move. */
static blob edited_head(const blob *b, const char *from, const char *to)
{
    size_t len, fl = strlen(from), tl = strlen(to);
    const char *p = payload_of(b, &len), *at = strstr(p, from);
    char *q;
    blob out;
    ck_assert_msg(at != NULL && at < strstr(p, "\nlua s"), "'%s' is not in the head", from);
    q = malloc(len - fl + tl + 1);
    ck_assert_ptr_nonnull(q);
    memcpy(q, p, (size_t)(at - p));
    memcpy(q + (at - p), to, tl);
    memcpy(q + (at - p) + tl, at + fl, len - (size_t)(at - p) - fl);
    out = seal(q, len - fl + tl);
    free(q);
    return out;
}

/* A loaded copy of b ticks as w does: their effect texts after one tick match. */
static void plays_on_alike(rf_world *w, const rf_template_set *set, const blob *b)
{
    rf_world *copy = NULL;
    size_t before = rf_world_effect_count(w);
    ck_assert_int_eq(load(set, b->buf, b->len, NULL, &copy), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(copy, NULL), RF_OK);
    ck_assert_uint_eq(rf_world_effect_count(copy), rf_world_effect_count(w) - before);
    if (rf_world_effect_count(copy) > 0)
        ck_assert_str_eq(rf_world_effect_at(copy, 0)->text, rf_world_effect_at(w, before)->text);
    rf_world_free(copy);
}

START_TEST(every_flipped_bit_is_refused)
{
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Counter");
    blob b = save(w);
    rf_diags *d = rf_diags_new();
    size_t i;
    int bit;
    ck_assert_ptr_nonnull(strstr(b.buf, "roomforge-world 4 "));
    for (i = 0; i < b.len; i++)
        for (bit = 0; bit < 8; bit++) {
            rf_world *got = NULL;
            rf_status st;
            b.buf[i] ^= (char)(1 << bit);
            rf_diags_clear(d);
            st = load(set, b.buf, b.len, d, &got);
            ck_assert_msg(st == RF_ERR_CONTENT, "byte %zu bit %d: status %d", i, bit, (int)st);
            ck_assert_ptr_null(got);
            ck_assert(strcmp(rf_diags_at(d, 0)->code, "save-damaged") == 0 ||
                      strcmp(rf_diags_at(d, 0)->code, "save-version") == 0);
            b.buf[i] ^= (char)(1 << bit);
        }
    plays_on_alike(w, set, &b); /* and the save itself is fine */
    free(b.buf);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_save_is_self_delimiting)
{
    static const char game[] = "GAME STATE: gold 120, quest 3\n";
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Counter"), *a = NULL, *b = NULL;
    char rest[64];
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    /* two saves, then the game's own bytes, in one file */
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    ck_assert_int_ge(fputs(game, f), 0);
    rewind(f);
    ck_assert_int_eq(rf_world_load(NULL, set, f, NULL, &a), RF_OK);
    ck_assert_int_eq(rf_world_load(NULL, set, f, NULL, &b), RF_OK);
    ck_assert_ptr_nonnull(fgets(rest, sizeof rest, f));
    ck_assert_str_eq(rest, game);
    ck_assert_int_eq(rf_world_tick_count(a) + 1, rf_world_tick_count(b));
    fclose(f);
    rf_world_free(a);
    rf_world_free(b);
    rf_world_free(w);
    rf_template_set_free(set);
}
END_TEST

START_TEST(every_write_and_the_flush_are_checked)
{
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Counter");
    rf_diags *d = rf_diags_new();
    FILE *full = fopen("/dev/full", "w");
    if (full) { /* a save that fits the stdio buffer fails at the flush */
        ck_assert_int_eq(rf_world_save(w, full, d), RF_ERR_IO);
        ck_assert_str_eq(rf_diags_at(d, 0)->code, "io-error");
        fclose(full);
    }
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_save_to_a_path_replaces_the_old_one_only_when_whole)
{
    static const char bad_xml[] =
        "<roomdb><room name=\"Bad State\" width=\"5\" height=\"3\">"
        "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>"
        "<script lang=\"lua\">room:rule { run = function(r) r.state.f = function() end end }"
        "</script></room></roomdb>";
    char dir[] = "/tmp/rf_save_XXXXXX", path[256], none[256], old[] = "an older save\n", buf[64];
    rf_template_set *set = rooms(), *bad = rf_template_set_new();
    rf_world *w = world_of(set, "Counter"), *badw = NULL, *got = NULL;
    rf_diags *d = rf_diags_new();
    FILE *f;
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/game.save", dir);
    snprintf(none, sizeof none, "%s/no/such/folder/game.save", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(old, f);
    fclose(f);
    /* a world that cannot be saved: the old file stays, nothing is left */
    ck_assert_int_eq(rf_template_set_load_buffer(bad, "b.xml", bad_xml, strlen(bad_xml), NULL), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, NULL, &badw), RF_OK);
    ck_assert_int_eq(rf_world_add_room(badw, rf_template_set_at(bad, 0), 0, 0, NULL, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(badw, NULL), RF_OK);
    ck_assert_int_eq(rf_world_save_path(badw, path, d), RF_ERR_CONTENT);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
    fclose(f);
    ck_assert_str_eq(buf, old);
    /* a folder that does not exist: an io-error naming the path */
    rf_diags_clear(d);
    ck_assert_int_eq(rf_world_save_path(w, none, d), RF_ERR_IO);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "io-error");
    ck_assert_str_eq(rf_diags_at(d, 0)->file, none);
    /* a good save replaces it, and loads */
    ck_assert_int_eq(rf_world_save_path(w, path, NULL), RF_OK);
    f = fopen(path, "r");
    ck_assert_int_eq(rf_world_load(NULL, set, f, NULL, &got), RF_OK);
    fclose(f);
    rf_world_free(got);
    /* only the save is in the folder: no temporary file left behind */
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(rmdir(dir), 0);
    rf_world_free(badw);
    rf_world_free(w);
    rf_template_set_free(bad);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_large_save_loads_back)
{
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Hoard");
    blob b = save(w);
    ck_assert_uint_gt(b.len, 2u << 20); /* over 2 MB: past the tick budget of old */
    plays_on_alike(w, set, &b);
    free(b.buf);
    rf_world_free(w);
    rf_template_set_free(set);
}
END_TEST

/* Loads b expecting save-damaged with why in its message. */
static void refused(const rf_template_set *set, blob b, const char *why)
{
    rf_diags *d = rf_diags_new();
    rf_world *got = NULL;
    ck_assert_int_eq(load(set, b.buf, b.len, d, &got), RF_ERR_CONTENT);
    ck_assert_ptr_null(got);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-damaged");
    ck_assert_msg(strstr(rf_diags_at(d, 0)->message, why) != NULL, "'%s' not in '%s'", why,
                  rf_diags_at(d, 0)->message);
    free(b.buf);
    rf_diags_free(d);
}

START_TEST(values_the_saver_never_writes_are_refused)
{
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Counter");
    blob b = save(w);
    size_t len;
    const char *p = payload_of(&b, &len), *rng = strstr(p, "rngs ");
    char line[128], *nl;
    ck_assert_ptr_nonnull(rng);
    /* a random stream's state one past 64 bits */
    snprintf(line, sizeof line, "%s", strchr(rng, '\n') + 1);
    nl = strchr(line, ' ');
    ck_assert_ptr_nonnull(nl);
    *nl = '\0';
    refused(set, edited_head(&b, line, "18446744073709551616"), "past 64 bits");
    /* a table as a key (loads in Lua, but cannot be saved again) */
    refused(set, edited(&b, "s s3:tag", "{ }"), "a table as a key");
    /* a key twice in one table */
    refused(set, edited(&b, "s s3:tag s s1:x", "s s3:tag s s1:x s s3:tag s s1:y"), "twice");
    /* a tick past the last a world may reach; the header's and the state's apart */
    refused(set, edited_head(&b, "tick 2 ", "tick 9007199254740993 "), "out of range");
    refused(set, edited_head(&b, "tick 2 ", "tick 3 "), "differ between the header and the state");
    /* a variant (format 4) of a room that does not vary, or of a level room
     * without a template */
    refused(set, edited_head(&b, "Counter 3 4 5 3 0 -1 -1\n", "Counter 3 4 5 3 0 -1 2\n"),
            "a room that does not vary");
    refused(set, edited_head(&b, "room t s7:Counter 3 4 5 3 0 -1 -1\n",
                             "room - s7:Counter 3 4 5 3 0 -1 2\n"),
            "a level room without a template");
    /* a handle counter past the last handle a world may give */
    refused(set, edited(&b, "counters 2 0 0 1", "counters 2 0 0 9007199254740993"), "handles");
    /* and an edit the checks accept loads: the edits themselves are sound */
    {
        blob ok = edited(&b, "s s1:x", "s s1:y");
        rf_world *got = NULL;
        ck_assert_int_eq(load(set, ok.buf, ok.len, NULL, &got), RF_OK);
        rf_world_free(got);
        free(ok.buf);
    }
    free(b.buf);
    rf_world_free(w);
    rf_template_set_free(set);
}
END_TEST

/* Format 3 saves (rooms without a variant) still load, and play on alike;
 * the same payload under format 4's header lacks the variant. */
START_TEST(a_format_3_save_still_loads)
{
    rf_template_set *set = rooms();
    rf_world *w = world_of(set, "Counter"), *got = (rf_world *)0x1;
    blob b = save(w), v4 = edited_head(&b, "Counter 3 4 5 3 0 -1 -1\n", "Counter 3 4 5 3 0 -1\n");
    size_t len;
    const char *p = payload_of(&v4, &len);
    blob v3 = seal_as(3, p, len);
    rf_diags *d = rf_diags_new();
    ck_assert(strncmp(v3.buf, "roomforge-world 3 ", 18) == 0);
    plays_on_alike(w, set, &v3);
    ck_assert_int_eq(load(set, v4.buf, v4.len, d, &got), RF_ERR_CONTENT);
    ck_assert_ptr_eq(got, (rf_world *)0x1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-damaged");
    free(b.buf);
    free(v3.buf);
    free(v4.buf);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

static Suite *world_save_integrity_suite(void)
{
    Suite *s = suite_create("world_save_integrity");
    TCase *tc = tcase_create("integrity");
    tcase_add_test(tc, every_flipped_bit_is_refused);
    tcase_add_test(tc, a_save_is_self_delimiting);
    tcase_add_test(tc, every_write_and_the_flush_are_checked);
    tcase_add_test(tc, a_save_to_a_path_replaces_the_old_one_only_when_whole);
    tcase_add_test(tc, a_large_save_loads_back);
    tcase_add_test(tc, values_the_saver_never_writes_are_refused);
    tcase_add_test(tc, a_format_3_save_still_loads);
    tcase_set_timeout(tc, 300);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_save_integrity_suite)

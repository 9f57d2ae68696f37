/* tests/unit/test_rooms_file.c: unit tests for engine/src/rooms_file.c, the
 * DungeonMaker rooms-file parser: every line kind, the seed's example, and one
 * fixture per malformed case asserting code, line and column. */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/rooms_file.h"

#define SEED_EXAMPLE RF_SOURCE_DIR "/content/dungeonmaker/rooms1.txt"
#define DATA RF_TEST_DATA "/rooms_file/"

static rf_diags *d;
static void setup(void)
{
    d = rf_diags_new();
    ck_assert_ptr_nonnull(d);
}
static void teardown(void) { rf_diags_free(d); }

/* The first error (not warning) of the sink, or NULL. */
static const rf_diag *first_error(void)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (rf_diags_at(d, i)->severity == RF_SEV_ERROR)
            return rf_diags_at(d, i);
    return NULL;
}

START_TEST(seed_example_loads_with_every_value)
{
    rf_rooms_file *f = NULL;
    const rf_dm_room *r;
    const rf_dm_crawler *c;
    ck_assert_int_eq(rf_rooms_file_load(SEED_EXAMPLE, d, &f), RF_OK);
    ck_assert_int_eq(rf_rooms_file_dim_x(f), 100);
    ck_assert_int_eq(rf_rooms_file_dim_y(f), 100);
    ck_assert_uint_eq(rf_rooms_file_room_count(f), 1);
    r = rf_rooms_file_room_at(f, 0);
    ck_assert_int_eq(r->div, 12);
    ck_assert_int_eq(r->xdiv, 6);
    ck_assert_int_eq(r->ydiv, 6);
    ck_assert_int_eq(r->width, 6);
    ck_assert_int_eq(r->side[RF_DM_LTC], 23);
    ck_assert_int_eq(r->side[RF_DM_RC], 1);
    ck_assert_int_eq(r->side[RF_DM_BC], 1);
    ck_assert_int_eq(r->side[RF_DM_LC], 0);
    ck_assert_int_eq(r->style, 1);
    ck_assert_int_eq(r->delay, 5);
    ck_assert_int_eq(r->line, 3);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_OPEN), 1);
    ck_assert_int_eq(rf_rooms_file_point_at(f, RF_DM_OPEN, 0)->x, 70);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_WALL), 2);
    ck_assert_int_eq(rf_rooms_file_point_at(f, RF_DM_WALL, 1)->y, 59);
    ck_assert_int_eq(rf_rooms_file_point_at(f, RF_DM_WALL, 1)->line, 8);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_COLUMN), 2);
    ck_assert_int_eq(rf_rooms_file_point_at(f, RF_DM_COLUMN, 1)->x, 13);
    ck_assert_ptr_null(rf_rooms_file_point_at(f, RF_DM_COLUMN, 2));
    ck_assert_uint_eq(rf_rooms_file_crawler_count(f), 1);
    c = rf_rooms_file_crawler_at(f, 0);
    ck_assert_int_eq(c->x, 99);
    ck_assert_int_eq(c->y, 50);
    ck_assert_int_eq(c->direction, 14);
    ck_assert_int_eq(c->delay, 0);
    ck_assert_int_eq(c->termination, RF_DM_END_OPEN);
    ck_assert_int_eq(c->line, 13);
    ck_assert_int_eq(rf_rooms_file_protuberances(f), 0);
    /* the seed's own example lists an open square although numOpen < 1 */
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    ck_assert_uint_eq(rf_diags_warnings(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "rooms-file-count");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 5);
    rf_rooms_file_free(f);
}
END_TEST

START_TEST(every_line_kind_parses_with_free_spacing_and_case)
{
    rf_rooms_file *f = NULL;
    const rf_dm_room *r;
    ck_assert_int_eq(rf_rooms_file_load(DATA "valid-all.txt", d, &f), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_eq(rf_rooms_file_dim_x(f), 60);
    ck_assert_int_eq(rf_rooms_file_dim_y(f), 80);
    ck_assert_uint_eq(rf_rooms_file_room_count(f), 2);
    r = rf_rooms_file_room_at(f, 0);
    ck_assert_int_eq(r->side[RF_DM_RTC], 43);
    ck_assert_int_eq(r->style, 8337);
    ck_assert_int_eq(r->delay, 10);
    r = rf_rooms_file_room_at(f, 1); /* upper case, no spaces */
    ck_assert_int_eq(r->div, 2);
    ck_assert_int_eq(r->width, 5);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_OPEN), 1);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_WALL), 1);
    ck_assert_uint_eq(rf_rooms_file_point_count(f, RF_DM_COLUMN), 2);
    ck_assert_uint_eq(rf_rooms_file_crawler_count(f), 3);
    ck_assert_int_eq(rf_rooms_file_crawler_at(f, 0)->termination, RF_DM_END_PAIR_FIRST);
    ck_assert_int_eq(rf_rooms_file_crawler_at(f, 1)->termination, RF_DM_END_PAIR_SECOND);
    ck_assert_int_eq(rf_rooms_file_crawler_at(f, 1)->x, 0); /* (0 , 60) is not the end */
    ck_assert_int_eq(rf_rooms_file_crawler_at(f, 2)->direction, 3);
    ck_assert_int_eq(rf_rooms_file_crawler_at(f, 2)->termination, RF_DM_END_CLOSED);
    ck_assert_int_eq(rf_rooms_file_protuberances(f), 7);
    rf_rooms_file_free(f);
}
END_TEST

START_TEST(a_byte_order_mark_is_skipped)
{
    rf_rooms_file *f = NULL;
    ck_assert_int_eq(rf_rooms_file_load(DATA "valid-bom.txt", d, &f), RF_OK);
    ck_assert_int_eq(rf_rooms_file_dim_x(f), 100);
    rf_rooms_file_free(f);
}
END_TEST

/* Every malformed fixture: its first error's code, line and column. */
static const struct {
    const char *file, *code;
    int line, col;
} bad[] = {
    {"syntax-dimensions.txt", "rooms-file-syntax", 1, 18},
    {"range-dimx.txt", "rooms-file-range", 1, 29},
    {"syntax-limits.txt", "rooms-file-syntax", 2, 52},
    {"range-limits.txt", "rooms-file-range", 2, 12},
    {"syntax-room.txt", "rooms-file-syntax", 3, 36},
    {"range-corner.txt", "rooms-file-range", 3, 43},
    {"range-centre.txt", "rooms-file-range", 3, 66},
    {"range-ydiv.txt", "rooms-file-range", 3, 25},
    {"range-style.txt", "rooms-file-range", 3, 106},
    {"range-room-delay.txt", "rooms-file-range", 3, 116},
    {"order-missing-div0.txt", "rooms-file-order", 4, 1},
    {"range-point.txt", "rooms-file-range", 7, 16},
    {"syntax-column.txt", "rooms-file-syntax", 10, 16},
    {"range-direction.txt", "rooms-file-range", 14, 41},
    {"range-direction-tens.txt", "rooms-file-range", 14, 41},
    {"range-crawler-delay.txt", "rooms-file-range", 14, 55},
    {"range-termination.txt", "rooms-file-range", 14, 73},
    {"syntax-head.txt", "rooms-file-syntax", 14, 69},
    {"pair-second-alone.txt", "rooms-file-pair", 14, 73},
    {"pair-first-unpaired.txt", "rooms-file-pair", 15, 1},
    {"range-protuberances.txt", "rooms-file-range", 16, 22},
    {"truncated.txt", "rooms-file-truncated", 15, 1},
    {"trailing.txt", "rooms-file-syntax", 17, 1},
    {"syntax-utf8-col.txt", "rooms-file-syntax", 8, 16},
    {"empty.txt", "rooms-file-truncated", 1, 1},
};

START_TEST(malformed_files_give_code_line_and_col)
{
    rf_rooms_file *f = NULL;
    const rf_diag *e;
    char path[512];
    snprintf(path, sizeof path, DATA "%s", bad[_i].file);
    ck_assert_int_eq(rf_rooms_file_load(path, d, &f), RF_ERR_CONTENT);
    ck_assert_ptr_null(f);
    e = first_error();
    ck_assert_ptr_nonnull(e);
    ck_assert_msg(strcmp(e->code, bad[_i].code) == 0 && e->line == bad[_i].line &&
                      e->col == bad[_i].col,
                  "%s: got %s %d:%d (%s)", bad[_i].file, e->code, e->line, e->col, e->message);
}
END_TEST

START_TEST(one_missing_terminator_gives_one_error)
{
    rf_rooms_file *f = NULL;
    ck_assert_int_eq(rf_rooms_file_load(DATA "order-missing-div0.txt", d, &f), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_errors(d), 1);
}
END_TEST

START_TEST(a_bad_one_line_section_does_not_cascade)
{
    rf_rooms_file *f = NULL;
    ck_assert_int_eq(rf_rooms_file_load(DATA "syntax-dimensions.txt", d, &f), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_errors(d), 1);
}
END_TEST

START_TEST(a_missing_file_is_an_io_error)
{
    rf_rooms_file *f = NULL;
    ck_assert_int_eq(rf_rooms_file_load(DATA "no-such-file.txt", d, &f), RF_ERR_IO);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "io-error");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 0);
}
END_TEST

START_TEST(an_oversized_buffer_is_refused_before_parsing)
{
    rf_rooms_file *f = NULL;
    size_t n = RF_ROOMS_FILE_MAX_BYTES + 1;
    char *big = malloc(n);
    ck_assert_ptr_nonnull(big);
    memset(big, '\n', n);
    ck_assert_int_eq(rf_rooms_file_load_buffer(big, n, "big", d, &f), RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "rooms-file-limit");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 1);
    free(big);
}
END_TEST

START_TEST(more_rooms_than_roomforge_takes_is_an_error)
{
    static const char room[] = "div: 2; Xdiv: 1; Ydiv: 1; width: 1; lTC: 0; tC: 0; rTC: 0; rC: 0; "
                               "rBC: 0; bC: 0; lBC: 0; lC: 0; style: 1; delay: 0\n";
    size_t cap = (RF_ROOMS_FILE_MAX_ROOMS + 3) * sizeof room, n = 0, i;
    char *text = malloc(cap);
    rf_rooms_file *f = NULL;
    const rf_diag *e;
    ck_assert_ptr_nonnull(text);
    n += (size_t)sprintf(text + n, "Dungeon dimensions - dimX = 20; dimY = 20.\n"
                                   "numRooms < 257; numOpen < 1; numClosed < 1; numColumns < 1; "
                                   "numCrawlers < 1.\n");
    for (i = 0; i <= RF_ROOMS_FILE_MAX_ROOMS; i++)
        n += (size_t)sprintf(text + n, "%s", room);
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, n, "many", d, &f), RF_ERR_CONTENT);
    e = first_error();
    ck_assert_str_eq(e->code, "rooms-file-limit");
    ck_assert_int_eq(e->line, 2 + RF_ROOMS_FILE_MAX_ROOMS + 1);
    ck_assert_int_eq(e->col, 1);
    free(text);
}
END_TEST

START_TEST(nul_bytes_and_crlf_do_not_crash)
{
    static const char text[] = "Dungeon dimensions - dimX = 20; dimY = 30.\r\n"
                               "numRooms < 1; numOpen < 1; numClosed < 1; numColumns < 1; "
                               "numCrawlers < 1.\r\n"
                               "div: 0; Xdiv: 0; Ydiv: 0; width: 0; lTC: 0; tC: 0; rTC: 0; rC: 0; "
                               "rBC: 0; bC: 0; lBC: 0; lC: 0; style: 0; delay: 0\r\n"
                               "Open square at ( 0 , 0 )\r\nWall tile at ( 0 , 0 )\r\n"
                               "Column at ( 0 , 0 )\r\nA Crawler starts at (x , y) = (0 , 0)\r\n"
                               "Outside walls sports 2 protuberances.\r\n";
    rf_rooms_file *f = NULL;
    char buf[sizeof text];
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, sizeof text - 1, "crlf", d, &f), RF_OK);
    ck_assert_int_eq(rf_rooms_file_dim_y(f), 30);
    ck_assert_int_eq(rf_rooms_file_protuberances(f), 2);
    rf_rooms_file_free(f);
    memcpy(buf, text, sizeof text);
    buf[5] = '\0';
    f = NULL;
    ck_assert_int_eq(rf_rooms_file_load_buffer(buf, sizeof text - 1, "nul", d, &f),
                     RF_ERR_CONTENT);
    ck_assert_int_eq(first_error()->line, 1);
    ck_assert_int_eq(first_error()->col, 6);
}
END_TEST

/* The compiled-in copies match content/dungeonmaker/roomsN.txt byte for byte
 * and load without errors. */
START_TEST(bundled_rooms_files_match_the_content_files)
{
    char path[512], *buf;
    size_t len, got;
    const char *text = rf_rooms_file_bundled(_i + 1, &len);
    rf_rooms_file *f = NULL;
    FILE *fp;
    ck_assert_ptr_nonnull(text);
    snprintf(path, sizeof path, RF_SOURCE_DIR "/content/dungeonmaker/rooms%d.txt", _i + 1);
    fp = fopen(path, "rb");
    ck_assert_ptr_nonnull(fp);
    buf = malloc(len + 2);
    ck_assert_ptr_nonnull(buf);
    got = fread(buf, 1, len + 2, fp);
    fclose(fp);
    ck_assert_uint_eq(got, len);
    ck_assert(memcmp(buf, text, len) == 0);
    free(buf);
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, len, path, d, &f), RF_OK);
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    rf_rooms_file_free(f);
    ck_assert_ptr_null(rf_rooms_file_bundled(0, NULL));
    ck_assert_ptr_null(rf_rooms_file_bundled(RF_ROOMS_FILE_BUNDLED + 1, NULL));
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_rooms_file *f = NULL;
    ck_assert_int_eq(rf_rooms_file_load_buffer("x", 1, "x", NULL, &f), RF_ERR_ARG);
    ck_assert_int_eq(rf_rooms_file_load_buffer(NULL, 1, "x", d, &f), RF_ERR_ARG);
    ck_assert_int_eq(rf_rooms_file_load(NULL, d, &f), RF_ERR_ARG);
    rf_rooms_file_free(NULL);
}
END_TEST

START_TEST(out_of_memory_is_a_status_without_leaks)
{
    long n;
    rf_status st = RF_ERR_NOMEM;
    for (n = 1; n < 200 && st == RF_ERR_NOMEM; n++) {
        rf_rooms_file *f = NULL;
        rf_alloc_fail_after(n);
        st = rf_rooms_file_load(DATA "valid-all.txt", d, &f);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        ck_assert(st == RF_OK ? f != NULL : f == NULL);
        rf_rooms_file_free(f);
    }
    ck_assert_int_eq(st, RF_OK);
}
END_TEST

static Suite *rooms_file_suite(void)
{
    Suite *s = suite_create("rooms_file");
    TCase *tc = tcase_create("load");
    TCase *te = tcase_create("errors");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, seed_example_loads_with_every_value);
    tcase_add_test(tc, every_line_kind_parses_with_free_spacing_and_case);
    tcase_add_test(tc, a_byte_order_mark_is_skipped);
    tcase_add_test(tc, out_of_memory_is_a_status_without_leaks);
    tcase_add_loop_test(tc, bundled_rooms_files_match_the_content_files, 0, RF_ROOMS_FILE_BUNDLED);
    suite_add_tcase(s, tc);
    tcase_add_checked_fixture(te, setup, teardown);
    tcase_add_loop_test(te, malformed_files_give_code_line_and_col, 0,
                        (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(te, one_missing_terminator_gives_one_error);
    tcase_add_test(te, a_bad_one_line_section_does_not_cascade);
    tcase_add_test(te, a_missing_file_is_an_io_error);
    tcase_add_test(te, an_oversized_buffer_is_refused_before_parsing);
    tcase_add_test(te, more_rooms_than_roomforge_takes_is_an_error);
    tcase_add_test(te, nul_bytes_and_crlf_do_not_crash);
    tcase_add_test(te, bad_arguments_are_refused);
    suite_add_tcase(s, te);
    return s;
}
RF_TEST_MAIN(rooms_file_suite)

/* tests/unit/test_text.c: unit tests for engine/src/core/text.c, the one
 * UTF-8 decoder, byte order mark and column counter of the readers (rooms.xml
 * prescan, rooms-files, scenarios) and the JSON writer: valid sequences,
 * overlong forms, surrogates, cut-short sequences, NUL bytes, columns. */
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"

static size_t len_of(const char *s) { return rf_text_utf8_len(s, strlen(s)); }

START_TEST(valid_sequences_of_one_to_four_bytes_decode)
{
    ck_assert_uint_eq(len_of("a"), 1);
    ck_assert_uint_eq(len_of("\xC3\xA9"), 2);         /* U+00E9 */
    ck_assert_uint_eq(len_of("\xE2\x82\xAC"), 3);     /* U+20AC */
    ck_assert_uint_eq(len_of("\xEF\xBF\xBD"), 3);     /* U+FFFD */
    ck_assert_uint_eq(len_of("\xF0\x9F\x98\x80"), 4); /* U+1F600 */
    ck_assert_uint_eq(len_of("\xF4\x8F\xBF\xBF"), 4); /* U+10FFFF, the last */
    ck_assert_uint_eq(rf_text_utf8_len("\0", 1), 1);
}
END_TEST

START_TEST(overlong_forms_are_refused)
{
    ck_assert_uint_eq(len_of("\xC0\x80"), 0);         /* NUL in two bytes */
    ck_assert_uint_eq(len_of("\xC1\xBF"), 0);
    ck_assert_uint_eq(len_of("\xE0\x80\x80"), 0);
    ck_assert_uint_eq(len_of("\xE0\x9F\xBF"), 0);     /* U+07FF in three */
    ck_assert_uint_eq(len_of("\xF0\x80\x80\x80"), 0);
    ck_assert_uint_eq(len_of("\xF0\x8F\xBF\xBF"), 0); /* U+FFFF in four */
}
END_TEST

START_TEST(surrogates_and_code_points_past_the_last_are_refused)
{
    ck_assert_uint_eq(len_of("\xED\xA0\x80"), 0); /* U+D800 */
    ck_assert_uint_eq(len_of("\xED\xBF\xBF"), 0); /* U+DFFF */
    ck_assert_uint_eq(len_of("\xED\x9F\xBF"), 3); /* U+D7FF is fine */
    ck_assert_uint_eq(len_of("\xF4\x90\x80\x80"), 0);
    ck_assert_uint_eq(len_of("\xF5\x80\x80\x80"), 0);
    ck_assert_uint_eq(len_of("\xFF"), 0);
    ck_assert_uint_eq(len_of("\x80"), 0); /* a lone continuation byte */
}
END_TEST

START_TEST(a_sequence_cut_short_is_refused)
{
    ck_assert_uint_eq(rf_text_utf8_len("\xE2\x82\xAC", 2), 0);
    ck_assert_uint_eq(rf_text_utf8_len("\xF0\x9F\x98\x80", 3), 0);
    ck_assert_uint_eq(rf_text_utf8_len("\xC3", 1), 0);
    ck_assert_uint_eq(len_of("\xE2\x82"), 0); /* stops at the NUL */
    ck_assert_uint_eq(len_of("\xE2" "a"), 0);
}
END_TEST

START_TEST(a_text_check_gives_the_first_bad_offset)
{
    size_t bad = 99;
    ck_assert(rf_text_utf8_valid("caf\xC3\xA9 \xE2\x82\xAC", 9, &bad));
    ck_assert_uint_eq(bad, 99);
    ck_assert(rf_text_utf8_valid("", 0, NULL));
    ck_assert(!rf_text_utf8_valid("ab\xC0\x80", 4, &bad));
    ck_assert_uint_eq(bad, 2);
    ck_assert(!rf_text_utf8_valid("ab\0c", 4, &bad)); /* a NUL byte is refused */
    ck_assert_uint_eq(bad, 2);
    ck_assert(!rf_text_utf8_valid("a\xE2\x82", 3, &bad));
    ck_assert_uint_eq(bad, 1);
}
END_TEST

START_TEST(a_byte_order_mark_is_three_bytes_at_the_start_only)
{
    ck_assert_uint_eq(rf_text_bom_len("\xEF\xBB\xBF<a/>", 7), 3);
    ck_assert_uint_eq(rf_text_bom_len("\xEF\xBB\xBF", 3), 3);
    ck_assert_uint_eq(rf_text_bom_len("\xEF\xBB", 2), 0);
    ck_assert_uint_eq(rf_text_bom_len("\xEF\xBB\xBF", 2), 0);
    ck_assert_uint_eq(rf_text_bom_len("a\xEF\xBB\xBF", 4), 0);
    ck_assert_uint_eq(rf_text_bom_len(NULL, 0), 0);
}
END_TEST

START_TEST(columns_count_characters_with_a_tab_as_one)
{
    const char *s = "\tcaf\xC3\xA9 x";
    ck_assert_int_eq(rf_text_col_at(s, 0), 1);
    ck_assert_int_eq(rf_text_col_at(s, 1), 2); /* after the tab */
    ck_assert_int_eq(rf_text_col_at(s, 4), 5); /* on the e-acute */
    ck_assert_int_eq(rf_text_col_at(s, 6), 6); /* past it: two bytes, one column */
    ck_assert_int_eq(rf_text_col_at(s, 7), 7);
    ck_assert_uint_eq(rf_text_chars(s, strlen(s)), 7);
    ck_assert_uint_eq(rf_text_chars("\xF0\x9F\x98\x80", 4), 1);
    ck_assert(rf_text_is_lead('a') && rf_text_is_lead(0xC3) && !rf_text_is_lead(0xA9));
}
END_TEST

/* Did-you-mean: edit distance, case-insensitive, and the nearest within reach. */
START_TEST(did_you_mean_picks_the_nearest_within_reach)
{
    rf_text_near n;
    ck_assert_uint_eq(rf_text_edit_distance("kitten", "sitting", 10), 3);
    ck_assert_uint_eq(rf_text_edit_distance("IsDead", "isdead", 10), 0);
    ck_assert_uint_eq(rf_text_edit_distance("abcdef", "uvwxyz", 2), 3); /* past cap: cap + 1 */
    rf_text_near_init(&n, "preist");
    rf_text_near_try(&n, "lever");
    rf_text_near_try(&n, "priest");
    rf_text_near_try(&n, "priests");
    ck_assert_str_eq(n.pick, "priest");
    rf_text_near_init(&n, "goblin");
    rf_text_near_try(&n, "priest");
    ck_assert_ptr_null(n.pick);
    rf_text_near_init(&n, "");
    rf_text_near_try(&n, "x");
    ck_assert_ptr_null(n.pick);
}
END_TEST

static Suite *text_suite(void)
{
    Suite *s = suite_create("text");
    TCase *tc = tcase_create("utf8");
    tcase_add_test(tc, valid_sequences_of_one_to_four_bytes_decode);
    tcase_add_test(tc, overlong_forms_are_refused);
    tcase_add_test(tc, surrogates_and_code_points_past_the_last_are_refused);
    tcase_add_test(tc, a_sequence_cut_short_is_refused);
    tcase_add_test(tc, a_text_check_gives_the_first_bad_offset);
    tcase_add_test(tc, a_byte_order_mark_is_three_bytes_at_the_start_only);
    tcase_add_test(tc, columns_count_characters_with_a_tab_as_one);
    tcase_add_test(tc, did_you_mean_picks_the_nearest_within_reach);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(text_suite)

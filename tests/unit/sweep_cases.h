/* tests/unit/sweep_cases.h: the TCases of a sweep suite (test_invariants,
 * test_place_sweep, test_special_sweep), each run as its own CTest test
 * with CK_RUN_CASE by rf_unit_sweep (tests/CMakeLists.txt).
 *
 * sweep_tcase(s, name) makes a TCase without a Check timeout (a sweep's
 * time is the machine's; CTest's TIMEOUT still stops a hang) and records
 * its name. Each TCase also runs the_ctest_list_names_every_tcase: CMake
 * sets RF_SWEEP_CASES to the cases it registered, and a TCase no CTest test
 * would run (or a name no TCase has) fails, so a sweep cannot lose seeds by
 * the two lists drifting apart. A name CMake has and the suite has not
 * fails too (rf_test.h: no test ran).
 */
#ifndef RF_SWEEP_CASES_H
#define RF_SWEEP_CASES_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_CASES_MAX 64

static char sweep_names[SWEEP_CASES_MAX][24]; /* Check keeps the name pointers */
static size_t sweep_count;

START_TEST(the_ctest_list_names_every_tcase)
{
    const char *want = getenv("RF_SWEEP_CASES");
    char have[SWEEP_CASES_MAX * 25] = "";
    size_t i;
    for (i = 0; i < sweep_count; i++) {
        if (i)
            strcat(have, " ");
        strcat(have, sweep_names[i]);
    }
    if (want) /* unset: run by hand, nothing to compare */
        ck_assert_str_eq(have, want);
}
END_TEST

/* A new TCase of s called name (copied), added to s. */
static inline TCase *sweep_tcase(Suite *s, const char *name)
{
    TCase *tc;
    if (sweep_count == SWEEP_CASES_MAX)
        abort(); /* a table in this file's user grew past the array: fix SWEEP_CASES_MAX */
    snprintf(sweep_names[sweep_count], sizeof sweep_names[0], "%s", name);
    tc = tcase_create(sweep_names[sweep_count++]);
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, the_ctest_list_names_every_tcase);
    suite_add_tcase(s, tc);
    return tc;
}

#endif /* RF_SWEEP_CASES_H */

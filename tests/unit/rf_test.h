/* tests/unit/rf_test.h: what every Check suite shares.
 *
 * RF_TEST_MAIN(suite_fn) writes main(): runs the suite, exits non-zero on any
 * failure, and on a run that ran no test at all: a CK_RUN_CASE (or
 * CK_RUN_SUITE) naming no TCase of the suite, as a typo in tests/CMakeLists.txt
 * would, fails instead of passing empty. RF_TEST_DATA is tests/data (set by
 * CMake), never the cwd.
 */
#ifndef RF_TEST_H
#define RF_TEST_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#define RF_TEST_MAIN(suite_fn)                                                                     \
    int main(void)                                                                                 \
    {                                                                                              \
        SRunner *sr = srunner_create(suite_fn());                                                  \
        int failed, ran;                                                                           \
        srunner_run_all(sr, CK_NORMAL);                                                            \
        failed = srunner_ntests_failed(sr);                                                        \
        ran = srunner_ntests_run(sr);                                                              \
        srunner_free(sr);                                                                          \
        if (ran == 0)                                                                              \
            fprintf(stderr, "no test ran: CK_RUN_CASE=%s CK_RUN_SUITE=%s names none\n",            \
                    getenv("CK_RUN_CASE") ? getenv("CK_RUN_CASE") : "",                            \
                    getenv("CK_RUN_SUITE") ? getenv("CK_RUN_SUITE") : "");                         \
        return failed == 0 && ran > 0 ? EXIT_SUCCESS : EXIT_FAILURE;                               \
    }

#endif /* RF_TEST_H */

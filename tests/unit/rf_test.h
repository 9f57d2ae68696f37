/* tests/unit/rf_test.h: what every Check suite shares.
 *
 * RF_TEST_MAIN(suite_fn) writes main(): runs the suite, exits non-zero on any
 * failure. RF_TEST_DATA is tests/data (set by CMake), never the cwd.
 */
#ifndef RF_TEST_H
#define RF_TEST_H

#include <check.h>
#include <stdlib.h>

#define RF_TEST_MAIN(suite_fn)                                                                     \
    int main(void)                                                                                 \
    {                                                                                              \
        SRunner *sr = srunner_create(suite_fn());                                                  \
        int failed;                                                                                \
        srunner_run_all(sr, CK_NORMAL);                                                            \
        failed = srunner_ntests_failed(sr);                                                        \
        srunner_free(sr);                                                                          \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;                                          \
    }

#endif /* RF_TEST_H */

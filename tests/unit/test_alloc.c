/* tests/unit/test_alloc.c: unit tests for engine/src/alloc.c. */
#include <stdint.h>

#include "core/seam.h"
#include "rf_test.h"

START_TEST(size_mul_refuses_overflow)
{
    size_t out = 7;
    ck_assert(!rf_size_mul(SIZE_MAX / 2 + 1, 2, &out));
    ck_assert_uint_eq(out, 7);
    ck_assert(rf_size_mul(3, 5, &out));
    ck_assert_uint_eq(out, 15);
    ck_assert_ptr_null(rf_calloc(SIZE_MAX / 4, 8));
}
END_TEST

START_TEST(grow_keeps_array_on_failure)
{
    int *a = NULL;
    size_t cap = 0;
    ck_assert(rf_grow((void **)&a, &cap, 3, sizeof *a));
    ck_assert_uint_ge(cap, 3);
    a[0] = 41;
    rf_alloc_fail_after(1);
    ck_assert(!rf_grow((void **)&a, &cap, cap + 1, sizeof *a));
    rf_alloc_fail_after(0);
    ck_assert_int_eq(a[0], 41);
    rf_free(a);
}
END_TEST

START_TEST(fault_injection_fails_the_nth)
{
    void *p1, *p2;
    rf_alloc_fail_after(2);
    p1 = rf_alloc(4);
    p2 = rf_alloc(4);
    ck_assert_ptr_nonnull(p1);
    ck_assert_ptr_null(p2);
    p2 = rf_alloc(4);
    ck_assert_ptr_nonnull(p2);
    rf_free(p1);
    rf_free(p2);
    ck_assert_ptr_null(rf_alloc(0));
    ck_assert_ptr_null(rf_strdup(NULL));
}
END_TEST

static Suite *alloc_suite(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("heap");
    tcase_add_test(tc, size_mul_refuses_overflow);
    tcase_add_test(tc, grow_keeps_array_on_failure);
    tcase_add_test(tc, fault_injection_fails_the_nth);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(alloc_suite)

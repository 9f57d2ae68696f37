/* engine/src/core/alloc.c: heap wrappers with overflow checks and fault injection.
 *
 * Pipeline: leaf; used by every module. Design: thin over malloc; in test
 * builds a countdown fails the Nth allocation so the NOMEM paths are exercised
 * (tests/unit loop over N). Release builds carry no mutable state here.
 */
#include "core/seam.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef RF_FAULT_INJECTION
static long fail_countdown; /* 0 = off; the one mutable static (STYLE B7.5) */

void rf_alloc_fail_after(long n) { fail_countdown = n; }

static bool injected_failure(void)
{
    if (fail_countdown <= 0)
        return false;
    return --fail_countdown == 0;
}
#else
static bool injected_failure(void) { return false; }
#endif

void *rf_alloc(size_t n)
{
    if (n == 0 || injected_failure())
        return NULL;
    return malloc(n);
}

void *rf_calloc(size_t count, size_t size)
{
    size_t n;
    if (!rf_size_mul(count, size, &n) || n == 0 || injected_failure())
        return NULL;
    return calloc(count, size);
}

void *rf_realloc(void *p, size_t n)
{
    if (n == 0 || injected_failure())
        return NULL;
    return realloc(p, n);
}

void rf_free(void *p) { free(p); }

char *rf_strndup(const char *s, size_t n)
{
    char *d;
    if (!s)
        return NULL;
    d = rf_alloc(n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *rf_strdup(const char *s) { return s ? rf_strndup(s, strlen(s)) : NULL; }

bool rf_size_mul(size_t a, size_t b, size_t *out)
{
    if (a != 0 && b > SIZE_MAX / a)
        return false;
    *out = a * b;
    return true;
}

bool rf_grow(void **items, size_t *cap, size_t need, size_t size)
{
    size_t ncap = *cap ? *cap : 8, bytes;
    void *p;
    if (need <= *cap)
        return true;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return false;
        ncap *= 2;
    }
    if (!rf_size_mul(ncap, size, &bytes))
        return false;
    p = rf_realloc(*items, bytes);
    if (!p)
        return false;
    *items = p;
    *cap = ncap;
    return true;
}

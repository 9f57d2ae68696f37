/* engine/src/seam/core/alloc.h: the one door to the heap for engine code.
 *
 * Pipeline: core, used by every stage. rf_alloc/rf_realloc/rf_free let test
 * builds (RF_FAULT_INJECTION) fail the Nth allocation; rf_size_mul refuses
 * overflow.
 */
#ifndef RF_SEAM_CORE_ALLOC_H
#define RF_SEAM_CORE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

void *rf_alloc(size_t n);             /* NULL when memory runs out or n == 0 */
void *rf_calloc(size_t count, size_t size); /* zeroed; NULL on overflow too */
void *rf_realloc(void *p, size_t n);  /* like realloc; p stays valid on NULL */
void rf_free(void *p);
char *rf_strdup(const char *s);       /* NULL for NULL or out of memory */
char *rf_strndup(const char *s, size_t n);
/* *out = a * b; false (and *out untouched) when the product overflows. */
bool rf_size_mul(size_t a, size_t b, size_t *out);
/* Grows *items (of *cap elements of size each) to hold at least need elements,
 * doubling. False when memory runs out; the old array is then untouched. */
bool rf_grow(void **items, size_t *cap, size_t need, size_t size);

#ifdef RF_FAULT_INJECTION
/* Fails the nth allocation from now (1 = the next one); 0 turns it off.
 * Test builds only: the one mutable static STYLE B7 allows. */
void rf_alloc_fail_after(long n);
#endif

#endif /* RF_SEAM_CORE_ALLOC_H */

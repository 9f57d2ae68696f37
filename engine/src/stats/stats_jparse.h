/* engine/src/stats/stats_jparse.h: the small JSON reader stats --merge reads
 * reports with (stats_jparse.c).
 *
 * Pipeline: stats. Design: a tree of values; numbers stay text so 64-bit
 * sums are read exactly.
 */
#ifndef RF_STATS_JPARSE_H
#define RF_STATS_JPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum st_jtype {
    ST_JNULL,
    ST_JBOOL,
    ST_JNUMBER,
    ST_JSTRING,
    ST_JARRAY,
    ST_JOBJECT
} st_jtype;

typedef struct st_jv {
    st_jtype type;
    bool b;
    char *str;             /* a string's text, a number's digits */
    struct st_jv **items;  /* array items, object values */
    char **keys;           /* object keys (NULL for arrays) */
    size_t n, cap;
} st_jv;

/* The value text holds, or NULL: *nomem when memory ran out, else bad
 * syntax at byte *bad_at. */
st_jv *rf_st_json_parse(const char *text, size_t len, size_t *bad_at, bool *nomem);
void rf_st_jv_free(st_jv *v);
/* The value of key in object obj (the first), NULL when absent. */
const st_jv *rf_st_jv_get(const st_jv *obj, const char *key);
/* A number that is a non-negative integer (up to 2^64-1) / an int. */
bool rf_st_jv_u64(const st_jv *v, uint64_t *out);
bool rf_st_jv_int(const st_jv *v, int *out);

#endif /* RF_STATS_JPARSE_H */

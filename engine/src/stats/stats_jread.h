/* engine/src/stats/stats_jread.h: a stats report's text read into a json-c
 * tree (stats_jread.c), for stats_read.c.
 *
 * Pipeline: stats. Design: json-c reads every value; this layer adds what
 * json-c 0.16 cannot say (a key twice, an integer past 64 bits, a control
 * byte or \u0000 in a string) and bounds depth and object count.
 */
#ifndef RF_STATS_JREAD_H
#define RF_STATS_JREAD_H

#include <json-c/json.h>
#include <stddef.h>

#define ST_JSON_MAX_DEPTH 32
/* A report holds two objects a template (230 bytes at the least) and about
 * twenty a profile: RF_STATS_MAX_REPORT bytes make fewer than 150,000.
 * json-c gives each object a table of 16 slots (some 800 bytes), so the cap
 * bounds its memory near 200 MB, where "[{},{},...]" would take 4 GB. */
#define ST_JSON_MAX_OBJECTS ((size_t)1 << 18)

typedef enum st_jread {
    ST_JREAD_OK,
    ST_JREAD_BAD,   /* not JSON, or JSON a report never holds: at, why */
    ST_JREAD_TWICE, /* an object names a key twice: at, under */
    ST_JREAD_NOMEM
} st_jread;

typedef struct st_jfault {
    size_t at;       /* 0-based byte: where the text goes wrong, or where
                      * the object holding a key twice opens */
    const char *why; /* ST_JREAD_BAD: what is wrong (static text) */
    char under[32];  /* ST_JREAD_TWICE: the key that object sits under
                      * (cut short), "" for the outermost value */
} st_jfault;

/* The value text (len bytes, at most RF_STATS_MAX_REPORT) holds, in *out
 * (the caller releases it with json_object_put); else *out is NULL and f
 * says what is wrong. json-c's own allocations failing read as ST_JREAD_BAD
 * (json-c 0.16 does not tell them apart). */
st_jread rf_st_json_read(const char *text, size_t len, json_object **out, st_jfault *f);

#endif /* RF_STATS_JREAD_H */

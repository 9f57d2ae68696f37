/* roomforge/horde.h: the population tables: hordes, trap kinds and the
 * decorations of template cells P, @ and ^.
 *
 * Pipeline: profile (the <hordes>, <traps> and <decorations> of a profiles
 * file) -> place and passes (populate). A profile set without tables uses the
 * bundled ones (rf_horde_table_bundled). Format: docs/reference.md.
 */
#ifndef RF_HORDE_H
#define RF_HORDE_H

#include <stddef.h>

#include "roomforge/common.h"
#include "roomforge/placed.h"

RF_BEGIN_C

#define RF_HORDE_MEMBERS_MAX 4   /* <member> rows of one horde */
#define RF_HORDE_COUNT_MAX 12    /* monsters one <member> row adds at most */
#define RF_HORDE_FREQUENCY_MAX 1000
#define RF_HORDE_DEPTH_MAX 1000
#define RF_HORDE_ROWS_MAX 10000  /* hordes (trap kinds, decorations) in one table */
#define RF_DECOR_WEIGHT_MAX 1000
#define RF_DECOR_CHANCE_DEFAULT 50 /* Dredmor: P, @, ^ "will not always be placed" */

typedef struct rf_horde_member {
    char monster[RF_PLACED_NAME_MAX];
    int lo, hi; /* how many: a uniform roll lo..hi */
} rf_horde_member;

typedef struct rf_horde {
    char name[RF_PLACED_NAME_MAX];
    char leader[RF_PLACED_NAME_MAX];
    int min_depth, max_depth; /* 1-based, inclusive */
    int frequency;            /* relative weight among the hordes of a depth */
    bool machine;             /* machine-only: never a random spawn */
    size_t nmembers;
    rf_horde_member members[RF_HORDE_MEMBERS_MAX];
    int line;                 /* line in its file; 0 for the bundled rows */
    bool captive;             /* captive="1": the leader is a shackled captive its
                               * members hold, an ally the player may free (the
                               * seed's captive hordes, picked by random spawns) */
} rf_horde;

typedef struct rf_trap_kind {
    char name[RF_PLACED_NAME_MAX];
    int min_depth, max_depth;
    int frequency;
    int line;
} rf_trap_kind;

typedef struct rf_decoration {
    char symbol;                   /* the template cell: 'P', '@' or '^' */
    char type[RF_PLACED_TYPE_MAX]; /* the placed object's type */
    char name[RF_PLACED_NAME_MAX];
    int weight;                    /* relative weight among the rows of its symbol */
    int line;
} rf_decoration;

typedef struct rf_horde_table rf_horde_table; /* opaque */

/* An empty table, or NULL when memory runs out. */
RF_API RF_NODISCARD rf_horde_table *rf_horde_table_new(void);
RF_API void rf_horde_table_free(rf_horde_table *t);
/* The tables compiled into the library (content/profiles.xml's rows);
 * static, never freed. */
RF_API const rf_horde_table *rf_horde_table_bundled(void);

RF_API size_t rf_horde_count(const rf_horde_table *t);
/* The ith horde in file order; valid until t is freed. */
RF_API const rf_horde *rf_horde_at(const rf_horde_table *t, size_t i);
/* The horde called name (machine-only ones too), or NULL. */
RF_API const rf_horde *rf_horde_find(const rf_horde_table *t, const char *name);
RF_API size_t rf_horde_trap_count(const rf_horde_table *t);
RF_API const rf_trap_kind *rf_horde_trap_at(const rf_horde_table *t, size_t i);
/* True when some horde that random spawns may pick covers depth. */
RF_API bool rf_horde_table_has_random(const rf_horde_table *t, int depth);
/* The decoration rows in file order; valid until t is freed. */
RF_API size_t rf_horde_decoration_count(const rf_horde_table *t);
RF_API const rf_decoration *rf_horde_decoration_at(const rf_horde_table *t, size_t i);
/* The percent of P, @ and ^ cells that get a decoration; 0 for NULL. */
RF_API int rf_horde_decoration_chance(const rf_horde_table *t);
/* The sum of the weights of symbol's rows: 0 when it has none. */
RF_API int rf_horde_decoration_weight(const rf_horde_table *t, char symbol);
/* The row of symbol that a draw k in 0..weight-1 lands on (rows in file
 * order, each spanning its weight), or NULL when k is outside. */
RF_API const rf_decoration *rf_horde_decoration_find(const rf_horde_table *t, char symbol, int k);

RF_END_C
#endif /* RF_HORDE_H */

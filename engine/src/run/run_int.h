/* engine/src/run/run_int.h: the rf_run shared by run.c and run_save.c.
 *
 * Pipeline: run. Design: the state a save holds is exactly the fields below
 * the borrowed ones; rf_run_next changes them only after a level was made.
 */
#ifndef RF_RUN_INT_H
#define RF_RUN_INT_H

#include "roomforge/run.h"

struct rf_run {
    const rf_profile_set *profiles; /* borrowed */
    rf_level_opts base;             /* borrowed pointers: templates, rooms, recipe */
    /* the state (rf_run_save) */
    char *profile;     /* owned */
    uint64_t seed;
    int width, height; /* both 0: the profile's own size */
    int difficulty;
    int depth;         /* the depth rf_run_next makes next, 1.. RF_LEVEL_MAX_DEPTH + 1 */
    bool has_down;     /* a level was made: down_x, down_y are its down stairs */
    int down_x, down_y;
    char **used;       /* owned names of the special templates placed */
    size_t nused, cap;
    char **groups;     /* owned unique groups of scope="run" placed (DESIGN 16) */
    size_t ngroups, gcap;
    rf_level_maker *maker; /* owned, made by the first rf_run_next: the run's
                            * levels share its Lua state (no part of the state) */
};

/* A run over profiles and base's borrowed parts with an empty state (profile
 * NULL, depth 1), or NULL when memory runs out. */
rf_run *rf_run_alloc(const rf_profile_set *profiles, const rf_level_opts *base);
/* Checks what a run's state may hold (a size of the level limits or 0 x 0,
 * a difficulty of 0..5, a profile profiles holds): NULL, or why not. */
const char *rf_run_state_why(const rf_run *r);
/* Appends a copy of name to r's used rooms: false when memory runs out or
 * RF_RUN_MAX_USED are held. */
bool rf_run_use(rf_run *r, const char *name);
/* Appends a copy of group to r's used unique groups: false when memory runs
 * out or RF_RUN_MAX_GROUPS are held. */
bool rf_run_use_group(rf_run *r, const char *group);

#endif /* RF_RUN_INT_H */

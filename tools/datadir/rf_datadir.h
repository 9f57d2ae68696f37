/* tools/datadir/rf_datadir.h: the one rule by which the programs around the
 * library (the roomforge CLI, the Lua module) find the bundled data
 * directory, the one holding content/ and scripts/.
 *
 * Pipeline: host only, compiled into tools/cli (cli_data_dir) and lua/
 * (rf.load without content); never the library, whose callers name their
 * content. Design: each program says where it runs from and what its build
 * fixed (rf_datadir_where); the rule is here once, so the two agree.
 */
#ifndef RF_DATADIR_H
#define RF_DATADIR_H

#include <stddef.h>

typedef struct rf_datadir_where {
    const char *env;      /* $ROOMFORGE_DATA; NULL or "" when unset */
    const char *self;     /* the running file (executable, module); NULL: unknown */
    const char *built_in; /* the directory the build writes it to */
    const char *rel;      /* from that file's directory to the installed data dir */
    const char *datadir;  /* the data directory configured at build time */
    const char *source;   /* the source tree it was built from */
} rf_datadir_where;

/* The data directory the rule picks for w, copied into buf (cap bytes) and
 * returned; NULL when none holds content/rooms/. The rule, first match
 * (docs/reference.md, "Where the bundled content is"):
 *   1. w->env when set and not empty, and then nothing else;
 *   2. w->source, when w->self's directory is w->built_in (a build reads the
 *      content being edited, never an older installed copy);
 *   3. w->self's directory joined with w->rel (a moved install finds its own);
 *   4. w->datadir;
 *   5. w->source (a program copied out of its build tree). */
const char *rf_datadir_find(const rf_datadir_where *w, char *buf, size_t cap);

#endif /* RF_DATADIR_H */

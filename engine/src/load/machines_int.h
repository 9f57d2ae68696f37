/* engine/src/load/machines_int.h: the machines catalogue's layout and what
 * the loader's files share to build it.
 *
 * Pipeline: load; load_xml.c streams a machines.xml and hands <blueprint>
 * and <feature> to machines_load.c, which fills an rf_machines (machines.c).
 * Design: every blueprint, feature and script lives in the arena of a
 * template set the catalogue owns, so the rooms loader's script and
 * attribute code builds them unchanged; a skipped blueprint is a rewind.
 */
#ifndef RF_MACHINES_INT_H
#define RF_MACHINES_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/grid.h"
#include "roomforge/machines.h"
#include "template_int.h"

struct rf_feature {
    char terrain;       /* '\0' for an object */
    const char *object; /* NULL for a terrain */
    int count_lo, count_hi;
    unsigned flags;
    int line, col;
};

struct rf_blueprint {
    const char *name, *file;
    int line, col;
    rf_machine_kind kind;
    int depth_lo, depth_hi, frequency;
    rf_machine_room room;
    int size_lo, size_hi;
    size_t nfeatures, nscripts;
    const rf_feature *features;
    const rf_script *scripts;
};

struct rf_machines {
    rf_template_set *store; /* its arena holds everything below */
    rf_blueprint **items;   /* in the arena; the vector itself on the heap */
    size_t n, cap;
};

/* The one table of each name a blueprint attribute takes (machines_names.c):
 * the value of name, or -1; *near the nearest name for a did-you-mean (may
 * be NULL when none is near). */
int rf_machines_kind_parse(const char *name, const char **near);
int rf_machines_room_parse(const char *name, const char **near);
/* A feature flag's bit, or 0 (and *near) when name is none. */
unsigned rf_machines_flag_parse(const char *name, const char **near);
/* For a terrain= that is no glyph: the glyph of the tile whose DESIGN 6 name
 * is nearest to word ("lava": 'L'), or word's other case ('l': 'L'); '\0'
 * when none is near. rf_machines_tile_word: the name of glyph's tile. */
char rf_machines_glyph_near(const char *word);
const char *rf_machines_tile_word(char glyph);

/* The blueprint named name in m (ignoring case), or NULL. */
const rf_blueprint *rf_machines_lookup(const rf_machines *m, const char *name);
/* Adds b (in m's arena) at the end; false when memory runs out. */
bool rf_machines_push(rf_machines *m, rf_blueprint *b);

#endif /* RF_MACHINES_INT_H */

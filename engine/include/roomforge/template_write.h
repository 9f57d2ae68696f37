/* roomforge/template_write.h: loaded templates as text and JSON, for people
 * and for tools (`roomforge list`, `roomforge show`).
 *
 * Pipeline: load -> output, through template.h only. JSON shapes: DESIGN 5
 * (list) and docs/reference.md, "list, show".
 */
#ifndef RF_TEMPLATE_WRITE_H
#define RF_TEMPLATE_WRITE_H

#include <stdio.h>

#include "roomforge/template.h"

RF_BEGIN_C

typedef enum rf_write_format { RF_WRITE_TEXT = 0, RF_WRITE_JSON } rf_write_format;

/* One line per template (text) or {"rooms":[...]} (JSON) in load order. */
RF_API RF_NODISCARD rf_status rf_template_set_write_list(const rf_template_set *set, FILE *out,
                                                         rf_write_format fmt);
/* One template in full: map with a legend, flags, doors, anchors, objects and
 * scripts in readable form (text), or all of it as one JSON object. */
RF_API RF_NODISCARD rf_status rf_template_write_show(const rf_template *t, FILE *out,
                                                     rf_write_format fmt);
/* The same, turned by orientation orient (roomforge/orient.h, 0-7): map,
 * doors (a door's symbol follows its edge: 'D' on top or bottom, 'd' on a
 * side), anchors and objects in the turned room's own coordinates, as a
 * level places it; scripts as written (they speak template coordinates).
 * JSON carries "orient". RF_ERR_ARG for an orientation out of range. */
RF_API RF_NODISCARD rf_status rf_template_write_show_turned(const rf_template *t, int orient,
                                                            FILE *out, rf_write_format fmt);
/* What a map symbol means ("wall", "door centre (up/down)", ...); NULL for
 * characters that are no rooms.xml symbol. Digits give "anchor". */
RF_API const char *rf_map_symbol_name(char c);

RF_END_C
#endif /* RF_TEMPLATE_WRITE_H */

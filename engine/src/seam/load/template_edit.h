/* engine/src/seam/load/template_edit.h: a template set merged and filtered
 * after loading, for layered content packs.
 *
 * Pipeline: load owns it (template_edit.c); the pack stage (rf_pack_load)
 * loads each pack into a set of its own, moves them into one and drops the
 * rooms that are replaced or left out. Order stays load order.
 */
#ifndef RF_SEAM_LOAD_TEMPLATE_EDIT_H
#define RF_SEAM_LOAD_TEMPLATE_EDIT_H

#include <stdbool.h>

#include "roomforge/template.h"

/* Moves every template of src (and its skipped-room records) to the end of
 * set, in order, without duplicate-room checks, and frees src: taken even on
 * failure. Templates keep their addresses. RF_OK, or RF_ERR_NOMEM with set
 * unchanged; RF_ERR_ARG when either is a streaming set. */
rf_status rf_template_set_take(rf_template_set *set, rf_template_set *src);
/* Keeps the templates i with keep[i] (count entries), in order; the others
 * are no longer counted or found, and their memory stays until set is freed.
 * RF_OK, or RF_ERR_NOMEM with set unchanged; RF_ERR_ARG for a streaming set. */
rf_status rf_template_set_keep(rf_template_set *set, const bool *keep);

/* How many rooms loaded into set (streaming or not) need the link: those
 * holding a <subroom> and those used only as one (tags, no door). */
size_t rf_template_set_subroom_rooms(const rf_template_set *set);

#endif /* RF_SEAM_LOAD_TEMPLATE_EDIT_H */

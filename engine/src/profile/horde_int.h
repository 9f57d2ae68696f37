/* engine/src/profile/horde_int.h: the population tables' layout and their
 * XML loader, for horde.c, horde_bundled.c and profile.c.
 *
 * Pipeline: profile; profile.c hands <hordes>, <traps> and <decorations> to
 * rf_horde_load_section, which reports to the same sink and file name.
 */
#ifndef RF_HORDE_INT_H
#define RF_HORDE_INT_H

#include <libxml/tree.h>

#include "roomforge/diag.h"
#include "roomforge/horde.h"
#include "xml_node_int.h"

struct rf_horde_table {
    const rf_horde *hordes; /* the rows read: hbuf, or a static array */
    size_t nhordes;
    const rf_trap_kind *traps;
    size_t ntraps;
    rf_horde *hbuf; /* owned rows of a loaded table, NULL for the bundled one */
    size_t hcap;
    rf_trap_kind *tbuf;
    size_t tcap;
    const rf_decoration *decor; /* dbuf, or a static array */
    size_t ndecor;
    rf_decoration *dbuf;
    size_t dcap;
    int decor_chance; /* percent of P, @, ^ cells decorated */
    int chance_line;  /* where a file set chance=; 0 while it has not */
};

/* One load's sink and state; errors is set by every error reported. */
typedef struct rf_horde_load {
    rf_diags *d;
    const char *file;
    bool errors;
    bool nomem;
    const rf_xml_text *text; /* the bytes parsed, for columns; NULL: column 1 */
} rf_horde_load;

/* Loads a <hordes>, <traps> or <decorations> element into t, skipping bad
 * rows with a diagnostic (missing-attribute, bad-value, unknown-element,
 * unknown-attribute, duplicate-horde, duplicate-trap, decoration-symbol,
 * duplicate-decoration, xml-limit). False only when memory ran out
 * (ld->nomem is then set). */
bool rf_horde_load_section(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld);
/* Warns population-gap (at line) for each run of depths 1..26 where t has
 * no random horde or no trap kind. */
void rf_horde_table_check(const rf_horde_table *t, rf_horde_load *ld, int line);

#endif /* RF_HORDE_INT_H */

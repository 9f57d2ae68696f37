/* engine/src/core/status.c: English names of rf_status values, for messages.
 *
 * Pipeline: leaf. A table indexed by -status, so adding a status is one row.
 */
#include "roomforge/common.h"

static const char *const status_names[] = {
    "ok", "content errors", "I/O error", "out of memory", "limit exceeded", "script error",
    "invalid argument",
};

const char *rf_status_str(rf_status s)
{
    int i = -(int)s;
    if (i < 0 || i >= (int)(sizeof status_names / sizeof status_names[0]))
        return "unknown status";
    return status_names[i];
}

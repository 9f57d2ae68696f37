/* engine/src/check_room.c: the semantic checks of one loaded room (lint).
 *
 * Pipeline: load; called by load_xml.c for every room (check_int.h).
 */
#include "check_int.h"

size_t rf_template_check(const rf_template *t, rf_diags *d)
{
    (void)t;
    (void)d;
    return 0;
}

/* engine/src/core/version.c: rf_version, the version the library was built as.
 *
 * Pipeline: core; the string comes from the generated roomforge/version.h.
 */
#include "roomforge/version.h"

const char *rf_version(void) { return RF_VERSION_STRING; }

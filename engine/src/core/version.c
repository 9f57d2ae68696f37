/* engine/src/core/version.c: the running library's version (roomforge/version.h).
 *
 * Pipeline: core, a leaf; read by the CLI's --version, the Lua module and games.
 * Design: the numbers come from the header generated with the library, so the
 * build and the run agree unless a game runs against another library than it
 * built with, which is what rf_version() is there to tell.
 */
#include "roomforge/version.h"

const char *rf_version(int *major, int *minor, int *patch)
{
    if (major)
        *major = RF_VERSION_MAJOR;
    if (minor)
        *minor = RF_VERSION_MINOR;
    if (patch)
        *patch = RF_VERSION_PATCH;
    return RF_VERSION_STRING;
}

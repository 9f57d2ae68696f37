/* engine/src/core/range.c: "N" and "N-M" values (seam core/seam.h).
 *
 * Pipeline: core; used by the profile and horde loaders.
 */
#include <errno.h>
#include <stdlib.h>

#include "core/seam.h"

static bool digit(char c) { return c >= '0' && c <= '9'; }

bool rf_range_parse(const char *s, int min, int max, int *lo, int *hi)
{
    char *end;
    long a, b;
    if (!s || !digit(*s))
        return false;
    errno = 0;
    a = strtol(s, &end, 10);
    b = a;
    if (*end == '-') {
        if (!digit(end[1]))
            return false;
        b = strtol(end + 1, &end, 10);
    }
    if (errno || *end || a < min || b > max || b < a)
        return false;
    *lo = (int)a;
    *hi = (int)b;
    return true;
}

/* engine/src/seam/core/json.h: the few JSON output helpers engine writers share.
 *
 * Pipeline: output (diagnostics, list, show, gen, sim writers). Writes straight
 * to a FILE*; strings are escaped per RFC 8259 with control characters as
 * \u00XX and invalid UTF-8 bytes replaced by U+FFFD, so output always parses.
 */
#ifndef RF_SEAM_CORE_JSON_H
#define RF_SEAM_CORE_JSON_H

#include <stdio.h>

/* Writes s as a quoted JSON string; NULL writes null. */
void rf_json_string(FILE *out, const char *s);
/* Writes "key": with a leading comma when !first. */
void rf_json_key(FILE *out, const char *key, int first);

#endif /* RF_SEAM_CORE_JSON_H */

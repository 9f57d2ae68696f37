/* engine/src/seam/level/seam.h: the level stage's one shared header: what
 * the later stages, the tests and the benchmarks use of it beyond the public
 * API: the level's JSON as text in memory.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_LEVEL_H
#define RF_SEAM_LEVEL_H

#include <stddef.h>

#include "roomforge/level.h"

/* The level's JSON as text in memory, for the
 * stages above it.
 *
 * Pipeline: level -> view. The html view embeds the gen JSON (escaping it
 * for a <script> element) and the catalog digest hashes the same bytes, so
 * both come from one buffer writer.
 */
/* The bytes rf_level_write_json prints (with base_names, each template's
 * "file" cut to its base name, as the digest hashes it), in one rf_alloc'd
 * buffer (*text, NUL-terminated, *len bytes without the NUL) the caller
 * frees with rf_free. RF_OK; RF_ERR_NOMEM or RF_ERR_LIMIT (output past
 * 1 GiB), *text untouched. */
rf_status rf_level_json_text(const rf_level *l, bool base_names, char **text, size_t *len);

#endif /* RF_SEAM_LEVEL_H */

/* roomforge/text.h: the part of the text rules (UTF-8, byte order marks)
 * a tool reading content files needs too.
 *
 * Pipeline: core; the readers' decoding and column counting is internal
 * (engine/src/seam/core/seam.h), this is what the CLI shares with them.
 */
#ifndef RF_TEXT_H
#define RF_TEXT_H
#include <stddef.h>
#include "roomforge/common.h" /* RF_API, RF_BEGIN_C */
RF_BEGIN_C

/* 3 when s[0..len) starts with a UTF-8 byte order mark (EF BB BF), else 0:
 * the bytes a reader skips before the text. */
RF_API size_t rf_text_bom_len(const char *s, size_t len);

RF_END_C
#endif /* RF_TEXT_H */

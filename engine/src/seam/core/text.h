/* engine/src/seam/core/text.h: UTF-8 decoding and character columns for
 * every stage that reads text (load, profile, sim, core's writers).
 *
 * Pipeline: core, used by the readers and the JSON writer. One decoder:
 * shortest form only, no surrogates, nothing past U+10FFFF (RFC 3629).
 */
#ifndef RF_SEAM_CORE_TEXT_H
#define RF_SEAM_CORE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "roomforge/text.h" /* rf_text_bom_len */

/* Whether NUL-terminated a and b are the same string: the same pointer, or
 * the first bytes tested before strcmp is called (the tables of codes,
 * clause types and attribute keys scanned for every element and room). */
static inline bool rf_text_eq(const char *a, const char *b)
{
    return a == b || (a[0] == b[0] && strcmp(a, b) == 0);
}

/* Length (1-4) of the well-formed UTF-8 sequence at s, of which at most n
 * bytes (n >= 1) may be read; 0 when it is invalid, overlong, a surrogate,
 * beyond U+10FFFF or cut short. A NUL byte is a valid sequence of 1. Reading
 * stops at the first byte that is not a continuation, so a NUL-terminated
 * string may pass n = 4. */
size_t rf_text_utf8_len(const char *s, size_t n);
/* True when s[0..n) is well-formed UTF-8 without NUL bytes; otherwise *bad
 * (may be NULL) gets the offset of the first bad byte. */
bool rf_text_utf8_valid(const char *s, size_t n, size_t *bad);
/* True when byte c starts a character (is not a UTF-8 continuation byte). */
bool rf_text_is_lead(unsigned char c);
/* The 1-based character column of byte offset pos in s (a tab is one
 * character; continuation bytes do not start one). Counts from s, so pass
 * the start of the line. */
int rf_text_col_at(const char *s, size_t pos);
/* The number of characters in s[0..n). */
size_t rf_text_chars(const char *s, size_t n);
/* Levenshtein distance between a and b, case-insensitive; cap + 1 as soon as
 * it must exceed cap, and for words over 128 bytes (names, not prose). The
 * measure of did-you-mean suggestions. */
size_t rf_text_edit_distance(const char *a, const char *b, size_t cap);

/* A did-you-mean: the candidate nearest to word, when at most
 * max(2, length / 3) edits away (the first of equals); pick NULL otherwise.
 * init, then try every candidate. ties counts the other candidates (not
 * equal to pick, case aside) as near as pick. */
typedef struct rf_text_near {
    const char *word;
    size_t cap, best, ties;
    const char *pick;
} rf_text_near;
void rf_text_near_init(rf_text_near *n, const char *word);
void rf_text_near_try(rf_text_near *n, const char *cand);
/* True when n's pick is a fix lint --fix may apply on its own: no other
 * candidate is as near, and it is at most 2 edits from the word. */
bool rf_text_near_certain(const rf_text_near *n);

/* The bytes of the control character at s, 0 when there is none: C0 (tab
 * and newline included) and DEL are 1, a UTF-8 C1 control (C2 80-9F, which
 * terminals obey as ESC [ ...) is 2. Writers of text for terminals (the
 * diagnostics' gcc writer, rf_effect_format) escape these. */
int rf_text_control(const char *s);

#endif /* RF_SEAM_CORE_TEXT_H */

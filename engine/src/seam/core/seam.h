/* engine/src/seam/core/seam.h: the core stage's one shared header: what the
 * later stages, the tests and the benchmarks use of it beyond the public
 * API: the heap door, frames, JSON output, ranges, the random streams and
 * UTF-8 text.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_CORE_H
#define RF_SEAM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/text.h"

/* The one door to the heap for engine code.
 *
 * Pipeline: core, used by every stage. rf_alloc/rf_realloc/rf_free let test
 * builds (RF_FAULT_INJECTION) fail the Nth allocation; rf_size_mul refuses
 * overflow.
 */
void *rf_alloc(size_t n);             /* NULL when memory runs out or n == 0 */
void *rf_calloc(size_t count, size_t size); /* zeroed; NULL on overflow too */
void *rf_realloc(void *p, size_t n);  /* like realloc; p stays valid on NULL */
void rf_free(void *p);
char *rf_strdup(const char *s);       /* NULL for NULL or out of memory */
char *rf_strndup(const char *s, size_t n);
/* *out = a * b; false (and *out untouched) when the product overflows. */
bool rf_size_mul(size_t a, size_t b, size_t *out);
/* Grows *items (of *cap elements of size each) to hold at least need elements,
 * doubling. False when memory runs out; the old array is then untouched. */
bool rf_grow(void **items, size_t *cap, size_t need, size_t size);

#ifdef RF_FAULT_INJECTION
/* Fails the nth allocation from now (1 = the next one); 0 turns it off.
 * Test builds only: the one mutable static STYLE B7 allows. */
void rf_alloc_fail_after(long n);
#endif

/* The frame every save sits in: a header line
 * "MAGIC VERSION LEN CRC32\n", then LEN bytes of payload.
 *
 * Pipeline: core, used by the saves of world and run. Design: the crc32
 * (zlib) is checked before a byte of the payload is read; the frame ends at
 * its length, so a game's own bytes may follow it in one file; to a path the
 * frame goes to a temporary file beside it, synced and renamed.
 */
/* Writes the header and payload (len bytes) to out, every write and the
 * flush checked: RF_OK, or RF_ERR_IO with errno set. */
rf_status rf_frame_write(FILE *out, const char *magic, int version, const char *payload,
                         size_t len);

/* One frame read back: its version and payload (NUL-terminated, rf_free it). */
typedef struct rf_frame {
    long long version; /* set once the magic and version were read */
    bool bare;         /* the header held the magic and version alone (a frame
                        * older than lengths: world format 1); in is just
                        * past the header line */
    char *payload;
    size_t len;
    size_t at;       /* on RF_ERR_CONTENT: the byte where it went wrong */
    const char *why; /* on RF_ERR_CONTENT: what is wrong, for a save-damaged */
} rf_frame;

/* Reads the frame of magic at in's position (versions 1..max_version with a
 * payload of at most max_len bytes), leaving in just past it. RF_OK;
 * RF_ERR_CONTENT with f->why (not such a frame, a later version: f->version
 * over max_version and why NULL, truncated, checksum wrong, bare); RF_ERR_IO,
 * RF_ERR_NOMEM. */
rf_status rf_frame_read(FILE *in, const char *magic, int max_version, size_t max_len,
                        rf_frame *f);

/* Writes to path through a temporary file beside it: write(ud, file, d)
 * makes the content, then the file is synced, closed and renamed over path;
 * on any failure the temporary file is removed and path is untouched. what
 * names the file in io-error diagnostics ("the world save"). The status of
 * write, or RF_ERR_IO (reported), RF_ERR_ARG for a path too long. */
rf_status rf_frame_write_path(const char *path, const char *what,
                              rf_status (*write)(void *ud, FILE *out, rf_diags *d), void *ud,
                              rf_diags *d);

/* The few JSON output helpers engine writers share.
 *
 * Pipeline: output (diagnostics, list, show, gen, sim writers). Writes straight
 * to a FILE*; strings are escaped per RFC 8259 with control characters as
 * \u00XX and invalid UTF-8 bytes replaced by U+FFFD, so output always parses.
 */
/* Writes s as a quoted JSON string; NULL writes null. */
void rf_json_string(FILE *out, const char *s);
/* Writes "key": with a leading comma when !first. */
void rf_json_key(FILE *out, const char *key, int first);

/* "N" and "N-M" values, as profiles.xml and the
 * horde and trap tables write ranges.
 *
 * Pipeline: content loading (profile.c, horde.c).
 */
/* The largest number a profile or recipe parameter takes. */
#define RF_PARAM_MAX 100000000

/* Parses "N" or "N-M" (decimal, no sign, no blanks) with min <= N <= M <= max
 * into *lo, *hi; false (and both untouched) otherwise. */
bool rf_range_parse(const char *s, int min, int max, int *lo, int *hi);

/* The one PRNG (PCG32) with named streams, and dice.
 *
 * Pipeline: core; every random choice takes an rf_rng explicitly.
 * Design: streams are names hashed with FNV-1a, so streams never disturb
 * each other (DESIGN 7); ranges by rejection; copy an rf_rng to fork it.
 */
RF_BEGIN_C

typedef struct rf_rng {
    uint64_t state;
    uint64_t inc; /* odd; selects the stream */
} rf_rng;

/* The stream names the pipeline uses. */
#define RF_RNG_LAYOUT "layout"
#define RF_RNG_COSMETIC "cosmetic"
#define RF_RNG_POPULATE "populate"

/* The seed every stream of the level at depth of a run of seed is seeded
 * from (DESIGN 18): both mixed by the SplitMix64 finaliser, so two depths of
 * one seed, or one depth of two seeds, never get the same value, and a step
 * of either flips about half its bits. */
uint64_t rf_rng_depth_seed(uint64_t seed, int depth);
/* Seeds r from a seed and a stream number. */
void rf_rng_seed(rf_rng *r, uint64_t seed, uint64_t stream);
/* Seeds r from a seed and a stream name (FNV-1a 64 of the name). */
void rf_rng_seed_named(rf_rng *r, uint64_t seed, const char *stream);
#define RF_RNG_PCG_MULT 6364136223846793005ULL /* PCG32's multiplier */
/* The next 32 bits of r (PCG32 XSH RR): inline, the digger's hottest call. */
static inline uint32_t rf_rng_next(rf_rng *r)
{
    uint64_t old = r->state;
    uint32_t xorshifted, rot;
    r->state = old * RF_RNG_PCG_MULT + r->inc;
    xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}
/* Uniform in [0, n); 0 when n == 0. */
uint32_t rf_rng_below(rf_rng *r, uint32_t n);
/* Uniform in [lo, hi] inclusive; lo when hi < lo. */
int rf_rng_range(rf_rng *r, int lo, int hi);
/* True with percent/100 probability; percent <= 0 never, >= 100 always. */
bool rf_rng_chance(rf_rng *r, int percent);

/* FNV-1a 64 of n bytes (also the catalog digest of DESIGN 5). */
uint64_t rf_fnv1a64(const void *data, size_t n);

/* Dice as the seeds write them: terms "NdS" or "N" joined by + and -:
 * "7d2-7", "1d3+2", "2d4+2", "1d6+1d4+2". */
#define RF_DICE_MAX_TERMS 8
typedef struct rf_dice_term {
    int sign;  /* +1 or -1 */
    int count; /* number of dice; 0 for a constant term */
    int sides; /* die size, or the constant when count == 0 */
} rf_dice_term;
typedef struct rf_dice {
    int nterms;
    rf_dice_term terms[RF_DICE_MAX_TERMS];
} rf_dice;

/* Parses text into *out. RF_ERR_ARG (and *out untouched) on bad syntax, a count
 * or side over 1000, or more than RF_DICE_MAX_TERMS terms; *bad_col, when not
 * NULL, receives the 1-based column of the first offending character. */
RF_NODISCARD rf_status rf_dice_parse(const char *text, rf_dice *out, int *bad_col);
int rf_dice_roll(const rf_dice *d, rf_rng *r);
int rf_dice_min(const rf_dice *d);
int rf_dice_max(const rf_dice *d);

RF_END_C

/* The Lemire bounded draws, beside rf_rng_below.
 *
 * Pipeline: core, used by the Brogue digger and the placer's attach. The two
 * bounded draws give different numbers from one stream; each digger keeps the
 * one its catalogs were made with. Inline for the hot loops.
 */
/* Bounded draws for the digger's hot loops, from the same stream as rf_rng_*
 * but division-free in the common case (Lemire's multiply-shift with
 * rejection: unbiased, and the same on every machine). */
static inline uint32_t rf_rng_below_lemire(rf_rng *r, uint32_t n)
{
    uint64_t m;
    uint32_t l;
    if (n == 0)
        return 0;
    m = (uint64_t)rf_rng_next(r) * n;
    l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)rf_rng_next(r) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Uniform in [lo, hi]; lo when hi < lo. */
static inline int rf_rng_range_lemire(rf_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return (int)((int64_t)lo + (int64_t)rf_rng_below_lemire(r, (uint32_t)((int64_t)hi - lo + 1)));
}
/* True with percent/100 probability. */
static inline bool rf_rng_chance_lemire(rf_rng *r, int percent)
{
    return percent >= 100 || (percent > 0 && (int)rf_rng_below_lemire(r, 100) < percent);
}

/* UTF-8 decoding and character columns for
 * every stage that reads text (load, profile, sim, core's writers).
 *
 * Pipeline: core, used by the readers and the JSON writer. One decoder:
 * shortest form only, no surrogates, nothing past U+10FFFF (RFC 3629).
 */
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

#endif /* RF_SEAM_CORE_H */

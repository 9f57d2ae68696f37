/* engine/src/sim/scenario_int.h: the sim scenario lexer, shared by the command
 * parser (scenario.c) and the expect-effect grammar (scenario_lex.c).
 *
 * Pipeline: after world; `roomforge sim` and the tests read scenarios through
 * scenario.c, which tokenises each line with these.
 */
#ifndef RF_SCENARIO_INT_H
#define RF_SCENARIO_INT_H

#include <stdbool.h>
#include <stddef.h>

/* Bounded output for canonical effect text: over is set when cap ran out. */
typedef struct outbuf {
    char *buf;
    size_t cap, len;
    bool over;
} outbuf;

/* One token of a NUL-terminated line: a bare word or a quoted string. The
 * unescaped text goes to a caller buffer of at least the line's length. */
typedef struct token {
    size_t start, end; /* byte offsets in the line, end exclusive */
    bool quoted;
    const char *text;  /* unescaped (quoted) or the bare word; not NUL-terminated */
    size_t len;
} token;

typedef struct lexer {
    const char *s;
    size_t pos;
    char *scratch; /* room for unescaped strings, as long as s */
    size_t used;
    const char *why; /* reason of the last failure */
    size_t err;      /* its byte offset */
} lexer;

/* Text: a blank (space, tab, CR); ASCII lower case; a word equal to w
 * ignoring ASCII case (UTF-8 and columns: core/seam.h). */
bool rf_scn_is_blank(char c);
char rf_scn_lower(char c);
bool rf_scn_word_is(const char *s, size_t len, const char *w);

/* The lexer: skip blanks; at the end of the line; record a failure (false);
 * the next token (false at the end or on a bad quoted string). */
void rf_scn_skip(lexer *lx);
bool rf_scn_at_end(lexer *lx);
bool rf_scn_fail(lexer *lx, size_t at, const char *why);
bool rf_scn_next(lexer *lx, token *t);

/* Numbers and operands: a decimal at s[*p]; a token that is one number; a
 * coordinate within the scenario limits; an object id (what names it in a
 * failure). */
bool rf_scn_read_long(const char *s, size_t *p, long *out);
bool rf_scn_token_long(const token *t, long *out);
bool rf_scn_coord_ok(long v);
bool rf_scn_read_id(lexer *lx, token *t, const char *what);
/* An expect effect from the lexer's position into o's canonical text; *kind
 * its kind word. */
bool rf_scn_read_effect(lexer *lx, outbuf *o, const char **kind);

#endif /* RF_SCENARIO_INT_H */

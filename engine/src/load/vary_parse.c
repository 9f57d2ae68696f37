/* engine/src/load/vary_parse.c: the texts of <vary>'s children parsed:
 * subst choices, nsubst counts, shuffle groups, <weight> depths.
 *
 * Pipeline: load; called by load_vary.c on each child's attributes.
 * Design: one pass over the text each, no allocation (the caller's arrays
 * are bounded by RF_VARY_MAX_PICKS); a malformed text says why in a short
 * message the loader puts after the child's name.
 */
#include <stdio.h>
#include <string.h>

#include "load/seam.h"
#include "vary_int.h"

#define MAX_COUNT (RF_TEMPLATE_MAX_SIDE * RF_TEMPLATE_MAX_SIDE)

bool rf_vary_is_glyph(char c) { return c > ' ' && c < 0x7f; }

bool rf_vary_is_placeholder(char c) { return rf_vary_is_glyph(c) && !rf_symbol_find(c); }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static const char *skip_space(const char *s)
{
    while (is_space(*s))
        s++;
    return s;
}

/* A decimal number of at most 9 digits at *s, moved past; false when none. */
static bool read_number(const char **s, long *out)
{
    const char *p = *s;
    long v = 0;
    int k = 0;
    while (*p >= '0' && *p <= '9' && k < 10) {
        v = v * 10 + (*p - '0');
        p++;
        k++;
    }
    if (k == 0 || k > 9)
        return false;
    *s = p;
    *out = v;
    return true;
}

/* subst: "G[:w]" tokens apart by white space. */
static bool parse_choices(const char *s, rf_vary_pick *out, size_t *n, char *why, size_t cap)
{
    *n = 0;
    for (s = skip_space(s); *s; s = skip_space(s)) {
        long w = 1;
        char g = *s++;
        if (!rf_vary_is_glyph(g)) {
            snprintf(why, cap, "byte 0x%02x is no glyph", (unsigned char)g);
            return false;
        }
        if (*s == ':') {
            s++;
            if (!read_number(&s, &w) || w < 1 || w > RF_VARY_MAX_WEIGHT) {
                snprintf(why, cap, "the weight of '%c' is not a whole number 1-%d", g,
                         RF_VARY_MAX_WEIGHT);
                return false;
            }
        }
        if (*s && !is_space(*s)) {
            snprintf(why, cap, "'%c%c...' is not one glyph with an optional :weight", g, *s);
            return false;
        }
        if (*n == RF_VARY_MAX_PICKS) {
            snprintf(why, cap, "more than %d choices", RF_VARY_MAX_PICKS);
            return false;
        }
        out[*n].glyph = g;
        out[(*n)++].n = (int)w;
    }
    if (*n == 0) {
        snprintf(why, cap, "there is no choice");
        return false;
    }
    return true;
}

/* nsubst: "N=G" or "*=G" items apart by '/'. */
static bool parse_counts(const char *s, rf_vary_pick *out, size_t *n, char *why, size_t cap)
{
    bool rest = false;
    *n = 0;
    for (;;) {
        long c = RF_VARY_REST;
        char g;
        s = skip_space(s);
        if (*s == '*') {
            if (rest) {
                snprintf(why, cap, "'*' is given twice");
                return false;
            }
            rest = true;
            s++;
        } else if (!read_number(&s, &c) || c > MAX_COUNT) {
            snprintf(why, cap, "item %zu does not start with a count (0-%d) or '*'", *n + 1,
                     MAX_COUNT);
            return false;
        }
        s = skip_space(s);
        if (*s != '=') {
            snprintf(why, cap, "item %zu has no '=' after its count", *n + 1);
            return false;
        }
        s = skip_space(s + 1);
        g = *s;
        if (!rf_vary_is_glyph(g)) {
            snprintf(why, cap, "item %zu has no glyph after '='", *n + 1);
            return false;
        }
        s = skip_space(s + 1);
        if (*s && *s != '/') {
            snprintf(why, cap, "item %zu holds more than one glyph", *n + 1);
            return false;
        }
        if (*n == RF_VARY_MAX_PICKS) {
            snprintf(why, cap, "more than %d items", RF_VARY_MAX_PICKS);
            return false;
        }
        out[*n].glyph = g;
        out[(*n)++].n = (int)c;
        if (!*s)
            return true;
        s++;
    }
}

bool rf_vary_parse_picks(const char *s, bool counts, rf_vary_pick *out, size_t *n, char *why,
                         size_t why_cap)
{
    return counts ? parse_counts(s, out, n, why, why_cap) : parse_choices(s, out, n, why, why_cap);
}

bool rf_vary_parse_groups(const char *s, char *out, size_t cap, size_t *ngroups, size_t *glen,
                          char *why, size_t why_cap)
{
    size_t used = 0, i;
    *ngroups = *glen = 0;
    for (;;) {
        size_t len = 0;
        s = skip_space(s);
        while (*s && *s != '/' && !is_space(*s)) {
            if (!rf_vary_is_placeholder(*s)) {
                snprintf(why, why_cap, "'%c' is a map symbol or no glyph, not a placeholder", *s);
                return false;
            }
            for (i = 0; i < used; i++)
                if (out[i] == *s) {
                    snprintf(why, why_cap, "'%c' stands in two places", *s);
                    return false;
                }
            if (used + 1 >= cap) {
                snprintf(why, why_cap, "too many glyphs");
                return false;
            }
            out[used++] = *s++;
            len++;
        }
        s = skip_space(s);
        if (*s && *s != '/') {
            snprintf(why, why_cap, "group %zu has a space inside it", *ngroups + 1);
            return false;
        }
        if (len == 0 || (*ngroups > 0 && len != *glen)) {
            snprintf(why, why_cap, "group %zu has %zu glyphs; every group needs the same number, "
                     "at least 1", *ngroups + 1, len);
            return false;
        }
        *glen = len;
        (*ngroups)++;
        if (!*s)
            break;
        s++;
    }
    if (*ngroups < 2) {
        snprintf(why, why_cap, "one group has nothing to swap with");
        return false;
    }
    return true;
}

bool rf_vary_parse_depths(const char *s, int *lo, int *hi)
{
    long a, b;
    s = skip_space(s);
    if (!read_number(&s, &a))
        return false;
    b = a;
    s = skip_space(s);
    if (*s == '-') {
        s = skip_space(s + 1);
        if (!read_number(&s, &b))
            return false;
        s = skip_space(s);
    }
    if (*s || a < 1 || b < a || b > 1000000)
        return false;
    *lo = (int)a;
    *hi = (int)b;
    return true;
}

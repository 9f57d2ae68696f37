/* engine/src/load/vary_link.c: every <subroom> of a loaded set resolved to
 * the rooms that may fill it, and the rooms holding one checked as lint does.
 *
 * Pipeline: load, after the last file: rf_pack_load and lint call
 * rf_template_set_link on the whole set (a subroom needs every room).
 * Design: candidates (all the tags, the box's size in an orientation the
 * room allows) go to the set's arena, in load order; a step with none, a
 * room that can hold itself, or a nest past RF_VARY_SUBROOM_DEPTH (heights
 * memoised, saturating: linear) is an error at the <subroom>; then the 64
 * lint variants are checked with their subrooms filled. The draw is bounded
 * by the depth whatever the link found: no content makes gen hang.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/orient.h"
#include "vary_int.h"

#define SATURATED (RF_VARY_SUBROOM_DEPTH + 1)
#define MAX_TAG 64

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The next word of *s into out (cap bytes, cut when longer); false at the end. */
static bool next_word(const char **s, char *out, size_t cap)
{
    size_t n = 0;
    const char *p = *s;
    while (is_space(*p))
        p++;
    if (!*p)
        return false;
    while (*p && !is_space(*p)) {
        if (n + 1 < cap)
            out[n++] = *p;
        p++;
    }
    out[n] = '\0';
    *s = p;
    return true;
}

static bool has_tag(const char *tags, const char *tag)
{
    char w[MAX_TAG];
    while (tags && next_word(&tags, w, sizeof w))
        if (strcasecmp(w, tag) == 0)
            return true;
    return false;
}

static bool has_all_tags(const rf_template *u, const char *want)
{
    char w[MAX_TAG];
    while (next_word(&want, w, sizeof w))
        if (!has_tag(u->tags, w))
            return false;
    return true;
}

static bool fits(const rf_template *u, const rf_vary_step *st)
{
    int k, w, h;
    for (k = 0; k < RF_ORIENT_COUNT; k++) {
        rf_orient_size(k, u->width, u->height, &w, &h);
        if (rf_vary_orient_allowed(u, k) && w == st->bw && h == st->bh)
            return true;
    }
    return false;
}

/* vary-subroom-none at st, naming a tag no room has (with a did-you-mean:
 * the nearest tag of any room, as rf_text_near judges near) when there is. */
static void report_none(const rf_template_set *set, const rf_template *t, const rf_vary_step *st,
                        rf_diags *d)
{
    const char *want = st->tags;
    char w[MAX_TAG], tag[MAX_TAG], near[MAX_TAG];
    size_t i;
    while (next_word(&want, w, sizeof w)) {
        size_t len = strlen(w), cap = len / 3 > 2 ? len / 3 : 2, best = cap + 1;
        bool known = false;
        near[0] = '\0';
        for (i = 0; i < set->count && !known; i++) {
            const char *tags = set->items[i]->tags;
            while (!known && tags && next_word(&tags, tag, sizeof tag)) {
                size_t e = rf_text_edit_distance(w, tag, cap);
                known = e == 0;
                if (e < best) {
                    best = e;
                    memcpy(near, tag, sizeof near);
                }
            }
        }
        if (!known) {
            (void)rf_diag_add(d, "vary-subroom-none", t->file, st->line, st->col,
                              "<subroom tags=\"%.60s\">: no room is tagged '%s'%s%s%s", st->tags,
                              w, near[0] ? "; did you mean '" : "", near, near[0] ? "'?" : "");
            return;
        }
    }
    (void)rf_diag_add(d, "vary-subroom-none", t->file, st->line, st->col,
                      "<subroom tags=\"%.60s\">: no room with all of those tags is %dx%d (or "
                      "%dx%d turned, where it allows rotate=\"1\")",
                      st->tags, st->bw, st->bh, st->bh, st->bw);
}

/* A room with Lua scripts: a subroom brings XML scripts only, remapped to
 * its prefixed ids and the outer room's cells; a Lua chunk's ids, anchors
 * and cells would name the outer room's, so such a room is no candidate. */
static bool carries_lua(const rf_template *u)
{
    size_t i;
    for (i = 0; i < u->nscripts; i++)
        if (u->scripts[i].lang == RF_SCRIPT_LUA)
            return true;
    return false;
}

/* Whether u is a candidate of st: all its tags, the box's size in an
 * orientation it allows, no Lua scripts (vary-subroom-lua with report). */
static bool candidate(const rf_template *t, const rf_template *u, const rf_vary_step *st,
                      rf_diags *d)
{
    if (!has_all_tags(u, st->tags) || !fits(u, st))
        return false;
    if (!carries_lua(u))
        return true;
    if (d)
        (void)rf_diag_add(d, "vary-subroom-lua", t->file, st->line, st->col,
                          "<subroom tags=\"%.60s\">: room '%s' has the tags and the size but "
                          "carries Lua scripts, which a subroom cannot bring (their ids, anchors "
                          "and cells would be the outer room's): it is no candidate",
                          st->tags, u->name ? u->name : "");
    return false;
}

/* The candidates of step st of t into the set's arena; false when memory ran out. */
static bool resolve(rf_template_set *set, const rf_template *t, rf_vary_step *st, rf_diags *d,
                    bool *bad)
{
    size_t i, n = 0;
    const rf_template **c;
    for (i = 0; i < set->count; i++)
        n += candidate(t, set->items[i], st, d);
    st->cands = NULL;
    st->ncands = 0;
    if (n == 0) {
        report_none(set, t, st, d);
        *bad = true;
        return true;
    }
    if (!(c = rf_arena_alloc(&set->arena, n * sizeof *c)))
        return false;
    for (i = 0, n = 0; i < set->count; i++)
        if (candidate(t, set->items[i], st, NULL))
            c[n++] = set->items[i];
    st->cands = c;
    st->ncands = n;
    return true;
}

static long index_of(const rf_template_set *set, const rf_template *u)
{
    size_t i;
    for (i = 0; i < set->count; i++)
        if (set->items[i] == u)
            return (long)i;
    return -1;
}

/* Whether room `from`'s subroom step st can lead back to room `to`
 * (seen: a scratch flag per room, cleared by the call). */
static bool reaches(const rf_template_set *set, const rf_vary_step *st, const rf_template *to,
                    unsigned char *seen, long *stack)
{
    size_t top = 0, i, k;
    bool found = false;
    memset(seen, 0, set->count);
    for (i = 0; i < st->ncands; i++) {
        long j = index_of(set, st->cands[i]);
        if (j >= 0 && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
        }
    }
    while (top > 0 && !found) {
        const rf_template *u = set->items[stack[--top]];
        if (u == to) {
            found = true;
            break;
        }
        for (k = 0; k < u->nvary; k++)
            for (i = 0; u->vary[k].kind == RF_VARY_SUBROOM && i < u->vary[k].ncands; i++) {
                long j = index_of(set, u->vary[k].cands[i]);
                if (j >= 0 && !seen[j]) {
                    seen[j] = 1;
                    stack[top++] = j;
                }
            }
    }
    return found;
}

/* How many rooms deep room i nests (1 for a room whose subrooms hold none),
 * saturating at SATURATED; state: 0 new, 1 on the walk, 2 done (height[i]). */
static int height_of(const rf_template_set *set, size_t i, unsigned char *state, int *height)
{
    const rf_template *u = set->items[i];
    size_t k, c;
    int h = 0;
    if (state[i] == 2)
        return height[i];
    if (state[i] == 1)
        return SATURATED; /* a cycle: as deep as it gets */
    state[i] = 1;
    for (k = 0; k < u->nvary && h < SATURATED; k++)
        for (c = 0; u->vary[k].kind == RF_VARY_SUBROOM && c < u->vary[k].ncands; c++) {
            long j = index_of(set, u->vary[k].cands[c]);
            int hj = j >= 0 ? height_of(set, (size_t)j, state, height) : 0;
            h = hj + 1 > h ? hj + 1 : h;
        }
    h = h > SATURATED ? SATURATED : h;
    state[i] = 2;
    height[i] = h;
    return h;
}

/* What the link's phases share: per room, whether it has an error (flag)
 * and the walks' scratch. */
typedef struct link_scratch {
    unsigned char *seen, *state;
    long *stack;
    int *height;
    bool *flag;
} link_scratch;

/* Each <subroom>'s candidates; false when memory ran out. */
static bool link_candidates(rf_template_set *set, rf_diags *d, link_scratch *ls)
{
    size_t i, k;
    for (i = 0; i < set->count; i++) {
        rf_template *t = set->items[i];
        for (k = 0; t->subrooms && k < t->nvary; k++)
            if (t->vary[k].kind == RF_VARY_SUBROOM &&
                !resolve(set, t, (rf_vary_step *)&t->vary[k], d, &ls->flag[i]))
                return false;
    }
    return true;
}

/* A room used only as a subroom that none holds: what no-doors said alone. */
static void warn_unheld(const rf_template_set *set, rf_diags *d, link_scratch *ls)
{
    size_t i, k, c;
    memset(ls->seen, 0, set->count);
    for (i = 0; i < set->count; i++) {
        const rf_template *t = set->items[i];
        for (k = 0; t->subrooms && k < t->nvary; k++)
            for (c = 0; t->vary[k].kind == RF_VARY_SUBROOM && c < t->vary[k].ncands; c++) {
                long j = index_of(set, t->vary[k].cands[c]);
                if (j >= 0)
                    ls->seen[j] = 1;
            }
    }
    for (i = 0; i < set->count; i++) {
        const rf_template *t = set->items[i];
        if (!ls->seen[i] && rf_template_is_subroom_only(t))
            (void)rf_diag_add(d, "no-doors", t->file, t->line, t->col,
                              "room '%s' has no door (D or d) on its map, and no <subroom> of a "
                              "loaded room holds it (tags %s)",
                              t->name, t->tags);
    }
}

/* Rooms that can hold themselves, then rooms nesting past the limit. */
static void flag_cycles_and_depth(const rf_template_set *set, rf_diags *d, link_scratch *ls)
{
    size_t i, k;
    for (i = 0; i < set->count; i++) {
        const rf_template *t = set->items[i];
        for (k = 0; t->subrooms && !ls->flag[i] && k < t->nvary; k++)
            if (t->vary[k].kind == RF_VARY_SUBROOM &&
                reaches(set, &t->vary[k], t, ls->seen, ls->stack)) {
                (void)rf_diag_add(d, "vary-subroom-cycle", t->file, t->vary[k].line,
                                  t->vary[k].col,
                                  "<subroom tags=\"%.60s\">: room '%s' can end up inside itself "
                                  "through these tags",
                                  t->vary[k].tags, t->name);
                ls->flag[i] = true;
            }
    }
    for (i = 0; i < set->count; i++) {
        const rf_template *t = set->items[i];
        if (!t->subrooms || ls->flag[i] ||
            height_of(set, i, ls->state, ls->height) <= RF_VARY_SUBROOM_DEPTH)
            continue;
        for (k = 0; k < t->nvary && t->vary[k].kind != RF_VARY_SUBROOM; k++)
            ;
        (void)rf_diag_add(d, "vary-subroom-depth", t->file, t->vary[k].line, t->vary[k].col,
                          "<subroom tags=\"%.60s\">: room '%s' nests rooms more than %d deep "
                          "through its subrooms (or through one that holds itself)",
                          t->vary[k].tags, t->name, RF_VARY_SUBROOM_DEPTH);
        ls->flag[i] = true;
    }
}

/* The variants of each linked room, its subrooms filled, checked as rooms;
 * false when memory ran out. */
static bool check_variants(const rf_template_set *set, rf_diags *d, link_scratch *ls)
{
    bool thin = d && rf_diags_is_enabled(d, "wall-thin");
    size_t i, e;
    for (i = 0; i < set->count; i++) {
        if (!set->items[i]->subrooms || ls->flag[i])
            continue;
        if ((e = rf_vary_check(set->items[i], d, thin)) == SIZE_MAX)
            return false;
        ls->flag[i] = e > 0;
    }
    return true;
}

rf_status rf_template_set_link(rf_template_set *set, rf_diags *d, bool *bad)
{
    link_scratch ls;
    rf_status st = RF_ERR_NOMEM;
    size_t i, errors = 0;
    if (!set || set->each)
        return RF_ERR_ARG;
    if (set->nsubrooms + set->nsubonly == 0 || set->count == 0)
        return RF_OK;
    ls.seen = rf_calloc(set->count, 1);
    ls.state = rf_calloc(set->count, 1);
    ls.stack = rf_calloc(set->count, sizeof *ls.stack);
    ls.height = rf_calloc(set->count, sizeof *ls.height);
    ls.flag = rf_calloc(set->count, sizeof *ls.flag);
    if (ls.seen && ls.state && ls.stack && ls.height && ls.flag && link_candidates(set, d, &ls)) {
        warn_unheld(set, d, &ls);
        flag_cycles_and_depth(set, d, &ls);
        if (check_variants(set, d, &ls)) {
            for (i = 0; i < set->count; i++) {
                errors += ls.flag[i];
                if (bad)
                    bad[i] = ls.flag[i];
            }
            st = errors ? RF_ERR_CONTENT : RF_OK;
        }
    }
    rf_free(ls.seen);
    rf_free(ls.state);
    rf_free(ls.stack);
    rf_free(ls.height);
    rf_free(ls.flag);
    return st;
}

size_t rf_template_set_subroom_rooms(const rf_template_set *set)
{
    return set ? set->nsubrooms + set->nsubonly : 0;
}

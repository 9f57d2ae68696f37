/* engine/src/load/machines_load.c: a machines.xml <blueprint> and its
 * <feature>s, from the start tags the streaming loader hands over.
 *
 * Pipeline: load; load_xml.c calls these for a machines file (ld->mach set),
 * load_script.c builds a blueprint's <script>s as it builds a room's.
 * Design: features gather in a scratch vector copied once at </blueprint>;
 * a blueprint with an error is left out by rewinding the arena to its mark.
 * Seeds: brogue-level-generation.txt (autogenerators, treasure machines).
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "load_int.h"
#include "machines_int.h"

/* ", did you mean 'X'?" or nothing, into buf. */
static const char *did_you_mean(char *buf, size_t cap, const char *near)
{
    if (!near)
        return "";
    snprintf(buf, cap, "; did you mean '%s'?", near);
    return buf;
}

/* attr a's "N" or "A-B" within [min, max] into *lo, *hi; reported as
 * bad-range (and false) when it is none. */
static bool take_range(rf_loader *ld, const rf_attr *a, int min, int max, int *lo, int *hi)
{
    if (rf_range_parse(a->value, min, max, lo, hi))
        return true;
    rf_load_emit(ld, "bad-range", a->line, a->col,
                 "%s=\"%.40s\" is no range: write N or A-B with A <= B, from %d to %d", a->name,
                 a->value, min, max);
    return false;
}

/* kind=, room=, depth=, frequency= and size= of the current <blueprint>. */
static void blueprint_fields(rf_loader *ld, rf_blueprint *b)
{
    const rf_attr *a;
    const char *near = NULL;
    char hint[96];
    int v = 0;
    if ((a = rf_load_attr(ld, "kind")) != NULL && (v = rf_machines_kind_parse(a->value, &near)) < 0)
        rf_load_emit(ld, "unknown-kind", a->line, a->col,
                     "kind=\"%.40s\" is no blueprint kind (reward, key-holder, auto)%s", a->value,
                     did_you_mean(hint, sizeof hint, near));
    else if (a)
        b->kind = (rf_machine_kind)v;
    b->room = b->kind == RF_MACHINE_AUTO ? RF_MACHINE_ROOM_NONE : RF_MACHINE_ROOM_ANY;
    if ((a = rf_load_attr(ld, "room")) != NULL && (v = rf_machines_room_parse(a->value, &near)) < 0)
        rf_load_emit(ld, "unknown-requirement", a->line, a->col,
                     "room=\"%.40s\" is no room requirement (any, dead-end, chokepoint, none)%s",
                     a->value, did_you_mean(hint, sizeof hint, near));
    else if (a)
        b->room = (rf_machine_room)v;
    if ((a = rf_load_attr(ld, "depth")) != NULL)
        (void)take_range(ld, a, 1, RF_MACHINES_MAX_DEPTH, &b->depth_lo, &b->depth_hi);
    if ((a = rf_load_attr(ld, "size")) != NULL)
        (void)take_range(ld, a, 1, RF_MACHINES_MAX_SIZE, &b->size_lo, &b->size_hi);
    if ((a = rf_load_attr(ld, "frequency")) != NULL &&
        !rf_script_parse_int(a->value, 0, RF_MACHINES_MAX_FREQUENCY, &b->frequency))
        rf_load_emit(ld, "bad-value", a->line, a->col,
                     "frequency=\"%.40s\" is not an integer from 0 to %d", a->value,
                     RF_MACHINES_MAX_FREQUENCY);
}

void rf_load_blueprint_start(rf_loader *ld)
{
    const rf_attr *a;
    rf_blueprint *b = &ld->bp;
    ld->in_blueprint = true;
    ld->room_errors = 0;
    ld->bp_mark = rf_arena_get_mark(&ld->set->arena);
    memset(b, 0, sizeof *b);
    ld->nfeats = ld->nscripts = 0;
    ld->in_script = false;
    b->file = ld->afile;
    b->line = ld->el_line;
    b->col = ld->el_col;
    b->depth_lo = 1;
    b->depth_hi = RF_MACHINES_MAX_DEPTH;
    b->size_hi = RF_MACHINES_MAX_SIZE;
    if (ld->mach->n >= RF_MACHINES_MAX_BLUEPRINTS)
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "more than %d blueprints",
                     RF_MACHINES_MAX_BLUEPRINTS);
    if ((a = rf_load_attr(ld, "name")) != NULL) {
        const rf_blueprint *old = rf_machines_lookup(ld->mach, a->value);
        b->name = rf_load_adup(ld, a->value);
        if (old)
            rf_load_emit(ld, "duplicate-blueprint", a->line, a->col,
                         "blueprint '%.60s' is already defined at %s:%d; this one is left out",
                         a->value, old->file, old->line);
    }
    blueprint_fields(ld, b);
}

/* terrain= of the current <feature>: one DESIGN 6 glyph. */
static void feature_terrain(rf_loader *ld, const rf_attr *a, rf_feature *f)
{
    rf_tile t;
    char near, hint[96];
    if (a->value[0] && !a->value[1] && rf_tile_from_glyph(a->value[0], &t)) {
        f->terrain = a->value[0];
        return;
    }
    near = rf_machines_glyph_near(a->value);
    hint[0] = '\0';
    if (near)
        snprintf(hint, sizeof hint, "; did you mean '%c' (%s)?", near,
                 rf_machines_tile_word(near));
    rf_load_emit(ld, "unknown-glyph", a->line, a->col,
                 "terrain=\"%.40s\" is no terrain glyph of DESIGN 6 (an object feature takes "
                 "object=)%s",
                 a->value, hint);
}

/* Where the character at offset off of attribute a's value stands: the
 * value's own cell when it is written plainly on one line, else a's name. */
static void value_pos(const rf_loader *ld, const rf_attr *a, size_t off, int *line, int *col)
{
    const rf_sattr *sa = &ld->sa[a - ld->attrs];
    *line = a->line;
    *col = a->col;
    if (sa->plain && sa->vline > 0) {
        *line = sa->vline;
        *col = sa->vcol + (int)rf_text_chars(a->value, off);
    }
}

/* flags= of the current <feature>: names separated by blanks, each unknown
 * one reported where it stands in the value. */
static void feature_flags(rf_loader *ld, const rf_attr *a, rf_feature *f)
{
    const char *p = a->value;
    while (*p) {
        char word[64], hint[96];
        const char *near = NULL;
        size_t n = 0;
        unsigned bit;
        while (rf_load_is_space(*p))
            p++;
        while (p[n] && !rf_load_is_space(p[n]))
            n++;
        if (n == 0)
            break;
        snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), p);
        p += n;
        if ((bit = rf_machines_flag_parse(word, &near)) != 0) {
            f->flags |= bit;
        } else {
            int line, col;
            value_pos(ld, a, (size_t)(p - n - a->value), &line, &col);
            rf_load_emit(ld, "unknown-flag", line, col,
                         "flags= holds '%s', which is no feature flag%s", word,
                         did_you_mean(hint, sizeof hint, near));
        }
    }
}

void rf_load_feature_start(rf_loader *ld)
{
    const rf_attr *ter = rf_load_attr(ld, "terrain"), *obj = rf_load_attr(ld, "object"), *a;
    rf_feature f;
    memset(&f, 0, sizeof f);
    f.line = ld->el_line;
    f.col = ld->el_col;
    f.count_lo = f.count_hi = 1;
    if (ld->nfeats >= RF_MACHINES_MAX_FEATURES) {
        rf_load_emit(ld, "xml-limit", f.line, f.col, "more than %d features in one blueprint",
                     RF_MACHINES_MAX_FEATURES);
        return;
    }
    if (!ter == !obj)
        rf_load_emit(ld, "feature-one-of", f.line, f.col,
                     "a <feature> takes exactly one of terrain= and object=; this one has %s",
                     ter ? "both" : "neither");
    else if (ter)
        feature_terrain(ld, ter, &f);
    else if (!obj->value[0])
        rf_load_emit(ld, "bad-value", obj->line, obj->col, "object=\"\" names no object type");
    else
        f.object = rf_load_adup(ld, obj->value);
    if ((a = rf_load_attr(ld, "count")) != NULL)
        (void)take_range(ld, a, 0, RF_MACHINES_MAX_COUNT, &f.count_lo, &f.count_hi);
    if ((a = rf_load_attr(ld, "flags")) != NULL)
        feature_flags(ld, a, &f);
    if (!rf_load_grow((void **)&ld->feats, &ld->feats_cap, ld->nfeats + 1, sizeof *ld->feats)) {
        ld->nomem = true;
        return;
    }
    ld->feats[ld->nfeats++] = f;
}

/* n items of size bytes at v copied into the arena; NULL for none. */
static void *to_arena(rf_loader *ld, const void *v, size_t n, size_t size)
{
    void *out;
    if (n == 0)
        return NULL;
    if (!(out = rf_arena_alloc(&ld->set->arena, n * size))) {
        ld->nomem = true;
        return NULL;
    }
    return memcpy(out, v, n * size);
}

void rf_load_blueprint_cut(rf_loader *ld)
{
    rf_arena_rewind(&ld->set->arena, ld->bp_mark);
    ld->in_blueprint = false;
}

void rf_load_blueprint_end(rf_loader *ld)
{
    rf_blueprint *b;
    ld->in_blueprint = false;
    if (ld->nfeats == 0 && !ld->nomem && !ld->fatal)
        rf_load_emit(ld, "no-features", ld->bp.line, ld->bp.col,
                     "blueprint '%.60s' has no <feature>: it builds nothing",
                     ld->bp.name ? ld->bp.name : "");
    if (ld->nomem || ld->fatal || ld->room_errors || !ld->bp.name) {
        rf_load_blueprint_cut(ld);
        return;
    }
    ld->bp.nfeatures = ld->nfeats;
    ld->bp.features = to_arena(ld, ld->feats, ld->nfeats, sizeof *ld->feats);
    ld->bp.nscripts = ld->nscripts;
    ld->bp.scripts = to_arena(ld, ld->scripts, ld->nscripts, sizeof *ld->scripts);
    b = to_arena(ld, &ld->bp, 1, sizeof ld->bp);
    if (ld->nomem || !rf_machines_push(ld->mach, b)) {
        ld->nomem = true;
        rf_load_blueprint_cut(ld);
    }
}

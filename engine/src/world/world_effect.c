/* engine/src/world/world_effect.c: effect kinds' names and an effect's
 * one-line text, as sim prints it and scenarios expect it.
 *
 * Pipeline: world; needs only the effect. Design: a bounded writer that
 * reports the full length, snprintf-style.
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/world.h"

static const char *const effect_kind_names[RF_EFFECT_KIND_COUNT] = {
    "remove", "create", "move", "set", "spell", "ticker", "clock", "custom",
};

const char *rf_effect_kind_name(rf_effect_kind k)
{
    return (int)k >= 0 && k < RF_EFFECT_KIND_COUNT ? effect_kind_names[k] : "?";
}

/* A bounded writer: counts everything, stores what fits. */
typedef struct writer {
    char *buf;
    size_t cap, len;
} writer;

static void put_c(writer *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void put_s(writer *o, const char *s)
{
    while (*s)
        put_c(o, *s++);
}

static void put_long(writer *o, long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%ld", v);
    put_s(o, tmp);
}

/* " X,Y" after prefix (" at", " from", ...). */
static void put_xy(writer *o, const char *prefix, int x, int y)
{
    put_s(o, prefix);
    put_c(o, ' ');
    put_long(o, x);
    put_c(o, ',');
    put_long(o, y);
}


/* A string in double quotes, '"' and '\' escaped, newline and tab as \n \t. */
static void put_quoted(writer *o, const char *s)
{
    put_c(o, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (*s == '"' || *s == '\\') {
            put_c(o, '\\');
            put_c(o, *s);
        } else if (*s == '\n') {
            put_s(o, "\\n");
        } else if (*s == '\t') {
            put_s(o, "\\t");
        } else if (rf_text_control(s)) { /* nothing from content drives a terminal */
            static const char hex[] = "0123456789abcdef";
            int k, n = rf_text_control(s);
            for (k = 0; k < n; k++) {
                c = (unsigned char)s[k];
                put_s(o, "\\x");
                put_c(o, hex[c >> 4]);
                put_c(o, hex[c & 15]);
            }
            s += n - 1;
        } else {
            put_c(o, *s);
        }
    }
    put_c(o, '"');
}

/* An id, in quotes only when it holds a blank, a quote, a backslash, '#'
 * or a control character. */
static void put_id(writer *o, const char *id)
{
    const char *p;
    bool quote = !id[0] || strpbrk(id, " \t\n\r\"\\#");
    for (p = id; !quote && *p; p++)
        quote = rf_text_control(p);
    if (quote)
        put_quoted(o, id);
    else
        put_s(o, id);
}

/* A custom effect's text and its attributes, key=value. */
static void put_custom(writer *o, const rf_effect *e)
{
    size_t i;
    put_c(o, ' ');
    put_quoted(o, e->text ? e->text : "");
    for (i = 0; e->attrs && i < e->nattrs; i++) {
        put_c(o, ' ');
        put_id(o, e->attrs[i].key);
        put_c(o, '=');
        put_quoted(o, e->attrs[i].value);
    }
}

/* What follows the kind's name: the effect's own fields, its places in
 * level or (local) room coordinates. */
static void put_fields(writer *o, const rf_effect *e, bool local)
{
    int x = local ? e->lx : e->x, y = local ? e->ly : e->y;
    int tx = local ? e->tlx : e->tx, ty = local ? e->tly : e->ty;
    switch (e->kind) {
    case RF_EFFECT_REMOVE:
        put_c(o, ' ');
        put_id(o, e->id ? e->id : "");
        break;
    case RF_EFFECT_CREATE:
        put_c(o, ' ');
        put_s(o, e->tag ? e->tag : rf_object_type_name(e->type));
        if (e->id) {
            put_c(o, ' ');
            put_id(o, e->id);
        }
        put_xy(o, " at", x, y);
        break;
    case RF_EFFECT_MOVE:
        put_c(o, ' ');
        put_id(o, e->id ? e->id : "");
        put_xy(o, "", x, y);
        break;
    case RF_EFFECT_SET:
        put_c(o, ' ');
        put_id(o, e->id ? e->id : "");
        put_c(o, ' ');
        put_s(o, e->property ? e->property : "?");
        put_c(o, ' ');
        put_long(o, e->value);
        break;
    case RF_EFFECT_SPELL:
        put_c(o, ' ');
        put_quoted(o, e->text ? e->text : "");
        put_xy(o, " from", x, y);
        put_xy(o, " to", tx, ty);
        break;
    case RF_EFFECT_TICKER:
        put_c(o, ' ');
        put_quoted(o, e->text ? e->text : "");
        break;
    case RF_EFFECT_CLOCK_STOPPED:
        put_c(o, ' ');
        put_id(o, e->id ? e->id : "");
        put_s(o, " stopped");
        break;
    case RF_EFFECT_CUSTOM:
        put_custom(o, e);
        break;
    case RF_EFFECT_KIND_COUNT:
        break;
    }
}

size_t rf_effect_format(const rf_effect *e, bool local, char *buf, size_t cap)
{
    writer o = {buf, cap, 0};
    if (!e) {
        if (cap)
            buf[0] = '\0';
        return 0;
    }
    put_c(&o, 'T');
    put_long(&o, e->tick);
    put_c(&o, ' ');
    put_s(&o, rf_effect_kind_name(e->kind));
    put_fields(&o, e, local);
    if (cap)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}

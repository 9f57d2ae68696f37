/* engine/src/load/machines_names.c: the names a machines.xml writes for
 * kinds, room requirements and feature flags, one table each.
 *
 * Pipeline: load; machines_load.c parses blueprint and feature attributes
 * with them, machines.c names values back. Design: rows walked by one loop;
 * an unknown name gets the nearest known one (rf_text_near) for a
 * did-you-mean. Seeds: brogue-level-generation.txt (autogenerators,
 * treasure machines); DESIGN 17 for the flags.
 */
#include <stdio.h>
#include <strings.h>

#include "core/seam.h"
#include "machines_int.h"

typedef struct name_row {
    const char *name;
    unsigned value;
} name_row;

static const name_row kinds[] = {
    {"reward", RF_MACHINE_REWARD},
    {"key-holder", RF_MACHINE_KEY_HOLDER},
    {"auto", RF_MACHINE_AUTO},
    {NULL, 0},
};

static const name_row rooms[] = {
    {"any", RF_MACHINE_ROOM_ANY},
    {"dead-end", RF_MACHINE_ROOM_DEAD_END},
    {"chokepoint", RF_MACHINE_ROOM_CHOKEPOINT},
    {"none", RF_MACHINE_ROOM_NONE},
    {NULL, 0},
};

static const name_row flags[] = {
    {"in-room", RF_FEATURE_IN_ROOM},
    {"on-altar", RF_FEATURE_ON_ALTAR},
    {"in-cage", RF_FEATURE_IN_CAGE},
    {"far-from-door", RF_FEATURE_FAR_FROM_DOOR},
    {"guards", RF_FEATURE_GUARDS},
    {"spawn-horde", RF_FEATURE_SPAWN_HORDE},
    {"key", RF_FEATURE_KEY},
    {"not-in-view-of-door", RF_FEATURE_NOT_IN_VIEW_OF_DOOR},
    {NULL, 0},
};

/* The row of rows named name (ignoring case), or NULL with *near set. */
static const name_row *find(const name_row *rows, const char *name, const char **near)
{
    rf_text_near n;
    rf_text_near_init(&n, name);
    for (; rows->name; rows++) {
        if (strcasecmp(rows->name, name) == 0)
            return rows;
        rf_text_near_try(&n, rows->name);
    }
    if (near)
        *near = n.pick;
    return NULL;
}

static const char *name_of(const name_row *rows, unsigned value)
{
    for (; rows->name; rows++)
        if (rows->value == value)
            return rows->name;
    return NULL;
}

int rf_machines_kind_parse(const char *name, const char **near)
{
    const name_row *r = find(kinds, name, near);
    return r ? (int)r->value : -1;
}

int rf_machines_room_parse(const char *name, const char **near)
{
    const name_row *r = find(rooms, name, near);
    return r ? (int)r->value : -1;
}

unsigned rf_machines_flag_parse(const char *name, const char **near)
{
    const name_row *r = find(flags, name, near);
    return r ? r->value : 0;
}

const char *rf_machine_kind_name(rf_machine_kind k)
{
    const char *s = name_of(kinds, (unsigned)k);
    return s ? s : "?";
}

const char *rf_machine_room_name(rf_machine_room r)
{
    const char *s = name_of(rooms, (unsigned)r);
    return s ? s : "?";
}

const char *rf_feature_flag_name(unsigned flag)
{
    return flag ? name_of(flags, flag) : NULL;
}

/* A word for each tile (DESIGN 6's names), indexed by rf_tile: an author who
 * writes terrain="lava" is pointed to its glyph, which rf_tile_glyph gives. */
static const char *const tile_words[RF_TILE_COUNT] = {
    "rock",  "wall",          "floor", "door", "secret-door", "destructible-wall",
    "impassable-floor", "stairs-up", "stairs-down", "deep-water", "shallow-water",
    "water", "ice", "goo", "acid", "lava", "chasm", "bridge",
};

char rf_machines_glyph_near(const char *word)
{
    rf_text_near n;
    size_t i, best = RF_TILE_COUNT;
    rf_text_near_init(&n, word);
    for (i = 0; i < RF_TILE_COUNT; i++) {
        char g = rf_tile_glyph((rf_tile)i);
        const char *before = n.pick;
        if (word[0] && !word[1] && g != ' ' && (word[0] ^ g) == 0x20)
            return g; /* the glyph in the other case: 'l' for 'L' */
        rf_text_near_try(&n, tile_words[i]);
        if (n.pick != before)
            best = i;
    }
    return best < RF_TILE_COUNT ? rf_tile_glyph((rf_tile)best) : '\0';
}

const char *rf_machines_tile_word(char glyph)
{
    rf_tile t;
    return rf_tile_from_glyph(glyph, &t) ? tile_words[t] : "?";
}

const char *rf_feature_object_type(const rf_feature *f)
{
    if (!rf_feature_object(f))
        return NULL;
    if (rf_feature_has_flag(f, RF_FEATURE_GUARDS))
        return "monster";
    return rf_feature_has_flag(f, RF_FEATURE_KEY) ? "lever" : "machine";
}

void rf_machine_object_id(char *out, size_t cap, const char *name, size_t nth)
{
    if (nth == 0)
        snprintf(out, cap, "%s", name);
    else
        snprintf(out, cap, "%s-%zu", name, nth + 1);
}

size_t rf_feature_flag_names(unsigned flags_in, const char **out, size_t cap)
{
    size_t i, n = 0;
    for (i = 0; flags[i].name; i++) /* the table is in bit order */
        if (flags_in & flags[i].value) {
            if (n < cap)
                out[n] = flags[i].name;
            n++;
        }
    return n;
}

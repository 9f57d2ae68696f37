/* engine/src/load/grammar.c: the rooms.xml element and attribute tables.
 *
 * Pipeline: load; read by load_xml.c and load_attrs.c through grammar_int.h.
 * Design: static rows walked by one loop (STYLE B1); every object takes the
 * common attribute set, as real content uses it. Ranges: docs/internals.md.
 * Seeds: dredmor-room-system.txt 1.1, 1.2, 2; schema dredmor-roomdb.xsd.
 */
#include <string.h>

#include "core/seam.h"
#include "grammar_int.h"
#include "roomforge/template.h"

#define S(k)                                                                                       \
    {                                                                                              \
        k, RF_VAL_STR, 0, 0                                                                        \
    }
#define B(k)                                                                                       \
    {                                                                                              \
        k, RF_VAL_BOOL, 0, 1                                                                       \
    }
#define I(k, lo, hi)                                                                               \
    {                                                                                              \
        k, RF_VAL_INT, lo, hi                                                                      \
    }
#define END                                                                                        \
    {                                                                                              \
        NULL, RF_VAL_STR, 0, 0                                                                     \
    }
#define INT_BIG 2147483647L

static const rf_gattr_spec roomdb_attrs[] = {END};
static const rf_gattr_spec room_attrs[] = {S("name"),
                                           I("width", 0, INT_BIG),
                                           I("height", 0, INT_BIG),
                                           B("special"),
                                           S("usefixedname"),
                                           I("weight", 0, 10000),
                                           S("tags"),
                                           B("rotate"),
                                           B("mirror"),
                                           END};
static const rf_gattr_spec row_attrs[] = {S("text"), END};
static const rf_gattr_spec flags_attrs[] = {B("special"),
                                            B("nomonsters"),
                                            B("notraps"),
                                            B("notreasure"),
                                            B("noblockers"),
                                            I("minlevel", 0, 999999),
                                            I("maxlevel", 0, 999999),
                                            B("shop"),
                                            B("zoo"),
                                            B("digglegod"),
                                            END};
static const rf_gattr_spec object_common[] = {I("at", 0, 9),
                                              I("x", 0, 254),
                                              I("y", 0, 254),
                                              I("percent", 0, 100),
                                              S("id"),
                                              S("name"),
                                              B("canpush"),
                                              S("description"),
                                              B("passable"),
                                              B("visblock"),
                                              S("png"),
                                              S("pngsprite"),
                                              I("pnganimate", 0, 255),
                                              I("pngfirst", 0, 255),
                                              I("pngnum", 0, 255),
                                              I("pngrate", 0, 65535),
                                              END};
static const rf_gattr_spec clock_attrs[] = {B("started"), I("initial", 0, 255),
                                            I("remaining", 0, 255), END};
static const rf_gattr_spec breakable_attrs[] = {I("hitsneededtobreak", 0, INT_BIG),
                                                I("hitstaken", 0, INT_BIG), S("breaking"),
                                                S("broken"), END};
static const rf_gattr_spec element_attrs[] = {S("type"), S("contents"), B("activated"), END};
static const rf_gattr_spec horde_attrs[] = {I("min", 0, 255), I("additional", 0, 255), END};
static const rf_gattr_spec lever_attrs[] = {B("activated"), END};
static const rf_gattr_spec loot_attrs[] = {I("amount", 0, 255), S("type"), S("subtype"),
                                           B("artifact"), END};
static const rf_gattr_spec magic_attrs[] = {I("magicuid", 0, 255), END};
static const rf_gattr_spec pedestal_attrs[] = {S("text"), END};
static const rf_gattr_spec none_attrs[] = {END};
static const rf_gattr_spec script_attrs[] = {B("repeat"), S("lang"), S("src"), END};
/* DESIGN 16 */
static const rf_gattr_spec subst_attrs[] = {S("glyph"), S("choices"), B("once"), END};
static const rf_gattr_spec nsubst_attrs[] = {S("glyph"), S("counts"), END};
static const rf_gattr_spec shuffle_attrs[] = {S("groups"), END};
static const rf_gattr_spec subroom_attrs[] = {S("glyph"), S("tags"), END};
static const rf_gattr_spec validate_attrs[] = {S("lang"), END};
static const rf_gattr_spec weight_attrs[] = {S("depth"), I("value", 0, 10000), END};
static const rf_gattr_spec unique_attrs[] = {S("scope"), S("group"), END};
/* DESIGN 17: values parsed by machines_load.c, which says what is wrong */
static const rf_gattr_spec blueprint_attrs[] = {S("name"),      S("kind"), S("depth"),
                                                S("frequency"), S("room"), S("size"), END};
static const rf_gattr_spec feature_attrs[] = {S("terrain"), S("object"), S("count"), S("flags"),
                                              END};

#define OBJ(key, type, attrs, req)                                                                 \
    {                                                                                              \
        key, RF_EL_OBJECT, RF_EL_ROOM, type, attrs, true, false, req                               \
    }

static const rf_gelem_spec elems[] = {
    {"roomdb", RF_EL_ROOMDB, RF_EL_ROOMDB, -1, roomdb_attrs, false, false, NULL},
    {"room", RF_EL_ROOM, RF_EL_ROOMDB, -1, room_attrs, false, false, "name"},
    {"row", RF_EL_ROW, RF_EL_ROOM, -1, row_attrs, false, false, "text"},
    {"flags", RF_EL_FLAGS, RF_EL_ROOM, -1, flags_attrs, false, false, NULL},
    OBJ("clock", RF_OBJ_CLOCK, clock_attrs, "initial;png|pngsprite"),
    OBJ("customblocker", RF_OBJ_CUSTOM_BLOCKER, none_attrs, "png|pngsprite"),
    OBJ("custombreakable", RF_OBJ_CUSTOM_BREAKABLE, breakable_attrs, "png|pngsprite;broken"),
    OBJ("customengraving", RF_OBJ_CUSTOM_ENGRAVING, none_attrs, "png|pngsprite"),
    OBJ("element", RF_OBJ_ELEMENT, element_attrs, "type"),
    OBJ("horde", RF_OBJ_HORDE, horde_attrs, NULL),
    OBJ("lever", RF_OBJ_LEVER, lever_attrs, NULL),
    OBJ("loot", RF_OBJ_LOOT, loot_attrs, NULL),
    OBJ("magicblocker", RF_OBJ_MAGIC_BLOCKER, magic_attrs, NULL),
    OBJ("monster", RF_OBJ_MONSTER, none_attrs, NULL),
    OBJ("pedestal", RF_OBJ_PEDESTAL, pedestal_attrs, "name;text"),
    OBJ("trap", RF_OBJ_TRAP, none_attrs, NULL),
    {"script", RF_EL_SCRIPT, RF_EL_ROOM, -1, script_attrs, false, false, NULL},
    {"condition", RF_EL_CONDITION, RF_EL_SCRIPT, -1, none_attrs, false, true, "conditiontype"},
    {"action", RF_EL_ACTION, RF_EL_SCRIPT, -1, none_attrs, false, true, "actiontype"},
    {"vary", RF_EL_VARY, RF_EL_ROOM, -1, none_attrs, false, false, NULL},
    {"subst", RF_EL_SUBST, RF_EL_VARY, -1, subst_attrs, false, false, "glyph;choices"},
    {"nsubst", RF_EL_NSUBST, RF_EL_VARY, -1, nsubst_attrs, false, false, "glyph;counts"},
    {"shuffle", RF_EL_SHUFFLE, RF_EL_VARY, -1, shuffle_attrs, false, false, "groups"},
    {"subroom", RF_EL_SUBROOM, RF_EL_VARY, -1, subroom_attrs, false, false, "glyph;tags"},
    {"validate", RF_EL_VALIDATE, RF_EL_VARY, -1, validate_attrs, false, false, NULL},
    {"weight", RF_EL_WEIGHT, RF_EL_ROOM, -1, weight_attrs, false, false, "depth;value"},
    {"unique", RF_EL_UNIQUE, RF_EL_ROOM, -1, unique_attrs, false, false, NULL},
    {"machines", RF_EL_MACHINES, RF_EL_MACHINES, -1, none_attrs, false, false, NULL},
    {"blueprint", RF_EL_BLUEPRINT, RF_EL_MACHINES, -1, blueprint_attrs, false, false,
     "name;kind;depth;frequency"},
    {"feature", RF_EL_FEATURE, RF_EL_BLUEPRINT, -1, feature_attrs, false, false, NULL},
    {"script", RF_EL_SCRIPT, RF_EL_BLUEPRINT, -1, script_attrs, false, false, NULL},
};

/* An object element the grammar does not know, kept (RF_OBJ_OTHER): the
 * attributes every object takes, typed, and any other. */
static const rf_gelem_spec other_object = {"", RF_EL_OBJECT, RF_EL_ROOM, RF_OBJ_OTHER,
                                           none_attrs, true, true, NULL};

const rf_gelem_spec *rf_grammar_other_object(void) { return &other_object; }

const rf_gelem_spec *rf_grammar_elem_at(size_t i)
{
    return i < sizeof elems / sizeof elems[0] ? &elems[i] : NULL;
}

const rf_gelem_spec *rf_grammar_elem(const char *key)
{
    size_t i;
    for (i = 0; i < sizeof elems / sizeof elems[0]; i++)
        if (strcmp(elems[i].key, key) == 0)
            return &elems[i];
    return NULL;
}

bool rf_grammar_is_root(rf_elem_kind kind)
{
    return kind == RF_EL_ROOMDB || kind == RF_EL_MACHINES;
}

const rf_gelem_spec *rf_grammar_elem_in(const rf_gelem_spec *e, int parent)
{
    size_t i;
    for (i = 0; i < sizeof elems / sizeof elems[0]; i++)
        if ((int)elems[i].parent == parent && strcmp(elems[i].key, e->key) == 0)
            return &elems[i];
    return NULL;
}

static const rf_gattr_spec *find_in(const rf_gattr_spec *a, const char *key)
{
    for (; a->key; a++)
        if (strcmp(a->key, key) == 0)
            return a;
    return NULL;
}

const rf_gattr_spec *rf_grammar_attr(const rf_gelem_spec *e, const char *key)
{
    const rf_gattr_spec *a = find_in(e->attrs, key);
    if (!a && e->object_common)
        a = find_in(object_common, key);
    return a;
}

const char *rf_grammar_elem_near(const char *key, int parent)
{
    rf_text_near n;
    size_t i;
    rf_text_near_init(&n, key);
    for (i = 0; i < sizeof elems / sizeof elems[0]; i++)
        if ((int)elems[i].parent == parent && !rf_grammar_is_root(elems[i].kind))
            rf_text_near_try(&n, elems[i].key);
    return n.pick;
}

const char *rf_grammar_attr_near(const rf_gelem_spec *e, const char *key)
{
    const rf_gattr_spec *a;
    rf_text_near n;
    rf_text_near_init(&n, key);
    for (a = e->attrs; a && a->key; a++)
        rf_text_near_try(&n, a->key);
    for (a = e->object_common ? object_common : NULL; a && a->key; a++)
        rf_text_near_try(&n, a->key);
    return n.pick;
}

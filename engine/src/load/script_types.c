/* engine/src/load/script_types.c: the tables of Dredmor's built-in
 * conditions, actions and objects.
 *
 * Pipeline: load; read by the checks and lint through seam load/seam.h
 * and by the world for defaults. Design: pure data, one row per attribute;
 * where the reference and DESIGN disagree, DESIGN wins.
 * Seeds: dredmor-room-system.txt sections 2, 3, 4.
 */
#include <limits.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Row shorthands: key, name as written in the reference, then the kind. */
/* clang-format off */
#define ATTR(key, name, kind, req, alt, lo, hi, choices, def)                                      \
    { key, name, kind, req, alt, lo, hi, choices, def }
#define OPT_STR(key, name) ATTR(key, name, RF_VALUE_STRING, false, NULL, 0, 0, NULL, NULL)
#define REQ_STR(key, name, alt) ATTR(key, name, RF_VALUE_STRING, true, alt, 0, 0, NULL, NULL)
#define OPT_BOOL(key, name, def) ATTR(key, name, RF_VALUE_BOOL, false, NULL, 0, 1, NULL, def)
#define REQ_BOOL(key, name) ATTR(key, name, RF_VALUE_BOOL, true, NULL, 0, 1, NULL, NULL)
#define OPT_INT(key, name, lo, hi, def) \
    ATTR(key, name, RF_VALUE_INT, false, NULL, lo, hi, NULL, def)
#define REQ_INT(key, name, lo, hi) ATTR(key, name, RF_VALUE_INT, true, NULL, lo, hi, NULL, NULL)
#define REQ_ENUM(key, name, choices) ATTR(key, name, RF_VALUE_ENUM, true, NULL, 0, 0, choices, NULL)
#define REQ_REF(key, name) ATTR(key, name, RF_VALUE_REF, true, NULL, 0, 0, NULL, NULL)
/* clang-format on */

/* Counts (ticks, hits, amounts) are bounded well above any real content. */
#define COUNT_MAX 1000000

/* ---- conditions (reference section 3) ---- */

/* Every condition but entered/exited names an object; `not` negates. */
#define COND_OBJECT(notfound_default)                                                              \
    OPT_BOOL("not", "not", "0"), REQ_REF("id", "id"),                                              \
        OPT_BOOL("notfound", "notfound", notfound_default)

static const rf_attr_spec c_activated[] = {
    COND_OBJECT("0"),
    OPT_BOOL("activated", "activated", "1"),
};
static const rf_attr_spec c_activated_changed[] = {
    COND_OBJECT("1"),
    OPT_BOOL("activated", "activated", "1"),
};
static const rf_attr_spec c_object[] = {COND_OBJECT("0")};
static const rf_attr_spec c_not_only[] = {OPT_BOOL("not", "not", "0")};
static const rf_attr_spec c_event[] = {
    COND_OBJECT("0"),
    REQ_ENUM("eventtype", "event_type", "hit|broken"),
};
static const rf_attr_spec c_started[] = {
    COND_OBJECT("0"),
    OPT_BOOL("started", "started", "1"),
};
static const rf_attr_spec c_stopped[] = {
    COND_OBJECT("0"),
    OPT_BOOL("stopped", "stopped", "1"),
};

static const rf_point_spec p_at_required[] = {{"at", "at", "x", "y", "x", "y", true}};

/* clang-format off */
#define CLAUSE(type, attrs) {type, attrs, COUNT(attrs), NULL, 0, false}
#define CLAUSE_P(type, attrs, points, creates) \
    {type, attrs, COUNT(attrs), points, COUNT(points), creates}
/* clang-format on */

static const rf_clause_spec conditions[] = {
    CLAUSE("activated", c_activated),
    CLAUSE("activated_changed", c_activated_changed),
    CLAUSE_P("at", c_object, p_at_required, false),
    CLAUSE("entered", c_not_only),
    CLAUSE("event", c_event),
    CLAUSE("exited", c_not_only),
    CLAUSE("isalive", c_object),
    CLAUSE("isdead", c_object),
    CLAUSE("started", c_started),
    CLAUSE("stopped", c_stopped),
};

/* ---- actions (reference section 4) ---- */

static const rf_attr_spec a_create[] = {
    ATTR("createtype", "create_type", RF_VALUE_OBJECT_TAG, true, NULL, 0, 0, NULL, NULL),
};
static const rf_attr_spec a_move[] = {REQ_REF("id", "id")};
static const rf_attr_spec a_remove[] = {REQ_REF("id", "id")};
static const rf_attr_spec a_set[] = {
    REQ_REF("id", "id"),
    REQ_ENUM("settype", "set_type", "passable|started|stopped"),
    REQ_BOOL("value", "value"),
};
static const rf_attr_spec a_spell[] = {REQ_STR("casts", "casts", NULL)};
static const rf_attr_spec a_ticker[] = {REQ_STR("text", "text", NULL)};

/* A spell without a source or target uses the player's position (DESIGN 4). */
static const rf_point_spec p_spell[] = {
    {"sourceAt", "sourceat", "sourcex", "sourcey", "sourceX", "sourceY", false},
    {"targetAt", "targetat", "targetx", "targety", "targetX", "targetY", false},
};

static const rf_clause_spec actions[] = {
    CLAUSE_P("create", a_create, p_at_required, true),
    CLAUSE_P("move", a_move, p_at_required, false),
    CLAUSE("remove", a_remove),
    CLAUSE("set", a_set),
    CLAUSE_P("spell", a_spell, p_spell, false),
    CLAUSE("ticker", a_ticker),
    CLAUSE("trigger", a_ticker), /* DESIGN 3: another name of ticker */
};

/* ---- objects (reference section 2; the schema adds magicBlocker) ---- */

/* The sprite is required, as png or as the schema's pngSprite. */
#define SPRITE_REQ REQ_STR("png", "png", "pngsprite"), OPT_STR("pngsprite", "pngSprite")
#define OBJ_BASE                                                                                   \
    OPT_INT("percent", "percent", 0, 100, "100"), OPT_STR("id", "id"), OPT_STR("name", "name")
#define OBJ_CUSTOM                                                                                 \
    OBJ_BASE, OPT_BOOL("canpush", "can_push", "0"), OPT_STR("description", "description"),         \
        OPT_BOOL("passable", "passable", "0"), OPT_BOOL("visblock", "visblock", "0"), SPRITE_REQ

static const rf_attr_spec o_clock[] = {
    OBJ_CUSTOM,
    REQ_INT("initial", "initial", 0, COUNT_MAX),
    OPT_INT("remaining", "remaining", 0, COUNT_MAX, NULL),
    OPT_BOOL("started", "started", "1"),
};
static const rf_attr_spec o_custom[] = {OBJ_CUSTOM};
static const rf_attr_spec o_breakable[] = {
    OBJ_CUSTOM,
    OPT_INT("hitsneededtobreak", "hitsNeededToBreak", 0, COUNT_MAX, "0"),
    OPT_INT("hitstaken", "hitsTaken", 0, COUNT_MAX, "0"),
    OPT_STR("breaking", "breaking"),
    REQ_STR("broken", "broken", NULL),
};
static const rf_attr_spec o_element[] = {
    OBJ_BASE,
    OPT_BOOL("canpush", "can_push", "0"),
    REQ_STR("type", "type", NULL),
    OPT_STR("contents", "contents"),
};
static const rf_attr_spec o_horde[] = {
    OBJ_BASE,
    OPT_INT("min", "min", 0, COUNT_MAX, NULL),
    OPT_INT("additional", "additional", 0, COUNT_MAX, NULL),
};
static const rf_attr_spec o_lever[] = {
    OBJ_BASE,
    OPT_BOOL("canpush", "can_push", "0"),
    OPT_BOOL("activated", "activated", "0"),
};
/* Loot names its kind by type, or by subtype (an item of itemDB.xml). */
static const rf_attr_spec o_loot[] = {
    OBJ_BASE,
    OPT_BOOL("canpush", "can_push", "0"),
    OPT_INT("amount", "amount", 0, COUNT_MAX, NULL),
    REQ_STR("type", "type", "subtype"),
    OPT_STR("subtype", "subtype"),
    OPT_BOOL("artifact", "artifact", "0"),
};
static const rf_attr_spec o_magic_blocker[] = {
    OBJ_BASE,
    OPT_BOOL("canpush", "can_push", "0"),
    OPT_INT("magicuid", "magicUid", 0, COUNT_MAX, NULL),
    OPT_BOOL("visblock", "visBlock", "0"),
};
static const rf_attr_spec o_monster[] = {OBJ_BASE};
static const rf_attr_spec o_pedestal[] = {
    OPT_INT("percent", "percent", 0, 100, "100"),
    OPT_STR("id", "id"),
    OPT_BOOL("canpush", "can_push", "0"),
    REQ_STR("name", "name", NULL),
    REQ_STR("text", "text", NULL),
};
static const rf_attr_spec o_trap[] = {OBJ_BASE, OPT_BOOL("canpush", "can_push", "0")};
static const rf_attr_spec o_other[] = {OBJ_BASE}; /* a game's own: any attribute besides */

/* clang-format off */
#define OBJECT(type, attrs) {type, attrs, COUNT(attrs)}
/* clang-format on */
/* In rf_object_type order. */
static const rf_object_spec objects[RF_OBJ_COUNT] = {
    OBJECT(RF_OBJ_CLOCK, o_clock),
    OBJECT(RF_OBJ_CUSTOM_BLOCKER, o_custom),
    OBJECT(RF_OBJ_CUSTOM_BREAKABLE, o_breakable),
    OBJECT(RF_OBJ_CUSTOM_ENGRAVING, o_custom),
    OBJECT(RF_OBJ_ELEMENT, o_element),
    OBJECT(RF_OBJ_HORDE, o_horde),
    OBJECT(RF_OBJ_LEVER, o_lever),
    OBJECT(RF_OBJ_LOOT, o_loot),
    OBJECT(RF_OBJ_MAGIC_BLOCKER, o_magic_blocker),
    OBJECT(RF_OBJ_MONSTER, o_monster),
    OBJECT(RF_OBJ_PEDESTAL, o_pedestal),
    OBJECT(RF_OBJ_TRAP, o_trap),
    OBJECT(RF_OBJ_OTHER, o_other),
};

static const rf_point_spec object_point = {"at", "at", "x", "y", "x", "y", true};

/* ---- lookups ---- */

static const rf_clause_spec *find_clause(const rf_clause_spec *rows, size_t n, const char *type)
{
    size_t i;
    if (!type)
        return NULL;
    for (i = 0; i < n; i++)
        if (rf_text_eq(rows[i].type, type))
            return &rows[i];
    return NULL;
}

const rf_clause_spec *rf_script_condition_spec(const char *type)
{
    return find_clause(conditions, COUNT(conditions), type);
}

const rf_clause_spec *rf_script_action_spec(const char *type)
{
    return find_clause(actions, COUNT(actions), type);
}

const rf_clause_spec *rf_script_condition_at(size_t i)
{
    return i < COUNT(conditions) ? &conditions[i] : NULL;
}

const rf_clause_spec *rf_script_action_at(size_t i)
{
    return i < COUNT(actions) ? &actions[i] : NULL;
}

const rf_object_spec *rf_script_object_spec(rf_object_type type)
{
    if ((int)type < 0 || type >= RF_OBJ_COUNT)
        return NULL;
    return &objects[type];
}

const rf_point_spec *rf_script_object_point(void) { return &object_point; }

const rf_attr_spec *rf_script_attr_spec(const rf_attr_spec *attrs, size_t nattrs, const char *key)
{
    size_t i;
    for (i = 0; i < nattrs; i++)
        if (strcmp(attrs[i].key, key) == 0)
            return &attrs[i];
    return NULL;
}

/* ---- values ---- */

bool rf_script_parse_int(const char *value, int min, int max, int *out)
{
    const char *p = value;
    bool neg = false;
    long long v = 0;
    if (!p)
        return false;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (*p < '0' || *p > '9')
        return false;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (*p - '0');
        if (v > (long long)INT_MAX + 1)
            return false; /* far outside any range: stop before overflow */
    }
    if (neg)
        v = -v;
    if (v < min || v > max)
        return false;
    if (out)
        *out = (int)v;
    return true;
}

int rf_script_parse_anchor(const char *value)
{
    if (!value || value[0] < '0' || value[0] > '9' || value[1] != '\0')
        return -1;
    return value[0] - '0';
}

/* Whether value equals one of the '|'-separated choices, ignoring case. */
static bool enum_has(const char *choices, const char *value)
{
    size_t len = strlen(value);
    const char *p = choices;
    while (p && *p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == len && strncasecmp(p, value, n) == 0)
            return true;
        p = bar ? bar + 1 : NULL;
    }
    return false;
}

bool rf_script_value_ok(const rf_attr_spec *s, const char *value)
{
    rf_object_type type;
    if (!s || !value)
        return false;
    switch (s->kind) {
    case RF_VALUE_STRING:
    case RF_VALUE_REF: return true;
    case RF_VALUE_BOOL: return (value[0] == '0' || value[0] == '1') && value[1] == '\0';
    case RF_VALUE_INT: return rf_script_parse_int(value, s->min, s->max, NULL);
    case RF_VALUE_ANCHOR: return rf_script_parse_anchor(value) >= 0;
    case RF_VALUE_ENUM: return enum_has(s->choices, value);
    case RF_VALUE_OBJECT_TAG: return rf_object_type_parse(value, &type);
    }
    return false;
}

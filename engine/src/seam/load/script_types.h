/* engine/src/seam/load/script_types.h: the grammar of Dredmor's built-in
 * script clauses.
 *
 * Pipeline: load (template_check.c), lint (lint.c), world (defaults).
 * Design: one row per condition, action and object tag, one per attribute
 * (kind, required, default); keys normalised as rf_attr.key.
 * Seeds: dredmor-room-system.txt sections 2-4.
 */
#ifndef RF_SEAM_LOAD_SCRIPT_TYPES_H
#define RF_SEAM_LOAD_SCRIPT_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/template.h"

/* The range of x= and y= in clauses: the schema's xs:short. */
#define RF_SCRIPT_COORD_MIN (-32768)
#define RF_SCRIPT_COORD_MAX 32767

typedef enum rf_value_kind {
    RF_VALUE_STRING = 0, /* any text */
    RF_VALUE_REF,        /* the id of an object of the room, or one a create makes */
    RF_VALUE_BOOL,       /* exactly "0" or "1" */
    RF_VALUE_INT,        /* decimal integer (optional sign) within [min, max] */
    RF_VALUE_ANCHOR,     /* one digit 0-9, naming the map cell of that digit */
    RF_VALUE_ENUM,       /* one of choices ("hit|broken"), case-insensitive */
    RF_VALUE_OBJECT_TAG  /* an object tag, as rf_object_type_parse reads it */
} rf_value_kind;

typedef struct rf_attr_spec {
    const char *key;  /* normalised: "eventtype" */
    const char *name; /* as the reference writes it, for messages: "event_type" */
    rf_value_kind kind;
    bool required;
    const char *alt;      /* normalised key that satisfies `required` as well, or NULL */
    int min, max;         /* RF_VALUE_INT */
    const char *choices;  /* RF_VALUE_ENUM: alternatives separated by '|' */
    const char *fallback; /* the default as text, or NULL when there is none */
} rf_attr_spec;

/* A tile given either as at="N" (an anchor digit) or as x= and y=. */
typedef struct rf_point_spec {
    const char *name;                   /* for messages: "at", "sourceAt" */
    const char *at_key, *x_key, *y_key; /* normalised keys */
    const char *x_name, *y_name;        /* for messages: "x", "sourceX" */
    bool required;
} rf_point_spec;

typedef struct rf_clause_spec {
    const char *type; /* lower-cased, as rf_clause.type */
    const rf_attr_spec *attrs;
    size_t nattrs;
    const rf_point_spec *points;
    size_t npoints;
    bool creates; /* the `create` action: create_type names an object spec */
} rf_clause_spec;

typedef struct rf_object_spec {
    rf_object_type type;
    const rf_attr_spec *attrs; /* the object's own attributes, common ones included */
    size_t nattrs;
} rf_object_spec;

/* The built-in condition or action of that lower-cased type, or NULL. */
const rf_clause_spec *rf_script_condition_spec(const char *type);
const rf_clause_spec *rf_script_action_spec(const char *type);
/* The ith built-in condition or action (for listings); NULL past the end. */
const rf_clause_spec *rf_script_condition_at(size_t i);
const rf_clause_spec *rf_script_action_at(size_t i);
/* The attributes of an object tag (position excluded: every object takes at=
 * or x= and y=, see rf_script_object_point). Never NULL for a valid type. */
const rf_object_spec *rf_script_object_spec(rf_object_type type);
const rf_point_spec *rf_script_object_point(void);
/* The row of spec's attribute with normalised key, or NULL. */
const rf_attr_spec *rf_script_attr_spec(const rf_attr_spec *attrs, size_t nattrs, const char *key);

/* Whether value is well-formed for s (REF and STRING accept any text). */
bool rf_script_value_ok(const rf_attr_spec *s, const char *value);
/* Parses a decimal integer (optional sign, no spaces) within [min, max]. */
bool rf_script_parse_int(const char *value, int min, int max, int *out);
/* A single digit 0-9 as a number, or -1. */
int rf_script_parse_anchor(const char *value);

#endif /* RF_SEAM_LOAD_SCRIPT_TYPES_H */

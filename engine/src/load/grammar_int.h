/* engine/src/load/grammar_int.h: the rooms.xml grammar as data: elements,
 * where they may stand, their attributes and each value's type.
 *
 * Pipeline: load; read by load_xml.c and load_attrs.c while they stream;
 * rooms.xml and machines.xml (DESIGN 17) share it.
 * Design: names are normalised keys (lower case, no '_'); required attributes
 * are ';'-separated groups of '|' alternatives ("initial;png|pngsprite").
 * Seeds: dredmor-room-system.txt 1.1, 1.2, 2; schema dredmor-roomdb.xsd.
 */
#ifndef RF_GRAMMAR_INT_H
#define RF_GRAMMAR_INT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum rf_val_kind { RF_VAL_STR = 0, RF_VAL_BOOL, RF_VAL_INT } rf_val_kind;

typedef struct rf_gattr_spec {
    const char *key; /* normalised */
    rf_val_kind kind;
    long min, max; /* RF_VAL_INT only */
} rf_gattr_spec;

typedef enum rf_elem_kind {
    RF_EL_ROOMDB = 0,
    RF_EL_ROOM,
    RF_EL_ROW,
    RF_EL_FLAGS,
    RF_EL_OBJECT,
    RF_EL_SCRIPT,
    RF_EL_CONDITION,
    RF_EL_ACTION,
    RF_EL_VARY, /* DESIGN 16: <vary> and its children, <weight>, <unique> */
    RF_EL_SUBST,
    RF_EL_NSUBST,
    RF_EL_SHUFFLE,
    RF_EL_SUBROOM,
    RF_EL_VALIDATE,
    RF_EL_WEIGHT,
    RF_EL_UNIQUE,
    RF_EL_MACHINES, /* DESIGN 17: machines.xml's root, <blueprint>, <feature> */
    RF_EL_BLUEPRINT,
    RF_EL_FEATURE
} rf_elem_kind;

typedef struct rf_gelem_spec {
    const char *key; /* normalised tag */
    rf_elem_kind kind;
    rf_elem_kind parent;        /* the only element it may stand in (ROOMDB: root) */
    int obj;                    /* rf_object_type for RF_EL_OBJECT, else -1 */
    const rf_gattr_spec *attrs; /* its own attributes, NULL-key terminated */
    bool object_common;         /* also takes the attributes every object takes */
    bool open_attrs;            /* keeps any attribute (clauses) */
    const char *required;       /* "a;b|c" as above, or NULL */
} rf_gelem_spec;

/* The element whose normalised tag is key, or NULL. */
const rf_gelem_spec *rf_grammar_elem(const char *key);
/* The row with e's tag that may stand in an element of kind parent (a
 * <script> stands in a <room> or a <blueprint>), or NULL. */
const rf_gelem_spec *rf_grammar_elem_in(const rf_gelem_spec *e, int parent);
/* The ith row of the grammar, in table order (editors list them); NULL
 * past the end. */
const rf_gelem_spec *rf_grammar_elem_at(size_t i);
/* Whether kind is a file's root: <roomdb> or <machines>. */
bool rf_grammar_is_root(rf_elem_kind kind);
/* The spec of an unknown element standing in a <room>, kept as an object of
 * type RF_OBJ_OTHER (issue 15: a game's own elements are not dropped). */
const rf_gelem_spec *rf_grammar_other_object(void);
/* The attribute spec for key on e, or NULL when e does not take it. */
const rf_gattr_spec *rf_grammar_attr(const rf_gelem_spec *e, const char *key);
/* For an unknown element (normalised key) inside an element of kind parent,
 * or an unknown attribute of e: the known one nearest to it, for a
 * did-you-mean; NULL when none is near. */
const char *rf_grammar_elem_near(const char *key, int parent);
const char *rf_grammar_attr_near(const rf_gelem_spec *e, const char *key);

#endif /* RF_GRAMMAR_INT_H */

/* engine/src/profile/xml_node_int.h: the small questions the tree loaders ask of a
 * libxml2 node: its line, its element name, an attribute's value.
 *
 * Pipeline: content loading of files read whole with libxml2's tree API
 * (profile.c for <profile>, horde.c for the population tables). The rooms
 * loader streams instead (load_*.c) and has its own cursor.
 */
#ifndef RF_XML_NODE_INT_H
#define RF_XML_NODE_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "load/seam.h"

/* n's line, 1 when libxml2 does not know it. */
int rf_xml_line(const xmlNode *n);
/* rf_xml_is and rf_xml_attr_value: load/seam.h (the Tiled reader asks them too). */

/* The raw bytes a tree was parsed from, for positions (libxml2's tree has
 * lines but no columns). */
typedef struct rf_xml_text {
    const char *buf;
    size_t len;
} rf_xml_text;
/* Records in each element under root (its _private) the offset of its start
 * tag in t: the k-th element in document order is the k-th start tag, as
 * no DTD or entity can add elements (the loaders refuse a DOCTYPE first). */
void rf_xml_index(xmlNode *root, const rf_xml_text *t);
/* The line and character column of n's start tag '<', or of its attribute
 * attr's name when attr is not NULL and the tag has it; libxml2's line and
 * column 1 when n was not indexed or t is NULL. */
void rf_xml_pos(const xmlNode *n, const char *attr, const rf_xml_text *t, int *line, int *col);

#endif /* RF_XML_NODE_INT_H */

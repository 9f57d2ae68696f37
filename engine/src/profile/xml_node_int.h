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

#include <libxml/tree.h>

/* n's line, 1 when libxml2 does not know it. */
int rf_xml_line(const xmlNode *n);
/* True when n is an element called name (ignoring case). */
bool rf_xml_is(const xmlNode *n, const char *name);
/* A copy (rf_free) of attribute name's value (ignoring case), NULL when n
 * has none or when memory ran out (then *nomem is set). */
char *rf_xml_attr(const xmlNode *n, const char *name, bool *nomem);

#endif /* RF_XML_NODE_INT_H */

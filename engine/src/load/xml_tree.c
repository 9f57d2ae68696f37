/* engine/src/load/xml_tree.c: the questions the tree loaders ask of a
 * libxml2 node: whether it is an element of a name, an attribute's value.
 *
 * Pipeline: content loading of files read whole with libxml2's tree API:
 * Tiled maps here (tmx_*.c), profiles and hordes downstream (profile/).
 * Names compare without case, as Dredmor's files and ours spell them every
 * way. The rooms loader streams instead and has its own cursor.
 */
#include <libxml/tree.h>

#include "core/seam.h"
#include "load/seam.h"

bool rf_xml_is(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

char *rf_xml_attr_value(const xmlNode *n, const char *name, bool *nomem)
{
    const xmlAttr *a;
    for (a = n->properties; a; a = a->next)
        if (xmlStrcasecmp(a->name, (const xmlChar *)name) == 0) {
            xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
            char *s = rf_strdup(v ? (const char *)v : "");
            xmlFree(v);
            if (!s)
                *nomem = true;
            return s;
        }
    return NULL;
}

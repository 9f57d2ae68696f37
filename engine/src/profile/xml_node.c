/* engine/src/profile/xml_node.c: a libxml2 node's line, name and attributes, for the
 * loaders that read a whole tree (profile.c, horde.c).
 *
 * Pipeline: content loading. Names compare without case, as Dredmor's
 * files and ours spell them every way.
 */
#include "xml_node_int.h"

#include <limits.h>

#include "core/alloc.h"

int rf_xml_line(const xmlNode *n)
{
    long l = xmlGetLineNo(n);
    return l > 0 && l < INT_MAX ? (int)l : 1;
}

bool rf_xml_is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

char *rf_xml_attr(const xmlNode *n, const char *name, bool *nomem)
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

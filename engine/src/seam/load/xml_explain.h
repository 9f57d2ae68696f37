/* engine/src/seam/load/xml_explain.h: libxml2's fatal errors said plainly,
 * at the line where the problem starts.
 *
 * Pipeline: load owns it (load_xmlerr.c); the rooms loader and the profiles
 * loader both report their XML syntax errors through it.
 */
#ifndef RF_SEAM_LOAD_XML_EXPLAIN_H
#define RF_SEAM_LOAD_XML_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/xmlerror.h>

/* The bytes libxml2 parsed and what the file's grammar knows. */
typedef struct rf_xml_src {
    const char *buf;
    size_t len;
    const char *root;                  /* the root element as documented: "roomDB" */
    bool (*known)(const char *tag);    /* an element of the grammar; NULL: none is */
} rf_xml_src;

/* Where the problem starts and what to write, libxml2's words after it. */
typedef struct rf_xml_fault {
    int line, col;
    char text[448];
} rf_xml_fault;

void rf_xml_explain(const rf_xml_src *src, const xmlError *e, rf_xml_fault *f);

/* True when e is one of libxml2's limits (nesting depth, a name or text too
 * long, "Huge input lookup", entity amplification): xml-limit, not
 * xml-syntax. */
bool rf_xml_is_limit(const xmlError *e);

#endif /* RF_SEAM_LOAD_XML_EXPLAIN_H */

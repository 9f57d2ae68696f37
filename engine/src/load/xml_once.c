/* engine/src/load/xml_once.c: libxml2's global initialisation, once.
 *
 * Pipeline: load; called by load_xml.c and the profiles loader (profile
 * stage, through the seam load/seam.h) before they parse.
 * Design: the one piece of process-wide state the library touches is
 * libxml2's own (its dictionaries' random seed, its global defaults);
 * xmlInitParser sets it up and must not run in two threads at once, so
 * pthread_once guards it. Nothing calls xmlCleanupParser: a library cannot
 * know that no other part of the process still uses libxml2.
 */
#include <pthread.h>

#include <libxml/parser.h>

#include "load/seam.h"

static pthread_once_t xml_ready = PTHREAD_ONCE_INIT; /* the only static: written once */

static void init_xml(void) { xmlInitParser(); }

void rf_xml_once(void) { (void)pthread_once(&xml_ready, init_xml); }

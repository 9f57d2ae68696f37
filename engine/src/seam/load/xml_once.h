/* engine/src/seam/load/xml_once.h: libxml2 made ready once per process.
 *
 * Pipeline: load owns it (xml_once.c); the rooms loader and the profiles
 * loader call it before their first libxml2 call. Design: libxml2's first-use
 * initialisation is not thread-safe, so two threads loading content at once
 * raced in it (issue 15); pthread_once runs xmlInitParser exactly once, before
 * any thread parses, and a game never has to call anything first.
 */
#ifndef RF_LOAD_XML_ONCE_H
#define RF_LOAD_XML_ONCE_H

/* Initialises libxml2 the first time any thread calls it; later calls return
 * at once. Safe from any number of threads. */
void rf_xml_once(void);

#endif /* RF_LOAD_XML_ONCE_H */

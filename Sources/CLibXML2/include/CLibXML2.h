#ifndef BOOKTAG_CLIBXML2_H
#define BOOKTAG_CLIBXML2_H

// libxml2's headers pull in ICU's, which clash with the ICU module Foundation ships.
// xmlversion.h defines LIBXML_ICU_ENABLED; undefining it before the other headers keeps
// ICU out of this module. booktag never uses libxml2's ICU encoding support.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>

// libxml2 is opened with dlopen on first use, like libcrypto, libgd and Pango: linking it made
// every command load and relocate it with ICU and liblzma (1.6 ms of each start on the machines
// booktag is measured on), including those that parse nothing (--version, list, books). The
// headers above give the types; the calls booktag makes go through the functions below, which
// have libxml2's signatures and a booktag_ prefix.

// 0 once libxml2 is loaded and initialised (a second call is free); -1 if it cannot be, with
// the reason in booktag_xml_error(). Every other function here needs a 0 from it first.
int booktag_xml_load(void);
const char *booktag_xml_error(void);

void booktag_xml_set_external_entity_loader(xmlExternalEntityLoader loader);
void booktag_xml_set_structured_error_func(void *context, xmlStructuredErrorFunc handler);
xmlParserCtxtPtr booktag_xml_create_push_parser(const char *chunk, int size);
int booktag_xml_ctxt_use_options(xmlParserCtxtPtr context, int options);
int booktag_xml_parse_chunk(xmlParserCtxtPtr context, const char *chunk, int size, int terminate);
void booktag_xml_stop_parser(xmlParserCtxtPtr context);
void booktag_xml_free_parser_ctxt(xmlParserCtxtPtr context);
htmlDocPtr booktag_html_read_memory(const char *buffer, int size, const char *encoding, int options);
xmlNodePtr booktag_xml_doc_get_root_element(const xmlDoc *document);
void booktag_xml_free_doc(xmlDocPtr document);
void booktag_xml_unlink_node(xmlNodePtr node);
void booktag_xml_free_node(xmlNodePtr node);
xmlChar *booktag_xml_node_get_content(const xmlNode *node);
xmlChar *booktag_xml_get_prop(const xmlNode *node, const xmlChar *name);
// Memory libxml2 hands out (booktag_xml_node_get_content, booktag_xml_get_prop) is released
// with this (libxml2's xmlFree).
void booktag_xml_free(void *memory);

#endif

#ifndef BOOKTAG_CLIBXML2_SHIM_H
#define BOOKTAG_CLIBXML2_SHIM_H

// libxml2 for Swift: its headers (found through pkg-config's libxml-2.0), and a few inline
// functions where Swift cannot call libxml2 as it is (a variadic-free spelling, defaults
// booktag always passes, a global function pointer).

// libxml2's headers pull in ICU's, which clash with the ICU module Foundation ships.
// xmlversion.h defines LIBXML_ICU_ENABLED; undefining it before the other headers keeps
// ICU out of this module. booktag never uses libxml2's ICU encoding support.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// A push parser with no SAX handler, file name or user data: booktag builds a tree.
static inline xmlParserCtxtPtr booktag_xml_create_push_parser(const char *chunk, int size) {
    return xmlCreatePushParserCtxt(NULL, NULL, chunk, size, NULL);
}

// An HTML document from memory with no base URL: nothing in it is resolved against one.
static inline htmlDocPtr booktag_html_read_memory(const char *buffer, int size, const char *encoding, int options) {
    return htmlReadMemory(buffer, size, NULL, encoding, options);
}

// Releases memory libxml2 handed out (xmlNodeGetContent, xmlGetProp). xmlFree is a global
// function pointer (or, in some builds, a macro), which Swift cannot call portably.
static inline void booktag_xml_free(void *memory) {
    xmlFree(memory);
}

#endif

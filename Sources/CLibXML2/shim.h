#ifndef BOOKTAG_CLIBXML2_SHIM_H
#define BOOKTAG_CLIBXML2_SHIM_H

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

// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
// Memory libxml2 hands out (xmlNodeGetContent, xmlGetProp, …) must be released with it.
static inline void booktag_xml_free(void *memory) {
    xmlFree(memory);
}

#endif

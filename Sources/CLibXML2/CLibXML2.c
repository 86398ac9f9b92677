#include "CLibXML2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    void (*initParser)(void);
    void (*setExternalEntityLoader)(xmlExternalEntityLoader);
    void (*setStructuredErrorFunc)(void *, xmlStructuredErrorFunc);
    xmlParserCtxtPtr (*createPushParserCtxt)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*ctxtUseOptions)(xmlParserCtxtPtr, int);
    int (*parseChunk)(xmlParserCtxtPtr, const char *, int, int);
    void (*stopParser)(xmlParserCtxtPtr);
    void (*freeParserCtxt)(xmlParserCtxtPtr);
    htmlDocPtr (*htmlReadMemory)(const char *, int, const char *, const char *, int);
    xmlNodePtr (*docGetRootElement)(const xmlDoc *);
    void (*freeDoc)(xmlDocPtr);
    void (*unlinkNode)(xmlNodePtr);
    void (*freeNode)(xmlNodePtr);
    xmlChar *(*nodeGetContent)(const xmlNode *);
    xmlChar *(*getProp)(const xmlNode *, const xmlChar *);
    xmlFreeFunc *free;  // the address of libxml2's global xmlFree
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char error[512] = "libxml2 was not loaded";

#define RESOLVE(field, symbol)                                                                  \
    do {                                                                                        \
        *(void **)(&api.field) = dlsym(handle, symbol);                                         \
        if (api.field == NULL) {                                                                \
            snprintf(error, sizeof error, "libxml2.so.2 lacks %s: install libxml2", symbol);   \
            return;                                                                             \
        }                                                                                       \
    } while (0)

static void load(void) {
    void *handle = dlopen("libxml2.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, sizeof error, "cannot load libxml2 (%s): install libxml2", reason ? reason : "unknown reason");
        return;
    }
    RESOLVE(initParser, "xmlInitParser");
    RESOLVE(setExternalEntityLoader, "xmlSetExternalEntityLoader");
    RESOLVE(setStructuredErrorFunc, "xmlSetStructuredErrorFunc");
    RESOLVE(createPushParserCtxt, "xmlCreatePushParserCtxt");
    RESOLVE(ctxtUseOptions, "xmlCtxtUseOptions");
    RESOLVE(parseChunk, "xmlParseChunk");
    RESOLVE(stopParser, "xmlStopParser");
    RESOLVE(freeParserCtxt, "xmlFreeParserCtxt");
    RESOLVE(htmlReadMemory, "htmlReadMemory");
    RESOLVE(docGetRootElement, "xmlDocGetRootElement");
    RESOLVE(freeDoc, "xmlFreeDoc");
    RESOLVE(unlinkNode, "xmlUnlinkNode");
    RESOLVE(freeNode, "xmlFreeNode");
    RESOLVE(nodeGetContent, "xmlNodeGetContent");
    RESOLVE(getProp, "xmlGetProp");
    RESOLVE(free, "xmlFree");
    api.initParser();
    loaded = 0;
}

int booktag_xml_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *booktag_xml_error(void) {
    return error;
}

void booktag_xml_set_external_entity_loader(xmlExternalEntityLoader loader) {
    api.setExternalEntityLoader(loader);
}

void booktag_xml_set_structured_error_func(void *context, xmlStructuredErrorFunc handler) {
    api.setStructuredErrorFunc(context, handler);
}

xmlParserCtxtPtr booktag_xml_create_push_parser(const char *chunk, int size) {
    return api.createPushParserCtxt(NULL, NULL, chunk, size, NULL);
}

int booktag_xml_ctxt_use_options(xmlParserCtxtPtr context, int options) {
    return api.ctxtUseOptions(context, options);
}

int booktag_xml_parse_chunk(xmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    return api.parseChunk(context, chunk, size, terminate);
}

void booktag_xml_stop_parser(xmlParserCtxtPtr context) {
    api.stopParser(context);
}

void booktag_xml_free_parser_ctxt(xmlParserCtxtPtr context) {
    api.freeParserCtxt(context);
}

htmlDocPtr booktag_html_read_memory(const char *buffer, int size, const char *encoding, int options) {
    return api.htmlReadMemory(buffer, size, NULL, encoding, options);
}

xmlNodePtr booktag_xml_doc_get_root_element(const xmlDoc *document) {
    return api.docGetRootElement(document);
}

void booktag_xml_free_doc(xmlDocPtr document) {
    if (document != NULL) api.freeDoc(document);
}

void booktag_xml_unlink_node(xmlNodePtr node) {
    api.unlinkNode(node);
}

void booktag_xml_free_node(xmlNodePtr node) {
    api.freeNode(node);
}

xmlChar *booktag_xml_node_get_content(const xmlNode *node) {
    return api.nodeGetContent(node);
}

xmlChar *booktag_xml_get_prop(const xmlNode *node, const xmlChar *name) {
    return api.getProp(node, name);
}

void booktag_xml_free(void *memory) {
    (*api.free)(memory);
}

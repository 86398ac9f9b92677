#include "CPango.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Opaque types: booktag only passes them back to the libraries.
typedef void PangoFontMap, PangoContext, PangoLayout, PangoFontDescription;
typedef void cairo_surface_t, cairo_t;
typedef void FcPattern, FcCharSet, FcObjectSet, FcConfig;
typedef struct { int x, y, width, height; } PangoRectangle;
typedef struct { int nfont, sfont; FcPattern **fonts; } FcFontSet;

enum { PANGO_SCALE = 1024, PANGO_WRAP_WORD_CHAR = 2, PANGO_ELLIPSIZE_END = 3, CAIRO_FORMAT_A8 = 2 };

static struct {
    PangoFontMap *(*fontMapNew)(void);
    PangoContext *(*createContext)(PangoFontMap *);
    PangoLayout *(*layoutNew)(PangoContext *);
    void (*setText)(PangoLayout *, const char *, int);
    void (*setFontDescription)(PangoLayout *, const PangoFontDescription *);
    void (*setWidth)(PangoLayout *, int);
    void (*setHeight)(PangoLayout *, int);
    void (*setWrap)(PangoLayout *, int);
    void (*setEllipsize)(PangoLayout *, int);
    void (*setAlignment)(PangoLayout *, int);
    void (*pixelExtents)(PangoLayout *, PangoRectangle *, PangoRectangle *);
    int (*baseline)(PangoLayout *);
    int (*lineCount)(PangoLayout *);
    int (*unknownGlyphs)(PangoLayout *);
    PangoFontDescription *(*descriptionFromString)(const char *);
    void (*setAbsoluteSize)(PangoFontDescription *, double);
    void (*descriptionFree)(PangoFontDescription *);
    void (*showLayout)(cairo_t *, PangoLayout *);
    void (*objectUnref)(void *);
    cairo_surface_t *(*surfaceCreate)(int, int, int);
    int (*surfaceStatus)(cairo_surface_t *);
    unsigned char *(*surfaceData)(cairo_surface_t *);
    int (*surfaceStride)(cairo_surface_t *);
    void (*surfaceFlush)(cairo_surface_t *);
    void (*surfaceDestroy)(cairo_surface_t *);
    cairo_t *(*create)(cairo_surface_t *);
    void (*destroy)(cairo_t *);
    void (*moveTo)(cairo_t *, double, double);
    void (*setSourceRGBA)(cairo_t *, double, double, double, double);
    FcPattern *(*patternCreate)(void);
    int (*patternAddCharSet)(FcPattern *, const char *, const FcCharSet *);
    void (*patternDestroy)(FcPattern *);
    FcCharSet *(*charSetCreate)(void);
    int (*charSetAddChar)(FcCharSet *, uint32_t);
    void (*charSetDestroy)(FcCharSet *);
    FcObjectSet *(*objectSetCreate)(void);
    int (*objectSetAdd)(FcObjectSet *, const char *);
    void (*objectSetDestroy)(FcObjectSet *);
    FcFontSet *(*fontList)(FcConfig *, FcPattern *, FcObjectSet *);
    void (*fontSetDestroy)(FcFontSet *);
    FcConfig *(*configCreate)(void);
    int (*configParseAndLoadFromMemory)(FcConfig *, const unsigned char *, int);
    int (*configBuildFonts)(FcConfig *);
    int (*configSetCurrent)(FcConfig *);
    void (*configDestroy)(FcConfig *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
// Pango objects are not thread-safe: one font map, used by one thread at a time.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *fontMap;
static PangoContext *context;
static int loaded = -1;
static char error[512] = "Pango was not loaded";
// Where fontconfig writes its caches; NULL: where the system's configuration says.
static char *cacheFolder;

static void *open_library(const char *name, const char *package) {
    void *handle = dlopen(name, RTLD_LAZY | RTLD_GLOBAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s): install %s", name, reason ? reason : "unknown reason", package);
    }
    return handle;
}

// The system's configuration (fonts.conf, found as fontconfig finds it), with `folder` as the
// first cache folder, the one fontconfig writes to: without it, a stale cache is rewritten in
// ~/.cache/fontconfig, or in /var/cache/fontconfig when run as root. Caches elsewhere are still
// read. When this fails, the default configuration is used.
static void use_cache_folder(const char *folder) {
    static const char head[] = "<?xml version=\"1.0\"?><fontconfig><cachedir>";
    static const char tail[] = "</cachedir><include ignore_missing=\"yes\">fonts.conf</include></fontconfig>";
    size_t length = strlen(folder);
    char *xml = malloc(sizeof head + 6 * length + sizeof tail);
    if (xml == NULL) return;
    char *end = stpcpy(xml, head);
    for (const char *c = folder; *c; c++) {
        switch (*c) {
        case '&': end = stpcpy(end, "&amp;"); break;
        case '<': end = stpcpy(end, "&lt;"); break;
        case '>': end = stpcpy(end, "&gt;"); break;
        default: *end++ = *c;
        }
    }
    strcpy(end, tail);
    FcConfig *config = api.configCreate();
    if (config && api.configParseAndLoadFromMemory(config, (const unsigned char *)xml, 0) && api.configBuildFonts(config)) {
        api.configSetCurrent(config);
    }
    if (config) api.configDestroy(config);  // the current configuration keeps its own reference
    free(xml);
}

#define RESOLVE(handle, field, name, package)                                                        \
    do {                                                                                             \
        *(void **)(&api.field) = dlsym(handle, name);                                                \
        if (api.field == NULL) {                                                                     \
            snprintf(error, sizeof error, "%s lacks %s: install a newer %s", #handle, name, package); \
            return;                                                                                  \
        }                                                                                            \
    } while (0)

static void load(void) {
    void *pango = open_library("libpango-1.0.so.0", "libpango-1.0-0");
    void *pangocairo = pango ? open_library("libpangocairo-1.0.so.0", "libpangocairo-1.0-0") : NULL;
    void *cairo = pangocairo ? open_library("libcairo.so.2", "libcairo2") : NULL;
    void *gobject = cairo ? open_library("libgobject-2.0.so.0", "libglib2.0-0") : NULL;
    void *fontconfig = gobject ? open_library("libfontconfig.so.1", "libfontconfig1") : NULL;
    if (fontconfig == NULL) return;
    RESOLVE(pangocairo, fontMapNew, "pango_cairo_font_map_new", "libpangocairo-1.0-0");
    RESOLVE(pangocairo, showLayout, "pango_cairo_show_layout", "libpangocairo-1.0-0");
    RESOLVE(pango, createContext, "pango_font_map_create_context", "libpango-1.0-0");
    RESOLVE(pango, layoutNew, "pango_layout_new", "libpango-1.0-0");
    RESOLVE(pango, setText, "pango_layout_set_text", "libpango-1.0-0");
    RESOLVE(pango, setFontDescription, "pango_layout_set_font_description", "libpango-1.0-0");
    RESOLVE(pango, setWidth, "pango_layout_set_width", "libpango-1.0-0");
    RESOLVE(pango, setHeight, "pango_layout_set_height", "libpango-1.0-0");
    RESOLVE(pango, setWrap, "pango_layout_set_wrap", "libpango-1.0-0");
    RESOLVE(pango, setEllipsize, "pango_layout_set_ellipsize", "libpango-1.0-0");
    RESOLVE(pango, setAlignment, "pango_layout_set_alignment", "libpango-1.0-0");
    RESOLVE(pango, pixelExtents, "pango_layout_get_pixel_extents", "libpango-1.0-0");
    RESOLVE(pango, baseline, "pango_layout_get_baseline", "libpango-1.0-0");
    RESOLVE(pango, lineCount, "pango_layout_get_line_count", "libpango-1.0-0");
    RESOLVE(pango, unknownGlyphs, "pango_layout_get_unknown_glyphs_count", "libpango-1.0-0");
    RESOLVE(pango, descriptionFromString, "pango_font_description_from_string", "libpango-1.0-0");
    RESOLVE(pango, setAbsoluteSize, "pango_font_description_set_absolute_size", "libpango-1.0-0");
    RESOLVE(pango, descriptionFree, "pango_font_description_free", "libpango-1.0-0");
    RESOLVE(gobject, objectUnref, "g_object_unref", "libglib2.0-0");
    RESOLVE(cairo, surfaceCreate, "cairo_image_surface_create", "libcairo2");
    RESOLVE(cairo, surfaceStatus, "cairo_surface_status", "libcairo2");
    RESOLVE(cairo, surfaceData, "cairo_image_surface_get_data", "libcairo2");
    RESOLVE(cairo, surfaceStride, "cairo_image_surface_get_stride", "libcairo2");
    RESOLVE(cairo, surfaceFlush, "cairo_surface_flush", "libcairo2");
    RESOLVE(cairo, surfaceDestroy, "cairo_surface_destroy", "libcairo2");
    RESOLVE(cairo, create, "cairo_create", "libcairo2");
    RESOLVE(cairo, destroy, "cairo_destroy", "libcairo2");
    RESOLVE(cairo, moveTo, "cairo_move_to", "libcairo2");
    RESOLVE(cairo, setSourceRGBA, "cairo_set_source_rgba", "libcairo2");
    RESOLVE(fontconfig, patternCreate, "FcPatternCreate", "libfontconfig1");
    RESOLVE(fontconfig, patternAddCharSet, "FcPatternAddCharSet", "libfontconfig1");
    RESOLVE(fontconfig, patternDestroy, "FcPatternDestroy", "libfontconfig1");
    RESOLVE(fontconfig, charSetCreate, "FcCharSetCreate", "libfontconfig1");
    RESOLVE(fontconfig, charSetAddChar, "FcCharSetAddChar", "libfontconfig1");
    RESOLVE(fontconfig, charSetDestroy, "FcCharSetDestroy", "libfontconfig1");
    RESOLVE(fontconfig, objectSetCreate, "FcObjectSetCreate", "libfontconfig1");
    RESOLVE(fontconfig, objectSetAdd, "FcObjectSetAdd", "libfontconfig1");
    RESOLVE(fontconfig, objectSetDestroy, "FcObjectSetDestroy", "libfontconfig1");
    RESOLVE(fontconfig, fontList, "FcFontList", "libfontconfig1");
    RESOLVE(fontconfig, fontSetDestroy, "FcFontSetDestroy", "libfontconfig1");
    RESOLVE(fontconfig, configCreate, "FcConfigCreate", "libfontconfig1");
    RESOLVE(fontconfig, configParseAndLoadFromMemory, "FcConfigParseAndLoadFromMemory", "libfontconfig1");
    RESOLVE(fontconfig, configBuildFonts, "FcConfigBuildFonts", "libfontconfig1");
    RESOLVE(fontconfig, configSetCurrent, "FcConfigSetCurrent", "libfontconfig1");
    RESOLVE(fontconfig, configDestroy, "FcConfigDestroy", "libfontconfig1");
    if (cacheFolder) use_cache_folder(cacheFolder);
    fontMap = api.fontMapNew();
    context = fontMap ? api.createContext(fontMap) : NULL;
    if (context == NULL) {
        snprintf(error, sizeof error, "Pango could not start: is fontconfig installed (fontconfig-config)?");
        return;
    }
    loaded = 0;
}

int booktag_text_load(void) {
    pthread_once(&once, load);
    return loaded;
}

void booktag_text_set_cache_folder(const char *folder) {
    static pthread_mutex_t folderLock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&folderLock);
    if (folder && cacheFolder == NULL) cacheFolder = strdup(folder);
    pthread_mutex_unlock(&folderLock);
}

const char *booktag_text_error(void) {
    return error;
}

static int min(int a, int b) { return a < b ? a : b; }
static int max(int a, int b) { return a > b ? a : b; }

int booktag_text_layout(const char *text, const char *family, double pixels, int width, int maxLines, int align, int draw,
                        booktag_text_block *block) {
    memset(block, 0, sizeof *block);
    if (booktag_text_load() != 0 || text == NULL || width <= 0 || pixels <= 0) return -1;
    pthread_mutex_lock(&lock);
    int result = -1;
    PangoLayout *layout = api.layoutNew(context);
    PangoFontDescription *description = api.descriptionFromString(family);
    if (layout == NULL || description == NULL) goto done;
    api.setAbsoluteSize(description, pixels * PANGO_SCALE);
    api.setFontDescription(layout, description);
    api.setWidth(layout, width * PANGO_SCALE);
    api.setWrap(layout, PANGO_WRAP_WORD_CHAR);
    api.setEllipsize(layout, PANGO_ELLIPSIZE_END);
    api.setHeight(layout, -max(1, maxLines));  // negative: a number of lines
    api.setAlignment(layout, align);
    api.setText(layout, text, -1);
    PangoRectangle ink, logical;
    api.pixelExtents(layout, &ink, &logical);
    block->width = width;
    block->height = logical.height;
    block->baseline = api.baseline(layout) / PANGO_SCALE;
    block->lines = api.lineCount(layout);
    block->inkWidth = logical.width;
    block->unknownGlyphs = api.unknownGlyphs(layout);
    // The coverage image holds the box and any ink outside it.
    int left = min(0, ink.x), top = min(0, ink.y);
    int right = max(width, ink.x + ink.width), bottom = max(logical.height, ink.y + ink.height);
    block->left = left;
    block->top = top;
    block->pixelWidth = right - left;
    block->pixelHeight = bottom - top;
    if (!draw || block->pixelWidth <= 0 || block->pixelHeight <= 0) {
        result = 0;
        goto done;
    }
    cairo_surface_t *surface = api.surfaceCreate(CAIRO_FORMAT_A8, block->pixelWidth, block->pixelHeight);
    if (surface == NULL || api.surfaceStatus(surface) != 0) {
        if (surface) api.surfaceDestroy(surface);
        goto done;
    }
    cairo_t *cr = api.create(surface);
    api.setSourceRGBA(cr, 0, 0, 0, 1);
    api.moveTo(cr, -left, -top);
    api.showLayout(cr, layout);
    api.destroy(cr);
    api.surfaceFlush(surface);
    block->stride = api.surfaceStride(surface);
    size_t size = (size_t)block->stride * (size_t)block->pixelHeight;
    block->alpha = malloc(size);
    if (block->alpha) {
        memcpy(block->alpha, api.surfaceData(surface), size);
        result = 0;
    }
    api.surfaceDestroy(surface);
done:
    if (description) api.descriptionFree(description);
    if (layout) api.objectUnref(layout);
    pthread_mutex_unlock(&lock);
    return result;
}

void booktag_text_block_free(booktag_text_block *block) {
    free(block->alpha);
    block->alpha = NULL;
}

int booktag_text_font_covers(uint32_t codepoint) {
    if (booktag_text_load() != 0) return -1;
    pthread_mutex_lock(&lock);
    int covered = -1;
    FcPattern *pattern = api.patternCreate();
    FcCharSet *characters = api.charSetCreate();
    FcObjectSet *objects = api.objectSetCreate();
    if (pattern && characters && objects && api.charSetAddChar(characters, codepoint) && api.patternAddCharSet(pattern, "charset", characters) &&
        api.objectSetAdd(objects, "family")) {
        FcFontSet *fonts = api.fontList(NULL, pattern, objects);
        if (fonts) {
            covered = fonts->nfont > 0;
            api.fontSetDestroy(fonts);
        }
    }
    if (objects) api.objectSetDestroy(objects);
    if (characters) api.charSetDestroy(characters);
    if (pattern) api.patternDestroy(pattern);
    pthread_mutex_unlock(&lock);
    return covered;
}

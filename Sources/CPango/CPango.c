#include "CPango.h"

#include "CLazyLibrary.h"
#include "TextAPI.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

booktag_text_api booktag_text_functions;
pthread_mutex_t booktag_text_lock = PTHREAD_MUTEX_INITIALIZER;
#define lock booktag_text_lock

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PangoFontMap *fontMap;
static PangoContext *context;
static int loaded = -1;
static char error[512] = "Pango was not loaded";
// Where fontconfig writes its caches; NULL: where the system's configuration says.
static char *cacheFolder;

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
    FcConfig *config = api.FcConfigCreate();
    if (config && api.FcConfigParseAndLoadFromMemory(config, (const unsigned char *)xml, 0) && api.FcConfigBuildFonts(config)) {
        api.FcConfigSetCurrent(config);
    }
    if (config) api.FcConfigDestroy(config);  // the current configuration keeps its own reference
    free(xml);
}

static void load(void) {
    static const char *const pango[] = {"libpango-1.0.so.0", NULL}, *const pangocairo[] = {"libpangocairo-1.0.so.0", NULL},
                             *const cairo[] = {"libcairo.so.2", NULL}, *const gobject[] = {"libgobject-2.0.so.0", NULL},
                             *const fontconfig[] = {"libfontconfig.so.1", NULL};
    // Installing Pango brings the rest; the package's name in each family of systems.
    static const char *const package = "Pango (libpangocairo-1.0-0 on Debian and Ubuntu, pango on Fedora and Arch)";
    const booktag_library libraries[] = {
        {pango, package}, {pangocairo, package}, {cairo, package}, {gobject, package}, {fontconfig, package},
    };
#define BOOKTAG_TEXT_ENTRY(name) {#name, (void **)&api.name},
    const booktag_function functions[] = {BOOKTAG_TEXT_FUNCTIONS(BOOKTAG_TEXT_ENTRY)};
#undef BOOKTAG_TEXT_ENTRY
    // Global: Pango's own modules look its symbols up in the process.
    if (booktag_open_libraries(libraries, sizeof libraries / sizeof libraries[0], 1, functions, sizeof functions / sizeof functions[0],
                               error, sizeof error) != 0) {
        return;
    }
    if (cacheFolder) use_cache_folder(cacheFolder);
    fontMap = api.pango_cairo_font_map_new();
    context = fontMap ? api.pango_font_map_create_context(fontMap) : NULL;
    if (context == NULL) {
        snprintf(error, sizeof error, "Pango could not start: is fontconfig installed (fontconfig-config)?");
        return;
    }
    // With no font at all, Pango 1.5x draws text as nothing (not as boxes, which the glyph
    // check would catch): the collage is drawn without its text and the reader told why.
    FcPattern *any = api.FcPatternCreate();
    FcObjectSet *family = api.FcObjectSetCreate();
    if (family) api.FcObjectSetAdd(family, "family");
    FcFontSet *fonts = any && family ? api.FcFontList(NULL, any, family) : NULL;
    int count = fonts ? fonts->nfont : 0;
    if (fonts) api.FcFontSetDestroy(fonts);
    if (family) api.FcObjectSetDestroy(family);
    if (any) api.FcPatternDestroy(any);
    if (count == 0) {
        snprintf(error, sizeof error,
                 "no font is installed: install fonts-dejavu-core (Debian, Ubuntu), dejavu-sans-fonts (Fedora) or ttf-dejavu (Arch)");
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

PangoLayout *booktag_text_new_layout(const char *text, const char *family, double pixels, int width, int maxLines, int align) {
    PangoLayout *layout = api.pango_layout_new(context);
    PangoFontDescription *description = api.pango_font_description_from_string(family);
    if (layout == NULL || description == NULL) {
        if (layout) api.g_object_unref(layout);
        if (description) api.pango_font_description_free(description);
        return NULL;
    }
    api.pango_font_description_set_absolute_size(description, pixels * PANGO_SCALE);
    api.pango_layout_set_font_description(layout, description);
    api.pango_font_description_free(description);  // the layout keeps a copy
    api.pango_layout_set_width(layout, width * PANGO_SCALE);
    api.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    api.pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    api.pango_layout_set_height(layout, -max(1, maxLines));  // negative: a number of lines
    api.pango_layout_set_alignment(layout, align);
    api.pango_layout_set_text(layout, text, -1);
    return layout;
}

int booktag_text_layout(const char *text, const char *family, double pixels, int width, int maxLines, int align, int draw,
                        booktag_text_block *block) {
    memset(block, 0, sizeof *block);
    if (booktag_text_load() != 0 || text == NULL || width <= 0 || pixels <= 0) return -1;
    pthread_mutex_lock(&lock);
    int result = -1;
    PangoLayout *layout = booktag_text_new_layout(text, family, pixels, width, maxLines, align);
    if (layout == NULL) goto done;
    PangoRectangle ink, logical;
    api.pango_layout_get_pixel_extents(layout, &ink, &logical);
    block->width = width;
    block->height = logical.height;
    block->baseline = api.pango_layout_get_baseline(layout) / PANGO_SCALE;
    block->lines = api.pango_layout_get_line_count(layout);
    block->inkWidth = logical.width;
    block->unknownGlyphs = api.pango_layout_get_unknown_glyphs_count(layout);
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
    cairo_surface_t *surface = api.cairo_image_surface_create(CAIRO_FORMAT_A8, block->pixelWidth, block->pixelHeight);
    if (surface == NULL || api.cairo_surface_status(surface) != 0) {
        if (surface) api.cairo_surface_destroy(surface);
        goto done;
    }
    cairo_t *cr = api.cairo_create(surface);
    api.cairo_set_source_rgba(cr, 0, 0, 0, 1);
    api.cairo_move_to(cr, -left, -top);
    api.pango_cairo_show_layout(cr, layout);
    api.cairo_destroy(cr);
    api.cairo_surface_flush(surface);
    block->stride = api.cairo_image_surface_get_stride(surface);
    size_t size = (size_t)block->stride * (size_t)block->pixelHeight;
    block->alpha = malloc(size);
    if (block->alpha) {
        memcpy(block->alpha, api.cairo_image_surface_get_data(surface), size);
        result = 0;
    }
    api.cairo_surface_destroy(surface);
done:
    if (layout) api.g_object_unref(layout);
    pthread_mutex_unlock(&lock);
    return result;
}

int booktag_text_words_fit(const char *text, const char *family, double pixels, int width) {
    if (booktag_text_load() != 0 || text == NULL || width <= 0 || pixels <= 0) return -1;
    pthread_mutex_lock(&lock);
    int result = -1;
    PangoLayout *layout = booktag_text_new_layout(text, family, pixels, width, 1 << 20, 0);
    if (layout) {
        // Wrapped at line breaks only, with nothing cut: a word too wide stands out past `width`.
        api.pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
        api.pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
        PangoRectangle ink, logical;
        api.pango_layout_get_pixel_extents(layout, &ink, &logical);
        result = logical.width <= width;
        api.g_object_unref(layout);
    }
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
    FcPattern *pattern = api.FcPatternCreate();
    FcCharSet *characters = api.FcCharSetCreate();
    FcObjectSet *objects = api.FcObjectSetCreate();
    if (pattern && characters && objects && api.FcCharSetAddChar(characters, codepoint) && api.FcPatternAddCharSet(pattern, "charset", characters) &&
        api.FcObjectSetAdd(objects, "family")) {
        FcFontSet *fonts = api.FcFontList(NULL, pattern, objects);
        if (fonts) {
            covered = fonts->nfont > 0;
            api.FcFontSetDestroy(fonts);
        }
    }
    if (objects) api.FcObjectSetDestroy(objects);
    if (characters) api.FcCharSetDestroy(characters);
    if (pattern) api.FcPatternDestroy(pattern);
    pthread_mutex_unlock(&lock);
    return covered;
}

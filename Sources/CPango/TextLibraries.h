#ifndef BOOKTAG_TEXT_LIBRARIES_H
#define BOOKTAG_TEXT_LIBRARIES_H

// The functions booktag calls in Pango, cairo, GObject and fontconfig, declared as those
// libraries declare them, so that the build needs none of their -dev packages. The table in
// CPango.c takes each pointer's type from these declarations (__typeof__), and
// scripts/check-c-declarations compiles this file after the libraries' real headers
// (-DBOOKTAG_SYSTEM_HEADERS): a declaration that differs from the real one is a compile error.
// Nothing calls these names directly: the libraries are opened on first use (CLazyLibrary.h).

#include <stdint.h>

#ifndef BOOKTAG_SYSTEM_HEADERS
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct { int x, y, width, height; } PangoRectangle;
typedef enum { PANGO_WRAP_WORD = 0, PANGO_WRAP_CHAR = 1, PANGO_WRAP_WORD_CHAR = 2 } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
#define PANGO_SCALE 1024
typedef int gboolean;
typedef void *gpointer;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo cairo_t;
typedef enum { CAIRO_FORMAT_INVALID = -1, CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24, CAIRO_FORMAT_A8 } cairo_format_t;
typedef enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY, CAIRO_STATUS_WRITE_ERROR = 11 } cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef void (*cairo_destroy_func_t)(void *data);
typedef enum { CAIRO_PDF_VERSION_1_4, CAIRO_PDF_VERSION_1_5 } cairo_pdf_version_t;
typedef enum { CAIRO_PDF_METADATA_TITLE, CAIRO_PDF_METADATA_AUTHOR, CAIRO_PDF_METADATA_SUBJECT, CAIRO_PDF_METADATA_KEYWORDS,
               CAIRO_PDF_METADATA_CREATOR, CAIRO_PDF_METADATA_CREATE_DATE, CAIRO_PDF_METADATA_MOD_DATE } cairo_pdf_metadata_t;
#define CAIRO_MIME_TYPE_JPEG "image/jpeg"
#define CAIRO_MIME_TYPE_UNIQUE_ID "application/x-cairo.uuid"
typedef int FcBool;
typedef unsigned char FcChar8;
typedef unsigned int FcChar32;
typedef struct _FcPattern FcPattern;
typedef struct _FcCharSet FcCharSet;
typedef struct _FcConfig FcConfig;
typedef struct _FcObjectSet { int nobject; int sobject; const char **objects; } FcObjectSet;
typedef struct _FcFontSet { int nfont; int sfont; FcPattern **fonts; } FcFontSet;
#endif

PangoFontMap *pango_cairo_font_map_new(void);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_baseline(PangoLayout *layout);
int pango_layout_get_line_count(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_free(PangoFontDescription *desc);
void g_object_unref(gpointer object);
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha);
cairo_surface_t *cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points,
                                                     double height_in_points);
void cairo_pdf_surface_restrict_to_version(cairo_surface_t *surface, cairo_pdf_version_t version);
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);
cairo_status_t cairo_surface_set_mime_data(cairo_surface_t *surface, const char *mime_type, const unsigned char *data,
                                           unsigned long length, cairo_destroy_func_t destroy, void *closure);
void cairo_surface_mark_dirty(cairo_surface_t *surface);
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_fill(cairo_t *cr);
void cairo_clip(cairo_t *cr);
void cairo_paint(cairo_t *cr);
void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);
void cairo_show_page(cairo_t *cr);
cairo_status_t cairo_status(cairo_t *cr);
void cairo_surface_finish(cairo_surface_t *surface);
FcPattern *FcPatternCreate(void);
FcBool FcPatternAddCharSet(FcPattern *p, const char *object, const FcCharSet *c);
void FcPatternDestroy(FcPattern *p);
FcCharSet *FcCharSetCreate(void);
FcBool FcCharSetAddChar(FcCharSet *fcs, FcChar32 ucs4);
void FcCharSetDestroy(FcCharSet *fcs);
FcObjectSet *FcObjectSetCreate(void);
FcBool FcObjectSetAdd(FcObjectSet *os, const char *object);
void FcObjectSetDestroy(FcObjectSet *os);
FcFontSet *FcFontList(FcConfig *config, FcPattern *p, FcObjectSet *os);
void FcFontSetDestroy(FcFontSet *s);
FcConfig *FcConfigCreate(void);
FcBool FcConfigParseAndLoadFromMemory(FcConfig *config, const FcChar8 *buffer, FcBool complain);
FcBool FcConfigBuildFonts(FcConfig *config);
FcBool FcConfigSetCurrent(FcConfig *config);
void FcConfigDestroy(FcConfig *config);

#define BOOKTAG_TEXT_FUNCTIONS(X)                                                                        \
    X(pango_cairo_font_map_new) X(pango_cairo_show_layout) X(pango_font_map_create_context)             \
    X(pango_layout_new) X(pango_layout_set_text) X(pango_layout_set_font_description)                   \
    X(pango_layout_set_width) X(pango_layout_set_height) X(pango_layout_set_wrap)                       \
    X(pango_layout_set_ellipsize) X(pango_layout_set_alignment) X(pango_layout_get_pixel_extents)       \
    X(pango_layout_get_baseline) X(pango_layout_get_line_count) X(pango_layout_get_unknown_glyphs_count) \
    X(pango_font_description_from_string) X(pango_font_description_set_absolute_size)                   \
    X(pango_font_description_free) X(g_object_unref) X(cairo_image_surface_create) X(cairo_surface_status) \
    X(cairo_image_surface_get_data) X(cairo_image_surface_get_stride) X(cairo_surface_flush)            \
    X(cairo_surface_destroy) X(cairo_create) X(cairo_destroy) X(cairo_move_to) X(cairo_set_source_rgba) \
    X(cairo_pdf_surface_create_for_stream) X(cairo_pdf_surface_restrict_to_version) X(cairo_pdf_surface_set_metadata)  \
    X(cairo_surface_set_mime_data) X(cairo_surface_mark_dirty) X(cairo_set_source_surface) X(cairo_rectangle)         \
    X(cairo_fill) X(cairo_clip) X(cairo_paint) X(cairo_save) X(cairo_restore) X(cairo_translate) X(cairo_scale)        \
    X(cairo_show_page) X(cairo_status) X(cairo_surface_finish)                                                        \
    X(FcPatternCreate) X(FcPatternAddCharSet) X(FcPatternDestroy) X(FcCharSetCreate) X(FcCharSetAddChar) \
    X(FcCharSetDestroy) X(FcObjectSetCreate) X(FcObjectSetAdd) X(FcObjectSetDestroy) X(FcFontList)      \
    X(FcFontSetDestroy) X(FcConfigCreate) X(FcConfigParseAndLoadFromMemory) X(FcConfigBuildFonts)       \
    X(FcConfigSetCurrent) X(FcConfigDestroy)

#endif

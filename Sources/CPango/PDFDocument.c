#include "CPango.h"

#include "TextAPI.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct booktag_pdf {
    cairo_surface_t *surface;
    cairo_t *cr;
    int descriptor;
    int failed;  // a write failed
    // The images placed, kept until the document is finished: cairo's page records a
    // copy-on-write snapshot of each, and destroying an image earlier would make cairo copy its
    // pixels (for a JPEG, calloc'd pages no one touched: hundreds of megabytes on a poster).
    cairo_surface_t **images;
    size_t imageCount, imageCapacity;
};

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    booktag_pdf *pdf = closure;
    while (length > 0) {
        ssize_t written = write(pdf->descriptor, data, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            pdf->failed = 1;
            return CAIRO_STATUS_WRITE_ERROR;
        }
        data += written;
        length -= (unsigned int)written;
    }
    return CAIRO_STATUS_SUCCESS;
}

booktag_pdf *booktag_pdf_create(int descriptor, double width, double height, double unitsPerInch, const char *title) {
    if (booktag_text_load() != 0 || width <= 0 || height <= 0 || unitsPerInch <= 0) return NULL;
    booktag_pdf *pdf = calloc(1, sizeof *pdf);
    if (pdf == NULL) return NULL;
    pdf->descriptor = descriptor;
    double points = 72 / unitsPerInch;
    pdf->surface = api.cairo_pdf_surface_create_for_stream(append, pdf, width * points, height * points);
    if (api.cairo_surface_status(pdf->surface) != CAIRO_STATUS_SUCCESS) {
        api.cairo_surface_destroy(pdf->surface);
        free(pdf);
        return NULL;
    }
    // PDF 1.4: a plain cross-reference table and no object streams, so the page's boxes can be
    // added afterwards (cairo writes none); every print shop's RIP reads 1.4.
    api.cairo_pdf_surface_restrict_to_version(pdf->surface, CAIRO_PDF_VERSION_1_4);
    if (title) api.cairo_pdf_surface_set_metadata(pdf->surface, CAIRO_PDF_METADATA_TITLE, title);
    api.cairo_pdf_surface_set_metadata(pdf->surface, CAIRO_PDF_METADATA_CREATOR, "booktag");
    pdf->cr = api.cairo_create(pdf->surface);
    api.cairo_scale(pdf->cr, points, points);
    return pdf;
}

void booktag_pdf_fill(booktag_pdf *pdf, double x, double y, double width, double height, int red, int green, int blue) {
    api.cairo_set_source_rgba(pdf->cr, red / 255.0, green / 255.0, blue / 255.0, 1);
    api.cairo_rectangle(pdf->cr, x, y, width, height);
    api.cairo_fill(pdf->cr);
}

// Paints `image` (pixelWidth × pixelHeight) into `place`, clipped to `clip`.
static int place_image(booktag_pdf *pdf, cairo_surface_t *image, int pixelWidth, int pixelHeight, const double place[4],
                       const double clip[4]) {
    cairo_t *cr = pdf->cr;
    api.cairo_save(cr);
    api.cairo_rectangle(cr, clip[0], clip[1], clip[2], clip[3]);
    api.cairo_clip(cr);
    api.cairo_translate(cr, place[0], place[1]);
    api.cairo_scale(cr, place[2] / pixelWidth, place[3] / pixelHeight);
    api.cairo_set_source_surface(cr, image, 0, 0);
    api.cairo_paint(cr);
    api.cairo_restore(cr);
    if (pdf->imageCount == pdf->imageCapacity) {
        size_t capacity = pdf->imageCapacity ? pdf->imageCapacity * 2 : 64;
        cairo_surface_t **grown = realloc(pdf->images, capacity * sizeof *grown);
        if (grown == NULL) {
            api.cairo_surface_destroy(image);
            return -1;
        }
        pdf->images = grown;
        pdf->imageCapacity = capacity;
    }
    pdf->images[pdf->imageCount++] = image;
    return api.cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

static int set_unique_id(cairo_surface_t *image, const char *uniqueID) {
    if (uniqueID == NULL) return 0;
    size_t length = strlen(uniqueID);
    unsigned char *copy = malloc(length + 1);
    if (copy == NULL) return -1;
    memcpy(copy, uniqueID, length + 1);
    return api.cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_UNIQUE_ID, copy, length, free, copy) == 0 ? 0 : -1;
}

int booktag_pdf_jpeg(booktag_pdf *pdf, const unsigned char *bytes, size_t length, int pixelWidth, int pixelHeight,
                     const char *uniqueID, const double place[4], const double clip[4]) {
    if (pixelWidth <= 0 || pixelHeight <= 0 || length == 0) return -1;
    // The surface's pixels are never drawn, only its JPEG: calloc'd pages nobody touches
    // cost no memory.
    cairo_surface_t *image = api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight);
    unsigned char *copy = malloc(length);
    if (api.cairo_surface_status(image) != CAIRO_STATUS_SUCCESS || copy == NULL) {
        free(copy);
        api.cairo_surface_destroy(image);
        return -1;
    }
    memcpy(copy, bytes, length);
    if (api.cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, copy, length, free, copy) != 0) {
        free(copy);
        api.cairo_surface_destroy(image);
        return -1;
    }
    if (set_unique_id(image, uniqueID) != 0) {
        api.cairo_surface_destroy(image);
        return -1;
    }
    return place_image(pdf, image, pixelWidth, pixelHeight, place, clip);
}

int booktag_pdf_pixels(booktag_pdf *pdf, const int32_t *const *rows, int pixelWidth, int pixelHeight,
                       const char *uniqueID, const double place[4], const double clip[4]) {
    if (pixelWidth <= 0 || pixelHeight <= 0 || rows == NULL) return -1;
    cairo_surface_t *image = api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight);
    if (api.cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        api.cairo_surface_destroy(image);
        return -1;
    }
    api.cairo_surface_flush(image);
    unsigned char *data = api.cairo_image_surface_get_data(image);
    int stride = api.cairo_image_surface_get_stride(image);
    // 0x00RRGGBB in native order is cairo's RGB24.
    for (int y = 0; y < pixelHeight; y++) memcpy(data + (size_t)y * stride, rows[y], (size_t)pixelWidth * 4);
    api.cairo_surface_mark_dirty(image);
    if (set_unique_id(image, uniqueID) != 0) {
        api.cairo_surface_destroy(image);
        return -1;
    }
    return place_image(pdf, image, pixelWidth, pixelHeight, place, clip);
}

int booktag_pdf_text(booktag_pdf *pdf, const char *text, const char *family, double pixels, int maxLines, int align,
                     int centered, const double box[4], int red, int green, int blue) {
    if (text == NULL || box[2] < 1 || pixels <= 0) return -1;
    pthread_mutex_lock(&booktag_text_lock);
    PangoLayout *layout = booktag_text_new_layout(text, family, pixels, (int)box[2], maxLines, align);
    if (layout == NULL) {
        pthread_mutex_unlock(&booktag_text_lock);
        return -1;
    }
    PangoRectangle ink, logical;
    api.pango_layout_get_pixel_extents(layout, &ink, &logical);
    double top = box[1];
    if (centered && logical.height < box[3]) top += (int)((box[3] - logical.height) / 2);
    cairo_t *cr = pdf->cr;
    api.cairo_save(cr);
    api.cairo_rectangle(cr, box[0], box[1], box[2], box[3]);
    api.cairo_clip(cr);
    api.cairo_set_source_rgba(cr, red / 255.0, green / 255.0, blue / 255.0, 1);
    api.cairo_move_to(cr, box[0], top);
    api.pango_cairo_show_layout(cr, layout);
    api.cairo_restore(cr);
    int unknown = api.pango_layout_get_unknown_glyphs_count(layout);
    api.g_object_unref(layout);
    pthread_mutex_unlock(&booktag_text_lock);
    return unknown;
}

int booktag_pdf_finish(booktag_pdf *pdf) {
    api.cairo_show_page(pdf->cr);
    int status = api.cairo_status(pdf->cr);
    api.cairo_destroy(pdf->cr);
    api.cairo_surface_finish(pdf->surface);
    if (status == CAIRO_STATUS_SUCCESS) status = api.cairo_surface_status(pdf->surface);
    api.cairo_surface_destroy(pdf->surface);
    for (size_t i = 0; i < pdf->imageCount; i++) api.cairo_surface_destroy(pdf->images[i]);
    free(pdf->images);
    int result = status == CAIRO_STATUS_SUCCESS && !pdf->failed ? 0 : -1;
    free(pdf);
    return result;
}

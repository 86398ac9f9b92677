#ifndef BOOKTAG_CPANGO_H
#define BOOKTAG_CPANGO_H

#include <stddef.h>
#include <stdint.h>

// Text for collage images, shaped by Pango (HarfBuzz underneath: Arabic joins, Devanagari
// clusters, right-to-left runs read right to left) with fonts found by fontconfig for each run
// of text by the glyphs it needs. libgd cannot do this: Debian builds it without libraqm.
//
// Pango, cairo and fontconfig are opened on first use (see CLazyLibrary.h), so commands that
// draw nothing do not load them. The functions used are declared in TextLibraries.h as the
// libraries declare them, so the build needs none of their -dev packages.

// 0 once the libraries are loaded (a second call is free); -1 if they cannot be, with the
// reason in booktag_text_error().
int booktag_text_load(void);
// Before the first booktag_text_load: fontconfig is to write the caches it makes (when a font
// folder's cache is stale) into `folder` rather than ~/.cache/fontconfig or /var/cache/fontconfig.
// The first folder given is kept; later calls, and calls after loading, change nothing.
void booktag_text_set_cache_folder(const char *folder);
const char *booktag_text_error(void);

// A block of text laid out in a box `width` pixels wide: its coverage (8-bit alpha, `stride`
// bytes a row), and where it sits. The block's logical box is `width × height` from its origin;
// the coverage image starts at (`left`, `top`) from that origin, which may be negative when
// ink (an accent, a swash) reaches outside the box.
typedef struct {
    int width, height;     // the logical box: `width` as asked, `height` of the lines laid out
    int left, top;         // where the coverage image starts, from the box's origin
    int pixelWidth, pixelHeight, stride;
    unsigned char *alpha;  // NULL when only measured
    int baseline;          // from the top of the box to the first line's baseline
    int lines;             // lines laid out
    int inkWidth;          // the widest line's logical width
    int unknownGlyphs;     // characters no font had, drawn as boxes
} booktag_text_block;

// Lays out UTF-8 `text` in `family` ("Sans", "Sans Bold") at `pixels` pixels, wrapped to
// `width` pixels and at most `maxLines` lines (the last ends in an ellipsis when text is left
// over); `align` 0 start, 1 centre, 2 end. Draws the coverage when `draw` is non-zero.
// Returns 0, or -1 (library not loaded, out of memory).
int booktag_text_layout(const char *text, const char *family, double pixels, int width, int maxLines, int align, int draw,
                        booktag_text_block *block);
void booktag_text_block_free(booktag_text_block *block);
// 1 when `text` wraps to `width` pixels at line breaks alone (between words, or between the
// characters of scripts such as Chinese that break there), 0 when some word is wider than
// `width` and would be cut inside; -1 when not loaded.
int booktag_text_words_fit(const char *text, const char *family, double pixels, int width);

// 1 when some installed font has a glyph for `codepoint`, 0 when none has, -1 when unknown.
int booktag_text_font_covers(uint32_t codepoint);

// A one-page PDF drawn through cairo's PDF surface, written to a file as it is drawn (the
// covers' bytes are never all held at once). Coordinates are in
// units of 1/`unitsPerInch` inch from the page's top left; colours are 0–255.
typedef struct booktag_pdf booktag_pdf;

// A page `width` × `height` units, written to `descriptor`; NULL when Pango and cairo are not
// loaded or out of memory. `title` goes into the document's information.
booktag_pdf *booktag_pdf_create(int descriptor, double width, double height, double unitsPerInch, const char *title);
void booktag_pdf_fill(booktag_pdf *pdf, double x, double y, double width, double height, int red, int green, int blue);
// A JPEG's own bytes (copied), `pixelWidth` × `pixelHeight`, placed in `place` and clipped to
// `clip` ({x, y, width, height}). The PDF holds the bytes as they are (DCTDecode), once for each
// `uniqueID`. Returns 0, or -1.
int booktag_pdf_jpeg(booktag_pdf *pdf, const unsigned char *bytes, size_t length, int pixelWidth, int pixelHeight,
                     const char *uniqueID, const double place[4], const double clip[4]);
// Decoded 0x00RRGGBB rows, stored losslessly, placed and clipped likewise. Returns 0, or -1.
int booktag_pdf_pixels(booktag_pdf *pdf, const int32_t *const *rows, int pixelWidth, int pixelHeight,
                       const char *uniqueID, const double place[4], const double clip[4]);
// Text laid out as booktag_text_layout lays it out in a box at `box` ({x, y, width, height}),
// vertically centred when `centered`, as vector outlines with the fonts embedded, clipped to
// the box. Returns characters no font had, or -1.
int booktag_pdf_text(booktag_pdf *pdf, const char *text, const char *family, double pixels, int maxLines, int align,
                     int centered, const double box[4], int red, int green, int blue);
// Ends the page and the document: 0 when every byte was written, else -1. Frees `pdf` either
// way; the descriptor stays open.
int booktag_pdf_finish(booktag_pdf *pdf);

#endif

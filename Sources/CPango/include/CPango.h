#ifndef BOOKTAG_CPANGO_H
#define BOOKTAG_CPANGO_H

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

// 1 when some installed font has a glyph for `codepoint`, 0 when none has, -1 when unknown.
int booktag_text_font_covers(uint32_t codepoint);

#endif

#ifndef BOOKTAG_CIMAGECODEC_H
#define BOOKTAG_CIMAGECODEC_H

// The pixel work of a collage that libgd does slowly or not at all: PNG and JPEG writing with
// chosen settings, JPEG reading at a reduced DCT scale, and scaling. Pixels are libgd's
// true-colour ints (0x00RRGGBB), reached through row pointers as libgd keeps them.

#include <stddef.h>

/// Encodes true-colour pixel rows (each pixel 0x00RRGGBB, as libgd keeps them) as an RGB PNG
/// with the given zlib level and libpng filter mask (PNG_FILTER_NONE 0x08, SUB 0x10, UP 0x20,
/// AVG 0x40, PAETH 0x80). libgd offers only the level; the filter decides much of the cost.
/// Returns a buffer to release with booktag_png_free, its length in *size; NULL on failure.
unsigned char *booktag_png_encode(const int *const *rows, int width, int height, int level, int filters, size_t *size);

void booktag_png_free(unsigned char *buffer);

/// Pixels decoded by booktag_jpeg_decode: `rows[y]` points at row y of one block.
typedef struct {
    int width, height;
    int **rows;
} booktag_pixels;

/// Decodes a baseline or progressive JPEG (grey, YCbCr or RGB) at the smallest DCT scale
/// (n/8, libjpeg-turbo) that still gives at least `minWidth` × `minHeight`: a 300×450 cover
/// meant for a 200×300 cell is decoded at 6/8, cheaper and closer to its size. Images of more
/// than `maxPixels` are refused before any pixel is decoded. Returns 0, or -1 (not a JPEG
/// libjpeg can read, CMYK, too large, out of memory) with `image` untouched.
int booktag_jpeg_decode(const unsigned char *data, size_t size, int minWidth, int minHeight, long maxPixels, booktag_pixels *image);
void booktag_pixels_free(booktag_pixels *image);

/// Encodes rows of true-colour pixels as a baseline JPEG (4:2:0) at `quality`; `fastDCT`
/// picks libjpeg's fast integer DCT. Returns a buffer to release with booktag_jpeg_free.
unsigned char *booktag_jpeg_encode(const int *const *rows, int width, int height, int quality, int fastDCT, size_t *size);
void booktag_jpeg_free(unsigned char *buffer);

/// Scales the `sw` × `sh` rectangle at (`sx`, `sy`) of `source` to `dw` × `dh` pixels written
/// at (`dx`, `dy`) into `destination`: averaged over whole-pixel boxes first when shrinking by
/// two or more, then bilinear. The caller keeps both rectangles inside their images.
/// Returns 0, or -1 when out of memory.
int booktag_scale(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh);

#endif

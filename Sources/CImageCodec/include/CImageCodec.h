#ifndef BOOKTAG_CIMAGECODEC_H
#define BOOKTAG_CIMAGECODEC_H

// The pixel work of a collage: PNG and JPEG writing with chosen settings, PNG reading, JPEG
// reading at a reduced DCT scale, and scaling. Pixels are ints 0x00RRGGBB (bytes B, G, R, X on
// a little-endian machine), reached through row pointers.

#include <stddef.h>
/// The PNG writer's `level` for its own run-length coder instead of libdeflate: each byte a
/// literal or a run of the one before, as zlib's Z_RLE; twice libdeflate's level-1 speed on a
/// collage, for a tenth more bytes.
enum { BOOKTAG_PNG_RUN_LENGTH = -1 };

/// Encodes pixel rows (each pixel 0x00RRGGBB) as an 8-bit RGB PNG with the given libdeflate
/// level (0-12, or BOOKTAG_PNG_RUN_LENGTH) and row filters (NONE 0x08, SUB 0x10, UP 0x20, AVERAGE 0x40, PAETH 0x80; with
/// several, each row takes the one with the least sum of absolute values). The filter and the
/// level decide the cost.
/// `strips` strips of rows (0: one a core, each at least 64 rows; at most 8) are filtered and
/// deflated at once by the writer's threads, one a core (see PNGEncoder.c).
/// Returns a buffer to release with booktag_png_free, its length in *size; NULL on failure.
unsigned char *booktag_png_encode(const int *const *rows, int width, int height, int level, int filters, int strips, size_t *size);

void booktag_png_free(unsigned char *buffer);

/// The same PNG written band by band, so that a tall image need never be held whole:
/// booktag_png_begin, then booktag_png_append for each run of rows from the top down (each run
/// cut into strips as booktag_png_encode cuts its rows), then booktag_png_finish, which returns
/// the file as booktag_png_encode does and releases the writer; booktag_png_abandon releases it
/// instead. One append of every row gives booktag_png_encode's bytes.
typedef struct booktag_png_writer booktag_png_writer;
booktag_png_writer *booktag_png_begin(int width, int height, int level, int filters, int strips);
/// Returns once the rows are filtered: the caller may change them while the writer's threads go
/// on deflating them. Returns 0, or -1 when the writer has failed, on these rows or earlier ones
/// (it then only finishes with NULL).
int booktag_png_append(booktag_png_writer *writer, const int *const *rows, int height);
unsigned char *booktag_png_finish(booktag_png_writer *writer, size_t *size);
void booktag_png_abandon(booktag_png_writer *writer);
/// For a caller that writes the file out as it comes: the bytes made since the writer began or
/// since the last booktag_png_taken (the signature and header, then an IDAT chunk a strip), their
/// length in *size; valid until the next call on the writer. booktag_png_taken drops them, and
/// finish then returns only the rest.
const unsigned char *booktag_png_pending(const booktag_png_writer *writer, size_t *size);
void booktag_png_taken(booktag_png_writer *writer);

/// Pixels decoded by booktag_jpeg_decode: `rows[y]` points at row y of one block.
typedef struct {
    int width, height;
    int **rows;
} booktag_pixels;

/// Decodes a baseline or progressive JPEG (grey, YCbCr, RGB, CMYK or YCCK) at the smallest DCT scale
/// (n/8, libjpeg-turbo) that still gives at least `minWidth` × `minHeight`: a 300×450 cover
/// meant for a 200×300 cell is decoded at 6/8, cheaper and closer to its size. Images of more
/// than `maxPixels` are refused before any pixel is decoded. Returns 0, or -1 (not a JPEG
/// libjpeg can read, too large, out of memory) with `image` untouched.
int booktag_jpeg_decode(const unsigned char *data, size_t size, int minWidth, int minHeight, long maxPixels, booktag_pixels *image);
void booktag_pixels_free(booktag_pixels *image);

/// Decodes any PNG (palette, grey, 16-bit, interlaced) to 0x00RRGGBB rows, transparency laid
/// over white. Images of more than `maxPixels` are refused before any pixel is decoded.
/// Returns 0, or -1 (not a PNG libpng can read, too large, out of memory) with `image` untouched.
int booktag_png_decode(const unsigned char *data, size_t size, long maxPixels, booktag_pixels *image);

/// Encodes rows of true-colour pixels as a baseline JPEG (4:2:0) at `quality`; `fastDCT`
/// picks libjpeg's fast integer DCT. Returns a buffer to release with booktag_jpeg_free.
unsigned char *booktag_jpeg_encode(const int *const *rows, int width, int height, int quality, int fastDCT, int optimize, size_t *size);
void booktag_jpeg_free(unsigned char *buffer);

/// The same JPEG written band by band: libjpeg takes scanlines as they come, so the bytes are
/// booktag_jpeg_encode's whatever the bands. With optimised Huffman tables libjpeg itself keeps
/// the image's DCT coefficients until the end (about 3 bytes a pixel at 4:2:0).
typedef struct booktag_jpeg_writer booktag_jpeg_writer;
booktag_jpeg_writer *booktag_jpeg_begin(int width, int height, int quality, int fastDCT, int optimize);
int booktag_jpeg_append(booktag_jpeg_writer *writer, const int *const *rows, int height);
unsigned char *booktag_jpeg_finish(booktag_jpeg_writer *writer, size_t *size);
void booktag_jpeg_abandon(booktag_jpeg_writer *writer);

/// Scales the `sw` × `sh` rectangle at (`sx`, `sy`) of `source` to `dw` × `dh` pixels written
/// at (`dx`, `dy`) into `destination`: averaged over whole-pixel boxes first when shrinking by
/// two or more, then bilinear. The caller keeps both rectangles inside their images; a NULL
/// destination row is skipped (a band drawn alone).
/// Returns 0, or -1 when out of memory.
int booktag_scale(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh);

/// The factor booktag_scale first averages by: the whole number of source pixels per
/// destination pixel along the shorter way (below 2: none, interpolation alone).
int booktag_scale_factor(int sw, int sh, int dw, int dh);

/// booktag_scale's first step alone: the rectangle averaged over `factor` × `factor` boxes
/// (a remainder of less than a box is left out) into new rows, freed with booktag_pixels_free.
int booktag_box_reduce(const int *const *source, int sx, int sy, int sw, int sh, int factor, booktag_pixels *image);

/// booktag_scale's last step alone: bilinear interpolation, for rows booktag_box_reduce or
/// booktag_png_decode_reduced already averaged (booktag_scale would average them again).
int booktag_interpolate(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh);

/// A PNG's `sw` × `sh` rectangle at (`sx`, `sy`), decoded and averaged by `factor` as it is read,
/// so that the whole image is never held: the pixels of booktag_png_decode then
/// booktag_box_reduce. Returns 0, or -1 (not a PNG libpng can read, more than `maxPixels`, a
/// rectangle outside it, out of memory) with `image` untouched.
int booktag_png_decode_reduced(const unsigned char *data, size_t size, long maxPixels, int sx, int sy, int sw, int sh,
                               int factor, booktag_pixels *image);

#endif

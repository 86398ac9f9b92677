#include <stdlib.h>
#include <string.h>
#include "CImageCodec.h"
#include "Pixels.h"
#include <png.h>

// libpng's simplified API reads any PNG (palette, grey, 16-bit, interlaced, with or without
// alpha) as 8-bit BGRA, which on a little-endian machine is one 0xAARRGGBB int a pixel.
int booktag_png_decode(const unsigned char *data, size_t size, long maxPixels, booktag_pixels *image) {
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&png, data, size)) return -1;
    if (png.width == 0 || png.height == 0 || (long)png.width * (long)png.height > maxPixels) {
        png_image_free(&png);
        return -1;
    }
    png.format = PNG_FORMAT_BGRA;
    int width = (int)png.width, height = (int)png.height;
    int **rows = malloc(sizeof(int *) * (size_t)height);
    int *block = malloc(sizeof(int) * (size_t)width * (size_t)height);
    if (!rows || !block) {
        free(rows);
        free(block);
        png_image_free(&png);
        return -1;
    }
    if (!png_image_finish_read(&png, NULL, block, (png_int_32)(sizeof(int) * (size_t)width), NULL)) {
        free(rows);
        free(block);
        png_image_free(&png);
        return -1;
    }
    // Covers are opaque paper: transparency is laid over white.
    for (size_t i = 0, count = (size_t)width * (size_t)height; i < count; i++) block[i] = booktag_over_white((unsigned)block[i]);
    for (int y = 0; y < height; y++) rows[y] = block + (size_t)y * (size_t)width;
    image->width = width;
    image->height = height;
    image->rows = rows;
    return 0;
}

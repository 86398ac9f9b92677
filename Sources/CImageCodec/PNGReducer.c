#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "CImageCodec.h"
#include "Pixels.h"
#include <png.h>

// A PNG cover shrunk by a whole factor while it is read, row by row: a 1200 × 1800 cover meant
// for a 200 × 300 cell never holds its 8.6 MB of pixels, only one row and the reduced block
// (what keeps `booktag serve` small while an import draws its collages). The pixels equal
// booktag_png_decode's followed by booktag_box_reduce's (the same compositing and averaging, from
// Pixels.h). Files whose rows libpng's simplified reader would change (16-bit samples,
// interlacing, a gamma other than sRGB's) are decoded whole instead, then reduced the same way.

typedef struct {
    const unsigned char *data;
    size_t size, offset;
} memory_source;

static void read_memory(png_structp png, png_bytep out, size_t count) {
    memory_source *source = png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "truncated");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void quiet_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void fail_with_jump(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

// The whole-image path: the same pixels, the same averaging.
static int reduce_decoded(const unsigned char *data, size_t size, long maxPixels, int sx, int sy, int sw, int sh,
                          int factor, booktag_pixels *image) {
    booktag_pixels whole = {0};
    if (booktag_png_decode(data, size, maxPixels, &whole) != 0) return -1;
    int status = -1;
    if (sx >= 0 && sy >= 0 && sw > 0 && sh > 0 && sx + sw <= whole.width && sy + sh <= whole.height) {
        status = booktag_box_reduce((const int *const *)whole.rows, sx, sy, sw, sh, factor, image);
    }
    booktag_pixels_free(&whole);
    return status;
}

int booktag_png_decode_reduced(const unsigned char *data, size_t size, long maxPixels, int sx, int sy, int sw, int sh,
                               int factor, booktag_pixels *image) {
    if (factor < 1 || sw / factor < 1 || sh / factor < 1) return -1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, fail_with_jump, quiet_warning);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    memory_source source = {data, size, 0};
    // Everything a longjmp may leave behind is reached through these (volatile: set after setjmp).
    unsigned char *volatile row = NULL;
    unsigned *volatile sums = NULL;
    int *volatile block = NULL;
    int **volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(row);
        free(sums);
        free(block);
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, read_memory);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
    png_fixed_point gamma = 0;  // 45455: 1/2.2, sRGB's, which the simplified reader leaves as it is
    int changed = depth > 8 || png_get_interlace_type(png, info) != PNG_INTERLACE_NONE ||
                  (png_get_gAMA_fixed(png, info, &gamma) && gamma != 45455);
    if (width == 0 || height == 0 || (long)width * (long)height > maxPixels || sx < 0 || sy < 0 ||
        (long)sx + sw > (long)width || (long)sy + sh > (long)height) {
        png_longjmp(png, 1);
    }
    if (changed) {
        png_destroy_read_struct(&png, &info, NULL);
        return reduce_decoded(data, size, maxPixels, sx, sy, sw, sh, factor, image);
    }
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);  // an opaque alpha where the file has none
    png_set_bgr(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_destroy_read_struct(&png, &info, NULL);
        return reduce_decoded(data, size, maxPixels, sx, sy, sw, sh, factor, image);
    }

    int w = sw / factor, h = sh / factor;
    unsigned area = (unsigned)(factor * factor);
    row = malloc((size_t)width * 4);
    sums = calloc((size_t)w * 3, sizeof(unsigned));
    block = malloc(sizeof(int) * (size_t)w * (size_t)h);
    rows = malloc(sizeof(int *) * (size_t)h);
    if (!row || !sums || !block || !rows) png_longjmp(png, 1);
    // The part of a row that is drawn, laid over white in place: each pixel's four bytes become
    // its int (the same bytes read as BGRA on a little-endian machine).
    int *part = (int *)(void *)row;
    int last = sy + h * factor;  // rows past the last whole box are not read
    for (int y = 0; y < last; y++) {
        png_read_row(png, row, NULL);
        if (y < sy) continue;
        const unsigned char *pixels = row + (size_t)sx * 4;
        for (int x = 0; x < w * factor; x++) {
            const unsigned char *p = pixels + (size_t)x * 4;
            part[x] = booktag_over_white((unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24);
        }
        booktag_box_add_row(sums, part, w, factor);
        if ((y - sy) % factor == factor - 1) {
            booktag_box_finish_row(sums, block + (size_t)((y - sy) / factor) * (size_t)w, w, area);
        }
    }
    for (int y = 0; y < h; y++) rows[y] = block + (size_t)y * (size_t)w;
    free(row);
    free(sums);
    png_destroy_read_struct(&png, &info, NULL);
    image->width = w;
    image->height = h;
    image->rows = rows;
    return 0;
}

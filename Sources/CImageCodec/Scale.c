#include <stdint.h>
#include <stdlib.h>
#include "CImageCodec.h"
#include "Pixels.h"

// Averages `factor` × `factor` boxes of the source rectangle into a new block of rows.
static int *box_reduce(const int *const *source, int sx, int sy, int sw, int sh, int factor, int *width, int *height) {
    int w = sw / factor, h = sh / factor;
    int *out = malloc(sizeof(int) * (size_t)w * (size_t)h);
    unsigned *sums = calloc((size_t)w * 3, sizeof(unsigned));
    if (!out || !sums) {
        free(out);
        free(sums);
        return NULL;
    }
    unsigned area = (unsigned)(factor * factor);
    for (int y = 0; y < h; y++) {
        for (int j = 0; j < factor; j++) booktag_box_add_row(sums, source[sy + y * factor + j] + sx, w, factor);
        booktag_box_finish_row(sums, out + (size_t)y * (size_t)w, w, area);
    }
    free(sums);
    *width = w;
    *height = h;
    return out;
}

// p and q mixed as (256 - f) : f, f in 0...256, red and blue in one multiply, green in another
// (each channel's product stays inside its own 16 bits), rounded.
static inline uint32_t mix(uint32_t p, uint32_t q, uint32_t f) {
    uint32_t rb = (((p & 0xFF00FFu) * (256 - f) + (q & 0xFF00FFu) * f + 0x800080u) >> 8) & 0xFF00FFu;
    uint32_t g = (((p & 0x00FF00u) * (256 - f) + (q & 0x00FF00u) * f + 0x008000u) >> 8) & 0x00FF00u;
    return rb | g;
}

// Bilinear interpolation in 8-bit fixed point, sampling pixel centres. Destination rows that are
// NULL are left out: a collage drawn band by band has only its band's rows.
static int bilinear(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh) {
    int *x0 = malloc(sizeof(int) * (size_t)dw * 3);
    if (!x0) return -1;
    int *x1 = x0 + dw, *wx = x0 + 2 * dw;
    for (int x = 0; x < dw; x++) {
        long position = ((2L * x + 1) * sw * 256) / (2L * dw) - 128;  // 1/256 of a pixel
        if (position < 0) position = 0;
        int left = (int)(position >> 8);
        if (left >= sw - 1) {
            x0[x] = x1[x] = sw - 1;
            wx[x] = 0;
        } else {
            x0[x] = left;
            x1[x] = left + 1;
            wx[x] = (int)(position & 0xFF);
        }
    }
    for (int y = 0; y < dh; y++) {
        if (!destination[dy + y]) continue;  // a row outside the band being drawn
        long position = ((2L * y + 1) * sh * 256) / (2L * dh) - 128;
        if (position < 0) position = 0;
        int top = (int)(position >> 8), wy = (int)(position & 0xFF);
        int bottom = top + 1;
        if (top >= sh - 1) {
            top = bottom = sh - 1;
            wy = 0;
        }
        const int *upper = source[sy + top] + sx, *lower = source[sy + bottom] + sx;
        int *target = destination[dy + y] + dx;
        for (int x = 0; x < dw; x++) {
            uint32_t fx = (uint32_t)wx[x];
            uint32_t above = mix((uint32_t)upper[x0[x]], (uint32_t)upper[x1[x]], fx);
            uint32_t below = mix((uint32_t)lower[x0[x]], (uint32_t)lower[x1[x]], fx);
            target[x] = (int)mix(above, below, (uint32_t)wy);
        }
    }
    free(x0);
    return 0;
}

int booktag_box_reduce(const int *const *source, int sx, int sy, int sw, int sh, int factor, booktag_pixels *image) {
    if (factor < 1 || sw / factor < 1 || sh / factor < 1) return -1;
    int width, height;
    int *reduced = box_reduce(source, sx, sy, sw, sh, factor, &width, &height);
    if (!reduced) return -1;
    int **rows = malloc(sizeof(int *) * (size_t)height);
    if (!rows) {
        free(reduced);
        return -1;
    }
    for (int y = 0; y < height; y++) rows[y] = reduced + (size_t)y * (size_t)width;
    image->width = width;
    image->height = height;
    image->rows = rows;
    return 0;
}

int booktag_interpolate(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return 0;
    return bilinear(source, sx, sy, sw, sh, destination, dx, dy, dw, dh);
}

int booktag_scale_factor(int sw, int sh, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return 1;
    return sw / dw < sh / dh ? sw / dw : sh / dh;
}

int booktag_scale(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return 0;
    int factor = booktag_scale_factor(sw, sh, dw, dh);
    if (factor < 2) return bilinear(source, sx, sy, sw, sh, destination, dx, dy, dw, dh);
    int width, height;
    int *reduced = box_reduce(source, sx, sy, sw, sh, factor, &width, &height);
    if (!reduced) return -1;
    const int **rows = malloc(sizeof(int *) * (size_t)height);
    if (!rows) {
        free(reduced);
        return -1;
    }
    for (int y = 0; y < height; y++) rows[y] = reduced + (size_t)y * (size_t)width;
    int result = bilinear(rows, 0, 0, width, height, destination, dx, dy, dw, dh);
    free(rows);
    free(reduced);
    return result;
}

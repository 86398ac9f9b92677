#include <stdlib.h>
#include "CImageCodec.h"

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
        for (int i = 0; i < w * 3; i++) sums[i] = 0;
        for (int j = 0; j < factor; j++) {
            const int *row = source[sy + y * factor + j] + sx;
            for (int x = 0; x < w; x++) {
                unsigned *sum = sums + 3 * x;
                for (int i = 0; i < factor; i++) {
                    int pixel = row[x * factor + i];
                    sum[0] += (pixel >> 16) & 0xFF;
                    sum[1] += (pixel >> 8) & 0xFF;
                    sum[2] += pixel & 0xFF;
                }
            }
        }
        int *target = out + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++) {
            unsigned *sum = sums + 3 * x;
            target[x] = (int)(((sum[0] / area) << 16) | ((sum[1] / area) << 8) | (sum[2] / area));
        }
    }
    free(sums);
    *width = w;
    *height = h;
    return out;
}

// Bilinear interpolation in 8-bit fixed point, sampling pixel centres.
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
            int a = upper[x0[x]], b = upper[x1[x]], c = lower[x0[x]], d = lower[x1[x]];
            int fx = wx[x], result = 0;
            for (int shift = 0; shift <= 16; shift += 8) {
                int top_value = (((a >> shift) & 0xFF) * (256 - fx) + ((b >> shift) & 0xFF) * fx);
                int bottom_value = (((c >> shift) & 0xFF) * (256 - fx) + ((d >> shift) & 0xFF) * fx);
                int value = (top_value * (256 - wy) + bottom_value * wy + 32768) >> 16;
                result |= value << shift;
            }
            target[x] = result;
        }
    }
    free(x0);
    return 0;
}

int booktag_scale(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return 0;
    int factor = sw / dw < sh / dh ? sw / dw : sh / dh;
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

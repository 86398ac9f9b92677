#include <stdint.h>
#include <stdlib.h>
#include "CImageCodec.h"
#include "Pixels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

#if defined(__SSE2__)
// mix() on four pixels at once, each channel in a 16-bit lane (no product or sum passes 65,408):
// `low` holds the weights f of the first two pixels, four lanes each, `high` those of the last two.
static inline __m128i mix4(__m128i p, __m128i q, __m128i low, __m128i high) {
    const __m128i full = _mm_set1_epi16(256), half = _mm_set1_epi16(128), zero = _mm_setzero_si128();
    __m128i first = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), _mm_sub_epi16(full, low)),
                                  _mm_mullo_epi16(_mm_unpacklo_epi8(q, zero), low));
    __m128i last = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), _mm_sub_epi16(full, high)),
                                 _mm_mullo_epi16(_mm_unpackhi_epi8(q, zero), high));
    first = _mm_srli_epi16(_mm_add_epi16(first, half), 8);
    last = _mm_srli_epi16(_mm_add_epi16(last, half), 8);
    return _mm_and_si128(_mm_packus_epi16(first, last), _mm_set1_epi32(0x00FFFFFF));
}
#endif

// Source row `row` mixed across to the destination's columns (`left`, `right`, `weight` of each;
// `lanes`: each weight four times over, for SSE2's 16-bit lanes).
static void mix_across(const int *row, const int *left, const int *right, const int *weight, const uint16_t *lanes, int dw,
                       uint32_t *out) {
    int x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= dw; x += 4) {
        __m128i p = _mm_set_epi32(row[left[x + 3]], row[left[x + 2]], row[left[x + 1]], row[left[x]]);
        __m128i q = _mm_set_epi32(row[right[x + 3]], row[right[x + 2]], row[right[x + 1]], row[right[x]]);
        __m128i low = _mm_loadu_si128((const __m128i *)(lanes + 4 * x)), high = _mm_loadu_si128((const __m128i *)(lanes + 4 * x + 8));
        _mm_storeu_si128((__m128i *)(out + x), mix4(p, q, low, high));
    }
#else
    (void)lanes;
#endif
    for (; x < dw; x++) out[x] = mix((uint32_t)row[left[x]], (uint32_t)row[right[x]], (uint32_t)weight[x]);
}

// Two rows mixed across, mixed down as (256 - f) : f into `target`, four pixels at a time where
// there is SSE2.
static void mix_down(const uint32_t *above, const uint32_t *below, uint32_t f, int *target, int dw) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i weight = _mm_set1_epi16((short)f);
    for (; x + 4 <= dw; x += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(above + x)), q = _mm_loadu_si128((const __m128i *)(below + x));
        _mm_storeu_si128((__m128i *)(target + x), mix4(p, q, weight, weight));
    }
#endif
    for (; x < dw; x++) target[x] = (int)mix(above[x], below[x], f);
}

// Bilinear interpolation in 8-bit fixed point, sampling pixel centres. Destination rows that are
// NULL are left out: a collage drawn band by band has only its band's rows. Each source row is
// mixed across once into one of two rows kept (the next destination row mostly needs one of the
// same two), then the pair is mixed down: the same pixels as mixing each destination pixel's four
// sources, in a quarter of the time.
static int bilinear(const int *const *source, int sx, int sy, int sw, int sh, int *const *destination, int dx, int dy, int dw, int dh) {
    // Each column's two sources and weight, the weight in four 16-bit lanes, two rows kept.
    int *x0 = malloc(sizeof(int) * (size_t)dw * 7);
    if (!x0) return -1;
    int *x1 = x0 + dw, *wx = x0 + 2 * dw;
    uint16_t *lanes = (uint16_t *)(x0 + 3 * dw);
    uint32_t *kept[2] = {(uint32_t *)(x0 + 5 * dw), (uint32_t *)(x0 + 6 * dw)};
    int keptRow[2] = {-1, -1};
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
        for (int lane = 0; lane < 4; lane++) lanes[4 * x + lane] = (uint16_t)wx[x];
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
        // The slot of each row: the one holding it, else one the other row does not need.
        int slots[2], rows[2] = {top, bottom};
        for (int i = 0; i < 2; i++) {
            int slot = keptRow[0] == rows[i] ? 0 : (keptRow[1] == rows[i] ? 1 : -1);
            if (slot < 0) {
                slot = (i == 1 && slots[0] == 0) || (i == 0 && keptRow[0] == bottom) ? 1 : 0;
                mix_across(source[sy + rows[i]] + sx, x0, x1, wx, lanes, dw, kept[slot]);
                keptRow[slot] = rows[i];
            }
            slots[i] = slot;
        }
        mix_down(kept[slots[0]], kept[slots[1]], (uint32_t)wy, destination[dy + y] + dx, dw);
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

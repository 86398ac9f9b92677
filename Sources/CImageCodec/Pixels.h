#ifndef BOOKTAG_CIMAGECODEC_PIXELS_H
#define BOOKTAG_CIMAGECODEC_PIXELS_H

// What PNG reading and box averaging share, whole image or row by row (not public API).

// 0xAARRGGBB (libpng's BGRA bytes read as one int) laid over white: covers are opaque paper.
static inline int booktag_over_white(unsigned pixel) {
    unsigned alpha = pixel >> 24;
    if (alpha == 255) return (int)(pixel & 0x00FFFFFF);
    unsigned white = 255 * (255 - alpha), result = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        unsigned value = (((pixel >> shift) & 0xFF) * alpha + white + 127) / 255;
        result |= value << shift;
    }
    return (int)result;
}

// Adds one source row's `w` boxes of `factor` pixels (from `row`, 0x00RRGGBB) to `sums`, three
// channels a box.
static inline void booktag_box_add_row(unsigned *sums, const int *row, int w, int factor) {
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

// Writes the `w` averaged pixels of a finished row of boxes to `target` and clears `sums`.
static inline void booktag_box_finish_row(unsigned *sums, int *target, int w, unsigned area) {
    for (int x = 0; x < w; x++) {
        unsigned *sum = sums + 3 * x;
        target[x] = (int)(((sum[0] / area) << 16) | ((sum[1] / area) << 8) | (sum[2] / area));
        sum[0] = sum[1] = sum[2] = 0;
    }
}

#endif

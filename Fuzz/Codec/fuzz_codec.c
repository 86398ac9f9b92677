// libFuzzer target for booktag's own pixel code (Sources/CImageCodec): a cover's bytes decoded
// as booktag decodes them (JPEG at a reduced DCT scale for the cell asked, PNG whole, both under
// booktag's 25-megapixel cap), then scaled into a cell the way the collage draws it (the whole
// image fitted, or its centre filling the cell; a PNG shrunk by two or more also averaged as it
// is read, which must give the same pixels), then the cell written back as PNG and JPEG.
//
// Input: byte 0 picks the decoder (even: JPEG, odd: PNG) and fit or fill; bytes 1-2 the cell's
// width and height (1-400 and 1-600 px, as collage cells and story tiles are); the rest is the
// image. Built by scripts/fuzz with clang -fsanitize=fuzzer,address,undefined.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CImageCodec.h"

/// CollageRenderer.maximumCoverPixels.
static const long maximumCoverPixels = 25000000;

static int **make_rows(int width, int height) {
    int **rows = malloc(sizeof(int *) * (size_t)height);
    int *pixels = calloc((size_t)width * (size_t)height, sizeof(int));
    if (!rows || !pixels) abort();
    for (int y = 0; y < height; y++) rows[y] = pixels + (size_t)y * (size_t)width;
    return rows;
}

static void free_rows(int **rows) {
    free(rows[0]);
    free(rows);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    const int png = data[0] & 1, fill = (data[0] >> 1) & 1;
    const int cellWidth = 1 + data[1] % 400, cellHeight = 1 + (data[2] * 3) % 600;
    data += 3;
    size -= 3;

    booktag_pixels image = {0};
    int status = png ? booktag_png_decode(data, size, maximumCoverPixels, &image)
                     : booktag_jpeg_decode(data, size, cellWidth, cellHeight, maximumCoverPixels, &image);
    if (status != 0) {
        // Refused: the image must be untouched.
        if (image.rows != NULL || image.width != 0 || image.height != 0) abort();
        return 0;
    }
    if (image.width <= 0 || image.height <= 0 || (long)image.width * image.height > maximumCoverPixels) abort();

    // The frame inside a canvas with a margin, as CollageRenderer.draw places it.
    const int margin = 3, canvasWidth = cellWidth + 2 * margin, canvasHeight = cellHeight + 2 * margin;
    int **canvas = make_rows(canvasWidth, canvasHeight);
    int sx = 0, sy = 0, sw = image.width, sh = image.height;
    int tx = margin, ty = margin, tw = cellWidth, th = cellHeight;
    if (fill) {
        double scale = (double)cellWidth / image.width > (double)cellHeight / image.height ? (double)cellWidth / image.width
                                                                                              : (double)cellHeight / image.height;
        sw = (int)(cellWidth / scale + 0.5);
        sh = (int)(cellHeight / scale + 0.5);
        if (sw < 1) sw = 1;
        if (sh < 1) sh = 1;
        if (sw > image.width) sw = image.width;
        if (sh > image.height) sh = image.height;
        sx = (image.width - sw) / 2;
        sy = (image.height - sh) / 2;
    } else {
        double scale = (double)cellWidth / image.width < (double)cellHeight / image.height ? (double)cellWidth / image.width
                                                                                              : (double)cellHeight / image.height;
        tw = (int)(image.width * scale + 0.5);
        th = (int)(image.height * scale + 0.5);
        if (tw < 1) tw = 1;
        if (th < 1) th = 1;
        if (tw > cellWidth) tw = cellWidth;
        if (th > cellHeight) th = cellHeight;
        tx = margin + (cellWidth - tw) / 2;
        ty = margin + (cellHeight - th) / 2;
    }
    if (booktag_scale((const int *const *)image.rows, sx, sy, sw, sh, canvas, tx, ty, tw, th) != 0) abort();
    // A PNG shrunk by two or more is drawn from rows averaged as they are read: the same pixels as
    // the whole image averaged.
    const int factor = booktag_scale_factor(sw, sh, tw, th);
    if (png && factor >= 2) {
        booktag_pixels whole = {0}, streamed = {0};
        if (booktag_box_reduce((const int *const *)image.rows, sx, sy, sw, sh, factor, &whole) != 0) abort();
        if (booktag_png_decode_reduced(data, size, maximumCoverPixels, sx, sy, sw, sh, factor, &streamed) != 0) abort();
        if (streamed.width != whole.width || streamed.height != whole.height) abort();
        for (int y = 0; y < whole.height; y++)
            if (memcmp(streamed.rows[y], whole.rows[y], sizeof(int) * (size_t)whole.width) != 0) abort();
        booktag_pixels_free(&whole);
        booktag_pixels_free(&streamed);
    }
    // Nothing outside the frame was written.
    for (int y = 0; y < canvasHeight; y++)
        for (int x = 0; x < canvasWidth; x++)
            if ((y < ty || y >= ty + th || x < tx || x >= tx + tw) && canvas[y][x] != 0) abort();

    size_t written = 0;
    // Whole in up to three strips (their DEFLATE streams joined), then in bands; the coder as the
    // input picks: the run-length coder (the default), libdeflate's fastest, level 2 and slowest
    // (joined by DeflateJoin.c).
    static const int levels[4] = {BOOKTAG_PNG_RUN_LENGTH, 1, 2, 12};
    int level = levels[size / 3 % 4];
    unsigned char *encoded = booktag_png_encode((const int *const *)canvas, canvasWidth, canvasHeight, level, 0x08 | 0x80, 1 + (int)(size % 3), &written);
    if (!encoded || written == 0) abort();
    booktag_pixels back = {0};
    if (booktag_png_decode(encoded, written, maximumCoverPixels, &back) != 0 || back.width != canvasWidth || back.height != canvasHeight) abort();
    for (int y = 0; y < canvasHeight; y++)  // PNG is lossless
        for (int x = 0; x < canvasWidth; x++)
            if ((back.rows[y][x] & 0xFFFFFF) != (canvas[y][x] & 0xFFFFFF)) abort();
    booktag_pixels_free(&back);
    booktag_png_free(encoded);
    // Written in two bands (cut at a row the input picks), the PNG reads back the same pixels
    // and the JPEG is the same bytes.
    int cut = 1 + (int)(size % (size_t)canvasHeight);
    if (cut >= canvasHeight) cut = canvasHeight - 1;
    if (cut > 0) {
        // The first band's bytes are taken as they come (as a collage streams them to its
        // file); finish gives the rest.
        booktag_png_writer *png = booktag_png_begin(canvasWidth, canvasHeight, level, 0x08 | 0x80, 0);
        if (!png || booktag_png_append(png, (const int *const *)canvas, cut) != 0) abort();
        size_t firstSize = 0;
        const unsigned char *first = booktag_png_pending(png, &firstSize);
        unsigned char *taken = malloc(firstSize);
        if (!first || !taken) abort();
        memcpy(taken, first, firstSize);
        booktag_png_taken(png);
        if (booktag_png_append(png, (const int *const *)canvas + cut, canvasHeight - cut) != 0) abort();
        size_t restSize = 0;
        unsigned char *rest = booktag_png_finish(png, &restSize);
        if (!rest) abort();
        size_t bandedSize = firstSize + restSize;
        unsigned char *banded = realloc(taken, bandedSize);
        if (!banded) abort();
        memcpy(banded + firstSize, rest, restSize);
        booktag_png_free(rest);
        booktag_pixels bandedBack = {0};
        if (booktag_png_decode(banded, bandedSize, maximumCoverPixels, &bandedBack) != 0) abort();
        for (int y = 0; y < canvasHeight; y++)
            for (int x = 0; x < canvasWidth; x++)
                if ((bandedBack.rows[y][x] & 0xFFFFFF) != (canvas[y][x] & 0xFFFFFF)) abort();
        booktag_pixels_free(&bandedBack);
        free(banded);
    }
    unsigned char *jpeg = booktag_jpeg_encode((const int *const *)canvas, canvasWidth, canvasHeight, 80, 1, 0, &written);
    if (!jpeg || written == 0) abort();
    if (cut > 0) {
        booktag_jpeg_writer *writer = booktag_jpeg_begin(canvasWidth, canvasHeight, 80, 1, 0);
        if (!writer || booktag_jpeg_append(writer, (const int *const *)canvas, cut) != 0 ||
            booktag_jpeg_append(writer, (const int *const *)canvas + cut, canvasHeight - cut) != 0) abort();
        size_t bandedSize = 0;
        unsigned char *banded = booktag_jpeg_finish(writer, &bandedSize);
        if (!banded || bandedSize != written || memcmp(banded, jpeg, written) != 0) abort();
        booktag_jpeg_free(banded);
    }
    booktag_jpeg_free(jpeg);

    free_rows(canvas);
    booktag_pixels_free(&image);
    return 0;
}

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CImageCodec.h"
#include <jpeglib.h>

// libjpeg reports fatal errors through error_exit, which must not return: jump back instead.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} ErrorManager;

static void on_error(j_common_ptr info) {
    longjmp(((ErrorManager *)info->err)->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static int **allocate_rows(int width, int height) {
    int **rows = malloc(sizeof(int *) * (size_t)height);
    int *block = malloc(sizeof(int) * (size_t)width * (size_t)height);
    if (!rows || !block) {
        free(rows);
        free(block);
        return NULL;
    }
    for (int y = 0; y < height; y++) rows[y] = block + (size_t)y * (size_t)width;
    return rows;
}

int booktag_jpeg_decode(const unsigned char *data, size_t size, int minWidth, int minHeight, long maxPixels, booktag_pixels *image) {
    struct jpeg_decompress_struct info;
    ErrorManager errors;
    int **volatile rows = NULL;
    volatile int height = 0;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        if (rows) {
            free(rows[0]);
            free(rows);
        }
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK || (long)info.image_width * (long)info.image_height > maxPixels ||
        (info.jpeg_color_space != JCS_GRAYSCALE && info.jpeg_color_space != JCS_YCbCr && info.jpeg_color_space != JCS_RGB &&
         info.jpeg_color_space != JCS_CMYK && info.jpeg_color_space != JCS_YCCK)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    // Adobe's applications write CMYK inverted (0 is full ink); others write it plain.
    int inverted = cmyk && info.saw_Adobe_marker;
    // The smallest of 8/8, 4/8, 2/8 and 1/8 that keeps both sides at least as large as asked (the
    // IDCT scales for free). Only those sizes have SIMD code in libjpeg-turbo: 6/8 or 7/8 run its
    // plain C IDCT (and 12×12 or 14×14 for subsampled chroma), slower than a full-size decode whose
    // rest booktag_scale takes off.
    unsigned int numerator = 8;
    while (numerator > 1 && (long)info.image_width * (numerator / 2) / 8 >= minWidth &&
           (long)info.image_height * (numerator / 2) / 8 >= minHeight) {
        numerator /= 2;
    }
    info.scale_num = numerator;
    info.scale_denom = 8;
    // BGRX on a little-endian machine is the canvas's 0x??RRGGBB int; the X byte is cleared below.
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    int width = (int)info.output_width;
    height = (int)info.output_height;
    rows = allocate_rows(width, height);
    if (!rows) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = (JSAMPROW)rows[info.output_scanline];
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    for (int y = 0; y < height; y++) {
        int *pixels = rows[y];
        if (!cmyk) {
            for (int x = 0; x < width; x++) pixels[x] &= 0x00FFFFFF;
            continue;
        }
        // C, M, Y, K bytes in place: red = (1 − C)(1 − K), and so on.
        const unsigned char *ink = (const unsigned char *)pixels;
        for (int x = 0; x < width; x++) {
            unsigned c = ink[4 * x], m = ink[4 * x + 1], yellow = ink[4 * x + 2], k = ink[4 * x + 3];
            if (!inverted) {
                c = 255 - c;
                m = 255 - m;
                yellow = 255 - yellow;
                k = 255 - k;
            }
            unsigned red = (c * k + 127) / 255, green = (m * k + 127) / 255, blue = (yellow * k + 127) / 255;
            pixels[x] = (int)((red << 16) | (green << 8) | blue);
        }
    }
    image->width = width;
    image->height = height;
    image->rows = rows;
    return 0;
}

void booktag_pixels_free(booktag_pixels *image) {
    if (image->rows) {
        free(image->rows[0]);
        free(image->rows);
    }
    image->rows = NULL;
}

// A JPEG being written: libjpeg's state, the buffer it writes into (jpeg_mem_dest keeps the
// addresses of `output` and `length`, so they live here), and whether it failed.
struct booktag_jpeg_writer {
    struct jpeg_compress_struct info;
    ErrorManager errors;
    unsigned char *output;
    unsigned long length;
    int failed;
};

booktag_jpeg_writer *booktag_jpeg_begin(int width, int height, int quality, int fastDCT, int optimize) {
    if (width <= 0 || height <= 0) return NULL;
    booktag_jpeg_writer *writer = calloc(1, sizeof *writer);
    if (!writer) return NULL;
    writer->info.err = jpeg_std_error(&writer->errors.base);
    writer->errors.base.error_exit = on_error;
    writer->errors.base.emit_message = on_message;
    if (setjmp(writer->errors.jump)) {
        jpeg_destroy_compress(&writer->info);
        free(writer->output);
        free(writer);
        return NULL;
    }
    jpeg_create_compress(&writer->info);
    jpeg_mem_dest(&writer->info, &writer->output, &writer->length);
    writer->info.image_width = (JDIMENSION)width;
    writer->info.image_height = (JDIMENSION)height;
    writer->info.input_components = 4;
    writer->info.in_color_space = JCS_EXT_BGRX;  // the canvas's ints, read as they are
    jpeg_set_defaults(&writer->info);
    jpeg_set_quality(&writer->info, quality, TRUE);
    writer->info.dct_method = fastDCT ? JDCT_IFAST : JDCT_ISLOW;
    writer->info.optimize_coding = optimize ? TRUE : FALSE;  // Huffman tables made for this image: a second pass
    jpeg_start_compress(&writer->info, TRUE);
    return writer;
}

int booktag_jpeg_append(booktag_jpeg_writer *writer, const int *const *rows, int height) {
    if (!writer || writer->failed || !rows || height <= 0 || (JDIMENSION)height > writer->info.image_height - writer->info.next_scanline) {
        if (writer) writer->failed = 1;
        return -1;
    }
    if (setjmp(writer->errors.jump)) {
        writer->failed = 1;
        return -1;
    }
    for (int y = 0; y < height; y++) {
        JSAMPROW row = (JSAMPROW)rows[y];
        jpeg_write_scanlines(&writer->info, &row, 1);
    }
    return 0;
}

unsigned char *booktag_jpeg_finish(booktag_jpeg_writer *writer, size_t *size) {
    if (!writer) return NULL;
    unsigned char *volatile bytes = NULL;
    if (!writer->failed && size && writer->info.next_scanline == writer->info.image_height) {
        if (setjmp(writer->errors.jump) == 0) {
            jpeg_finish_compress(&writer->info);
            bytes = writer->output;
            *size = writer->length;
            writer->output = NULL;
        }
    }
    booktag_jpeg_abandon(writer);
    return bytes;
}

void booktag_jpeg_abandon(booktag_jpeg_writer *writer) {
    if (!writer) return;
    jpeg_destroy_compress(&writer->info);
    free(writer->output);
    free(writer);
}

unsigned char *booktag_jpeg_encode(const int *const *rows, int width, int height, int quality, int fastDCT, int optimize, size_t *size) {
    if (!rows || !size) return NULL;
    booktag_jpeg_writer *writer = booktag_jpeg_begin(width, height, quality, fastDCT, optimize);
    if (!writer) return NULL;
    booktag_jpeg_append(writer, rows, height);
    return booktag_jpeg_finish(writer, size);
}

void booktag_jpeg_free(unsigned char *buffer) {
    free(buffer);
}

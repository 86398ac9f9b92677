#include <png.h>
#include <stdlib.h>
#include <string.h>
#include "CImageCodec.h"

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} Buffer;

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    Buffer *buffer = png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 256 * 1024;
        while (capacity < buffer->size + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void flush_bytes(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

unsigned char *booktag_png_encode(const int *const *rows, int width, int height, int level, int filters, size_t *size) {
    if (!rows || width <= 0 || height <= 0 || !size) return NULL;
    Buffer buffer = {NULL, 0, 0};
    unsigned char *row = malloc((size_t)width * 3);
    if (!row) return NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return NULL;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(buffer.data);
        return NULL;
    }
    png_set_write_fn(png, &buffer, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const int *pixels = rows[y];
        for (int x = 0; x < width; x++) {
            int pixel = pixels[x];
            row[3 * x] = (unsigned char)((pixel >> 16) & 0xFF);
            row[3 * x + 1] = (unsigned char)((pixel >> 8) & 0xFF);
            row[3 * x + 2] = (unsigned char)(pixel & 0xFF);
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *size = buffer.size;
    return buffer.data;
}

void booktag_png_free(unsigned char *buffer) {
    free(buffer);
}

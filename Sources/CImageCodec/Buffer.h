#ifndef BOOKTAG_CIMAGECODEC_BUFFER_H
#define BOOKTAG_CIMAGECODEC_BUFFER_H

#include <stdlib.h>
#include <string.h>

// A growing byte buffer, for the PNG writer and its deflate coder (not public API).

typedef struct {
    unsigned char *data;
    size_t size, capacity;
} Buffer;

static inline int reserve(Buffer *buffer, size_t extra) {
    if (buffer->size + extra <= buffer->capacity) return 0;
    size_t capacity = buffer->capacity ? buffer->capacity : 64 * 1024;
    while (capacity < buffer->size + extra) capacity *= 2;
    unsigned char *grown = realloc(buffer->data, capacity);
    if (!grown) return -1;
    buffer->data = grown;
    buffer->capacity = capacity;
    return 0;
}

static inline int append(Buffer *buffer, const void *bytes, size_t length) {
    if (reserve(buffer, length) != 0) return -1;
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
    return 0;
}

#endif

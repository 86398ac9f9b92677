#ifndef BOOKTAG_CPNGENCODER_H
#define BOOKTAG_CPNGENCODER_H

#include <stddef.h>

/// Encodes true-colour pixel rows (each pixel 0x00RRGGBB, as libgd keeps them) as an RGB PNG
/// with the given zlib level and libpng filter mask (PNG_FILTER_NONE 0x08, SUB 0x10, UP 0x20,
/// AVG 0x40, PAETH 0x80). libgd offers only the level; the filter decides much of the cost.
/// Returns a buffer to release with booktag_png_free, its length in *size; NULL on failure.
unsigned char *booktag_png_encode(const int *const *rows, int width, int height, int level, int filters, size_t *size);

void booktag_png_free(unsigned char *buffer);

#endif

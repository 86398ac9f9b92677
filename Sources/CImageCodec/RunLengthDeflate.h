#ifndef BOOKTAG_CIMAGECODEC_RUN_LENGTH_DEFLATE_H
#define BOOKTAG_CIMAGECODEC_RUN_LENGTH_DEFLATE_H

#include <stddef.h>
#include <stdint.h>
#include "Buffer.h"

// Raw DEFLATE (RFC 1951) as zlib's run-length strategy (Z_RLE) makes it: each byte a literal, or
// a run of the byte before it as a length at distance 1, with a Huffman code made for each block
// of 65,536 symbols (a 4k collage's rows: 16,384 took a tenth longer in making codes, for the same
// bytes). It writes the bits 64 at a time without a branch and finds runs eight bytes at a time:
// on a collage's filtered rows it takes under half of libdeflate's level-1 time for a tenth more
// bytes, and its streams end as zlib's sync flush leaves them, so a PNG's strips join with no
// walk (DeflateJoin.c). The PNG writer's fastest choice (not public API).
//
// One stream: rle_deflater_init, rle_deflater_write as often as needed, rle_deflater_finish,
// then the bytes in `out` belong to the caller (free `out.data`). Returns 0, or -1 when out of
// memory.

enum { RLE_BLOCK_SYMBOLS = 65536 };

typedef struct {
    Buffer out;     // the deflated bytes
    uint64_t bits;  // bits not yet in `out`, the first in the lowest
    int bitCount;
    uint16_t *symbols;  // the block so far: a byte, or 256 + the length of a run
    size_t count;
    uint32_t frequencies[286];
    uint8_t lengthCode[259];  // a run's length → its length code less 257
    int previous;             // the last byte written, -1 before any
    int failed;
} rle_deflater;

int rle_deflater_init(rle_deflater *deflater);
int rle_deflater_write(rle_deflater *deflater, const unsigned char *data, size_t length);
// `last`: the stream's final block; otherwise the stream ends on a byte boundary with an empty
// stored block (zlib's sync flush), so that another can follow it.
int rle_deflater_finish(rle_deflater *deflater, int last);

#endif

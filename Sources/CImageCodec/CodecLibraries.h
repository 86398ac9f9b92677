#ifndef BOOKTAG_CODEC_LIBRARIES_H
#define BOOKTAG_CODEC_LIBRARIES_H

// libjpeg, libpng and zlib are opened with dlopen on first use (booktag_codec_load), like
// libxml2, Pango and libcrypto, so commands that draw nothing do not load them. Each codec file
// includes the libraries' own headers, then this one: the macros below turn every call into a
// call through a pointer of the declared type (__typeof__ keeps the headers' signatures).

#include <stddef.h>
#include <stdio.h>  // jpeglib.h needs size_t and FILE first
#include <jpeglib.h>
#include <png.h>
#include <zlib.h>

#define BOOKTAG_CODEC_FUNCTIONS(X)                                                                  \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_CreateCompress) X(jpeg_destroy_compress)     \
    X(jpeg_destroy_decompress) X(jpeg_mem_src) X(jpeg_mem_dest) X(jpeg_read_header)               \
    X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_finish_decompress) X(jpeg_set_defaults) \
    X(jpeg_set_quality) X(jpeg_start_compress) X(jpeg_write_scanlines) X(jpeg_finish_compress)     \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free)                 \
    X(deflateInit2_) X(deflate) X(deflateEnd) X(deflateSetDictionary) X(crc32) X(adler32)          \
    X(adler32_combine)

#define BOOKTAG_CODEC_POINTER(name) __typeof__(name) *name;
extern struct booktag_codec_api {
    BOOKTAG_CODEC_FUNCTIONS(BOOKTAG_CODEC_POINTER)
} booktag_codec;
#undef BOOKTAG_CODEC_POINTER

// Every codec entry point calls this first: 0 once the three libraries are loaded, -1 if they
// cannot be (the reason in booktag_codec_error()).
int booktag_codec_load(void);

#ifndef BOOKTAG_CODEC_LOADER
#define jpeg_std_error (booktag_codec.jpeg_std_error)
#define jpeg_CreateDecompress (booktag_codec.jpeg_CreateDecompress)
#define jpeg_CreateCompress (booktag_codec.jpeg_CreateCompress)
#define jpeg_destroy_compress (booktag_codec.jpeg_destroy_compress)
#define jpeg_destroy_decompress (booktag_codec.jpeg_destroy_decompress)
#define jpeg_mem_src (booktag_codec.jpeg_mem_src)
#define jpeg_mem_dest (booktag_codec.jpeg_mem_dest)
#define jpeg_read_header (booktag_codec.jpeg_read_header)
#define jpeg_start_decompress (booktag_codec.jpeg_start_decompress)
#define jpeg_read_scanlines (booktag_codec.jpeg_read_scanlines)
#define jpeg_finish_decompress (booktag_codec.jpeg_finish_decompress)
#define jpeg_set_defaults (booktag_codec.jpeg_set_defaults)
#define jpeg_set_quality (booktag_codec.jpeg_set_quality)
#define jpeg_start_compress (booktag_codec.jpeg_start_compress)
#define jpeg_write_scanlines (booktag_codec.jpeg_write_scanlines)
#define jpeg_finish_compress (booktag_codec.jpeg_finish_compress)
#define png_image_begin_read_from_memory (booktag_codec.png_image_begin_read_from_memory)
#define png_image_finish_read (booktag_codec.png_image_finish_read)
#define png_image_free (booktag_codec.png_image_free)
#define deflateInit2_ (booktag_codec.deflateInit2_)
#define deflate (booktag_codec.deflate)
#define deflateEnd (booktag_codec.deflateEnd)
#define deflateSetDictionary (booktag_codec.deflateSetDictionary)
#define crc32 (booktag_codec.crc32)
#define adler32 (booktag_codec.adler32)
#define adler32_combine (booktag_codec.adler32_combine)
#endif

#endif

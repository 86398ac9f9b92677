#include <libdeflate.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "Buffer.h"
#include "CImageCodec.h"
#include "DeflateJoin.h"
#include "RunLengthDeflate.h"
#include <zlib.h>

// A PNG written on every core: the rows are cut into horizontal strips, each filtered and
// deflated on one of the writer's threads into a raw DEFLATE stream, by the run-length coder
// (RunLengthDeflate.c, BOOKTAG_PNG_RUN_LENGTH) or by libdeflate at a level; every strip's stream
// but the image's last ends on a byte boundary without a final block (the run-length coder's
// own way, libdeflate's made so by DeflateJoin.c), and the streams are joined into one zlib
// stream (their Adler-32s combined, by zlib), as pigz does for gzip. A strip's matches do not
// reach into the strip before it (neither coder takes a dictionary), which strips of 192 KiB and
// more make up for.
//
// The rows may come in bands (booktag_png_append, in order), so that a tall collage is never
// held whole: the writer keeps the last row of one band for the next, and each strip's data goes
// out as an IDAT chunk as soon as its band is done. One band of every row gives the same bytes
// as booktag_png_encode always has.

enum { FILTER_NONE = 0x08, FILTER_SUB = 0x10, FILTER_UP = 0x20, FILTER_AVERAGE = 0x40, FILTER_PAETH = 0x80 };

static void put32(unsigned char *out, uint32_t value) {
    out[0] = (unsigned char)(value >> 24);
    out[1] = (unsigned char)(value >> 16);
    out[2] = (unsigned char)(value >> 8);
    out[3] = (unsigned char)value;
}

// Row y as RGB bytes.
static void rgb_row(const int *pixels, int width, unsigned char *out) {
    for (int x = 0; x < width; x++) {
        int pixel = pixels[x];
        out[3 * x] = (unsigned char)((pixel >> 16) & 0xFF);
        out[3 * x + 1] = (unsigned char)((pixel >> 8) & 0xFF);
        out[3 * x + 2] = (unsigned char)(pixel & 0xFF);
    }
}

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i absolute16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

// Paeth's predictor on 16 bytes at a time, from the row's fourth byte: the predictor needs
// 9 bits and more, which the compiler's own vectorising of the plain loop did in 32-bit lanes
// (1.7 ns a pixel in cache); in 16-bit lanes it is 0.76. Returns where the plain loop goes on.
static size_t paeth_sse2(const unsigned char *row, const unsigned char *above, size_t length, unsigned char *out) {
    const __m128i zero = _mm_setzero_si128();
    size_t i = 3;
    for (; i + 16 <= length; i += 16) {
        __m128i left = _mm_loadu_si128((const __m128i *)(row + i - 3));
        __m128i up = _mm_loadu_si128((const __m128i *)(above + i));
        __m128i corner = _mm_loadu_si128((const __m128i *)(above + i - 3));
        __m128i halves[2];
        for (int h = 0; h < 2; h++) {
            __m128i a = h ? _mm_unpackhi_epi8(left, zero) : _mm_unpacklo_epi8(left, zero);
            __m128i b = h ? _mm_unpackhi_epi8(up, zero) : _mm_unpacklo_epi8(up, zero);
            __m128i c = h ? _mm_unpackhi_epi8(corner, zero) : _mm_unpacklo_epi8(corner, zero);
            __m128i p = _mm_sub_epi16(b, c), q = _mm_sub_epi16(a, c);
            __m128i pa = absolute16(p), pb = absolute16(q), pc = absolute16(_mm_add_epi16(p, q));
            // pb <= pc ? b : c, then pa <= pb && pa <= pc ? a : that
            __m128i takeC = _mm_cmpgt_epi16(pb, pc);
            __m128i bc = _mm_or_si128(_mm_andnot_si128(takeC, b), _mm_and_si128(takeC, c));
            __m128i notA = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
            halves[h] = _mm_or_si128(_mm_andnot_si128(notA, a), _mm_and_si128(notA, bc));
        }
        __m128i predicted = _mm_packus_epi16(halves[0], halves[1]);
        __m128i bytes = _mm_loadu_si128((const __m128i *)(row + i));
        _mm_storeu_si128((__m128i *)(out + i), _mm_sub_epi8(bytes, predicted));
    }
    return i;
}
#else
static size_t paeth_sse2(const unsigned char *row, const unsigned char *above, size_t length, unsigned char *out) {
    (void)row, (void)above, (void)length, (void)out;
    return 3;
}
#endif

// One filter over a row, each as a plain loop without branches the compiler can vectorise.
// `above` is the row above (zeros for the image's first row: filter_row supplies them).
static void apply_filter(int type, const unsigned char *row, const unsigned char *above, size_t length, unsigned char *out) {
    switch (type) {
    case 0:
        memcpy(out, row, length);
        return;
    case 1:
        for (size_t i = 0; i < length && i < 3; i++) out[i] = row[i];
        for (size_t i = 3; i < length; i++) out[i] = (unsigned char)(row[i] - row[i - 3]);
        return;
    case 2:
        for (size_t i = 0; i < length; i++) out[i] = (unsigned char)(row[i] - above[i]);
        return;
    case 3:
        for (size_t i = 0; i < length && i < 3; i++) out[i] = (unsigned char)(row[i] - (above[i] >> 1));
        for (size_t i = 3; i < length; i++) out[i] = (unsigned char)(row[i] - ((row[i - 3] + above[i]) >> 1));
        return;
    default:
        // Paeth; on a row's first pixel it is Up.
        for (size_t i = 0; i < length && i < 3; i++) out[i] = (unsigned char)(row[i] - above[i]);
        for (size_t i = paeth_sse2(row, above, length, out); i < length; i++) {
            int a = row[i - 3], b = above[i], c = above[i - 3];
            int pa = b - c, pb = a - c, pc = a + b - 2 * c;
            pa = pa < 0 ? -pa : pa, pb = pb < 0 ? -pb : pb, pc = pc < 0 ? -pc : pc;
            int predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
            out[i] = (unsigned char)(row[i] - predicted);
        }
        return;
    }
}

// How well a filter will compress, as libpng measures it: the sum of the filtered bytes taken
// as signed, |(signed char)byte|. Counted without writing the filtered row, a stretch at a
// time, and given up as soon as it passes `best` (libpng gives up the same way): the filter
// that wins is then applied once.
static inline unsigned magnitude(unsigned char byte) { return byte < 128 ? byte : 256u - byte; }

enum { STRETCH = 512 };

static unsigned long filter_cost(int type, const unsigned char *row, const unsigned char *above, size_t length, unsigned long best) {
    // The first pixel has nothing to its left: Sub keeps it, Average and Paeth predict from above.
    unsigned long sum = 0;
    size_t head = length < 3 ? length : 3;
    for (size_t i = 0; i < head; i++) {
        int predicted = type == 0 || type == 1 ? 0 : (type == 3 ? above[i] >> 1 : above[i]);
        sum += magnitude((unsigned char)(row[i] - predicted));
    }
    for (size_t start = head; start < length; start += STRETCH) {
        size_t end = start + STRETCH < length ? start + STRETCH : length;
        unsigned stretch = 0;
        switch (type) {
        case 0:
            for (size_t i = start; i < end; i++) stretch += magnitude(row[i]);
            break;
        case 1:
            for (size_t i = start; i < end; i++) stretch += magnitude((unsigned char)(row[i] - row[i - 3]));
            break;
        case 2:
            for (size_t i = start; i < end; i++) stretch += magnitude((unsigned char)(row[i] - above[i]));
            break;
        case 3:
            for (size_t i = start; i < end; i++) stretch += magnitude((unsigned char)(row[i] - ((row[i - 3] + above[i]) >> 1)));
            break;
        default:
            for (size_t i = start; i < end; i++) {
                int a = row[i - 3], b = above[i], c = above[i - 3];
                int pa = b - c, pb = a - c, pc = a + b - 2 * c;
                pa = pa < 0 ? -pa : pa, pb = pb < 0 ? -pb : pb, pc = pc < 0 ? -pc : pc;
                int predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
                stretch += magnitude((unsigned char)(row[i] - predicted));
            }
            break;
        }
        sum += stretch;
        if (sum >= best) return sum;
    }
    return sum;
}

// Filters `row` (with `above`, NULL for the first row) into out[0] (the filter type) and
// out[1...]. With several filters allowed, the one with the least sum of absolute values wins
// (libpng's heuristic), Up and Paeth (which win most rows of covers) measured first so that
// the others are given up early.
static void filter_row(const unsigned char *row, const unsigned char *above, size_t length, int filters, unsigned char *out,
                       unsigned char *scratch) {
    static const int types[] = {FILTER_NONE, FILTER_SUB, FILTER_UP, FILTER_AVERAGE, FILTER_PAETH};
    if (!above) {
        // The image's first row: the row above counts as zeros (Up is then None, Paeth is Sub).
        memset(scratch, 0, length);
        above = scratch;
    }
    int chosen = -1;
    if (!(filters & (filters - 1))) {  // one filter
        for (int type = 0; type < 5; type++)
            if (filters == types[type]) chosen = type;
    } else {
        static const int order[] = {2, 4, 1, 3, 0};
        unsigned long best = (unsigned long)-1;
        for (int k = 0; k < 5; k++) {
            int type = order[k];
            if (!(filters & types[type])) continue;
            unsigned long cost = filter_cost(type, row, above, length, best);
            if (cost < best) best = cost, chosen = type;
        }
    }
    out[0] = (unsigned char)chosen;
    apply_filter(chosen, row, above, length, out + 1);
}

// A strip of rows to filter and deflate, queued for the writer's threads. Its rows are the
// caller's until it is filtered (booktag_png_append waits for that); its deflated bytes go out in
// the image's order once it is done.
typedef struct Strip {
    const int *const *rows;      // the band's rows
    int first, end;              // rows [first, end) of the band
    int top;                     // the image's first row (nothing above it)
    int last;                    // the image's last strip
    enum { QUEUED, FILTERING, FILTERED, DONE } state;
    Buffer output;
    uint32_t adler;
    size_t length;               // uncompressed bytes
    int failed;
    struct Strip *next;
} Strip;

// The writer keeps one thread a core (at most 8) for as long as it lives, each with its own
// libdeflate compressor: a band's strips are taken by whichever is free, so the next band's can
// start while the last of this one's is still being deflated, and a caller drawing the next band
// meanwhile shares the cores with them rather than waiting for the slowest strip.
struct booktag_png_writer {
    int width, height, written;  // rows handed over so far
    int level, filters, strips;
    unsigned char *lastRow;      // the RGB of row written - 1
    Buffer output;
    uint32_t adler;
    int emitted;                 // strips whose bytes are in `output`
    int failed;
    pthread_mutex_t lock;
    pthread_cond_t changed;      // a strip was queued, filtered or done, or the writer is ending
    Strip *strips_head, *strips_tail;  // every strip not yet emitted, in order
    int threads, stopping;
    pthread_t thread[8];
};

// Filters the strip's rows, each against the row above it (the band's own, or the last of the
// band before), into `filtered`.
static int filter_strip(const booktag_png_writer *writer, const Strip *strip, Buffer *filtered) {
    size_t length = (size_t)writer->width * 3;
    if (reserve(filtered, (length + 1) * (size_t)(strip->end - strip->first)) != 0) return -1;
    unsigned char *current = malloc(length), *previous = malloc(length), *scratch = malloc(length + 1);
    int failed = !current || !previous || !scratch;
    if (!failed && !strip->top) {
        if (strip->first > 0) rgb_row(strip->rows[strip->first - 1], writer->width, previous);
        else memcpy(previous, writer->lastRow, length);
    }
    for (int y = strip->first; y < strip->end && !failed; y++) {
        rgb_row(strip->rows[y], writer->width, current);
        filter_row(current, strip->top && y == strip->first ? NULL : previous, length, writer->filters, filtered->data + filtered->size,
                   scratch);
        filtered->size += length + 1;
        unsigned char *swap = previous;
        previous = current;
        current = swap;
    }
    free(current), free(previous), free(scratch);
    return failed ? -1 : 0;
}

// Deflates a strip's filtered bytes into `strip->output` by the run-length coder, whose stream
// ends ready for the next strip's unless it is the image's last. Returns 0, or -1.
static int deflate_run_length(Strip *strip, const Buffer *filtered) {
    rle_deflater deflater;
    int failed = rle_deflater_init(&deflater) != 0;
    failed |= rle_deflater_write(&deflater, filtered->data, filtered->size) != 0;
    failed |= rle_deflater_finish(&deflater, strip->last) != 0;
    strip->output = deflater.out;
    return failed ? -1 : 0;
}

// The same by libdeflate, whose stream the walk of DeflateJoin.c (with `tables`) makes ready.
static int deflate_libdeflate(Strip *strip, const Buffer *filtered, struct libdeflate_compressor *compressor, uint32_t *tables) {
    if (reserve(&strip->output, libdeflate_deflate_compress_bound(compressor, filtered->size)) != 0) return -1;
    strip->output.size = libdeflate_deflate_compress(compressor, filtered->data, filtered->size, strip->output.data, strip->output.capacity);
    return strip->output.size == 0 || (!strip->last && deflate_continue(&strip->output, tables) != 0) ? -1 : 0;
}

// A writer's thread: takes queued strips in order, filters each, then deflates it into a raw
// DEFLATE stream that the next strip's can follow unless it is the image's last.
static void *deflate_strips(void *argument) {
    booktag_png_writer *writer = argument;
    int runLength = writer->level == BOOKTAG_PNG_RUN_LENGTH;
    struct libdeflate_compressor *compressor = NULL;
    uint32_t *tables = NULL;
    Buffer filtered = {NULL, 0, 0};
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        Strip *strip = writer->strips_head;
        while (strip && strip->state != QUEUED) strip = strip->next;
        if (!strip) {
            if (writer->stopping) break;
            pthread_cond_wait(&writer->changed, &writer->lock);
            continue;
        }
        strip->state = FILTERING;
        pthread_mutex_unlock(&writer->lock);
        if (!runLength && !compressor) compressor = libdeflate_alloc_compressor(writer->level);
        if (!runLength && !tables && !strip->last) tables = deflate_join_tables();
        filtered.size = 0;
        int failed = (!runLength && (!compressor || (!tables && !strip->last))) || filter_strip(writer, strip, &filtered) != 0;
        pthread_mutex_lock(&writer->lock);
        strip->state = FILTERED;
        pthread_cond_broadcast(&writer->changed);
        pthread_mutex_unlock(&writer->lock);
        if (!failed) {
            strip->adler = libdeflate_adler32(1, filtered.data, filtered.size);
            strip->length = filtered.size;
            failed = (runLength ? deflate_run_length(strip, &filtered) : deflate_libdeflate(strip, &filtered, compressor, tables)) != 0;
        }
        pthread_mutex_lock(&writer->lock);
        strip->failed = failed;
        strip->state = DONE;
        pthread_cond_broadcast(&writer->changed);
    }
    pthread_mutex_unlock(&writer->lock);
    free(filtered.data);
    free(tables);
    libdeflate_free_compressor(compressor);
    return NULL;
}

static int append_chunk(Buffer *out, const char *type, const unsigned char *data, size_t length) {
    unsigned char head[8];
    put32(head, (uint32_t)length);
    memcpy(head + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, type, 4);
    if (length) crc = libdeflate_crc32(crc, data, length);
    unsigned char tail[4];
    put32(tail, (uint32_t)crc);
    return append(out, head, 8) || (length && append(out, data, length)) || append(out, tail, 4) ? -1 : 0;
}

// Writes out the strips done at the head of the queue, an IDAT each: the zlib header joins the
// image's first, the Adler-32 its last. Called with the lock held.
static void emit_done(booktag_png_writer *writer) {
    Strip *strip;
    while ((strip = writer->strips_head) && strip->state == DONE) {
        writer->strips_head = strip->next;
        if (!writer->strips_head) writer->strips_tail = NULL;
        Buffer *data = &strip->output;
        int failed = writer->failed || strip->failed;
        if (!failed && writer->emitted == 0) {
            unsigned char zlibHeader[2] = {0x78, writer->level <= 1 ? 0x01 : (writer->level <= 5 ? 0x5E : (writer->level == 6 ? 0x9C : 0xDA))};
            failed = reserve(data, 2) != 0;
            if (!failed) {
                memmove(data->data + 2, data->data, data->size);
                memcpy(data->data, zlibHeader, 2);
                data->size += 2;
            }
        }
        if (!failed) {
            writer->adler = writer->emitted == 0 ? strip->adler : (uint32_t)adler32_combine(writer->adler, strip->adler, (z_off_t)strip->length);
            if (strip->last) {
                unsigned char trailer[4];
                put32(trailer, (uint32_t)writer->adler);
                failed = append(data, trailer, 4) != 0;
            }
        }
        if (!failed) failed = append_chunk(&writer->output, "IDAT", data->data, data->size) != 0;
        writer->failed |= failed;
        writer->emitted++;
        free(data->data);
        free(strip);
    }
}

booktag_png_writer *booktag_png_begin(int width, int height, int level, int filters, int strips) {
    if (width <= 0 || height <= 0 || (filters & 0xF8) == 0 || level < BOOKTAG_PNG_RUN_LENGTH || level > 12 || (size_t)width > (SIZE_MAX / 4 - 1) / 3) return NULL;
    booktag_png_writer *writer = calloc(1, sizeof *writer);
    if (!writer) return NULL;
    writer->width = width, writer->height = height, writer->level = level, writer->filters = filters, writer->strips = strips;
    writer->lastRow = malloc((size_t)width * 3);
    writer->adler = 1;
    pthread_mutex_init(&writer->lock, NULL);
    pthread_cond_init(&writer->changed, NULL);
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    unsigned char header[13];
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8, header[9] = 2, header[10] = 0, header[11] = 0, header[12] = 0;  // 8-bit RGB
    if (!writer->lastRow || append(&writer->output, signature, 8) != 0 || append_chunk(&writer->output, "IHDR", header, 13) != 0) {
        booktag_png_abandon(writer);
        return NULL;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores < 1 ? 1 : (cores > 8 ? 8 : (int)cores);
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&writer->thread[i], NULL, deflate_strips, writer) != 0) break;
        writer->threads++;
    }
    if (writer->threads == 0) {
        booktag_png_abandon(writer);
        return NULL;
    }
    return writer;
}

int booktag_png_append(booktag_png_writer *writer, const int *const *rows, int height) {
    if (!writer || writer->failed || !rows || height <= 0 || height > writer->height - writer->written) {
        if (writer) writer->failed = 1;
        return -1;
    }
    int count = writer->strips;
    if (count <= 0) {
        count = writer->threads;
        // Strips of at least 64 rows, or of 192 KiB of pixels when rows are long (a 4k band of
        // 68 rows is then cut in two): each strip starts its matches afresh, so shorter strips
        // would cost more in size than another core gains in time.
        int minimum = (int)((196608 + (size_t)writer->width * 3 - 1) / ((size_t)writer->width * 3));
        if (minimum > 64) minimum = 64;
        if (minimum < 8) minimum = 8;
        if (count > height / minimum) count = height / minimum > 0 ? height / minimum : 1;
    }
    if (count > 8) count = 8;
    if (count > height) count = height;
    int ends = writer->written + height == writer->height;
    Strip *queued[8] = {NULL};
    pthread_mutex_lock(&writer->lock);
    // At most a strip a thread waits deflated from bands before, so that their buffers stay few.
    for (;;) {
        emit_done(writer);
        int waiting = 0;
        for (Strip *strip = writer->strips_head; strip; strip = strip->next) waiting++;
        if (waiting <= writer->threads || writer->failed) break;
        pthread_cond_wait(&writer->changed, &writer->lock);
    }
    int failed = writer->failed;
    for (int i = 0; i < count && !failed; i++) {
        Strip *strip = calloc(1, sizeof *strip);
        if (!strip) {
            failed = 1;
            break;
        }
        *strip = (Strip){rows, (int)((long)height * i / count), (int)((long)height * (i + 1) / count), writer->written == 0 && i == 0,
                         ends && i == count - 1, QUEUED, {NULL, 0, 0}, 0, 0, 0, NULL};
        if (writer->strips_tail) writer->strips_tail->next = strip;
        else writer->strips_head = strip;
        writer->strips_tail = strip;
        queued[i] = strip;
    }
    pthread_cond_broadcast(&writer->changed);
    // The rows are the caller's again once every strip of them is filtered.
    for (int i = 0; i < count && queued[i]; i++)
        while (queued[i]->state < FILTERED) pthread_cond_wait(&writer->changed, &writer->lock);
    emit_done(writer);
    // What the next band needs of this one: its last row.
    if (!failed && !ends) rgb_row(rows[height - 1], writer->width, writer->lastRow);
    writer->written += height;
    writer->failed |= failed;
    failed = writer->failed;
    pthread_mutex_unlock(&writer->lock);
    return failed ? -1 : 0;
}

unsigned char *booktag_png_finish(booktag_png_writer *writer, size_t *size) {
    if (!writer) return NULL;
    pthread_mutex_lock(&writer->lock);
    for (emit_done(writer); writer->strips_head; emit_done(writer)) pthread_cond_wait(&writer->changed, &writer->lock);
    pthread_mutex_unlock(&writer->lock);
    unsigned char *bytes = NULL;
    if (!writer->failed && writer->written == writer->height && size && append_chunk(&writer->output, "IEND", NULL, 0) == 0) {
        bytes = writer->output.data;
        *size = writer->output.size;
        writer->output.data = NULL;
    }
    booktag_png_abandon(writer);
    return bytes;
}

const unsigned char *booktag_png_pending(const booktag_png_writer *writer, size_t *size) {
    if (!writer || !size) return NULL;
    *size = writer->output.size;
    return writer->output.data;
}

void booktag_png_taken(booktag_png_writer *writer) {
    if (writer) writer->output.size = 0;
}

void booktag_png_abandon(booktag_png_writer *writer) {
    if (!writer) return;
    // Strips not taken yet are dropped; those being worked on are finished first.
    pthread_mutex_lock(&writer->lock);
    for (Strip *strip = writer->strips_head; strip; strip = strip->next)
        if (strip->state == QUEUED) strip->state = DONE;
    writer->stopping = 1;
    pthread_cond_broadcast(&writer->changed);
    pthread_mutex_unlock(&writer->lock);
    for (int i = 0; i < writer->threads; i++) pthread_join(writer->thread[i], NULL);
    for (Strip *strip = writer->strips_head, *next; strip; strip = next) {
        next = strip->next;
        free(strip->output.data);
        free(strip);
    }
    pthread_mutex_destroy(&writer->lock);
    pthread_cond_destroy(&writer->changed);
    free(writer->lastRow);
    free(writer->output.data);
    free(writer);
}

unsigned char *booktag_png_encode(const int *const *rows, int width, int height, int level, int filters, int strips, size_t *size) {
    if (!rows || !size) return NULL;
    booktag_png_writer *writer = booktag_png_begin(width, height, level, filters, strips);
    if (!writer) return NULL;
    booktag_png_append(writer, rows, height);
    return booktag_png_finish(writer, size);
}

void booktag_png_free(unsigned char *buffer) {
    free(buffer);
}

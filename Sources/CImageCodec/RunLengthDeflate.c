#include <stdlib.h>
#include <string.h>
#include "RunLengthDeflate.h"

// RFC 1951, 3.2.5: the first length of each length code, and its extra bits.
static const uint16_t lengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                        31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
// The order in which the code lengths' own code lengths are sent (3.2.7).
static const uint8_t codeLengthOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

enum { LITERALS = 286, END_OF_BLOCK = 256 };

static inline void store64(unsigned char *out, uint64_t bits) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, &bits, 8);
#else
    for (int i = 0; i < 8; i++) out[i] = (unsigned char)(bits >> (8 * i));
#endif
}

// Bits on their way out: a copy of the deflater's, local to one block so that the compiler keeps
// it in registers (stores through a byte pointer could otherwise be the deflater's own fields).
typedef struct {
    unsigned char *at;
    uint64_t bits;
    int count;
} BitWriter;

static BitWriter begin_bits(const rle_deflater *deflater) {
    return (BitWriter){deflater->out.data + deflater->out.size, deflater->bits, deflater->bitCount};
}

static void end_bits(rle_deflater *deflater, BitWriter writer) {
    deflater->out.size = (size_t)(writer.at - deflater->out.data);
    deflater->bits = writer.bits;
    deflater->bitCount = writer.count;
}

// At most 32 bits at a time; the caller reserved room for them and 8 bytes more. Without a
// branch: the whole buffer is stored each time, and the pointer moves past its full bytes.
static inline void put_bits(BitWriter *writer, uint64_t value, int count) {
    uint64_t bits = writer->bits | value << writer->count;
    int total = writer->count + count;
    store64(writer->at, bits);
    writer->at += total >> 3;
    writer->bits = bits >> (total & ~7);
    writer->count = total & 7;
}

// Writes out the last bits, padded to a byte boundary.
static void flush_bits(BitWriter *writer) {
    if (writer->count > 0) *writer->at++ = (unsigned char)writer->bits;
    writer->bits = 0;
    writer->count = 0;
}

typedef struct {
    uint32_t weight;
    uint16_t symbol;
} Leaf;

static int by_weight(const void *a, const void *b) {
    const Leaf *x = a, *y = b;
    if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
    return x->symbol < y->symbol ? -1 : 1;
}

// Huffman code lengths for the `n` symbols' `frequencies`, none longer than `limit`: the leaves
// sorted, then two queues (leaves, and nodes as they are made). When a code would be longer than
// `limit`, the counts are halved (none to zero) and the code made again: a flatter code, a file a
// little longer, never an invalid one. At least two symbols get a length, so every code is
// complete, which every inflater accepts.
static void code_lengths(const uint32_t *frequencies, int n, int limit, uint8_t *lengths) {
    Leaf leaves[LITERALS];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int i = 0; i < n; i++)
        if (frequencies[i]) leaves[used++] = (Leaf){frequencies[i], (uint16_t)i};
    if (used < 2) {
        int only = used ? leaves[0].symbol : 0;
        lengths[only] = 1;
        lengths[only == 0 ? 1 : 0] = 1;
        return;
    }
    for (;;) {
        qsort(leaves, (size_t)used, sizeof *leaves, by_weight);
        uint32_t weight[2 * LITERALS];
        int parent[2 * LITERALS], depth[2 * LITERALS];
        for (int i = 0; i < used; i++) weight[i] = leaves[i].weight;
        int leaf = 0, node = used;
        for (int next = used; next < 2 * used - 1; next++) {
            for (int pick = 0; pick < 2; pick++) {
                int takeLeaf = leaf < used && (node >= next || weight[leaf] <= weight[node]);
                int chosen = takeLeaf ? leaf++ : node++;
                parent[chosen] = next;
                weight[next] = pick ? weight[next] + weight[chosen] : weight[chosen];
            }
        }
        int root = 2 * used - 2, longest = 0;
        depth[root] = 0;
        for (int i = root - 1; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
        for (int i = 0; i < used; i++) longest = depth[i] > longest ? depth[i] : longest;
        if (longest <= limit) {
            for (int i = 0; i < used; i++) lengths[leaves[i].symbol] = (uint8_t)depth[i];
            return;
        }
        for (int i = 0; i < used; i++) leaves[i].weight = (leaves[i].weight >> 1) | 1;
    }
}

// Canonical codes for `lengths` (3.2.2), bit-reversed: DEFLATE sends a code's first bit first.
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[16] = {0}, next[16] = {0};
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    for (int bits = 1, code = 0; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        int length = lengths[i], code = length ? next[length]++ : 0, reversed = 0;
        for (int bit = 0; bit < length; bit++) reversed |= ((code >> bit) & 1) << (length - 1 - bit);
        codes[i] = (uint16_t)reversed;
    }
}

// The block's symbols with a dynamic Huffman code (BTYPE 2), then its end.
static void write_block(rle_deflater *deflater, int last) {
    uint32_t *frequencies = deflater->frequencies;
    frequencies[END_OF_BLOCK] = 1;
    uint8_t lengths[LITERALS + 2];  // the literals' and lengths', then the two distances'
    uint16_t codes[LITERALS];
    code_lengths(frequencies, LITERALS, 15, lengths);
    canonical_codes(lengths, LITERALS, codes);
    int literalCount = LITERALS;
    while (lengths[literalCount - 1] == 0) literalCount--;
    // Distance 1 (code 0) is the only one used; codes 0 and 1 of one bit each keep it complete.
    lengths[literalCount] = 1, lengths[literalCount + 1] = 1;
    int total = literalCount + 2;

    // The lengths, run-length coded (3.2.7): 16 repeats the last 3–6 times, 17 and 18 are zeros.
    uint8_t lengthSymbols[LITERALS + 2], lengthExtras[LITERALS + 2];
    uint32_t lengthFrequencies[19] = {0};
    int symbolCount = 0;
    for (int i = 0; i < total;) {
        int value = lengths[i], run = 1;
        while (i + run < total && lengths[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int take = run > 138 ? 138 : run;
                lengthSymbols[symbolCount] = 18, lengthExtras[symbolCount++] = (uint8_t)(take - 11);
                run -= take;
            }
            if (run >= 3) {
                lengthSymbols[symbolCount] = 17, lengthExtras[symbolCount++] = (uint8_t)(run - 3);
                run = 0;
            }
        } else {
            lengthSymbols[symbolCount] = (uint8_t)value, lengthExtras[symbolCount++] = 0;
            run--;
            while (run >= 3) {
                int take = run > 6 ? 6 : run;
                lengthSymbols[symbolCount] = 16, lengthExtras[symbolCount++] = (uint8_t)(take - 3);
                run -= take;
            }
        }
        while (run-- > 0) lengthSymbols[symbolCount] = (uint8_t)value, lengthExtras[symbolCount++] = 0;
    }
    for (int i = 0; i < symbolCount; i++) lengthFrequencies[lengthSymbols[i]]++;
    uint8_t lengthLengths[19];
    uint16_t lengthCodes[19];
    code_lengths(lengthFrequencies, 19, 7, lengthLengths);
    canonical_codes(lengthLengths, 19, lengthCodes);
    int sent = 19;
    while (sent > 4 && lengthLengths[codeLengthOrder[sent - 1]] == 0) sent--;

    // A header of at most 540 bytes, then at most 21 bits a symbol.
    if (reserve(&deflater->out, 1024 + deflater->count * 3) != 0) {
        deflater->failed = 1;
        return;
    }
    BitWriter writer = begin_bits(deflater);
    put_bits(&writer, (uint64_t)(last ? 1 : 0) | (2 << 1), 3);
    put_bits(&writer, (uint64_t)(literalCount - 257) | (1 << 5) | ((uint64_t)(sent - 4) << 10), 14);
    for (int i = 0; i < sent; i++) put_bits(&writer, lengthLengths[codeLengthOrder[i]], 3);
    static const uint8_t extraBits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < symbolCount; i++) {
        int symbol = lengthSymbols[i];
        put_bits(&writer, lengthCodes[symbol] | ((uint64_t)lengthExtras[i] << lengthLengths[symbol]),
                 lengthLengths[symbol] + extraBits[symbol]);
    }

    // Each run: its length code and extra bits, then distance code 0 (its one-bit code is 0).
    const uint16_t *symbols = deflater->symbols;
    for (size_t i = 0; i < deflater->count; i++) {
        int symbol = symbols[i];
        if (symbol < 256) {
            put_bits(&writer, codes[symbol], lengths[symbol]);
        } else {
            int length = symbol - 256, code = deflater->lengthCode[length], literal = 257 + code;
            int extra = lengthExtra[code];
            put_bits(&writer, codes[literal] | ((uint64_t)(length - lengthBase[code]) << lengths[literal]),
                     lengths[literal] + extra + 1);
        }
    }
    put_bits(&writer, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
    end_bits(deflater, writer);
    deflater->count = 0;
    memset(frequencies, 0, sizeof deflater->frequencies);
}

// How far the run of `byte` at `data` goes, at least `known`, at most `most`: eight bytes at a
// time where the machine is little-endian (the first that differs is the lowest set byte).
static inline size_t run_length(const unsigned char *data, size_t known, size_t most, int byte) {
    size_t run = known;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t pattern = 0x0101010101010101ULL * (unsigned char)byte;
    while (run + 8 <= most) {
        uint64_t word;
        memcpy(&word, data + run, 8);
        if (word != pattern) return run + (size_t)(__builtin_ctzll(word ^ pattern) >> 3);
        run += 8;
    }
#endif
    while (run < most && data[run] == byte) run++;
    return run;
}

int rle_deflater_init(rle_deflater *deflater) {
    memset(deflater, 0, sizeof *deflater);
    deflater->previous = -1;
    deflater->symbols = malloc(RLE_BLOCK_SYMBOLS * sizeof *deflater->symbols);
    for (int code = 0, length = 3; length <= 258; length++) {
        while (code < 28 && lengthBase[code + 1] <= length) code++;
        deflater->lengthCode[length] = (uint8_t)code;
    }
    if (!deflater->symbols) deflater->failed = 1;
    return deflater->failed ? -1 : 0;
}

int rle_deflater_write(rle_deflater *deflater, const unsigned char *data, size_t length) {
    if (deflater->failed) return -1;
    uint16_t *symbols = deflater->symbols;
    uint32_t *frequencies = deflater->frequencies;
    for (size_t i = 0; i < length;) {
        int byte = data[i], runs;
        if (i > 0 && i + 3 <= length) {
            // The byte before and the next three in one word: a run of three or more when all
            // four are the same, one branch that photographic rows rarely take.
            uint32_t word;
            memcpy(&word, data + i - 1, 4);
            runs = ((word ^ (word >> 8)) & 0xFFFFFF) == 0;
        } else {
            int before = i ? data[i - 1] : deflater->previous;
            runs = byte == before && i + 3 <= length && data[i + 1] == byte && data[i + 2] == byte;
        }
        if (runs) {
            size_t run = 3, most = length - i < 258 ? length - i : 258;
            run = run_length(data + i, run, most, byte);
            symbols[deflater->count++] = (uint16_t)(256 + run);
            frequencies[257 + deflater->lengthCode[run]]++;
            i += run;
        } else {
            symbols[deflater->count++] = (uint16_t)byte;
            frequencies[byte]++;
            i++;
        }
        if (deflater->count == RLE_BLOCK_SYMBOLS) {
            write_block(deflater, 0);
            if (deflater->failed) return -1;
        }
    }
    if (length) deflater->previous = data[length - 1];
    return 0;
}

int rle_deflater_finish(rle_deflater *deflater, int last) {
    if (!deflater->failed && (deflater->count || last)) write_block(deflater, last);
    if (!deflater->failed && reserve(&deflater->out, 16) != 0) deflater->failed = 1;
    if (!deflater->failed) {
        BitWriter writer = begin_bits(deflater);
        if (!last) put_bits(&writer, 0, 3);  // an empty stored block: BFINAL 0, BTYPE 0
        flush_bits(&writer);
        end_bits(deflater, writer);
        if (!last) {
            static const unsigned char marker[4] = {0x00, 0x00, 0xFF, 0xFF};
            memcpy(deflater->out.data + deflater->out.size, marker, 4);
            deflater->out.size += 4;
        }
    }
    free(deflater->symbols);
    deflater->symbols = NULL;
    return deflater->failed ? -1 : 0;
}

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "DeflateJoin.h"

// Walking a stream means decoding each symbol's code to learn how many bits it and its extra
// bits take, and nothing more: nothing is written. Codes are looked up in two levels, as
// inflaters do: the next PRIMARY_BITS bits of the stream index a table small enough to stay in
// the L1 cache, and the rare longer code goes on to a second table for its prefix.
//
// An entry: the code's length (bits 0-4, 0 for no code), the extra bits after it (5-8), what the
// symbol is (9-10), the symbol itself for the code-length code (11-15), and for a link to a
// second table, that table's offset (16-31) with its index's width in bits 0-4.
enum { LITERAL = 0, LENGTH = 1, END = 2, LINK = 3, MAX_BITS = 15, PRIMARY_BITS = 11 };
#define LENGTH_OF(entry) ((entry) & 31)
#define EXTRA_OF(entry) (((entry) >> 5) & 15)
#define KIND_OF(entry) (((entry) >> 9) & 3)
// In the literal and distance tables, bit 11 marks an entry the walk's fast path takes as it is:
// a literal, a length, a distance (not the end, a link or a missing code).
#define PLAIN (1u << 11)
enum Alphabet { LITERALS_AND_LENGTHS, DISTANCES, CODE_LENGTHS };
enum { TABLE_ENTRIES = (1 << PRIMARY_BITS) + (1 << MAX_BITS) };

typedef struct {
    uint32_t *entries;
    uint32_t mask;  // of the primary index
} Table;

static int extra_bits(int symbol, enum Alphabet alphabet) {
    if (alphabet == CODE_LENGTHS) return 0;
    if (alphabet == DISTANCES) return symbol < 4 ? 0 : symbol / 2 - 1;
    if (symbol < 265 || symbol == 285) return 0;
    return (symbol - 261) / 4;
}

static void fill(uint32_t *table, size_t size, size_t first, int step, uint32_t entry) {
    for (size_t i = first; i < size; i += (size_t)1 << step) table[i] = entry;
}

// Canonical Huffman codes from `lengths`, as RFC 1951 3.2.2 assigns them. Returns -1 for a set
// of lengths that is over-subscribed. The symbols DEFLATE never sends (286 and 287, distances 30
// and 31) take their place among the codes but get no entry, so a stream that sends one fails.
static int build(Table *table, const uint8_t *lengths, int count, enum Alphabet alphabet) {
    int counts[MAX_BITS + 1] = {0}, next[MAX_BITS + 1] = {0}, longest = 0;
    for (int i = 0; i < count; i++) {
        counts[lengths[i]]++;
        if (lengths[i] > longest) longest = lengths[i];
    }
    counts[0] = 0;
    for (int length = 1, left = 1; length <= MAX_BITS; length++) {
        left = (left << 1) - counts[length];
        if (left < 0) return -1;
    }
    for (int length = 1, code = 0; length <= MAX_BITS; length++) {
        code = (code + counts[length - 1]) << 1;
        next[length] = code;
    }
    int primary = longest < PRIMARY_BITS ? (longest ? longest : 1) : PRIMARY_BITS, secondary = longest - primary;
    size_t primarySize = (size_t)1 << primary, used = primarySize;
    table->mask = (uint32_t)primarySize - 1;
    memset(table->entries, 0, primarySize * sizeof *table->entries);
    for (int symbol = 0; symbol < count; symbol++) {
        int length = lengths[symbol];
        if (!length) continue;
        int code = next[length]++;
        if (alphabet == DISTANCES ? symbol >= 30 : symbol >= 286) continue;
        uint32_t reversed = 0;
        for (int i = 0; i < length; i++) reversed |= (uint32_t)((code >> i) & 1) << (length - 1 - i);
        int kind = alphabet != LITERALS_AND_LENGTHS || symbol < 256 ? LITERAL : (symbol == 256 ? END : LENGTH);
        uint32_t entry = (uint32_t)(length | extra_bits(symbol, alphabet) << 5 | kind << 9) |
                         (alphabet == CODE_LENGTHS ? (uint32_t)symbol << 11 : (kind == END ? 0 : PLAIN));
        if (length <= primary) {
            fill(table->entries, primarySize, reversed, length, entry);
            continue;
        }
        // A long code: its first `primary` bits lead to a second table of `secondary` bits.
        uint32_t *link = &table->entries[reversed & table->mask];
        if (KIND_OF(*link) != LINK) {
            *link = (uint32_t)(secondary | LINK << 9) | (uint32_t)used << 16;
            memset(table->entries + used, 0, ((size_t)1 << secondary) * sizeof *table->entries);
            used += (size_t)1 << secondary;
        }
        fill(table->entries + (*link >> 16), (size_t)1 << secondary, reversed >> primary, length - primary, entry);
    }
    return 0;
}

// The entry for the code at the start of `bits`; its length counts from the start of `bits`.
static inline uint32_t look_up(const Table *table, uint64_t bits) {
    uint32_t entry = table->entries[bits & table->mask];
    if (KIND_OF(entry) == LINK) {
        int primary = __builtin_popcount(table->mask);
        entry = table->entries[(entry >> 16) + ((bits >> primary) & ((1u << LENGTH_OF(entry)) - 1))];
    }
    return entry;
}

typedef struct {
    const unsigned char *data;
    size_t size, bit, limit;  // limit: size in bits
} Reader;

// The next 57 bits or more from `bit` (zeros past the end): enough for a length's code, its
// extra bits, and its distance's code and extra bits (15 + 5 + 15 + 13).
static inline uint64_t peek(const Reader *reader) {
    size_t byte = reader->bit >> 3;
    uint64_t value = 0;
    if (byte + 8 <= reader->size) {
        memcpy(&value, reader->data + byte, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        value = __builtin_bswap64(value);
#endif
    } else {
        for (size_t i = 0; byte + i < reader->size && i < 8; i++) value |= (uint64_t)reader->data[byte + i] << (8 * i);
    }
    return value >> (reader->bit & 7);
}

static inline unsigned take(Reader *reader, int count) {
    unsigned value = (unsigned)(peek(reader) & ((1u << count) - 1));
    reader->bit += (size_t)count;
    return value;
}

// A dynamic block's two codes (RFC 1951 3.2.7).
static int read_codes(Reader *reader, Table *literals, Table *distances, Table *lengthsCode) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int literalCount = (int)take(reader, 5) + 257, distanceCount = (int)take(reader, 5) + 1, codeCount = (int)take(reader, 4) + 4;
    if (literalCount > 286 || distanceCount > 30) return -1;
    uint8_t codeLengths[19] = {0};
    for (int i = 0; i < codeCount; i++) codeLengths[order[i]] = (uint8_t)take(reader, 3);
    if (build(lengthsCode, codeLengths, 19, CODE_LENGTHS) != 0) return -1;
    uint8_t lengths[286 + 30];
    int total = literalCount + distanceCount;
    for (int i = 0; i < total;) {
        if (reader->bit > reader->limit) return -1;
        uint32_t entry = look_up(lengthsCode, peek(reader));
        int length = LENGTH_OF(entry);
        if (!length) return -1;
        reader->bit += (size_t)length;
        int symbol = (entry >> 11) & 31;
        if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
        }
        int repeat, value = 0;
        if (symbol == 16) {
            if (i == 0) return -1;
            value = lengths[i - 1], repeat = 3 + (int)take(reader, 2);
        } else {
            repeat = symbol == 17 ? 3 + (int)take(reader, 3) : 11 + (int)take(reader, 7);
        }
        if (i + repeat > total) return -1;
        while (repeat--) lengths[i++] = (uint8_t)value;
    }
    if (lengths[256] == 0) return -1;  // a block that cannot end
    if (build(literals, lengths, literalCount, LITERALS_AND_LENGTHS) != 0) return -1;
    return build(distances, lengths + literalCount, distanceCount, DISTANCES);
}

// One symbol at the start of `bits`: how many bits it takes with its
// extra bits and its distance's; 0 at the block's end (`*ended`), or for a code no symbol has.
static inline int symbol_bits(const Table *literals, const Table *distances, uint64_t bits, int *ended) {
    uint32_t entry = look_up(literals, bits);
    int length = LENGTH_OF(entry);
    switch (KIND_OF(entry)) {
    case LITERAL:
        return length;
    case END:
        *ended = length;
        return 0;
    default: {
        int skipped = length + EXTRA_OF(entry);
        uint32_t distance = look_up(distances, bits >> skipped);
        return LENGTH_OF(distance) && length ? skipped + LENGTH_OF(distance) + EXTRA_OF(distance) : 0;
    }
    }
}

// Skips a Huffman-coded block's symbols up to and through its end. Returns -1 for a code no
// symbol has, or for a block that runs past the stream. While 8 bytes are left, the bits are
// read from a register refilled without a branch; the last few with `peek`.
static int skip_symbols(Reader *reader, const Table *literals, const Table *distances) {
    const unsigned char *next = reader->data + (reader->bit >> 3), *end = reader->data + reader->size;
    uint64_t buffer = 0;
    int available = 0, ended = 0;
    if (next + 8 <= end) {
        memcpy(&buffer, next, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        buffer = __builtin_bswap64(buffer);
#endif
        buffer >>= reader->bit & 7;
        available = 56 - (int)(reader->bit & 7);
        next += 7;
        while (next + 8 <= end) {
            // Refill to 56 bits or more (a length and its distance take at most 48).
            uint64_t word;
            memcpy(&word, next, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            word = __builtin_bswap64(word);
#endif
            buffer |= word << available;
            next += (63 - available) >> 3;
            available |= 56;
            // A literal and a length alike: the distance is looked up whatever the symbol, and
            // counted only after a length, so that the mix of the two costs no mispredicted
            // branch. The end, a long code or a missing one leave this loop.
            uint32_t entry = literals->entries[buffer & literals->mask];
            int skipped = (int)LENGTH_OF(entry) + (int)EXTRA_OF(entry);
            uint32_t distance = distances->entries[(buffer >> skipped) & distances->mask];
            int isLength = KIND_OF(entry) == LENGTH;
            if (!(entry & PLAIN) || (isLength && !(distance & PLAIN))) {
                int bits = symbol_bits(literals, distances, buffer, &ended);
                if (!bits) break;
                buffer >>= bits;
                available -= bits;
                continue;
            }
            int bits = skipped + (isLength ? (int)(LENGTH_OF(distance) + EXTRA_OF(distance)) : 0);
            buffer >>= bits;
            available -= bits;
        }
        reader->bit = (size_t)(next - reader->data) * 8 - (size_t)available;
        if (ended) {
            reader->bit += (size_t)ended;
            return 0;
        }
    }
    for (;;) {
        if (reader->bit > reader->limit) return -1;
        int bits = symbol_bits(literals, distances, peek(reader), &ended);
        if (ended) {
            reader->bit += (size_t)ended;
            return 0;
        }
        if (!bits) return -1;
        reader->bit += (size_t)bits;
    }
}

uint32_t *deflate_join_tables(void) {
    return malloc(3 * (size_t)TABLE_ENTRIES * sizeof(uint32_t));
}

int deflate_continue(Buffer *stream, uint32_t *storage) {
    if (!storage || reserve(stream, 8) != 0) return -1;
    Table literals = {storage, 0}, distances = {storage + TABLE_ENTRIES, 0}, lengthsCode = {storage + 2 * TABLE_ENTRIES, 0};
    Reader reader = {stream->data, stream->size, 0, stream->size * 8};
    size_t header = 0;
    int final = 0, failed = 0;
    while (!final && !failed) {
        if (reader.bit + 3 > reader.limit) {
            failed = 1;
            break;
        }
        header = reader.bit;
        final = (int)take(&reader, 1);
        int type = (int)take(&reader, 2);
        if (type == 0) {
            reader.bit = (reader.bit + 7) & ~(size_t)7;
            if (reader.bit + 32 > reader.limit) {
                failed = 1;
                break;
            }
            unsigned length = take(&reader, 16), complement = take(&reader, 16);
            failed = (length ^ 0xFFFF) != complement;
            reader.bit += (size_t)length * 8;
        } else if (type == 1) {
            uint8_t lengths[288 + 30];
            for (int i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : (i < 256 ? 9 : (i < 280 ? 7 : 8));
            memset(lengths + 288, 5, 30);
            failed = build(&literals, lengths, 288, LITERALS_AND_LENGTHS) != 0 || build(&distances, lengths + 288, 30, DISTANCES) != 0 ||
                     skip_symbols(&reader, &literals, &distances) != 0;
        } else if (type == 2) {
            failed = read_codes(&reader, &literals, &distances, &lengthsCode) != 0 || skip_symbols(&reader, &literals, &distances) != 0;
        } else {
            failed = 1;
        }
    }
    size_t end = reader.bit;
    if (failed || end > reader.limit || (end + 7) / 8 != stream->size) return -1;
    // Not final; then an empty stored block: three zero bits, zeros to the byte boundary, and a
    // length of 0 with its complement.
    stream->data[header >> 3] &= (unsigned char)~(1u << (header & 7));
    if (end & 7) stream->data[end >> 3] &= (unsigned char)((1u << (end & 7)) - 1);
    stream->size = (end + 3 + 7) / 8;
    if (stream->size > (end + 7) / 8) stream->data[stream->size - 1] = 0;
    static const unsigned char empty[4] = {0x00, 0x00, 0xFF, 0xFF};
    return append(stream, empty, 4);
}

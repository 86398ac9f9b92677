#ifndef BOOKTAG_CIMAGECODEC_DEFLATE_JOIN_H
#define BOOKTAG_CIMAGECODEC_DEFLATE_JOIN_H

#include <stddef.h>
#include <stdint.h>
#include "Buffer.h"

// libdeflate compresses a whole buffer into a whole raw DEFLATE stream (RFC 1951), its last
// block marked final. The PNG writer deflates its strips on every core, each by its own call,
// and a PNG holds one stream: so every strip but the image's last is made to continue, as
// zlib's sync flush leaves a stream. deflate_continue walks the strip's blocks (decoding their
// codes, writing nothing) to find where the last one starts and where it ends, clears its final
// bit, and appends an empty stored block, so that the stream ends on a byte boundary and the
// next strip's blocks follow it (not public API).
//
// `stream` must hold one whole raw DEFLATE stream and nothing after it; `tables` is where the walk
// keeps its code tables, from deflate_join_tables (free it when done; one a thread). Returns 0,
// or -1 when the stream is not one (or when out of memory), with `stream` then unusable.
int deflate_continue(Buffer *stream, uint32_t *tables);
uint32_t *deflate_join_tables(void);

#endif

#ifndef BOOKTAG_CLIBCRYPTO_H
#define BOOKTAG_CLIBCRYPTO_H

#include <stddef.h>

// SHA-256 from the system's libcrypto (OpenSSL 3, on every Debian machine), for cover file names
// and the short suffixes of collage names. Like libgd and Pango, libcrypto is opened with dlopen
// on first use: linking it made every command load and relocate its 4.6 MB, including those that
// hash nothing (--version, list, books, a stored show).

// Writes the 32-byte digest of `size` bytes at `data` into `digest`. Returns 0, or -1 when
// libcrypto cannot be loaded (the reason in booktag_crypto_error()) or fails.
int booktag_sha256(const void *data, size_t size, unsigned char digest[32]);
const char *booktag_crypto_error(void);

#endif

// OpenSSL's libcrypto, for SHA-256 (cover file names). The system library is used rather than
// a Swift package that compiles its own copy of BoringSSL: it is already on every Debian
// machine, and the build is minutes shorter.
#include <openssl/evp.h>

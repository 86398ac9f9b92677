// zlib, found through pkg-config's zlib.
#include <zlib.h>

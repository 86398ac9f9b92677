// libpng 1.6, found through pkg-config's libpng.
#include <png.h>

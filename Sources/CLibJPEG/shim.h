// libjpeg (libjpeg-turbo on Debian), found through pkg-config's libjpeg. jpeglib.h needs size_t
// and FILE declared first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

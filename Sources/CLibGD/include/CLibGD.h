#ifndef BOOKTAG_CLIBGD_H
#define BOOKTAG_CLIBGD_H

// libgd, opened on first use (see CLazyLibrary.h), for the rare GIF or WebP cover. libgd brings
// some forty shared libraries with it (HEIF, AVIF, X11, abseil...) whose loading costs
// 10-15 ms; commands that decode no such cover should not pay that at start-up. <gd.h> gives
// the types and each function pointer's type; calling a gd* function directly fails to link.

#include <gd.h>
#include <gdfontl.h>

// 0 once libgd is loaded (a second call is free); -1 if it cannot be, with the reason in
// booktag_gd_error().
int booktag_gd_load(void);
const char *booktag_gd_error(void);

gdImagePtr booktag_gdImageCreateTrueColor(int width, int height);
void booktag_gdImageDestroy(gdImagePtr image);
void booktag_gdImageAlphaBlending(gdImagePtr image, int blending);
int booktag_gdImagePaletteToTrueColor(gdImagePtr image);
int booktag_gdImageSetInterpolationMethod(gdImagePtr image, gdInterpolationMethod method);
gdImagePtr booktag_gdImageScale(gdImagePtr image, unsigned int width, unsigned int height);
gdImagePtr booktag_gdImageCreateFromJpegPtrEx(int size, void *data, int ignoreWarnings);
gdImagePtr booktag_gdImageCreateFromPngPtr(int size, void *data);
gdImagePtr booktag_gdImageCreateFromGifPtr(int size, void *data);
gdImagePtr booktag_gdImageCreateFromWebpPtr(int size, void *data);
void *booktag_gdImageJpegPtr(gdImagePtr image, int *size, int quality);
void booktag_gdFree(void *memory);
gdFontPtr booktag_gdFontGetLarge(void);
void booktag_gdImageString(gdImagePtr image, gdFontPtr font, int x, int y, unsigned char *text, int color);
char *booktag_gdImageStringFT(gdImagePtr image, int *box, int color, const char *font, double size, double angle, int x, int y, const char *text);
int booktag_gdImageGetTrueColorPixel(gdImagePtr image, int x, int y);
void booktag_gdImageFilledRectangle(gdImagePtr image, int x1, int y1, int x2, int y2, int color);

// gdTrueColor and gdImageSX/SY are macros, which Swift cannot call.
static inline int booktag_gd_rgb(int red, int green, int blue) {
    return gdTrueColor(red, green, blue);
}

static inline int booktag_gd_width(gdImagePtr image) {
    return gdImageSX(image);
}

static inline int booktag_gd_height(gdImagePtr image) {
    return gdImageSY(image);
}

#endif

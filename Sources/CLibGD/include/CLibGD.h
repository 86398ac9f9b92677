#ifndef BOOKTAG_CLIBGD_H
#define BOOKTAG_CLIBGD_H

// libgd, opened on first use (see CLazyLibrary.h), for the rare GIF or WebP cover. libgd brings
// some forty shared libraries with it (HEIF, AVIF, X11, abseil...) whose loading costs
// 10-15 ms; commands that decode no such cover should not pay that at start-up.
//
// The few types and functions booktag uses are declared here as gd.h declares them, so that the
// build needs no libgd-dev (the table in CLibGD.c takes each pointer's type from these
// declarations). scripts/check-c-declarations compiles this file after the real gd.h
// (-DBOOKTAG_SYSTEM_HEADERS): a function declared otherwise, or a field of gdImage at another
// offset, is a compile error there. Calling a gd* function directly fails to link.

#include <stdarg.h>

// The start of libgd's image, through the true-colour pixels: the fields before `tpixels` have
// kept their places since libgd 2.0 (gd.h keeps new ones at the end for binary compatibility).
#define BOOKTAG_GD_IMAGE_FIELDS                                                                   \
    unsigned char **pixels;                                                                       \
    int sx;                                                                                       \
    int sy;                                                                                       \
    int colorsTotal;                                                                              \
    int red[256], green[256], blue[256], open[256];                                               \
    int transparent;                                                                              \
    int *polyInts;                                                                                \
    int polyAllocated;                                                                            \
    struct gdImageStruct *brush, *tile;                                                           \
    int brushColorMap[256], tileColorMap[256];                                                    \
    int styleLength, stylePos;                                                                    \
    int *style;                                                                                   \
    int interlace, thick;                                                                         \
    int alpha[256];                                                                               \
    int trueColor;                                                                                \
    int **tpixels;

#ifndef BOOKTAG_SYSTEM_HEADERS
typedef struct gdImageStruct {
    BOOKTAG_GD_IMAGE_FIELDS
    // ...and libgd's own fields after these: booktag never allocates or copies one.
} gdImage;
typedef gdImage *gdImagePtr;
typedef void (*gdErrorMethod)(int priority, const char *format, va_list arguments);
#define gdTrueColor(r, g, b) (((r) << 16) + ((g) << 8) + (b))
#define gdImageSX(im) ((im)->sx)
#define gdImageSY(im) ((im)->sy)
#else
#include <stddef.h>
struct booktag_gd_image_mirror {
    BOOKTAG_GD_IMAGE_FIELDS
};
_Static_assert(offsetof(gdImage, sx) == offsetof(struct booktag_gd_image_mirror, sx), "gdImage.sx moved");
_Static_assert(offsetof(gdImage, sy) == offsetof(struct booktag_gd_image_mirror, sy), "gdImage.sy moved");
_Static_assert(offsetof(gdImage, tpixels) == offsetof(struct booktag_gd_image_mirror, tpixels), "gdImage.tpixels moved");
#endif

gdImagePtr gdImageCreateTrueColor(int sx, int sy);
void gdImageDestroy(gdImagePtr im);
int gdImagePaletteToTrueColor(gdImagePtr src);
gdImagePtr gdImageCreateFromJpegPtrEx(int size, void *data, int ignore_warning);
gdImagePtr gdImageCreateFromPngPtr(int size, void *data);
gdImagePtr gdImageCreateFromGifPtr(int size, void *data);
gdImagePtr gdImageCreateFromWebpPtr(int size, void *data);
void *gdImageJpegPtr(gdImagePtr im, int *size, int quality);
void gdFree(void *m);
int gdImageGetTrueColorPixel(gdImagePtr im, int x, int y);
void gdImageFilledRectangle(gdImagePtr im, int x1, int y1, int x2, int y2, int color);
void gdSetErrorMethod(gdErrorMethod);

// 0 once libgd is loaded (a second call is free); -1 if it cannot be, with the reason in
// booktag_gd_error().
int booktag_gd_load(void);
const char *booktag_gd_error(void);

gdImagePtr booktag_gdImageCreateTrueColor(int width, int height);
void booktag_gdImageDestroy(gdImagePtr image);
int booktag_gdImagePaletteToTrueColor(gdImagePtr image);
gdImagePtr booktag_gdImageCreateFromJpegPtrEx(int size, void *data, int ignoreWarnings);
gdImagePtr booktag_gdImageCreateFromPngPtr(int size, void *data);
gdImagePtr booktag_gdImageCreateFromGifPtr(int size, void *data);
gdImagePtr booktag_gdImageCreateFromWebpPtr(int size, void *data);
void *booktag_gdImageJpegPtr(gdImagePtr image, int *size, int quality);
void booktag_gdFree(void *memory);
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

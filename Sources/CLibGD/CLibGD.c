#include "CLibGD.h"

#include "CLazyLibrary.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

// The functions booktag calls, each typed by its declaration in CLibGD.h (gd.h's own).
#define BOOKTAG_GD_FUNCTIONS(X)                                                                        \
    X(gdImageCreateTrueColor) X(gdImageDestroy) X(gdImagePaletteToTrueColor) X(gdImageCreateFromJpegPtrEx) \
    X(gdImageCreateFromPngPtr) X(gdImageCreateFromGifPtr) X(gdImageCreateFromWebpPtr) X(gdImageJpegPtr)  \
    X(gdFree) X(gdImageGetTrueColorPixel) X(gdImageFilledRectangle) X(gdSetErrorMethod)

#define BOOKTAG_GD_POINTER(name) __typeof__(name) *name;
static struct {
    BOOKTAG_GD_FUNCTIONS(BOOKTAG_GD_POINTER)
} api;
#undef BOOKTAG_GD_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char error[512] = "libgd was not loaded";

// libgd reports problems (a corrupt JPEG, say) as "GD Warning:" lines on stderr unless an error
// method is installed. booktag decides itself what to tell the user, so it installs a silent one.
static void ignore(int priority, const char *format, va_list arguments) {
    (void)priority;
    (void)format;
    (void)arguments;
}

static void load(void) {
    static const char *const sonames[] = {"libgd.so.3", NULL};
    const booktag_library library = {sonames, "libgd3"};
#define BOOKTAG_GD_ENTRY(name) {#name, (void **)&api.name},
    const booktag_function functions[] = {BOOKTAG_GD_FUNCTIONS(BOOKTAG_GD_ENTRY)};
#undef BOOKTAG_GD_ENTRY
    if (booktag_open_libraries(&library, 1, 0, functions, sizeof functions / sizeof functions[0], error, sizeof error) != 0) return;
    api.gdSetErrorMethod(ignore);
    loaded = 0;
}

int booktag_gd_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *booktag_gd_error(void) {
    return error;
}

gdImagePtr booktag_gdImageCreateTrueColor(int width, int height) { return api.gdImageCreateTrueColor(width, height); }
void booktag_gdImageDestroy(gdImagePtr image) { api.gdImageDestroy(image); }
int booktag_gdImagePaletteToTrueColor(gdImagePtr image) { return api.gdImagePaletteToTrueColor(image); }
gdImagePtr booktag_gdImageCreateFromJpegPtrEx(int size, void *data, int ignoreWarnings) { return api.gdImageCreateFromJpegPtrEx(size, data, ignoreWarnings); }
gdImagePtr booktag_gdImageCreateFromPngPtr(int size, void *data) { return api.gdImageCreateFromPngPtr(size, data); }
gdImagePtr booktag_gdImageCreateFromGifPtr(int size, void *data) { return api.gdImageCreateFromGifPtr(size, data); }
gdImagePtr booktag_gdImageCreateFromWebpPtr(int size, void *data) { return api.gdImageCreateFromWebpPtr(size, data); }
void *booktag_gdImageJpegPtr(gdImagePtr image, int *size, int quality) { return api.gdImageJpegPtr(image, size, quality); }
void booktag_gdFree(void *memory) { api.gdFree(memory); }
int booktag_gdImageGetTrueColorPixel(gdImagePtr image, int x, int y) { return api.gdImageGetTrueColorPixel(image, x, y); }
void booktag_gdImageFilledRectangle(gdImagePtr image, int x1, int y1, int x2, int y2, int color) { api.gdImageFilledRectangle(image, x1, y1, x2, y2, color); }

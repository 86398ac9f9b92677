#include "CLibGD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static struct {
    gdImagePtr (*createTrueColor)(int, int);
    void (*destroy)(gdImagePtr);
    void (*alphaBlending)(gdImagePtr, int);
    int (*paletteToTrueColor)(gdImagePtr);
    int (*setInterpolationMethod)(gdImagePtr, gdInterpolationMethod);
    gdImagePtr (*scale)(const gdImagePtr, const unsigned int, const unsigned int);
    gdImagePtr (*fromJpegPtrEx)(int, void *, int);
    gdImagePtr (*fromPngPtr)(int, void *);
    gdImagePtr (*fromGifPtr)(int, void *);
    gdImagePtr (*fromWebpPtr)(int, void *);
    void *(*jpegPtr)(gdImagePtr, int *, int);
    void (*free)(void *);
    gdFontPtr (*fontGetLarge)(void);
    void (*string)(gdImagePtr, gdFontPtr, int, int, unsigned char *, int);
    char *(*stringFT)(gdImagePtr, int *, int, const char *, double, double, int, int, const char *);
    int (*getTrueColorPixel)(gdImagePtr, int, int);
    void (*filledRectangle)(gdImagePtr, int, int, int, int, int);
    void (*setErrorMethod)(gdErrorMethod);
} api;

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

#define RESOLVE(field, name)                                                            \
    do {                                                                                \
        *(void **)(&api.field) = dlsym(handle, name);                                   \
        if (api.field == NULL) {                                                        \
            snprintf(error, sizeof error, "libgd.so.3 lacks %s: install libgd3 2.3 or later", name); \
            return;                                                                     \
        }                                                                               \
    } while (0)

static void load(void) {
    void *handle = dlopen("libgd.so.3", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, sizeof error, "cannot load libgd (%s): install libgd3", reason ? reason : "unknown reason");
        return;
    }
    RESOLVE(createTrueColor, "gdImageCreateTrueColor");
    RESOLVE(destroy, "gdImageDestroy");
    RESOLVE(alphaBlending, "gdImageAlphaBlending");
    RESOLVE(paletteToTrueColor, "gdImagePaletteToTrueColor");
    RESOLVE(setInterpolationMethod, "gdImageSetInterpolationMethod");
    RESOLVE(scale, "gdImageScale");
    RESOLVE(fromJpegPtrEx, "gdImageCreateFromJpegPtrEx");
    RESOLVE(fromPngPtr, "gdImageCreateFromPngPtr");
    RESOLVE(fromGifPtr, "gdImageCreateFromGifPtr");
    RESOLVE(fromWebpPtr, "gdImageCreateFromWebpPtr");
    RESOLVE(jpegPtr, "gdImageJpegPtr");
    RESOLVE(free, "gdFree");
    RESOLVE(fontGetLarge, "gdFontGetLarge");
    RESOLVE(string, "gdImageString");
    RESOLVE(stringFT, "gdImageStringFT");
    RESOLVE(getTrueColorPixel, "gdImageGetTrueColorPixel");
    RESOLVE(filledRectangle, "gdImageFilledRectangle");
    RESOLVE(setErrorMethod, "gdSetErrorMethod");
    api.setErrorMethod(ignore);
    loaded = 0;
}

int booktag_gd_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *booktag_gd_error(void) {
    return error;
}

gdImagePtr booktag_gdImageCreateTrueColor(int width, int height) { return api.createTrueColor(width, height); }
void booktag_gdImageDestroy(gdImagePtr image) { api.destroy(image); }
void booktag_gdImageAlphaBlending(gdImagePtr image, int blending) { api.alphaBlending(image, blending); }
int booktag_gdImagePaletteToTrueColor(gdImagePtr image) { return api.paletteToTrueColor(image); }
int booktag_gdImageSetInterpolationMethod(gdImagePtr image, gdInterpolationMethod method) { return api.setInterpolationMethod(image, method); }
gdImagePtr booktag_gdImageScale(gdImagePtr image, unsigned int width, unsigned int height) { return api.scale(image, width, height); }
gdImagePtr booktag_gdImageCreateFromJpegPtrEx(int size, void *data, int ignoreWarnings) { return api.fromJpegPtrEx(size, data, ignoreWarnings); }
gdImagePtr booktag_gdImageCreateFromPngPtr(int size, void *data) { return api.fromPngPtr(size, data); }
gdImagePtr booktag_gdImageCreateFromGifPtr(int size, void *data) { return api.fromGifPtr(size, data); }
gdImagePtr booktag_gdImageCreateFromWebpPtr(int size, void *data) { return api.fromWebpPtr(size, data); }
void *booktag_gdImageJpegPtr(gdImagePtr image, int *size, int quality) { return api.jpegPtr(image, size, quality); }
void booktag_gdFree(void *memory) { api.free(memory); }
gdFontPtr booktag_gdFontGetLarge(void) { return api.fontGetLarge(); }
void booktag_gdImageString(gdImagePtr image, gdFontPtr font, int x, int y, unsigned char *text, int color) { api.string(image, font, x, y, text, color); }
char *booktag_gdImageStringFT(gdImagePtr image, int *box, int color, const char *font, double size, double angle, int x, int y, const char *text) {
    return api.stringFT(image, box, color, font, size, angle, x, y, text);
}
int booktag_gdImageGetTrueColorPixel(gdImagePtr image, int x, int y) { return api.getTrueColorPixel(image, x, y); }
void booktag_gdImageFilledRectangle(gdImagePtr image, int x1, int y1, int x2, int y2, int color) { api.filledRectangle(image, x1, y1, x2, y2, color); }

#define BOOKTAG_CODEC_LOADER
#include "CodecLibraries.h"
#include "CImageCodec.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct booktag_codec_api booktag_codec;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char error[512] = "libjpeg, libpng and zlib were not loaded";

static void *open_library(const char *name, const char *package) {
    void *handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s): install %s", name, reason ? reason : "unknown reason", package);
    }
    return handle;
}

static void load(void) {
    void *jpeg = open_library("libjpeg.so.62", "libjpeg62-turbo");
    void *png = jpeg ? open_library("libpng16.so.16", "libpng16-16") : NULL;
    void *z = png ? open_library("libz.so.1", "zlib1g") : NULL;
    if (z == NULL) return;
    // Each name is looked up in the three libraries in turn: it lives in exactly one.
#define BOOKTAG_CODEC_RESOLVE(name)                                                             \
    *(void **)(&booktag_codec.name) = dlsym(jpeg, #name);                                       \
    if (booktag_codec.name == NULL) *(void **)(&booktag_codec.name) = dlsym(png, #name);        \
    if (booktag_codec.name == NULL) *(void **)(&booktag_codec.name) = dlsym(z, #name);          \
    if (booktag_codec.name == NULL) {                                                           \
        snprintf(error, sizeof error, "the system's libjpeg, libpng or zlib lacks %s", #name);  \
        return;                                                                                 \
    }
    BOOKTAG_CODEC_FUNCTIONS(BOOKTAG_CODEC_RESOLVE)
#undef BOOKTAG_CODEC_RESOLVE
    loaded = 0;
}

int booktag_codec_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *booktag_codec_error(void) {
    return error;
}

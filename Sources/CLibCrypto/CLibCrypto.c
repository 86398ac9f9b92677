#include "CLibCrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef void EVP_MD, ENGINE;

static struct {
    const EVP_MD *(*sha256)(void);
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char error[512] = "libcrypto was not loaded";

static void load(void) {
    void *handle = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, sizeof error, "cannot load libcrypto (%s): install libssl3", reason ? reason : "unknown reason");
        return;
    }
    *(void **)(&api.sha256) = dlsym(handle, "EVP_sha256");
    *(void **)(&api.digest) = dlsym(handle, "EVP_Digest");
    if (api.sha256 == NULL || api.digest == NULL) {
        snprintf(error, sizeof error, "libcrypto.so.3 lacks EVP_Digest or EVP_sha256: install libssl3");
        return;
    }
    loaded = 0;
}

int booktag_sha256(const void *data, size_t size, unsigned char digest[32]) {
    pthread_once(&once, load);
    if (loaded != 0) return -1;
    unsigned int length = 0;
    if (api.digest(data, size, digest, &length, api.sha256(), NULL) != 1 || length != 32) {
        snprintf(error, sizeof error, "libcrypto could not compute a SHA-256 digest");
        return -1;
    }
    return 0;
}

const char *booktag_crypto_error(void) {
    return error;
}

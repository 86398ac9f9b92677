#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>

enum { MAX_LIBRARIES = 8 };

int booktag_open_libraries(const booktag_library *libraries, size_t libraryCount, int global, const booktag_function *functions,
                           size_t functionCount, char *error, size_t errorSize) {
    void *handles[MAX_LIBRARIES];
    if (libraryCount > MAX_LIBRARIES) {
        snprintf(error, errorSize, "booktag asked for more than %d libraries at once", MAX_LIBRARIES);
        return -1;
    }
    for (size_t i = 0; i < libraryCount; i++) {
        handles[i] = NULL;
        char reason[256] = "no soname given";
        for (const char *const *soname = libraries[i].sonames; *soname && handles[i] == NULL; soname++) {
            handles[i] = dlopen(*soname, RTLD_LAZY | (global ? RTLD_GLOBAL : RTLD_LOCAL));
            const char *why = handles[i] == NULL ? dlerror() : NULL;
            if (why) snprintf(reason, sizeof reason, "%s", why);
        }
        if (handles[i] == NULL) {
            snprintf(error, errorSize, "cannot load %s (%s): install %s", libraries[i].sonames[0] ? libraries[i].sonames[0] : "a library",
                     reason, libraries[i].package);
            return -1;
        }
    }
    for (size_t f = 0; f < functionCount; f++) {
        *functions[f].address = NULL;
        for (size_t i = 0; i < libraryCount && *functions[f].address == NULL; i++) {
            *functions[f].address = dlsym(handles[i], functions[f].name);
        }
        if (*functions[f].address == NULL) {
            int written = snprintf(error, errorSize, "the system's libraries lack %s: install newer", functions[f].name);
            for (size_t i = 0; i < libraryCount && written > 0 && (size_t)written < errorSize; i++) {
                written += snprintf(error + written, errorSize - (size_t)written, "%s %s", i ? "," : "", libraries[i].package);
            }
            return -1;
        }
    }
    return 0;
}

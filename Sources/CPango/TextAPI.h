#ifndef BOOKTAG_TEXT_API_H
#define BOOKTAG_TEXT_API_H

// What CPango's files share: the table of Pango's, cairo's and fontconfig's functions
// (filled by booktag_text_load) and the lock every use of Pango holds.

#include "TextLibraries.h"
#include <pthread.h>

#define BOOKTAG_TEXT_POINTER(name) __typeof__(name) *name;
typedef struct {
    BOOKTAG_TEXT_FUNCTIONS(BOOKTAG_TEXT_POINTER)
} booktag_text_api;
#undef BOOKTAG_TEXT_POINTER

extern booktag_text_api booktag_text_functions;
#define api booktag_text_functions
// Pango objects are not thread-safe: one font map, used by one thread at a time.
extern pthread_mutex_t booktag_text_lock;

// A layout of `text` as booktag_text_layout describes it; the caller holds the lock, and frees
// the layout with g_object_unref. NULL when Pango cannot make one.
PangoLayout *booktag_text_new_layout(const char *text, const char *family, double pixels, int width, int maxLines, int align);

#endif

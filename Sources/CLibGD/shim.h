#ifndef BOOKTAG_CLIBGD_SHIM_H
#define BOOKTAG_CLIBGD_SHIM_H

#include <stdarg.h>
#include <gd.h>
#include <gdfontl.h>

// libgd reports problems (a corrupt JPEG, say) as "GD Warning:" lines on stderr unless an error
// method is installed. booktag decides itself what to tell the user, so it installs a silent one.
static void booktag_gd_ignore(int priority, const char *format, va_list arguments) {
    (void)priority;
    (void)format;
    (void)arguments;
}

static inline void booktag_gd_silence(void) {
    gdSetErrorMethod(booktag_gd_ignore);
}

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

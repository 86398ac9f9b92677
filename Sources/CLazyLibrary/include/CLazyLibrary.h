#ifndef BOOKTAG_CLAZYLIBRARY_H
#define BOOKTAG_CLAZYLIBRARY_H

#include <stddef.h>

// The one way booktag opens a shared library on first use instead of linking it. Only two
// stacks are opened so: Pango with cairo and fontconfig (text on collages), and libgd (GIF and
// WebP covers). Linked, they would be loaded and relocated by every command, with some forty
// libraries behind them, before main; most commands draw nothing.
//
// Each user keeps a table of function pointers whose types come from the libraries' own
// declarations (__typeof__), so the compiler checks every call; this file only fills it.

/// A library file to open: its sonames, tried in order (NULL-terminated), and the Debian
/// package that provides it, named in the error when none opens.
typedef struct {
    const char *const *sonames;
    const char *package;
} booktag_library;

/// A function to look up, by name, in the opened libraries (each in turn), and where its address goes.
typedef struct {
    const char *name;
    void **address;
} booktag_function;

/// Opens every library (RTLD_LAZY; RTLD_GLOBAL when `global`, as Pango's modules need) and
/// resolves every function. Returns 0, or -1 with a one-line reason in `error`, naming the
/// library or function missing and the package to install.
int booktag_open_libraries(const booktag_library *libraries, size_t libraryCount, int global, const booktag_function *functions,
                           size_t functionCount, char *error, size_t errorSize);

#endif

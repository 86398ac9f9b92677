// The aarch64 booktag links Debian unstable's static Swift runtime (the only aarch64 Swift
// runtime these machines have), which was compiled against glibc 2.43's headers and so calls
// twelve names glibc added in 2.38. The archive promises glibc 2.36 (Debian 12), so it is linked
// against Debian 12's glibc, and these definitions give each name its glibc 2.36 equivalent.
// Linked only into the aarch64 build (scripts/cross-arm64), never into the x86_64 one.
//
// The C23 versions differ from these only in reading "0b" binary prefixes (and sscanf's %b).
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *string, char **end, int base) { return strtol(string, end, base); }
long long __isoc23_strtoll(const char *string, char **end, int base) { return strtoll(string, end, base); }
unsigned long __isoc23_strtoul(const char *string, char **end, int base) { return strtoul(string, end, base); }

int __isoc23_sscanf(const char *string, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int read = vsscanf(string, format, arguments);
    va_end(arguments);
    return read;
}

// glibc's internal aliases of libm's functions, which newer libm.a objects name directly.
double __frexp(double value, int *exponent) { return frexp(value, exponent); }
float __frexpf(float value, int *exponent) { return frexpf(value, exponent); }
double __ldexp(double value, int exponent) { return ldexp(value, exponent); }
float __ldexpf(float value, int exponent) { return ldexpf(value, exponent); }
double __scalbn(double value, int exponent) { return scalbn(value, exponent); }
float __scalbnf(float value, int exponent) { return scalbnf(value, exponent); }

// BSD's bounded copies (glibc 2.38): the length of `source`, and at most size - 1 bytes copied.
size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}

size_t strlcat(char *destination, const char *source, size_t size) {
    size_t used = strnlen(destination, size);
    if (used == size) return size + strlen(source);
    return used + strlcpy(destination + used, source, size - used);
}

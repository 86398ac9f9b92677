#define _GNU_SOURCE
#include <malloc.h>
#include <unistd.h>
#include "CBookTagSystem.h"

int booktag_syncfs(int fd) {
    return syncfs(fd);
}

void booktag_return_memory_promptly(void) {
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
}

void booktag_trim_memory(void) {
    malloc_trim(0);
}

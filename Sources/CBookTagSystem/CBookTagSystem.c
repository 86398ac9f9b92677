#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
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

int booktag_open_unnamed(const char *folder) {
    return open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

int booktag_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

int booktag_start_writeback(int fd, long long offset, long long length) {
    return sync_file_range(fd, (off64_t)offset, (off64_t)length, SYNC_FILE_RANGE_WRITE);
}

int booktag_link_unnamed(int fd, const char *path) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, link, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int booktag_format_fixed(char *buffer, unsigned long size, double value, int places) {
    return snprintf(buffer, size, "%.*f", places, value);
}

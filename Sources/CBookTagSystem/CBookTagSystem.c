#define _GNU_SOURCE
#include <unistd.h>
#include "CBookTagSystem.h"

int booktag_syncfs(int fd) {
    return syncfs(fd);
}

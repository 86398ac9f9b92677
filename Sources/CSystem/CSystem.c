#define _GNU_SOURCE
#include <unistd.h>
#include "CSystem.h"

int booktag_syncfs(int fd) {
    return syncfs(fd);
}

#ifndef BOOKTAG_CSYSTEM_H
#define BOOKTAG_CSYSTEM_H

/// syncfs(2): flushes the file system holding `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not define.
int booktag_syncfs(int fd);

#endif

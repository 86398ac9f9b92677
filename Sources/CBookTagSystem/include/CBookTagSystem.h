#ifndef BOOKTAG_CSYSTEM_H
#define BOOKTAG_CSYSTEM_H

/// syncfs(2): flushes the file system holding `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not define.
int booktag_syncfs(int fd);

/// A long-running server's allocator settings: at most two malloc arenas, large blocks (a
/// collage's canvas) always mapped and unmapped on their own, and free memory at the top of the
/// heap given back above 1 MiB. Glibc's defaults grow an arena per thread and raise the mapping
/// threshold after each large free, so memory a job used once stays resident.
void booktag_return_memory_promptly(void);

/// malloc_trim(3): gives the heap's free pages back to the system, after a job.
void booktag_trim_memory(void);

/// open(2) with O_TMPFILE: a user-only file in `folder` that has no name, so it vanishes with
/// the process that made it unless linked; -1 with errno (EOPNOTSUPP, EISDIR) where the file
/// system cannot. Glibc's O_TMPFILE macro does not import into Swift.
int booktag_open_unnamed(const char *folder);

/// Starts writing `length` bytes of `fd` from `offset` to disk without waiting
/// (sync_file_range's SYNC_FILE_RANGE_WRITE), so that a later fsync has only the rest to wait for.
int booktag_start_writeback(int fd, long long offset, long long length);

/// Gives the unnamed file `fd` the name `path` (linkat through /proc/self/fd, which needs no
/// privilege); fails with EEXIST if `path` exists.
int booktag_link_unnamed(int fd, const char *path);

/// renameat2(2) with RENAME_EXCHANGE: swaps the two paths (files or folders) in one atomic
/// step, both of which must exist on one file system; -1 with errno otherwise. `restore` puts a
/// whole new home in place with it. Glibc declares it only under _GNU_SOURCE.
int booktag_exchange_paths(const char *first, const char *second);

/// snprintf(3) of one number as "%.*f" into `buffer`: Swift's variadic bridge (withVaList, and
/// String(format:) through it) looks up a conformance at run time on its first use, which a
/// command that prints one rating feels. Returns what snprintf returns.
int booktag_format_fixed(char *buffer, unsigned long size, double value, int places);

#endif

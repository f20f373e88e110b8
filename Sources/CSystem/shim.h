// C library declarations that Swift's Glibc module leaves out.
#include <malloc.h>

#include <fcntl.h>
#include <linux/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/// When the file at `path` was made, in nanoseconds since 1970, or -1 when the file system keeps no birth time
/// (statx's STATX_BTIME, called directly: the C library declares statx only for _GNU_SOURCE). With the inode it
/// tells a file from a newer one that was given the inode number the first freed.
static inline long long rosterdb_birth_time(const char *path) {
    struct statx info;
    if (syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BTIME, &info) != 0 || !(info.stx_mask & STATX_BTIME)) {
        return -1;
    }
    return (long long)info.stx_btime.tv_sec * 1000000000LL + info.stx_btime.tv_nsec;
}

/// rename(2) that fails with EEXIST instead of replacing `to` (renameat2's RENAME_NOREPLACE, called directly: the C
/// library declares renameat2 only for _GNU_SOURCE). EINVAL where the file system cannot do it.
static inline int rosterdb_rename_no_replace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

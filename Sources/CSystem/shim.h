// C library declarations that Swift's Glibc module leaves out.
#include <malloc.h>

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <linux/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/// What one look at the file `path` names (following links) tells: its device and inode, when it was made (in
/// nanoseconds since 1970, or -1 where the file system keeps no birth time), its size, and when it was last written
/// (nanoseconds since 1970). The birth time, with the inode, tells a file from a newer one that was given the inode
/// number the first freed.
struct rosterdb_file_look {
    unsigned long long device;
    unsigned long long inode;
    long long birth;
    long long size;
    long long modified;
};

/// Looks at `path` with one statx (called directly: the C library declares statx only for _GNU_SOURCE); returns 0,
/// or -1 with errno set.
static inline int rosterdb_look(const char *path, struct rosterdb_file_look *look) {
    struct statx info;
    if (syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BASIC_STATS | STATX_BTIME, &info) != 0) {
        return -1;
    }
    // The encoding of st_dev (glibc's makedev), so that a device reads the same as stat(2) gives it.
    unsigned long long high = info.stx_dev_major, low = info.stx_dev_minor;
    look->device = ((high & 0xfffff000ULL) << 32) | ((high & 0xfffULL) << 8) | ((low & 0xffffff00ULL) << 12)
        | (low & 0xffULL);
    look->inode = info.stx_ino;
    look->birth = (info.stx_mask & STATX_BTIME)
        ? (long long)info.stx_btime.tv_sec * 1000000000LL + info.stx_btime.tv_nsec : -1;
    look->size = (long long)info.stx_size;
    look->modified = (long long)info.stx_mtime.tv_sec * 1000000000LL + info.stx_mtime.tv_nsec;
    return 0;
}

/// rename(2) that fails with EEXIST instead of replacing `to` (renameat2's RENAME_NOREPLACE, called directly: the C
/// library declares renameat2 only for _GNU_SOURCE). EINVAL where the file system cannot do it.
static inline int rosterdb_rename_no_replace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

/// The process's file mode creation mask, read without changing it: umask(2) can only be read by setting it, and a
/// mask set to 0 even for a moment gives a file another thread creates then the wrong permissions. Linux reports the
/// mask in /proc/self/status (since 4.7); only without it is the mask set and restored.
static inline mode_t rosterdb_umask(void) {
    FILE *status = fopen("/proc/self/status", "re");
    if (status) {
        char line[256];
        unsigned int mask;
        while (fgets(line, sizeof line, status)) {
            if (sscanf(line, "Umask: %o", &mask) == 1) {
                fclose(status);
                return (mode_t)mask;
            }
        }
        fclose(status);
    }
    mode_t mask = umask(0);
    umask(mask);
    return mask;
}

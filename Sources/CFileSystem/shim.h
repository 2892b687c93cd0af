#ifndef SCROLLREEL_CFILESYSTEM_SHIM_H
#define SCROLLREEL_CFILESYSTEM_SHIM_H

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

// The one platform-specific call of the output code: a rename that never replaces what is at the
// destination, in one step, so that no file can appear between a check and the rename.
#if defined(__linux__)
// Declared here rather than through _GNU_SOURCE, which a header of a module cannot set for the
// system headers it imports. glibc has had it since 2.28.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#define SCROLLREEL_AT_FDCWD (-100)
#define SCROLLREEL_RENAME_NOREPLACE (1U << 0)
#endif

/// rename(2) that fails with EEXIST when `to` exists. On a file system without an exclusive
/// rename, it checks first, then renames.
static inline int scrollreel_rename_exclusive(const char *from, const char *to) {
#if defined(__linux__)
    int result = renameat2(SCROLLREEL_AT_FDCWD, from, SCROLLREEL_AT_FDCWD, to, SCROLLREEL_RENAME_NOREPLACE);
    if (result == 0 || (errno != EINVAL && errno != ENOSYS)) return result;
#elif defined(__APPLE__)
    int result = renamex_np(from, to, RENAME_EXCL);
    if (result == 0 || (errno != ENOTSUP && errno != EINVAL)) return result;
#endif
    struct stat info;
    if (lstat(to, &info) == 0) { errno = EEXIST; return -1; }
    return rename(from, to);
}

#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the file at a path looked when read: its size and modification time, by lstat(2), so that
/// a link is itself, not what it points to.
///
/// Two readings are equal unless the file was written, truncated or replaced between them (to
/// the file system's time resolution; a replacement of the same size and time to the nanosecond
/// passes). A change of permissions alone keeps them equal. Device and inode numbers are left
/// out: on FUSE and some network file systems they change while the file does not.
struct FileIdentity: Equatable {
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    /// The identity of what is at `path`, or nil when nothing is.
    init?(of path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}

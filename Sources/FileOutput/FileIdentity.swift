#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file is at a path and when it last changed: its device and inode, its size and its
/// modification time, read by lstat(2), so that a link is itself, not what it points to.
///
/// Two readings are equal only if nothing replaced, wrote or truncated the file between them
/// (to the file system's time resolution). A change of permissions alone keeps them equal.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    /// The identity of what is at `path`, or nil when nothing is.
    init?(of path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
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

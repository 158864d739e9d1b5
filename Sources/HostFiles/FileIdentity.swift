import Foundation

/// A file by what it is rather than what it is called (symbolic links followed).
public struct FileIdentity: Equatable {
    public let device: dev_t
    public let inode: ino_t
    public let isRegularFile: Bool

    /// nil when nothing is there, and for devices, FIFOs and sockets.
    public init?(_ path: String) {
        var status = stat()
        guard ByteName.withFileSystemPath(path, { stat($0, &status) }) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else { return nil }
        (device, inode, isRegularFile) = (status.st_dev, status.st_ino, type == S_IFREG)
    }

    /// Whether two paths name one file: the same file if both exist, else the same absolute path.
    public static func same(_ left: String, _ right: String) -> Bool {
        if let one = FileIdentity(left), let other = FileIdentity(right) { return one == other }
        let absolute = { URL(fileURLWithPath: ByteName.shown($0)).standardizedFileURL.path }
        return absolute(left) == absolute(right)
    }

    public static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode
    }
}

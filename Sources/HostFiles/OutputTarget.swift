import Foundation

/// Where a render's WAV file goes, worked out (and checked) before anything is rendered.
///
/// A regular file is written through a temporary file beside it and renamed over it at
/// the end; when the path is a symbolic link, the file it points to is the one
/// replaced, and an existing file keeps its permissions. Anything else (`-` and
/// `/dev/stdout` for standard output, `/dev/null`, a FIFO, a terminal) is written
/// straight through, since renaming over it would replace a device with a file.
public struct OutputTarget {
    public enum Kind: Equatable {
        /// Standard output (`-`, `/dev/stdout`).
        case standardOutput
        /// A device, FIFO or socket, opened and written as it is.
        case special
        /// A regular file, new or replaced.
        case regular
    }

    /// The path as given.
    public let name: String
    public let kind: Kind
    /// The file that is written: the end of any chain of symbolic links.
    public let path: String
    /// For a regular file: the temporary file written first, beside `path`.
    public let temporaryPath: String
    /// For a regular file: the folder it is in, as a path to open, and its name as shown.
    private let folder: String, fileName: String
    /// The permissions, owner and group of the file being replaced, if any.
    let existing: (mode: mode_t, owner: uid_t, group: gid_t)?

    /// The longest name a Linux file system takes, in bytes (`NAME_MAX`).
    static let longestName = 255

    /// A name that is not UTF-8 (`ByteName`) is looked at by its bytes, and its temporary file
    /// is written in its folder (opened by its bytes) and renamed to them at the end; a symbolic
    /// link of such a name is refused rather than followed, since its target would be read back
    /// as a String.
    public init(_ name: String) throws {
        self.name = name
        if ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(name) {
            (kind, path, temporaryPath, existing, folder, fileName) = (.standardOutput, name, "", nil, "", "")
            return
        }
        let isAlias = ByteName.isAlias(name)
        let path = isAlias ? name : try Self.followingLinks(name)
        self.path = path
        var status = stat()
        let found = isAlias ? ByteName.withFileSystemPath(name, { lstat($0, &status) }) == 0 : stat(path, &status) == 0
        if found {
            switch status.st_mode & S_IFMT {
            case S_IFLNK: throw HostError("The output path \(name) is a symbolic link, which lv2render does not follow for a name that is not UTF-8; name the file itself.", kind: .file)
            case S_IFDIR: throw HostError("The output path \(name) is a directory.", kind: .file)
            case S_IFREG: existing = (status.st_mode & 0o7777, status.st_uid, status.st_gid)
            default:
                (kind, temporaryPath, existing, folder, fileName) = (.special, "", nil, "", "")
                return
            }
        } else {
            existing = nil
        }
        kind = .regular
        let url = URL(fileURLWithPath: path)
        let (directory, fileName) = isAlias ? ByteName.folderAndName(of: name) : (url.deletingLastPathComponent().path, url.lastPathComponent)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HostError("The output directory \(directory) does not exist.", kind: .file)
        }
        guard access(directory, W_OK) == 0 else {
            throw HostError("The output directory \(directory) is not writable.", kind: .file)
        }
        if !isAlias {
            guard fileName.utf8.count <= Self.longestName else {
                throw HostError("The output file name \(fileName) is \(fileName.utf8.count) bytes long, more than the \(Self.longestName) a file name can have.", kind: .file)
            }
            guard path.utf8.count < Int(PATH_MAX) else {
                throw HostError("The output path \(path) is \(path.utf8.count) bytes long, more than a path can have.", kind: .file)
            }
        }
        (folder, self.fileName) = (directory, fileName)
        temporaryPath = directory + "/" + Self.temporaryName(for: fileName)
    }

    /// A file of one type (`--midi-out`, `--junit`): a regular file's name must end in one of
    /// `extensions` (any case), so that no file of another type is replaced by mistake;
    /// standard output and devices take any name.
    public init(_ name: String, option: String, extensions: [String], type: String) throws {
        try self.init(name)
        let named = URL(fileURLWithPath: ByteName.shown(path)).pathExtension.lowercased()
        if kind == .regular, !extensions.contains(named) {
            throw HostError("\(option) writes \(type): name it .\(extensions.joined(separator: " or .")), not \(name).")
        }
    }

    /// The temporary file the process `processID` writes for this target (a batch
    /// removes those of the children it had to kill).
    public func temporaryPath(ofProcess processID: pid_t) -> String {
        folder + "/" + Self.temporaryName(for: fileName, processID: processID)
    }

    /// `.NAME.partial-PID`, with NAME shortened as needed to stay a valid file name.
    package static func temporaryName(for fileName: String, processID: pid_t = getpid()) -> String {
        let suffix = ".partial-\(processID)"
        var stem = Substring(fileName)
        while 1 + stem.utf8.count + suffix.utf8.count > longestName { stem.removeLast() }
        return "." + stem + suffix
    }

    /// `path` with every symbolic link at its end followed, also to a file that does not exist yet.
    private static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, Int(PATH_MAX))
            guard length > 0 else { break }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw HostError("The output path \(path) is a chain of symbolic links that does not end.", kind: .file)
    }
}

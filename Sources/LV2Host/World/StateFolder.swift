import HostFiles
import CHostSupport
import CRemovalOnSignal
import Foundation

/// A folder a state is saved into (`--save-state DIR`, `save_state(DIR)`), checked before
/// anything renders: a new folder, an empty one, or one holding a state saved before (its
/// `manifest.ttl` and `state.ttl`, and the files that `state.ttl` names), which the new state
/// replaces. Any other file in it is the user's: the folder is refused, naming it, so that
/// no file of theirs is ever replaced (lilv makes its links over whatever is there). The
/// state is written into a new folder beside it and swapped into place, so that a failure
/// leaves the previous state, or nothing.
public struct StateFolder {
    /// The folder as given.
    public let name: String
    /// The folder, its symbolic links followed.
    let path: String
    /// The regular files in the folder now, which saving replaces: a previous state's.
    public let replacedFiles: [String]
    /// Every file saving replaces or writes, for the guard against the files a command reads.
    public var writtenFiles: [String] {
        replacedFiles + Self.stateFiles.map { path + "/" + $0 }
    }
    /// The files every state holds.
    public static let stateFiles = ["manifest.ttl", "state.ttl"]

    public init(_ name: String) throws {
        self.name = name
        // A name that is not UTF-8 stays its alias (ByteName): resolving it would read it back as a String.
        path = ByteName.isAlias(name) ? name : URL(fileURLWithPath: name).resolvingSymlinksInPath().path
        var status = stat()
        guard ByteName.withFileSystemPath(path, { stat($0, &status) }) == 0 else {
            replacedFiles = []
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw HostError("The state folder \(name) is a file, not a folder; name a new or empty folder for the state.", kind: .file)
        }
        // By their bytes: a sample whose name is not UTF-8 is linked under that name.
        let entries = ByteName.entries(ofFolder: path).sorted { $0.lexicographicallyPrecedes($1) }
        let known = Self.stateFiles.map { Array($0.utf8) } + Self.filesNamed(inStateAt: path)
        if let foreign = entries.first(where: { !known.contains($0) }) {
            throw HostError("The state folder \(name) holds \(ByteName.escaped(foreign)), which is not part of a state saved there; name a new or empty folder, so that no file of yours is replaced.", kind: .file)
        }
        let folderBytes = ByteName.fileSystemPath(path)
        replacedFiles = entries.map { ByteName.alias(for: folderBytes + [UInt8(ascii: "/")] + $0) }.filter { file in
            var status = stat()
            return ByteName.withFileSystemPath(file, { lstat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The files a saved state in `folder` names beside it (`<kick.wav>`, `<samp%FB.wav>`), as
    /// the bytes of their names, or none when the folder holds no state (no manifest naming its
    /// `state.ttl`).
    static func filesNamed(inStateAt folder: String) -> [[UInt8]] {
        guard let manifest = try? String(contentsOfFile: folder + "/manifest.ttl", encoding: .utf8),
              manifest.contains("<state.ttl>"),
              let state = try? String(contentsOfFile: folder + "/state.ttl", encoding: .utf8)
        else { return [] }
        return state.split(separator: "<").compactMap { part -> [UInt8]? in
            guard let end = part.firstIndex(of: ">") else { return nil }
            let reference = part[..<end]
            return reference.isEmpty || reference.contains(":") || reference.contains("/") ? nil : ByteName.percentDecoded(reference)
        }
    }

    /// Writes a state through `write`, which fills the folder it is given, into a new folder
    /// beside this one, then puts that in this one's place and removes the previous state.
    func save(_ write: (String) throws -> Void) throws {
        let (parent, folderName) = ByteName.folderAndName(of: path)
        do {
            // A parent whose name is not UTF-8 is used when it exists, never made under its alias.
            if !ByteName.isAlias(parent) {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } else if !FileManager.default.fileExists(atPath: parent) {
                throw CocoaError(.fileNoSuchFile)
            }
        } catch {
            throw HostError("The state folder \(name) could not be created.", kind: .file)
        }
        let temporary = parent + "/" + OutputTarget.temporaryName(for: folderName)
        try? FileManager.default.removeItem(atPath: temporary)
        guard mkdir(temporary, 0o777) == 0 else {
            throw HostError("The state folder \(name) could not be created (\(String(cString: strerror(errno)))).", kind: .file)
        }
        // A signal or a plugin's crash while the state is written removes the new folder.
        removal_on_signal_set_folder(temporary)
        defer { removal_on_signal_set_folder(nil) }
        do {
            try write(temporary)
            if ByteName.withFileSystemPath(path, { rename(temporary, $0) }) != 0 {
                // Not a new folder nor an empty one: the previous state, swapped out whole.
                guard errno == ENOTEMPTY || errno == EEXIST,
                      ByteName.withFileSystemPath(path, { folder_exchange(temporary, $0) }) == 0 else {
                    throw HostError("The state folder \(name) could not be put in place (\(String(cString: strerror(errno)))).", kind: .file)
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        try? FileManager.default.removeItem(atPath: temporary)
    }
}

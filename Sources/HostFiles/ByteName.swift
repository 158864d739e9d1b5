import Foundation

/// File names given as bytes that are not UTF-8 (a command-line argument, a path from Python),
/// kept as those bytes. Swift's String, swift-argument-parser, Foundation, lilv and libsndfile
/// all take UTF-8 and would replace such bytes with U+FFFD, naming another file. So each such
/// name gets an alias, a String made where the bytes enter, which everything downstream passes
/// around as it would any path:
///
/// - a file or folder that exists is opened once by its bytes (`O_PATH`) and aliased as
///   `/proc/self/fd/N`, which every library opens (and `/proc/self/fd/N/state.ttl` inside a
///   folder); `realpath` of it gives the real name back, so a link lilv makes to it is right;
/// - a name that does not exist yet (an output) is aliased as its folder's `/proc/self/fd/N`
///   (the folder opened by its bytes) and the name escaped: the writers
///   write a temporary file in that folder and rename it to the bytes (`fileSystemPath`).
///
/// Whatever looks at the file itself rather than opening it (its identity, whether it exists, the
/// final rename) goes through `withFileSystemPath`; every sentence shows the name escaped
/// (`bad\xFFname.wav`) through `showingNames(in:)`, never the alias.
public enum ByteName {
    private struct Alias {
        let bytes: [UInt8]
        let shown: String
        /// The descriptor `/proc/self/fd/N` names, if the alias is one.
        let descriptor: Int32?
        /// The `scoped` calls using it; it is forgotten when the last ends, unless it is permanent.
        var users = 0
        /// Made outside any `scoped` call (lv2render's arguments), or kept (`keep`).
        var permanent = false
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var aliases: [String: Alias] = [:]
    nonisolated(unsafe) private static var aliasByBytes: [[UInt8]: String] = [:]
    /// For each thread in a `scoped` call, the aliases that call uses.
    nonisolated(unsafe) private static var scopes: [pthread_t: [String]] = [:]

    /// `bytes` as a path String: itself when it is UTF-8, else its alias.
    public static func alias(for bytes: [UInt8]) -> String {
        if let string = utf8String(bytes) { return string }
        lock.lock()
        defer { lock.unlock() }
        return makeAlias(bytes)
    }

    /// The C string as a path String (a name from Python): see `alias(for:)`.
    public static func alias(_ pointer: UnsafePointer<CChar>) -> String {
        alias(for: bytes(pointer))
    }

    /// `bytes`' alias; with `evenIfUTF8`, a UTF-8 name that exists is opened all the same.
    private static func makeAlias(_ bytes: [UInt8], evenIfUTF8: Bool = false) -> String {
        if !evenIfUTF8, let string = utf8String(bytes) { return string }
        // A name opened stays that alias; one that did not exist is tried again (it may be a folder made since).
        if let known = aliasByBytes[bytes] { return used(known) }
        let alias: String, descriptor: Int32?
        let opened = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            Glibc.open($0.baseAddress!, openedForItsName)
        }
        if opened >= 0 {
            (alias, descriptor) = ("/proc/self/fd/\(opened)", opened)
            aliasByBytes[bytes] = alias
        } else {
            // The folder is opened even when its name is UTF-8: `folder/a\xFF.wav` as text
            // would also name another file, one a user could have called just that.
            let (folder, name) = split(bytes)
            let folderAlias = makeAlias(folder ?? Array(".".utf8), evenIfUTF8: true)
            alias = folderAlias + "/" + escaped(name)
            descriptor = nil
        }
        if aliases[alias] == nil {
            aliases[alias] = Alias(bytes: bytes, shown: escaped(bytes), descriptor: descriptor, permanent: scopes[pthread_self()] == nil)
        }
        return used(alias)
    }

    /// Counts the calling thread's `scoped` call among `alias`'s users.
    private static func used(_ alias: String) -> String {
        if scopes[pthread_self()] != nil {
            scopes[pthread_self()]!.append(alias)
            aliases[alias]!.users += 1
        }
        return alias
    }

    /// The aliases made or used while `body` runs are forgotten, and their descriptors closed,
    /// after it, unless another call still uses them or they are kept: a library call (Python's)
    /// leaves no descriptor open. Each thread's calls are counted apart.
    public static func scoped<T>(_ body: () throws -> T) rethrows -> T {
        let thread = pthread_self()
        lock.lock()
        let outer = scopes[thread]
        scopes[thread] = []
        lock.unlock()
        defer {
            lock.lock()
            for alias in scopes[thread] ?? [] {
                guard var entry = aliases[alias] else { continue }
                entry.users -= 1
                aliases[alias] = entry
                guard entry.users == 0, !entry.permanent else { continue }
                if let descriptor = entry.descriptor { close(descriptor) }
                aliases[alias] = nil
                if aliasByBytes[entry.bytes] == alias { aliasByBytes[entry.bytes] = nil }
            }
            scopes[thread] = outer
            lock.unlock()
        }
        return try body()
    }

    /// Keeps `path` (an alias, or a path in an aliased folder) for the rest of the process, beyond
    /// the `scoped` call that made it: a path a plugin is given (a sample, a state's folder) may be
    /// opened by its worker later. The same bytes get the same alias again, so that keeping one
    /// never adds up.
    public static func keep(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        for alias in aliases.keys where path == alias || path.hasPrefix(alias + "/") { aliases[alias]!.permanent = true }
    }

    /// The folder a file is in, as a path to open, and its name, shown (escaped): where a
    /// writer puts its temporary file, and what it calls it.
    public static func folderAndName(of path: String) -> (folder: String, name: String) {
        let (folder, name) = split(fileSystemPath(path))
        return (alias(for: folder ?? Array(".".utf8)), escaped(name))
    }

    /// The bytes of the file `path` names: the user's for an alias (and for a path inside an
    /// aliased folder), else the path's own UTF-8.
    public static func fileSystemPath(_ path: String) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let alias = aliases[path] { return alias.bytes }
        if let (prefix, alias) = aliases.first(where: { path.hasPrefix($0.key + "/") }) {
            return alias.bytes + Array(path.utf8.dropFirst(prefix.utf8.count))
        }
        return Array(path.utf8)
    }

    /// Runs `body` with the C string of `fileSystemPath(path)`: for what must see the real
    /// name, not an alias (stat, rename, an argument to a child process).
    public static func withFileSystemPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (fileSystemPath(path).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// Every alias and the bytes it stands for, the longest alias first.
    static func knownAliases() -> [(alias: String, bytes: [UInt8])] {
        lock.lock()
        defer { lock.unlock() }
        return aliases.map { ($0.key, $0.value.bytes) }.sorted { $0.alias.count > $1.alias.count }
    }

    /// Whether `path` is an alias: a name that is not UTF-8.
    public static func isAlias(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return aliases[path] != nil
    }

    /// The name as the user gave it, escaped, for an alias; `path` itself otherwise.
    public static func shown(_ path: String) -> String {
        showingNames(in: path)
    }

    /// `text` with every alias in it replaced by the name it stands for, escaped.
    /// With `json`, each replacement is escaped for a JSON string (its backslashes doubled).
    public static func showingNames(in text: String, json: Bool = false) -> String {
        lock.lock()
        let known = aliases.filter { $0.value.descriptor != nil || $0.key != $0.value.shown }
        lock.unlock()
        guard !known.isEmpty, text.contains("/") else { return text }
        var result = text
        for (alias, name) in known.sorted(by: { $0.key.count > $1.key.count }) {
            let shown = json ? name.shown.replacingOccurrences(of: "\\", with: "\\\\") : name.shown
            var replaced = "", rest = Substring(result)
            while let range = rest.range(of: alias) {
                replaced += rest[..<range.lowerBound]
                // /proc/self/fd/5 is no part of /proc/self/fd/57.
                let partOfLonger = range.upperBound < rest.endIndex && rest[range.upperBound].isNumber && name.descriptor != nil
                replaced += partOfLonger ? String(rest[range]) : shown
                rest = rest[range.upperBound...]
            }
            result = replaced + rest
        }
        return result
    }

    /// `text` (a path, `NAME=PATH`) for a child process, which has none of this process's
    /// descriptors: `/proc/self/fd/N` as `/proc/PID/fd/N`, this process's, which the child
    /// opens while this process runs (a check's workers); that form is shown as the name too.
    public static func forChildProcess(_ text: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let start = text.range(of: "/proc/self/fd/")?.lowerBound else { return text }
        let path = text[start...]
        for (alias, entry) in aliases where entry.descriptor != nil && (path == alias || path.hasPrefix(alias + "/")) {
            let inParent = "/proc/\(getpid())/fd/\(entry.descriptor!)"
            aliases[inParent] = Alias(bytes: entry.bytes, shown: entry.shown, descriptor: entry.descriptor, permanent: true)
            return text[..<start] + inParent + path.dropFirst(alias.count)
        }
        return text
    }
}

/// `O_PATH | O_CLOEXEC` (Glibc leaves O_PATH out of Swift's view): opened only to be named,
/// which takes no read permission and opens a folder or a FIFO as well as a file.
private let openedForItsName: Int32 = 0o10000000 | O_CLOEXEC

/// The bytes as a String when they are UTF-8 (and hold no NUL), else nil.
func utf8String(_ bytes: [UInt8]) -> String? {
    guard !bytes.contains(0) else { return nil }
    return String(bytes: bytes, encoding: .utf8)
}

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
/// - a name that does not exist yet (an output) is aliased as its folder's alias (the folder
///   opened by its bytes when that part is not UTF-8) and the name shown escaped: the writers
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
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var aliases: [String: Alias] = [:]
    nonisolated(unsafe) private static var aliasByBytes: [[UInt8]: String] = [:]
    /// Aliases a plugin may open after the call that made them (`keep`).
    nonisolated(unsafe) private static var kept: Set<String> = []

    /// `bytes` as a path String: itself when it is UTF-8, else its alias.
    public static func alias(for bytes: [UInt8]) -> String {
        if let string = utf8String(bytes) { return string }
        lock.lock()
        defer { lock.unlock() }
        return makeAlias(bytes)
    }

    /// The C string as a path String (a name from Python): see `alias(for:)`.
    public static func alias(_ pointer: UnsafePointer<CChar>) -> String {
        alias(for: Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) })
    }

    private static func makeAlias(_ bytes: [UInt8]) -> String {
        if let string = utf8String(bytes) { return string }
        // A name opened stays that alias; one that did not exist is tried again (it may be a folder made since).
        if let known = aliasByBytes[bytes] { return known }
        let alias: String, descriptor: Int32?
        let opened = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            Glibc.open($0.baseAddress!, openedForItsName)
        }
        if opened >= 0 {
            (alias, descriptor) = ("/proc/self/fd/\(opened)", opened)
        } else {
            let (folder, name) = split(bytes)
            let named = escaped(name)
            alias = folder.map { makeAlias($0) + (($0 == [UInt8(ascii: "/")]) ? "" : "/") + named } ?? named
            descriptor = nil
        }
        aliases[alias] = Alias(bytes: bytes, shown: escaped(bytes), descriptor: descriptor)
        if descriptor != nil { aliasByBytes[bytes] = alias }
        return alias
    }

    /// The folder part (nil for a bare name) and the last name of a path, as `dirname` and
    /// `basename` split them (trailing slashes dropped).
    private static func split(_ bytes: [UInt8]) -> (folder: [UInt8]?, name: [UInt8]) {
        let slash = UInt8(ascii: "/")
        var path = bytes[...]
        while path.count > 1, path.last == slash { path.removeLast() }
        guard let last = path.lastIndex(of: slash) else { return (nil, Array(path)) }
        var folder = path[..<last]
        while folder.count > 1, folder.last == slash { folder.removeLast() }
        return (folder.isEmpty ? [slash] : Array(folder), Array(path[(last + 1)...]))
    }

    /// The folder a file is in, as a path to open, and its name, shown (escaped): where a
    /// writer puts its temporary file, and what it calls it.
    public static func folderAndName(of path: String) -> (folder: String, name: String) {
        let (folder, name) = split(fileSystemPath(path))
        return (alias(for: folder ?? Array(".".utf8)), escaped(name))
    }

    /// The names in the folder at `path`, as bytes (`.` and `..` left out); none when it cannot be read.
    public static func entries(ofFolder path: String) -> [[UInt8]] {
        guard let folder = withFileSystemPath(path, { opendir($0) }) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names
    }

    /// A URI reference's `%HH` escapes as the bytes they stand for (`samp%FB.wav`).
    public static func percentDecoded(_ reference: Substring) -> [UInt8] {
        var bytes: [UInt8] = [], utf8 = Array(reference.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// The last name of `path` without its extension, as bytes (`a/b.c.wav` gives `b.c`).
    public static func stem(of path: String) -> [UInt8] {
        let name = split(fileSystemPath(path)).name
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return name }
        return Array(name[..<dot])
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
    public static func showingNames(in text: String) -> String {
        lock.lock()
        let known = aliases.filter { $0.value.descriptor != nil || $0.key != $0.value.shown }
        lock.unlock()
        guard !known.isEmpty, text.contains("/") else { return text }
        var result = text
        for (alias, name) in known.sorted(by: { $0.key.count > $1.key.count }) {
            var searchStart = result.startIndex
            while let range = result.range(of: alias, range: searchStart..<result.endIndex) {
                // /proc/self/fd/5 is no part of /proc/self/fd/57.
                if range.upperBound < result.endIndex, result[range.upperBound].isNumber, name.descriptor != nil {
                    searchStart = range.upperBound
                    continue
                }
                result.replaceSubrange(range, with: name.shown)
                searchStart = result.index(range.lowerBound, offsetBy: name.shown.count)
            }
        }
        return result
    }

    /// The aliases made while `body` runs are forgotten, and their descriptors closed, after
    /// it: a library call (Python's) leaves no descriptor open.
    public static func scoped<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        let before = Set(aliases.keys)
        lock.unlock()
        defer {
            lock.lock()
            for (alias, entry) in aliases where !before.contains(alias) && !kept.contains(alias) {
                if let descriptor = entry.descriptor { close(descriptor) }
                aliases[alias] = nil
                if aliasByBytes[entry.bytes] == alias { aliasByBytes[entry.bytes] = nil }
            }
            lock.unlock()
        }
        return try body()
    }

    /// Keeps `path`, if it is an alias, beyond the `scoped` call that made it: a path a plugin is
    /// given (a sample, a state's folder) may be opened by its worker later. The same bytes get
    /// the same alias again, so that keeping one never adds up.
    public static func keep(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        for alias in aliases.keys where path == alias || path.hasPrefix(alias + "/") { kept.insert(alias) }
    }

    /// The command line's arguments, each that is not UTF-8 as its alias: the whole argument,
    /// the value of `--option=VALUE`, or the value of `NAME=VALUE` after `--set`.
    public static func arguments() -> [String] {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            arguments.append(argument(bytes, after: arguments.last))
        }
        return arguments
    }

    private static func argument(_ bytes: [UInt8], after previous: String?) -> String {
        if let string = utf8String(bytes) { return string }
        let equals = UInt8(ascii: "=")
        var prefixLength = 0
        if bytes.starts(with: Array("--".utf8)), let first = bytes.firstIndex(of: equals) {
            prefixLength = first + 1
            if bytes.starts(with: Array("--set=".utf8)), let second = bytes[prefixLength...].firstIndex(of: equals) {
                prefixLength = second + 1
            }
        } else if previous == "--set", let first = bytes.firstIndex(of: equals) {
            prefixLength = first + 1
        }
        guard let prefix = utf8String(Array(bytes[..<prefixLength])) else { return alias(for: bytes) }
        return prefix + alias(for: Array(bytes[prefixLength...]))
    }

    /// An argument for a child process: the user's bytes wherever an alias stands (`arguments()`
    /// in reverse), so that the child makes its own.
    public static func childArgument(_ argument: String) -> [UInt8] {
        lock.lock()
        let known = aliases
        lock.unlock()
        for (alias, entry) in known.sorted(by: { $0.key.count > $1.key.count }) {
            if argument == alias { return entry.bytes }
            if argument.hasSuffix("=" + alias) {
                return Array(argument.utf8.dropLast(alias.utf8.count)) + entry.bytes
            }
        }
        return fileSystemPath(argument)
    }

    /// The bytes as text, each byte that is not part of a UTF-8 character as \xHH.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var text = "", index = 0
        while index < bytes.count {
            let character = (1...4).lazy.compactMap { length -> (String, Int)? in
                guard index + length <= bytes.count,
                      let decoded = String(bytes: bytes[index..<index + length], encoding: .utf8), decoded.count == 1
                else { return nil }
                return (decoded, length)
            }.first
            if let (decoded, length) = character {
                text += decoded
                index += length
            } else {
                text += String(format: "\\x%02X", bytes[index])
                index += 1
            }
        }
        return text
    }
}

/// `O_PATH | O_CLOEXEC` (Glibc leaves O_PATH out of Swift's view): opened only to be named,
/// which takes no read permission and opens a folder or a FIFO as well as a file.
private let openedForItsName: Int32 = 0o10000000 | O_CLOEXEC

/// The bytes as a String when they are UTF-8 (and hold no NUL), else nil.
private func utf8String(_ bytes: [UInt8]) -> String? {
    guard !bytes.contains(0) else { return nil }
    return String(bytes: bytes, encoding: .utf8)
}

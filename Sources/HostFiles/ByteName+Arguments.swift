import Foundation

/// The command line's arguments, their names that are not UTF-8 as aliases, and back to bytes for a child.
extension ByteName {
    /// The command line's arguments, each that is not UTF-8 as its alias: the whole argument,
    /// the value of `--option=VALUE`, or the value of `NAME=VALUE` after `--set`.
    public static func arguments() -> [String] {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            arguments.append(argument(bytes(pointer), after: arguments.last))
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

    /// `arguments` as a child's NULL-terminated argv, each as `childArgument` gives it; the
    /// caller frees every string.
    public static func childArgv(_ arguments: [String]) -> [UnsafeMutablePointer<CChar>?] {
        arguments.map { argument in
            (childArgument(argument).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { strdup($0.baseAddress!) }
        } + [nil]
    }

    /// An argument for a child process: the user's bytes wherever an alias stands (`arguments()`
    /// in reverse), so that the child makes its own.
    public static func childArgument(_ argument: String) -> [UInt8] {
        for (alias, bytes) in knownAliases() {
            if argument == alias { return bytes }
            if argument.hasSuffix("=" + alias) {
                return Array(argument.utf8.dropLast(alias.utf8.count)) + bytes
            }
        }
        return fileSystemPath(argument)
    }
}

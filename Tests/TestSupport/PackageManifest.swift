import Foundation

/// Package.swift read as text, for tests that follow its targets' dependencies.
public struct PackageManifest {
    public let text: String

    public init() throws {
        text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The quoted names in the `dependencies:` list of `target`'s declaration.
    public func dependencies(of target: String) -> [String] {
        let declarationStart = #"\.(target|systemLibrary|executableTarget|testTarget)\(\s*name: ""# + target + "\""
        guard let start = text.range(of: declarationStart, options: .regularExpression) else { return [] }
        let rest = text[start.upperBound...]
        let end = rest.range(of: #"\n\s*\.(target|systemLibrary|executableTarget|testTarget)\("#, options: .regularExpression)?.lowerBound
            ?? rest.endIndex
        let declaration = rest[..<end]
        guard let list = declaration.range(of: "dependencies: [") else { return [] }
        let names = declaration[list.upperBound...].prefix { $0 != "]" }
        return names.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// `target` and every target it depends on, directly or through others.
    public func reach(of target: String) -> Set<String> {
        var reached: Set<String> = []
        var queue = [target]
        while let next = queue.popLast() {
            guard reached.insert(next).inserted else { continue }
            queue += dependencies(of: next)
        }
        return reached
    }
}

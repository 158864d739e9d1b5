import Foundation

/// The plugin types of a module, found in its sources: each type whose declaration, or an
/// extension of it, conforms to `LV2Plugin`, in the order of the files and of the lines.
///
/// Read from the text rather than compiled: the bundle's entry point must name each type
/// before anything of the author's is built (a C function pointer cannot be made in
/// generic code), and a declaration line is plain enough to read.
enum PluginTypes {
    static func find(inModuleAt folder: URL) -> [String] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path } ?? []
        var types: [String] = []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for type in find(in: text) where !types.contains(type) { types.append(type) }
        }
        return types
    }

    /// `struct Gain: LV2Plugin, ~Copyable {`, `extension Delay: LV2Plugin {`, … at the start
    /// of a line (after attributes and modifiers), with the conformance before the `{`.
    static func find(in text: String) -> [String] {
        let pattern = #"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:public|package|internal|open|final)[ \t]+)*(?:struct|class|enum|extension)[ \t]+([A-Za-z_][A-Za-z0-9_.]*)[ \t]*:([^{]*)\{"#
        let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let conformances = text[Range(match.range(at: 2), in: text)!]
                .split(whereSeparator: { ",& \t\n".contains($0) }).map { $0.replacingOccurrences(of: "LV2Kit.", with: "") }
            return conformances.contains("LV2Plugin") ? name : nil
        }
    }
}

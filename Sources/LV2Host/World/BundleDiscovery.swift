import CHostSupport
import Foundation

/// Reads bundles never read before in a forked child running only C and lilv
/// (`bundle_discovery_read`), so that a bundle that aborts or hangs costs a warning.
enum BundleDiscovery {
    /// What reading one bundle gave: its plugins, or why it is left out.
    enum Outcome {
        case plugins([CataloguedPlugin])
        case failed(String)
    }

    /// How long the child may stay silent within one bundle (it reports each plugin it reads).
    static let timeoutSeconds: Int32 = 10

    /// Reads `bundles`; a child that dies or hangs is started again after the bundle it was on.
    static func read(_ bundles: [String], dynamicManifests: Bool) -> [String: Outcome] {
        let errors = child_output_file()
        defer { if errors >= 0 { close(errors) } }
        let collector = Collector(dynamicManifests: dynamicManifests)
        var start = 0
        while start < bundles.count {
            let remaining = bundles[start...].map { strdup($0 + "/") }
            defer { remaining.forEach { free($0) } }
            var what = [CChar](repeating: 0, count: 256)
            let failed = remaining.map { UnsafePointer($0) }.withUnsafeBufferPointer { paths in
                bundle_discovery_read(paths.baseAddress, Int32(paths.count), dynamicManifests ? 1 : 0, timeoutSeconds * 1000,
                                      errors, { context, line in
                                          guard let context, let line else { return }
                                          Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().take(String(cString: line))
                                      }, Unmanaged.passUnretained(collector).toOpaque(), &what, what.count)
            }
            // -1: all read; -2: stopped by a signal (the command is ending; nothing is blamed or kept).
            guard failed >= 0 else { break }
            let bundle = bundles[start + Int(failed)]
            let printed = collector.bundle == bundle ? Self.text(of: errors, from: collector.outputOffset) : ""
            let happened = String(decoding: what.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            collector.outcomes[bundle] = .failed(Self.failure(bundle, happened, printed: printed, dynamicManifests: dynamicManifests))
            start += Int(failed) + 1
        }
        return collector.outcomes
    }

    /// "The bundle … is left out: reading it (its dynamic manifest included) was ended by signal 6 (Aborted); it printed: …"
    static func failure(_ bundle: String, _ what: String, printed: String, dynamicManifests: Bool) -> String {
        let reading = dynamicManifests ? "reading it (its dynamic manifest included)" : "reading it"
        let output = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = output.isEmpty ? "it printed nothing." : "it printed:\n" + output.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return "The bundle \(bundle) is left out: \(reading) \(what); \(shown)"
    }

    /// What the children wrote to `file` from `offset` on.
    private static func text(of file: Int32, from offset: Int) -> String {
        guard file >= 0 else { return "" }
        var status = stat()
        guard fstat(file, &status) == 0, Int(status.st_size) > offset else { return "" }
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size) - offset, 16_384))
        let count = pread(file, &bytes, bytes.count, off_t(offset))
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    }

    /// The child's lines, gathered bundle by bundle.
    private final class Collector {
        let dynamicManifests: Bool
        var outcomes: [String: Outcome] = [:]
        /// The bundle being read and where its output starts.
        var bundle: String?
        var outputOffset = 0
        var plugins: [CataloguedPlugin] = []
        var dynamicManifestBundle = false

        init(dynamicManifests: Bool) {
            self.dynamicManifests = dynamicManifests
        }

        func take(_ line: String) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "B":
                guard fields.count >= 3 else { return }
                let path = String(fields[1].hasSuffix("/") ? fields[1].dropLast() : fields[1])
                bundle = path
                outputOffset = Int(fields[2]) ?? 0
                plugins = []
                dynamicManifestBundle = PluginCatalogue.hasDynamicManifest(path)
            case "P":
                guard let bundle else { return }
                if let plugin = CataloguedPlugin(reportLine: fields, bundle: bundle, fromDynamicManifestBundle: dynamicManifestBundle) {
                    plugins.append(plugin)
                }
            case "E":
                if let bundle { outcomes[bundle] = .plugins(plugins) }
                bundle = nil
            default:
                break
            }
        }
    }
}

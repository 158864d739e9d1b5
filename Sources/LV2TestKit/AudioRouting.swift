import HostFiles
import LV2Host

/// The channels `render(input:sideChain:)` hands the renderer and the map that routes each to
/// its audio input: the main inputs as lv2render routes a file's channels (one channel feeds
/// them all), the side-chains by port or group symbol. A wrong argument is one sentence that
/// names it, as the test wrote it.
struct AudioRouting {
    /// Every channel, padded with silence to the longest.
    let channels: [[Float]]
    let map: [(channel: Int, symbol: String)]

    init(info: PluginInfo, input: [[Float]], sideChain: [String: [[Float]]]) throws {
        let main = info.mainAudioInputs.map(\.symbol)
        let sideChains = info.ports(.audio, input: true).filter(\.isSideChain)
        guard input.count <= max(main.count, 1), !(input.count > 0 && main.isEmpty) else {
            throw HostError("render(input:) has \(input.count) channels, but the plugin \(info.uri) has \(main.count) main audio input\(main.count == 1 ? "" : "s")\(main.isEmpty ? "" : " (\(main.joined(separator: ", ")))").")
        }
        var channels = input
        var map = input.count == 1 ? main.map { (0, $0) } : input.indices.map { ($0, main[$0]) }
        for (name, audio) in sideChain.sorted(by: { $0.key < $1.key }) {
            let ports = sideChains.filter { $0.symbol == name || Self.groupSymbol($0.group, in: info) == name }.map(\.symbol)
            guard !ports.isEmpty else {
                let names = Set(sideChains.map(\.symbol) + sideChains.compactMap { Self.groupSymbol($0.group, in: info) }).sorted()
                throw HostError("The plugin \(info.uri) has no side-chain input or group \(name) (in sideChain:); its side-chains are \(names.isEmpty ? "none" : names.joined(separator: ", ")).")
            }
            guard audio.count == 1 || audio.count == ports.count else {
                throw HostError("sideChain: \(name) has \(audio.count) channels, but it has \(ports.count) input\(ports.count == 1 ? "" : "s") (\(ports.joined(separator: ", "))): give one, or one for each.")
            }
            let first = channels.count
            channels += audio
            map += ports.enumerated().map { (first + (audio.count == 1 ? 0 : $0), $1) }
        }
        let length = channels.map(\.count).max() ?? 0
        self.channels = channels.map { $0 + [Float](repeating: 0, count: length - $0.count) }
        self.map = map
    }

    /// The `lv2:symbol` of the group `uri`, or the part of its URI after `#`.
    private static func groupSymbol(_ uri: String?, in info: PluginInfo) -> String? {
        guard let uri else { return nil }
        return info.groups.first { $0.uri == uri }?.symbol ?? uri.split(separator: "#").last.map(String.init)
    }
}

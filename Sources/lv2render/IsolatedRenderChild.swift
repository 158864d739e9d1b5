import CRemovalOnSignal
import HostFiles
import Foundation
import LV2Host

/// `render --isolate`, the plugins' side: the child renders the request the parent's command
/// line makes, through the one `Renderer`, with the parent's input and output (`IsolatedRender`)
/// in place of the files. Its own plugin guard names a plugin that crashes or hangs.
extension RenderCommand {
    /// The hidden flag the parent adds to its own command line for the child.
    static let isolatedChildFlag = "--isolated-child"

    func renderForParent(_ stageOptions: [StageOptions]) throws {
        guard plugin_guard_install(pluginTimeout) == 0 else {
            throw HostError("lv2render could not prepare to report a plugin's crash (\(String(cString: strerror(errno)))).")
        }
        let link = try IsolationLink(socket: IsolationLink.childDescriptors[0], memoryDescriptor: IsolationLink.childDescriptors[1])
        let world = try worldOptions.world()
        let source = link.inputFormat.map { ParentInput(link, format: $0) }
        let sampleRate = rate.map(Double.init) ?? source?.sampleRate ?? Double(Self.defaultRate)
        var (request, _) = try prepare(stageOptions, world: world, sampleRate: sampleRate)
        request.collectsMIDIOutput = midiOut != nil
        request.inputMap = map.map { $0.map { ($0.channel, $0.symbol) } }
        var progress = 0.0
        _ = try Renderer(world: world).render(request, input: source, output: { channelCount in
            ParentOutput(link, channelCount: channelCount, progress: { progress })
        }, progress: { progress = $0 }, beforeCleanup: { measurements in
            let result = try IsolatedResult(measurements, peakResidentBytes: peakResidentBytes()).encoded()
            _ = link.ask(.result, count: result.count, payload: result)
            // The parent has written every file: a plugin that crashes in cleanup now costs a warning.
            removal_on_signal_completed(output ?? midiOut)
        })
    }
}

/// The parent's input file, read into the shared region a block at a time.
private final class ParentInput: AudioSource {
    let sampleRate: Double
    let channelCount: Int
    let expectedFrames: Int?
    private let link: IsolationLink

    init(_ link: IsolationLink, format: (sampleRate: Double, channelCount: Int, expectedFrames: Int?)) {
        (sampleRate, channelCount, expectedFrames) = format
        self.link = link
    }

    func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        let region = link.channels(channelCount)
        var filled = 0
        while filled < frames {
            let asked = min(frames - filled, region[0].count)
            let count = link.ask(.read, count: asked)
            for (source, destination) in zip(region, channels) {
                (destination.baseAddress! + filled).update(from: source.baseAddress!, count: count)
            }
            filled += count
            if count < asked { break }
        }
        return filled
    }
}

/// The parent's output file, written from the shared region; nothing crosses when the
/// parent keeps no audio (--midi-out alone).
private final class ParentOutput: AudioSink {
    private let link: IsolationLink
    private let progress: () -> Double
    private let isWanted: Bool

    init(_ link: IsolationLink, channelCount: Int, progress: @escaping () -> Double) {
        self.link = link
        self.progress = progress
        isWanted = link.ask(.open, count: channelCount) != 0
    }

    func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {
        guard isWanted else { return }
        let region = link.channels(channels.count)
        var done = 0
        while done < frames {
            let count = min(frames - done, region[0].count)
            for (source, destination) in zip(channels, region) {
                destination.baseAddress!.update(from: source.baseAddress! + offset + done, count: count)
            }
            _ = link.ask(.write, count: count, progress: progress())
            done += count
        }
    }

    func finish() throws {
        if isWanted { _ = link.ask(.finish, count: 0) }
    }
}

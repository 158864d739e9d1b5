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
        // Not handed down to whatever a plugin starts, which would keep the socket open after we end.
        for descriptor in IsolationLink.childDescriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let link = try IsolationLink(socket: IsolationLink.childDescriptors[0], memoryDescriptor: IsolationLink.childDescriptors[1])
        showsNotesAndWarnings = false
        let world = try worldOptions.world()
        let source = link.inputFormat.map { ParentInput(link, format: $0) }
        let sampleRate = rate.map(Double.init) ?? source?.sampleRate ?? Double(Self.defaultRate)
        let (request, _) = try prepare(stageOptions, world: world, sampleRate: sampleRate)
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

/// The parent's input file, read an exchange at a time into the shared input area and
/// handed out from there block by block.
private final class ParentInput: AudioSource {
    let sampleRate: Double
    let channelCount: Int
    let expectedFrames: Int?
    private let link: IsolationLink
    private let area: [UnsafeMutableBufferPointer<Float>]
    /// The frames of the last exchange, and how many of them were handed out.
    private var available = 0, position = 0
    private var ended = false

    init(_ link: IsolationLink, format: (sampleRate: Double, channelCount: Int, expectedFrames: Int?)) {
        (sampleRate, channelCount, expectedFrames) = format
        self.link = link
        area = link.inputChannels(channelCount)
    }

    func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        var filled = 0
        while filled < frames {
            if position == available {
                guard !ended else { break }
                available = link.ask(.read, count: area[0].count)
                position = 0
                ended = available < area[0].count
                if available == 0 { break }
            }
            let count = min(frames - filled, available - position)
            for (source, destination) in zip(area, channels) {
                (destination.baseAddress! + filled).update(from: source.baseAddress! + position, count: count)
            }
            filled += count
            position += count
        }
        return filled
    }
}

/// The parent's output file, written from the shared output area once an exchange's worth
/// of blocks is there; nothing crosses when the parent keeps no audio (--midi-out alone).
private final class ParentOutput: AudioSink {
    private let link: IsolationLink
    private let progress: () -> Double
    private let isWanted: Bool
    private let area: [UnsafeMutableBufferPointer<Float>]
    /// Frames in the area not yet sent.
    private var pending = 0

    init(_ link: IsolationLink, channelCount: Int, progress: @escaping () -> Double) {
        self.link = link
        self.progress = progress
        area = link.outputChannels(channelCount)
        isWanted = link.ask(.open, count: channelCount) != 0
    }

    func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {
        guard isWanted else { return }
        var done = 0
        while done < frames {
            let count = min(frames - done, area[0].count - pending)
            for (source, destination) in zip(channels, area) {
                (destination.baseAddress! + pending).update(from: source.baseAddress! + offset + done, count: count)
            }
            done += count
            pending += count
            if pending == area[0].count { send() }
        }
    }

    func finish() throws {
        guard isWanted else { return }
        send()
        _ = link.ask(.finish, count: 0)
    }

    private func send() {
        guard pending > 0 else { return }
        _ = link.ask(.write, count: pending, progress: progress())
        pending = 0
    }
}

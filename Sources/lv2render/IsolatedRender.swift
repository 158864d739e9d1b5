import CHostSupport
import CRemovalOnSignal
import HostFiles
import Foundation
import LV2Host

/// `render --isolate`, the parent's side: the plugins run in a child `lv2render render` with
/// the same command line (`IsolatedRenderChild`), which renders through the same `Renderer`;
/// this process reads the input and writes every output file, through `IsolationLink`. A
/// plugin that crashes or hangs ends only the child; this process then removes the partial
/// output and ends with the child's status, or, for a child ended by a signal, says so in
/// one sentence and ends with status 3.
final class IsolatedRender {
    private let processID: pid_t
    private let link: IsolationLink
    private var hasEnded = false
    private var framesWritten = 0

    /// Starts the child with `arguments` (the command line as given, less --isolate) and
    /// the input's format, which it renders through `input`.
    init(arguments: [String], input: AudioSource?) throws {
        var (link, childEnds) = try IsolationLink.parent()
        defer { childEnds.forEach { close($0) } }
        link.inputFormat = input.map { ($0.sampleRate, $0.channelCount, $0.expectedFrames) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        // The child ends with us, however we end (its `stop_with_parent`).
        setenv(LV2RENDER_PARENT_VARIABLE, String(getpid()), 1)
        defer { unsetenv(LV2RENDER_PARENT_VARIABLE) }
        // A name that is not UTF-8 goes as the user's bytes; the child makes its own alias.
        let argv = ByteName.childArgv(["lv2render"] + arguments + [RenderCommand.isolatedChildFlag])
        defer { argv.forEach { free($0) } }
        let processID = child_spawn(executable, argv, STDERR_FILENO, STDERR_FILENO, childEnds, Int32(childEnds.count))
        guard processID > 0 else {
            throw HostError("lv2render could not start the plugins' process (\(String(cString: strerror(errno)))).")
        }
        self.processID = processID
        link.childEnd = child_end_descriptor(processID)
        self.link = link
    }

    /// A child still running when the render is abandoned (an error of ours) is killed.
    deinit {
        if !hasEnded {
            kill(processID, SIGKILL)
            _ = waitStatus()
        }
        close(link.socket)
        if link.childEnd >= 0 { close(link.childEnd) }
    }

    /// How the child's render ended: its measurements (the child waits, with its plugins
    /// alive, until `release`), or the exit status this process must end with, the child
    /// having said why (or this process, for a signal).
    enum Outcome {
        case rendered(RenderMeasurements, childPeakResidentBytes: Int?)
        case failed(status: Int32)
    }

    /// Answers the child until it sends its result or ends: reads `input` into the shared
    /// input area, writes the output area to the sink `output` makes, reports the progress.
    func serve(input: AudioSource?, output: (_ channelCount: Int) throws -> AudioSink,
               progress: (Double) -> Void) throws -> Outcome {
        var sink: (AudioSink, channelCount: Int)?
        while let (request, count, fraction, payload) = try link.nextRequest() {
            switch request {
            case .read:
                guard let input else { throw IsolationLink.misunderstood }
                let channels = link.inputChannels(input.channelCount)
                try link.answer(try input.read(into: channels, frames: min(count, channels[0].count)))
            case .open:
                guard sink == nil else { throw IsolationLink.misunderstood }
                let made = try output(count)
                // Without an audio file (--midi-out alone) no audio need cross.
                if made is DiscardingSink {
                    try link.answer(0)
                } else {
                    sink = (made, count)
                    try link.answer(1)
                }
            case .write:
                guard let (sink, channelCount) = sink else { throw IsolationLink.misunderstood }
                let channels = link.outputChannels(channelCount)
                guard count <= channels[0].count else { throw IsolationLink.misunderstood }
                try sink.write(channels, offset: 0, frames: count)
                framesWritten += count
                progress(fraction)
                try link.answer(0)
            case .finish:
                try sink?.0.finish()
                try link.answer(0)
            case .result:
                let result = try IsolatedResult.decoded(payload)
                return .rendered(result.measurements, childPeakResidentBytes: result.peakResidentBytes)
            }
        }
        return ended()
    }

    /// Lets the child free its plugins, now that every file is written, and waits for it. A
    /// plugin that crashes in cleanup now costs nothing but a warning (the child's own, or
    /// this one for a child ended by a signal).
    func release() throws {
        try link.answer(0)
        let status = waitStatus()
        hasEnded = true
        if let signal = Self.signal(status) {
            printWarning("The plugins' process (--isolate) was ended by \(Self.describe(signal)) as it freed the plugins, after the output was complete; the files stand.")
        }
    }

    /// The child ended before its result: its status when it said why (a plugin's crash, an
    /// error), else one sentence here and status 3.
    private func ended() -> Outcome {
        let status = waitStatus()
        hasEnded = true
        if let signal = Self.signal(status) {
            printError("The plugins' process (--isolate) was ended by \(Self.describe(signal)) after \(framesWritten) frames had been written, so the render stopped.")
            return .failed(status: PLUGIN_FAILURE_STATUS)
        }
        let code = Int32(status >> 8 & 0xFF)
        guard code != 0 else {
            printError("The plugins' process (--isolate) ended without its result, so the render stopped.")
            return .failed(status: PLUGIN_FAILURE_STATUS)
        }
        return .failed(status: code)
    }

    private func waitStatus() -> Int32 {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0, errno == EINTR {}
        return status
    }

    private static func signal(_ status: Int32) -> Int32? {
        status & 0x7F == 0 ? nil : status & 0x7F
    }

    /// "signal 9 (Killed)".
    private static func describe(_ signal: Int32) -> String {
        "signal \(signal) (\(String(cString: strsignal(signal))))"
    }
}

import ArgumentParser
import HostFiles
import CRemovalOnSignal
import Foundation
import LV2Host

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a plugin, or a chain of plugins, to an audio file.",
        usage: """
            lv2render render <uri> --output <file> [--midi <file> | --notes <spec>] [--input <file>] \
            [--set <symbol=value>]... [--preset <preset>] [--then <uri> [--set <symbol=value>]... [--preset <preset>]]... [<options>]
            """,
        discussion: """
            The render lasts until the input and the MIDI end, then, after the chain's latency, \
            until the output has been silent for 0.1 s or has held a steady level (dither, noise, \
            hum) for 1.4 s, at most \(Int(RenderRequest.tailCapSeconds)) s; or --tail seconds; or exactly --duration seconds. It \
            streams, so its length costs no memory.

            --then URI adds a plugin fed by the previous one's audio outputs; the --set and \
            --preset options after it apply to that plugin.

            --preset takes a preset's URI, its label (any case) or its URI's last part \
            (am-radio for urn:swiftlv2:rate-adapter#am-radio); it is loaded before the --sets. \
            lv2render info URI lists a plugin's presets.

            The output's extension chooses its type: .wav (also for - and names without one), \
            .flac, .ogg, .opus, .aiff, .caf or .mp3. A batch (several --input files with \
            --output-dir DIR) writes each input to DIR/NAME.wav, NAME being the input's file \
            name without its extension, one child process per file, --jobs at a time.
            """)

    @OptionGroup var firstStage: StageOptions

    @OptionGroup var worldOptions: WorldOptions

    // Every option takes the next argument as its value even when it starts with "-",
    // so that `--rate -1` is refused as out of range and `-o -` means standard output.

    @Option(name: .shortAndLong, parsing: .unconditional,
            help: ArgumentHelp("The audio file to write, of the type its extension names (.wav, .flac, .ogg, .opus, .aiff, .caf, .mp3); - for WAV on standard output. (Not needed with --midi-out alone.)", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Write the MIDI the last plugin sends as a Standard MIDI File, each event at its frame.", valueName: "file"))
    var midiOut: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A Standard MIDI File (type 0 or 1) to play.", valueName: "file"))
    var midi: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Notes to play: NOTE@START:DURATION[:VELOCITY],… with times in seconds.", valueName: "spec"))
    var notes: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Connect input file channels (from 1) to the first plugin's audio inputs by symbol; the others get silence.",
                               valueName: "ch:symbol,…"),
            transform: { argument in
                try argument.split(separator: ",", omittingEmptySubsequences: false).map { item in
                    let parts = item.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, let channel = Int(parts[0]), channel >= 1 else {
                        throw ValidationError("--map takes CH:SYMBOL,… with channels counted from 1, not \"\(argument)\".")
                    }
                    return InputMapping(channel: channel - 1, symbol: String(parts[1]))
                }
            })
    var map: [InputMapping]?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The tempo for plugins that follow the transport (default: 120, or the --midi file's tempo map).", valueName: "bpm"))
    var bpm: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The meter for plugins that follow the transport. (default: 4/4)", valueName: "beats/unit"),
            transform: { argument in
                do { return try Transport.Meter(argument) } catch let error as HostError { throw ValidationError(error.description) }
            })
    var meter: Transport.Meter = .common

    @Option(name: .customLong("input"), parsing: .upToNextOption,
            help: ArgumentHelp("Audio files (WAV, FLAC, AIFF) to process; several need --output-dir.", valueName: "file"))
    var inputs: [String] = []

    /// The one input of a single render.
    var input: String? { inputs.first }

    @Option(parsing: .unconditional, help: ArgumentHelp("Render each --input to DIR/NAME.wav.", valueName: "dir"))
    var outputDir: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How many --input files to render at a time. (default: the number of cores)", valueName: "n"))
    var jobs: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The sample rate in hertz. (default: the input file's, else \(Self.defaultRate))", valueName: "hz"))
    var rate: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames per run: N, or random:MIN-MAX[:SEED] (seed 1 if left out). (default: \(RenderRequest.defaultBlockLength))", valueName: "n"),
            transform: BlockPattern.init(argument:))
    var block: BlockPattern = .fixed(RenderRequest.defaultBlockLength)

    @Option(parsing: .unconditional, help: ArgumentHelp("Render exactly this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to render after the input and the notes end.", valueName: "seconds"))
    var tail: Double?

    @Flag(help: "Drop the reported latency from the start and render that much longer.")
    var compensateLatency = false

    @Flag(help: "Give each plugin the same buffer for its audio inputs and outputs.")
    var inPlace = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The output samples: pcm16, pcm24 or float32. (default: float32; pcm24 for FLAC; none to choose for Ogg, Opus, MP3)", valueName: "format"),
            transform: { argument in
                guard let format = SampleFormat(rawValue: argument) else {
                    throw ValidationError("--format takes pcm16, pcm24 or float32, not \"\(argument)\".")
                }
                return format
            })
    var format: SampleFormat?

    @Flag(help: "Print the summary as a JSON object.")
    var json = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Stop the render when one call into a plugin takes longer than this; 0 waits for ever. (default: \(Int(Self.defaultPluginTimeout)))",
                               valueName: "seconds"))
    var pluginTimeout: Double = Self.defaultPluginTimeout

    @Flag(help: "Run the plugins in a process of their own, which exchanges the audio with lv2render through shared memory: a plugin that crashes, hangs or is killed cannot take lv2render with it, and --midi-out's file survives a crash in cleanup. Costs the second process's start (about 0.1 s).")
    var isolate = false

    /// The plugins' process of --isolate (`IsolatedRenderChild`).
    @Flag(name: .customLong(String(Self.isolatedChildFlag.dropFirst(2))), help: .hidden)
    var isolatedChild = false

    /// Long enough for a sampler to load a large SoundFont in one call.
    static let defaultPluginTimeout: Double = 60

    func validate() throws {
        guard pluginTimeout.isFinite, pluginTimeout >= 0 else {
            throw ValidationError("--plugin-timeout takes a number of seconds, 0 or more, not \(pluginTimeout.compactDescription).")
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be at least 1, not \(jobs).")
        }
        if outputDir != nil || inputs.count > 1 {
            guard outputDir != nil else { throw ValidationError("Several --input files need --output-dir DIR.") }
            guard output == nil, midiOut == nil, firstStage.saveState == nil else {
                throw ValidationError("--output-dir names every output itself; leave out --output, --midi-out and --save-state.")
            }
            guard !inputs.isEmpty else { throw ValidationError("--output-dir needs --input files to render.") }
            return
        }
        guard output != nil || midiOut != nil else {
            throw ValidationError("Missing expected argument '--output <file>'.")
        }
        guard midi == nil || notes == nil else {
            throw ValidationError("--midi and --notes cannot be used together.")
        }
        guard midi == nil || bpm == nil else {
            throw ValidationError("--bpm and --midi cannot be used together: the MIDI file's tempo map sets the tempo.")
        }
        if let bpm, !Transport.tempoRange.contains(bpm) {
            throw ValidationError("The tempo must be between \(Int(Transport.tempoRange.lowerBound)) and \(Int(Transport.tempoRange.upperBound)) beats per minute, not \(bpm.compactDescription).")
        }
        guard duration == nil || tail == nil else {
            throw ValidationError("--duration and --tail cannot be used together.")
        }
        do {
            try RenderRequest.checkTiming(sampleRate: Double(rate ?? Self.defaultRate), duration: duration, tail: tail)
        } catch let error as HostError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        try run(chain: [])
    }

    /// The render rate without --rate and without an input file.
    static let defaultRate = Int(RenderRequest.defaultSampleRate)

    /// Renders the first stage followed by `chain`, the plugins given with --then.
    func run(chain: [StageOptions]) throws {
        let stageOptions = [firstStage] + chain
        if let outputDir {
            guard chain.allSatisfy({ $0.saveState == nil }) else {
                throw ValidationError("--output-dir names every output itself; leave out --output, --midi-out and --save-state.")
            }
            return try runBatch(stageOptions, outputDirectory: outputDir)
        }
        if isolatedChild { return try renderForParent(stageOptions) }
        // From here on, a plugin that crashes or hangs ends the render with one sentence
        // (with --isolate, the plugins' process does).
        guard isolate || plugin_guard_install(pluginTimeout) == 0 else {
            throw HostError("lv2render could not prepare to report a plugin's crash (\(String(cString: strerror(errno)))).")
        }
        // From here on, what a plugin prints goes to stderr, not into the data.
        DataOutput.reserve()
        let target = try output.map { try OutputTarget($0) }
        let outputFormat = try target.map { try OutputFormat(target: $0, requested: format) }
        let midiTarget = try midiOut.map { try OutputTarget($0, option: "--midi-out", extensions: ["mid", "midi"], type: "a Standard MIDI File") }
        let world = try worldOptions.world()
        let source = try input.map { try AudioFileReader(path: $0) }
        let sampleRate = rate.map(Double.init) ?? source?.sampleRate ?? Double(Self.defaultRate)
        if map != nil, input == nil {
            throw ValidationError("--map connects the channels of an --input file; give one.")
        }
        let request: RenderRequest
        var reads: ReadFiles
        (request, reads) = try prepare(stageOptions, world: world, sampleRate: sampleRate)
        if let input { reads.add(input, option: "--input \(input)") }
        try checkOutputs([target, midiTarget], stages: request.stages, against: reads)
        // The MIDI file is written after the plugins are freed: a crash in cleanup loses it.
        removal_on_signal_outputs_pending(midiTarget == nil ? 0 : 1)

        let makeSink = { (channelCount: Int) throws -> AudioSink in
            guard let target, let outputFormat else { return DiscardingSink() }
            guard channelCount > 0 else {
                throw HostError("The plugin \(request.stages[request.stages.count - 1].plugin.uri) has no audio outputs, so there is no audio for --output; leave it out and keep --midi-out.")
            }
            return try AudioFileWriter(target: target, sampleRate: request.sampleRate, channelCount: channelCount, format: outputFormat)
        }
        let writeMIDI = { (result: RenderMeasurements) throws in
            if let midiTarget { try MIDIFileWriting.write(result.midiOutput, sampleRate: request.sampleRate, to: midiTarget) }
        }
        let result: RenderMeasurements
        var childPeakResidentBytes: Int?
        if isolate {
            let child = try IsolatedRender(arguments: ByteName.arguments().filter { $0 != "--isolate" }, input: source)
            switch try ProgressBar().showing({ try child.serve(input: source, output: makeSink, progress: $0) }) {
            case .failed(let status):
                try? flushPrinted()
                Foundation.exit(status)
            case .rendered(let measurements, let childPeak):
                result = measurements
                childPeakResidentBytes = childPeak
                // Before the child frees its plugins: a crash there then loses no file.
                try writeMIDI(result)
                try child.release()
            }
        } else {
            result = try ProgressBar().showing { progress in
                try Renderer(world: world).render(request, input: source, output: makeSink, progress: progress)
            }
            try writeMIDI(result)
        }
        guard result.frames > 0 else {
            throw HostError("The render is empty (0 frames), so no file was written.")
        }
        result.warnings.forEach { printWarning($0) }
        result.notes.forEach { printNote($0) }
        if !result.peakDBFS.isFinite { warnAboutSilence(request) }
        if result.nonFiniteSamples > 0 {
            printWarning("The plugins output \(result.nonFiniteSamples) sample\(result.nonFiniteSamples == 1 ? "" : "s") that \(result.nonFiniteSamples == 1 ? "is" : "are") not a number (NaN or infinity); \(result.nonFiniteSamples == 1 ? "it was" : "they were") written as 0.")
        }
        if let outputFormat, let sample = outputFormat.sample, outputFormat.clips, result.samplesOverFullScale > 0 {
            let count = result.samplesOverFullScale
            printWarning("\(count) sample\(count == 1 ? " was" : "s were") beyond full scale and clipped in the \(sample.rawValue) file; lower the level or use --format float32.")
        }
        if result.endReason == .tailCap {
            printWarning("The output was still changing \(Int(RenderRequest.tailCapSeconds)) s after the input and the notes ended, so the render stops at that cap; choose the length with --tail or --duration.")
        }
        // With --isolate, both processes' peaks: they are resident at once.
        let peakResident = peakResidentBytes().map { $0 + (childPeakResidentBytes ?? 0) }
        // The name as given, escaped where it is not UTF-8, never its alias.
        let summary = Summary(result: result, output: ByteName.shown(output ?? midiOut ?? ""), format: outputFormat, peakResidentBytes: peakResident)
        // With the audio or the MIDI on standard output, the summary goes to stderr.
        let text = (json ? summary.json : summary.line) + "\n"
        let onStandardOutput = [target, midiTarget].contains { $0?.kind == .standardOutput }
        if onStandardOutput {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            try DataOutput.write(text)
        }
    }

    /// Refuses outputs that would replace a file the render reads, or each other.
    private func checkOutputs(_ targets: [OutputTarget?], stages: [RenderStage], against reads: ReadFiles) throws {
        // A state folder holding a file of the user's is refused here; else, the files it replaces.
        let stateFiles = try stages.compactMap(\.savedStatePath).flatMap { directory in
            try StateFolder(directory).writtenFiles.map { (option: "--save-state \(directory)", path: $0) }
        }
        let files = zip(targets, ["--output", "--midi-out"]).compactMap { target, option in
            target.flatMap { $0.kind == .standardOutput ? nil : (option: "\(option) \($0.name)", path: $0.path) }
        } + stateFiles
        for (index, file) in files.enumerated() {
            try reads.checkOutput(file.path, option: file.option)
            if let other = files[..<index].first(where: { $0.option != file.option && FileIdentity.same($0.path, file.path) }) {
                throw HostError("\(other.option) and \(file.option) name the same file; give each output its own.")
            }
        }
    }

    /// The request every render of this command line shares (the chain, the timing, the
    /// MIDI) and the files it reads: everything but the audio input and the outputs.
    /// The plugins' process of --isolate prepares it again, from the same command line.
    func prepare(_ stageOptions: [StageOptions], world: LV2World, sampleRate: Double) throws -> (RenderRequest, ReadFiles) {
        var request = RenderRequest(stages: try stageOptions.map { try $0.stage(in: world, sampleRate: sampleRate) })
        request.sampleRate = sampleRate
        request.blocks = block
        request.duration = duration
        request.tail = tail
        request.compensateLatency = compensateLatency
        request.inPlace = inPlace
        request.beatsPerMinute = bpm
        request.meter = meter
        request.collectsMIDIOutput = midiOut != nil
        request.inputMap = map.map { $0.map { ($0.channel, $0.symbol) } }
        var reads = ReadFiles(reader: "the render")
        try reads.addStages(request.stages, world: world)
        if let midi {
            try AudioFile.checkReadable(midi, what: "MIDI file")
            request.midiFile = try MIDIFile(path: midi)
            reads.add(midi, option: "--midi \(midi)")
        }
        if let notes {
            request.midi = try NoteSpec.parse(notes)
        }
        return (request, reads)
    }

    /// Checks once what applies to every file (the plugins, the settings, the presets, the
    /// MIDI, the output directory, which is created when missing), refuses outputs that
    /// would replace an input, then renders each input in a child process.
    private func runBatch(_ stageOptions: [StageOptions], outputDirectory: String) throws {
        let batch = BatchRender(inputs: inputs, outputDirectory: outputDirectory,
                                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                sharedArguments: BatchRender.sharedArguments(ByteName.arguments()))
        let outputs = try batch.outputPaths()
        var (_, reads) = try prepare(stageOptions, world: try worldOptions.world(), sampleRate: Double(rate ?? Self.defaultRate))
        for input in inputs { reads.add(input, option: "--input \(input)") }
        let replaced = outputs.compactMap { output in reads.reader(of: output).map { (output, $0) } }
        if let (output, reader) = replaced.first {
            let more = replaced.count == 1 ? "" : " (and \(replaced.count - 1) more)"
            throw HostError("--output-dir \(outputDirectory) would replace \(output), which \(reader) reads\(more); nothing was rendered: choose another folder.")
        }
        try batch.prepareOutputDirectory()
        try batch.run(outputs: outputs)
    }

    /// An instrument with nothing to play, or an effect with nothing to process, renders
    /// a tenth of a second of silence: say why, since it is surely not what was meant.
    private func warnAboutSilence(_ request: RenderRequest) {
        let plugin = request.stages[0].plugin
        if plugin.isInstrument, !(request.midiFile?.hasNoteOn ?? request.midi.contains(where: \.isNoteOn)) {
            let given = midi ?? notes
            let reason = given == nil ? "no notes were given (--midi or --notes)" : "\(given!) plays no notes"
            printWarning("\(plugin.uri) is an instrument and \(reason), so the render is silent.")
        } else if !plugin.isInstrument, input == nil, !plugin.ports(.audio, input: true).isEmpty, request.midi.isEmpty, request.midiFile == nil {
            printWarning("\(plugin.uri) is an effect and no --input was given, so the render is silent.")
        }
    }
}

/// One `--map` item: an input file channel (from 0) and an audio input's symbol.
struct InputMapping {
    let channel: Int
    let symbol: String
}

/// The most resident memory the process has used so far (`VmHWM`), or nil where /proc does not tell.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
}

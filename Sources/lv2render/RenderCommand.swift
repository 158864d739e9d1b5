import ArgumentParser
import Foundation
import LV2Host

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a plugin, or a chain of plugins, to a WAV file.",
        usage: """
            lv2render render <uri> --output <file> [--midi <file> | --notes <spec>] [--input <file>] \
            [--set <symbol=value>]... [--preset <uri>] [--then <uri> [--set <symbol=value>]... [--preset <uri>]]... [<options>]
            """,
        discussion: """
            The render lasts until the input and the MIDI end, then until the output has been \
            silent for 0.1 s (at most 30 s), or --tail seconds, or exactly --duration seconds.

            --then URI adds a plugin fed by the previous one's audio outputs; the --set and \
            --preset options after it apply to that plugin.
            """)

    @OptionGroup var firstStage: StageOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The WAV file to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("A Standard MIDI File (type 0 or 1) to play.", valueName: "file"))
    var midi: String?

    @Option(help: ArgumentHelp("Notes to play: NOTE@START:DURATION[:VELOCITY],… with times in seconds.", valueName: "spec"))
    var notes: String?

    @Option(help: ArgumentHelp("An audio file (WAV, FLAC, AIFF) to process.", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("The sample rate in hertz.", valueName: "hz"))
    var rate: Int = 48000

    @Option(help: ArgumentHelp("Frames per run: N, or random:MIN-MAX[:SEED] (seed 1 if left out). (default: 512)", valueName: "n"),
            transform: BlockPattern.init(argument:))
    var block: BlockPattern = .fixed(512)

    @Option(help: ArgumentHelp("Render exactly this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Seconds to render after the input and the notes end.", valueName: "seconds"))
    var tail: Double?

    @Flag(help: "Drop the reported latency from the start and render that much longer.")
    var compensateLatency = false

    @Flag(help: "Give each plugin the same buffer for its audio inputs and outputs.")
    var inPlace = false

    @Option(help: ArgumentHelp("The output samples: pcm16, pcm24 or float32 (the default).", valueName: "format"),
            transform: { argument in
                guard let format = SampleFormat(rawValue: argument) else {
                    throw ValidationError("--format takes pcm16, pcm24 or float32, not \"\(argument)\".")
                }
                return format
            })
    var format: SampleFormat = .float32

    @Flag(help: "Print the summary as a JSON object.")
    var json = false

    func validate() throws {
        guard midi == nil || notes == nil else {
            throw ValidationError("--midi and --notes cannot be used together.")
        }
        guard duration == nil || tail == nil else {
            throw ValidationError("--duration and --tail cannot be used together.")
        }
        do {
            try RenderRequest.checkTiming(sampleRate: Double(rate), duration: duration, tail: tail)
        } catch let error as HostError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        try run(chain: [])
    }

    /// Renders the first stage followed by `chain`, the plugins given with --then.
    func run(chain: [StageOptions]) throws {
        try AudioFile.checkWritable(output)
        let world = try LV2World()
        var request = RenderRequest(stages: try ([firstStage] + chain).map { try $0.stage(in: world) })
        request.sampleRate = Double(rate)
        request.blocks = block
        request.duration = duration
        request.tail = tail
        request.compensateLatency = compensateLatency
        request.inPlace = inPlace
        if let midi {
            try AudioFile.checkReadable(midi, what: "MIDI file")
            request.midi = try MIDIFile(path: midi).events
        }
        if let notes {
            request.midi = try NoteSpec.parse(notes)
        }
        if let input {
            request.input = try AudioFile.read(path: input)
        }

        let result = try ProgressBar().showing { try Renderer(world: world).render(request, progress: $0) }
        guard result.frames > 0 else {
            throw HostError("The render is empty (0 frames), so no file was written.")
        }
        try AudioFile.write(result.audio, to: output, format: format)
        let summary = Summary(result: result, output: output)
        print(json ? summary.json : summary.line)
    }
}

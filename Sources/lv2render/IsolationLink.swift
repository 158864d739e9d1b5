import CHostSupport
import HostFiles
import Foundation

/// What joins `render --isolate` to the child process that runs the plugins: a region of
/// shared memory (a memfd) that holds the audio, and a socket for the small messages around
/// it. The child asks and waits, the parent answers, one exchange at a time.
///
/// The region starts with the input's format, written by the parent before the child
/// starts; then come an area for the input and one for the output, each holding one
/// exchange's audio, one channel after the other. An exchange carries many blocks (up to
/// `largestExchange` frames), so that a round trip is paid once per many blocks.
struct IsolationLink {
    /// The child's descriptors for the socket and the memory (`child_spawn`'s 3 and 4).
    static let childDescriptors: [Int32] = [3, 4]
    static let memorySize = 4 << 20
    private static let headerSize = 64
    private static let areaSize = (memorySize - headerSize) / 2
    /// Small enough for an exchange of stereo to stay in a core's cache.
    static let largestExchange = 1 << 14

    let socket: Int32
    private let memory: UnsafeMutableRawPointer
    /// The parent's: readable once the child has ended (`child_end_descriptor`), or -1. A
    /// process a plugin forked keeps the child's end of the socket open after the child dies,
    /// so the socket alone would never tell.
    var childEnd: Int32 = -1

    /// What the child asks.
    enum Request: Int32 {
        /// `count` input frames into the input area; the answer is how many there were.
        case read = 1
        /// The output has `count` channels: the parent opens its file.
        case open
        /// `count` output frames are in the output area; `progress` is how far the render is.
        case write
        /// The output is complete.
        case finish
        /// `count` bytes of `IsolatedResult` JSON follow; the parent answers once it has
        /// written every file, and the child may then free the plugins.
        case result
    }

    /// One message from the child: a request, a count, and the render's progress.
    private struct Message {
        var request: Int32
        var count: Int64
        var progress: Double
    }

    /// Maps the region of `memoryDescriptor` and keeps `socket`.
    init(socket: Int32, memoryDescriptor: Int32) throws {
        guard let memory = mmap(nil, Self.memorySize, PROT_READ | PROT_WRITE, MAP_SHARED, memoryDescriptor, 0),
              memory != MAP_FAILED else {
            throw HostError("lv2render could not share memory with the plugins' process (\(String(cString: strerror(errno)))).")
        }
        self.socket = socket
        self.memory = memory
    }

    /// The parent's side: a new region and socket pair; `childEnds` go to `child_spawn`.
    static func parent() throws -> (link: IsolationLink, childEnds: [Int32]) {
        var ends: [Int32] = [-1, -1]
        let memory = child_output_file()  // a memfd, close-on-exec
        guard memory >= 0, ftruncate(memory, off_t(memorySize)) == 0,
              socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw HostError("lv2render could not prepare the plugins' process (\(String(cString: strerror(errno)))).")
        }
        return (try IsolationLink(socket: ends[0], memoryDescriptor: memory), [ends[1], memory])
    }

    // MARK: - The input's format

    /// The input's rate, channels and expected length, or nil without an input.
    var inputFormat: (sampleRate: Double, channelCount: Int, expectedFrames: Int?)? {
        get {
            let fields = memory.assumingMemoryBound(to: Int64.self)
            guard fields[1] > 0 else { return nil }
            return (Double(bitPattern: UInt64(fields[0])), Int(fields[1]), fields[2] < 0 ? nil : Int(fields[2]))
        }
        nonmutating set {
            let fields = memory.assumingMemoryBound(to: Int64.self)
            fields[0] = Int64(bitPattern: (newValue?.sampleRate ?? 0).bitPattern)
            fields[1] = Int64(newValue?.channelCount ?? 0)
            fields[2] = Int64(newValue?.expectedFrames ?? -1)
        }
    }

    // MARK: - Audio in the region

    /// How many frames of `channelCount` channels one exchange holds.
    static func framesPerExchange(channelCount: Int) -> Int {
        min(largestExchange, areaSize / MemoryLayout<Float>.size / max(channelCount, 1))
    }

    /// The input area's buffers for `channelCount` channels of one exchange.
    func inputChannels(_ channelCount: Int) -> [UnsafeMutableBufferPointer<Float>] {
        channels(channelCount, area: 0)
    }

    /// The output area's buffers for `channelCount` channels of one exchange.
    func outputChannels(_ channelCount: Int) -> [UnsafeMutableBufferPointer<Float>] {
        channels(channelCount, area: 1)
    }

    private func channels(_ channelCount: Int, area: Int) -> [UnsafeMutableBufferPointer<Float>] {
        let frames = Self.framesPerExchange(channelCount: channelCount)
        let data = (memory + Self.headerSize + area * Self.areaSize).assumingMemoryBound(to: Float.self)
        return (0..<channelCount).map { UnsafeMutableBufferPointer(start: data + $0 * frames, count: frames) }
    }

    // MARK: - Messages

    /// The child's side: sends a request and waits for the parent's answer. A parent that
    /// is gone (stopped by a signal, which stops the child too) ends the child quietly.
    func ask(_ request: Request, count: Int, progress: Double = 0, payload: [UInt8] = []) -> Int {
        var message = Message(request: request.rawValue, count: Int64(count), progress: progress)
        var answer: Int64 = 0
        guard send(&message, MemoryLayout<Message>.size), payload.isEmpty || payload.withUnsafeBytes({ send($0.baseAddress!, $0.count) }),
              receive(&answer, MemoryLayout<Int64>.size) else { exit(1) }
        return Int(answer)
    }

    /// The parent's side: the child's next request, with its count, progress and payload;
    /// nil when the child has closed its end (it ended).
    func nextRequest() throws -> (request: Request, count: Int, progress: Double, payload: [UInt8])? {
        var message = Message(request: 0, count: 0, progress: 0)
        guard receive(&message, MemoryLayout<Message>.size) else { return nil }
        guard let request = Request(rawValue: message.request), message.count >= 0, message.count <= Int64(Int32.max) else {
            throw Self.misunderstood
        }
        var payload: [UInt8] = []
        if request == .result {
            payload = [UInt8](repeating: 0, count: Int(message.count))
            guard payload.withUnsafeMutableBytes({ receive($0.baseAddress!, $0.count) }) else { return nil }
        }
        return (request, Int(message.count), message.progress, payload)
    }

    /// A message out of turn: the child's memory is not to be trusted any more (a plugin wrote over it).
    static let misunderstood = HostError("The plugins' process (--isolate) sent lv2render a message out of turn, so the render stopped.")

    /// The parent's answer to the child's request.
    func answer(_ value: Int) throws {
        var answer = Int64(value)
        guard send(&answer, MemoryLayout<Int64>.size) else {
            throw HostError("lv2render lost the plugins' process (--isolate) while answering it.")
        }
    }

    private func send(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let result = Glibc.send(socket, bytes + sent, count - sent, Int32(MSG_NOSIGNAL))
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            sent += result
        }
        return true
    }

    private func receive(_ bytes: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        var received = 0
        while received < count {
            guard childEnd < 0 || waitForMessageOrEnd() else { return false }
            let result = recv(socket, bytes + received, count - received, 0)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            received += result
        }
        return true
    }

    /// Waits until the socket has something to read (what the child sent before it ended
    /// included) or the child has ended with nothing more to read: false for the latter.
    private func waitForMessageOrEnd() -> Bool {
        var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: childEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                return true  // let recv say what is wrong
            }
            if descriptors[0].revents != 0 { return true }
            if descriptors[1].revents != 0 { return false }
        }
    }
}

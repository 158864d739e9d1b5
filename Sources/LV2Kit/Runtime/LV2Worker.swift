import CLV2

/// The part of a plugin that runs on the host's worker thread: it loads the files of path
/// parameters and does the work `run` hands it, and it owns nothing the audio thread
/// touches. It is a value of its own, apart from the plugin, so that `work` cannot reach
/// the plugin's state while `run` changes it on another thread.
///
/// What goes between the two threads is copied as bytes: requests, responses and loaded
/// files are `BitwiseCopyable` values, typed at both ends. A file (a sample's frames in a
/// buffer the worker allocated) goes to the plugin's `fileLoaded` on the audio thread; the
/// one it replaces comes back to `unload` here, never freed on the audio thread.
public protocol LV2Worker: ~Copyable {
    /// The plugin's `Parameter`: `load` gets the path parameter by the same case.
    associatedtype Parameter: ParameterList = NoParameters
    /// What `load` makes of a file: typically a struct of buffers it allocated.
    associatedtype File: BitwiseCopyable = NoMessage
    /// What `run` asks of `work`, through `WorkerSchedule.schedule`.
    associatedtype Request: BitwiseCopyable = NoMessage
    /// What `work` answers, for the plugin's `workResponse`.
    associatedtype Response: BitwiseCopyable = NoMessage

    /// Made at `instantiate`, beside the plugin.
    init(sampleRate: Double, host: borrowing HostFeatures)
    /// Loads the file a path parameter names (may allocate, read files, log); nil when it
    /// cannot, and then the parameter keeps its file.
    mutating func load(_ path: UnsafePointer<CChar>, for parameter: Parameter) -> File?
    /// Frees a file the plugin no longer uses (after a newer one reached `fileLoaded`, or at `cleanup`).
    mutating func unload(_ file: File)
    /// Does what `run` scheduled; the answer, if any, reaches `workResponse` before a later `run`.
    mutating func work(_ request: Request) -> Response?
}

extension LV2Worker where Self: ~Copyable {
    public mutating func load(_ path: UnsafePointer<CChar>, for parameter: Parameter) -> File? { nil }
    public mutating func unload(_ file: File) {}
    public mutating func work(_ request: Request) -> Response? { nil }
}

/// The worker of a plugin that has none.
public struct NoWorker<Parameter: ParameterList>: LV2Worker {
    public init(sampleRate: Double, host: borrowing HostFeatures) {}
}

/// A message type for a worker that sends none.
public enum NoMessage: BitwiseCopyable {}

/// What LV2Kit puts in front of every worker message, so that the glue tells its own
/// (files to load and unload) from the plugin's requests.
@usableFromInline
struct WorkerMessageHeader: BitwiseCopyable {
    @usableFromInline enum Kind: UInt32 { case request, response, load, loaded, unload }
    @usableFromInline var kind: UInt32
    @usableFromInline var parameter: UInt32

    @usableFromInline
    init(_ kind: Kind, parameter: Int = 0) {
        self.kind = kind.rawValue
        self.parameter = UInt32(truncatingIfNeeded: parameter)
    }

    /// Where a payload of this alignment starts after the header.
    static func payloadOffset(alignment: Int) -> Int {
        let size = MemoryLayout<WorkerMessageHeader>.size
        return (size + alignment - 1) / alignment * alignment
    }
}

/// A message as it goes through the host's queue: the header, then one typed payload.
@usableFromInline
struct WorkerMessage<Payload: BitwiseCopyable>: BitwiseCopyable {
    @usableFromInline var header: WorkerMessageHeader
    @usableFromInline var payload: Payload

    @usableFromInline
    init(header: WorkerMessageHeader, payload: Payload) {
        self.header = header
        self.payload = payload
    }
}

/// A message the host gave back, read by its header.
struct ReceivedWorkerMessage {
    let kind: WorkerMessageHeader.Kind
    let parameter: Int
    let bytes: UnsafeRawBufferPointer

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= MemoryLayout<WorkerMessageHeader>.size,
              let kind = WorkerMessageHeader.Kind(rawValue: bytes.loadUnaligned(as: UInt32.self)) else { return nil }
        self.kind = kind
        parameter = Int(bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        self.bytes = bytes
    }

    /// The typed payload, when the message is long enough to hold one.
    func payload<Payload: BitwiseCopyable>(_: Payload.Type) -> Payload? {
        let offset = WorkerMessageHeader.payloadOffset(alignment: MemoryLayout<Payload>.alignment)
        guard bytes.count >= offset + MemoryLayout<Payload>.size else { return nil }
        return bytes.loadUnaligned(fromByteOffset: offset, as: Payload.self)
    }

    /// A C string after a payload of `Payload` (the path of a file), when it ends in NUL.
    func path<Payload: BitwiseCopyable>(after _: Payload.Type) -> UnsafePointer<CChar>? {
        let offset = WorkerMessageHeader.payloadOffset(alignment: MemoryLayout<Payload>.alignment) + MemoryLayout<Payload>.stride
        return ReceivedWorkerMessage.cString(in: bytes, from: offset)
    }

    static func cString(in bytes: UnsafeRawBufferPointer, from offset: Int) -> UnsafePointer<CChar>? {
        guard bytes.count > offset, bytes[bytes.count - 1] == 0, let base = bytes.baseAddress else { return nil }
        return (base + offset).assumingMemoryBound(to: CChar.self)
    }
}

import CLV2
import CMath

/// A parameter's new value, as the plugin's `parameterChanged` gets it: numbers clamped
/// into the declared range (and whole for integers), texts as C strings valid for the call.
public enum ParameterValue {
    /// A number or integer parameter's value.
    case number(Float)
    /// A toggle's value.
    case toggle(Bool)
    /// A text or path parameter's value.
    case text(UnsafePointer<CChar>)

    /// The value as a number: a toggle is 0 or 1, a text 0.
    public var number: Float {
        switch self {
        case let .number(value): value
        case let .toggle(isOn): isOn ? 1 : 0
        case .text: 0
        }
    }
}

/// The URIDs of the patch vocabulary, mapped once at `instantiate`.
public struct PatchURIDs: Sendable {
    /// `patch:Set`, `patch:Get`, `patch:property`, `patch:value` and `patch:subject`.
    public let set, get, property, value, subject: LV2_URID

    /// Maps the URIDs with the host's map.
    public init(_ host: borrowing HostFeatures) {
        set = host.urid(URI.patchSet)
        get = host.urid(URI.patchGet)
        property = host.urid(URI.patchProperty)
        value = host.urid(URI.patchValue)
        subject = host.urid(URI.patchSubject)
    }
}

/// The current value of each parameter, kept by the glue beside the plugin on the audio
/// thread: what `patch:Get` answers, what is announced with `patch:Set`, what the state
/// saves. Allocated at `instantiate`; not generic, so that the compiler checks every
/// method `run` calls for allocations and locks.
public struct ParameterStore: ~Copyable {
    /// A message read from the parameter input.
    public enum Message {
        /// `patch:Set` of the parameter at `index` to an atom not yet checked.
        case set(index: Int, value: AtomValue)
        /// `patch:Get` of one parameter, or of all (nil).
        case get(index: Int?)
    }

    /// What a `patch:Set` does: a value for the plugin, or a file for the worker to load
    /// (the message to schedule).
    public enum Change {
        /// The parameter took this value.
        case value(ParameterValue)
        /// A file to load: the request to schedule for the worker.
        case load(UnsafeRawBufferPointer)
    }

    private struct Limits {
        var kind: UInt8 = 0  // 0 path, 1 number, 2 toggle, 3 text
        var isWritable = true
        var isWhole = false
        var lower: Float = 0
        var upper: Float = 0
    }

    /// The longest path or text a parameter keeps, with its NUL (Linux's `PATH_MAX`).
    public static let textCapacity = 4096

    /// How many parameters there are.
    public let count: Int
    /// The patch vocabulary's URIDs.
    public let patch: PatchURIDs
    /// The atom types' URIDs.
    public let atoms: AtomURIDs
    private let keys: UnsafeMutableBufferPointer<LV2_URID>
    private let limits: UnsafeMutableBufferPointer<Limits>
    private let numbers: UnsafeMutableBufferPointer<Float>
    private let texts: UnsafeMutableRawBufferPointer
    private let pending: UnsafeMutableBufferPointer<Bool>
    /// Where a load request is written before it is scheduled.
    private let scratch: UnsafeMutableRawBufferPointer

    /// Room for the parameters of `declarations`, at their defaults, keyed by their URIs
    /// mapped with the host's map.
    public init(_ declarations: [ParameterDeclaration], host: borrowing HostFeatures) {
        count = declarations.count
        patch = PatchURIDs(host)
        atoms = AtomURIDs(host)
        keys = .allocate(capacity: count)
        limits = .allocate(capacity: count)
        numbers = .allocate(capacity: count)
        pending = .allocate(capacity: count)
        pending.initialize(repeating: false)
        texts = .allocate(byteCount: count * Self.textCapacity, alignment: 8)
        texts.initializeMemory(as: UInt8.self, repeating: 0)
        scratch = .allocate(byteCount: MemoryLayout<WorkerMessageHeader>.size + Self.textCapacity, alignment: 8)
        for (index, declaration) in declarations.enumerated() {
            keys[index] = mapURI(declaration.uri, with: host.uridMap)
            var entry = Limits()
            entry.isWritable = declaration.isWritable
            var number: Float = 0
            switch declaration.kind {
            case .path:
                entry.kind = 0
            case let .number(range, defaultValue, _, isWhole):
                entry.kind = 1
                entry.lower = range.lowerBound
                entry.upper = range.upperBound
                entry.isWhole = isWhole
                number = defaultValue
            case let .toggle(defaultValue):
                entry.kind = 2
                number = defaultValue ? 1 : 0
            case let .text(defaultValue):
                entry.kind = 3
                let length = min(defaultValue.utf8CodeUnitCount, Self.textCapacity - 1)
                (texts.baseAddress! + index * Self.textCapacity).copyMemory(from: defaultValue.utf8Start, byteCount: length)
            }
            limits[index] = entry
            numbers[index] = number
        }
    }

    deinit {
        keys.deallocate()
        limits.deallocate()
        numbers.deallocate()
        pending.deallocate()
        texts.deallocate()
        scratch.deallocate()
    }

    /// The state key and `patch:property` of a parameter: its URI, mapped.
    public func key(_ index: Int) -> LV2_URID { keys[index] }

    /// The parameter whose URI maps to `key`.
    @_noAllocation @_noLocks
    public func index(of key: LV2_URID) -> Int? {
        guard key != 0 else { return nil }
        for index in 0..<count where keys[index] == key { return index }
        return nil
    }

    /// A `patch:Set` or `patch:Get` for one of these parameters; nil for any other event.
    @_noAllocation @_noLocks
    public func read(_ event: AtomEvent) -> Message? {
        guard count > 0, atoms.isObject(event.type) else { return nil }
        let object = AtomObject(event.body)
        let property = object.value(patch.property)?.urid(atoms)
        if object.otype == patch.set && patch.set != 0 {
            guard let property, let index = index(of: property), let value = object.value(patch.value) else { return nil }
            return .set(index: index, value: value)
        }
        if object.otype == patch.get && patch.get != 0 {
            guard let property else { return .get(index: nil) }
            return index(of: property).map { .get(index: $0) }
        }
        return nil
    }

    /// Takes a `patch:Set`: a number, toggle or text is kept (and will be announced); a
    /// path becomes a load request for the worker. Nil when the value is not of the
    /// parameter's type, or the parameter is not writable.
    @_noAllocation @_noLocks
    public func set(_ index: Int, to value: AtomValue) -> Change? {
        let entry = limits[index]
        guard entry.isWritable else { return nil }
        switch entry.kind {
        case 0:
            guard let path = value.text(atoms) else { return nil }
            return loadRequest(index, path: path.baseAddress!).map { .load($0) }
        case 1, 2:
            guard let number = value.number(atoms) else { return nil }
            return .value(setNumber(index, Float(number)))
        default:
            guard let text = value.text(atoms) else { return nil }
            return .value(setText(index, text.baseAddress!))
        }
    }

    /// The worker message that asks to load `path` for a path parameter; nil for an empty
    /// path or one longer than `textCapacity`. Valid until the next call.
    @_noAllocation @_noLocks
    public func loadRequest(_ index: Int, path: UnsafePointer<CChar>) -> UnsafeRawBufferPointer? {
        var length = 0
        while length < Self.textCapacity && path[length] != 0 { length += 1 }
        guard length > 0, length < Self.textCapacity else { return nil }
        let header = WorkerMessageHeader(.load, parameter: index)
        let headerSize = MemoryLayout<WorkerMessageHeader>.size
        scratch.baseAddress!.storeBytes(of: header, as: WorkerMessageHeader.self)
        (scratch.baseAddress! + headerSize).copyMemory(from: path, byteCount: length + 1)
        return UnsafeRawBufferPointer(start: scratch.baseAddress, count: headerSize + length + 1)
    }

    /// Keeps a number (clamped, and whole when declared so) and marks it for announcing.
    @_noAllocation @_noLocks
    public func setNumber(_ index: Int, _ value: Float) -> ParameterValue {
        let entry = limits[index]
        pending[index] = true
        if entry.kind == 2 {
            numbers[index] = value != 0 ? 1 : 0
            return .toggle(value != 0)
        }
        var clamped = Swift.min(Swift.max(value, entry.lower), entry.upper)
        if entry.isWhole { clamped = roundToWhole(clamped) }
        numbers[index] = clamped
        return .number(clamped)
    }

    /// Keeps a text or a loaded file's path (cut to `textCapacity`) and marks it for announcing.
    @_noAllocation @_noLocks
    public func setText(_ index: Int, _ newText: UnsafePointer<CChar>) -> ParameterValue {
        let slot = text(at: index)
        var length = 0
        while length < Self.textCapacity - 1 && newText[length] != 0 {
            slot[length] = newText[length]
            length += 1
        }
        slot[length] = 0
        pending[index] = true
        return .text(UnsafePointer(slot))
    }

    /// The current text or path of a parameter (empty when no file is loaded).
    @_noAllocation @_noLocks
    public func text(at index: Int) -> UnsafeMutablePointer<CChar> {
        (texts.baseAddress! + index * Self.textCapacity).assumingMemoryBound(to: CChar.self)
    }

    /// The current value of a number or toggle.
    @_noAllocation @_noLocks
    public func number(at index: Int) -> Float { numbers[index] }

    /// The current value as the plugin gets it.
    @_noAllocation @_noLocks
    public func value(at index: Int) -> ParameterValue {
        switch limits[index].kind {
        case 1: .number(numbers[index])
        case 2: .toggle(numbers[index] != 0)
        default: .text(UnsafePointer(text(at: index)))
        }
    }

    /// Whether the parameter at `index` is a path (loaded by the worker).
    public func isPath(_ index: Int) -> Bool { limits[index].kind == 0 }
    /// Whether hosts may set the parameter at `index` (`patch:writable`).
    public func isWritable(_ index: Int) -> Bool { limits[index].isWritable }

    /// Marks one parameter, or all, to be announced at the next `run` (`patch:Get`).
    @_noAllocation @_noLocks
    public func announce(_ index: Int?) {
        if let index { pending[index] = true; return }
        for index in 0..<count { pending[index] = true }
    }

    /// Writes a `patch:Set` for each parameter marked, on the notify output; what does not
    /// fit waits for the next `run`. A path parameter with no file yet is not announced.
    @_noAllocation @_noLocks
    public func writeAnnouncements(_ output: inout AtomSequenceWriter) {
        for index in 0..<count where pending[index] {
            let entry = limits[index]
            let value: ForgeValue
            switch entry.kind {
            case 0:
                guard text(at: index)[0] != 0 else { pending[index] = false; continue }
                value = .path(UnsafePointer(text(at: index)))
            case 1: value = entry.isWhole ? .int(Int32(numbers[index])) : .float(numbers[index])
            case 2: value = .bool(numbers[index] != 0)
            default: value = .string(UnsafePointer(text(at: index)))
            }
            guard output.beginObject(frame: 0, otype: patch.set) else { return }
            output.addProperty(patch.property, .urid(keys[index]))
            output.addProperty(patch.value, value)
            guard output.endObject() else { return }
            pending[index] = false
        }
    }
}

/// `roundf`, which the performance checker cannot see into.
@_semantics("no_performance_analysis")
private func roundToWhole(_ x: Float) -> Float { roundf(x) }

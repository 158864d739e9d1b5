import CLV2
import CMath

/// The buffers the host connected to a plugin's ports, read and written by the
/// plugin's `Port` enum: `ports.control(.gain)`, `ports.audioOutput(.out)`.
///
/// The glue owns one beside each plugin instance and fills it from `connect_port`; the
/// plugin gets it in `run`. Whatever the host connects, a read is always safe:
/// - a control input reads as its default while unconnected or NaN, is clamped into its
///   declared range, and whole-number controls (integer, toggle, enumeration) are
///   rounded (hosts send 7.9999 for 8);
/// - an unconnected audio or CV port is nil: read it as silence, write nothing;
/// - an event input is walked by `AtomEvents`, which trusts nothing the host wrote;
/// - an event output is set to an empty sequence before every `run`.
///
/// Everything is allocated at `instantiate`; nothing in `run` allocates.
///
/// Each accessor only hands its port's index to `PortBuffers`, whose methods carry
/// `@_noAllocation @_noLocks` and are checked once, here. The accessors themselves are
/// exempt from the checker (`no_performance_analysis`): unspecialized, in a debug build of the
/// plugin's own package (`swift test`), it would refuse the generic code around that call.
public struct Ports<Port: PortList>: ~Copyable {
    @usableFromInline let buffers: PortBuffers

    /// Ports as `instantiate` prepares them, all unconnected; smoothing times count samples at `sampleRate`.
    @_spi(Generated) public init(host: borrowing HostFeatures, sampleRate: Double) {
        buffers = PortBuffers(Port.allCases.map { $0.declaration }, host: host, sampleRate: sampleRate)
    }

    /// Ports that no host connected: every control reads its default. For the values a
    /// plugin starts from, and for tests (smoothing at 48 kHz).
    public init() {
        self.init(host: HostFeatures(nil), sampleRate: 48000)
    }

    /// The URIDs of `atom:Sequence`, `atom:beatTime` and `midi:MidiEvent`, mapped at `instantiate`.
    @inlinable @_semantics("no_performance_analysis") public var urids: SequenceURIDs { buffers.urids }

    /// The URIDs of the atom types (`atom:Float`, `atom:Object`…), mapped at `instantiate`.
    @inlinable @_semantics("no_performance_analysis") public var atoms: AtomURIDs { buffers.atoms }

    /// `connect_port`: an index the plugin does not have is ignored.
    @_spi(Generated) public func connect(_ index: UInt32, to data: UnsafeMutableRawPointer?) {
        buffers.connect(Int(index), to: data)
    }

    /// A control input's value: its default while unconnected or NaN, otherwise clamped
    /// into its range, and rounded when it is an integer, toggle or enumeration.
    @inlinable @_semantics("no_performance_analysis") public func control(_ port: Port) -> Float { buffers.control(port.rawValue) }

    /// A control input as a whole number, for integer and enumeration controls.
    @inlinable @_semantics("no_performance_analysis") public func integer(_ port: Port) -> Int { buffers.integer(port.rawValue) }

    /// A choice control as the case of its enum (`PortDeclaration.choice(_:_:default:comment:)`):
    /// the default's case while the value names none.
    @inlinable @_semantics("no_performance_analysis") public func choice<Choice: ChoiceList>(_ port: Port, as type: Choice.Type = Choice.self) -> Choice {
        Choice(rawValue: buffers.integer(port.rawValue)) ?? Choice(rawValue: buffers.defaultInteger(port.rawValue))!
    }

    /// A control declared with a `smoothing` time, for the next frame: call it once per frame.
    /// It glides linearly to each new value the host sets over that time (from one `run` to the
    /// next), and lands on it exactly; at `activate` it starts at the value set then.
    @inlinable @_semantics("no_performance_analysis") public func smoothed(_ port: Port) -> Float { buffers.smoothed(port.rawValue) }

    /// For toggles: on when the value is at least half way up its range.
    @inlinable @_semantics("no_performance_analysis") public func isOn(_ port: Port) -> Bool { buffers.isOn(port.rawValue) }

    /// Writes a control output, such as a reported latency; nothing while unconnected.
    @inlinable @_semantics("no_performance_analysis") public func write(_ value: Float, to port: Port) { buffers.write(value, to: port.rawValue) }

    /// An audio or CV input's samples; nil while unconnected (read it as silence).
    @inlinable @_semantics("no_performance_analysis") public func input(_ port: Port) -> UnsafePointer<Float>? { buffers.input(port.rawValue) }

    /// An audio or CV output's samples; nil while unconnected (write nothing). Hosts may
    /// give an output the same buffer as an input, so read each input sample before
    /// writing the output sample at the same frame.
    @inlinable @_semantics("no_performance_analysis") public func output(_ port: Port) -> UnsafeMutablePointer<Float>? { buffers.output(port.rawValue) }

    /// An audio or CV input as a buffer of this block's `frames`; nil while unconnected.
    @inlinable @_semantics("no_performance_analysis") public func input(_ port: Port, frames: Int) -> UnsafeBufferPointer<Float>? {
        buffers.input(port.rawValue, frames: frames)
    }

    /// An audio or CV output as a buffer of this block's `frames`; nil while unconnected. (It
    /// may be the same memory as an input: read each input frame before writing its output.)
    @inlinable @_semantics("no_performance_analysis") public func output(_ port: Port, frames: Int) -> UnsafeMutableBufferPointer<Float>? {
        buffers.output(port.rawValue, frames: frames)
    }

    /// The URIDs of `time:Position` and its properties, mapped at `instantiate`.
    @inlinable @_semantics("no_performance_analysis") public var time: TimeURIDs { buffers.time }

    /// The events of an event input in this block, in time order, each within the block.
    @inlinable @_semantics("no_performance_analysis") public func events(_ port: Port, frames: Int) -> AtomEvents { buffers.events(port.rawValue, frames: frames) }

    /// A writer for an event output, which the glue emptied before this `run`.
    @inlinable @_semantics("no_performance_analysis") public func eventOutput(_ port: Port) -> AtomSequenceWriter { buffers.eventOutput(port.rawValue) }

    /// Called by the glue before every `run` (see `PortBuffers.prepareEventOutputs`).
    @_spi(Generated) public func prepareEventOutputs() { buffers.prepareEventOutputs() }

    /// Called by the glue before every `run`: each smoothed control glides to its value now.
    @_spi(Generated) public func prepareSmoothedControls() { buffers.prepareSmoothedControls() }

    /// Called by the glue at `activate`: each smoothed control starts at its value now.
    @_spi(Generated) public func settleSmoothedControls() { buffers.settleSmoothedControls() }
}

/// What `Ports` reads and writes, by port index: the buffers the host connected and
/// what the declarations say of each port. Not generic, so that the compiler checks
/// every method for allocations and locks.
public struct PortBuffers: ~Copyable {
    private let connections: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>
    private let controls: UnsafeMutableBufferPointer<ControlLimits>
    /// The bytes each event output may hold this `run`, by port index (0 for other ports).
    private let outputCapacities: UnsafeMutableBufferPointer<Int>
    private let eventOutputIndices: UnsafeMutableBufferPointer<Int>
    /// One per port; only the controls declared with a smoothing time move.
    private let smoothers: UnsafeMutableBufferPointer<SmoothedValue>
    private let smoothedIndices: UnsafeMutableBufferPointer<Int>
    /// `bufsz:sequenceSize`, when the host announced it.
    private let sequenceSize: Int?
    /// The URIDs event inputs are read with.
    public let urids: SequenceURIDs
    /// The atom types' URIDs, for reading objects from event inputs and writing them to outputs.
    public let atoms: AtomURIDs
    /// The URIDs `time:Position` events are read with.
    public let time: TimeURIDs

    init(_ declarations: [PortDeclaration], host: borrowing HostFeatures, sampleRate: Double) {
        connections = .allocate(capacity: declarations.count)
        connections.initialize(repeating: nil)
        controls = .allocate(capacity: declarations.count)
        controls.initialize(repeating: ControlLimits())
        outputCapacities = .allocate(capacity: declarations.count)
        outputCapacities.initialize(repeating: 0)
        smoothers = .allocate(capacity: declarations.count)
        smoothers.initialize(repeating: SmoothedValue(0, rampLength: 1))
        var outputs: [Int] = [], smoothed: [Int] = []
        for (index, port) in declarations.enumerated() {
            if case .events = port.kind, !port.isInput { outputs.append(index) }
            guard case .control = port.kind, port.isInput, let range = port.range else { continue }
            controls[index] = ControlLimits(range: range, defaultValue: port.defaultValue ?? range.lowerBound,
                                            isWholeNumber: port.isWholeNumber)
            let time = port.smoothing ?? 0
            smoothers[index] = SmoothedValue(Double(controls[index].defaultValue), rampTime: time, sampleRate: sampleRate)
            if time > 0 { smoothed.append(index) }
        }
        eventOutputIndices = .allocate(capacity: outputs.count)
        _ = eventOutputIndices.initialize(from: outputs)
        smoothedIndices = .allocate(capacity: smoothed.count)
        _ = smoothedIndices.initialize(from: smoothed)
        sequenceSize = host.sequenceSize
        urids = SequenceURIDs(host)
        atoms = AtomURIDs(host)
        time = TimeURIDs(host)
    }

    deinit {
        connections.deallocate()
        controls.deallocate()
        outputCapacities.deallocate()
        eventOutputIndices.deallocate()
        smoothers.deallocate()
        smoothedIndices.deallocate()
    }

    func connect(_ index: Int, to data: UnsafeMutableRawPointer?) {
        guard index >= 0, index < connections.count else { return }
        connections[index] = data
    }

    @_noAllocation @_noLocks @usableFromInline
    func control(_ index: Int) -> Float {
        let limits = controls[index]
        guard let raw = connections[index]?.assumingMemoryBound(to: Float.self).pointee, !raw.isNaN else {
            return limits.defaultValue
        }
        let clamped = min(max(raw, limits.lower), limits.upper)
        return limits.isWholeNumber ? roundHalfAway(clamped) : clamped
    }

    @_noAllocation @_noLocks @usableFromInline
    func integer(_ index: Int) -> Int {
        let value = control(index)
        return Int(controls[index].isWholeNumber ? value : roundHalfAway(value))
    }

    @_noAllocation @_noLocks @usableFromInline
    func defaultInteger(_ index: Int) -> Int {
        Int(roundHalfAway(controls[index].defaultValue))
    }

    @_noAllocation @_noLocks @usableFromInline
    func smoothed(_ index: Int) -> Float {
        Float(smoothers[index].next())
    }

    @_noAllocation @_noLocks
    func prepareSmoothedControls() {
        for index in smoothedIndices { smoothers[index].set(Double(control(index))) }
    }

    @_noAllocation @_noLocks
    func settleSmoothedControls() {
        for index in smoothedIndices {
            smoothers[index].set(Double(control(index)))
            smoothers[index].settle()
        }
    }

    @_noAllocation @_noLocks @usableFromInline
    func isOn(_ index: Int) -> Bool {
        let limits = controls[index]
        return control(index) >= (limits.lower + limits.upper) / 2
    }

    @_noAllocation @_noLocks @usableFromInline
    func write(_ value: Float, to index: Int) {
        connections[index]?.assumingMemoryBound(to: Float.self).pointee = value
    }

    @_noAllocation @_noLocks @usableFromInline
    func input(_ index: Int) -> UnsafePointer<Float>? {
        connections[index].map { UnsafePointer($0.assumingMemoryBound(to: Float.self)) }
    }

    @_noAllocation @_noLocks @usableFromInline
    func output(_ index: Int) -> UnsafeMutablePointer<Float>? {
        connections[index]?.assumingMemoryBound(to: Float.self)
    }

    // The buffers of a block are made here, where nothing is generic: in the plugin's own
    // `run`, a debug build would call the buffer types' generic initializers unspecialized,
    // which the real-time checker refuses.
    @_noAllocation @_noLocks @usableFromInline
    func input(_ index: Int, frames: Int) -> UnsafeBufferPointer<Float>? {
        guard let start = input(index) else { return nil }
        return UnsafeBufferPointer(start: start, count: frames)
    }

    @_noAllocation @_noLocks @usableFromInline
    func output(_ index: Int, frames: Int) -> UnsafeMutableBufferPointer<Float>? {
        guard let start = output(index) else { return nil }
        return UnsafeMutableBufferPointer(start: start, count: frames)
    }

    @_noAllocation @_noLocks @usableFromInline
    func events(_ index: Int, frames: Int) -> AtomEvents {
        AtomEvents(connections[index].map { UnsafePointer($0.assumingMemoryBound(to: LV2_Atom_Sequence.self)) },
                   capacity: sequenceSize, ids: urids, blockLength: frames)
    }

    @_noAllocation @_noLocks @usableFromInline
    func eventOutput(_ index: Int) -> AtomSequenceWriter {
        AtomSequenceWriter(connections[index]?.assumingMemoryBound(to: LV2_Atom_Sequence.self),
                           capacity: outputCapacities[index], urids: urids,
                           atoms: atoms)
    }

    /// Reads how much room the host gave each event output and writes an empty sequence
    /// there, so that a plugin that writes no event still leaves a valid one.
    ///
    /// The spec has the host set each output's `atom.size` to the room it has. Hosts that
    /// leave a smaller size (some leave the null atom, size 0) get the room they announced
    /// with `bufsz:sequenceSize`, or none; a size larger than announced is capped there.
    /// The room is counted from the atom header, as the LV2 book's eg-fifths counts it.
    @_noAllocation @_noLocks
    func prepareEventOutputs() {
        let emptySequence = MemoryLayout<LV2_Atom_Sequence>.size
        for index in eventOutputIndices {
            guard let sequence = connections[index]?.assumingMemoryBound(to: LV2_Atom_Sequence.self) else { continue }
            let claimed = Int(sequence.pointee.atom.size)
            var room = claimed >= emptySequence ? claimed : (sequenceSize ?? 0)
            if let sequenceSize { room = min(room, sequenceSize) }
            outputCapacities[index] = room
            sequence.pointee.atom.type = urids.sequence
            sequence.pointee.atom.size = UInt32(MemoryLayout<LV2_Atom_Sequence_Body>.size)
            sequence.pointee.body.unit = 0
            sequence.pointee.body.pad = 0
        }
    }
}

/// A control input's declared range and default, looked up on every read.
private struct ControlLimits {
    var lower: Float = 0
    var upper: Float = 0
    var defaultValue: Float = 0
    var isWholeNumber = false

    init() {}

    init(range: ClosedRange<Float>, defaultValue: Float, isWholeNumber: Bool) {
        lower = range.lowerBound
        upper = range.upperBound
        self.defaultValue = defaultValue
        self.isWholeNumber = isWholeNumber
    }
}

/// `x.rounded()` through libm: the same halves-away-from-zero rounding, but the compiler's
/// performance checker counts the standard library's rounding rule as possible metadata
/// allocation, and cannot look inside C; this wrapper vouches for `roundf`.
@_semantics("no_performance_analysis")
private func roundHalfAway(_ x: Float) -> Float { roundf(x) }

import CLV2

/// The URIDs of `time:Position` and the properties LV2Kit reads from it.
public struct TimeURIDs: Sendable {
    /// `time:Position`, and the `time:` properties of the same names.
    public let position, bar, barBeat, beat, beatUnit, beatsPerBar, beatsPerMinute, frame, speed: LV2_URID

    /// Maps the URIDs with the host's map.
    public init(_ host: borrowing HostFeatures) {
        position = host.urid(URI.timePosition)
        bar = host.urid("http://lv2plug.in/ns/ext/time#bar")
        barBeat = host.urid("http://lv2plug.in/ns/ext/time#barBeat")
        beat = host.urid("http://lv2plug.in/ns/ext/time#beat")
        beatUnit = host.urid("http://lv2plug.in/ns/ext/time#beatUnit")
        beatsPerBar = host.urid("http://lv2plug.in/ns/ext/time#beatsPerBar")
        beatsPerMinute = host.urid("http://lv2plug.in/ns/ext/time#beatsPerMinute")
        frame = host.urid("http://lv2plug.in/ns/ext/time#frame")
        speed = host.urid("http://lv2plug.in/ns/ext/time#speed")
    }
}

/// The host's transport at one frame of the block, from a `time:Position` event on an input
/// that `atom:supports time:Position`: what a tempo-synced plugin follows. Hosts send one
/// when the transport changes (start, stop, relocation, tempo), at the frame it changes; each
/// field is nil when the host left it out, and numbers that are not finite are left out too.
public struct TransportPosition {
    /// The frame in this block the position holds from.
    public var frameInBlock: Int
    /// Beats per minute.
    public var beatsPerMinute: Double?
    /// 1 while playing, 0 while stopped, -1 backwards…
    public var speed: Double?
    /// The bar, counted from 0.
    public var bar: Int64?
    /// The beat within the bar, from 0 (a fraction between beats).
    public var barBeat: Double?
    /// Beats since the start of the timeline.
    public var beat: Double?
    /// The time signature's beats per bar: 3 in 3/4.
    public var beatsPerBar: Double?
    /// The note value of a beat: 4 for quarter notes.
    public var beatUnit: Int?
    /// The timeline's frame (the host's position in its session).
    public var frame: Int64?

    /// Whether the transport rolls forwards.
    public var isPlaying: Bool { (speed ?? 0) > 0 }

    /// Reads a `time:Position` event; nil for any other event.
    @_noAllocation @_noLocks
    public init?(_ event: AtomEvent, atoms: AtomURIDs, time: TimeURIDs) {
        guard atoms.isObject(event.type), time.position != 0 else { return nil }
        let object = AtomObject(event.body)
        guard object.otype == time.position else { return nil }
        frameInBlock = event.frame
        func number(_ key: LV2_URID) -> Double? { object.value(key)?.number(atoms) }
        // A host's garbage (1e300) must not trap the conversion to a whole number.
        func whole(_ key: LV2_URID) -> Int64? {
            guard let value = number(key), value > -9e18, value < 9e18 else { return nil }
            return Int64(value)
        }
        beatsPerMinute = number(time.beatsPerMinute)
        speed = number(time.speed)
        bar = whole(time.bar)
        barBeat = number(time.barBeat)
        beat = number(time.beat)
        beatsPerBar = number(time.beatsPerBar)
        beatUnit = whole(time.beatUnit).map { Int($0) }
        frame = whole(time.frame)
    }
}

extension Ports {
    /// The transport an event gives, if it is a `time:Position`.
    @inlinable
    public func transport(_ event: AtomEvent) -> TransportPosition? {
        TransportPosition(event, atoms: atoms, time: time)
    }
}

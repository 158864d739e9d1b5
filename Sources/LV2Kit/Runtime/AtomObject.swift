import CLV2

/// The atom types a plugin reads and writes, mapped once at `instantiate` (`ports.atoms`).
public struct AtomURIDs: Sendable {
    /// The value types, each named after its atom type (`int` is `atom:Int`, `chunk` is `atom:Chunk`).
    public let int, long, float, double, bool, urid, path, string, literal, chunk: LV2_URID
    /// The object types: `atom:Object`, and `atom:Blank` and `atom:Resource`, which older hosts send.
    public let object, blank, resource: LV2_URID

    /// Maps the URIDs with the host's map.
    public init(_ host: borrowing HostFeatures) {
        int = host.urid(URI.atomInt)
        long = host.urid(URI.atomLong)
        float = host.urid(URI.atomFloat)
        double = host.urid(URI.atomDouble)
        bool = host.urid(URI.atomBool)
        urid = host.urid(URI.atomURID)
        path = host.urid(URI.atomPath)
        string = host.urid(URI.atomString)
        literal = host.urid(URI.atomLiteral)
        chunk = host.urid(URI.atomChunk)
        object = host.urid(URI.atomObject)
        blank = host.urid(URI.atomBlank)
        resource = host.urid(URI.atomResource)
    }

    /// Whether an event of this type is an object (`atom:Object`, or the older
    /// `atom:Blank` and `atom:Resource` some hosts still send).
    @inlinable public func isObject(_ type: LV2_URID) -> Bool {
        type != 0 && (type == object || type == blank || type == resource)
    }
}

/// One atom's type and body, read without trusting its bytes: every accessor checks the
/// type and the size and answers nil when they are not what it reads.
public struct AtomValue {
    /// The atom's type, as the host mapped it.
    public let type: LV2_URID
    /// The atom's bytes after its header, valid while the buffer they come from is.
    public let body: UnsafeRawBufferPointer

    /// A value of type `type` whose bytes are `body`.
    @inlinable public init(type: LV2_URID, body: UnsafeRawBufferPointer) {
        self.type = type
        self.body = body
    }

    /// Any numeric atom (`Int`, `Long`, `Float`, `Double`, `Bool`) as a finite number.
    @_noAllocation @_noLocks
    public func number(_ atoms: AtomURIDs) -> Double? {
        let value: Double
        if (type == atoms.int || type == atoms.bool) && body.count >= 4 {
            value = Double(body.loadUnaligned(as: Int32.self))
        } else if type == atoms.long && body.count >= 8 {
            value = Double(body.loadUnaligned(as: Int64.self))
        } else if type == atoms.float && body.count >= 4 {
            value = Double(body.loadUnaligned(as: Float.self))
        } else if type == atoms.double && body.count >= 8 {
            value = body.loadUnaligned(as: Double.self)
        } else {
            return nil
        }
        guard type != 0, value.isFinite else { return nil }
        return value
    }

    /// A `Bool`, or any number (non-zero is true).
    @_noAllocation @_noLocks
    public func bool(_ atoms: AtomURIDs) -> Bool? { number(atoms).map { $0 != 0 } }

    /// A `URID` atom's value.
    @_noAllocation @_noLocks
    public func urid(_ atoms: AtomURIDs) -> LV2_URID? {
        guard type == atoms.urid, type != 0, body.count >= 4 else { return nil }
        return body.loadUnaligned(as: UInt32.self)
    }

    /// A `Path`, `String` or `Literal` as a C string: only when its bytes end in NUL, so
    /// that nothing reads past them. (A literal's body starts with its datatype and language.)
    @_noAllocation @_noLocks
    public func text(_ atoms: AtomURIDs) -> UnsafeBufferPointer<CChar>? {
        var start = 0
        if type == atoms.literal && type != 0 {
            start = MemoryLayout<LV2_Atom_Literal_Body>.size
        } else if type == 0 || (type != atoms.path && type != atoms.string) {
            return nil
        }
        guard body.count > start, body[body.count - 1] == 0, let base = body.baseAddress else { return nil }
        var length = start
        while body[length] != 0 { length += 1 }
        return UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: CChar.self), count: length - start + 1)
    }

    /// An object's properties, when this atom is one.
    @_noAllocation @_noLocks
    public func object(_ atoms: AtomURIDs) -> AtomObject? {
        atoms.isObject(type) ? AtomObject(body) : nil
    }
}

/// The body of an `atom:Object` (`patch:Set`, `time:Position`): its class (`otype`) and its
/// properties, each a key and a value, walked without trusting the sizes the host wrote.
public struct AtomObject: Sequence {
    /// The object's subject (0 for a blank node).
    public let id: LV2_URID
    /// Its class: `patch:Set`, `time:Position`…
    public let otype: LV2_URID
    private let properties: UnsafeRawBufferPointer

    /// Reads an object's body (an event whose type `AtomURIDs.isObject`); an empty object
    /// when the body is too short to be one.
    @_noAllocation @_noLocks
    public init(_ body: UnsafeRawBufferPointer) {
        let header = MemoryLayout<LV2_Atom_Object_Body>.size
        guard body.count >= header, let base = body.baseAddress else {
            id = 0
            otype = 0
            properties = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        id = body.loadUnaligned(as: UInt32.self)
        otype = body.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        properties = UnsafeRawBufferPointer(start: base + header, count: body.count - header)
    }

    /// The value of the first property under `key`.
    @_noAllocation @_noLocks
    public func value(_ key: LV2_URID) -> AtomValue? {
        guard key != 0 else { return nil }
        var iterator = makeIterator()
        while let property = iterator.next() {
            if property.key == key { return property.value }
        }
        return nil
    }

    @_noAllocation @_noLocks
    public func makeIterator() -> Iterator { Iterator(properties) }

    /// Walks an object's properties in order, each a key and a value (`for (key, value) in object`).
    public struct Iterator: IteratorProtocol {
        private var rest: UnsafeRawBufferPointer

        init(_ properties: UnsafeRawBufferPointer) { rest = properties }

        /// The next property whose header and value lie inside the object; nil after the last.
        @_noAllocation @_noLocks
        public mutating func next() -> (key: LV2_URID, value: AtomValue)? {
            // key, context, then the value's atom header (size, type)
            let header = 16
            guard rest.count >= header, let base = rest.baseAddress else { return nil }
            let key = rest.loadUnaligned(as: UInt32.self)
            let size = Int(rest.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let type = rest.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
            guard size <= rest.count - header else { return nil }
            let stride = Swift.min(header + ((size + 7) & ~7), rest.count)
            rest = UnsafeRawBufferPointer(start: base + stride, count: rest.count - stride)
            return (key, AtomValue(type: type, body: UnsafeRawBufferPointer(start: base + header, count: size)))
        }
    }
}

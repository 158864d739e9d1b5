import CLV2

/// A value written into an object by `AtomSequenceWriter.addProperty`. Texts are C strings
/// that must stay valid for the call.
public enum ForgeValue {
    /// A number, a boolean or a URID, written as the atom of that type.
    case int(Int32), long(Int64), float(Float), double(Double), bool(Bool), urid(LV2_URID)
    /// A file path (`atom:Path`) or a text (`atom:String`).
    case path(UnsafePointer<CChar>), string(UnsafePointer<CChar>)
}

// Objects (`patch:Set`, …) written into an event output, property by property:
//
//     if out.beginObject(frame: 0, otype: patchSet) {
//         out.addProperty(patchProperty, .urid(sample))
//         out.addProperty(patchValue, .path(path))
//         out.endObject()
//     }
//
// An object that does not fit whole is taken back by `endObject`; nothing is written past
// the room the host gave.
extension AtomSequenceWriter {
    /// Starts an object event at `frame`; false when the port is unconnected or full.
    @_noAllocation @_noLocks @discardableResult
    public mutating func beginObject(frame: Int, otype: LV2_URID, id: LV2_URID = 0) -> Bool {
        endObject()
        guard let sequence, atoms.object != 0 else { return false }
        let start = Int(sequence.pointee.atom.size)
        guard let body = reserve(frame: frame, type: atoms.object, size: MemoryLayout<LV2_Atom_Object_Body>.size) else {
            return false
        }
        body.storeBytes(of: id, as: UInt32.self)
        body.storeBytes(of: otype, toByteOffset: 4, as: UInt32.self)
        openObject = (sizeBefore: start, event: body - MemoryLayout<LV2_Atom_Event>.size, failed: false)
        return true
    }

    /// Adds a property to the object `beginObject` started; false when it does not fit
    /// (and then the whole object is dropped at `endObject`).
    @_noAllocation @_noLocks @discardableResult
    public mutating func addProperty(_ key: LV2_URID, _ value: ForgeValue) -> Bool {
        guard let sequence, let open = openObject, !open.failed else { return false }
        let (type, size) = typeAndSize(value)
        let header = 16  // key, context, the value's size and type
        let padded = (size + 7) & ~7
        let used = MemoryLayout<LV2_Atom>.size + Int(sequence.pointee.atom.size)
        guard type != 0, key != 0, header + padded <= capacity - used else {
            openObject = (open.sizeBefore, open.event, true)
            return false
        }
        let property = UnsafeMutableRawPointer(sequence) + used
        property.storeBytes(of: key, as: UInt32.self)
        property.storeBytes(of: UInt32(0), toByteOffset: 4, as: UInt32.self)
        property.storeBytes(of: UInt32(size), toByteOffset: 8, as: UInt32.self)
        property.storeBytes(of: type, toByteOffset: 12, as: UInt32.self)
        let body = property + header
        body.initializeMemory(as: UInt8.self, repeating: 0, count: padded)
        switch value {
        case let .int(number): body.storeBytes(of: number, as: Int32.self)
        case let .long(number): body.storeBytes(of: number, as: Int64.self)
        case let .float(number): body.storeBytes(of: number, as: Float.self)
        case let .double(number): body.storeBytes(of: number, as: Double.self)
        case let .bool(flag): body.storeBytes(of: Int32(flag ? 1 : 0), as: Int32.self)
        case let .urid(urid): body.storeBytes(of: urid, as: UInt32.self)
        case let .path(text), let .string(text): body.copyMemory(from: text, byteCount: size)
        }
        let eventSize = open.event.load(fromByteOffset: 8, as: UInt32.self)
        open.event.storeBytes(of: eventSize + UInt32(header + padded), toByteOffset: 8, as: UInt32.self)
        sequence.pointee.atom.size += UInt32(header + padded)
        return true
    }

    /// Ends the object; false when it was dropped because it did not fit.
    @_noAllocation @_noLocks @discardableResult
    public mutating func endObject() -> Bool {
        guard let open = openObject else { return false }
        openObject = nil
        if open.failed, let sequence { sequence.pointee.atom.size = UInt32(open.sizeBefore) }
        return !open.failed
    }

    @_noAllocation @_noLocks
    private func typeAndSize(_ value: ForgeValue) -> (LV2_URID, Int) {
        switch value {
        case .int: (atoms.int, 4)
        case .long: (atoms.long, 8)
        case .float: (atoms.float, 4)
        case .double: (atoms.double, 8)
        case .bool: (atoms.bool, 4)
        case .urid: (atoms.urid, 4)
        case let .path(text): (atoms.path, cStringLength(text) + 1)
        case let .string(text): (atoms.string, cStringLength(text) + 1)
        }
    }
}

/// `strlen`, which the performance checker cannot see into.
@_semantics("no_performance_analysis")
func cStringLength(_ text: UnsafePointer<CChar>) -> Int { strlen(text) }

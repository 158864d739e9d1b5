/// A channel message, decoded from the bytes of one `midi:MidiEvent`: every kind MIDI 1.0
/// has (notes, polyphonic key pressure, control change, program change, channel pressure,
/// pitch bend). A note on at velocity 0 is a note off, as MIDI says.
///
/// Anything else (system messages, sysex, a lone data byte from running status,
/// a message cut short) decodes to nil and is ignored.
public enum MIDIMessage: Equatable {
    /// A key pressed, with a velocity from 1 to 127. Channels count from 0.
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    /// A key released (a note off, or a note on at velocity 0); its release velocity is dropped.
    case noteOff(channel: UInt8, note: UInt8)
    /// Polyphonic aftertouch: how hard a held key is pressed.
    case keyPressure(channel: UInt8, note: UInt8, pressure: UInt8)
    /// A controller (0 to 127: mod wheel, sustain pedal, …) set to a value.
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    /// A program (a patch or preset) chosen, 0 to 127.
    case programChange(channel: UInt8, program: UInt8)
    /// Channel aftertouch: how hard the keys are pressed, one value for all.
    case channelPressure(channel: UInt8, pressure: UInt8)
    /// Pitch bend from -8192 to +8191, 0 at rest.
    case pitchBend(channel: UInt8, value: Int)

    /// Decodes one event's bytes; nil for anything that is not a complete channel message.
    @_noAllocation @_noLocks
    public init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 1 else { return nil }
        let status = bytes[0]
        guard status >= 0x80, status < 0xF0 else { return nil }
        let channel = status & 0x0F
        let kind = status & 0xF0
        // Program change and channel pressure carry one data byte; the rest carry two.
        let length = (kind == 0xC0 || kind == 0xD0) ? 2 : 3
        guard bytes.count >= length, bytes[1] < 0x80, length == 2 || bytes[2] < 0x80 else { return nil }
        switch kind {
        case 0x90 where bytes[2] > 0:
            self = .noteOn(channel: channel, note: bytes[1], velocity: bytes[2])
        case 0x80, 0x90:
            self = .noteOff(channel: channel, note: bytes[1])
        case 0xA0:
            self = .keyPressure(channel: channel, note: bytes[1], pressure: bytes[2])
        case 0xB0:
            self = .controlChange(channel: channel, controller: bytes[1], value: bytes[2])
        case 0xC0:
            self = .programChange(channel: channel, program: bytes[1])
        case 0xD0:
            self = .channelPressure(channel: channel, pressure: bytes[1])
        default:  // 0xE0, the last status below 0xF0
            self = .pitchBend(channel: channel, value: (Int(bytes[2]) << 7 | Int(bytes[1])) - 8192)
        }
    }
}

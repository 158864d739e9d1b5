import DSPKit
import RealTimeMath

/// A polyphonic sine synthesizer that knows notes and controllers, not MIDI bytes or LV2.
///
/// The plugin calls the event methods at the exact frame an event happens and `render`
/// for the stretches between events, so the sound never depends on how the host cut
/// the stream into blocks.
public struct SynthEngine: ~Copyable {
    public let sampleRate: Double
    private var settings: SynthSettings
    private var tuning: Tuning
    /// The voices, allocated once. Not an InlineArray: Embedded Swift 6.3 copied the whole
    /// array (6.5 kB) onto the stack to read one voice's state outside a mutating access,
    /// several times per block, which cost more than the voices' sound.
    private let voices: UnsafeMutablePointer<SynthVoice>
    private var allocator = VoiceAllocator()
    private var gain: SmoothedValue
    private var channels = InlineArray<16, ChannelState>(repeating: ChannelState())
    /// Keys held in monophonic mode, oldest first; the last one sounds.
    private var monoKeys = MonoKeyStack()
    /// The pitch last played: where the next glide starts.
    private var lastPitch: Double? = nil
    /// True from `reset` until the first `configure`, whose gain is taken at once
    /// rather than ramped to (the host may set its controls after `activate`).
    private var isFresh = true
    /// The voices' sum for one stretch of up to `mixLength` frames, one lane per voice
    /// of each group of four (see `renderChunk`), allocated once.
    private let mix: UnsafeMutablePointer<SineOscillator.Lanes>
    private static let mixLength = 256
    /// Voices go in groups of four, one per lane of `mix`.
    private static let groupWidth = 4
    private static var groupCount: Int { VoiceAllocator.capacity / groupWidth }
    /// Each group's state in the steady loop, kept from one `render` to the next while no
    /// event comes (gathering and scattering it on every call was the largest part of the
    /// cost of blocks of one frame; see BENCHMARKS.md). Bit g of `heldGroups`: group g's
    /// phases, levels and glides are here, not yet in its voices; `releaseGroups` gives
    /// them back before anything else touches a voice.
    private let steadyGroups: UnsafeMutablePointer<SteadyVoices<SIMD4<Double>>>
    private var heldGroups: UInt8 = 0

    private struct ChannelState {
        var bendSemitones = 0.0
        var bendValue = 0
        var pedalDown = false
        var keysDown = InlineArray<128, Bool>(repeating: false)
    }

    /// - Parameter settings: where the controls start (`configure` changes them).
    public init(sampleRate: Double, settings: SynthSettings) {
        // `heldGroups` has a bit per group: more voices need a wider mask.
        precondition(Self.groupCount <= UInt8.bitWidth, "more voice groups than heldGroups has bits")
        self.sampleRate = sampleRate
        self.settings = Self.clamped(settings)
        tuning = Tuning(sampleRate: sampleRate, a4: settings.tuningA4)
        gain = SmoothedValue(Self.linearGain(settings.gainDecibels), rampLength: Int(sampleRate * 0.02))
        mix = .allocate(capacity: Self.mixLength)
        voices = .allocate(capacity: VoiceAllocator.capacity)
        voices.initialize(repeating: SynthVoice(), count: VoiceAllocator.capacity)
        steadyGroups = .allocate(capacity: Self.groupCount)
        steadyGroups.initialize(repeating: SteadyVoices(), count: Self.groupCount)
        applyShape()
    }

    deinit {
        mix.deallocate()
        voices.deallocate()
        steadyGroups.deallocate()
    }

    /// Gives the voices back the state the steady loop held (see `steadyGroups`).
    private mutating func releaseGroups() {
        while heldGroups != 0 {
            let group = heldGroups.trailingZeroBitCount
            steadyGroups[group].scatter(into: voices + group * Self.groupWidth)
            heldGroups &= heldGroups - 1
        }
    }

    // MARK: Controls

    /// Takes the control values for the coming block; recomputes only what changed.
    @_noAllocation @_noLocks
    public mutating func configure(_ requested: SynthSettings) {
        defer { isFresh = false }
        let new = Self.clamped(requested)
        guard new != settings else { return }
        releaseGroups()
        let old = settings
        settings = new
        gain.set(Self.linearGain(new.gainDecibels))
        if isFresh { gain.settle() }
        if new.attackMilliseconds != old.attackMilliseconds || new.decayMilliseconds != old.decayMilliseconds
            || new.sustainLevel != old.sustainLevel || new.releaseMilliseconds != old.releaseMilliseconds {
            applyShape()
        }
        if new.tuningA4 != old.tuningA4 {
            tuning = Tuning(sampleRate: sampleRate, a4: new.tuningA4)
            for slot in 0..<VoiceAllocator.capacity { voices[slot].retune(tuning) }
        }
        if new.bendRangeSemitones != old.bendRangeSemitones {
            for channel in 0..<16 { setBend(channel: UInt8(channel), value: channels[channel].bendValue) }
        }
        if new.voiceCount < old.voiceCount {
            for slot in new.voiceCount..<old.voiceCount { silence(slot: slot) }
        }
        if (new.voiceCount == 1) != (old.voiceCount == 1) {
            monoKeys.removeAll()
            // Entering mono, the note still held on the one voice left is the key stack.
            let survivor = allocator.slots[0]
            if new.voiceCount == 1 && survivor.state == .held {
                monoKeys.push(note: survivor.note, channel: survivor.channel)
            }
        }
    }

    /// The voice count kept within the voices there are, whatever the caller's range says:
    /// the loops over voices index `voices` up to it on the audio thread.
    @inline(__always)
    private static func clamped(_ settings: SynthSettings) -> SynthSettings {
        var settings = settings
        settings.voiceCount = min(max(settings.voiceCount, 1), VoiceAllocator.capacity)
        return settings
    }

    private mutating func applyShape() {
        let samplesPerMillisecond = sampleRate / 1000
        for slot in 0..<VoiceAllocator.capacity {
            voices[slot].setShape(attack: settings.attackMilliseconds * samplesPerMillisecond,
                                  decay: settings.decayMilliseconds * samplesPerMillisecond,
                                  sustain: settings.sustainLevel,
                                  release: settings.releaseMilliseconds * samplesPerMillisecond)
            voices[slot].setFadeTime(samples: samplesPerMillisecond)
        }
    }

    private static func linearGain(_ decibels: Double) -> Double { LibM.pow(10, decibels / 20) }

    /// Rounded to the nearest sample (glide time is never negative).
    private var glideSamples: Int { Int(settings.glideMilliseconds * sampleRate / 1000 + 0.5) }
    private var isMonophonic: Bool { settings.voiceCount == 1 }

    // MARK: Notes

    @_noAllocation @_noLocks
    public mutating func noteOn(channel: UInt8, note: UInt8, velocity: UInt8) {
        releaseGroups()
        let pitch = Double(note)
        guard tuning.isPlayable(pitch: pitch), channel < 16, note < 128 else { return }
        channels[Int(channel)].keysDown[Int(note)] = true
        let amplitude = Double(min(velocity, 127)) / 127
        let startPitch = settings.glideMilliseconds > 0 ? (lastPitch ?? pitch) : pitch
        lastPitch = pitch
        if isMonophonic {
            monoKeys.push(note: note, channel: channel)
            playMono(amplitude: amplitude, startPitch: startPitch)
            return
        }
        let assignment = allocator.allocate(note: note, channel: channel, voiceCount: settings.voiceCount)
        let slot = assignment.slot
        let bend = channels[Int(channel)].bendSemitones
        if assignment.steals {
            voices[slot].steal(pitch: pitch, from: startPitch, glideSamples: glideSamples, amplitude: amplitude,
                               bendSemitones: bend)
        } else {
            // A retriggered note carries on from its own pitch rather than gliding anew.
            let from = assignment.retriggers ? voices[slot].pitch : startPitch
            voices[slot].start(pitch: pitch, from: from, glideSamples: glideSamples, amplitude: amplitude,
                               bendSemitones: bend, tuning: tuning)
        }
    }

    @_noAllocation @_noLocks
    public mutating func noteOff(channel: UInt8, note: UInt8) {
        releaseGroups()
        guard channel < 16, note < 128 else { return }
        channels[Int(channel)].keysDown[Int(note)] = false
        guard !channels[Int(channel)].pedalDown else { return }
        releaseKey(channel: channel, note: note)
    }

    private mutating func releaseKey(channel: UInt8, note: UInt8) {
        if isMonophonic {
            monoKeys.remove(note: note, channel: channel)
            playMono(amplitude: nil, startPitch: voices[0].pitch)
            return
        }
        for slot in 0..<settings.voiceCount {
            let state = allocator.slots[slot]
            if state.state == .held && state.note == note && state.channel == channel {
                allocator.release(slot: slot)
                voices[slot].release()
            }
        }
    }

    /// Makes the single voice play the newest held key: legato (no retrigger) while a
    /// note is already held, a fresh attack otherwise, and a release when no key is left.
    /// `amplitude` is nil when no new key was pressed (a key went up).
    private mutating func playMono(amplitude: Double?, startPitch: Double) {
        guard let key = monoKeys.last else {
            allocator.release(slot: 0)
            voices[0].release()
            return
        }
        let pitch = Double(key.note)
        let wasHeld = allocator.slots[0].state == .held
        if wasHeld && allocator.slots[0].note == key.note && allocator.slots[0].channel == key.channel { return }
        let bend = channels[Int(key.channel)].bendSemitones
        if wasHeld {
            allocator.reassign(slot: 0, note: key.note, channel: key.channel)
            voices[0].setBend(semitones: bend)
            voices[0].glide(to: pitch, from: voices[0].pitch, samples: glideSamples, tuning: tuning)
            lastPitch = pitch
        } else if let amplitude {
            _ = allocator.allocate(note: key.note, channel: key.channel, voiceCount: 1)
            voices[0].start(pitch: pitch, from: startPitch, glideSamples: glideSamples, amplitude: amplitude,
                            bendSemitones: bend, tuning: tuning)
        }
    }

    // MARK: Controllers

    /// Pitch bend from -8192 to +8191, scaled to ± the bend range.
    @_noAllocation @_noLocks
    public mutating func pitchBend(channel: UInt8, value: Int) {
        releaseGroups()
        guard channel < 16 else { return }
        setBend(channel: channel, value: min(max(value, -8192), 8191))
    }

    private mutating func setBend(channel: UInt8, value: Int) {
        let semitones = Double(value) / 8192 * settings.bendRangeSemitones
        channels[Int(channel)].bendValue = value
        channels[Int(channel)].bendSemitones = semitones
        for slot in 0..<VoiceAllocator.capacity where allocator.slots[slot].isSounding(on: channel) {
            voices[slot].setBend(semitones: semitones)
        }
    }

    /// The sustain pedal (CC64): while down, released keys keep sounding.
    @_noAllocation @_noLocks
    public mutating func sustainPedal(channel: UInt8, down: Bool) {
        releaseGroups()
        guard channel < 16 else { return }
        channels[Int(channel)].pedalDown = down
        guard !down else { return }
        if isMonophonic {
            // All the pedal held goes at once, so the voice moves (at most) once.
            monoKeys.removeKeysUp(channel: channel, keysDown: channels[Int(channel)].keysDown)
            playMono(amplitude: nil, startPitch: voices[0].pitch)
            return
        }
        for note in 0..<128 where !channels[Int(channel)].keysDown[note] {
            releaseKey(channel: channel, note: UInt8(note))
        }
    }

    /// CC123: every key on the channel goes up (the pedal still holds them).
    @_noAllocation @_noLocks
    public mutating func allNotesOff(channel: UInt8) {
        releaseGroups()
        guard channel < 16 else { return }
        for note in 0..<128 where channels[Int(channel)].keysDown[note] {
            noteOff(channel: channel, note: UInt8(note))
        }
    }

    /// CC120: silence the channel now (a millisecond's fade, so it does not click).
    @_noAllocation @_noLocks
    public mutating func allSoundOff(channel: UInt8) {
        releaseGroups()
        guard channel < 16 else { return }
        for slot in 0..<VoiceAllocator.capacity where allocator.slots[slot].isSounding(on: channel) {
            silence(slot: slot)
        }
        channels[Int(channel)].keysDown = InlineArray(repeating: false)
        monoKeys.remove(channel: channel)
    }

    /// CC121: bend to centre, pedal up.
    @_noAllocation @_noLocks
    public mutating func resetControllers(channel: UInt8) {
        releaseGroups()
        guard channel < 16 else { return }
        pitchBend(channel: channel, value: 0)
        sustainPedal(channel: channel, down: false)
    }

    private mutating func silence(slot: Int) {
        voices[slot].fadeOut()
        if allocator.slots[slot].state == .held { allocator.release(slot: slot) }
    }

    // MARK: Sound

    /// Writes `count` frames of the mix (nil: the host gave no buffer; time still passes).
    @_noAllocation @_noLocks
    public mutating func render(into output: UnsafeMutablePointer<Float>?, count: Int) {
        var done = 0
        while done < count {
            let chunk = min(count - done, Self.mixLength)
            renderChunk(into: output.map { $0 + done }, count: chunk)
            done += chunk
        }
    }

    /// Voices go in groups of four, one per lane; each lane of `mix` sums its voices in
    /// order, and the four lanes are summed last, in a fixed order, so that the sum of a
    /// frame never depends on how the frames were cut into blocks.
    private mutating func renderChunk(into output: UnsafeMutablePointer<Float>?, count: Int) {
        mix.update(repeating: .zero, count: count)
        for first in stride(from: 0, to: VoiceAllocator.capacity, by: Self.groupWidth) {
            guard isSounding(group: first) else { continue }
            renderGroup(first: first, count: count)
            for slot in first..<first + Self.groupWidth
            where allocator.slots[slot].state != .free && !voices[slot].isSounding {
                allocator.free(slot: slot)
            }
        }
        guard let output else {
            for _ in 0..<count { _ = gain.next() }
            return
        }
        for index in 0..<count {
            let sum = mix[index]
            output[index] = Float(((sum[0] + sum[1]) + (sum[2] + sum[3])) * gain.next())
        }
    }

    private func isSounding(group first: Int) -> Bool {
        for slot in first..<first + Self.groupWidth where voices[slot].isSounding { return true }
        return false
    }

    /// Renders four voices: steady stretches in `SteadyVoices`' loop, two lanes wide when
    /// the upper two are silent (they stay so until the next event), and each sample where
    /// a waiting note starts, a glide takes its last step or an envelope changes stage in
    /// `renderExactSample`.
    private mutating func renderGroup(first: Int, count: Int) {
        let group = first / Self.groupWidth, bit: UInt8 = 1 << group
        let half = !voices[first + 2].isSounding && !voices[first + 3].isSounding
        var frame = 0
        while frame < count {
            if heldGroups & bit != 0 || steadyGroups[group].gather(voices + first) {
                heldGroups |= bit
                let mix = UnsafeMutableRawPointer(self.mix + frame)
                frame += half ? steadyGroups[group].renderLowerHalf(into: mix, count: count - frame)
                              : steadyGroups[group].render(into: mix, count: count - frame)
                if frame == count { return }
                steadyGroups[group].scatter(into: voices + first)
                heldGroups &= ~bit
            }
            renderExactSample(first: first, into: mix + frame)
            frame += 1
        }
    }

    /// One sample of four voices, each voice's level from `SynthVoice.nextLevel`.
    private mutating func renderExactSample(first: Int, into mix: UnsafeMutablePointer<SineOscillator.Lanes>) {
        var level = SineOscillator.Lanes(), phase = SineOscillator.Lanes(), increment = SineOscillator.Lanes()
        for lane in 0..<Self.groupWidth {
            level[lane] = voices[first + lane].nextLevel(tuning)
            phase[lane] = voices[first + lane].phase
            increment[lane] = voices[first + lane].phaseIncrement
        }
        mix.pointee += level * SineOscillator.value(phase: phase)
        let next = SineOscillator.advance(phase: phase, by: increment)
        for lane in 0..<Self.groupWidth { voices[first + lane].advance(phase: next[lane]) }
    }

    /// Silence, all keys up, controllers at rest: the state of a fresh instance.
    @_noAllocation @_noLocks
    public mutating func reset() {
        releaseGroups()
        for slot in 0..<VoiceAllocator.capacity { voices[slot].reset() }
        allocator.reset()
        channels = InlineArray(repeating: ChannelState())
        monoKeys.removeAll()
        lastPitch = nil
        gain.settle()
    }
}

/// The keys held down in monophonic mode, in the order they were pressed.
struct MonoKeyStack {
    struct Key: Equatable { var note: UInt8; var channel: UInt8 }
    private var keys = InlineArray<32, Key>(repeating: Key(note: 0, channel: 0))
    private var count = 0

    var last: Key? { count > 0 ? keys[count - 1] : nil }

    /// Adds a key on top; a key pressed again moves to the top; when full the oldest goes.
    mutating func push(note: UInt8, channel: UInt8) {
        remove(note: note, channel: channel)
        if count == 32 { removeAt(0) }
        keys[count] = Key(note: note, channel: channel)
        count += 1
    }

    mutating func remove(note: UInt8, channel: UInt8) {
        removeAll { $0 == Key(note: note, channel: channel) }
    }

    mutating func remove(channel: UInt8) {
        removeAll { $0.channel == channel }
    }

    /// Drops the keys of `channel` that are no longer down (the pedal held them).
    mutating func removeKeysUp(channel: UInt8, keysDown: InlineArray<128, Bool>) {
        removeAll { $0.channel == channel && !keysDown[Int($0.note)] }
    }

    /// Removes the keys that match, keeping the others in order.
    private mutating func removeAll(where matches: (Key) -> Bool) {
        var index = 0
        while index < count {
            if matches(keys[index]) { removeAt(index) } else { index += 1 }
        }
    }

    mutating func removeAll() { count = 0 }

    private mutating func removeAt(_ index: Int) {
        for later in index..<(count - 1) { keys[later] = keys[later + 1] }
        count -= 1
    }
}

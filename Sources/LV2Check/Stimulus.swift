import LV2Host

/// What a check plays into a plugin: audio for its audio inputs, MIDI for its MIDI input.
struct Stimulus {
    var frames: Int
    /// One signal per audio input, `frames` long.
    var audio: [[Float]]
    /// Frames from the start, in order.
    var midi: [(frame: Int, bytes: [UInt8])]

    /// Noise on every audio input, and on the MIDI input a busy score, so instruments sound.
    static func standard(for plugin: PluginInfo, frames: Int, sampleRate: Double, random: inout SplitMix64) -> Stimulus {
        let audio = plugin.ports(.audio, input: true).map { _ in noise(frames: frames, amplitude: 0.5, random: &random) }
        let midi = plugin.midiInput == nil ? [] : MIDIScore.busy(frames: frames, sampleRate: sampleRate, random: &random)
        return Stimulus(frames: frames, audio: audio, midi: midi)
    }

    /// Uniform noise in ±amplitude.
    static func noise(frames: Int, amplitude: Float, random: inout SplitMix64) -> [Float] {
        (0..<frames).map { _ in Float.random(in: -amplitude...amplitude, using: &random) }
    }

    /// The same stimulus with `signal` on every audio input.
    func withAudio(_ signal: [Float]) -> Stimulus {
        var copy = self
        copy.audio = audio.map { _ in signal }
        return copy
    }

    /// `signal` on every audio input of `plugin`, and no MIDI.
    static func audio(_ signal: [Float], for plugin: PluginInfo) -> Stimulus {
        Stimulus(frames: signal.count, audio: plugin.ports(.audio, input: true).map { _ in signal }, midi: [])
    }
}

extension PluginInstance {
    /// Plays `stimulus`, block lengths from `nextBlock`, and returns every audio output.
    /// `beforeBlock(start, length)` runs after the block's input is written (to move
    /// controls); `runBlock` runs the block (to probe or watch it). No block but the
    /// last is shorter than `minimumBlock`, and the last only when the stimulus is.
    func play(_ stimulus: Stimulus, minimumBlock: Int = 1, nextBlock: () -> Int = { 512 },
              beforeBlock: (_ start: Int, _ length: Int) -> Void = { _, _ in },
              runBlock: (_ instance: PluginInstance, _ length: Int) -> Void = { $0.run(frames: $1) }) -> [[Float]] {
        var outputs = [[Float]](repeating: [], count: audioOutputCount)
        var start = 0, nextEvent = 0
        while start < stimulus.frames {
            var length = min(max(nextBlock(), minimumBlock, 1), maxBlockLength, stimulus.frames - start)
            // A remainder shorter than the minimum joins this block, when that fits.
            if stimulus.frames - start - length < minimumBlock, stimulus.frames - start <= maxBlockLength {
                length = stimulus.frames - start
            }
            clearEvents()
            while nextEvent < stimulus.midi.count, stimulus.midi[nextEvent].frame < start + length {
                addMIDIEvent(frame: stimulus.midi[nextEvent].frame - start, bytes: stimulus.midi[nextEvent].bytes)
                nextEvent += 1
            }
            for (channel, signal) in stimulus.audio.enumerated() where channel < audioInputCount {
                _ = audioInput(channel).update(fromContentsOf: signal[start..<(start + length)])
            }
            beforeBlock(start, length)
            runBlock(self, length)
            for channel in outputs.indices { outputs[channel] += audioOutput(channel)[..<length] }
            start += length
        }
        return outputs
    }
}

/// MIDI that exercises an instrument: chords past any voice count on four channels,
/// short and long notes, bends, the pedal, all-notes-off. The plugin tests play it too.
public enum MIDIScore {
    public static func busy(frames: Int, sampleRate: Double, random: inout SplitMix64) -> [(frame: Int, bytes: [UInt8])] {
        var midi: [(frame: Int, bytes: [UInt8])] = []
        var held: [(channel: UInt8, note: UInt8)] = []
        var frame = 0
        while true {
            frame += Int(random.next() % UInt64(sampleRate / 50)) + 1
            guard frame < frames else { break }
            let channel = UInt8(random.next() % 4)
            switch random.next() % 16 {
            case 0..<7:
                let note = UInt8(36 + random.next() % 60)
                midi.append((frame, [0x90 | channel, note, UInt8(1 + random.next() % 127)]))
                held.append((channel, note))
            case 7..<12 where !held.isEmpty:
                let key = held.remove(at: Int(random.next() % UInt64(held.count)))
                midi.append((frame, [0x80 | key.channel, key.note, 64]))
            case 12, 13:
                midi.append((frame, [0xE0 | channel, UInt8(random.next() % 128), UInt8(random.next() % 128)]))
            case 14:
                midi.append((frame, [0xB0 | channel, 64, random.next() % 2 == 0 ? 127 : 0]))
            default:
                midi.append((frame, [0xB0 | channel, 123, 0]))
            }
        }
        return midi
    }
}

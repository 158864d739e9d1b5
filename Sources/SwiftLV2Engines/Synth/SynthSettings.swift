/// The synth's controls, in the units its ports use. The plugin's declaration holds
/// their ranges and defaults (`SynthSettings.defaults` in the SineSynth module).
public struct SynthSettings: Equatable {
    public var gainDecibels: Double
    public var attackMilliseconds: Double
    public var decayMilliseconds: Double
    public var sustainLevel: Double
    public var releaseMilliseconds: Double
    public var glideMilliseconds: Double
    public var bendRangeSemitones: Double
    public var tuningA4: Double
    /// 1 is monophonic legato.
    public var voiceCount: Int

    @_noAllocation @_noLocks
    public init(gainDecibels: Double, attackMilliseconds: Double, decayMilliseconds: Double, sustainLevel: Double,
                releaseMilliseconds: Double, glideMilliseconds: Double, bendRangeSemitones: Double, tuningA4: Double,
                voiceCount: Int) {
        self.gainDecibels = gainDecibels
        self.attackMilliseconds = attackMilliseconds
        self.decayMilliseconds = decayMilliseconds
        self.sustainLevel = sustainLevel
        self.releaseMilliseconds = releaseMilliseconds
        self.glideMilliseconds = glideMilliseconds
        self.bendRangeSemitones = bendRangeSemitones
        self.tuningA4 = tuningA4
        self.voiceCount = voiceCount
    }
}

/// The synth's controls, in the units its ports use.
public struct SynthSettings: Equatable {
    public var gainDecibels: Double = -12
    public var attackMilliseconds: Double = 5
    public var decayMilliseconds: Double = 200
    public var sustainLevel: Double = 0.8
    public var releaseMilliseconds: Double = 150
    public var glideMilliseconds: Double = 0
    public var bendRangeSemitones: Double = 2
    public var tuningA4: Double = 440
    /// 1 is monophonic legato.
    public var voiceCount: Int = 8

    @_noAllocation @_noLocks public init() {}
}

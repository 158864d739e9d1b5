// DSPKit: the signal processing plugins need again and again, as plain value types that know
// nothing of LV2: smoothing, crossfades, delay lines, NaN and denormal guards, one-pole and
// biquad filters. Memory is allocated only in `init`; every method a plugin calls per sample or
// per block carries `@_noAllocation @_noLocks`, so the checker proves it here, once.
//
// `FixedBuffer` and `LibM`, the real-time building blocks these types stand on, come with it.
@_exported import RealTimeMath

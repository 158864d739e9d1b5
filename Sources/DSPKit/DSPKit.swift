// DSPKit: the signal processing plugins need again and again, as plain value types that know
// nothing of LV2: smoothing, crossfades, delay lines, NaN and denormal guards, one-pole and
// biquad filters. Memory is allocated only in `init`; every method a plugin calls per sample or
// per block carries `@_noAllocation @_noLocks`, so the checker proves it here, once.
//
// `FixedBuffer` and `LibM`, the real-time building blocks these types stand on, come with it.
//
// This file sorts first among DSPKit's sources, and must: the compiler puts the Embedded
// runtime's helpers (`swift_retain`, `swift_release`…) into the module's first object file,
// and a plugin that links them keeps that whole file. Here it holds nothing else, so a plugin
// that uses no biquad carries none (the other files are in folders that sort after it).
@_exported import RealTimeMath

import LV2Kit
import SwiftLV2Version

/// Everything hosts read about the rate adapter: `make` writes it into plugin.lv2 as
/// Turtle, and the controls take their ranges and defaults from it.
extension RateAdapter {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:rate-adapter",
        name: "SwiftLV2 Rate Adapter",
        shortDescription: "Band-limited sample rate reduction",
        comment: "Runs stereo audio through libsamplerate at an internal sample rate of your choice and back: transparent at high rates, the band-limited sound of an old sampler or a telephone line at low ones, and the aliasing crunch of a cheap converter with zero-order hold or linear. The latency is constant for each quality, whatever the rate, and the dry path is delayed to match.",
        classes: [.simulator],
        version: Version(minor: ProjectVersion.minor, micro: ProjectVersion.micro),
        license: "http://opensource.org/licenses/isc",
        optionalFeatures: [.hardRTCapable, .isLive],
        sampleRates: 1000...1_500_000,
        mainInput: Group.input,
        mainOutput: Group.output)

    enum Group {
        static let input = PortGroup("in", "Input", types: [PortGroup.inputGroup, PortGroup.stereoGroup])
        static let output = PortGroup("out", "Output", types: [PortGroup.outputGroup, PortGroup.stereoGroup],
                                      source: "in")
        static let conversion = PortGroup("conversion", "Conversion")
        static let bitDepth = PortGroup("bit_depth", "Bit depth")
        static let mix = PortGroup("mix", "Mix")
    }

    public enum Port: Int, PortList {
        // New ports go at the end, so that sessions and presets saved before keep their indices.
        case inLeft, inRight, outLeft, outRight, rate, quality, mix, enabled, latency, bits, dither

        public var declaration: PortDeclaration {
            switch self {
            case .inLeft:
                .audioInput("in_l", "In Left", comment: "Left input.", designation: Designation.left, group: Group.input)
            case .inRight:
                .audioInput("in_r", "In Right", comment: "Right input.", designation: Designation.right, group: Group.input)
            case .outLeft:
                .audioOutput("out_l", "Out Left", comment: "Left output.", designation: Designation.left, group: Group.output)
            case .outRight:
                .audioOutput("out_r", "Out Right", comment: "Right output.", designation: Designation.right,
                             group: Group.output)
            case .rate:
                .control("rate", "Rate", range: 2000...192_000, default: 22050, unit: .hertz, properties: [.logarithmic],
                         comment: "The internal sample rate. At the host's rate or above the signal passes unchanged (only delayed); below it, everything above half this rate is removed. Moving it glides, without clicks.",
                         group: Group.conversion)
            case .quality:
                .choice("quality", "Quality", labels: ["Sinc best", "Sinc medium", "Sinc fastest", "Zero-order hold", "Linear"],
                        default: 2, unit: .custom(label: "converter", symbol: "", render: "%.0f"),
                        comment: "The libsamplerate converter, numbered as libsamplerate numbers them. The sinc converters are clean band limits, with more latency the better they are; zero-order hold and linear alias audibly. A change crossfades once the new converter is ready.",
                        group: Group.conversion)
            case .mix:
                .control("mix", "Mix", range: 0...1, default: 1, unit: .coefficient,
                         comment: "Dry/wet balance: 0 is the input alone, 1 the converted signal alone. The dry input is delayed by the latency, so the two mix in phase.",
                         group: Group.mix)
            case .enabled:
                .toggle("enabled", "Enabled", default: true, unit: .custom(label: "switch", symbol: "", render: "%.0f"),
                        comment: "Off bypasses the effect: the output is the input, still delayed by the latency so that bypassing does not move the track in time.",
                        designation: Designation.enabled, group: Group.mix)
            case .latency:
                .latency(maximum: 200_000,
                         comment: "The delay of the output behind the input, the same for every rate; it depends on the quality and the host's sample rate.",
                         group: Group.conversion)
            case .bits:
                PortDeclaration(
                    symbol: "bits", name: "Bits", kind: .control, isInput: true,
                    comment: "The word length at the internal rate, as a sampler's converter had it: each sample is rounded to a step of 2^(1-bits) of full scale and clipped to it. 16 is CD, 12 the SP-1200, 8 the early samplers; Off keeps every bit.",
                    range: 0...24, defaultValue: 0, unit: .custom(label: "bit", symbol: "bits", render: "%.0f bits"),
                    properties: [.integer],
                    scalePoints: [ScalePoint(label: "Off", value: 0), ScalePoint(label: "8 bits, early samplers", value: 8),
                                  ScalePoint(label: "12 bits, SP-1200", value: 12), ScalePoint(label: "16 bits, CD", value: 16)],
                    group: Group.bitDepth)
            case .dither:
                .choice("dither", "Dither", labels: ["None", "TPDF"], default: 0,
                        unit: .custom(label: "dither", symbol: "", render: "%.0f"),
                        comment: "Noise added before the rounding: TPDF (triangular, of plus or minus one step) turns the distortion of quiet sounds into a steady hiss. Only heard with Bits on.",
                        group: Group.bitDepth)
            }
        }
    }

    /// Each sets rate, quality and mix (and the bit depth, where it matters); none touches
    /// `enabled`, which hosts use as their bypass switch.
    public static var presets: [Preset<Port>] {
        [
            Preset("telephone", label: "Telephone",
                   comment: "8000 Hz, the rate of digital telephone lines: everything above 4 kHz is removed cleanly. (The low end stays; add a high-pass near 300 Hz for the whole telephone band.)",
                   values: [(.rate, 8000), (.quality, 1), (.mix, 1)]),
            Preset("am-radio", label: "AM radio",
                   comment: "11025 Hz: the band ends at 5.5 kHz, about as narrow as the audio of an AM broadcast.",
                   values: [(.rate, 11025), (.quality, 1), (.mix, 1)]),
            Preset("vintage-sampler", label: "Vintage sampler 26 kHz",
                   comment: "26040 Hz and 12 bits, as E-mu's SP-1200 drum sampler sampled, through the fastest sinc converter: flat up to 9 kHz, softly rolled off above (-2 dB at 10 kHz), nothing left above 13 kHz, and the grain of 12-bit words.",
                   values: [(.rate, 26040), (.quality, 2), (.mix, 1), (.bits, 12), (.dither, 0)]),
            Preset("retro-crunch", label: "Retro 12 kHz crunch",
                   comment: "12000 Hz and 8 bits through zero-order hold, with no filter and no dither: everything above 6 kHz folds back as aliasing, the held steps add metallic images, and quiet sounds break up, like a cheap early converter.",
                   values: [(.rate, 12000), (.quality, 3), (.mix, 1), (.bits, 8), (.dither, 0)]),
            Preset("early-digital", label: "Early digital 8-bit, dithered",
                   comment: "22050 Hz and 8 bits with TPDF dither, through the medium sinc converter: a clean band to 10 kHz and the steady hiss of a dithered 8-bit converter instead of its distortion; fades die into noise, not into grit.",
                   values: [(.rate, 22050), (.quality, 1), (.mix, 1), (.bits, 8), (.dither, 1)]),
            Preset("transparent", label: "Transparent",
                   comment: "96 kHz with the best sinc converter: at host rates up to 96 kHz the audio passes unchanged, only delayed; at higher host rates only what lies above 48 kHz is removed. A neutral starting point for automating the rate.",
                   values: [(.rate, 96000), (.quality, 0), (.mix, 1)]),
        ]
    }
}

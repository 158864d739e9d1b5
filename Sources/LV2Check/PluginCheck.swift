import LV2Host

/// The checks of `lv2render check`, in the order they run. Each runs in a child
/// process of its own (`CheckRunner`), so a crash or a hang fails only that check.
public enum PluginCheck: String, CaseIterable, Codable, Sendable {
    case metadata
    case rates
    case lifecycle
    case determinism
    case hostileAudio = "hostile-audio"
    case hostileControls = "hostile-controls"
    case hostileMIDI = "hostile-midi"
    case sloppyHost = "sloppy-host"
    case realTime = "real-time"
    case leaks
    case reload
    case inputBuffers = "input-buffers"
    case latency
    case state
    case randomState = "random-state"
    case foreignState = "foreign-state"
    case stateDuringRun = "state-during-run"
    case cost

    /// What the check does, for `--help` and docs/check.md.
    public var summary: String {
        switch self {
        case .metadata: "lilv loads the plugin; ports, ranges and defaults agree; the required features are provided"
        case .rates: "instantiates and runs at 22050, 44100, 48000, 96000 and 192000 Hz (refusing a rate is fine)"
        case .lifecycle: "activate, run, deactivate, activate again; run(0); cleanup without activate; many instances at once; (strict) run(0) with NULL audio ports"
        case .determinism: "the same input twice, random block schedules and in-place buffers give the same output as fixed blocks"
        case .hostileAudio: "denormals, full-scale squares and DC on the audio inputs; (strict) NaN and infinities"
        case .hostileControls: "each control at its default, minimum and maximum; random automation; (strict) out of range, infinite and NaN"
        case .hostileMIDI: "garbage bytes as MIDI events on the MIDI inputs"
        case .sloppyHost: "atom input sequences whose unit and pad hold garbage, as Carla 2.6 sends them"
        case .realTime: "allocations (malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign) and mutex locks inside run()"
        case .leaks: "the heap after many instantiate, run and cleanup cycles"
        case .reload: "every instance freed, the library unloaded and loaded again, several times, as a host that frees a plugin's last instance does"
        case .inputBuffers: "the plugin leaves its input buffers (audio and control) as the host wrote them"
        case .latency: "an impulse's peak comes when the reported latency says"
        case .state: "save a fresh instance's state, restore it into another, save again: the same state"
        case .randomState: "every control and parameter at random, saved and restored into a fresh instance: the same audio and state"
        case .foreignState: "states the plugin did not save (missing, unknown, retyped, garbled properties) restore without a crash"
        case .stateDuringRun: "save on another thread while run() runs, as LV2 allows: no allocation or lock in run()"
        case .cost: "instantiation time and real-time factor, reported (never a failure)"
        }
    }
}

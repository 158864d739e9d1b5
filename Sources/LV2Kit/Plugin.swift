import CLV2
import CMath

/// What a plugin adapter provides; `PluginGlue` turns it into the C entry points.
///
/// A plugin is a non-copyable value that owns its buffers: it is built once in
/// `instantiate` (the only place that allocates) and lives at a fixed address until
/// `cleanup`.
public protocol LV2Plugin: ~Copyable {
    /// Builds the plugin for the host's sample rate; nil refuses the instantiation
    /// (for example when a required feature is missing).
    init?(sampleRate: Double, features: HostFeatures)
    mutating func connect(port: UInt32, to data: UnsafeMutableRawPointer?)
    /// Returns the plugin to its freshly instantiated state.
    mutating func activate()
    mutating func run(frames: Int)
}

/// The sample rates any plugin of ours accepts; outside it `instantiate` returns NULL.
public let supportedSampleRates: ClosedRange<Double> = 1_000...1_500_000

/// The C entry points of an `LV2_Descriptor`, written once for every plugin.
///
/// C function pointers cannot capture a generic parameter, so each plugin's descriptor
/// is a literal of closures that call into `PluginGlue<ThatPlugin>` (see `descriptor`).
public enum PluginGlue<Plugin: LV2Plugin & ~Copyable> {
    public static func instantiate(
        sampleRate: Double, features: UnsafePointer<UnsafePointer<LV2_Feature>?>?
    ) -> LV2_Handle? {
        guard sampleRate.isFinite, supportedSampleRates.contains(sampleRate),
              let plugin = Plugin(sampleRate: sampleRate, features: HostFeatures(features))
        else { return nil }
        let instance = UnsafeMutablePointer<Plugin>.allocate(capacity: 1)
        instance.initialize(to: plugin)
        return LV2_Handle(instance)
    }

    public static func connect(_ handle: LV2_Handle?, _ port: UInt32, _ data: UnsafeMutableRawPointer?) {
        plugin(handle)?.pointee.connect(port: port, to: data)
    }

    public static func activate(_ handle: LV2_Handle?) {
        plugin(handle)?.pointee.activate()
    }

    /// Runs one block with denormals flushed to zero, then gives the host back its
    /// thread's floating-point mode.
    public static func run(_ handle: LV2_Handle?, _ frames: UInt32) {
        guard let plugin = plugin(handle) else { return }
        let floatMode = swiftlv2_enter_flush_to_zero()
        plugin.pointee.run(frames: Int(frames))
        swiftlv2_restore_float_mode(floatMode)
    }

    public static func cleanup(_ handle: LV2_Handle?) {
        guard let plugin = plugin(handle) else { return }
        plugin.deinitialize(count: 1)
        plugin.deallocate()
    }

    private static func plugin(_ handle: LV2_Handle?) -> UnsafeMutablePointer<Plugin>? {
        handle?.assumingMemoryBound(to: Plugin.self)
    }
}

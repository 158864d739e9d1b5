import CHostSupport
import CLV2
import Foundation

/// The features the host gives a plugin at `instantiate`, and the memory behind them.
///
/// `urid:map`/`urid:unmap` (thread-safe), `options:options` with the sample rate
/// and the block and sequence sizes, `log:log` (messages go to stderr after the plugin's name) and
/// `bufsz:boundedBlockLength`, `worker:schedule` (see `PluginWorker`), `state:loadDefaultState` and the state path
/// features (see `StatePaths`). Plugins keep pointers into all of this, so it lives
/// exactly as long as this object, which each instance retains.
/// Sendable: after `init` nothing changes but the URID table, which has its own lock.
public final class HostFeatureSet: @unchecked Sendable {
    /// Shared by every instance a world makes (`LV2World.urids`), as a host has one map.
    let table: URIDTable
    /// Runs the plugin's work; bound to the instance once it exists.
    let worker = PluginWorker()
    private let statePaths = StatePaths()
    private let map = UnsafeMutablePointer<LV2_URID_Map>.allocate(capacity: 1)
    private let unmap = UnsafeMutablePointer<LV2_URID_Unmap>.allocate(capacity: 1)
    private let log = UnsafeMutablePointer<HostSupportLog>.allocate(capacity: 1)
    /// The name the log puts before each of the plugin's messages.
    private let pluginName: UnsafeMutablePointer<CChar>
    private let sampleRateValue = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// min, max, nominal block length and sequence size, as `atom:Int`s.
    private let integerValues = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
    private let options: UnsafeMutableBufferPointer<LV2_Options_Option>
    private let features: UnsafeMutableBufferPointer<LV2_Feature>
    private let featurePointers: UnsafeMutableBufferPointer<UnsafePointer<LV2_Feature>?>
    /// The same less the state path features, for lilv's save and restore, which add their
    /// own (tied to the state's folder) after the ones given, where a plugin would not look.
    private let stateCallFeaturePointers: UnsafeMutableBufferPointer<UnsafePointer<LV2_Feature>?>

    public convenience init(sampleRate: Double, minBlockLength: Int, maxBlockLength: Int, nominalBlockLength: Int, sequenceSize: Int) {
        self.init(sampleRate: sampleRate, minBlockLength: minBlockLength, maxBlockLength: maxBlockLength,
                  nominalBlockLength: nominalBlockLength, sequenceSize: sequenceSize, urids: URIDTable(), pluginName: "plugin")
    }

    init(sampleRate: Double, minBlockLength: Int, maxBlockLength: Int, nominalBlockLength: Int, sequenceSize: Int,
         urids: URIDTable, pluginName: String) {
        table = urids
        map.initialize(to: table.mapFeatureData())
        unmap.initialize(to: table.unmapFeatureData())
        self.pluginName = strdup(pluginName)
        host_support_log_init(log, table.map(LV2URI.logError), table.map(LV2URI.logWarning), table.map(LV2URI.logTrace),
                              self.pluginName)

        sampleRateValue.initialize(to: Float(sampleRate))
        let sizes = [minBlockLength, maxBlockLength, nominalBlockLength, sequenceSize]
        for (i, size) in sizes.enumerated() {
            (integerValues + i).initialize(to: Int32(clamping: size))
        }
        let table = self.table
        let floatType = table.map(LV2URI.atomFloat), intType = table.map(LV2URI.atomInt)
        func option(_ key: String, _ type: LV2_URID, _ size: Int, _ value: UnsafeRawPointer) -> LV2_Options_Option {
            LV2_Options_Option(context: LV2_OPTIONS_INSTANCE, subject: 0, key: table.map(key),
                               size: UInt32(size), type: type, value: value)
        }
        let int32Size = MemoryLayout<Int32>.size, integers = integerValues
        let optionList = [
            option(LV2URI.sampleRate, floatType, MemoryLayout<Float>.size, sampleRateValue),
            option(LV2URI.minBlockLength, intType, int32Size, integers),
            option(LV2URI.maxBlockLength, intType, int32Size, integers + 1),
            option(LV2URI.nominalBlockLength, intType, int32Size, integers + 2),
            option(LV2URI.sequenceSize, intType, int32Size, integers + 3),
            LV2_Options_Option(context: LV2_OPTIONS_INSTANCE, subject: 0, key: 0, size: 0, type: 0, value: nil),
        ]
        options = .allocate(capacity: optionList.count)
        _ = options.initialize(from: optionList)

        let featureList: [(String, UnsafeMutableRawPointer?)] = [
            (LV2URI.uridMap, UnsafeMutableRawPointer(map)),
            (LV2URI.uridUnmap, UnsafeMutableRawPointer(unmap)),
            (LV2URI.options, UnsafeMutableRawPointer(options.baseAddress)),
            (LV2URI.logLog, UnsafeMutableRawPointer(log)),
            (LV2URI.boundedBlockLength, nil),
            (LV2URI.workerSchedule, UnsafeMutableRawPointer(worker.schedule)),
            (LV2URI.stateMapPath, UnsafeMutableRawPointer(statePaths.mapPath)),
            (LV2URI.stateMakePath, UnsafeMutableRawPointer(statePaths.makePath)),
            (LV2URI.stateFreePath, UnsafeMutableRawPointer(statePaths.freePath)),
            // A promise, with no data: whoever makes the instance loads the default state
            // (the renderer and the checker call `LV2World.loadDefaultState`).
            (LV2URI.loadDefaultState, nil),
        ]
        features = .allocate(capacity: featureList.count)
        _ = features.initialize(from: featureList.map { LV2_Feature(URI: UnsafePointer(strdup($0.0)), data: $0.1) })
        featurePointers = .allocate(capacity: featureList.count + 1)
        for i in features.indices {
            featurePointers[i] = UnsafePointer(features.baseAddress! + i)
        }
        featurePointers[featureList.count] = nil
        let pathFeatures = [LV2URI.stateMapPath, LV2URI.stateMakePath, LV2URI.stateFreePath]
        let forStateCalls = featureList.indices.filter { !pathFeatures.contains(featureList[$0].0) }
        stateCallFeaturePointers = .allocate(capacity: forStateCalls.count + 1)
        for (slot, i) in forStateCalls.enumerated() {
            stateCallFeaturePointers[slot] = UnsafePointer(features.baseAddress! + i)
        }
        stateCallFeaturePointers[forStateCalls.count] = nil
    }

    deinit {
        features.forEach { free(UnsafeMutablePointer(mutating: $0.URI)) }
        features.deallocate()
        featurePointers.deallocate()
        stateCallFeaturePointers.deallocate()
        options.deallocate()
        integerValues.deallocate()
        sampleRateValue.deallocate()
        log.deallocate()
        free(pluginName)
        unmap.deallocate()
        map.deallocate()
    }

    /// The URID the plugins see for `uri`.
    public func urid(_ uri: String) -> LV2_URID {
        table.map(uri)
    }

    /// The `urid:map` and `urid:unmap` structs, for lilv to read and write state with.
    var mapFeature: UnsafeMutablePointer<LV2_URID_Map> { map }
    var unmapFeature: UnsafeMutablePointer<LV2_URID_Unmap> { unmap }

    /// The NULL-terminated feature list for `instantiate`, valid while `self` lives.
    public var featureArray: UnsafePointer<UnsafePointer<LV2_Feature>?> {
        UnsafePointer(featurePointers.baseAddress!)
    }

    /// `featureArray` for `lilv_state_restore` and `lilv_state_new_from_instance`.
    package var stateCallFeatureArray: UnsafePointer<UnsafePointer<LV2_Feature>?> {
        UnsafePointer(stateCallFeaturePointers.baseAddress!)
    }

    /// The features in `featureArray`, plus the plugin properties that some plugins
    /// list as required features although they ask nothing of the host.
    public var supportedFeatureURIs: [String] {
        features.map { String(cString: $0.URI) } + [LV2URI.hardRTCapable, LV2URI.inPlaceBroken, LV2URI.isLive]
    }
}

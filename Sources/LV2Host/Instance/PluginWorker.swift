import CLV2
import CRemovalOnSignal

/// The host's side of the worker extension (`worker:schedule`), run synchronously as
/// offline hosts do (Ardour while exporting): `schedule_work` calls the plugin's `work`
/// at once, in the same thread; the responses wait in a buffer allocated up front and
/// reach `work_response` after `run`, followed by `end_run`, as the spec orders them.
/// Nothing depends on a thread's timing, so a render with the worker stays identical
/// from one run to the next and under any block partition the plugin itself allows.
public final class PluginWorker {
    /// The `LV2_Worker_Schedule` given to `instantiate`; its handle is this object.
    let schedule = UnsafeMutablePointer<LV2_Worker_Schedule>.allocate(capacity: 1)
    /// Responses waiting for `work_response`: each a 32-bit size and its bytes, padded to 8.
    private let responses: UnsafeMutableRawPointer
    private let responseCapacity: Int
    private var responseEnd = 0
    private var interface: UnsafePointer<LV2_Worker_Interface>?
    private var handle: LV2_Handle?
    /// The plugin's URI as C text, owned by its instance, for the crash and hang reports.
    private var callName: UnsafePointer<CChar>?

    /// `responseCapacity`: the bytes all responses of one block may take together.
    init(responseCapacity: Int = 1 << 20) {
        self.responseCapacity = responseCapacity
        responses = .allocate(byteCount: responseCapacity, alignment: 8)
        schedule.initialize(to: LV2_Worker_Schedule(handle: nil) { handle, size, data in
            guard let handle else { return LV2_WORKER_ERR_UNKNOWN }
            return Unmanaged<PluginWorker>.fromOpaque(handle).takeUnretainedValue().work(size: size, data: data)
        })
        schedule.pointee.handle = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        responses.deallocate()
        schedule.deallocate()
    }

    /// Binds the worker to the instance once it exists, if the plugin has `worker:interface`.
    func attach(_ descriptor: UnsafePointer<LV2_Descriptor>, _ handle: LV2_Handle, callName: UnsafePointer<CChar>) {
        self.callName = callName
        begin("extension_data")
        let data = descriptor.pointee.extension_data?(LV2URI.workerInterface)
        plugin_call_end()
        guard let data else { return }
        interface = data.assumingMemoryBound(to: LV2_Worker_Interface.self)
        self.handle = handle
    }

    /// Whether responses wait for `deliverResponses`.
    var hasResponses: Bool { responseEnd > 0 }

    /// Makes the call into the plugin that follows, up to `plugin_call_end`, known to the crash and
    /// hang reports (plugin_calls.h). Not a generic wrapper: on the run path, an unspecialized
    /// generic would have the runtime allocate and lock for its type's metadata on first use.
    private func begin(_ call: StaticString) {
        plugin_call_begin(callName, call.cString, -1, -1)
    }

    /// Whether the plugin does work through the worker.
    var isAttached: Bool { interface != nil }

    /// `schedule_work`: runs the work now, in this thread.
    private func work(size: UInt32, data: UnsafeRawPointer?) -> LV2_Worker_Status {
        guard let interface, let handle, let work = interface.pointee.work else { return LV2_WORKER_ERR_UNKNOWN }
        let respond: LV2_Worker_Respond_Function = { respondHandle, size, data in
            guard let respondHandle else { return LV2_WORKER_ERR_UNKNOWN }
            return Unmanaged<PluginWorker>.fromOpaque(respondHandle).takeUnretainedValue().queueResponse(size: size, data: data)
        }
        begin("work")
        defer { plugin_call_end() }
        return work(handle, respond, Unmanaged.passUnretained(self).toOpaque(), size, data)
    }

    private func queueResponse(size: UInt32, data: UnsafeRawPointer?) -> LV2_Worker_Status {
        let stride = 8 + (Int(size) + 7) & ~7
        guard responseEnd + stride <= responseCapacity, size == 0 || data != nil else { return LV2_WORKER_ERR_NO_SPACE }
        responses.storeBytes(of: size, toByteOffset: responseEnd, as: UInt32.self)
        if let data { (responses + responseEnd + 8).copyMemory(from: data, byteCount: Int(size)) }
        responseEnd += stride
        return LV2_WORKER_SUCCESS
    }

    /// After `run`: hands over the responses in the order they came, then calls `end_run`.
    /// A response may schedule more work; its responses are delivered in the same pass.
    /// Allocates nothing (the buffer is the one made at `init`).
    func deliverResponses() {
        guard let interface, let handle else { return }
        var offset = 0
        while offset < responseEnd {
            let size = responses.load(fromByteOffset: offset, as: UInt32.self)
            begin("work_response")
            _ = interface.pointee.work_response?(handle, size, responses + offset + 8)
            plugin_call_end()
            offset += 8 + (Int(size) + 7) & ~7
        }
        responseEnd = 0
        begin("end_run")
        _ = interface.pointee.end_run?(handle)
        plugin_call_end()
    }
}

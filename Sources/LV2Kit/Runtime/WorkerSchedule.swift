import CLV2

/// `worker:schedule`: hands work to the host's worker thread from `run`. The host calls
/// the plugin's worker (`LV2Worker.work`) with a copy of the request there, then the
/// plugin's `workResponse` on the audio thread before a later `run`.
public struct WorkerSchedule {
    private let schedule: UnsafeMutablePointer<LV2_Worker_Schedule>

    init?(_ schedule: UnsafeMutablePointer<LV2_Worker_Schedule>) {
        guard schedule.pointee.schedule_work != nil else { return nil }
        self.schedule = schedule
    }

    /// Copies a request for the worker's `work` to the host's queue; false when the host has
    /// no room. The request's type must be the worker's `Request`.
    @inlinable
    public func schedule<Request: BitwiseCopyable>(_ request: Request) -> Bool {
        var message = WorkerMessage(header: WorkerMessageHeader(.request), payload: request)
        return withUnsafeBytes(of: &message) { scheduleBytes($0) }
    }

    /// Copies `bytes` to the host's queue; false when the host has no room.
    ///
    /// The compiler's checker cannot see into the host's `schedule_work`, so this vouches
    /// for it: the worker spec requires it to be real-time safe.
    @_semantics("no_performance_analysis") @usableFromInline
    func scheduleBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let work = schedule.pointee.schedule_work, let base = bytes.baseAddress else { return false }
        return work(schedule.pointee.handle, UInt32(bytes.count), base) == LV2_WORKER_SUCCESS
    }
}

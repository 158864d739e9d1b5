import CLV2

/// `worker:schedule`: hands work to the host's worker thread from `run`. The host calls
/// the plugin's `work` with the same bytes there, then its `workResponse` on the audio
/// thread before a later `run`.
public struct WorkerSchedule {
    private let schedule: UnsafeMutablePointer<LV2_Worker_Schedule>

    init?(_ schedule: UnsafeMutablePointer<LV2_Worker_Schedule>) {
        guard schedule.pointee.schedule_work != nil else { return nil }
        self.schedule = schedule
    }

    /// Copies `request` to the host's queue; false when the host has no room.
    ///
    /// The compiler's checker cannot see into the host's `schedule_work`, so this vouches
    /// for it: the worker spec requires it to be real-time safe.
    @_semantics("no_performance_analysis")
    public func schedule(_ request: UnsafeRawBufferPointer) -> Bool {
        guard let work = schedule.pointee.schedule_work, let bytes = request.baseAddress else { return false }
        return work(schedule.pointee.handle, UInt32(request.count), bytes) == LV2_WORKER_SUCCESS
    }
}

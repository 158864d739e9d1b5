import RTProbe
import XCTest

/// The probe itself must see allocations, or the real-time tests prove nothing.
final class RTProbeTests: XCTestCase {
    func testProbeCountsAllocationsAndLocksOnThisThread() {
        XCTAssertEqual(rt_probe_is_active(), 1, "malloc is not routed through RTProbe in this process")
        rt_probe_begin()
        let array = [Int](repeating: 1, count: 1000)
        var mutex = pthread_mutex_t()
        pthread_mutex_init(&mutex, nil)
        pthread_mutex_lock(&mutex)
        pthread_mutex_unlock(&mutex)
        let counts = rt_probe_end()
        XCTAssertEqual(array.count, 1000)
        XCTAssertGreaterThanOrEqual(counts.allocations, 1)
        XCTAssertGreaterThanOrEqual(counts.locks, 1)
        rt_probe_begin()
        XCTAssertEqual(rt_probe_end().allocations, 0)
    }
}

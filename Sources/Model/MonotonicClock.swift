import Glibc

/// Elapsed time that no change of the wall clock can disturb.
package enum MonotonicClock {
    package static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    package static func seconds(since start: timespec) -> Double {
        let end = now()
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }
}

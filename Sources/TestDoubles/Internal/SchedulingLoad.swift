import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How busy the machine's processors are, as a factor for real-time fallbacks: 1 on an idle or
/// normally loaded machine, up to 8 when the runnable threads outnumber the processors.
///
/// A woken task that does not sleep on the test clock again cannot be observed to finish, so the
/// clock waits a little real time for it. Under load (a CPU hog, a parallel build) the operating
/// system may leave that task unscheduled for longer than the usual wait; scaling the wait by
/// the load average keeps the clock deterministic there without slowing an idle machine.
enum SchedulingLoad {
    /// The one-minute load average per active processor, clamped to 1...8.
    static var factor: UInt64 {
        var averages = [Double](repeating: 0, count: 1)
        guard getloadavg(&averages, 1) == 1 else { return 1 }
        let perProcessor = averages[0] / Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard perProcessor.isFinite, perProcessor > 1 else { return 1 }
        return UInt64(min(perProcessor.rounded(.up), 8))
    }
}

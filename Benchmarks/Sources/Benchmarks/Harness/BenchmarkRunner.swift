import Foundation

/// The median per-operation time of both sides of a ``Comparison``.
struct ComparisonResult: Codable, Sendable {
    let name: String
    let subject: String
    let baseline: String
    let operations: Int
    let subjectMicrosecondsPerOperation: Double
    let baselineMicrosecondsPerOperation: Double
    /// subject / baseline: below 1 means the subject is faster.
    let ratio: Double
}

/// Runs comparisons: one warm-up run of each side, then `repetitions` runs alternating the two
/// sides, and keeps the median of each.
struct BenchmarkRunner {
    let repetitions: Int

    func run(_ comparison: Comparison) async throws -> ComparisonResult {
        _ = try await comparison.subject()
        _ = try await comparison.baseline()
        var subjectTimes: [Double] = []
        var baselineTimes: [Double] = []
        for _ in 0..<repetitions {
            subjectTimes.append(try await comparison.subject().microseconds)
            baselineTimes.append(try await comparison.baseline().microseconds)
        }
        let operations = Double(max(comparison.operations, 1))
        let subject = median(subjectTimes) / operations
        let baseline = median(baselineTimes) / operations
        return ComparisonResult(
            name: comparison.name,
            subject: comparison.subjectLabel,
            baseline: comparison.baselineLabel,
            operations: comparison.operations,
            subjectMicrosecondsPerOperation: subject,
            baselineMicrosecondsPerOperation: baseline,
            ratio: baseline > 0 ? subject / baseline : .infinity
        )
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// A timed region's length. The benchmarks keep time in nanoseconds rather than `Duration`, so
/// the executable builds at the package's platforms (iOS 15, macOS 12), where `Duration` is missing.
struct Elapsed: Sendable, Comparable {
    /// The length in nanoseconds.
    var nanoseconds: UInt64

    /// The length in microseconds.
    var microseconds: Double { Double(nanoseconds) / 1_000 }

    static func < (lhs: Elapsed, rhs: Elapsed) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    static func + (lhs: Elapsed, rhs: Elapsed) -> Elapsed { Elapsed(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
}

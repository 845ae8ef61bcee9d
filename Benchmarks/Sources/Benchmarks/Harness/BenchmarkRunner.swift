import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One row of the benchmark table: both sides of a ``Comparison`` measured in alternating pairs.
struct ComparisonResult: Codable, Sendable {
    let name: String
    let subject: String
    let baseline: String
    let operations: Int
    /// How many pairs the row ran after its warm-up.
    let pairs: Int
    /// The scale family and size the row belongs to, if it is one point of a scale series.
    let scale: Comparison.Scale?
    /// The median of the subject side's runs, per operation.
    let subjectMicrosecondsPerOperation: Double
    /// The median of the baseline side's runs, per operation.
    let baselineMicrosecondsPerOperation: Double
    /// The median of the paired ratios subject / baseline: below 1 means the subject is faster.
    let ratio: Double
    /// The 25th percentile of the paired ratios.
    let ratioP25: Double
    /// The 75th percentile of the paired ratios.
    let ratioP75: Double
    /// The median of the pairs' subject − baseline, for one whole run of each side: the time
    /// the subject adds.
    let addedMicroseconds: Double
    /// The 25th percentile of the pairs' subject − baseline.
    let addedMicrosecondsP25: Double
    /// The 75th percentile of the pairs' subject − baseline.
    let addedMicrosecondsP75: Double
    /// The one-minute load average when the row started.
    let loadAtStart: Double
    /// The one-minute load average when the row ended.
    let loadAtEnd: Double
}

/// Runs comparisons in pairs: one warm-up run of each side, then `repetitions` pairs (fewer for a
/// row with its own ``Comparison/maxPairs``), alternating which side goes first, so a drift in the
/// machine's speed falls on both sides of each pair.
///
/// The ratio it reports is the median of the pairs' ratios, with their 25th and 75th percentiles
/// as the spread, rather than a ratio of two separate medians.
struct BenchmarkRunner {
    let repetitions: Int

    func run(_ comparison: Comparison) async throws -> ComparisonResult {
        let loadAtStart = Self.loadAverage()
        if comparison.warmsUp {
            _ = try await comparison.subject()
            _ = try await comparison.baseline()
        }
        let pairs = min(comparison.maxPairs ?? repetitions, repetitions)
        var subjectTimes: [Double] = []
        var baselineTimes: [Double] = []
        var ratios: [Double] = []
        var added: [Double] = []
        for pair in 0..<pairs {
            let subject: Elapsed
            let baseline: Elapsed
            if pair.isMultiple(of: 2) {
                subject = try await comparison.subject()
                baseline = try await comparison.baseline()
            } else {
                baseline = try await comparison.baseline()
                subject = try await comparison.subject()
            }
            subjectTimes.append(subject.microseconds)
            baselineTimes.append(baseline.microseconds)
            ratios.append(baseline.nanoseconds > 0 ? subject.microseconds / baseline.microseconds : .infinity)
            added.append(subject.microseconds - baseline.microseconds)
        }
        let operations = Double(max(comparison.operations, 1))
        return ComparisonResult(
            name: comparison.name,
            subject: comparison.subjectLabel,
            baseline: comparison.baselineLabel,
            operations: comparison.operations,
            pairs: pairs,
            scale: comparison.scale,
            subjectMicrosecondsPerOperation: Self.percentile(subjectTimes, 0.5) / operations,
            baselineMicrosecondsPerOperation: Self.percentile(baselineTimes, 0.5) / operations,
            ratio: Self.percentile(ratios, 0.5),
            ratioP25: Self.percentile(ratios, 0.25),
            ratioP75: Self.percentile(ratios, 0.75),
            addedMicroseconds: Self.percentile(added, 0.5),
            addedMicrosecondsP25: Self.percentile(added, 0.25),
            addedMicrosecondsP75: Self.percentile(added, 0.75),
            loadAtStart: loadAtStart,
            loadAtEnd: Self.loadAverage()
        )
    }

    /// The value at `fraction` of the sorted values, interpolated linearly between neighbours.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    /// The system's one-minute load average, or -1 where it cannot be read.
    static func loadAverage() -> Double {
        var loads = [Double](repeating: -1, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : -1
    }
}

/// A timed region's length, kept in nanoseconds.
struct Elapsed: Sendable, Comparable {
    /// The length in nanoseconds.
    var nanoseconds: UInt64

    /// The length in microseconds.
    var microseconds: Double { Double(nanoseconds) / 1_000 }

    static func < (lhs: Elapsed, rhs: Elapsed) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    static func + (lhs: Elapsed, rhs: Elapsed) -> Elapsed { Elapsed(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
}

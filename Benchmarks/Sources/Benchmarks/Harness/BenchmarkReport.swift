import Foundation

/// What one run of the benchmarks writes with `--json`: when and where it ran, and every row.
struct BenchmarkReport: Codable, Sendable {
    /// When the first row started.
    let startedAt: Date
    /// When the last row ended.
    let finishedAt: Date
    /// How many pairs each row ran after its warm-up, unless the row runs fewer (its `pairs`).
    let repetitions: Int
    /// The processors the process could use.
    let processors: Int
    /// The operating system, as the process reports it.
    let operatingSystem: String
    /// Every row, in the order they ran.
    let results: [ComparisonResult]
}

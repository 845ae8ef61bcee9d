import Foundation

/// One figure of the benchmark table: a tool of the package measured beside its baseline in the
/// same run.
///
/// Each side is a closure that performs `operations` operations and returns the time its timed
/// region took (use ``measure(_:)`` around the part to time, so set-up stays out of it).
struct Comparison: Sendable {
    /// The row's name, such as `HTTP GET, 100 stubs registered`.
    let name: String
    /// What the subject side runs, such as `HTTPStubRegistry`.
    let subjectLabel: String
    /// What the baseline side runs, such as `bare URLProtocol`.
    let baselineLabel: String
    /// How many operations one run of each side performs.
    let operations: Int
    /// Runs the subject side once and returns the timed duration.
    let subject: @Sendable () async throws -> Elapsed
    /// Runs the baseline side once and returns the timed duration.
    let baseline: @Sendable () async throws -> Elapsed
    /// The scale series this row is one point of, so the report can check how cost grows.
    var scale: Scale? = nil
    /// The most pairs the row runs, for a row whose run takes a minute or more: it runs the
    /// fewer of this and the run's `--repetitions`.
    var maxPairs: Int? = nil
    /// Whether the row runs each side once before the pairs, untimed: off for a row whose run
    /// starts from nothing each time (a clean build), where a warm-up warms nothing.
    var warmsUp = true

    /// One point of a series that runs the same work at growing sizes.
    struct Scale: Codable, Sendable {
        /// The series, such as `Spy call`; rows with the same family are compared by size.
        let family: String
        /// The size of this point, such as 1,000 calls.
        let size: Int
    }
}

/// Times `body` with the monotonic Dispatch clock.
///
/// - Parameter body: The work to time.
/// - Returns: How long it took.
func measure(_ body: () async throws -> Void) async rethrows -> Elapsed {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Elapsed(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
}

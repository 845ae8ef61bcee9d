import Foundation

// Usage: swift run -c release --package-path Benchmarks Benchmarks [--repetitions N] [--filter TEXT] [--json FILE]
// Docs/Performance.md and README's summary are written from a --json file by
// Benchmarks/render-performance, never by hand.
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}
let repetitions = max(option("--repetitions").flatMap(Int.init) ?? 8, 1)
let filter = option("--filter")
let jsonPath = option("--json")

let allComparisons: [Comparison] =
    httpStubbingComparisons + httpStubbingScaleComparisons + httpReplayComparisons
    + testDoublesComparisons + seamsComparisons + fixturesComparisons + consumerComparisons
let comparisons =
    allComparisons
    .filter { comparison in filter.map { comparison.name.localizedCaseInsensitiveContains($0) } ?? true }

let startedAt = Date()
let runner = BenchmarkRunner(repetitions: repetitions)
var results: [ComparisonResult] = []
for comparison in comparisons {
    do {
        let result = try await runner.run(comparison)
        results.append(result)
        FileHandle.standardError.write(Data("\(result.name): \(ResultTable.format(result.ratio))×\n".utf8))
    } catch {
        FileHandle.standardError.write(Data("benchmark '\(comparison.name)' failed: \(error)\n".utf8))
    }
}
print(
    "\(repetitions) pairs after one warm-up, alternating which side goes first; ratio = median of the pairs' "
        + "subject / baseline (below 1 is faster), with the pairs' 25th–75th percentiles; load = one-minute load "
        + "average at the row's start and end.")
print(ResultTable.render(results))
if filter.map({ "HTTP scale".localizedCaseInsensitiveContains($0) }) ?? true { await MemoryUse.printRegistryRetention() }
if let jsonPath {
    let report = BenchmarkReport(
        startedAt: startedAt, finishedAt: Date(), repetitions: repetitions,
        processors: ProcessInfo.processInfo.activeProcessorCount,
        operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString, results: results)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    do {
        try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath))
        print("Wrote \(results.count) results to \(jsonPath)")
    } catch {
        FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
    }
}

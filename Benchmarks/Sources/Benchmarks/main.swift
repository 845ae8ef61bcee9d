import Foundation

// Usage: swift run -c release --package-path Benchmarks Benchmarks [--repetitions N] [--filter TEXT] [--json FILE]
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}
let repetitions = option("--repetitions").flatMap(Int.init) ?? 5
let filter = option("--filter")
let jsonPath = option("--json")

let allComparisons: [Comparison] =
    httpStubbingComparisons + httpStubbingScaleComparisons + httpReplayComparisons
    + testDoublesComparisons + seamsComparisons + fixturesComparisons
let comparisons =
    allComparisons
    .filter { comparison in filter.map { comparison.name.localizedCaseInsensitiveContains($0) } ?? true }

let runner = BenchmarkRunner(repetitions: repetitions)
var results: [ComparisonResult] = []
for comparison in comparisons {
    do {
        results.append(try await runner.run(comparison))
    } catch {
        FileHandle.standardError.write(Data("benchmark '\(comparison.name)' failed: \(error)\n".utf8))
    }
}
print("Median of \(repetitions) runs after one warm-up; ratio = subject / baseline (below 1 is faster).")
print(ResultTable.render(results))
if filter.map({ "HTTP scale".localizedCaseInsensitiveContains($0) }) ?? true { await MemoryUse.printRegistryRetention() }
if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
        try encoder.encode(results).write(to: URL(fileURLWithPath: jsonPath))
        print("Wrote \(results.count) results to \(jsonPath)")
    } catch {
        FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
    }
}

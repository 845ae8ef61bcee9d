import Foundation

/// Formats results as the plain-text table the benchmark prints.
enum ResultTable {
    static func render(_ results: [ComparisonResult]) -> String {
        let header = ["benchmark", "subject", "µs/op", "baseline", "µs/op", "ratio", "p25–p75", "load"]
        let rows = results.map { result in
            [
                result.name,
                result.subject,
                format(result.subjectMicrosecondsPerOperation),
                result.baseline,
                format(result.baselineMicrosecondsPerOperation),
                format(result.ratio) + "×",
                format(result.ratioP25) + "–" + format(result.ratioP75),
                String(format: "%.1f→%.1f", result.loadAtStart, result.loadAtEnd),
            ]
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// Three significant digits, so both 43,331 µs and a 0.0005× ratio stay readable.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return abs(value) >= 1_000 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }
}

/// The failure message for a request no stub matched: the request in full, then every stub,
/// the closest one marked with what differs.
enum UnhandledRequestReport {
    static func message(for request: RecordedHTTPRequest, stubs: [StubEntry], answerCounts: [Int: Int]) -> String {
        var lines = ["No stub matches \(request.summary)"]
        lines.append("  headers: " + HTTPText.headers(request.headers))
        lines.append("  body: " + HTTPText.body(request.body))
        if stubs.isEmpty {
            lines.append("No stubs are registered.")
        } else {
            lines.append("Registered stubs (the last registered that matches wins):")
            let matcherReasons = stubs.map { $0.matcher.mismatches(for: request) }
            let counts = stubs.map { answerCounts[$0.id] ?? 0 }
            let reasons = stubs.indices.map { index in
                matcherReasons[index]
                    + (stubs[index].isUsedUp(after: counts[index]) ? ["used up after \(counts[index]) answers"] : [])
            }
            let satisfied = zip(stubs, matcherReasons).map { $0.matcher.conditions.count - $1.count }
            let closest = closestIndex(satisfied: satisfied, reasons: reasons)
            for (index, stub) in stubs.enumerated() {
                let marker = index == closest ? "  → " : "    "
                var line = "\(marker)\(index + 1). \(stub.summary(answerCount: counts[index]))"
                if index == closest {
                    line += "\n        closest: " + reasons[index].joined(separator: "; ")
                }
                lines.append(line)
            }
        }
        lines.append("The client received URLError(.resourceUnavailable).")
        return lines.joined(separator: "\n")
    }

    /// The stub with the most conditions satisfied, then the fewest failed, then the latest.
    private static func closestIndex(satisfied: [Int], reasons: [[String]]) -> Int? {
        var best: (index: Int, satisfied: Int, failed: Int)?
        for index in satisfied.indices {
            let candidate = (index: index, satisfied: satisfied[index], failed: reasons[index].count)
            if let current = best, (candidate.satisfied, -candidate.failed) < (current.satisfied, -current.failed) {
                continue
            }
            best = candidate
        }
        return best?.index
    }
}

/// The failure message for a request no stub matched: the request in full, then the stubs (the
/// closest few when there are many), the closest one marked with what differs.
enum UnhandledRequestReport {
    /// How many stubs a message lists before it counts the rest.
    static let shownLimit = 10

    static func message(for request: RecordedHTTPRequest, stubs: [StubEntry], answerCounts: [Int]) -> String {
        var lines = ["No stub matches \(request)"]
        if stubs.isEmpty {
            lines.append("No stubs are registered.")
        } else {
            // In registration order, as the user wrote them.
            let ordered = stubs.sorted { $0.id < $1.id }
            let counts = ordered.map { answerCounts.indices.contains($0.id) ? answerCounts[$0.id] : 0 }
            let satisfied = ordered.map { $0.matcher.satisfiedCount(for: request) }
            let shown: [Int]
            if ordered.count > shownLimit {
                shown = Array(ordered.indices.sorted { (satisfied[$0], $0) > (satisfied[$1], $1) }.prefix(shownLimit)).sorted()
                lines.append("Registered stubs (\(ordered.count); the \(shownLimit) closest; the last registered that matches wins):")
            } else {
                shown = Array(ordered.indices)
                lines.append("Registered stubs (the last registered that matches wins):")
            }
            let reasons = shown.map { index in
                ordered[index].matcher.mismatches(for: request)
                    + (ordered[index].isUsedUp(after: counts[index]) ? ["used up after \(counts[index]) answers"] : [])
            }
            // The most conditions satisfied, then the fewest failed, then the latest.
            let closest = shown.indices.max {
                (satisfied[shown[$0]], -reasons[$0].count, $0) < (satisfied[shown[$1]], -reasons[$1].count, $1)
            }
            for (position, index) in shown.enumerated() {
                let marker = position == closest ? "  → " : "    "
                var line = "\(marker)\(index + 1). \(ordered[index].summary(answerCount: counts[index]))"
                if position == closest {
                    line += "\n        closest: " + reasons[position].joined(separator: "; ")
                }
                lines.append(line)
            }
            if ordered.count > shown.count {
                lines.append("    … and \(ordered.count - shown.count) more stubs, none closer")
            }
        }
        lines.append("The client received URLError(.resourceUnavailable).")
        return lines.joined(separator: "\n")
    }
}

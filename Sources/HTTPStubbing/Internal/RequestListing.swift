/// The list of recorded requests a failing verification prints: all of them when there are few,
/// otherwise the closest few and a count of the rest; and what the closest one got wrong.
enum RequestListing {
    /// How many requests a message lists before it counts the rest.
    static let shownLimit = 10

    static func listing(_ requests: [RecordedHTTPRequest], closestTo matcher: HTTPRequestMatcher?) -> String {
        guard !requests.isEmpty else { return "requests seen: none" }
        var shown = Array(requests.indices)
        var heading = "requests seen (\(requests.count)):"
        let satisfied = matcher.map { matcher in requests.map { matcher.satisfiedCount(for: $0) } }
        if requests.count > shownLimit {
            if let satisfied {
                // The closest first (most conditions met, then the latest), shown in arrival order.
                shown = Array(requests.indices.sorted { (satisfied[$0], $0) > (satisfied[$1], $1) }.prefix(shownLimit)).sorted()
                heading = "requests seen (\(requests.count)), the \(shownLimit) closest:"
            } else {
                shown = Array(requests.indices.suffix(shownLimit))
                heading = "requests seen (\(requests.count)), the last \(shownLimit):"
            }
        }
        var lines = [heading]
        lines += shown.map { index in
            "  \(index + 1). \(requests[index].summary) → \(OutcomeText.describe(requests[index].outcome))"
                + (requests[index].multipartListing(indent: "       ").map { "\n     body: " + $0 } ?? "")
        }
        if requests.count > shown.count {
            lines.append("  … and \(requests.count - shown.count) more")
        }
        // The request that meets the most conditions without meeting them all; the latest on a tie.
        if let matcher, let satisfied,
            let closest = requests.indices.filter({ satisfied[$0] < matcher.conditions.count })
                .max(by: { (satisfied[$0], $0) < (satisfied[$1], $1) })
        {
            let reasons = matcher.mismatches(for: requests[closest]).joined(separator: "; ")
            lines.append("closest: \(closest + 1). \(requests[closest].summary): \(reasons)")
        }
        return lines.joined(separator: "\n")
    }
}

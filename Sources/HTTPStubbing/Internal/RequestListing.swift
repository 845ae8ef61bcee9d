import TestSupportCore

/// The list of recorded requests a failing verification prints: all of them when there are few,
/// otherwise the closest few and a count of the rest; and what the closest one got wrong.
enum RequestListing {
    /// How many requests a message lists before it counts the rest.
    static let shownLimit = 10

    static func listing(_ log: RecordedLog<RecordedHTTPRequest, Never>, closestTo matcher: HTTPRequestMatcher?) -> String {
        let requests = log.entries
        guard !requests.isEmpty else { return "requests seen: none" }
        var shown = Array(requests.indices)
        var heading = "requests seen (\(requests.count)):"
        if requests.count > shownLimit {
            if let matcher {
                // The closest (most conditions met, then the latest), shown in arrival order.
                shown = log.closest(limit: shownLimit) { matcher.satisfiedCount(for: $0) }.sorted()
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
        let nearMissRank = { (matcher: HTTPRequestMatcher, request: RecordedHTTPRequest) -> Int? in
            let satisfied = matcher.satisfiedCount(for: request)
            return satisfied < matcher.conditions.count ? satisfied : nil
        }
        if let matcher, let closest = log.closest(limit: 1, rank: { nearMissRank(matcher, $0) }).first {
            let reasons = matcher.mismatches(for: requests[closest]).joined(separator: "; ")
            lines.append("closest: \(closest + 1). \(requests[closest].summary): \(reasons)")
        }
        return lines.joined(separator: "\n")
    }
}

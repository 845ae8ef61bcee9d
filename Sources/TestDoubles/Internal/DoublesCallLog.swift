/// The failure messages of every spy verification, written once over a method's name and its
/// recorded inputs, so ``MethodSpy`` and ``MainActorSpy`` read alike.
///
/// Messages are bounded: a listing shows at most ``listLimit`` entries and counts the rest, and
/// the search for the closest call looks at no more than ``closestScanLimit`` calls, so a failing
/// check on a million calls stays fast and short.
struct DoublesCallLog<Input> {
    let method: String
    let inputs: [Input]

    /// How many calls a listing shows before it counts the rest.
    static var listLimit: Int { 10 }
    /// How many calls the closest-call search compares property by property.
    static var closestScanLimit: Int { 1_000 }

    // MARK: Counts

    func timesFailure(expected times: Int) -> String? {
        guard inputs.count != times else { return nil }
        return "Expected \(method) to be called \(Self.timesText(times)), but it was called \(Self.timesText(inputs.count))"
            + listing()
    }

    func notCalledFailure() -> String? {
        guard !inputs.isEmpty else { return nil }
        return "Expected \(method) not to be called, but it was called \(Self.timesText(inputs.count))" + listing()
    }

    func matchingFailure(description: String) -> String {
        "Expected \(method) to be called with \(description), but none of its \(Self.timesText(inputs.count, noun: "call")) matched"
            + listing()
    }

    // MARK: Arguments

    /// The failure of "some call had exactly `expected`", with the closest call's differences.
    func calledWithFailure(
        _ expected: Input,
        describe: (Input) -> String,
        equal: (Input, Input) -> Bool,
        differences: (Input, Input) -> [String]
    ) -> String? {
        guard !inputs.contains(where: { equal($0, expected) }) else { return nil }
        let expectedText = describe(expected)
        guard !inputs.isEmpty else {
            return "Expected \(method) to be called with \(expectedText), but it was never called"
        }
        let closest = closestCall(to: expected, differences: differences)
        let scanned = inputs.count > Self.closestScanLimit ? " (closest of the first \(Self.closestScanLimit))" : ""
        return "Expected \(method) to be called with \(expectedText), "
            + "but its \(Self.timesText(inputs.count, noun: "call")) had other arguments"
            + listing(describe: describe)
            + "\nCall #\(closest + 1) differs\(scanned):\n"
            + Self.block(differences(expected, inputs[closest]), expected: describe(expected), actual: describe(inputs[closest]))
    }

    /// The failure of "the calls were exactly `expected`, in order"; the headline says what was
    /// expected, then each differing call is named, up to ``listLimit`` of them.
    func callsFailure(
        _ expected: [Input],
        describe: (Input) -> String,
        equal: (Input, Input) -> Bool,
        differences: (Input, Input) -> [String]
    ) -> String? {
        let seen = inputs
        if seen.count == expected.count, !zip(seen, expected).contains(where: { !equal($0, $1) }) { return nil }
        let expectedText: String
        if expected.count == 1 {
            expectedText = "once with \(describe(expected[0]))"
        } else {
            let shown = expected.prefix(Self.listLimit).map(describe).joined(separator: ", ")
            let more = expected.count > Self.listLimit ? ", … \(expected.count - Self.listLimit) more" : ""
            expectedText = "\(Self.timesText(expected.count)) with [\(shown)\(more)]"
        }
        var headline = "Expected \(method) to be called \(expectedText), but "
        if seen.count != expected.count {
            headline += "it was called \(Self.timesText(seen.count))"
        } else if seen.count == 1 {
            headline += "it was called with \(describe(seen[0]))"
        } else {
            headline += "some calls had other arguments"
        }
        let lines =
            [headline]
            + DoublesSequenceDiff.lines(
                expected: expected, actual: seen, noun: "call", describe: describe, equal: equal, differences: differences)
        return lines.joined(separator: "\n")
    }

    /// The index of the call, among the first ``closestScanLimit``, that differs from
    /// `expected` in the fewest properties.
    func closestCall(to expected: Input, differences: (Input, Input) -> [String]) -> Int {
        var best = 0
        var fewest = Int.max
        for (index, input) in inputs.prefix(Self.closestScanLimit).enumerated() {
            let count = differences(expected, input).count
            if count < fewest {
                fewest = count
                best = index
            }
        }
        return best
    }

    // MARK: Text

    /// The failure of completing a call when none waits, shared by both kinds of method spy.
    static func nothingWaitingFailure(method: String, callCount: Int) -> String {
        let calls = callCount == 0 ? "it was never called" : "it was called \(timesText(callCount)) and each call was completed already"
        return "completeLast(with:) found no call of \(method) waiting for its completion handler: \(calls)"
    }

    /// The failure of a wait for `count` calls that timed out after `timeout`, listing the calls
    /// seen.
    func timeoutFailure(waitingFor count: Int, timeout: String) -> String {
        "Timed out after \(timeout) waiting for \(method) to be called \(Self.timesText(count)); "
            + "it was called \(Self.timesText(inputs.count))" + listing()
    }

    /// The failure of an inverted wait: calls arrived, or the wait was cancelled.
    func noCallsFailure(within timeout: String) -> String {
        if inputs.isEmpty { return "Cancelled while checking that \(method) is not called within \(timeout)" }
        return "Expected no call to \(method) within \(timeout), got \(Self.timesText(inputs.count, noun: "call"))" + listing()
    }

    func listing(describe: (Input) -> String = { DoublesValueDiff.describe($0) }) -> String {
        Self.listing(inputs, describe: describe)
    }

    /// `:` and one line per input, `#1 …`, at most ``listLimit`` of them, then how many more.
    static func listing(_ inputs: [Input], describe: (Input) -> String = { DoublesValueDiff.describe($0) }) -> String {
        guard !inputs.isEmpty else { return "" }
        var lines = inputs.prefix(listLimit).enumerated().map { "  #\($0.offset + 1) \(describe($0.element))" }
        if inputs.count > listLimit {
            let more = inputs.count - listLimit
            lines.append("  … and \(more) more")
        }
        return ":\n" + lines.joined(separator: "\n")
    }

    static func block(_ differences: [String], expected: String, actual: String) -> String {
        if differences.isEmpty { return "    expected \(expected), got \(actual)" }
        return differences.map { "    \($0)" }.joined(separator: "\n")
    }

    static func timesText(_ count: Int, noun: String = "time") -> String {
        switch count {
        case 0: "0 \(noun)s"
        case 1 where noun == "time": "once"
        case 1: "1 \(noun)"
        default: "\(count) \(noun)s"
        }
    }
}

/// Describes and compares the arguments of a method with several parameters, labelled by the
/// method's argument labels: `navigate(to:animated:)` gives `to` and `animated`.
enum DoublesArguments {
    /// The labels of `method`'s arguments, or `argument 1`, `argument 2`… where the name has
    /// none (`_`) or does not list `count` of them.
    static func labels(of method: String, count: Int) -> [String] {
        let fallback = (1...max(count, 1)).map { "argument \($0)" }
        guard let open = method.firstIndex(of: "("), method.hasSuffix(":)") else { return fallback }
        let inside = method[method.index(after: open)..<method.index(before: method.endIndex)]
        let parts = inside.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard parts.count == count else { return fallback }
        return parts.enumerated().map { $0.element == "_" ? "argument \($0.offset + 1)" : String($0.element) }
    }

    /// The pack's values, in order, as the argument lists of the several-argument checks hold them.
    static func values<each Argument>(_ arguments: repeat each Argument) -> [Any] {
        var values: [Any] = []
        for argument in repeat each arguments { values.append(argument) }
        return values
    }
}

/// One call's arguments with the method's labels, comparable and printable as a whole: what the
/// several-argument verifications compare (tuples of `Equatable` values are not `Equatable`).
///
/// The arguments are kept as `Any` and compared through their `Equatable` conformance, opened at
/// run time: the typed verifications only build lists whose every argument is `Equatable`.
/// (Keeping them as a typed pack tuple crashes the Swift 6.3 compiler when the tuple comes from
/// the spy's `Input`.)
struct DoublesArgumentList: Equatable {
    let values: [Any]
    let labels: [String]

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        return zip(lhs.values, rhs.values).allSatisfy { isEqual($0, $1) }
    }

    private static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let equatable = lhs as? any Equatable else { return false }
        func compare<Value: Equatable>(_ value: Value) -> Bool { (rhs as? Value) == value }
        return compare(equatable)
    }

    /// `(to: detail(1), animated: true)`; arguments without a label go unlabelled.
    var text: String {
        let parts = values.enumerated().map { index, argument in
            let label = index < labels.count && !labels[index].hasPrefix("argument ") ? "\(labels[index]): " : ""
            return label + DoublesValueDiff.describe(argument)
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// One line per argument that differs from `expected`'s, such as
    /// `animated: expected true, got false`, going into properties as single-argument diffs do.
    func differences(from expected: Self) -> [String] {
        zip(expected.values, values).enumerated().flatMap { index, pair in
            let label = index < labels.count ? labels[index] : "argument \(index + 1)"
            return DoublesValueDiff.differences(expected: pair.0, actual: pair.1, path: label)
        }
    }
}

extension DoublesArgumentList {
    /// The arguments of a recorded call: the tuple's elements, or the value itself for one
    /// argument.
    init(recorded input: Any, count: Int, labels: [String]) {
        self.init(values: count == 1 ? [input] : Mirror(reflecting: input).children.map(\.value), labels: labels)
    }
}

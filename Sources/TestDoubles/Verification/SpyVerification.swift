/// The checks behind every verification of both kinds of method spy, run on the spy's core
/// wherever the spy keeps it (under the spy's lock, or on the main actor).
///
/// A check that passes counts or searches the recorded calls in place and marks what it matched
/// as verified; only a failing check copies the calls out, to write its message.
struct SpyVerification<Input, Output, Failure: Error> {
    typealias Core = SpyCore<Input, Output, Failure>

    let method: String
    /// Runs a body on the spy's core, in the spy's isolation.
    let access: ((inout Core) -> Void) -> Void

    /// The recorded inputs, copied out for a failure message or for the test's own predicate.
    private var inputs: [Input] {
        var inputs: [Input] = []
        access { inputs = $0.inputs }
        return inputs
    }

    private var log: DoublesCallLog<Input> { DoublesCallLog(method: method, inputs: inputs) }

    /// How messages print an input, and how two inputs differ.
    private static func describe(_ input: Input) -> String { DoublesValueDiff.describe(input) }
    private static func differences(_ expected: Input, _ actual: Input) -> [String] {
        DoublesValueDiff.differences(expected: expected, actual: actual)
    }

    func times(_ times: Int) -> String? {
        var counted = false
        access { core in
            guard core.calls.count == times else { return }
            core.verifiedBelow = times
            counted = true
        }
        return counted ? nil : log.timesFailure(expected: times)
    }

    func notCalled() -> String? {
        var called = true
        access { called = !$0.calls.isEmpty }
        return called ? log.notCalledFailure() : nil
    }

    /// The predicate is the test's code: it runs on a copy of the calls, in the caller's context.
    func called(matching description: String, where predicate: (Input) throws -> Bool) rethrows -> String? {
        let inputs = inputs
        let matched = try inputs.indices.filter { try predicate(inputs[$0]) }
        guard matched.isEmpty else {
            access { $0.markVerified(matched) }
            return nil
        }
        return DoublesCallLog(method: method, inputs: inputs).matchingFailure(description: description)
    }

    /// "Some call had `expected`": searched in place, each matching call marked.
    func called(with expected: Input, equal: (Input, Input) -> Bool) -> String? {
        var found = false
        access { core in
            for index in core.calls.indices where equal(core.calls[index].input, expected) {
                if index >= core.verifiedBelow { core.verifiedCalls.insert(index) }
                found = true
            }
        }
        return found ? nil : log.calledWithFailure(expected, describe: Self.describe, equal: equal, differences: Self.differences)
    }

    /// "The calls were exactly `expected`, in order": compared in place.
    func calls(_ expected: [Input], equal: (Input, Input) -> Bool) -> String? {
        var same = false
        access { core in
            guard core.calls.count == expected.count, zip(core.calls, expected).allSatisfy({ equal($0.input, $1) }) else { return }
            core.verifiedBelow = expected.count
            same = true
        }
        return same ? nil : log.callsFailure(expected, describe: Self.describe, equal: equal, differences: Self.differences)
    }

    // MARK: Several arguments

    /// The calls as argument lists labelled by the method's argument labels, and those labels.
    private func argumentLog(count: Int) -> (log: DoublesCallLog<DoublesArgumentList>, labels: [String]) {
        let labels = DoublesArguments.labels(of: method, count: count)
        let lists = inputs.map { DoublesArgumentList(recorded: $0, count: count, labels: labels) }
        return (DoublesCallLog(method: method, inputs: lists), labels)
    }

    /// The expected arguments as a labelled list, and the calls, with the indices of those that
    /// had these arguments: what `expectCalled(with:…)` and `ExpectedCall.call(_:with:…)` match.
    func matches(arguments values: [Any]) -> (expected: DoublesArgumentList, log: DoublesCallLog<DoublesArgumentList>, matched: [Int]) {
        let (log, labels) = argumentLog(count: values.count)
        let expected = DoublesArgumentList(values: values, labels: labels)
        return (expected, log, log.inputs.indices.filter { log.inputs[$0] == expected })
    }

    /// "Some call had these arguments", named by the method's labels in the message.
    func called(withArguments values: [Any]) -> String? {
        let (expected, log, matched) = matches(arguments: values)
        guard matched.isEmpty else {
            access { $0.markVerified(matched) }
            return nil
        }
        return log.calledWithFailure(expected, describe: { $0.text }, equal: ==, differences: { $1.differences(from: $0) })
    }

    /// "The calls had exactly these arguments, in order".
    func calls(withArguments expectedCalls: [[Any]], count: Int) -> String? {
        let (log, labels) = argumentLog(count: count)
        let message = log.callsFailure(
            expectedCalls.map { DoublesArgumentList(values: $0, labels: labels) },
            describe: { $0.text }, equal: ==, differences: { $1.differences(from: $0) }
        )
        if message == nil { access { $0.verifiedBelow = min(log.inputs.count, $0.calls.count) } }
        return message
    }

    // MARK: Stub record

    /// The calls as the stub's ordered record reads them; each is described only for a message.
    func stubEntries(spy: AnyObject) -> [StubCallEntry] {
        var entries: [StubCallEntry] = []
        let id = ObjectIdentifier(spy)
        access { core in
            entries = core.calls.indices.map { index in
                let input = core.calls[index].input
                return StubCallEntry(
                    spy: id, method: method, index: index, ordinal: core.calls[index].ordinal,
                    verified: core.isVerified(index), arguments: { Self.describe(input) }
                )
            }
        }
        return entries
    }
}

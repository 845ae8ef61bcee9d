import TestSupportCore

/// A spy as its stub's ordered record reads it: ``MethodSpy`` and ``MainActorMethodSpy``.
protocol StubRecordedSpy: AnyObject {
    /// The spy's calls, or `nil` for a main-actor spy read off the main actor; reports the
    /// failures the spy kept from other threads first, as every verification does.
    func stubEntries(onMainActor: Bool) -> [StubCallEntry]?
    /// Marks the calls at these indices verified.
    func markVerified(_ indices: [Int], onMainActor: Bool)
}

/// One call of a stub's spy, ordered by the ordinal all spies share.
struct StubCallEntry {
    let spy: ObjectIdentifier
    let method: String
    let index: Int
    let ordinal: UInt64
    let verified: Bool
    /// The call's arguments, described only when a message needs them.
    let arguments: () -> String

    var text: String { "\(method) with \(arguments())" }
}

/// The calls of several spies (a stub's, or those given to the free `expectInOrder`), merged in
/// the order they were made: what ``SpyingStub`` and `expectInOrder` check.
struct StubCallRecord {
    /// The stub's type name, or `nil` for spies given one by one.
    let stub: String?
    let entries: [StubCallEntry]
    let spies: [ObjectIdentifier: any StubRecordedSpy]
    let onMainActor: Bool

    /// Reads the spies found among the stub's stored properties, main-actor ones only when the
    /// caller's `isolation` is the main actor; reports at `site` and gives `nil` when there are none.
    init?(of stub: AnyObject, isolation: (any Actor)?, at site: CallSite) {
        let name = String(describing: type(of: stub))
        var spies: [any StubRecordedSpy] = []
        var level: Mirror? = Mirror(reflecting: stub)
        while let mirror = level {
            spies += mirror.children.compactMap { $0.value as? any StubRecordedSpy }
            level = mirror.superclassMirror
        }
        guard !spies.isEmpty else {
            FailureReporter.report(
                "\(name) has no spies among its stored properties; a SpyingStub checks the calls of its "
                    + "MethodSpy and MainActorMethodSpy properties",
                at: site
            )
            return nil
        }
        let onMainActor = isolation.map { ObjectIdentifier($0) == ObjectIdentifier(MainActor.shared) } ?? false
        self.init(stub: name, spies: spies, onMainActor: onMainActor, at: site)
    }

    /// Reads the spies' calls; reports at `site` and gives `nil` when main-actor spies are read
    /// off the main actor.
    init?(stub: String?, spies: [any StubRecordedSpy], onMainActor: Bool, at site: CallSite) {
        self.stub = stub
        self.onMainActor = onMainActor
        var unique: [ObjectIdentifier: any StubRecordedSpy] = [:]
        var entries: [StubCallEntry] = []
        for spy in spies where unique.updateValue(spy, forKey: ObjectIdentifier(spy)) == nil {
            guard let spyEntries = spy.stubEntries(onMainActor: onMainActor) else {
                FailureReporter.report(
                    "\(stub ?? "The stub") has main-actor spies, which can be read only on the main actor; "
                        + "check its calls from the main actor (mark the test @MainActor)",
                    at: site
                )
                return nil
            }
            entries += spyEntries
        }
        entries.sort { $0.ordinal < $1.ordinal }
        self.entries = entries
        self.spies = unique
    }

    /// The failure message of "these calls, in this order", or `nil` after marking the matched
    /// calls verified.
    func orderViolation(_ expected: [ExpectedCall]) -> String? {
        var position = 0
        var matched: [(spy: ObjectIdentifier, index: Int)] = []
        var previous: (text: String, position: Int)?
        for call in expected {
            let found = entries[position...].firstIndex { entry in
                entry.spy == call.spy && (call.matching?.contains(entry.index) ?? true)
            }
            guard let found else {
                let order = expected.map(\.text).joined(separator: " → ")
                let reason: String
                if !spies.keys.contains(call.spy) {
                    reason = "\(call.text) is not a call of a spy of \(stub ?? "the stub")"
                } else if let previous {
                    reason = "\(call.text) was not called after \(previous.text) (call #\(previous.position))"
                } else {
                    reason = "\(call.text) was never called"
                }
                return "Expected calls\(stub.map { " on \($0)" } ?? "") in order \(order), but \(reason).\n" + listing()
            }
            matched.append((entries[found].spy, entries[found].index))
            previous = (call.text, found + 1)
            position = found + 1
        }
        markVerified(matched)
        return nil
    }

    /// The failure message listing the calls no expectation matched, or `nil` when there are none.
    func unverifiedCalls() -> String? {
        let unverified = entries.filter { !$0.verified }.count
        guard unverified > 0 else { return nil }
        return "Expected no other calls on \(stub ?? "the stub"), but \(unverified) of its "
            + "\(DoublesCallLog<Void>.timesText(entries.count, noun: "call")) matched no expectation:\n"
            + lines(marking: true).joined(separator: "\n")
    }

    /// `Calls on Stub, in order:` (`Calls seen, in order:` for spies given one by one) and a line
    /// per call, at most twice ``DoublesCallLog/listLimit``.
    private func listing() -> String {
        guard !entries.isEmpty else { return "No calls were recorded" + (stub.map { " on \($0)." } ?? ".") }
        return (stub.map { "Calls on \($0), in order:\n" } ?? "Calls seen, in order:\n") + lines(marking: false).joined(separator: "\n")
    }

    private func lines(marking: Bool) -> [String] {
        let limit = DoublesCallLog<Void>.listLimit * 2
        var shown = Array(entries.enumerated())
        if marking, shown.count > limit {
            // Keep the unverified calls in view when the record is long.
            shown = shown.filter { !$0.element.verified }
        }
        var lines = shown.prefix(limit).map { position, entry in
            "  \(position + 1). \(entry.text)" + (marking && !entry.verified ? "   ← not verified" : "")
        }
        if shown.count > limit { lines.append("  … and \(shown.count - limit) more") }
        return lines
    }

    private func markVerified(_ matched: [(spy: ObjectIdentifier, index: Int)]) {
        let bySpy = Dictionary(grouping: matched, by: \.spy)
        for (id, calls) in bySpy {
            spies[id]?.markVerified(calls.map(\.index), onMainActor: onMainActor)
        }
    }
}

extension MethodSpy: StubRecordedSpy {
    func stubEntries(onMainActor: Bool) -> [StubCallEntry]? {
        failures.flush()
        return verification.stubEntries(spy: self)
    }

    func markVerified(_ indices: [Int], onMainActor: Bool) {
        withRecords { $0.core.markVerified(indices) }
    }
}

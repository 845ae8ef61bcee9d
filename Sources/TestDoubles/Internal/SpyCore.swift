import TestSupportCore

/// The one core of both kinds of method spy: the calls, the answer state, the sequence rules and
/// the held completion handlers.
///
/// ``MethodSpy`` keeps it under the spy's lock and ``MainActorMethodSpy`` on the main actor; the
/// core itself is a plain value, so each owner decides where it lives. Answer closures are stored
/// without `@Sendable`: `MethodSpy` only stores `@Sendable` ones, a main-actor spy only main-actor
/// ones, and the core never calls them itself.
@usableFromInline
struct SpyCore<Input, Output, Failure: Error> {
    /// An asynchronous answer closure. It runs in its caller's isolation, so a main-actor spy
    /// awaits it on the main actor with values that are not Sendable.
    @usableFromInline
    typealias AsyncBody = nonisolated(nonsending) (Input) async throws -> Output

    @usableFromInline
    enum Answer {
        case unconfigured
        case unimplemented
        case result(Result<Output, Failure>)
        // Untyped `throws`: typed-throws function types need iOS 18 / macOS 15 metadata at run
        // time. Only closures that throw `Failure` are stored; see `Outcome.init(closureError:)`.
        case closure((Input) throws -> Output)
        case asyncClosure(AsyncBody)
        case sequence([Result<Output, Failure>], afterLast: AfterLastAnswer)
        /// A completion spy keeps each call's handler for the test to complete.
        case holdCompletions
    }

    /// The answer picked for one call under the owner's isolation; closures are run afterwards.
    @usableFromInline
    enum Resolution {
        case result(Result<Output, Failure>)
        case closure((Input) throws -> Output)
        case asyncClosure(AsyncBody)
        case failed(SpyCallFailure)
        /// The call's handler is held for the test: the spy holds completions on purpose.
        case hold(callNumber: Int)
    }

    /// What a call ends with: an answer, or a failure to report before the fallback.
    enum Outcome {
        case answered(Result<Output, Failure>)
        case failed(SpyCallFailure)
    }

    @usableFromInline
    struct Call {
        @usableFromInline let input: Input
        /// The call's place in the order all spies share.
        @usableFromInline let ordinal: UInt64

        @inlinable
        init(input: Input, ordinal: UInt64) {
            self.input = input
            self.ordinal = ordinal
        }
    }

    @usableFromInline var calls: [Call] = []
    @usableFromInline var answer: Answer
    @usableFromInline var answersGiven = 0
    /// The `#function` of the first stub method that called the spy, when the spy has no name of
    /// its own.
    @usableFromInline var callerFunction: StaticString?
    /// Every call before this index was verified as a whole, by a count or a full list.
    var verifiedBelow = 0
    /// The indices of other calls a verification matched; kept apart from the calls so that a
    /// recorded call costs no more memory for a check few tests make.
    var verifiedCalls: Set<Int> = []
    /// The completion handlers of calls that wait for the test to complete them, oldest first.
    var heldCompletions: [HeldCompletion<Output>] = []
    /// The stub that made the spy, when it said so: unanswered calls are reported there.
    var origin: StubOrigin?
    /// The end-of-test check of a completion spy that held calls on purpose, kept informed of
    /// how many handlers wait.
    var pendingCheck: PendingCompletionCheck?

    init(answer: Answer) {
        self.answer = answer
    }

    /// Records one call.
    @inlinable
    mutating func record(_ input: Input, ordinal: UInt64, caller: StaticString, learnsName: Bool) {
        calls.append(Call(input: input, ordinal: ordinal))
        if learnsName, callerFunction == nil { callerFunction = caller }
    }

    /// Picks the answer for the next call; closures are returned, not run, and failure messages
    /// are written later, by the owner.
    @inlinable
    mutating func resolve() -> Resolution {
        switch answer {
        case let .result(result):
            return .result(result)
        case .unconfigured:
            return .failed(.unconfigured(callNumber: calls.count))
        case .holdCompletions:
            return .hold(callNumber: calls.count)
        case .unimplemented:
            return .failed(.unimplemented)
        case let .closure(body):
            return .closure(body)
        case let .asyncClosure(body):
            return .asyncClosure(body)
        case let .sequence(results, afterLast):
            let index = answersGiven
            answersGiven += 1
            if index < results.count { return .result(results[index]) }
            if afterLast == .repeatLast, let last = results.last { return .result(last) }
            return .failed(.answersExhausted(callNumber: answersGiven, answers: results.count))
        }
    }

    /// Whether `results` can be configured as a sequence; an empty list is reported at the
    /// caller's line.
    static func accepts(_ results: [Result<Output, Failure>], method: String, at site: CallSite) -> Bool {
        if !results.isEmpty { return true }
        FailureReporter.report("An answer sequence for \(method) needs at least one answer; got an empty list", at: site)
        return false
    }

    mutating func configure(_ newAnswer: Answer) {
        answer = newAnswer
        answersGiven = 0
    }

    mutating func clearRecorded() {
        calls = []
        verifiedBelow = 0
        verifiedCalls = []
    }

    /// Back to how the spy was created: no calls, no held handlers, the initial answer.
    mutating func reset(to initialAnswer: Answer) {
        clearRecorded()
        heldCompletions = []
        pendingCheck?.update(held: 0)
        configure(initialAnswer)
    }

    /// Keeps a call's handler for the test to complete.
    mutating func hold(_ completion: HeldCompletion<Output>, method: String) {
        heldCompletions.append(completion)
        pendingCheck?.update(held: heldCompletions.count, method: method)
    }

    /// Takes out the handler of the most recent call still waiting, if any.
    mutating func takeLastHeld() -> HeldCompletion<Output>? {
        defer { pendingCheck?.update(held: heldCompletions.count) }
        return heldCompletions.popLast()
    }

    /// Holds calls from now on, and whether handlers may still wait when the test ends; returns
    /// the spy's end-of-test check when it is new, for the caller to register.
    mutating func holdCompletions(allowingPending: Bool, method: String, at site: CallSite) -> PendingCompletionCheck? {
        configure(.holdCompletions)
        if let pendingCheck {
            pendingCheck.allowPending(allowingPending)
            return nil
        }
        let check = PendingCompletionCheck(method: method, allowsPending: allowingPending, at: site)
        check.update(held: heldCompletions.count)
        pendingCheck = check
        return check
    }

    /// The name failure messages print: the given one, else the first calling stub method, else
    /// where the spy was declared.
    func method(named explicitName: String?, declaredIn member: String) -> String {
        if let explicitName { return explicitName }
        if let callerFunction { return "\(callerFunction)" }
        return member.contains("(") ? "the spy created in \(member)" : "a spy of \(member)"
    }

    var inputs: [Input] { calls.map(\.input) }

    func isVerified(_ index: Int) -> Bool {
        index < verifiedBelow || verifiedCalls.contains(index)
    }

    mutating func markVerified(_ indices: some Sequence<Int>) {
        for index in indices where index >= verifiedBelow && index < calls.count { verifiedCalls.insert(index) }
    }
}

extension SpyCore.Resolution {
    /// Runs a synchronous answer for `input`.
    func outcome(for input: Input) -> SpyCore<Input, Output, Failure>.Outcome {
        switch self {
        case let .result(result):
            return .answered(result)
        case let .closure(body):
            do {
                return .answered(.success(try body(input)))
            } catch {
                return .init(closureError: error)
            }
        case .asyncClosure:
            return .failed(.asyncAnswerCalledSynchronously)
        case let .failed(kind):
            return .failed(kind)
        case let .hold(callNumber):
            return .failed(.unconfigured(callNumber: callNumber))
        }
    }

    /// Runs an answer for `input`, awaiting an asynchronous one.
    nonisolated(nonsending) func awaitedOutcome(for input: Input) async -> SpyCore<Input, Output, Failure>.Outcome {
        guard case let .asyncClosure(body) = self else { return outcome(for: input) }
        do {
            return .answered(.success(try await body(input)))
        } catch {
            return .init(closureError: error)
        }
    }
}

extension SpyCore.Outcome {
    /// An error an answer closure threw: the spy's `Failure`, or a failure to report. The closures
    /// are stored with untyped `throws` but only ever wrap closures that throw `Failure`, so the
    /// cast succeeds; anything else is reported rather than trapping.
    init(closureError error: any Error) {
        if let typed = error as? Failure {
            self = .answered(.failure(typed))
        } else {
            self = .failed(.answerThrewForeignError(String(describing: error)))
        }
    }
}

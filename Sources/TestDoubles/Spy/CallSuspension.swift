import TestSupportCore

/// Holds a spy's asynchronous calls in flight until the test releases them, so the test can look at
/// the code under test mid-call.
///
/// No sleeps, no yields-and-hope.
///
/// Get one from ``MethodSpy/suspendCalls()``. Every asynchronous call that arrives while it is
/// held is recorded, then suspends; ``release()`` lets them all carry on with the spy's
/// configured answer (which the test may still change while they wait), and later calls pass
/// straight through.
///
/// ```swift
/// @Test("isLoading is true while the fetch is in flight")
/// @MainActor func showsLoading() async {
///     let repository = BookRepositoryStub()
///     let viewModel = BookListViewModel(repository: repository)
///     repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
///     let fetch = repository.fetchPageSpy.suspendCalls()
///     let load = Task { await viewModel.load() }
///
///     await fetch.waitUntilSuspended()
///     #expect(viewModel.isLoading)
///
///     fetch.release()
///     await load.value
///     #expect(!viewModel.isLoading)
/// }
/// ```
///
/// A cancelled call stops waiting and carries on at once. A synchronous call cannot be held:
/// it reports a failure and is answered straight away.
public final class CallSuspension: Sendable {
    private struct State {
        var isReleased = false
        var nextID: UInt64 = 0
        var parked: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var cancelledBeforeParking: Set<UInt64> = []
    }

    /// The name of the suspended method, for failure messages.
    public let method: String
    private let state = Locked(State())
    private let arrivals = EventCounter()

    init(method: String) {
        self.method = method
    }

    /// Whether the suspension has been released.
    ///
    /// It becomes `true` when ``release()`` is called.
    public var isReleased: Bool { state.withLock { $0.isReleased } }

    /// How many calls are held right now.
    public var suspendedCallCount: Int { state.withLock { $0.parked.count } }

    /// Waits until a number of calls in all have suspended here, and reports a failure if that does
    /// not happen within the timeout.
    ///
    /// It resumes the moment the last call arrives; the failure is reported at the caller's line.
    ///
    /// - Parameters:
    ///   - calls: How many suspended calls to wait for, counted since the suspension began.
    ///   - timeout: How long to wait before failing. Success never waits for it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` when the calls arrived; `false` after reporting a timeout.
    @discardableResult
    public func waitUntilSuspended(
        calls: Int = 1,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if await arrivals.wait(for: calls, timeout: timeout) { return true }
        let arrived = arrivals.count
        FailureReporter.report(
            "Timed out after \(timeout.text) waiting for \(calls) \(calls == 1 ? "call" : "calls") to "
                + "\(method) to suspend; \(arrived) suspended. Is the code under test calling it from an async context?",
            at: site
        )
        return false
    }

    /// Lets every held call carry on, and every later call pass straight through.
    public func release() {
        let parked = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isReleased = true
            let parked = Array(state.parked.values)
            state.parked = [:]
            return parked
        }
        for continuation in parked { continuation.resume() }
    }

    /// Suspends the calling task until ``release()``, unless released already or cancelled.
    @usableFromInline
    func hold() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let parked = state.withLock { state -> Bool in
                    if state.isReleased || state.cancelledBeforeParking.remove(id) != nil { return false }
                    state.parked[id] = continuation
                    return true
                }
                if parked {
                    arrivals.increment()
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let continuation = state.parked.removeValue(forKey: id) { return continuation }
                state.cancelledBeforeParking.insert(id)
                return nil
            }
            continuation?.resume()
        }
    }
}

import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

enum RecordingStoreTestAction: Equatable, Sendable {
    case increment
    case add(Int)
    case named(String)
}

struct RecordingStoreTestState: Equatable, Sendable {
    var total = 0

    @Sendable
    static func reduce(_ state: inout RecordingStoreTestState, _ action: RecordingStoreTestAction) {
        switch action {
        case .increment: state.total += 1
        case let .add(amount): state.total += amount
        case .named: break
        }
    }
}

/// Existential actions, as in stores whose actions are `any Action`.
protocol RecordingStoreTestAnyAction: Sendable {}
struct RecordingStoreTestLoad: RecordingStoreTestAnyAction, Equatable { let page: Int }
struct RecordingStoreTestCancel: RecordingStoreTestAnyAction {}

/// A store protocol an app would declare.
protocol RecordingStoreTestDispatching: Sendable {
    func dispatch(_ action: RecordingStoreTestAction)
}

extension RecordingStore: RecordingStoreTestDispatching where Action == RecordingStoreTestAction {}

enum RecordingStoreTestEnvironment {
    struct Discarding: RecordingStoreTestDispatching {
        func dispatch(_ action: RecordingStoreTestAction) {}
    }

    @TaskLocal static var store: any RecordingStoreTestDispatching = Discarding()
}

typealias RecordingTestStore = RecordingStore<RecordingStoreTestAction, RecordingStoreTestState>

@Suite("RecordingStore recording")
struct RecordingStoreRecordingTests {
    @Test("dispatchedActions lists the actions in dispatch order")
    func recordsActionsInOrder() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        store.dispatch(.add(2))
        store.dispatch(.increment)

        #expect(store.dispatchedActions == [.add(2), .increment])
        #expect(store.dispatchedActions.last == .increment)
    }

    @Test("without a reducer the state stays as it was")
    func stateStaysWithoutReducer() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(total: 5))

        store.dispatch(.add(2))

        #expect(store.state == RecordingStoreTestState(total: 5))
    }

    @Test("a reducer changes the state for each action")
    func reducerChangesState() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(), reducer: RecordingStoreTestState.reduce)

        store.dispatch(.add(2))
        store.dispatch(.increment)

        #expect(store.state.total == 3)
    }

    @Test("actions(ofType:) keeps the actions of one type")
    func actionsOfTypeFilters() {
        let store = RecordingStore<any RecordingStoreTestAnyAction, Void>()

        store.dispatch(RecordingStoreTestLoad(page: 1))
        store.dispatch(RecordingStoreTestCancel())
        store.dispatch(RecordingStoreTestLoad(page: 2))

        #expect(store.actions(ofType: RecordingStoreTestLoad.self) == [RecordingStoreTestLoad(page: 1), RecordingStoreTestLoad(page: 2)])
    }

    @Test("clearRecorded forgets the actions and keeps the state")
    func clearDispatchedActionsKeepsState() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(total: 1), reducer: RecordingStoreTestState.reduce)
        store.dispatch(.add(5))

        store.clearRecorded()

        #expect(store.dispatchedActions.isEmpty)
        #expect(store.state.total == 6)
    }

    @Test("reset forgets the actions and restores the initial state")
    func resetRestores() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(total: 1), reducer: RecordingStoreTestState.reduce)
        store.dispatch(.add(5))

        store.reset()

        #expect(store.dispatchedActions.isEmpty)
        #expect(store.state.total == 1)
    }

    @Test("8 tasks dispatching 1,000 actions each are all recorded and reduced")
    func concurrentDispatchesAreAllHandled() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(), reducer: RecordingStoreTestState.reduce)

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { store.dispatch(.increment) } }
            }
        }
        await store.waitForActions(8_000)

        #expect(store.dispatchedActions.count == 8_000)
        #expect(store.state.total == 8_000)
    }
}

@Suite("RecordingStore callbacks")
struct RecordingStoreCallbackTests {
    @Test("onDispatch callbacks get each action with the state after it")
    func callbacksGetActionAndState() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(), reducer: RecordingStoreTestState.reduce)
        let seen = Locked<[Int]>([])
        store.onDispatch { _, state in seen.withLock { $0.append(state.total) } }

        store.dispatch(.add(2))
        store.dispatch(.add(3))

        #expect(seen.value == [2, 5])
    }

    @Test("a callback that dispatches again does not deadlock; its action is handled next")
    func reentrantCallbackIsQueued() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(), reducer: RecordingStoreTestState.reduce)
        store.onDispatch { action, _ in
            if action == .named("refresh") { store.dispatch(.add(10)) }
        }

        store.dispatch(.named("refresh"))
        store.dispatch(.increment)

        #expect(store.dispatchedActions == [.named("refresh"), .add(10), .increment])
        #expect(store.state.total == 11)
    }

    @Test("a callback may read the store")
    func callbackMayReadStore() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        let counts = Locked<[Int]>([])
        store.onDispatch { _, _ in counts.withLock { $0.append(store.dispatchedActions.count) } }

        store.dispatch(.increment)

        #expect(counts.value == [1])
    }
}

@Suite("RecordingStore.waitForActions")
struct RecordingStoreWaitTests {
    @Test("waitForActions resumes when actions dispatched from another task arrive")
    func waitResumesOnDispatch() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        Task.detached {
            store.dispatch(.increment)
            store.dispatch(.add(2))
        }
        let actions = await store.waitForActions(2)

        #expect(actions == [.increment, .add(2)])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForActions reports a timeout with the actions dispatched")
    func waitReportsTimeout() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.increment)

        let line = #line + 2
        let failures = await FailureReporter.collectFailures {
            await store.waitForActions(2, timeout: .zero)
        }

        #expect(
            failures.map(\.message) == [
                "Timed out after 0 s waiting for 2 dispatched actions; 1 dispatched:\n  #1 increment"
            ])
        #expect(failures.map(\.location.line) == [line])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForActions reports its timeout through Swift Testing at the caller's line")
    func waitReportsThroughSwiftTesting() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        await withKnownIssue {
            await store.waitForActions(1, timeout: .zero)
        } matching: { issue in
            issue.isFailure(containing: "Timed out after 0 s waiting for 1 dispatched action; 0 dispatched", line: #line - 2)
        }
    }
}

@Suite("RecordingStore.expectDispatched")
struct RecordingStoreVerificationTests {
    @Test("expectDispatched passes for the exact actions")
    func expectDispatchedPasses() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.increment)

        let failures = FailureReporter.collectFailures { store.expectDispatched([.increment]) }

        #expect(failures.isEmpty)
    }

    @Test("expectDispatched names each differing and missing action")
    func expectDispatchedReportsDifferences() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.add(1))

        let failures = FailureReporter.collectFailures { store.expectDispatched([.add(2), .increment]) }

        #expect(
            failures.map(\.message) == [
                "Expected 2 dispatched actions, got 1\n  action #1 differs:\n    expected add(2), got add(1)\n"
                    + "  action #2 missing: expected increment"
            ])
    }

    @Test("expectDispatched(count:) reports the count and lists the actions")
    func expectDispatchedCountReports() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.increment)

        let failures = FailureReporter.collectFailures { store.expectDispatched(count: 2) }

        #expect(failures.map(\.message) == ["Expected 2 dispatched actions, but 1 was dispatched:\n  #1 increment"])
    }
}

@Suite("RecordingStore.install(in:)")
struct RecordingStoreInstallationTests {
    @Test("install makes the store the task-local store inside the scope")
    func installReplacesInsideScope() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        store.install(in: RecordingStoreTestEnvironment.$store) {
            RecordingStoreTestEnvironment.store.dispatch(.increment)
        }

        #expect(store.dispatchedActions == [.increment])
    }

    @Test("install restores the previous store when the scope ends")
    func installRestoresAfterScope() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        store.install(in: RecordingStoreTestEnvironment.$store) {}
        RecordingStoreTestEnvironment.store.dispatch(.increment)

        #expect(store.dispatchedActions.isEmpty)
        #expect(RecordingStoreTestEnvironment.store is RecordingStoreTestEnvironment.Discarding)
    }

    @Test("child tasks see the installed store")
    func childTasksSeeInstalledStore() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        await store.install(in: RecordingStoreTestEnvironment.$store) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { RecordingStoreTestEnvironment.store.dispatch(.add(1)) }
                group.addTask { RecordingStoreTestEnvironment.store.dispatch(.add(1)) }
            }
        }

        #expect(store.dispatchedActions == [.add(1), .add(1)])
    }

    @Test("a store that does not conform to the slot is reported and the slot left unchanged")
    func nonConformingStoreIsReported() {
        let store = RecordingStore<String, Void>()
        var ranOperation = false

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            store.install(in: RecordingStoreTestEnvironment.$store) { ranOperation = true }
        }

        #expect(ranOperation)
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.hasPrefix(
                "Cannot install RecordingStore<String, ()> in a slot of type RecordingStoreTestDispatching: "
                    + "the store does not conform to it."
            ) == true)
    }
}

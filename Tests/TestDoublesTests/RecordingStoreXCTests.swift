import TestDoubles
import TestSupportTesting
import XCTest

final class RecordingStoreXCTests: FailureRecordingTestCase {
    @MainActor
    func test_waitForActions_whenActionsArrive_returnsThemInOrder() async {
        let store = RecordingTestStore(initialState: RecordingStoreTestState(), reducer: RecordingStoreTestState.reduce)

        Task.detached {
            store.dispatch(.add(2))
            store.dispatch(.increment)
        }
        let actions = await store.waitForActions(2)

        XCTAssertEqual(actions, [.add(2), .increment])
        XCTAssertEqual(store.state.total, 3)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    func test_waitForActions_whenTooFewArrive_reportsTimeoutAtCallerLine() async throws {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.increment)

        let line = #line + 1
        let failures = await capturingXCTestFailures { await store.waitForActions(3, timeout: .zero) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Timed out after 0 s waiting for 3 dispatched actions; 1 dispatched:\n  #1 increment"),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_expectDispatched_differentActions_reportsDiffAtCallerLine() throws {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())
        store.dispatch(.add(1))

        let line = #line + 1
        let failures = capturingXCTestFailures { store.expectDispatched([.add(2)]) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Expected other dispatched actions\n  action #1 differs:\n    expected add(2), got add(1)"),
            failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_install_insideScope_routesSharedStoreToRecordingStore() {
        let store = RecordingTestStore(initialState: RecordingStoreTestState())

        store.install(in: RecordingStoreTestEnvironment.$store) {
            RecordingStoreTestEnvironment.store.dispatch(.named("tap"))
        }
        RecordingStoreTestEnvironment.store.dispatch(.named("after"))

        XCTAssertEqual(store.dispatchedActions, [.named("tap")])
    }
}

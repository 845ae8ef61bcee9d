import TestDoubles

/// A protocol of an event-stream handler: callbacks across methods, one completion handler that
/// is not `@Sendable`, and a method with several arguments.
protocol SpyTestMailbox: AnyObject {
    func count() -> Int
    func move(identifier: Int, to folder: String, copy: Bool) -> Bool
    func load(id: Int, completion: @escaping (Result<String, SpyTestError>) -> Void)
}

/// A stub written the way generate-stubs writes one: unlabelled tuples named by the method, a
/// completion spy, and an initializer that hands the test's line to every spy.
final class SpyTestMailboxStub: SpyTestMailbox, SpyingStub {
    let countSpy = Spy<Void, Int>("count()", strictFallback: 0)
    let moveSpy = Spy<(Int, String, Bool), Bool>("move(identifier:to:copy:)", strictFallback: false)
    let loadSpy = CompletionSpy<Int, Result<String, SpyTestError>>("load(id:completion:)")

    init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let origin = StubOrigin(
            "SpyTestMailboxStub", isGenerated: true,
            fileID: fileID, filePath: filePath, line: line, column: column)
        countSpy.reportsUnansweredCalls(at: origin)
        moveSpy.reportsUnansweredCalls(at: origin)
        loadSpy.reportsUnansweredCalls(at: origin)
    }

    func count() -> Int { countSpy.call() }
    func move(identifier: Int, to folder: String, copy: Bool) -> Bool { moveSpy.call((identifier, folder, copy)) }
    func load(id: Int, completion: @escaping (Result<String, SpyTestError>) -> Void) { loadSpy.call(id, completion: completion) }
}

/// A main-actor delegate stub mixing main-actor and Sendable spies.
@MainActor
final class SpyTestDelegateStub: SpyingStub {
    let didShowSpy = MainActorSpy<SpyTestScreen, Void>("didShow(_:)")
    let didPickSpy = MainActorCompletionSpy<String, SpyTestScreen>("didPick(_:completion:)")
    let didLogSpy = Spy<String, Void>("didLog(_:)")

    func didShow(_ screen: SpyTestScreen) { didShowSpy.call(screen) }
    func didPick(_ title: String, completion: @escaping (SpyTestScreen) -> Void) { didPickSpy.call(title, completion: completion) }
    func didLog(_ message: String) { didLogSpy.call(message) }
}

/// A class that keeps what a completion handler gave it: the non-Sendable state a view model
/// captures in its handlers.
final class SpyTestLoadResults {
    var received: [Result<String, SpyTestError>] = []
}

/// A stub that conforms to SpyingStub but keeps no spy, by mistake.
final class SpyTestEmptyStub: SpyingStub {
    let title = "no spies here"
}

/// A subclass whose spies live partly in its superclass.
class SpyTestBaseStub {
    let openSpy = Spy<String, Void>("open(_:)")
}

final class SpyTestDerivedStub: SpyTestBaseStub, SpyingStub, @unchecked Sendable {
    // @unchecked Sendable: only `let` spies, which are Sendable.
    let closeSpy = Spy<Void, Void>("close()")
}

import TestDoubles

/// A route with an associated value, for several-argument spies.
enum SpyTestRoute: Equatable, Sendable {
    case list
    case detail(Int)
}

/// A stub whose spies have no names and use both default answers and strict fallbacks.
final class SpyTestNavigatorStub: Sendable {
    let titlesSpy = Spy<Void, [String]>(defaultAnswer: [])
    let ratingSpy = Spy<String, Int>(strictFallback: 0)
    let navigateSpy = Spy<(SpyTestRoute, Bool), Void>()

    func titles() -> [String] { titlesSpy.call() }
    func rating(for title: String) -> Int { ratingSpy.call(title) }
    func navigate(to route: SpyTestRoute, animated: Bool) { navigateSpy.call((route, animated)) }
}

/// A non-Sendable value, like a view controller or a coordinator.
final class SpyTestScreen {
    var title: String

    init(title: String) {
        self.title = title
    }
}

/// A main-actor stub whose spies hold non-Sendable values.
@MainActor
final class SpyTestRouterStub {
    let presentSpy = MainActorSpy<SpyTestScreen, Void>()
    let makeScreenSpy = MainActorSpy<String, SpyTestScreen>(strictFallback: SpyTestScreen(title: "fallback"))
    let showSpy = MainActorSpy<(SpyTestRoute, Bool), Void>()

    func present(_ screen: SpyTestScreen) { presentSpy.call(screen) }
    func makeScreen(named name: String) -> SpyTestScreen { makeScreenSpy.call(name) }
    func show(_ route: SpyTestRoute, animated: Bool) { showSpy.call((route, animated)) }
}

/// Class actions, as Redux-style apps often use: not Equatable.
protocol SpyTestAction: Sendable {}

final class SpyTestLoadPage: SpyTestAction {
    let page: Int

    init(page: Int) {
        self.page = page
    }
}

final class SpyTestRefresh: SpyTestAction {}

// Protocols with values that are not Sendable: views, delegates, `Any` payloads, non-Sendable
// existentials and closures.

/// A view's delegate, told about taps.
public protocol FixtureViewDelegate: AnyObject {
    /// The view was tapped.
    func viewDidTap(_ view: FixtureView)
    /// An item of the view was selected.
    func view(_ view: FixtureView, didSelectItemAt index: Int)
}

/// A main-actor coordinator that starts from a view.
@MainActor
public protocol Coordinator: AnyObject {
    /// The coordinators started by this one.
    var children: [any Coordinator] { get set }
    /// Starts the flow from a view.
    func start(from view: FixtureView)
    /// Ends the flow.
    func finish()
}

/// Something that holds a weak-style delegate.
public protocol DelegateHolding: AnyObject {
    /// The delegate told about taps.
    var delegate: (any FixtureViewDelegate)? { get set }
}

/// Analytics with an untyped payload.
public protocol AnalyticsTracking: Sendable {
    /// Tracks an event with a payload of any values.
    func track(_ event: String, payload: [String: Any])
}

/// Something that renders itself.
public protocol Renderable {
    /// The rendered text.
    func render() -> String
}

/// Makes renderers, returned as a non-Sendable existential.
public protocol RendererMaking {
    /// A new renderer.
    func makeRenderer() -> any Renderable
}

/// Presents views on the main actor.
@MainActor
public protocol ViewPresenting {
    /// Presents a view.
    func present(_ view: FixtureView, animated: Bool) async
    /// The view on top, if any.
    func topView() -> FixtureView?
}

/// A callback API from before Swift concurrency: its closure is not Sendable.
public protocol LegacyCallbackAPI {
    /// Fetches a value and calls back.
    func fetch(completion: @escaping (Result<String, ServiceError>) -> Void)
}

/// User info of any values.
public protocol UserInfoStoring: AnyObject {
    /// The user info.
    var userInfo: [String: Any] { get set }
}

/// A cache of objects.
public protocol ObjectCaching: AnyObject {
    /// The object for a key.
    func object(forKey key: String) -> AnyObject?
    /// Stores an object.
    func setObject(_ object: AnyObject, forKey key: String)
}

/// A Sendable protocol that returns a view: a spy that crosses threads cannot keep one.
public protocol ViewFactory: Sendable {
    /// Makes a view.
    func makeView() -> FixtureView
}

/// A main-actor picker whose completion handler receives a view.
@MainActor
public protocol ViewPicking {
    /// Lets the user pick one of the views, then calls back with it, or with nothing when cancelled.
    func pickView(from views: [FixtureView], completion: @escaping (FixtureView?) -> Void)
}

/// A Sendable protocol whose completion handler receives a payload of any values.
public protocol PayloadFetching: Sendable {
    /// Fetches a payload and calls back with it.
    func fetchPayload(completion: @escaping @Sendable ([String: Any]) -> Void)
}

/// The completion handler of one call, kept by its spy until the test completes it.
@usableFromInline
struct HeldCompletion<Output>: @unchecked Sendable {
    // @unchecked Sendable: the handler need not be `@Sendable`. It is stored and taken out only
    // under the spies' lock (or on the main actor, for a main-actor spy), and called once, outside
    // the lock, by the task that completes it: the code under test handed it over as it hands
    // it to a real service, which calls it back from a thread of its own.
    /// The call's number, from 1, for failure messages.
    let callNumber: Int
    let complete: (Output) -> Void

    @usableFromInline
    init(callNumber: Int, complete: @escaping (Output) -> Void) {
        self.callNumber = callNumber
        self.complete = complete
    }
}

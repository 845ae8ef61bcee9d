/// The completion handler of one call, kept by its spy until the test completes it.
struct HeldCompletion<Output>: @unchecked Sendable {
    // @unchecked Sendable: the handler need not be `@Sendable`. It is stored and taken out only
    // under the spy's lock (or on the main actor, for a main-actor spy), and called once, outside
    // the lock, by the task that completes it: the code under test handed it over as it hands
    // it to a real service, which calls it back from a thread of its own.
    let complete: (Output) -> Void

    /// Keeps a handler of a completion spy, which completes with a value and never with `nil`.
    init<Value>(_ completion: @escaping (Value) -> Void) where Output == Value? {
        self.complete = { output in if let value = output { completion(value) } }
    }
}

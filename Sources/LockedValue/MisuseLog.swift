/// The misuses a double recorded, oldest first, under a lock of its own: the one way the
/// production-safe doubles keep what the real thing would have rejected.
///
/// A double records each misuse as it happens (and hands it to its `onMisuse` handler, if it was
/// given one); the test-side `expectNoMisuse()` takes them all, so each is reported once.
package final class MisuseLog<Misuse: Sendable>: Sendable {
    private let records = Locked<[Misuse]>([])
    private let onRecord: (@Sendable (Misuse) -> Void)?

    /// Creates an empty log.
    ///
    /// - Parameter onRecord: Called with each misuse as it is recorded, outside the lock, on the
    ///   thread that made it.
    package init(onRecord: (@Sendable (Misuse) -> Void)? = nil) {
        self.onRecord = onRecord
    }

    /// The misuses recorded and not yet taken, oldest first.
    package var all: [Misuse] { records.value }

    /// Records one misuse, then hands it to the handler.
    ///
    /// - Parameter misuse: What was misused, and how.
    package func record(_ misuse: Misuse) {
        records.withLock { $0.append(misuse) }
        onRecord?(misuse)
    }

    /// Returns the misuses and forgets them, so each is reported once.
    ///
    /// - Returns: The misuses recorded since the last call.
    package func take() -> [Misuse] {
        records.exchange([])
    }
}

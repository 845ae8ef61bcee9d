import TestSupportCore

/// The one lock every spy records its calls under, holding the ordinal that orders calls across
/// spies for `expectInOrder`.
///
/// One lock for all spies makes a call cost a single lock acquisition: the ordinal comes free
/// with the lock that guards the spy's own records, where a per-spy lock would need a second,
/// process-wide one for the ordinal. Stdlib atomics (`Synchronization.Atomic`) would be cheaper
/// but need iOS 18. The lock guards no test's data of its own, only a counter; the sections run
/// under it are a few array appends long and never call user code, so parallel tests sharing
/// it only wait for each other for nanoseconds. Other tests' calls leave gaps between one
/// test's ordinals, which is harmless: only their relative order matters.
@usableFromInline
enum DoublesSpyLock {
    /// The ordinal of the most recent call; read and bumped under the lock.
    @usableFromInline
    static let shared = Locked<UInt64>(0)
}

import TestSupportCore

/// The one order all spies share: every call, of any spy, takes the next number, so a stub's
/// record (`expectInOrder`, `expectNoOtherCalls`) merges its spies' calls in the order they were
/// made.
///
/// A process-wide counter that holds no test's data: other tests' calls only leave gaps between
/// one test's numbers, which is harmless, since only their relative order matters. A
/// ``MethodSpy`` takes its number inside its own lock, so within one spy the numbers rise with
/// the calls; this lock is taken last and around nothing else, so the two cannot deadlock.
/// Stdlib atomics (`Synchronization.Atomic`) would be cheaper but need iOS 18.
@usableFromInline
enum SpyCallOrdinal {
    private static let last = Locked<UInt64>(0)

    /// The next number in the shared order.
    @usableFromInline
    static func next() -> UInt64 {
        last.withLock { last in
            last &+= 1
            return last
        }
    }
}

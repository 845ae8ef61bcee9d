// The unimplemented doubles' earlier name for reporting uses made on other threads, kept so that
// code written against it still builds with a fix-it.

extension UnimplementedDispatchQueue {
    /// Reports uses made on other threads; renamed.
    ///
    /// Renamed `expectNotUsed()`, which reports them on the calling task.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

extension UnimplementedKeychain {
    /// Reports uses made on other threads; renamed.
    ///
    /// Renamed `expectNotUsed()`, which reports them on the calling task.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

extension UnimplementedKeyValueStore {
    /// Reports uses made on other threads; renamed.
    ///
    /// Renamed `expectNotUsed()`, which reports them on the calling task.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension UnimplementedClock {
    /// Reports uses made on other threads; renamed.
    ///
    /// Renamed `expectNotUsed()`, which reports them on the calling task.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

// The unimplemented doubles' earlier name for reporting uses made on other threads, kept so that
// code written against it still builds with a fix-it.

extension UnimplementedDispatchQueue {
    /// Reports, on the calling task, uses made on other threads; renamed `expectNotUsed()`.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

extension UnimplementedKeychain {
    /// Reports, on the calling task, uses made on other threads; renamed `expectNotUsed()`.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

extension UnimplementedKeyValueStore {
    /// Reports, on the calling task, uses made on other threads; renamed `expectNotUsed()`.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension UnimplementedClock {
    /// Reports, on the calling task, uses made on other threads; renamed `expectNotUsed()`.
    @available(*, deprecated, renamed: "expectNotUsed()")
    public func flush() { expectNotUsed() }
}
